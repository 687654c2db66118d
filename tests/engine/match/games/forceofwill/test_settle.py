"""The settle table: what the rules do without a choice after an action (605.1, 1200), run by the
shared settle loop (:func:`engine.match.settle.settle`)."""

from __future__ import annotations

from engine.match.actions import PassPriority
from engine.match.games.forceofwill.board import FowWork
from engine.match.games.forceofwill.spec import SPEC
from engine.match.games.forceofwill.steps import TABLE
from engine.match.settle import settle
from engine.match.state import MatchState
from tests.engine.match.games.forceofwill.helpers import pass_both, started, to_main


def _both_passed(state: MatchState) -> FowWork:
    """The work of the second of two consecutive passes (605.1), before the table runs."""
    board = state.board.evolve(passes=2)
    return FowWork(state.evolve(board=board), PassPriority(actor=board.priority, version=state.version))


def test_every_step_players_act_in_has_a_row_moving_on_605_1() -> None:
    """605.1: a priority sequence that ends with an empty chase ends the step or phase; each step of
    the turn players act in has its row (the mulligans come before the first turn, 405.5, and the
    recovery phase runs straight into the main phase, 503)."""
    rows = {row.name for row in TABLE if not row.every}
    steps = {step.name for phase in SPEC.phases for step in phase.steps}
    assert steps - rows == {"mulligan", "recovery"}
    assert rows <= steps


def test_the_end_of_turn_and_the_next_draw_phase_settle_in_one_row_each_505_6_503() -> None:
    """505.5-505.6: both players passing in the end phase ends the turn and the other player draws
    (502.4); passing in their draw phase runs the recovery phase (503) into the main phase (504)."""
    state = pass_both(to_main(started()))
    assert state.match.phase_steps[state.board.phase][state.board.step] == "end"
    work = _both_passed(state)
    assert settle(work, TABLE, FowWork.step_name) == ["end"]
    assert work.step_name() == "draw" and work.board.active == 1 and work.new_turn
    state, _ = work.result()
    work = _both_passed(state)
    assert settle(work, TABLE, FowWork.step_name) == ["draw"]
    assert work.step_name() == "main" and not work.new_turn
