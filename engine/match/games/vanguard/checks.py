"""Vanguard's losses at a check timing (9.2), as :class:`Loss` values."""

from __future__ import annotations

from engine.match.games.vanguard.steps import Work
from engine.match.outcome import Loss
from engine.match.state import MatchState


def losers(state: MatchState) -> list[Loss]:
    """9.2 at each check timing (1.2.2): 6 damage, an empty deck, no vanguard and no soul."""
    if not state.board.data("started"):
        return []
    work = Work(state, 0)
    return [loss for p in (0, 1) if (loss := work.loses(p)) is not None]
