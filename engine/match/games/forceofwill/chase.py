"""Playing cards and abilities onto the chase (903, 604), resolving its top when both players pass
in succession (605.1, 702.3, 703.3), and the judgment process (705)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from engine.match.actions import CardAt
from engine.match.apply import HandlerResult, pick, refuse
from engine.match.games.forceofwill.actions import (
    Judgment,
    Payment,
    PlayAbility,
    PlayCard,
    Resolve,
)
from engine.match.games.forceofwill.board import (
    RECOVER,
    Entry,
    FowWork,
    chase_entries,
    entry_controller,
    jrulers,
    main_timing_problem,
    owned,
    pay_from_pool,
)
from engine.match.games.forceofwill.spec import (
    ENTITY_TYPES,
    Cost,
    card_cost,
    card_type,
    has_jruler_side,
    has_keyword,
    judgment_cost,
)
from engine.match.games.forceofwill.will import rest_for_will
from engine.match.state import MatchState

_MAIN_TIMING_TYPES = ("resonator", "addition", "regalia", "rune")


def check_payment(what: str, cost: Cost | None, pay: Sequence[str], change: str | None) -> None:
    """903.2k-903.2l-1, 204.1: with the cost known from card data and no effect changing it (903.2k-1 to
    903.2k-4, declared as ``change``), the payment is the cost: one will of the symbol's attribute (or
    characteristic, kept as void) per will symbol of the specified cost (204.1a), then as many wills of
    any kind as the free cost (204.1b; an X free cost, any amount more); no more than the cost (1003.3).
    Only the number is checked when the card data gives the total cost alone (204.1c)."""
    if cost is None or change is not None:
        return
    printed = cost_text(cost)
    paid = ", ".join(pay) if pay else "nothing"
    named = Counter(w for w in pay if w != "any")
    missing: list[str] = []
    for will in cost.specified:
        if named[will] > 0:
            named[will] -= 1
        else:
            missing.append(will)
    if missing:
        refuse(
            f"{what} costs {printed} and you pay {paid}, without {', '.join(missing)} will for its "
            "specified cost: pay its cost or declare the effect changing it (903.2l-1, 204.1a)."
        )
    rest = len(pay) - len(cost.specified)
    if rest < cost.free:
        refuse(
            f"{what} costs {printed} and you pay {paid}: pay its cost or declare the effect changing it "
            "(903.2l-1, 204.1)."
        )
    if rest > cost.free and not cost.x:
        refuse(f"{what} costs {printed} and you pay {paid}: you pay its cost, no more (1003.3).")


def cost_text(cost: Cost) -> str:
    """The cost as players read it: printed (``{R}{1}``), or ``N will`` for a total cost alone."""
    return f"{cost.free} will" if cost.total_only else cost.text


def payment_words(pay: Sequence[str]) -> str:
    """A payment as a player reads it (1003): the wills named, then those of any kind (204.1b),
    "nothing" for none: ``fire, fire and 2 wills of any kind``."""
    named = [will for will in pay if will != "any"]
    free = len(pay) - len(named)
    parts = [", ".join(named)] if named else []
    if free:
        parts.append(f"{free} will{'s' if free > 1 else ''} of any kind")
    return " and ".join(parts) or "nothing"


def payment_data(cost: Cost | None, pay: Sequence[str], change: str | None) -> dict[str, Any]:
    """The payment as the log shows it: what was paid, with the printed cost and the declared cost
    change when one was declared (so a payment differing from the card data is shown next to it)."""
    data: dict[str, Any] = {"pay": list(pay)}
    if change is not None:
        data["change"] = change
        data["cost"] = None if cost is None else cost_text(cost)
    return data


def payments(cost: Cost | None, pool: Sequence[str], *, most: int = 32) -> list[tuple[Payment, ...]]:
    """The payments of ``cost`` the produced will ``pool`` allows that :func:`check_payment` accepts
    (903.2l-1, 204.1; 1003.4): the specified wills named, then ``any`` for each will of the free cost
    (204.1b), which the pool pays with what is left; one payment per value of X (0 upwards) for an X
    free cost. Without a cost in the card data, every distinct part of the pool (nothing included), up
    to ``most`` of them, smallest first: the cost is then the players' to check."""
    if cost is None:
        return pool_parts(pool, most)
    left = Counter(pool)
    named: list[Payment] = []
    for will in cost.specified:
        if not left[will]:
            return []
        left[will] -= 1
        named.append(cast(Payment, will))
    spare = sum(left.values()) - cost.free
    if spare < 0:
        return []
    extra = range(spare + 1) if cost.x else range(1)
    free: Payment = "any"
    return [(*named, *(free,) * (cost.free + more)) for more in extra][:most]


