"""Gate Ruler as data: zones, orientations, phases, player values, the stats the definition reads, and
small readers of the board (Comprehensive Rules v1.5.0, "CR"; the Set 3 article is followed only where
the CR agrees, see ``shared/games/gateruler.md`` 2.9).

Zones (CR Section 3). Each player has one of each, except the shared gate (3-2a, 3-18b):

- ``deck`` (3-4b): hidden from everyone, ordered, shuffled at preparation (5-3a);
- ``hand`` (3-5b): seen by its owner;
- ``ruler`` (3-7): the ruler, a geas stacked under it (5-3a-1), ready/exhausted (3-7b);
- ``attack`` (3-8) and ``defense`` (3-9): the ruler sets how many zones of each (3-8a-1, 3-9a-1); the
  engine keeps each kind as one zone of up to that many units, one per column (3-6e-2). Face-down units
  are seen by their controller only (3-8b, 3-9b); a unit enters a defense zone exhausted (3-9c);
- ``set`` (3-10): seen by its owner, cards face down (15-4a), as many as the ruler's set zones;
- ``field`` (3-11), ``graveyard`` (3-15), ``removal`` (3-17), ``counter`` (3-19): public;
- ``drive`` (3-12c): driven cards face down, seen by their owner; a revealed (face-up) card is public;
- ``damage`` (3-13c): face-up cards public, **face-down cards seen by their owner only**;
- ``charge`` (3-14c): face-up public, face-down seen by nobody; a charge is stacked under (attached to)
  its card in play (3-14d-3);
- ``resource`` (3-16b): public, ready/exhausted;
- ``supply``: the resource cards not yet in play. Where resources come from is not in the CR (the
  ruler's Setup just says "N resources"); a decklist's resource section starts here.

In-play zones (3-6b) share a group, so a card moving between them stays the same card and keeps its
state (3-2d, 3-2d-1).
"""

from __future__ import annotations

from typing import Any

from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec
from engine.match.state import Board, CardRef, MatchState

KEY = "gateruler"

SPEC = GameSpec(
    key=KEY,
    name="Gate Ruler",
    zones=(
        ZoneSpec(name="deck", ordered=True, default_face="down", shuffle_at_setup=True),
        ZoneSpec(name="hand", visible_to="owner", face_down_visible_to="owner", enter_at="bottom"),
        ZoneSpec(
            name="ruler", label="ruler zone", orientable=True, group="play", face_down_visible_to="controller"
        ),
        ZoneSpec(
            name="attack",
            label="attack zones",
            orientable=True,
            group="play",
            face_down_visible_to="controller",
            enter_at="bottom",
        ),
        ZoneSpec(
            name="defense",
            label="defense zones",
            orientable=True,
            enter_orientation="exhaust",
            group="play",
            face_down_visible_to="controller",
            enter_at="bottom",
        ),
        ZoneSpec(
            name="set",
            label="set zones",
            visible_to="owner",
            face_down_visible_to="owner",
            default_face="down",
            group="play",
            enter_at="bottom",
        ),
        ZoneSpec(name="field", label="field zone", group="play", face_down_visible_to="controller"),
        ZoneSpec(name="drive", label="drive zone", default_face="down", face_down_visible_to="owner"),
        ZoneSpec(name="damage", label="damage zone", face_down_visible_to="owner"),
        ZoneSpec(name="charge", label="charge zone", face_down_visible_to="nobody"),
        ZoneSpec(name="graveyard"),
        ZoneSpec(name="resource", label="resource zone", orientable=True, enter_at="bottom"),
        ZoneSpec(name="removal", label="removal zone"),
        ZoneSpec(name="counter", label="counter zone"),
        ZoneSpec(name="supply", label="resource supply"),
        ZoneSpec(name="gate", shared=True, ordered=True),
    ),
    orientations=(
        OrientationSpec(name="ready", adjective="ready", verb_s="readies"),
        OrientationSpec(name="exhaust", adjective="exhausted", verb_s="exhausts"),
    ),
    tap="exhaust",
    untap="ready",
    phases=(
        PhaseSpec(name="setup", both_act=True),
        PhaseSpec(name="start"),
        PhaseSpec(name="main"),
        PhaseSpec(name="attack", steps=(StepSpec(name="declare"), StepSpec(name="battle"))),
        PhaseSpec(name="end"),
    ),
    player_values={
        "life": 0,
        "ruler_damage": 0,
        "summon_cap": -1,
        "summons": 0,
        "set_cap": -1,
        "sets": 0,
    },
)

SETUP, START, MAIN, ATTACK, END = range(5)
DECLARE, BATTLE = 0, 1
VALUE_INDEX = {name: index for index, name in enumerate(SPEC.player_values)}
INFINITE = -1
"""A cap of -1 is infinite (4-3a-1b, 4-3b-1a)."""

