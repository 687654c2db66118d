"""200 random Cardfight!! Vanguard games, each walk checked three ways at every step
(:mod:`engine.match.random_games`): the rules and invariants after every action with every viewer's
lines and a replay at the end, the offers (every accepted action covered, a random offer of each seat
accepted), and the hidden information (twin windows)."""

from __future__ import annotations

import pytest

from engine.match.games.vanguard import DEFINITION
from tests.engine.match.games.random_checks import CHUNKS, SIZE, assert_twins_compared, checked_chunk

pytestmark = pytest.mark.slow

OWN = {"vg_redraw", "vg_call", "vg_attack", "vg_guard", "vg_pass", "vg_modify", "vg_swap"}
"""Vanguard's own action types every chunk of random games takes as offers (not a vacuous check)."""
CARD_TEXT = {"retire", "draw", "search", "call", "soul-charge", "soul-blast", "counter-blast", "power"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_by_the_rules_offer_every_action_and_hide_what_is_hidden(chunk: int) -> None:
    checked = checked_chunk(DEFINITION, chunk)
    for result in checked.results:
        assert result.reason and "concede" not in result.reason
        assert any(rule in result.reason for rule in ("9.2.2", "9.2.3", "9.2.4")), result.reason
        assert result.turns >= 2
    offers = checked.offers
    assert offers.actions > 20 * SIZE, offers.actions
    assert set(offers.taken) >= OWN, sorted(OWN - set(offers.taken))
    assert set(offers.effects) >= CARD_TEXT, sorted(CARD_TEXT - set(offers.effects))
    assert_twins_compared(checked)
