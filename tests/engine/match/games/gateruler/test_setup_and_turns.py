"""Preparation (5-3), the ruler's numbers (5-3b), the start phase (6-2) and its first-turn draw (6-2f-1)."""

from __future__ import annotations

import pytest

from engine.errors import ArbiterError
from engine.match.actions import Move, NextPhase, ZoneRef
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import GrRuler, GrSummon
from engine.match.games.gateruler.board import value
from engine.match.games.gateruler.spec import MAIN, SETUP
from engine.match.state import state_digest
from engine.match.view import view
from tests.engine.match.games.gateruler.scenario import (
    NUMBERS,
    act,
    at,
    deck_of,
    do,
    ids,
    lines,
    moved_on,
    pass_both,
    start,
)


def test_preparation_puts_rulers_in_play_deals_setup_hands_and_resources() -> None:
    """5-3a ruler in the ruler zone and deck shuffled, 5-3b Setup (4 cards, 3 resources), 5-3c Alice
    first; 6-2f Start of Turn: draw 2 minus one on the first player's first turn (6-2f-1), gain 1."""
    state = start()
    board = state.board
    assert board.turn == 1 and board.active == 0 and board.phase == MAIN
    assert len(ids(state, "ruler", 0)) == 1 and len(ids(state, "ruler", 1)) == 1
    assert len(ids(state, "hand", 0)) == 4 + 2 - 1
    assert len(ids(state, "hand", 1)) == 4
    assert len(ids(state, "deck", 0)) == 30 - 5 and len(ids(state, "deck", 1)) == 30 - 4
    assert len(ids(state, "resource", 0)) == 3 + 1 and len(ids(state, "resource", 1)) == 3
    assert value(board, 0, "life") == 6 and value(board, 1, "life") == 6
    assert value(board, 0, "summon_cap") == 2 and value(board, 1, "summon_cap") == -1  # 6-2a


def test_second_player_draws_in_full_and_caps_swap() -> None:
    """6-2f-1 applies only to the first player's first turn; 6-2a gives the active player their ruler's
    caps and the other an infinite cap."""
    state = moved_on(start(), "turn")
    board = state.board
    assert board.turn == 2 and board.active == 1 and board.phase == MAIN
    assert len(ids(state, "hand", 1)) == 4 + 2
    assert len(ids(state, "resource", 1)) == 3 + 1
    assert value(board, 1, "summon_cap") == 2 and value(board, 0, "summon_cap") == -1


def test_start_phase_readies_ruler_and_attack_zones_but_not_defense() -> None:
    """6-2c: the active player's ruler and attack zones ready; defense zones stay exhausted (3-9c)."""
    state = start()
    hand = ids(state, "hand", 0)
    state = do(state, GrSummon, 0, card=at(state, "hand", 0, hand[0]), zone="defense")
    state = pass_both(state)[0]
    guard = ids(state, "defense", 0)[0]
    assert state.board.cards[guard].orientation == 1
    state = moved_on(moved_on(state, "turn"), "turn")
    assert state.board.active == 0
    assert state.board.cards[guard].orientation == 1
    assert state.board.cards[ids(state, "ruler", 0)[0]].orientation == 0


def test_rulers_without_numbers_wait_for_their_players_at_setup() -> None:
    """5-3b: numbers the card data does not give are entered by each player; both act in setup."""
    state = start([deck_of("A", full=False), deck_of("B", full=False)])
    assert state.board.phase == SETUP
    with pytest.raises(ActionRefused, match=r"^The match is being prepared: each player first enters"):
        act(state, NextPhase, 0)
    with pytest.raises(ActionRefused, match=r"^Enter your ruler's attack zones, defense zones, set zones"):
        act(state, GrRuler, 1, life=6)
    with pytest.raises(ActionRefused, match=r"^Your ruler's card data gives its life as 6\.$"):
        act(state, GrRuler, 1, life=9, **{k: v for k, v in NUMBERS.items()})
    state, events = act(state, GrRuler, 1, **NUMBERS)
    assert "Your ruler: life 6, 2 attack, 1 defense and 2 set zones" in lines(events, state, 1)[0]
    assert state.board.phase == SETUP
    with pytest.raises(ActionRefused, match=r"^Your ruler's numbers are already set\.$"):
        act(state, GrRuler, 1, **NUMBERS)
    state = do(state, GrRuler, 0, **NUMBERS)
    assert state.board.phase == MAIN and len(ids(state, "hand", 0)) == 5
    with pytest.raises(ActionRefused, match=r"^The setup is over"):
        act(state, GrRuler, 0, **NUMBERS)
    assert view(state, 0)["game_data"]["rulers"][1]["summon_cap"] == 2


def test_a_ruler_never_leaves_its_zone_and_a_refusal_changes_nothing() -> None:
    """3-7e: moving a ruler is refused; 3-7c: nothing else enters a ruler zone."""
    state = start()
    before = state_digest(state)
    with pytest.raises(ActionRefused, match=r"^A ruler never leaves its ruler zone \(3-7e\)\.$"):
        act(
            state, Move, 0, cards=(at(state, "ruler", 0, ids(state, "ruler", 0)[0]),), to=ZoneRef(zone="hand")
        )
    with pytest.raises(ActionRefused, match=r"^Only a ruler or a geas can be in a ruler zone \(3-7c\)\.$"):
        act(state, Move, 0, cards=(at(state, "hand", 0, ids(state, "hand", 0)[0]),), to=ZoneRef(zone="ruler"))
    assert state_digest(state) == before


def test_views_hide_the_deck_and_the_opponents_hand() -> None:
    """3-4b the deck is hidden from all; 3-5b the hand from the opponent."""
    state = start()
    seen = view(state, 1)
    zones = {(z["zone"], z["player"]): z for z in seen["zones"]}
    assert all("name" not in card for card in zones[("hand", 0)]["cards"])
    assert all("name" in card for card in zones[("hand", 1)]["cards"])
    assert all("name" not in card for card in zones[("deck", 1)]["cards"])
    assert zones[("deck", 1)]["count"] == 26


def test_ruler_numbers_from_card_data_are_checked_like_entered_ones() -> None:
    """2-6: a ruler's life is at least 1; wrong card data refuses the match with a sentence naming the
    ruler, as an entered number would be refused."""
    with pytest.raises(
        ArbiterError, match=r"^The card data of A Ruler is wrong: A ruler's life is at least 1"
    ):
        start([deck_of("A", life=0), deck_of("B")])
    with pytest.raises(ArbiterError, match=r"A ruler's hand cannot be -2"):
        start([deck_of("A", hand=-2), deck_of("B")])
