"""A whole match of each game played in the offline console as its two players type it, on a real
database: a challenge, the decks, the setup (a mulligan or redraw where the game has one), turns with
the game's combat procedure, and a finish by the rules.

Each move is typed as a player types it: ``/match hand`` shows the numbered offers, and ``/match take
ID N field:choice ...`` takes one with its choices by option number. Which offer a player takes is
the game's random player's choice (:meth:`engine.match.game.GameDefinition.random_actions`), found
among the offers as ``arbiter match play`` finds it; where the game has a mulligan or redraw, each
player takes it at the start. No player concedes: the match ends by the game's own rules."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.app import App
from bot.console import Console
from engine.match.actions import BaseAction
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, covering, offers
from engine.match.simulate import game_seed
from engine.match.state import MatchState

NAMES = ("Ann", "Ben")
MOST = 2_000
"""The most moves a match may take before the test calls it stalled."""

GAMES = {
    # game: (seed, the setup action taken by each player first, the combat actions the match must hold)
    "gateruler": (3, None, {"gr_attack", "gr_combat_damage"}),
    "forceofwill": (3, "fow_mulligan", {"fow_attack", "fow_battle"}),
    "vanguard": (3, "vg_redraw", {"vg_attack", "vg_guard"}),
    "duelmasters": (3, None, {"dm_attack", "dm_block", "dm_break"}),
}


def typed(offer: Offer, choices: dict[str, Any]) -> str:
    """The choices as a player types them: cards and picks by option number from 1."""
    words = []
    for need in offer.needs:
        if need.field not in choices:
            continue
        value = choices[need.field]
        if isinstance(need, PickNeed):
            text = str(list(need.options).index(value) + 1)
        elif value is None or value == ():
            continue
        elif isinstance(need, CardsNeed):
            chosen = value if isinstance(value, tuple | list) else [value]
            keys = [at.index for at in need.options] if need.indexes else list(need.options)
            text = ",".join(str(keys.index(item) + 1) for item in chosen)
        elif isinstance(need, NumberNeed):
            text = str(value)
        else:
            text = str(value)
        words.append(f'"{need.field}:{text}"')
    return " ".join(words)


def next_move(
    state: MatchState, game: str, rng: random.Random, setup: set[int], first: str | None
) -> BaseAction:
    """The move a player makes now: the setup action once each, else the random player's first
    accepted action."""
    definition = game_definition(game)
    if first is not None:
        for seat in (0, 1):
            if seat in setup:
                continue
            offer = next((o for o in offers(state, seat) if o.type == first), None)
            if offer is not None:
                setup.add(seat)
                return offer.build(seat, state.version, offer.sample(rng))
    for action in definition.random_actions(state, rng):
        try:
            apply(state, action)
        except ActionRefused:
            continue
        return action
    raise AssertionError(f"no accepted action at version {state.version}")


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

    rng = random.Random(f"console-{game}-{seed}")
    setup: set[int] = set()
    taken: Counter[str] = Counter()
    state = await app.matches.state(1)
    while state.status == "playing":
        assert sum(taken.values()) < MOST, f"{game}: the match did not end after {MOST} moves"
        action = next_move(state, game, rng, setup, first)
        offer = covering(state, action)
        assert offer is not None, f"no offer covers {action!r}"
        number = offers(state, action.actor).index(offer) + 1
        name = NAMES[action.actor]
        panel = await console.handle(f"/match hand 1 as:{name}")
        if number <= 40:
            assert f"{number}. {offer.label}" in panel, (number, offer.label, panel)
        choices = typed(offer, offer.choices_of(action, state))
        reply = await console.handle(f"/match take 1 {number} {choices} as:{name}".replace("  ", " "))
        after = await app.matches.state(1)
        assert after.version > state.version, f"/match take 1 {number} {choices} as:{name}: {reply}"
        taken[action.type] += 1
        state = after

    assert state.winner is not None and state.end_reason, state.end_reason
    assert "concede" not in state.end_reason.lower()
    assert state.board.turn >= 3, "several turns"
    if first is not None:
        assert taken[first] >= 2, "each player took the setup action"
    assert combat <= set(taken), sorted(combat - set(taken))
    final = await console.handle("/match board 1")
    assert "Match #1 is over" in final and "arbiter match verify" in final
    assert re.search(rf"{NAMES[state.winner]}\b.*win", final), final
