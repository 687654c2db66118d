"""200 random Gate Ruler games, each walk checked three ways at every step
(:mod:`engine.match.random_games`): the rules and invariants after every action with every viewer's
lines and a replay at the end, the offers (every accepted action covered, a random offer of each seat
accepted), and the hidden information (twin windows)."""

from __future__ import annotations

import pytest

from engine.match.games.gateruler import DEFINITION
from tests.engine.match.games.random_checks import CHUNKS, SIZE, assert_twins_compared, checked_chunk

pytestmark = pytest.mark.slow

OWN = {
    "gr_ruler",
    "gr_summon",
    "gr_play",
    "gr_set",
    "gr_drive",
    "gr_rearrange",
    "gr_attack",
    "gr_end_attacks",
    "gr_damage",
    "gr_reversal",
    "gr_add_charge",
}
"""Gate Ruler's own action types every chunk of random games takes as offers (not a vacuous check)."""
CARD_TEXT = {"destroy", "remove", "draw", "discard", "search", "special-summon", "ready", "damage"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_by_the_rules_offer_every_action_and_hide_what_is_hidden(chunk: int) -> None:
    checked = checked_chunk(DEFINITION, chunk)
    results = checked.results
    assert all(result.reason for result in results)
    assert all("12-2a-1" in r.reason or "12-2a-2" in r.reason for r in results)
    assert any("12-2a-2" in r.reason for r in results) and any("12-2a-1" in r.reason for r in results)
    offers = checked.offers
    assert offers.actions > 20 * SIZE, offers.actions
    assert set(offers.taken) >= OWN, sorted(OWN - set(offers.taken))
    assert set(offers.effects) >= CARD_TEXT, sorted(CARD_TEXT - set(offers.effects))
    assert_twins_compared(checked)