def will_lacking(pay: Sequence[str], pool: Sequence[str]) -> tuple[Counter[str], int]:
    """What the produced will ``pool`` lacks to pay ``pay`` (1003.4): the named wills it lacks, by
    kind, and how many wills it lacks in all (those and the free cost's, 204.1b). Cards producing one
    will each make it up when as many are rested, at least that many of each named kind (907.2)."""
    left = Counter(pool)
    short: Counter[str] = Counter()
    for will in pay:
        if will == "any":
            continue
        if left[will]:
            left[will] -= 1
        else:
            short[will] += 1
    free = sum(1 for will in pay if will == "any")
    return short, sum(short.values()) + max(0, free - sum(left.values()))


def pool_parts(pool: Sequence[str], most: int) -> list[tuple[Payment, ...]]:
    """Distinct parts of the pool (sub-multisets), smallest first, at most ``most`` with the whole pool
    always among them; for a pool with too many parts to list, nothing, one will of each kind and the
    whole pool."""
    counts = sorted(Counter(pool).items())
    size = 1
    for _, count in counts:
        size *= count + 1
    if size > 4096:
        found: set[tuple[Payment, ...]] = {(), tuple(cast(Payment, w) for w in sorted(pool))}
        found.update((cast(Payment, will),) for will, _ in counts)
    else:
        parts: list[tuple[Payment, ...]] = [()]
        for will, count in counts:
            parts = [(*part, *(cast(Payment, will),) * n) for part in parts for n in range(count + 1)]
        found = set(parts)
    listed = sorted(found, key=lambda part: (len(part), part))
    if len(listed) <= most:
        return listed
    return [*listed[: most - 1], listed[-1]]  # the whole pool is the one largest part


def play_problem(state: MatchState, actor: int, at: CardAt) -> str | None:
    """Why ``actor`` may not play the card at ``at`` now, payment aside (:func:`check_payment`):
    not a card of one of their own zones outside the field, ruler area and chase; a magic stone or
    ruler (202.2); main timing for resonators, additions, regalia, runes and chants (604.2, 701.2)
    unless [Quickcast] (1112.2) or a chant's [Trigger] (604.1, 1113). The engine's pick refuses a
    position the actor may not touch."""
    slot, card_id = pick(state, at, actor)
    match = state.match
    zone = match.slot_spec[slot].name
    if match.slot_player[slot] != actor:
        return "You can only play cards from your own zones."
    if zone in ("field", "ruler_area", "chase"):
        name = state.ref(card_id).name
        return f"{name} is already in the {match.slot_spec[slot].label}; it can't be played."
    ref = state.ref(card_id)
    kind = card_type(ref)
    if kind in ("magic stone", "ruler"):
        return f"A {kind} is not played as a spell (202.2)."
    any_priority = has_keyword(ref, "quickcast") or (kind == "chant" and has_keyword(ref, "trigger"))
    if not any_priority and kind in (*_MAIN_TIMING_TYPES, "chant"):
        # 604.2, 702.1, 703.1: main timing; 604.1: [Quickcast] cards and [Trigger] chants, any priority.
        without = "[Quickcast] or [Trigger]" if kind == "chant" else "[Quickcast]"
        problem = main_timing_problem(state, actor)
        if problem:
            return f"You can't play a {kind} without {without} now: {problem}."
    return None


def _play_card(state: MatchState, action: PlayCard) -> HandlerResult:
    """903.2: move the card to the chase (a spell, 312.3) and pay its cost, first resting the cards
    ``produce`` names for their will (907.2, :func:`.will.rest_for_will`); 604: when it may be played
    (:func:`play_problem`). Nothing changes unless all of it is done (903.2m)."""
    work = FowWork(state, action)
    actor = action.actor
    problem = play_problem(state, actor, action.card)
    if problem:
        refuse(problem)
    _, card_id = pick(state, action.card, actor)
    cost = card_cost(work.ref(card_id))
    check_payment(work.name_of(card_id), cost, action.pay, action.cost_change)
    rest_for_will(work, actor, action.produce)
    chase = chase_entries(work.board)
    work.board = pay_from_pool(work.board, actor, action.pay)
    data = payment_data(cost, action.pay, action.cost_change)
    work.move(actor, [card_id], "chase", kind="fow_play", position="top", face="up", **data)
    work.set(chase=[("card", card_id), *chase])
    return work.handled()


