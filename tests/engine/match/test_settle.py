"""The one settle loop (engine.match.settle), on a toy table over the demo game: rows run in table
order, the loop stops when a player must act, a cycle is caught and named, and the bound stops a loop
that never repeats itself."""

from __future__ import annotations

import pytest

from engine.match.settle import SETTLE_BOUND, SettleBound, SettleLoop, Step, settle
from engine.match.setup import new_match
from engine.match.work import BoardWork
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks

ALICE = 0


def work() -> BoardWork:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32), first_player=ALICE)
    return BoardWork(state, state.version)


def untap(w: BoardWork) -> bool:
    """The demo's untap step: nothing to untap, the turn moves on to the draw."""
    w.goto("draw")
    return True


def draw(w: BoardWork) -> bool:
    """The draw: the active player draws once, then the turn moves on to the main phase."""
    if not w.data("drawn"):
        w.move(None, w.ids("deck", w.board.active)[:1], "hand", w.board.active, kind="draw")
        w.set(drawn=True)
        return True
    w.goto("main")
    return True


def main(w: BoardWork) -> bool:
    """The main phase: the player acts."""
    return False


TURN = (Step("untap", "1.1", untap), Step("draw", "1.2", draw), Step("main", "1.3", main))


def test_the_loop_runs_the_automatic_steps_until_a_player_must_act() -> None:
    w = work()
    moved = settle(w, TURN, BoardWork.step_name)
    assert moved == ["untap", "draw", "draw"]
    assert w.step_name() == "main" and len(w.ids("hand", ALICE)) == 1
    assert [event.kind for event in w.events] == ["step", "draw", "step"]


def test_checks_marked_every_run_first_in_table_order() -> None:
    order: list[str] = []

    def check(name: str) -> Step[BoardWork]:
        def run(w: BoardWork) -> bool:
            order.append(name)
            return False

        return Step(name, "0", run, every=True)

    w = work()
    settle(w, (check("first"), *TURN[:1], check("second"), *TURN[1:]), BoardWork.step_name)
    # Each pass tries the rows in table order until one moves: at "untap" the second check comes after
    # the moving row and is not reached; at the later steps both checks run before the step's row.
    assert order[:4] == ["first", "first", "second", "first"]


def test_a_step_that_comes_back_to_the_same_board_is_a_loop_named_by_its_steps() -> None:
    def back_to_untap(w: BoardWork) -> bool:
        w.goto("untap")
        return True

    table = (Step("untap", "1.1", untap), Step("draw", "1.2", back_to_untap))
    with pytest.raises(SettleLoop) as caught:
        settle(work(), table, BoardWork.step_name)
    assert caught.value.cycle == ("untap", "draw") and caught.value.step == "untap"
    assert "untap -> draw" in str(caught.value)


def test_a_step_that_says_it_moved_but_changed_nothing_is_a_loop() -> None:
    with pytest.raises(SettleLoop) as caught:
        settle(work(), (Step("untap", "1.1", lambda w: True),), BoardWork.step_name)
    assert caught.value.cycle == ("untap",)


def test_a_loop_that_never_repeats_a_board_stops_at_the_bound() -> None:
    def count(w: BoardWork) -> bool:
        w.set(n=w.data("n", 0) + 1)
        return True

    w = work()
    with pytest.raises(SettleBound, match=f"within {SETTLE_BOUND} passes"):
        settle(w, (Step("untap", "1.1", count),), BoardWork.step_name)
    assert w.data("n") == SETTLE_BOUND
