"""Force of Will's step table and settle hook (:func:`settle`): what runs without a choice after every
accepted action, one row per procedure with its rule, on the engine's one settle loop."""

from __future__ import annotations

from collections.abc import Callable

from engine.match.actions import BaseAction
from engine.match.events import Event
from engine.match.games.forceofwill import turn
from engine.match.games.forceofwill.actions import Discard, PlayAbility, PlayCard
from engine.match.games.forceofwill.board import FowWork, battle_of, chase_entries
from engine.match.games.forceofwill.chase import resolve_top
from engine.match.games.forceofwill.rule_processes import reconcile, rule_processes
from engine.match.games.forceofwill.spec import SETUP
from engine.match.games.forceofwill.turn import end_of_turn
from engine.match.settle import Step
from engine.match.settle import settle as settle_table
from engine.match.state import MatchState

__all__ = ["TABLE", "settle"]


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """After every accepted action, the settle table (:data:`TABLE`) runs on the board: the game data
    follows generic moves, both players passing in succession resolves the chase's top or moves on
    (605.1), and the rule processes run (1200) unless a chase object is being carried out or the game
    waits for a choice. Nothing runs before the first turn (the mulligans, 405.5)."""
    if state.board.phase == SETUP:
        return state, []
    work = FowWork(state, action)
    settle_table(work, TABLE, FowWork.step_name)
    if isinstance(action, Discard):
        work.new_turn = True  # 505.6: the discard of 505.5 ended the turn
    new, events = work.result()
    if work.new_turn:
        new = new.evolve(undo_used=(0, 0))
    return new, events


def _reconcile(work: FowWork) -> bool:
    return work.changed_by(reconcile)


def _battle_acted(work: FowWork) -> bool:
    """803.3: the non-turn player played a spell or an ability in this battle."""
    battle_data = battle_of(work.board)
    if (
        battle_data is None
        or work.action.actor == work.board.active
        or not isinstance(work.action, PlayCard | PlayAbility)
        or battle_data.get("acted")
    ):
        return False
    battle_data["acted"] = True
    work.set(battle=battle_data)
    return True


def _resolve_top(work: FowWork) -> bool:
    if not work.double_pass() or not chase_entries(work.board):
        return False
    resolve_top(work)
    return True


def _leave(procedure: Callable[[FowWork], None]) -> Callable[[FowWork], bool]:
    """A step's row: when its priority sequence ends with an empty chase (605.1), the game moves on."""

    def run(work: FowWork) -> bool:
        if not work.sequence_ended():
            return False
        procedure(work)
        return True

    return run


def _end_turn(work: FowWork) -> bool:
    """505.5's final step, then 505.6 unless the turn player must first discard down to seven."""
    if not work.sequence_ended():
        return False
    end_of_turn(work)
    work.new_turn = work.data("discard") is None
    return True


def _rule_processes(work: FowWork) -> bool:
    if work.data("resolving") is not None or work.data("discard") is not None:
        return False
    return work.changed_by(rule_processes)


TABLE: tuple[Step[FowWork], ...] = (
    Step("reconcile", "302.3, 803.4a, 803.4b, 804.4a, 905.3", _reconcile, every=True),
    Step("battle acted", "803.3", _battle_acted, every=True),
    Step("chase top resolves", "605.1", _resolve_top, every=True),
    Step("draw", "503", _leave(turn.leave_draw)),
    Step("main", "505", _leave(turn.leave_main)),
    Step("battle_start", "803", _leave(turn.leave_battle_start)),
    Step("attack", "803.3, 804", _leave(turn.leave_attack)),
    Step("block", "805.1", _leave(turn.leave_block)),
    Step("first_strike", "806.1", _leave(turn.leave_first_strike)),
    Step("damage", "807", _leave(turn.leave_damage)),
    Step("battle_end", "807.4", _leave(turn.leave_battle_end)),
    Step("end", "505.5, 505.6", _end_turn),
    Step("rule processes", "1200", _rule_processes, every=True),
)
"""Force of Will's settle table (:func:`engine.match.settle.settle`): the rows every pass runs keep
the game data in step with generic moves, mark the non-turn player's play in a battle and resolve the
chase's top on a double pass; a step's row moves the game on when its priority sequence ends with an
empty chase (605.1); the rule processes (1200) run last."""