def _play_ability(state: MatchState, action: PlayAbility) -> HandlerResult:
    """903.2: an ability is played onto the chase and its cost paid (card text: its cost is not in the
    card data, 903.2k-2)."""
    work = FowWork(state, action)
    actor = action.actor
    sources: list[int] = []
    if action.source is not None:
        sources = [pick(state, action.source, actor)[1]]
    work.board = pay_from_pool(work.board, actor, action.pay)
    work.set(chase=[("ability", actor, action.text), *chase_entries(work.board)])
    work.emit("fow_ability", actor, sources, text=action.text, pay=list(action.pay))
    return work.handled()


def resolve_problem(state: MatchState, actor: int, to: str | None) -> str | None:
    """Why ``actor`` may not finish the resolution now (605.1): nothing is resolving, the object is
    the other player's to carry out, or a card whose card data gives no type needs ``to`` (702.3,
    703.3 say where a typed card goes)."""
    board = state.board
    entry = board.data("resolving")
    if entry is None:
        return (
            "Nothing on the chase is resolving; both players pass in succession to resolve its top (605.1)."
        )
    entry = tuple(entry)
    controller = entry_controller(board, entry)
    if actor != controller:
        return f"{state.match.players[controller]} carries out this object and finishes its resolution."
    if to is None and resolving_card(state) is not None and card_type(state.ref(entry[1])) is None:
        return f"Say where {state.ref(entry[1]).name} goes (to): the card data gives no type."
    return None


def resolving_card(state: MatchState) -> int | None:
    """The card being carried out, while it is still on the chase (a spell, 903.2f); None for an
    ability, or a card moved away while it resolved."""
    entry = state.board.data("resolving")
    if entry is None or entry[0] != "card":
        return None
    card_id = int(entry[1])
    return card_id if card_id in state.zone("chase", None) else None


def enters_alone(state: MatchState, viewer: int | None = None) -> bool:
    """Whether the object resolving needs nothing of its controller (605.1, 702.3): a card still on the
    chase, which ``viewer`` knows (face up on the chase: everyone does), a resonator, addition or regalia
    by its card data, whose text asks nothing as it enters (no ``enter_text``: 702.3b-c, an addition
    added to a J/resonator). It just enters the field; its [Enter] and other triggered abilities are
    new chase objects (702.3e, 906). A chant (703.3: its text is performed), an ability, a card without
    card data and one with such text are carried out by their controller, who then finishes them."""
    card_id = resolving_card(state)
    if card_id is None or not state.knows(viewer, card_id) or not state.board.cards[card_id].face_up:
        return False
    ref = state.ref(card_id)
    return card_type(ref) in ENTITY_TYPES and not ref.stat("enter_text")


def _resolve(state: MatchState, action: Resolve) -> HandlerResult:
    """605.1, 702.3, 703.3: finish carrying out the top of the chase; the turn player gains priority.
    Taken by the match itself (``auto``) for an object that needs nothing of its controller
    (:func:`enters_alone`, :mod:`.stops`), its line says so."""
    work = FowWork(state, action)
    problem = resolve_problem(state, action.actor, action.to)
    if problem:
        refuse(problem)
    entry = tuple(work.data("resolving"))
    controller = entry_controller(work.board, entry)
    chase = chase_entries(work.board)
    card_id = resolving_card(state)
    if card_id is not None:
        kind = card_type(work.ref(card_id))
        to = action.to or ("field" if kind in ENTITY_TYPES else "graveyard")
        owner = work.card(card_id).owner
        work.move(controller, [card_id], to, None if to == "field" else owner, kind="fow_resolved")
        if action.auto:
            work.events[-1].data["alone"] = True
        chase = [e for e in chase if e != entry]
    else:
        work.emit("fow_resolved", controller, to=None, text=entry_text(entry))
        if chase and chase[0] == entry:
            chase = chase[1:]
    work.set(chase=chase, resolving=None)
    work.board = work.board.evolve(priority=work.board.active, passes=0)
    return work.handled()


def entry_text(entry: Entry) -> str:
    if entry[0] == "ability":
        return str(entry[2])
    if entry[0] == "judgment":
        return "judgment"
    return ""


# Judgment (705) ---------------------------------------------------------------------------------


