"""A spec that only borrows a game's key (a test's own, or a stored match made with an older version
of the game) plays with the generic engine alone: no hook of the game's definition ever sees it.

The engine reaches a definition only through :func:`engine.match.game.definition_of`, which gives none
to a spec that is not the definition's own; so a definition's hooks need no check of their own that
the match plays their spec. Here every hook of each registered game's definition raises, and a demo
game played under that game's key still sets up, shows, offers and applies its actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games import GAMES, game_keys
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.game import definition_of
from engine.match.offers import offers
from engine.match.setup import new_match
from engine.match.spec import GameSpec
from engine.match.stops import automatic_pass
from engine.match.view import view
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action

HOOKS = ("setup", "allows", "skipped", "settle", "losers", "offers", "view", "check_invariants")
ACTIONS = 150


def _never(hook: str) -> Any:
    def reached(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the definition's {hook} was called for a spec that borrows its key")

    return reached


@pytest.mark.parametrize("key", game_keys())
def test_a_spec_borrowing_a_games_key_never_reaches_its_definition(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    definition = GAMES[key].definition.load()
    for hook in HOOKS:
        monkeypatch.setattr(type(definition), hook, _never(hook))
    spec = GameSpec.model_validate({**DEMO_SPEC.model_dump(), "key": key})
    assert definition_of(spec) is None and definition_of(definition.spec) is definition
    state = new_match(spec, list(PLAYERS), demo_decks(), bytes(32), first_player=0)
    rng = random.Random(key)
    accepted = 0
    for _ in range(ACTIONS):
        for seat in (0, 1, None):
            assert view(state, seat)["game"] == key
        for seat in (0, 1):
            offers(state, seat)
        automatic_pass(state)
        try:
            state, _events = apply(state, random_action(state, rng, allow_end=False))
        except ActionRefused:
            continue
        accepted += 1
    assert accepted > ACTIONS // 4
