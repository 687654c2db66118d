"""Building Gate Ruler matches for the scenario tests: decks with known stats, Alice (seat 0) first."""

from __future__ import annotations

from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.apply import apply
from engine.match.events import Event
from engine.match.games.gateruler import DEFINITION
from engine.match.games.gateruler.board import zone_ids
from engine.match.games.gateruler.spec import SPEC
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import CardRef, MatchState

PLAYERS = ("Alice", "Bob")
SEED = bytes(range(32))
NUMBERS: dict[str, int] = {
    "attack_zones": 2,
    "defense_zones": 1,
    "set_zones": 2,
    "hand": 4,
    "resources": 3,
    "summon_cap": 2,
    "draw": 2,
    "ready": -1,
    "gain": 1,
    "set_cap": 1,
}


def ruler(name: str = "Ruler", life: int = 6, full: bool = True, **extra: int) -> CardRef:
    stats: dict[str, int | str] = {"type": "ruler", "life": life, "atk": 2, "stk": 1}
    if full:
        stats.update(NUMBERS)
    stats.update(extra)
    return CardRef(name, "R-1", tuple(sorted(stats.items())))


def unit(n: int, level: int = 1, atk: int = 2, hp: int = 2, stk: int = 1, owner: str = "A") -> CardRef:
    stats = {"type": "unit", "level": level, "atk": atk, "hp": hp, "stk": stk, "cnt": 0}
    return CardRef(f"{owner} Unit {n:02d}", f"{owner}-U{n:02d}", tuple(sorted(stats.items())))


def event(n: int, cnt: int = 0, owner: str = "A", level: int = 0) -> CardRef:
    stats = {"type": "event", "level": level, "cnt": cnt}
    return CardRef(f"{owner} Event {n:02d}", f"{owner}-E{n:02d}", tuple(sorted(stats.items())))


def deck_of(owner: str, size: int = 30, kind: str = "unit", **ruler_kw: Any) -> dict[str, list[CardRef]]:
    make = {
        "unit": lambda n: unit(n, owner=owner),
        "event": lambda n: event(n, owner=owner),
        "counter": lambda n: event(n, cnt=1, owner=owner),
        "bare": lambda n: CardRef(f"{owner} Card {n:02d}"),
    }
    cards = [make[kind](n) for n in range(1, size + 1)]
    supply = [CardRef("Resource", "RES", (("type", "resource"),)) for _ in range(10)]
    return {"ruler": [ruler(f"{owner} Ruler", **ruler_kw)], "deck": cards, "supply": supply}


def start(decks: list[dict[str, list[CardRef]]] | None = None, first: int = 0) -> MatchState:
    decks = decks or [deck_of("A"), deck_of("B")]
    return new_match(SPEC, PLAYERS, decks, SEED, first_player=first)


def act(
    state: MatchState, action: type[BaseAction], actor: int, **fields: Any
) -> tuple[MatchState, list[Event]]:
    return apply(state, action(actor=actor, version=state.version, **fields))


def do(state: MatchState, action: type[BaseAction], actor: int, **fields: Any) -> MatchState:
    return act(state, action, actor, **fields)[0]


def pass_both(state: MatchState) -> tuple[MatchState, list[Event]]:
    """Both players pass priority in a row, starting with the holder (9-3g-1)."""
    state, first = act(state, PassPriority, state.board.priority)
    state, second = act(state, PassPriority, state.board.priority)
    return state, first + second


def at(state: MatchState, zone: str, seat: int | None, card_id: int) -> CardAt:
    return CardAt(zone=zone, player=seat, index=zone_ids(state, state.board, zone, seat).index(card_id))


def ids(state: MatchState, zone: str, seat: int | None = None) -> tuple[int, ...]:
    return zone_ids(state, state.board, zone, seat)


def lines(events: list[Event], state: MatchState, viewer: int | None = None) -> list[str]:
    return render_all(events, state, viewer)


_ = DEFINITION
