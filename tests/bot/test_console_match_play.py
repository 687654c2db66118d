"""A whole match of each game played in the offline console as its two players type it, on a real
database: a challenge, the decks, the setup (a mulligan or redraw where the game has one), turns with
the game's combat procedure, and a finish by the rules.

Each move is typed as a player types it (:func:`tests.bot.console_player.play_out`): ``/match hand``
shows the numbered offers, and ``/match take ID N field:choice ...`` takes one with its choices by
option number. No player concedes: the match ends by the game's own rules."""

from __future__ import annotations

import random
import re

import pytest

from bot.app import App
from bot.console import Console
from engine.match.simulate import game_seed
from tests.bot.console_player import play_out

pytestmark = pytest.mark.slow

NAMES = ("Ann", "Ben")

GAMES = {
    # game: (seed, the setup action taken by each player first, the combat actions the match must hold)
    # Gate Ruler's attacker passes their own attack's window by default, so an attack damage entered
    # there comes from the defender holding a set card (seed 5 has one).
    "gateruler": (5, None, {"gr_attack", "gr_combat_damage"}),
    "forceofwill": (3, "fow_mulligan", {"fow_attack", "fow_battle"}),
    "vanguard": (3, "vg_redraw", {"vg_attack", "vg_guard"}),
    "duelmasters": (3, None, {"dm_attack", "dm_block", "dm_break"}),
}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_match_is_played_to_its_end_in_the_console(app: App, game: str) -> None:
    seed, first, combat = GAMES[game]
    app.challenges.randomness = lambda: random.Random(seed)
    app.challenges.match_seed = lambda: game_seed(seed, 1)
    console = Console(app)
    challenged = await console.handle(f"/match challenge {game} opponent:Ben deck:practice as:Ann")
    assert "#1: Ann challenges Ben" in challenged, challenged
    board = await console.handle("/match accept 1 deck:practice as:Ben")
    assert "Match #1: Ann vs Ben" in board and "Seed hash" in board, board

    taken = (await play_out(console, app, 1, random.Random(f"console-{game}-{seed}"), first)).taken
    state = await app.matches.state(1)
    assert state.winner is not None and state.end_reason, state.end_reason
    assert "concede" not in state.end_reason.lower()
    assert state.board.turn >= 3, "several turns"
    if first is not None:
        assert taken[first] >= 2, "each player took the setup action"
    assert combat <= set(taken), sorted(combat - set(taken))
    final = await console.handle("/match board 1")
    assert "Match #1 is over" in final and "arbiter match verify" in final
    assert re.search(rf"{NAMES[state.winner]}\b.*win", final), final
