"""Practice decks (``deck:practice``, :meth:`GameDefinition.practice_deck`): a Gate Ruler practice ruler
has every number, so a practice match starts without anyone entering them (5-3b); the simulations'
decks, and what they draw from a seed, are unchanged, so they still cover the entry."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from engine.match.games import game_definition
from engine.match.games.gateruler import DEFINITION
from engine.match.games.gateruler.board import started
from engine.match.games.gateruler.simulate import random_deck
from engine.match.games.gateruler.spec import RULER_NUMBERS, RULER_REQUIRED
from engine.match.offers import offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import CardRef

SEEDS = range(40)


def _numbers(deck: Mapping[str, Sequence[CardRef]]) -> set[str]:
    return {name for name, _ in deck["ruler"][0].stats} & set(RULER_NUMBERS)


def test_a_practice_deck_is_the_random_deck_drawn_alike_with_every_ruler_number() -> None:
    for seed in SEEDS:
        plain_rng, practice_rng = random.Random(seed), random.Random(seed)
        plain = random_deck(plain_rng)
        practice = DEFINITION.practice_deck(practice_rng)
        assert plain_rng.random() == practice_rng.random(), "the same draws from the generator"
        assert practice["deck"] == plain["deck"] and practice["supply"] == plain["supply"]
        ruler, printed = practice["ruler"][0], plain["ruler"][0]
        assert (ruler.name, ruler.code) == (printed.name, printed.code)
        assert _numbers(practice) == set(RULER_NUMBERS)
        assert dict(printed.stats).items() <= dict(ruler.stats).items(), "what the ruler had is kept"


def test_the_simulations_rulers_still_lack_their_numbers_half_the_time() -> None:
    lacking = [
        seed for seed in SEEDS if not set(RULER_REQUIRED) <= _numbers(random_deck(random.Random(seed)))
    ]
    assert 0.25 * len(SEEDS) < len(lacking) < 0.75 * len(SEEDS), lacking


def test_a_match_of_practice_decks_starts_with_no_ruler_numbers_to_enter() -> None:
    """Seeds 2 and 5 draw rulers without their numbers; as practice decks they start at once (5-3b)."""
    lacking = [random_deck(random.Random(seed)) for seed in (2, 5)]
    assert all(not set(RULER_REQUIRED) <= _numbers(deck) for deck in lacking)
    waiting = new_match(DEFINITION.spec, PLAYERS, lacking, game_seed(1, 1))
    assert not started(waiting.board) and offers(waiting, 0)[0].type == "gr_ruler"
    decks = [DEFINITION.practice_deck(random.Random(seed)) for seed in (2, 5)]
    state = new_match(DEFINITION.spec, PLAYERS, decks, game_seed(1, 1))
    assert started(state.board) and state.board.turn >= 1
    for seat in (0, 1):
        assert "gr_ruler" not in {offer.type for offer in offers(state, seat)}


@pytest.mark.parametrize("game", ["forceofwill", "vanguard", "duelmasters"])
def test_the_other_games_practice_decks_are_their_random_decks(game: str) -> None:
    definition = game_definition(game)
    assert definition.practice_deck(random.Random(7)) == definition.random_deck(random.Random(7))
