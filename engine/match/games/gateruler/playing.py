"""The shared steps of playing a card (CR 14-4b) used by the main-phase actions (Section 7) and the drive
resolution process (10-4): choosing the card, the standard-action condition (7-1a, 9-3e-5), the cost in
resources (14-4b-6a, 15-15a), the normal summon (15-17), playing an event or a field (7-4, 7-6) and
setting a card (7-5, 15-4a).

Every function refuses with one sentence and changes nothing when the rules do not allow it
(docs/architecture.md, Invariants).
"""

from __future__ import annotations

from typing import Any

from engine.match.apply import refuse
from engine.match.games.gateruler.board import (
    GrWork,
    capacity,
    card_type,
    gate,
    keep_charges,
    ready_resources,
    stat,
    value,
    with_gate,
    with_values,
    zone_ids,
)
from engine.match.games.gateruler.spec import INFINITE, MAIN
from engine.match.games.gateruler.steps import pay
from engine.match.state import Board, MatchState

SUMMONED: tuple[str | None, ...] = (None, "unit")
"""The card types normal summoned (7-3a); None: a card whose data gives no type (its player knows)."""
PLAYED = ("event", "field")
"""The card types played into the gate from the hand, drive zone or set zones (7-4, 7-6, 7-8)."""
SETTABLE: tuple[str | None, ...] = (None, "event")
"""The card types set without an effect making them settable (3-10c-1, 7-5a-1)."""
TIMINGS = ("standard", "instant", "condition")
"""An event's timing as its card data gives it (the ``timing`` stat, from its "Timing:" line, 16-1a-3):
"Standard Action", "Instant Action", or a condition ("This can be set. If set, you can play it when
...", 14-5a, 14-5b)."""


def timing(state: MatchState, board: Board, card_id: int) -> str | None:
    """An event's timing from its card data (:data:`TIMINGS`), or None when the data does not say."""
    value_ = stat(state, board, card_id, "timing")
    return value_ if value_ in TIMINGS else None


def from_hand(state: MatchState, board: Board, card_id: int) -> bool:
    """14-20a: the card's text lets it also be played from the hand ("This event can also be played
    directly from your hand"; its timing is unchanged, 14-20a-1)."""
    return bool(stat(state, board, card_id, "from_hand"))


def timing_problem(
    state: MatchState, board: Board, card_id: int, zone: str, instant: bool, drive: bool = False
) -> str | None:
    """Why an event or field card cannot be played from ``zone`` as asked (one sentence), or None. A field
    card and an event whose timing is Standard Action are standard action cards (2-17b): played in one's
    main phase with the gate empty (7-4, 7-6, 7-8, 9-3e-5), never as an instant action. Any other event
    (Instant Action, or a timing with a condition) is played from a set zone (9-3e-2, 14-5b, 14-5d), or
    from the hand when its text says so (14-20a), and is not played by a drive resolution process, which
    plays only standard action cards (10-4d: it sets them). An event whose card data gives no timing is
    left to its player, who knows it."""
    kind = card_type(state, board, card_id)
    name = state.match.table[board.cards[card_id].ref].name
    if kind not in ("event", "field"):
        return None
    when = "field" if kind == "field" else timing(state, board, card_id)
    if when in ("field", "standard"):
        if not instant:
            return None
        what = "a field card" if when == "field" else "an event whose timing is Standard Action"
        return (
            f"{name} is {what}, a standard action card (2-17b): play it in your main phase with the gate "
            "empty (7-4, 7-6, 7-8, 9-3e-5)."
        )
    if when is None:
        return None
    what = "Instant Action" if when == "instant" else "a condition"
    if drive:
        return (
            f"The timing of {name} is {what}, so it is not a standard action card (2-17b): a drive "
            "resolution process sets it or leaves it unused (10-4d)."
        )
    if zone == "set" or (zone == "hand" and from_hand(state, board, card_id)):
        return None
    return (
        f"The timing of {name} is {what}: it is played from a set zone (9-3e-2, 14-5b, 14-5d), unless its "
        "text lets it be played from the hand (14-20a); set it first (7-5)."
    )


