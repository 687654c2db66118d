"""Gate Ruler's shortcuts for the scenario tests over the one harness of the four games
(:class:`tests.engine.match.games.harness.Scenario`): decks with known stats, and a functional form of the
harness's plumbing (a match is a state passed along; ``act`` and ``do`` go through
:meth:`Scenario.act`, so every accepted action is followed by the game's invariant check). New tests
may use :class:`Scenario` directly (``game(...)``). Alice (seat 0) plays first.
"""

from __future__ import annotations

from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.events import Event
from engine.match.games.gateruler import DEFINITION
from engine.match.games.gateruler.actions import GrEndAttacks
from engine.match.games.gateruler.spec import ATTACK, DECLARE, END
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.harness import Scenario

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


def game(decks: list[dict[str, list[CardRef]]] | None = None, first: int = 0) -> Scenario:
    """A Gate Ruler match on the harness: Alice's and Bob's decks (default: 30 units each)."""
    return Scenario(DEFINITION, decks or [deck_of("A"), deck_of("B")], first=first)


def start(decks: list[dict[str, list[CardRef]]] | None = None, first: int = 0) -> MatchState:
    """The state of a new match (:func:`game`)."""
    return game(decks, first).state


def on(state: MatchState) -> Scenario:
    """The harness playing on from a state these helpers reached."""
    scenario = Scenario.__new__(Scenario)
    scenario.definition = DEFINITION
    scenario.state = state
    scenario.events = []
    return scenario


def act(
    state: MatchState, action: type[BaseAction], actor: int, **fields: Any
) -> tuple[MatchState, list[Event]]:
    """Apply an action as ``actor`` (:meth:`Scenario.act`); the new state and its events."""
    scenario = on(state)
    events = scenario.act(actor, action, **fields)
    return scenario.state, events


def do(state: MatchState, action: type[BaseAction], actor: int, **fields: Any) -> MatchState:
    return act(state, action, actor, **fields)[0]


def pass_both(state: MatchState) -> tuple[MatchState, list[Event]]:
    """Both players pass priority in a row, starting with the holder (9-3g-1)."""
    state, first = act(state, PassPriority, state.board.priority)
    state, second = act(state, PassPriority, state.board.priority)
    return state, first + second


def moved_on(state: MatchState, to: str) -> MatchState:
    """The turn moved on as its players move it: both pass priority in a row (9-3g-1; with the gate empty
    the phase or step ends, 9-4b), and the active player stops attacking when the declaration comes
    (8-4c-2), until ``to``: ``"declare"`` (the declaration, 8-4c), ``"end"`` (the end phase, 6-5) or
    ``"turn"`` (the next player's main phase, 6-5e)."""
    turn = state.board.turn
    for _ in range(30):
        board = state.board
        if to == "declare" and (board.phase, board.step) == (ATTACK, DECLARE):
            return state
        if to == "end" and board.phase == END:
            return state
        if to == "turn" and board.turn != turn:
            return state
        if (board.phase, board.step) == (ATTACK, DECLARE) and not ids(state, "gate", None):
            state = do(state, GrEndAttacks, board.active)
        else:
            state = pass_both(state)[0]
    raise AssertionError(f"the turn did not reach {to!r}")


def move_on(match: Scenario, to: str) -> None:
    """:func:`moved_on` on a harness's match."""
    match.state = moved_on(match.state, to)


def at(state: MatchState, zone: str, seat: int | None, card_id: int) -> CardAt:
    """The position of a card in a zone, as actions name it."""
    return CardAt(zone=zone, player=seat, index=state.zone(zone, seat).index(card_id))


def ids(state: MatchState, zone: str, seat: int | None = None) -> tuple[int, ...]:
    return state.zone(zone, seat)


def lines(events: list[Event], state: MatchState, viewer: int | None = None) -> list[str]:
    """What ``viewer`` (None: a spectator) reads of ``events`` (:meth:`Scenario.lines`)."""
    return on(state).lines(viewer, events)