def judgment_problem(state: MatchState, actor: int, ruler_at: CardAt | None) -> str | None:
    """Why ``actor`` may not play the judgment process of the ruler at ``ruler_at`` (default: the
    first card of their ruler area) now, payment aside: 705.1, at main timing, once a turn, a recovered
    ruler that is not astral (1024.2) and has a J-ruler side."""
    problem = main_timing_problem(state, actor)
    if problem:
        return f"You can't play a judgment process now: {problem}."
    board = state.board
    if board.data("judged"):
        return "You have already played a judgment process this turn (705.1)."
    ruler = judging_ruler(state, actor, ruler_at)
    if isinstance(ruler, str):
        return ruler
    card, ref = board.cards[ruler], state.ref(ruler)
    if card.orientation != RECOVER:
        return f"{ref.name} is rested: judgment needs a recovered ruler (705.1)."
    if card.counter("astral"):
        return f"{ref.name} is astral: it can't do judgment (1024.2)."
    if card_type(ref) not in (None, "ruler"):
        return f"{ref.name} is not a ruler (705.1)."
    if has_jruler_side(ref) is False:
        return f"{ref.name} has no [Judgment]: its card data shows no J-ruler side (705.1)."
    return None


def judging_ruler(state: MatchState, actor: int, ruler_at: CardAt | None) -> int | str:
    """The ruler a judgment names (``ruler_at``, a card of the actor's ruler area; default its first
    card), or why there is none."""
    if ruler_at is None:
        area = state.zone("ruler_area", actor)
        return area[0] if area else "You have no ruler in your ruler area (705.1)."
    found = owned(state, ruler_at, actor, ("ruler_area",), "The ruler doing judgment")
    return found if isinstance(found, str) else found[1]


def _judgment(state: MatchState, action: Judgment) -> HandlerResult:
    """705.1: at main timing, once a turn, a recovered ruler that is not astral (1024.2) and has a
    J-ruler side plays its judgment process onto the chase (:func:`judgment_problem`), paying its
    [Judgment] cost (903.2l-1), first resting the cards ``produce`` names for their will (907.2)."""
    work = FowWork(state, action)
    actor = action.actor
    problem = judgment_problem(state, actor, action.ruler)
    if problem:
        refuse(problem)
    ruler = judging_ruler(state, actor, action.ruler)
    assert isinstance(ruler, int)
    name, ref = work.name_of(ruler), work.ref(ruler)
    cost = judgment_cost(ref)
    check_payment(f"The [Judgment] of {name}", cost, action.pay, action.cost_change)
    rest_for_will(work, actor, action.produce)
    work.board = pay_from_pool(work.board, actor, action.pay)
    work.set(chase=[("judgment", actor, ruler), *chase_entries(work.board)], judged=True)
    work.emit("fow_judgment", actor, [ruler], **payment_data(cost, action.pay, action.cost_change))
    return work.handled()


def _resolve_judgment(work: FowWork, entry: Entry) -> None:
    """705.3a: the ruler goes into the field J-ruler side up (orientation kept, 1304.6, 302.3); a ruler
    whose card data shows no J-ruler side has no [Judgment] to play (705.1, refused by :func:`_judgment`)."""
    seat, ruler = int(entry[1]), int(entry[2])
    work.set(chase=[e for e in chase_entries(work.board) if e != entry])
    if ruler not in work.ids("ruler_area", seat):
        work.emit("fow_resolved", seat, to=None, text="judgment")
        return
    work.move(seat, [ruler], "field", kind="fow_jruler")
    work.set(jrulers=sorted(jrulers(work.board) | {ruler}))


def resolve_top(work: FowWork) -> None:
    """605.1: both players passed in succession with objects on the chase: its top resolves (the players
    carry it out; a judgment process is carried out here, 705.3a) and the turn player gains priority."""
    top = chase_entries(work.board)[0]
    if top[0] == "judgment":
        _resolve_judgment(work, top)
        work.board = work.board.evolve(priority=work.board.active, passes=0)
        return
    controller = entry_controller(work.board, top)
    work.set(resolving=top)
    work.board = work.board.evolve(priority=controller, passes=0)
    work.emit("fow_resolving", controller, [top[1]] if top[0] == "card" else [], text=entry_text(top))


HANDLERS = (
    (PlayCard, _play_card),
    (PlayAbility, _play_ability),
    (Resolve, _resolve),
    (Judgment, _judgment),
)
