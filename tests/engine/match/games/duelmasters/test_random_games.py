"""200 random Duel Masters games, each walk checked three ways at every step
(:mod:`engine.match.random_games`): the rules and invariants after every action with every viewer's
lines and a replay at the end, the offers (every accepted action covered, a random offer of each seat
accepted), and the hidden information (twin windows)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.match.games.duelmasters import DEFINITION
from tests.engine.match.games.random_checks import CHUNKS, SIZE, assert_twins_compared, checked_chunk

pytestmark = pytest.mark.slow

OWN = {"dm_charge", "dm_use", "dm_attack", "dm_block", "dm_break", "dm_trigger", "dm_change"}
"""Duel Masters' own action types every chunk of random games takes as offers (not a vacuous check)."""
CARD_TEXT = {"destroy", "return", "mana", "draw", "discard", "search", "shield", "tap", "power"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_by_the_rules_offer_every_action_and_hide_what_is_hidden(chunk: int) -> None:
    checked = checked_chunk(DEFINITION, chunk)
    reasons: Counter[str] = Counter()
    for result in checked.results:
        assert result.winner_seat in (0, 1, None)
        assert "104.2a" in result.reason or "104.2b" in result.reason, result.reason
        reasons["direct attack" if "104.2a" in result.reason else "deck out"] += 1
    # both loss conditions of 104.2 end some of the games
    assert reasons["direct attack"] > 0 and reasons["deck out"] > 0
    offers = checked.offers
    assert offers.actions > 20 * SIZE, offers.actions
    assert set(offers.taken) >= OWN, sorted(OWN - set(offers.taken))
    assert set(offers.effects) >= CARD_TEXT, sorted(CARD_TEXT - set(offers.effects))
    assert_twins_compared(checked)
