"""Vanguard's shortcuts over the shared scenario harness (:mod:`tests.engine.match.games.harness`): decks
with known cards, and the state-passing shortcuts the older scenario tests read with (``start``,
``act``, ``do``, ``place``...), each a :class:`~tests.engine.match.games.harness.Scenario` underneath, so
the start/act/lines/arrange plumbing exists once, in the harness."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match.actions import (
    BaseAction,
    CardAt,
    NextPhase,
    PassTurn,
)
from engine.match.errors import ActionRefused
from engine.match.games import load_definitions
from engine.match.games.vanguard import (
    VgAttack,
    VgRedraw,
)
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.harness import Scenario

DEFINITION = load_definitions()["vanguard"]
SPEC = DEFINITION.spec
PREFIX = ("Alpha", "Beta")


def unit(
    name: str,
    grade: int,
    power: int,
    *,
    shield: int | None = None,
    trigger: str | None = None,
    skill: str | None = None,
    clan: str = "Royal Paladin",
) -> CardRef:
    stats: list[tuple[str, int | str]] = [("grade", grade), ("power", power), ("critical", 1), ("clan", clan)]
    if shield is not None:
        stats.append(("shield", shield))
    if trigger is not None:
        stats += [("trigger", trigger), ("trigger_power", 10000)]
    if skill is not None:
        stats.append(("skill", skill))
    return CardRef(name, "", tuple(sorted(stats)))


def deck(seat: int, *, g_units: int = 0) -> dict[str, list[CardRef]]:
    """A 50-card deck: a grade 0 first vanguard, triggers of each kind, grade 1-3 units, fillers."""
    p = PREFIX[seat]
    cards = [
        *[unit(f"{p} Critical", 0, 5000, shield=10000, trigger="critical", skill="boost")] * 4,
        *[unit(f"{p} Draw", 0, 5000, shield=10000, trigger="draw", skill="boost")] * 4,
        *[unit(f"{p} Heal", 0, 5000, shield=10000, trigger="heal", skill="boost")] * 4,
        *[unit(f"{p} Stand", 0, 5000, shield=10000, trigger="stand", skill="boost")] * 2,
        *[unit(f"{p} Front", 0, 5000, shield=10000, trigger="front", skill="boost")] * 2,
        *[unit(f"{p} Squire", 1, 8000, shield=5000, skill="boost")] * 12,
        *[unit(f"{p} Knight", 2, 10000, shield=5000, skill="intercept")] * 11,
        *[unit(f"{p} King", 3, 13000, skill="twin drive")] * 10,
    ]
    gzone = [unit(f"{p} Stride", 4, 15000, skill="triple drive")] * g_units
    return {"vc": [unit(f"{p} Starter", 0, 5000, skill="boost")], "deck": cards, "gzone": gzone}


def game(first: int = 0, g_units: int = 0, decks: list[Any] | None = None) -> Scenario:
    """A Vanguard scenario with the test decks (G units in the G zones when asked)."""
    return Scenario(DEFINITION, decks or [deck(0, g_units=g_units), deck(1, g_units=g_units)], first=first)


def resume(state: MatchState) -> Scenario:
    """The scenario of a state a test passed along. The shared harness starts matches from decks
    only, so this one is built without a new match and takes the state as it is."""
    scenario = Scenario.__new__(Scenario)
    scenario.definition = DEFINITION
    scenario.state = state
    scenario.events = []
    return scenario


def start(first: int = 0, g_units: int = 0, decks: list[Any] | None = None) -> MatchState:
    return game(first, g_units, decks).state


def act(state: MatchState, action: BaseAction, viewer: int | None = 0) -> tuple[MatchState, list[str]]:
    """Apply an action (the harness's :meth:`Scenario.act`, invariants checked); the new state and the
    lines ``viewer`` reads."""
    scenario = resume(state)
    scenario.act(action.actor, action)
    return scenario.state, scenario.lines(viewer)


def do(state: MatchState, cls: type[BaseAction], actor: int, **fields: Any) -> MatchState:
    scenario = resume(state)
    scenario.act(actor, cls, **fields)
    return scenario.state


def find(state: MatchState, player: int, zone: str, name: str) -> int:
    """The index of the first card of that name in a zone."""
    for index, card in enumerate(state.zone(zone, player)):
        if state.ref(card).name == name:
            return index
    raise AssertionError(f"no {name} in {zone} of player {player}")


def names(state: MatchState, player: int, zone: str) -> list[str]:
    return resume(state).names(zone, player)


def place(
    state: MatchState, player: int, name: str, zone: str, *, source: str = "deck", position: str = "top"
) -> MatchState:
    """Move a card of that name from ``source`` to ``zone`` with the engine's move (board setup)."""
    scenario = resume(state)
    card = state.zone(source, player)[find(state, player, source, name)]
    scenario.place(card, zone, player, position=position, face="up" if zone != "deck" else "down")
    return scenario.state


def begin(first: int = 0, g_units: int = 0) -> MatchState:
    """Both players keep their hands: the first player's turn 1 has begun (Stand Up, draw)."""
    state = start(first, g_units)
    state = do(state, VgRedraw, first)
    return do(state, VgRedraw, 1 - first)


def to_battle(state: MatchState, player: int) -> MatchState:
    return do(state, NextPhase, player, to="battle")


def second_turn(first: int = 0, g_units: int = 0) -> MatchState:
    """The second player's turn 2, in their main phase."""
    state = begin(first, g_units)
    state = do(state, NextPhase, first, to="main")
    state = do(state, PassTurn, first)
    return do(state, NextPhase, 1 - first, to="main")


def at(zone: str, index: int = 0, player: int | None = None) -> CardAt:
    return CardAt(zone=zone, index=index, player=player)


def step(state: MatchState) -> str:
    return state.match.phase_steps[state.board.phase][state.board.step]


def refused(state: MatchState, action: object, sentence: str) -> None:
    """The action is refused with this sentence and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(ActionRefused) as error:
        act(state, action)
    assert str(error.value) == sentence
    assert state.to_json() == before


def attack(state: MatchState, attacker: str = "vc", target: str = "vc", boost: bool = False) -> MatchState:
    state = to_battle(state, 1)
    return do(state, VgAttack, 1, attacker=attacker, target=target, boost=boost)


GUARDING = "Alice is deciding how to guard (7.5.1.2): wait until they pass before you act."
