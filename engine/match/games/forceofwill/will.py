"""Will (907, 1003) and calling a magic stone (710)."""

from __future__ import annotations

from engine.match.apply import HandlerResult, move_cards, refuse
from engine.match.events import Event
from engine.match.games.forceofwill.actions import (
    CallStone,
    PayWill,
    Produce,
)
from engine.match.games.forceofwill.board import (
    RECOVER,
    REST,
    controlled_since,
    field_ids,
    is_jresonator,
    jrulers,
    mention,
    name_of,
    need_main_timing,
    own_card,
    pay_from_pool,
    player_value,
    pool_of,
    ref_of,
    slot_holding,
    with_card,
)
from engine.match.games.forceofwill.spec import (
    attributes,
    card_type,
    has_keyword,
    will_choices,
)
from engine.match.state import Board, MatchState


def _call_stone(state: MatchState, action: CallStone) -> HandlerResult:
    """710.1: rest the ruler or J-ruler, put the top card of the magic stone deck into the field."""
    actor = action.actor
    board = state.board
    match = state.match
    need_main_timing(state, actor, "call a magic stone")
    if board.data("called"):
        refuse("You have already called a magic stone this turn (710.1).")
    if board.data("judged"):
        refuse("You can't call a magic stone in a turn you played a judgment process (710.1).")
    if action.ruler is not None:
        _, ruler = own_card(state, action.ruler, actor, ("ruler_area", "field"), "The ruler you rest")
        if match.slot_spec[slot_holding(board, ruler)].name == "field" and ruler not in jrulers(board):
            refuse("Only your ruler or J-ruler can be rested to call a magic stone (710.1).")
    else:
        area = board.zones[match.slot_of[("ruler_area", actor)]]
        mine = [
            c for c in field_ids(state, board) if c in jrulers(board) and board.cards[c].controller == actor
        ]
        choices = [c for c in (*area, *mine) if board.cards[c].orientation == RECOVER]
        if not choices:
            refuse("Your ruler or J-ruler must be recovered to call a magic stone (710.1).")
        ruler = choices[0]
    card = board.cards[ruler]
    if card.orientation != RECOVER:
        refuse(f"{name_of(state, ruler)} is rested: calling a magic stone rests a recovered ruler (710.1).")
    if not card.face_up:
        refuse("A ruler under contract can't be rested to call a magic stone (710.1a).")
    stones = match.slot_of[("stone_deck", actor)]
    if not board.zones[stones]:
        refuse("Your magic stone deck is empty.")
    rested = with_card(board, ruler, orientation=REST)
    stone = board.zones[stones][0]
    new, moved = move_cards(
        state, rested, actor, [(stones, stone)], match.slot_of[("field", None)], face="up"
    )
    new = new.with_data(called=True)
    event = Event("fow_call", actor, (mention(state, board, ruler), moved.cards[0]))
    return new, [event], None


def _produce(state: MatchState, action: Produce) -> HandlerResult:
    """907, 202.4e: rest recovered cards, each for its own will ability (:func:`_card_will`), to
    produce their will; 1119.2: banish the will coin token."""
    actor = action.actor
    board = state.board
    match = state.match
    if action.coin == bool(action.cards):
        refuse("Produce will either from cards (cards) or from your will coin (coin), one of them.")
    produced: list[str] = []
    mentions: list[tuple[int, int]] = []
    if action.coin:
        coins = player_value(state, board, actor, "will_coins")
        if coins <= 0:
            refuse("You have no will coin token (1119.2).")
        # 1119.2: your rulers' attributes, also while a ruler is in the field as a J-ruler (its card
        # data gives the ruler side's attribute); 1119.2a: void for a ruler whose card data shows no
        # attribute. Without card data (no type, no attribute) the player names the will.
        known: set[str] = set()
        owned_jrulers = [c for c in sorted(jrulers(board)) if board.cards[c].owner == actor]
        for card_id in (*board.zones[match.slot_of[("ruler_area", actor)]], *owned_jrulers):
            ref = ref_of(state, board, card_id)
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
        index = list(match.spec.player_values).index("will_coins")
        values = [list(row) for row in board.values]
        values[actor][index] = coins - 1
        board = board.evolve(values=tuple(tuple(row) for row in values))
        produced.append(str(will))
    else:
        picked = [own_card(state, at, actor, ("field",), "A card producing will")[1] for at in action.cards]
        if len(set(picked)) != len(picked):
            refuse("The same card is chosen twice.")
        for card_id in picked:
            if board.cards[card_id].orientation != RECOVER:
                refuse(f"{name_of(state, card_id)} is rested; only a recovered card can be rested (1013.3).")
            mentions.append(mention(state, board, card_id))
            produced += _card_will(state, board, card_id, action)
            board = with_card(board, card_id, orientation=REST)
    pools = pool_of(board)
    pools[actor] += produced
    board = board.with_data(pool=pools)
    data = {"will": produced, "coin": action.coin}
    return board, [Event("fow_produce", actor, tuple(mentions), data)], None


def _card_will(state: MatchState, board: Board, card_id: int, action: Produce) -> list[str]:
    """The will one card's will ability with [Rest] in its cost produces (907). With card data: a
    magic stone's ``will`` stat (202.4e; none, 202.4d), else its attribute; another card's ``will`` stat
    (907.1) unless the ability is ``granted`` by an effect; a J/resonator must have been under its
    controller's control since the start of the turn, unless [Swiftness] (905.3, 1108.2). Without card
    data (no type) the card produces the named ``will``, by default its single attribute."""
    name = name_of(state, card_id)
    ref = ref_of(state, board, card_id)
    kind = card_type(ref)
    swift = action.swiftness or has_keyword(ref, "swiftness")
    new_here = card_id not in controlled_since(board, action.actor)
    if new_here and not swift and is_jresonator(state, board, card_id):
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
    board = pay_from_pool(state.board, action.actor, action.will)
    return board, [Event("fow_pay", action.actor, (), {"will": list(action.will)})], None


HANDLERS = ((CallStone, _call_stone), (Produce, _produce), (PayWill, _pay_will))
