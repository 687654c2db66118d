"""200 simulated games of Force of Will run to their end with the invariants checked after every
action (engine.match.simulate), ending by the rules (1202), never by a cap."""

from __future__ import annotations

from engine.match.games.forceofwill import FORCE_OF_WILL
from engine.match.simulate import simulate_game


def test_200_random_games_end_by_the_rules() -> None:
    reasons = set()
    for number in range(1, 201):
        result = simulate_game(FORCE_OF_WILL, 7, number)
        assert result.reason and result.turns >= 2
        assert "(1202." in result.reason
        reasons.add(result.reason.split(": ", 1)[-1])
    assert "life 0 or less (1202.1)" in reasons
