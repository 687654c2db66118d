"""Will (907, 1003) and calling a magic stone (710)."""

from __future__ import annotations

from engine.match.apply import HandlerResult, refuse
from engine.match.events import Event
from engine.match.games.forceofwill.actions import (
    CallStone,
    PayWill,
    Produce,
)
from engine.match.games.forceofwill.board import (
    RECOVER,
    REST,
    FowWork,
    controlled_since,
    is_jresonator,
    jrulers,
    need_main_timing,
    pay_from_pool,
    pool_of,
)
from engine.match.games.forceofwill.spec import (
    attributes,
    card_type,
    has_keyword,
    will_choices,
)
from engine.match.state import MatchState


def _call_stone(state: MatchState, action: CallStone) -> HandlerResult:
    """710.1: rest the ruler or J-ruler, put the top card of the magic stone deck into the field."""
    work = FowWork(state, action)
    actor = action.actor
    need_main_timing(state, actor, "call a magic stone")
    if work.data("called"):
        refuse("You have already called a magic stone this turn (710.1).")
    if work.data("judged"):
        refuse("You can't call a magic stone in a turn you played a judgment process (710.1).")
    if action.ruler is not None:
        _, ruler = work.own_card(action.ruler, actor, ("ruler_area", "field"), "The ruler you rest")
        if work.zone_of(ruler)[0] == "field" and ruler not in jrulers(work.board):
            refuse("Only your ruler or J-ruler can be rested to call a magic stone (710.1).")
    else:
        mine = [c for c in work.ids("field") if c in jrulers(work.board) and work.card(c).controller == actor]
        choices = [c for c in (*work.ids("ruler_area", actor), *mine) if work.card(c).orientation == RECOVER]
        if not choices:
            refuse("Your ruler or J-ruler must be recovered to call a magic stone (710.1).")
        ruler = choices[0]
    card = work.card(ruler)
    if card.orientation != RECOVER:
        refuse(f"{work.name_of(ruler)} is rested: calling a magic stone rests a recovered ruler (710.1).")
    if not card.face_up:
        refuse("A ruler under contract can't be rested to call a magic stone (710.1a).")
    stones = work.ids("stone_deck", actor)
    if not stones:
        refuse("Your magic stone deck is empty.")
    work.orient([ruler], REST)
    work.move(actor, [stones[0]], "field", face="up")
    moved = work.events.pop()  # the call's own line names the stone as the move saw it
    work.set(called=True)
    work.events.append(Event("fow_call", actor, (work.mention(ruler), moved.cards[0])))
    return work.handled()


def _produce(state: MatchState, action: Produce) -> HandlerResult:
    """907, 202.4e: rest recovered cards, each for its own will ability (:func:`_card_will`), to
    produce their will; 1119.2: banish the will coin token."""
    work = FowWork(state, action)
    actor = action.actor
    if action.coin == bool(action.cards):
        refuse("Produce will either from cards (cards) or from your will coin (coin), one of them.")
    produced: list[str] = []
    mentioned: list[int] = []
    if action.coin:
        coins = work.value(actor, "will_coins")
        if coins <= 0:
            refuse("You have no will coin token (1119.2).")
        # 1119.2: your rulers' attributes, also while a ruler is in the field as a J-ruler (its card
        # data gives the ruler side's attribute); 1119.2a: void for a ruler whose card data shows no
        # attribute. Without card data (no type, no attribute) the player names the will.
        known: set[str] = set()
        owned_jrulers = [c for c in sorted(jrulers(work.board)) if work.card(c).owner == actor]
        for card_id in (*work.ids("ruler_area", actor), *owned_jrulers):
            ref = work.ref(card_id)
            known.update(attributes(ref) or (["void"] if card_type(ref) is not None else []))
        allowed = sorted(known) or ["void"]
        will = action.will or (allowed[0] if len(allowed) == 1 else None)
        if will is None:
            refuse(f"Say which will your coin produces: one of {', '.join(allowed)} (1119.2).")
        if known and will not in known:
            refuse(
                f"Your will coin produces one of your ruler's attributes: {', '.join(allowed)} "
                "(1119.2; void for a ruler without attribute, 1119.2a)."
            )
        work.set_value(actor, "will_coins", coins - 1)
        produced.append(str(will))
    else:
        picked = [work.own_card(at, actor, ("field",), "A card producing will")[1] for at in action.cards]
        if len(set(picked)) != len(picked):
            refuse("The same card is chosen twice.")
        for card_id in picked:
            if work.card(card_id).orientation != RECOVER:
                refuse(f"{work.name_of(card_id)} is rested; only a recovered card can be rested (1013.3).")
            mentioned.append(card_id)
            produced += _card_will(work, card_id, action)
            work.orient([card_id], REST)
    pools = pool_of(work.board)
    pools[actor] += produced
    work.set(pool=pools)
    work.emit("fow_produce", actor, mentioned, will=produced, coin=action.coin)
    return work.handled()


