"""200 random Gate Ruler games to their end by the rules; the simulator checks the engine's and the
definition's invariants after every action, renders every viewer's lines and replays each game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.model import CardRecord
from engine.match.games.gateruler import DEFINITION, stats_from_record
from engine.match.simulate import simulate_game
from tests.property_costs import MATCHES


@settings(MATCHES)
@given(st.integers(min_value=2, max_value=10**6))
def test_any_simulation_seed_ends_by_the_rules(seed: int) -> None:
    result = simulate_game(DEFINITION, seed, 1)
    assert result.reason and result.turns >= 1


def test_stats_from_a_card_record() -> None:
    record = CardRecord(
        game="gateruler",
        code="X-1",
        name="Vabelcion",
        types=["Unit"],
        stats={"level": 3, "atk": 4, "hp": 3, "stk": 1, "icons": ["CNT"]},
    )
    assert stats_from_record(record) == (
        ("atk", 4),
        ("cnt", 1),
        ("hp", 3),
        ("level", 3),
        ("stk", 1),
        ("type", "unit"),
    )
    ruler = CardRecord(
        game="gateruler", code="R-1", name="15. O - Overlord", types=["Ruler"], stats={"life": 8}
    )
    assert stats_from_record(ruler) == (("cnt", 0), ("life", 8), ("type", "ruler"))
