"""Will (907, 1003) and calling a magic stone (710)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.match.actions import CardAt
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
    main_timing_problem,
    owned,
    pay_from_pool,
    player_value,
    pool_of,
)
from engine.match.games.forceofwill.spec import (
    attributes,
    card_type,
    has_keyword,
    will_choices,
)
from engine.match.state import MatchState


def call_problem(state: MatchState, actor: int, ruler_at: CardAt | None) -> str | None:
    """Why ``actor`` may not call a magic stone now by resting the ruler or J-ruler at ``ruler_at``
    (default :func:`caller`): 710.1, at main timing, once a turn, not in a turn with a judgment, a
    recovered ruler or J-ruler, face up (710.1a), and a magic stone deck that is not empty."""
    problem = main_timing_problem(state, actor)
    if problem:
        return f"You can't call a magic stone now: {problem}."
    board = state.board
    if board.data("called"):
        return "You have already called a magic stone this turn (710.1)."
    if board.data("judged"):
        return "You can't call a magic stone in a turn you played a judgment process (710.1)."
    ruler = caller(state, actor, ruler_at)
    if isinstance(ruler, str):
        return ruler
    card = board.cards[ruler]
    if card.orientation != RECOVER:
        return f"{state.ref(ruler).name} is rested: calling a magic stone rests a recovered ruler (710.1)."
    if not card.face_up:
        return "A ruler under contract can't be rested to call a magic stone (710.1a)."
    if not state.zone("stone_deck", actor):
        return "Your magic stone deck is empty."
    return None


def caller(state: MatchState, actor: int, ruler_at: CardAt | None) -> int | str:
    """The ruler or J-ruler a call rests: the one at ``ruler_at``, else the first recovered one (ruler
    area first); or why there is none (710.1)."""
    board = state.board
    if ruler_at is not None:
        found = owned(state, ruler_at, actor, ("ruler_area", "field"), "The ruler you rest")
        if isinstance(found, str):
            return found
        slot, ruler = found
        if state.match.slot_spec[slot].name == "field" and ruler not in jrulers(board):
            return "Only your ruler or J-ruler can be rested to call a magic stone (710.1)."
        return ruler
    field = state.zone("field", None)
    mine = [c for c in field if c in jrulers(board) and board.cards[c].controller == actor]
    choices = [c for c in (*state.zone("ruler_area", actor), *mine) if board.cards[c].orientation == RECOVER]
    if not choices:
        return "Your ruler or J-ruler must be recovered to call a magic stone (710.1)."
    return choices[0]


def _call_stone(state: MatchState, action: CallStone) -> HandlerResult:
    """710.1: rest the ruler or J-ruler, put the top card of the magic stone deck into the field
    (:func:`call_problem`)."""
    work = FowWork(state, action)
    actor = action.actor
    problem = call_problem(state, actor, action.ruler)
    if problem:
        refuse(problem)
    ruler = caller(state, actor, action.ruler)
    assert isinstance(ruler, int)
    work.orient([ruler], REST)
    work.move(actor, [work.ids("stone_deck", actor)[0]], "field", face="up")
    moved = work.events.pop()  # the call's own line names the stone as the move saw it
    work.set(called=True)
    work.events.append(Event("fow_call", actor, (work.mention(ruler), moved.cards[0])))
    return work.handled()


def coin_wills(state: MatchState, actor: int) -> tuple[list[str], bool]:
    """What the actor's will coin may produce (1119.2): one of their rulers' attributes, also while a
    ruler is in the field as a J-ruler (its card data gives the ruler side's attribute); void for a
    ruler whose card data shows no attribute (1119.2a). Returns the choices and whether the card data
    decides them: without card data (no type, no attribute) the player names the will (void by
    default)."""
    board = state.board
    known: set[str] = set()
    owned_jrulers = [c for c in sorted(jrulers(board)) if board.cards[c].owner == actor]
    for card_id in (*state.zone("ruler_area", actor), *owned_jrulers):
        ref = state.ref(card_id)
        known.update(attributes(ref) or (["void"] if card_type(ref) is not None else []))
    return (sorted(known) or ["void"]), bool(known)


def coin_problem(state: MatchState, actor: int, will: str | None) -> str | None:
    """Why the actor's will coin may not produce ``will`` (None: the only choice) now (1119.2)."""
    if player_value(state, state.board, actor, "will_coins") <= 0:
        return "You have no will coin token (1119.2)."
    allowed, known = coin_wills(state, actor)
    if will is None and len(allowed) != 1:
        return f"Say which will your coin produces: one of {', '.join(allowed)} (1119.2)."
    if known and will is not None and will not in allowed:
        return (
            f"Your will coin produces one of your ruler's attributes: {', '.join(allowed)} "
            "(1119.2; void for a ruler without attribute, 1119.2a)."
        )
    return None


def _produce(state: MatchState, action: Produce) -> HandlerResult:
    """907, 202.4e: rest recovered cards, each for its own will ability (:func:`card_will`), to
    produce their will; 1119.2: banish the will coin token (:func:`coin_problem`)."""
    work = FowWork(state, action)
    actor = action.actor
    if action.coin == bool(action.cards):
        refuse("Produce will either from cards (cards) or from your will coin (coin), one of them.")
    produced: list[str] = []
    mentioned: list[int] = []
    if action.coin:
        problem = coin_problem(state, actor, action.will)
        if problem:
            refuse(problem)
        work.set_value(actor, "will_coins", work.value(actor, "will_coins") - 1)
        produced.append(str(action.will or coin_wills(state, actor)[0][0]))
    else:
        picked = _picked(work, actor, action.cards)
        for card_id in picked:
            will = card_will(
                state,
                actor,
                card_id,
                action.will,
                action.wills,
                granted=action.granted,
                swiftness=action.swiftness,
            )
            if isinstance(will, str):
                refuse(will)
            mentioned.append(card_id)
            produced += will
            work.orient([card_id], REST)
    pools = pool_of(work.board)
    pools[actor] += produced
    work.set(pool=pools)
    work.emit("fow_produce", actor, mentioned, will=produced, coin=action.coin)
    return work.handled()


def _picked(work: FowWork, actor: int, cards: Sequence[CardAt]) -> list[int]:
    """The cards at ``cards``, each one the actor controls in the field, none twice."""
    picked = [work.own_card(at, actor, ("field",), "A card producing will")[1] for at in cards]
    if len(set(picked)) != len(picked):
        refuse("The same card is chosen twice.")
    return picked


def rest_for_will(work: FowWork, actor: int, cards: Sequence[CardAt]) -> None:
    """907.2: while paying will, rest the cards at ``cards`` for their will abilities first, each one
    that definitely produces its will (its card data fixes it, :func:`card_will` without a named will),
    their will added to the actor's produced will, as :class:`.actions.Produce` does (logged as it).
    A card whose will is the player's to name is refused: that will is produced first, with Produce."""
    if not cards:
        return
    state = work.state
    produced: list[str] = []
    picked = _picked(work, actor, cards)
    for card_id in picked:
        will = card_will(state, actor, card_id)
        if isinstance(will, str):
            refuse(
                f"{will} Only a will ability that definitely produces its will is played while paying "
                "(907.2)."
            )
        produced += will
        work.orient([card_id], REST)
    pools = pool_of(work.board)
    pools[actor] += produced
    work.set(pool=pools)
    work.emit("fow_produce", actor, picked, will=produced, coin=False)


def definite_will(state: MatchState, seat: int, card_id: int) -> str | None:
    """The one will the card at ``card_id`` produces now by resting for its will ability when the
    card data fixes it (:func:`card_will` without a named will gives exactly one will), else None."""
    will = card_will(state, seat, card_id)
    return will[0] if isinstance(will, list) and len(will) == 1 else None


def card_will(
    state: MatchState,
    actor: int,
    card_id: int,
    will: str | None = None,
    wills: Sequence[str] = (),
    *,
    granted: bool = False,
    swiftness: bool = False,
) -> list[str] | str:
    """The will one recovered card's will ability with [Rest] in its cost produces (907), or why it
    can't. With card data: a magic stone's ``will`` stat (202.4e; none, 202.4d), else its attribute;
    another card's ``will`` stat (907.1) unless the ability is ``granted`` by an effect; a J/resonator
    must have been under its controller's control since the start of the turn, unless [Swiftness]
    (905.3, 1108.2). Without card data (no type) the card produces the named ``will``, by default its
    single attribute. The arguments are :class:`.actions.Produce`'s."""
    board = state.board
    ref = state.ref(card_id)
    name = ref.name
    if board.cards[card_id].orientation != RECOVER:
        return f"{name} is rested; only a recovered card can be rested (1013.3)."
    kind = card_type(ref)
    swift = swiftness or has_keyword(ref, "swiftness")
    new_here = card_id not in controlled_since(board, actor)
    if new_here and not swift and is_jresonator(state, board, card_id):
        return (
            f"{name} has not been under your control since the start of the turn: it can't use an "
            "ability with [Rest] in its cost without [Swiftness] (905.3, 1108.2)."
        )
    choices: list[tuple[str, ...]] | None = None
    if kind is not None and not granted:
        choices = will_choices(ref)
        if choices is None and kind == "magic stone":
            choices = [(a,) for a in attributes(ref)] or None
        elif choices is None:
            return (
                f"{name} is not a magic stone and its card data shows no will ability with [Rest] in its "
                "cost (907.1); if an effect gave it one, produce with granted and name the will."
            )
        elif not choices:
            return (
                f"{name} has no will ability (202.4d); if an effect gave it one, produce with granted and "
                "name the will."
            )
    elif kind is None and will is None:
        choices = [(a,) for a in attributes(ref)] or None
    named = tuple(wills) or ((will,) if will is not None else ())
    if choices is None or any("any" in choice for choice in choices):
        if not named:
            return f"Say which will {name} produces (907)."
        return list(named)
    options = " or ".join(" and ".join(choice) for choice in choices)
    if not named:
        if len(choices) > 1:
            return f"Say which will {name} produces: {options} (907)."
        return list(choices[0])
    exact = [choice for choice in choices if sorted(choice) == sorted(named)]
    matching = exact or ([choice for choice in choices if named[0] in choice] if not wills else [])
    if not matching:
        return f"{name} produces {options}, not {' and '.join(named)} (202.4e, 907)."
    return list(matching[0])


def _pay_will(state: MatchState, action: PayWill) -> HandlerResult:
    """1003: pay will from the produced will, all or nothing (1003.4)."""
    work = FowWork(state, action)
    work.board = pay_from_pool(work.board, action.actor, action.will)
    work.emit("fow_pay", action.actor, will=list(action.will))
    return work.handled()


HANDLERS = ((CallStone, _call_stone), (Produce, _produce), (PayWill, _pay_will))
