"""Gate Ruler's losses: the players the defeat process found (12-2), as :class:`Loss` values."""

from __future__ import annotations

from engine.match.outcome import Loss
from engine.match.state import MatchState


def losers(state: MatchState) -> list[Loss]:
    """The players the defeat process found still fulfilling a defeat condition (12-2d-1), each with
    the rules of the conditions (12-2a-1, 12-2a-2)."""
    lost = state.board.data("lost")
    return [] if not lost else [Loss(int(seat), str(rule), str(reason)) for seat, rule, reason in lost]
