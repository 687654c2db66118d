"""A turn in a few commands: whole matches of each game typed in the console as its players type them
(:func:`tests.bot.console_player.typed_matches`, five seeds a game), with the game's default stops.
Each ``/match take`` is a command (its reply is the player's panel, so no read is counted); the
passes the match makes for a seat without a stop cost nothing. ``python -m bench typed_matches`` prints
the same table beside the matches played with every stop on."""

from __future__ import annotations

import pytest

from bot.app import App
from tests.bot.console_player import typed_matches

pytestmark = pytest.mark.slow

SEEDS = range(1, 6)
MOST_PER_TURN = 8.0
"""The most commands a turn may take, both players together, on average over the seeds."""
MOST_PASSES = 0.15
"""The largest share of commands that may pass priority, in a game whose default stops are all
decisions or steps of one's own turn (Duel Masters, Vanguard). In Force of Will and Gate Ruler each
card the opponent plays stops the other player before it resolves (605.1, 9-3e: a response a new
player must not miss), and that pass is counted: the bench prints their share."""


@pytest.mark.parametrize("game", ["duelmasters", "forceofwill", "gateruler", "vanguard"])
async def test_a_turn_takes_a_few_commands_with_the_default_stops(app: App, game: str) -> None:
    played = await typed_matches(app, game, SEEDS)
    turns = sum(typed.turns for typed in played)
    commands = sum(typed.commands for typed in played)
    per_turn = commands / turns
    assert all(typed.turns >= 3 for typed in played), "each match lasts several turns"
    assert per_turn <= MOST_PER_TURN, f"{game}: {per_turn:.2f} commands a turn over {turns} turns"
    if game in ("duelmasters", "vanguard"):
        passes = sum(typed.passes for typed in played)
        assert passes / commands <= MOST_PASSES, f"{game}: {passes} of {commands} commands pass priority"
