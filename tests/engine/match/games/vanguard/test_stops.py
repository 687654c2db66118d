"""Vanguard's default stops (:mod:`engine.match.games.vanguard.stops`): the turn player stops at every
step that waits for them but the end phase (6.8), which passes the turn by itself; the guard step
(7.5.1.2) is never skipped for a player who did not remove that stop."""

from __future__ import annotations

from engine.match.actions import BaseAction, NextPhase, PassTurn, SetStops
from engine.match.games.vanguard.actions import VgAttack, VgPass
from engine.match.state import MatchState
from engine.match.stops import automatic_pass, automatic_passes
from tests.engine.match.games.vanguard.helpers import begin, do, place, second_turn, to_battle


def passes(state: MatchState) -> tuple[MatchState, list[BaseAction]]:
    run = automatic_passes(state)
    return (run[-1][1] if run else state), [action for action, _, _ in run]


def step(state: MatchState) -> str:
    return state.match.phase_steps[state.board.phase][state.board.step]


def test_the_ride_step_waits_for_the_turn_player() -> None:
    """6.5.1.1: the ride step waits every turn; the match never passes it by default."""
    state = begin()
    assert step(state) == "ride" and automatic_pass(state) is None


def test_the_end_phase_passes_the_turn_by_itself() -> None:
    """6.8: once the end phase's automatic part ran, the turn passes; the next player stops in their
    ride step."""
    state = begin()
    state = do(state, NextPhase, 0, to="end")
    state, run = passes(state)
    assert [type(action) for action in run] == [PassTurn] and run[0].auto
    assert (state.board.turn, state.board.active, step(state)) == (2, 1, "ride")


def test_a_player_with_the_stop_ends_the_turn_by_hand() -> None:
    state = begin()
    state = do(state, SetStops, 0, add="my_end")
    state = do(state, NextPhase, 0, to="end")
    assert automatic_pass(state) is None


def test_the_guard_step_is_never_skipped_by_default() -> None:
    """7.5.1.2: the attacked player guards or not, whatever their hand holds; even with a one-press pass
    in force, a decision waits."""
    state = second_turn()
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(state, SetStops, 0, until="end_of_turn")
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    assert step(state) == "guard" and state.board.priority == 0
    assert automatic_pass(state) is None


def test_a_player_who_removed_the_guard_stop_passes_it() -> None:
    state = second_turn()
    state = do(state, SetStops, 0, remove="guard")
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    action = automatic_pass(state)
    assert isinstance(action, VgPass) and action.actor == 0 and action.auto