def standard_problem(state: MatchState, actor: int, what: str = "take a standard action") -> str | None:
    """7-1a, 9-3e-5: why ``actor`` cannot take a standard action now (one sentence), or None: standard
    actions are the active player's, in their main phase, with an empty gate."""
    board = state.board
    if actor != board.active or board.phase != MAIN:
        return f"You can {what} only in your own main phase (7-1a)."
    if gate(board):
        return f"You can {what} only while the gate is empty (9-3e-5); pass priority to resolve it."
    return None


def main_action(state: MatchState, actor: int, what: str) -> None:
    """7-1a, 9-3e-5: refuse a standard action outside the active player's main phase with an empty gate."""
    problem = standard_problem(state, actor, what)
    if problem is not None:
        refuse(problem)


def summons_left(board: Board, seat: int) -> bool:
    """15-17a-3: whether a normal summon keeps the remaining summon cap at 0 or more (infinite: -1)."""
    cap, done = value(board, seat, "summon_cap"), value(board, seat, "summons")
    return cap == INFINITE or done + 1 <= cap


def sets_left(board: Board, seat: int) -> bool:
    """7-5d: whether the set cap (infinite: -1) leaves room for one more set through rule 7-5."""
    cap, done = value(board, seat, "set_cap"), value(board, seat, "sets")
    return cap == INFINITE or done < cap


def free_unit_zones(state: MatchState, board: Board, seat: int, zone: str) -> int:
    """How many of a player's attack or defense zones (3-8a-1, 3-9a-1) hold no unit and are promised
    to no unit of theirs in the gate (14-4b-3a): a unit summoned without naming ``over`` goes there."""
    coming = sum(1 for item in gate(board) if item.get("dest") == zone and item["controller"] == seat)
    return (capacity(board, seat, zone) or 0) - len(zone_ids(state, board, zone, seat)) - coming


def affordable(state: MatchState, board: Board, seat: int, level: int) -> bool:
    """14-4b-6a, 15-15a: whether a player has ``level`` ready resources to pay."""
    return len(ready_resources(state, board, seat)) >= level


def set_zone_free(state: MatchState, board: Board, seat: int) -> bool:
    """3-10a-1, 12-4a: whether one of a player's set zones holds no card."""
    return len(zone_ids(state, board, "set", seat)) < (capacity(board, seat, "set") or 0)


def printed_level(work: GrWork, card_id: int) -> int | None:
    """A card's level in its card data (2-7), or None."""
    printed = work.stat(card_id, "level")
    return printed if isinstance(printed, int) and not isinstance(printed, bool) else None


def level_of(work: GrWork, card_id: int, entered: int | None) -> int:
    """The level paid for a card (14-4b-6a): the one entered, or its card data's."""
    if entered is not None:
        return entered
    printed = work.stat(card_id, "level")
    if not isinstance(printed, int):
        refuse(f"Enter the level of {work.name_of(card_id)}: its card data has none.")
    return printed


def _check_cost(work: GrWork, seat: int, card_id: int, level: int) -> None:
    if not affordable(work.state, work.board, seat, level):
        ready = len(ready_resources(work.state, work.board, seat))
        refuse(
            f"{work.name_of(card_id)} costs {level} resources and you have {ready} ready (14-4b-6a, 15-15a)."
        )


def _to_gate(
    work: GrWork,
    seat: int,
    card_id: int,
    dest: str,
    level: int,
    because: str | None = None,
) -> None:
    """14-4b: pay the cost (14-4b-8) and put the card, revealed, into the gate (14-4b-9). A cost that
    differs from the card's level (an effect changed it, 14-4b-6b to 14-4b-6e, 15-16a-2) is kept, and the
    line shows both players the printed level next to it, with the card or effect given (``because``)."""
    printed = printed_level(work, card_id)
    pay(work, seat, level)
    from_drive = work.zone_of(card_id)[0] == "drive"
    before = work.board
    data: dict[str, Any] = {"level": level, "dest": dest}
    if printed is not None and printed != level:
        data["printed"] = printed
    if because is not None:
        data["because"] = because
    work.move(seat, [card_id], "gate", None, face="up", kind="gr_play", **data)
    if from_drive:
        work.board = keep_charges(before, work.board, card_id)  # 3-14e-1
    items = [{"kind": "card", "card": card_id, "controller": seat, "dest": dest}, *gate(work.board)]
    work.board = with_gate(work.board, items)


