"""Duel Masters' losses: who loses at a check timing (104.2, 703.4), as :class:`Loss` values."""

from __future__ import annotations

from engine.match.outcome import Loss
from engine.match.state import MatchState


def losers(state: MatchState) -> list[Loss]:
    """104.2a-b, 703.4a-b, checked after every action (703.2: state-based actions)."""
    found = []
    for seat in range(len(state.match.players)):
        if not state.zone("deck", seat):
            found.append(Loss(seat, "104.2b, 703.4b", "no cards left in their deck"))
    hit = state.board.data("hit")
    if hit is not None:
        found.append(Loss(int(hit), "104.2a, 509.1", "attacked directly with no shields"))
    return found
