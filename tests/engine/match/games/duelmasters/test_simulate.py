"""200 random Duel Masters games to their end, by the rules: the simulator checks the engine's and the
game's invariants after every action, renders every viewer's lines and replays each game."""

from __future__ import annotations

from collections import Counter

from engine.match.games.duelmasters import DEFINITION
from engine.match.simulate import simulate


def test_two_hundred_random_games_end_by_the_rules() -> None:
    results = simulate(DEFINITION, games=200, seed=1)
    assert len(results) == 200
    reasons = Counter()
    for result in results:
        assert result.winner_seat in (0, 1, None)
        assert "104.2a" in result.reason or "104.2b" in result.reason, result.reason
        reasons["direct attack" if "104.2a" in result.reason else "deck out"] += 1
    # both loss conditions of 104.2 end some of the games
    assert reasons["direct attack"] > 0 and reasons["deck out"] > 0
