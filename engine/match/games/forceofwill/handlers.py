"""Force of Will's handlers, gathered and registered for the definition (Comprehensive Rules ver. 12.9),
with what runs after every accepted action (:func:`settle`) and the loss checks (:func:`losers`).
The procedures live in their own modules:

- :mod:`.board`: the game data kept on the board (listed there) and shared helpers;
- :mod:`.setup`: setup and the mulligans (405);
- :mod:`.will`: will (907, 1003) and calling a magic stone (710);
- :mod:`.chase`: playing onto the chase, resolving it (600, 903, 702.3, 703.3) and judgment (705);
- :mod:`.battle`: battle (800) and damage (1007);
- :mod:`.turn`: the turn's automatic parts (502-505) and moving on from a step (605.1);
- :mod:`.rule_processes`: keeping the game data in step, the rule processes (1200) and losses (1202).
"""

from __future__ import annotations

from typing import Any

from engine.match.actions import BaseAction, PassPriority
from engine.match.apply import register_handler
from engine.match.events import Event
from engine.match.games.forceofwill import battle, chase, turn, will
from engine.match.games.forceofwill import setup as setup_module
from engine.match.games.forceofwill.actions import Discard, PlayAbility, PlayCard
from engine.match.games.forceofwill.board import battle_of
from engine.match.games.forceofwill.chase import double_pass
from engine.match.games.forceofwill.rule_processes import losers, reconcile, rule_processes
from engine.match.games.forceofwill.setup import setup
from engine.match.games.forceofwill.spec import SETUP
from engine.match.state import MatchState

__all__ = ["HANDLERS", "losers", "register", "settle", "setup"]


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """After every accepted action: the game data follows generic moves, both players passing in
    succession resolves or moves on (605.1), and the rule processes run (1200) unless a chase object is
    being carried out or the game waits for a choice."""
    board = state.board
    if board.phase == SETUP:
        return state, []
    events: list[Event] = []
    board, more = reconcile(state, board)
    events += more
    battle_data = battle_of(board)
    if (
        battle_data is not None
        and action.actor != board.active
        and isinstance(action, PlayCard | PlayAbility)
        and not battle_data.get("acted")
    ):
        # 803.3: the non-turn player played a spell or an ability in this battle.
        battle_data["acted"] = True
        board = board.with_data(battle=battle_data)
    new_turn = False
    if isinstance(action, PassPriority) and board.passes >= 2:
        board, more, new_turn = double_pass(state, board)
        events += more
    if board.data("resolving") is None and board.data("discard") is None:
        board, more = rule_processes(state, board)
        events += more
    if isinstance(action, Discard):
        new_turn = True
    if board is state.board and not new_turn:
        return state, events
    state = state.evolve(board=board)
    if new_turn:
        state = state.evolve(undo_used=(0, 0))
    return state, events


HANDLERS: tuple[tuple[type[BaseAction], Any], ...] = (
    *setup_module.HANDLERS,
    *will.HANDLERS,
    *chase.HANDLERS,
    *battle.HANDLERS,
    *turn.HANDLERS,
)


def register() -> None:
    """Register the handlers of the game's own actions with the engine."""
    for action_type, handler in HANDLERS:
        register_handler(action_type, handler)
