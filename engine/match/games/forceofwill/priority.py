"""Who may act now, for every action type (405.5, 505.5, 601.1, 605.1): one predicate the definition's
turn check (:meth:`ForceOfWill.allows <engine.match.games.forceofwill.ForceOfWill.allows>`) and the
offers (:mod:`.offers`) both read."""

from __future__ import annotations

from engine.match.actions import UNDO_PROTOCOL, BaseAction, NextPhase, NextStep, PassPriority, PassTurn
from engine.match.games.forceofwill.actions import (
    Attack,
    Block,
    CallStone,
    Discard,
    InitiateBattle,
    Judgment,
    Mulligan,
    PlayAbility,
    PlayCard,
    Resolve,
)
from engine.match.games.forceofwill.board import entry_controller
from engine.match.games.forceofwill.spec import MAX_HAND, SETUP
from engine.match.state import MatchState

WHILE_RESOLVING: tuple[type[BaseAction], ...] = (
    PassPriority,
    PlayCard,
    PlayAbility,
    Judgment,
    InitiateBattle,
    Attack,
    Block,
    CallStone,
)
"""What neither player does while a chase object is being carried out: its controller finishes it."""


def structure_problem(state: MatchState, cls: type[BaseAction], actor: int) -> str | None:
    """Why ``actor`` may not take an action of type ``cls`` now, as one sentence; None when the turn's
    structure lets them (the action's own checks come after). The ``anytime`` actions (notes, reveals,
    coin and dice, concede, draw offers) and the undo protocol always pass. Otherwise, in this order:

    - the generic next step / next phase / pass turn are refused: the game moves on when both
      players pass in succession with an empty chase (605.1);
    - before the first turn only the mulligan, by the player whose decision it is (405.5a);
    - while the turn player must discard down to seven, only that discard (505.5);
    - while a chase object is being carried out, its controller finishes it (``fow_resolve``) and
      neither player passes or plays anything new; both may use the generic actions, since card
      text may ask either player to act (a player discarding from their own hand, which the
      opponent cannot touch);
    - otherwise only the player holding priority acts (601.1): while the opponent holds it (a
      response to the chase, the block decision of 804.3), the turn player changes nothing."""
    if cls in (NextStep, NextPhase, PassTurn):
        return (
            "In Force of Will the game moves on when both players pass priority in succession with "
            "an empty chase (605.1); pass priority instead."
        )
    if cls.anytime or cls in UNDO_PROTOCOL:
        return None
    board = state.board
    players = state.match.players
    if board.phase == SETUP:
        if cls is not Mulligan:
            return "The game has not started: each player first decides on a mulligan (405.5)."
        if actor != board.priority:
            return f"{players[board.priority]} decides on their mulligan first (405.5)."
        return None
    if cls is Mulligan:
        return "A mulligan is only before the first turn (405.5)."
    if board.data("discard"):
        if cls is not Discard or actor != board.active:
            return f"{players[board.active]} first discards down to {MAX_HAND} cards (505.5)."
        return None
    if cls is Discard:
        return "You discard down to your maximum hand size only at the end of your turn (505.5)."
    entry = board.data("resolving")
    if entry is not None:
        if cls in WHILE_RESOLVING:
            who = players[entry_controller(board, tuple(entry))]
            return f"An object of the chase is resolving: {who} carries it out, then finishes it first."
        return None
    if cls is Resolve:
        return (
            "Nothing is resolving; both players pass in succession to resolve the top of the chase (605.1)."
        )
    if actor != board.priority:
        return f"You do not hold priority; {players[board.priority]} does (601.1)."
    return None
