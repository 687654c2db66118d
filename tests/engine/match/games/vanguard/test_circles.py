"""Orientation of cards moved between circles (4.6.4.1, 4.6.6.1, 4.6.6.2): the field is one zone group
so a moved card keeps what was known of it (4.1.4), but the vanguard circle and the rear-guard
circles put some arrivals there standing."""

from __future__ import annotations

from engine.match.actions import Flip, Move, NextPhase, Orient, ZoneRef
from engine.match.games.vanguard import VgAttack, VgGuard
from engine.match.state import MatchState
from tests.engine.match.games.vanguard.helpers import (
    act,
    at,
    begin,
    do,
    find,
    names,
    place,
    second_turn,
    to_battle,
)

STAND, REST = 0, 1


def _main_with(state: MatchState, *cards: tuple[str, str]) -> MatchState:
    """Alice's main phase with the named cards on her circles, rested."""
    state = do(state, NextPhase, 0, to="main")
    for name, circle in cards:
        state = place(state, 0, name, circle)
        state = do(state, Orient, 0, cards=(at(circle),), orientation="rest")
    return state


def _orientation(state: MatchState, circle: str, player: int = 0) -> int:
    return state.card(state.zone(circle, player)[0]).orientation


def test_a_rested_rear_guard_moved_to_the_vanguard_circle_stands() -> None:
    """4.6.4.1: a card moved to the vanguard circle from anywhere other than by striding, including a
    rear-guard circle, is put there standing (9.3.1 sends the old vanguard to the soul); the move keeps
    what was known of it (4.1.4, face down and known to both). A move that names the orientation (card
    text) is followed."""
    state = _main_with(begin(), ("Alpha Knight", "rc_lf"))
    state = do(state, Flip, 0, cards=(at("rc_lf"),), face="down")
    knight = state.zone("rc_lf", 0)[0]
    assert state.knows(1, knight)
    state, lines = act(
        state, Move(actor=0, version=state.version, cards=(at("rc_lf"),), to=ZoneRef(zone="vc"))
    )
    assert "Alpha Knight is put on your vanguard circle standing (4.6.4.1)." in lines
    assert state.zone("vc", 0) == (knight,) and _orientation(state, "vc") == STAND
    assert state.knows(1, knight) and not state.card(knight).face_up
    assert names(state, 0, "soul") == ["Alpha Starter"]
    state = place(state, 0, "Alpha King", "rc_rf")
    state = do(state, Orient, 0, cards=(at("rc_rf"),), orientation="rest")
    state = do(state, Move, 0, cards=(at("rc_rf"),), to=ZoneRef(zone="vc"), orientation="rest")
    assert names(state, 0, "vc") == ["Alpha King"] and _orientation(state, "vc") == REST


def test_cards_moved_to_a_rear_guard_circle_stand_unless_from_another_rear_guard_circle() -> None:
    """4.6.6.1: a card moved to a rear-guard circle from anywhere other than another rear-guard
    circle, including the vanguard circle, is put there standing; 4.6.6.2: from another rear-guard
    circle it keeps its orientation."""
    state = _main_with(begin(), ("Alpha Squire", "rc_lf"), ("Alpha King", "vc"))
    assert _orientation(state, "vc") == REST
    state, lines = act(
        state, Move(actor=0, version=state.version, cards=(at("vc"),), to=ZoneRef(zone="rc_rf"))
    )
    assert "Alpha King is put on your right front rear-guard circle standing (4.6.6.1)." in lines
    assert _orientation(state, "rc_rf") == STAND
    state, lines = act(
        state, Move(actor=0, version=state.version, cards=(at("rc_lf"),), to=ZoneRef(zone="rc_lb"))
    )
    assert names(state, 0, "rc_lb") == ["Alpha Squire"] and _orientation(state, "rc_lb") == REST
    assert not any("standing" in line for line in lines)


def test_a_guardian_moved_to_a_rear_guard_circle_stands() -> None:
    """4.6.6.1 with 4.6.5.1: a guardian enters the guardian circle rested; moved from there to a
    rear-guard circle (by card text) it is put there standing."""
    state = second_turn()
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(to_battle(state, 1), VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgGuard, 0, cards=(find(state, 0, "hand", "Alpha Squire"),))
    assert _orientation(state, "gc") == REST
    state, lines = act(
        state, Move(actor=0, version=state.version, cards=(at("gc"),), to=ZoneRef(zone="rc_lb"))
    )
    assert "Alpha Squire is put on your left back rear-guard circle standing (4.6.6.1)." in lines
    assert _orientation(state, "rc_lb") == STAND
