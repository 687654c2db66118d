"""Defeat through the defeat process (12-2): damage equal to life (12-2a-1), an empty deck (12-2a-2),
both at once is a draw (12-2c-1, 1-4b-1), a heal in response saves (12-2d-1), concession (1-4c)."""

from __future__ import annotations

from engine.match.actions import Concede, Move, NextPhase, PassPriority, PassTurn, ZoneRef
from engine.match.games.gateruler.actions import GrAttack, GrDamage
from engine.match.games.gateruler.board import gate
from engine.match.state import MatchState
from tests.engine.games.gateruler.scenario import act, at, deck_of, do, ids, lines, pass_both, start
from tests.engine.games.harness import assert_draw, assert_lost, assert_won


def hit_ruler(state: MatchState) -> MatchState:
    """Alice attacks Bob's ruler with her ruler and both pass to the damage step (8-6d)."""
    state = do(state, NextPhase, 0)
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    return pass_both(state)[0]


def test_damage_equal_to_life_adds_a_defeat_process_and_its_resolution_ends_the_match() -> None:
    """3-13d and 12-2a-1: 1 damage card against life 1; 12-2c the defeat process goes into the gate; the
    player loses when it resolves (12-2d-1) after both players pass."""
    state = hit_ruler(start([deck_of("A"), deck_of("B", life=1)]))
    assert state.status == "playing"
    assert [item["kind"] for item in gate(state.board)] == ["defeat"]
    state, events = pass_both(state)
    assert_lost(state, 1, "12-2a-1")
    assert_won(state, 0)
    assert "Bob still fulfils a defeat condition and loses (12-2d-1)." in lines(events, state, None)


def test_no_defeat_process_is_added_once_the_match_has_ended() -> None:
    """1-4b: with one player left the game ends at that point; 12-2c adds a defeat process only during
    the game, so the loser who still fulfils a condition gets no new one, and nobody is told of one."""
    state = hit_ruler(start([deck_of("A"), deck_of("B", life=1)]))
    state, events = pass_both(state)
    assert state.ended
    assert not any(event.kind == "gr_defeat_process" for event in events)
    assert not any("defeat process" in line for line in lines(events, state, None))
    assert [item["kind"] for item in gate(state.board)] == []


def test_damage_zone_cards_are_counted_in_words_that_agree() -> None:
    """12-2a-1: two cards against life 2 reads "2 cards"; one card against life 1 reads "1 card"."""
    state = hit_ruler(start([deck_of("A", stk=2), deck_of("B", life=2)]))
    state, _ = pass_both(state)
    assert_lost(state, 1, "12-2a-1")
    assert state.end_reason == "Bob: defeated: 2 cards in the damage zone, life 2 (12-2a-1)"


def test_a_heal_in_response_to_the_defeat_process_saves_the_player() -> None:
    """13-4b healing moves damage cards to the graveyard; 12-2d-1 only a player who still fulfils a
    defeat condition when the process resolves loses."""
    state = hit_ruler(start([deck_of("A"), deck_of("B", life=1)]))
    state = do(state, PassPriority, 0)
    damage = ids(state, "damage", 1)[0]
    state = do(state, Move, 1, cards=(at(state, "damage", 1, damage),), to=ZoneRef(zone="graveyard"))
    state, events = pass_both(state)
    assert state.status == "playing" and not gate(state.board)
    assert "Bob no longer fulfils a defeat condition (12-2d-1)." in lines(events, state, None)


def test_an_empty_deck_is_a_defeat_condition() -> None:
    """12-2a-2: Bob's deck (5 cards, 4 to the Setup hand) runs out drawing 2 at his Start of Turn."""
    state = start([deck_of("A"), deck_of("B", size=5)])
    state = do(state, PassTurn, 0)
    assert not ids(state, "deck", 1) and gate(state.board)[0]["kind"] == "defeat"
    state, _ = pass_both(state)
    assert_lost(state, 1, "12-2a-2")
    assert_won(state, 0)


def test_both_players_defeated_by_one_process_is_a_draw() -> None:
    """12-2c-1: both fulfil a condition at once, one process is linked to both; 1-4b-1 nobody is left:
    a draw."""
    state = start([deck_of("A", size=4), deck_of("B", size=4)])
    assert gate(state.board)[0] == {"kind": "defeat", "players": [0, 1]}
    state, _ = pass_both(state)
    assert_draw(state)
    assert_lost(state, 0, "12-2a-2")
    assert_lost(state, 1, "12-2a-2")


def test_ruler_damage_from_an_effect_goes_through_the_same_process() -> None:
    """15-20 effect damage to a ruler adds to its current ruler damage (13-2b-1), then 12-3 and 13-6."""
    state = start([deck_of("A"), deck_of("B", life=2)])
    state, events = act(state, GrDamage, 0, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]), amount=2)
    assert len(ids(state, "damage", 1)) == 2 and gate(state.board)[0]["kind"] == "defeat"
    assert "You deal 2 ruler damage to B Ruler (15-20, 13-2b)." in lines(events, state, 0)
    state, _ = pass_both(state)
    assert state.winner == 0


def test_a_player_may_concede_at_any_time() -> None:
    """1-4c, even without priority."""
    state = do(start(), Concede, 1)
    assert state.ended and state.winner == 0 and state.end_reason == "concede"
