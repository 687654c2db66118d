"""200 random Vanguard games to their end by the rules (1.2, 9.2), with the engine's and the game's
invariants checked after every action and replay determinism at the end (engine.match.simulate)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.simulate import simulate_game
from tests.engine.match.games.vanguard.helpers import DEFINITION
from tests.property_costs import MATCHES


@settings(MATCHES)
@given(seed=st.integers(min_value=0, max_value=1_000_000))
def test_any_seed_plays_to_an_end_by_the_rules(seed: int) -> None:
    """Whatever the seed, a random game ends by a losing condition of 9.2 (invariants checked)."""
    result = simulate_game(DEFINITION, seed, 1)
    assert any(rule in result.reason for rule in ("9.2.2", "9.2.3", "9.2.4")), result.reason
