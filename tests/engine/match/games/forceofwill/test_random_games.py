"""200 random Force of Will games, each walk checked three ways at every step
(:mod:`engine.match.random_games`): the rules and invariants after every action with every viewer's
lines and a replay at the end, the offers (every accepted action covered, a random offer of each seat
accepted), and the hidden information (twin windows)."""

from __future__ import annotations

import pytest

from engine.match.games.forceofwill import DEFINITION
from tests.engine.match.games.random_checks import CHUNKS, SIZE, assert_twins_compared, checked_chunk

pytestmark = pytest.mark.slow

OWN = {
    "fow_mulligan",
    "fow_produce",
    "fow_play",
    "fow_call_stone",
    "fow_battle",
    "fow_ability",
    "fow_damage",
    "pass_priority",
}
"""The game's action types every chunk of random games takes as offers (and the game's pass)."""
CARD_TEXT = {"destroy", "remove", "banish", "draw", "discard", "search", "rest", "damage"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_by_the_rules_offer_every_action_and_hide_what_is_hidden(chunk: int) -> None:
    checked = checked_chunk(DEFINITION, chunk)
    reasons = set()
    for result in checked.results:
        assert result.reason and result.turns >= 2
        assert "(1202." in result.reason
        reasons.add(result.reason.split(": ", 1)[-1])
    assert "life 0 or less (1202.1)" in reasons
    offers = checked.offers
    assert offers.actions > 50 * SIZE, offers.actions
    assert set(offers.taken) >= OWN, OWN - set(offers.taken)
    assert set(offers.effects) >= CARD_TEXT, sorted(CARD_TEXT - set(offers.effects))
    assert_twins_compared(checked)
