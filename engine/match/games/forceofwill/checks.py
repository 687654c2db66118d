"""Force of Will's losses (1202), as :class:`Loss` values."""

from __future__ import annotations

from engine.match.games.forceofwill.board import player_value
from engine.match.games.forceofwill.spec import SETUP
from engine.match.outcome import Loss
from engine.match.state import MatchState


def losers(state: MatchState) -> list[Loss]:
    """1202.1: life 0 or less loses; 1202.2: a player who had to draw in their draw phase from a deck
    with too few cards loses. Checked as rule processes, so not while an object is being carried out.
    Both at once: a draw (103.3)."""
    board = state.board
    if board.phase == SETUP or board.data("resolving") is not None:
        return []
    out: list[Loss] = []
    decked = set(board.data("deckout", ()))
    for seat in range(2):
        if player_value(state, board, seat, "life") <= 0:
            out.append(Loss(seat, "1202.1", "life 0 or less"))
        if seat in decked:
            out.append(Loss(seat, "1202.2", "had to draw from an empty deck in their draw phase"))
    return out