RULER_REQUIRED = (
    "life",
    "attack_zones",
    "defense_zones",
    "set_zones",
    "hand",
    "resources",
    "summon_cap",
    "draw",
    "ready",
    "gain",
)
"""The ruler's numbers a match needs (Appendix A, not in the CR): its life (2-6), its zone counts
(3-8a-1, 3-9a-1, 3-10a-1), its Setup (5-3b: cards in hand, resources), its summon cap (4-3a-1a) and its
Start of Turn (6-2f: cards drawn, resources readied (-1: all), resources gained from the supply)."""
RULER_OPTIONAL = {"set_cap": INFINITE, "drive": 0, "level_cap": INFINITE}
"""Numbers with a default: the set cap (none = infinite, 4-3b-1a), cards driven at Start of Turn, and the
in-play level cap (only some rulers have one, 12-6a; -1 = none)."""
RULER_NUMBERS = (*RULER_REQUIRED, *RULER_OPTIONAL)
IN_PLAY = ("ruler", "attack", "defense", "set", "field")


def numbers_problem(numbers: dict[str, int]) -> str | None:
    """What is wrong with a ruler's full numbers, in a sentence, or None: life at least 1 (2-6), no
    negative count, and -1 (no cap, all) only for the caps and ``ready``."""
    if numbers["life"] < 1:
        return "A ruler's life is at least 1 (2-6)."
    for name in RULER_NUMBERS:
        low = -1 if name in ("summon_cap", "set_cap", "ready", "level_cap") else 0
        if numbers.get(name, 0) < low:
            return f"A ruler's {name.replace('_', ' ')} cannot be {numbers[name]}."
    return None


UNIT_ZONES = ("attack", "defense")


# Reading the board ---------------------------------------------------------------------------------


def value(board: Board, seat: int, name: str) -> int:
    return board.values[seat][VALUE_INDEX[name]]


def with_values(board: Board, seat: int, **changes: int) -> Board:
    row = list(board.values[seat])
    for name, number in changes.items():
        row[VALUE_INDEX[name]] = number
    values = list(board.values)
    values[seat] = tuple(row)
    return board.evolve(values=tuple(values))


def numbers(board: Board, seat: int) -> dict[str, int] | None:
    """The ruler's numbers of a player, once known (from card data or entered at setup)."""
    raw = board.data(f"ruler{seat}")
    return None if raw is None else dict(raw)


def gate(board: Board) -> list[dict[str, Any]]:
    """The processes and played cards in the gate, topmost first (3-18b, 9-4c)."""
    return [_thaw_item(item) for item in board.data("gate", ())]


def _thaw_item(item: Any) -> dict[str, Any]:
    out = {}
    for key, val in item:
        out[key] = list(val) if isinstance(val, tuple) else val
    return out


def with_gate(board: Board, items: list[dict[str, Any]]) -> Board:
    return board.with_data(gate=items or None)


def battle(board: Board) -> dict[str, Any] | None:
    raw = board.data("battle")
    return None if raw is None else dict(raw)


def slot(state: MatchState, zone: str, seat: int | None) -> int:
    return state.match.slot_of[(zone, seat)]


def zone_ids(state: MatchState, board: Board, zone: str, seat: int | None) -> tuple[int, ...]:
    return board.zones[state.match.slot_of[(zone, seat)]]


def ref(state: MatchState, board: Board, card_id: int) -> CardRef:
    return state.match.table[board.cards[card_id].ref]


def stat(state: MatchState, board: Board, card_id: int, name: str) -> Any:
    return state.match.table[board.cards[card_id].ref].stat(name)


def card_type(state: MatchState, board: Board, card_id: int) -> str | None:
    kind = stat(state, board, card_id, "type")
    return None if kind is None else str(kind)


def ruler_card(state: MatchState, board: Board, seat: int) -> int | None:
    """The ruler card of a player (the first card of their ruler zone; a geas sits under it)."""
    ids = zone_ids(state, board, "ruler", seat)
    return ids[0] if ids else None


def capacity(board: Board, seat: int, zone: str) -> int | None:
    """How many cards a player's attack, defense or set zones hold (their ruler's zone count)."""
    known = numbers(board, seat)
    if known is None:
        return None
    return known.get({"attack": "attack_zones", "defense": "defense_zones", "set": "set_zones"}[zone])


def ready_resources(state: MatchState, board: Board, seat: int) -> list[int]:
    """A player's ready resource cards, in zone order."""
    return [c for c in zone_ids(state, board, "resource", seat) if board.cards[c].orientation == 0]


def started(board: Board) -> bool:
    return bool(board.data("started"))


def ruler_numbers(state: MatchState, board: Board, seat: int) -> dict[str, int]:
    """The numbers a player's ruler card data gives (its stats of the names in ``RULER_NUMBERS``)."""
    ruler = ruler_card(state, board, seat)
    if ruler is None:
        return {}
    card = ref(state, board, ruler)
    return {name: v for name in RULER_NUMBERS if isinstance(v := card.stat(name), int)}
