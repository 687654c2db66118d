"""What a viewer knows by name (engine.match.state): the name of every card they know now, and, for a
player, every name of their own decklist (the names and counts of the cards they brought, not where
they are). No player knows the opponent's decklist; a spectator knows neither."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.indistinguishability import origins, twin
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import MatchState, decklists_of
from tests.engine.match.games.vanguard import helpers as vanguard
from tests.property_costs import MATCHES

GAMES = ("duelmasters", "vanguard", "forceofwill", "gateruler")


def _match(game: str, seed: int) -> tuple[MatchState, list[Counter[str]]]:
    definition = game_definition(game)
    rng = random.Random(f"knowledge:{seed}")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    brought = [Counter(ref.name for refs in deck.values() for ref in refs) for deck in decks]
    return new_match(definition.spec, PLAYERS, decks, game_seed(seed, 1)), brought


def _play(state: MatchState, rng: random.Random, actions: int) -> list[MatchState]:
    definition = game_definition(state.match.spec.key)
    states = [state]
    for _ in range(actions):
        if state.status != "playing":
            break
        for action in definition.random_actions(state, rng):
            try:
                state, _ = apply(state, action)
            except ActionRefused:
                continue
            states.append(state)
            break
    return states


@pytest.mark.parametrize("game", GAMES)
def test_a_match_keeps_each_players_decklist_every_section_together(game: str) -> None:
    state, brought = _match(game, 1)
    for seat, counts in enumerate(brought):
        assert state.match.decklists[seat] == tuple(sorted(counts.items()))
        assert state.match.decklist_names(seat) == frozenset(counts)
    assert state.match.decklists == decklists_of(state.match.table, state.board.cards, 2)


@settings(MATCHES)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_what_a_viewer_knows_by_name_over_random_games(game: str, seed: int) -> None:
    """At every state of a random game: the decklists stay what the players brought (a card's owner
    never changes, no card is made); a player knows the names of the cards they know and of their
    own decklist, and nothing else; a spectator knows only names of cards every player knows (less
    than either player); a snapshot keeps the decklists."""
    state, brought = _match(game, seed)
    match = state.match
    table = match.table
    for now in _play(state, random.Random(seed), 150):
        assert decklists_of(table, now.board.cards, 2) == match.decklists
        for seat in (0, 1):
            cards = enumerate(now.board.cards)
            seen = {table[card.ref].name for card_id, card in cards if now.knows(seat, card_id)}
            assert now.known_names(seat) == frozenset(brought[seat]) | seen
        spectator = now.known_names(None)
        assert spectator <= now.known_names(0) & now.known_names(1)
        assert spectator == {
            table[card.ref].name for card_id, card in enumerate(now.board.cards) if now.knows(None, card_id)
        }
    last = MatchState.from_json(now.to_json(), match.spec)
    assert last.match.decklists == match.decklists and last == now


def test_the_opponents_decklist_is_not_known_until_a_card_of_it_is() -> None:
    """Vanguard decks with no name in common (Alpha's and Beta's), before Stand Up: each player knows
    every name of their own decklist, though their deck is shuffled face down and they know no card
    of it, and no name of the opponent's; the spectator knows none. Once the first vanguards are
    face up (Stand Up, 5.4.3), their names are everyone's."""
    state = vanguard.start()
    alpha, beta = (state.match.decklist_names(seat) for seat in (0, 1))
    assert not alpha & beta and "Alpha Stand" in alpha
    deck = state.zone("deck", 0)
    assert not any(state.knows(0, card) for card in deck)
    assert {state.ref(card).name for card in deck} <= state.known_names(0)
    assert state.known_names(0) == alpha and state.known_names(1) == beta
    assert state.known_names(None) == frozenset()
    begun = vanguard.begin()
    assert begun.known_names(None) == {"Alpha Starter", "Beta Starter"}
    assert begun.known_names(1) == beta | {"Alpha Starter"}


@pytest.mark.parametrize("game", GAMES)
def test_a_twin_keeps_what_its_viewer_knows_by_name(game: str) -> None:
    """The hidden-information check's twins (engine.match.indistinguishability.twin): a player's twin
    keeps both decklists (a player knows their own, and the opponent's cards are swapped among
    themselves) and the names the player knows; a spectator's twin across owners may give the players
    other decklists, and its match says so, while the names a spectator knows stay the same."""
    definition = game_definition(game)
    rng = random.Random("twin-names")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    state = new_match(definition.spec, PLAYERS, decks, game_seed(3, 1))
    origin = origins(definition, decks)
    for viewer in (0, 1):
        for others_only in (False, True):
            other, _ = twin(state, viewer, origin, random.Random(viewer), others_only=others_only)
            assert other.match.decklists == state.match.decklists
            assert other.known_names(viewer) == state.known_names(viewer)
    moved = False
    for seed in range(5):
        other, _ = twin(state, None, origin, random.Random(seed), others_only=False, across_owners=True)
        assert other.match.decklists == decklists_of(state.match.table, other.board.cards, 2)
        assert other.known_names(None) == state.known_names(None)
        moved = moved or other.match.decklists != state.match.decklists
    assert moved, "decks with names of their own: swapping across owners changes the decklists"
