"""`arbiter match play GAME --auto` for the four games on seeds 1 to 10, as CI runs it: each match
played to its end through a challenge, the offers and the panels, every panel of every viewer checked
for a card name its viewer does not know (a leak), for an action no offer covers, and for a stall."""

from __future__ import annotations

import pytest

from bot.simulation.match_play import play
from engine.games import game_keys

pytestmark = pytest.mark.slow

SEEDS = range(1, 11)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", game_keys())
async def test_match_play_auto_finds_no_leak(game: str, seed: int) -> None:
    (result,) = await play(game, seed=seed, games=1)
    assert result.leaks == 0 and result.panels > 0
    assert result.reason, "the match ended with a reason"