def summon(
    work: GrWork,
    seat: int,
    card_id: int,
    zone: str,
    entered: int | None,
    over: int | None = None,
    because: str | None = None,
) -> None:
    """Normal summon (15-17): a unit (7-3a), within the summon cap (15-17a-3), into one of the zones the
    ruler gives (3-2g-1), paying its level (14-4b-6a). The zone is chosen as the unit is played
    (14-4b-3a): one "in which a unit can be placed", which need not be empty (15-28a-1). ``over`` is the
    unit whose zone is chosen; it must be named when every zone of that kind holds a unit or is promised
    to a unit in the gate. When the summon resolves, the overlapping rules effect puts it into the
    graveyard (12-4a, :func:`.steps.rules_effects`)."""
    board = work.board
    kind = card_type(work.state, board, card_id)
    name = work.name_of(card_id)
    if kind not in SUMMONED:
        refuse(f"{name} is not a unit; only units are normal summoned (7-3a).")
    done = value(board, seat, "summons")
    if not summons_left(board, seat):
        refuse(f"You have used your summon cap of {value(board, seat, 'summon_cap')} this turn (15-17a-3).")
    label = "attack zones" if zone == "attack" else "defense zones"
    if not capacity(board, seat, zone):
        refuse(f"Your ruler gives you no {label} (3-8a-1, 3-9a-1).")
    if over is None and free_unit_zones(work.state, board, seat, zone) <= 0:
        refuse(
            f"All your {label} hold a unit: name the unit whose zone it goes into (over), which then goes "
            "to the graveyard (14-4b-3a, 12-4a)."
        )
    if over is not None and over not in work.ids(zone, seat):
        refuse(f"The unit whose zone you choose must be in your {label} (14-4b-3a).")
    level = level_of(work, card_id, entered)
    _check_cost(work, seat, card_id, level)
    work.board = with_values(board, seat, summons=done + 1)
    _to_gate(work, seat, card_id, zone, level, because)
    if over is None:
        return
    items = gate(work.board)
    items[0]["over"] = over
    work.emit("gr_over", seat, [over], zone=zone)
    work.board = with_gate(work.board, items)


def play_card(
    work: GrWork,
    seat: int,
    card_id: int,
    kind: str | None,
    entered: int | None,
    because: str | None = None,
    *,
    instant: bool = False,
    drive: bool = False,
) -> None:
    """Play an event (to the graveyard once resolved, 14-4c) or a field card (to the field zone), at the
    timing its card data gives (:func:`timing_problem`): ``instant`` as an instant action, ``drive`` by a
    drive resolution process."""
    known = card_type(work.state, work.board, card_id)
    name = work.name_of(card_id)
    if known == "unit":
        refuse(f"{name} is a unit: normal summon it instead (7-3).")
    if known is not None and known not in PLAYED:
        refuse(f"{name} is a {known} card, which is not played this way (7-4, 7-6).")
    if known is not None and kind is not None and known != kind:
        refuse(f"{name} is a {known} card, not a {kind} card.")
    kind = known or kind
    if kind is None:
        refuse(f"Say whether {name} is an event or a field card: its card data does not say.")
    if kind == "field" and instant:
        refuse(
            f"{name} is a field card, a standard action card (2-17b): play it in your main phase with the "
            "gate empty (7-4, 9-3e-5c)."
        )
    problem = timing_problem(work.state, work.board, card_id, work.zone_of(card_id)[0], instant, drive)
    if problem is not None:
        refuse(problem)
    level = level_of(work, card_id, entered)
    _check_cost(work, seat, card_id, level)
    dest = "field" if kind == "field" else "graveyard"
    _to_gate(work, seat, card_id, dest, level, because)


def set_card(work: GrWork, seat: int, card_id: int, by_effect: bool) -> None:
    """Put a settable card face down into a free set zone (15-4a; 3-10c-1: events, or cards an effect
    makes settable, 7-5a-2)."""
    kind = card_type(work.state, work.board, card_id)
    if kind not in SETTABLE and not by_effect:
        refuse(f"{work.name_of(card_id)} is not an event, so it cannot be set (3-10c-1).")
    if not set_zone_free(work.state, work.board, seat):
        refuse("Your ruler gives you no free set zone (3-10a-1, 12-4a).")
    work.move(seat, [card_id], "set", seat, face="down", kind="gr_set")