def _card_will(work: FowWork, card_id: int, action: Produce) -> list[str]:
    """The will one card's will ability with [Rest] in its cost produces (907). With card data: a
    magic stone's ``will`` stat (202.4e; none, 202.4d), else its attribute; another card's ``will`` stat
    (907.1) unless the ability is ``granted`` by an effect; a J/resonator must have been under its
    controller's control since the start of the turn, unless [Swiftness] (905.3, 1108.2). Without card
    data (no type) the card produces the named ``will``, by default its single attribute."""
    name = work.name_of(card_id)
    ref = work.ref(card_id)
    kind = card_type(ref)
    swift = action.swiftness or has_keyword(ref, "swiftness")
    new_here = card_id not in controlled_since(work.board, action.actor)
    if new_here and not swift and is_jresonator(work.state, work.board, card_id):
        refuse(
            f"{name} has not been under your control since the start of the turn: it can't use an "
            "ability with [Rest] in its cost without [Swiftness] (905.3, 1108.2)."
        )
    choices: list[tuple[str, ...]] | None = None
    if kind is not None and not action.granted:
        choices = will_choices(ref)
        if choices is None and kind == "magic stone":
            choices = [(a,) for a in attributes(ref)] or None
        elif choices is None:
            refuse(
                f"{name} is not a magic stone and its card data shows no will ability with [Rest] in its "
                "cost (907.1); if an effect gave it one, produce with granted and name the will."
            )
        elif not choices:
            refuse(
                f"{name} has no will ability (202.4d); if an effect gave it one, produce with granted and "
                "name the will."
            )
    elif kind is None and action.will is None:
        choices = [(a,) for a in attributes(ref)] or None
    named = tuple(str(w) for w in action.wills) or ((str(action.will),) if action.will is not None else ())
    if choices is None or any("any" in choice for choice in choices):
        if not named:
            refuse(f"Say which will {name} produces (907).")
        return list(named)
    options = " or ".join(" and ".join(choice) for choice in choices)
    if not named:
        if len(choices) > 1:
            refuse(f"Say which will {name} produces: {options} (907).")
        return list(choices[0])
    exact = [choice for choice in choices if sorted(choice) == sorted(named)]
    matching = exact or ([choice for choice in choices if named[0] in choice] if not action.wills else [])
    if not matching:
        refuse(f"{name} produces {options}, not {' and '.join(named)} (202.4e, 907).")
    return list(matching[0])


def _pay_will(state: MatchState, action: PayWill) -> HandlerResult:
    """1003: pay will from the produced will, all or nothing (1003.4)."""
    work = FowWork(state, action)
    work.board = pay_from_pool(work.board, action.actor, action.will)
    work.emit("fow_pay", action.actor, will=list(action.will))
    return work.handled()


HANDLERS = ((CallStone, _call_stone), (Produce, _produce), (PayWill, _pay_will))
