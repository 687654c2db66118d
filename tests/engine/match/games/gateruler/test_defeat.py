"""Defeat through the defeat process (12-2): damage equal to life (12-2a-1), an empty deck (12-2a-2),
both at once is a draw (12-2c-1, 1-4b-1), a heal in response saves (12-2d-1), concession (1-4c).
Played on the one harness of the four games (:class:`tests.engine.match.games.harness.Scenario`)."""

from __future__ import annotations

from engine.match.actions import Concede, Move, PassPriority, ZoneRef
from engine.match.events import Event
from engine.match.games.gateruler.actions import GrAttack, GrDamage
from engine.match.games.gateruler.board import gate
from tests.engine.match.games.gateruler.scenario import deck_of, game, move_on
from tests.engine.match.games.harness import ALICE, BOB, Scenario, assert_draw, assert_lost, assert_won


def pass_both(match: Scenario) -> list[Event]:
    """Both players pass priority in a row, starting with the holder (9-3g-1); the events of both."""
    first = match.act(match.state.board.priority, PassPriority)
    return first + match.act(match.state.board.priority, PassPriority)


def hit_ruler(match: Scenario) -> Scenario:
    """Alice attacks Bob's ruler with her ruler and both pass to the damage step (8-6d)."""
    move_on(match, "declare")
    rulers = [match.at(match.state.zone("ruler", seat)[0]) for seat in (ALICE, BOB)]
    match.act(ALICE, GrAttack, attacker=rulers[0], target=rulers[1])
    pass_both(match)
    return match


def kinds(match: Scenario) -> list[str]:
    return [item["kind"] for item in gate(match.state.board)]


def test_damage_equal_to_life_adds_a_defeat_process_and_its_resolution_ends_the_match() -> None:
    """3-13d and 12-2a-1: 1 damage card against life 1; 12-2c the defeat process goes into the gate; the
    player loses when it resolves (12-2d-1) after both players pass."""
    match = hit_ruler(game([deck_of("A"), deck_of("B", life=1)]))
    assert match.state.status == "playing"
    assert kinds(match) == ["defeat"]
    events = pass_both(match)
    assert_lost(match.state, BOB, "12-2a-1")
    assert_won(match.state, ALICE)
    assert "Bob still fulfils a defeat condition and loses (12-2d-1)." in match.lines(None, events)


def test_no_defeat_process_is_added_once_the_match_has_ended() -> None:
    """1-4b: with one player left the game ends at that point; 12-2c adds a defeat process only during
    the game, so the loser who still fulfils a condition gets no new one, and nobody is told of one."""
    match = hit_ruler(game([deck_of("A"), deck_of("B", life=1)]))
    events = pass_both(match)
    assert match.state.ended
    assert not any(event.kind == "gr_defeat_process" for event in events)
    assert not any("defeat process" in line for line in match.lines(None, events))
    assert kinds(match) == []


def test_damage_zone_cards_are_counted_in_words_that_agree() -> None:
    """12-2a-1: two cards against life 2 reads "2 cards"; one card against life 1 reads "1 card"."""
    match = hit_ruler(game([deck_of("A", stk=2), deck_of("B", life=2)]))
    pass_both(match)
    assert_lost(match.state, BOB, "12-2a-1")
    assert match.state.end_reason == "Bob: defeated: 2 cards in the damage zone, life 2 (12-2a-1)"
    match = hit_ruler(game([deck_of("A"), deck_of("B", life=1)]))
    pass_both(match)
    assert match.state.end_reason == "Bob: defeated: 1 card in the damage zone, life 1 (12-2a-1)"


def test_a_heal_in_response_to_the_defeat_process_saves_the_player() -> None:
    """13-4b healing moves damage cards to the graveyard; 12-2d-1 only a player who still fulfils a
    defeat condition when the process resolves loses."""
    match = hit_ruler(game([deck_of("A"), deck_of("B", life=1)]))
    match.act(ALICE, PassPriority)
    damage = match.at(match.state.zone("damage", BOB)[0])
    match.act(BOB, Move, cards=(damage,), to=ZoneRef(zone="graveyard"))
    events = pass_both(match)
    assert match.state.status == "playing" and not kinds(match)
    assert "Bob no longer fulfils a defeat condition (12-2d-1)." in match.lines(None, events)


def test_an_empty_deck_is_a_defeat_condition() -> None:
    """12-2a-2: Bob's deck (5 cards, 4 to the Setup hand) runs out drawing 2 at his Start of Turn."""
    match = game([deck_of("A"), deck_of("B", size=5)])
    move_on(match, "turn")
    assert not match.state.zone("deck", BOB) and kinds(match)[0] == "defeat"
    pass_both(match)
    assert_lost(match.state, BOB, "12-2a-2")
    assert_won(match.state, ALICE)


def test_both_players_defeated_by_one_process_is_a_draw() -> None:
    """12-2c-1: both fulfil a condition at once, one process is linked to both; 1-4b-1 nobody is left:
    a draw."""
    match = game([deck_of("A", size=4), deck_of("B", size=4)])
    assert gate(match.state.board)[0] == {"kind": "defeat", "players": [ALICE, BOB]}
    pass_both(match)
    assert_draw(match.state)
    assert_lost(match.state, ALICE, "12-2a-2")
    assert_lost(match.state, BOB, "12-2a-2")


def test_ruler_damage_from_an_effect_goes_through_the_same_process() -> None:
    """15-20 effect damage to a ruler adds to its current ruler damage (13-2b-1), then 12-3 and 13-6."""
    match = game([deck_of("A"), deck_of("B", life=2)])
    events = match.act(ALICE, GrDamage, target=match.at(match.state.zone("ruler", BOB)[0]), amount=2)
    assert len(match.state.zone("damage", BOB)) == 2 and kinds(match)[0] == "defeat"
    assert "You deal 2 ruler damage to B Ruler (15-20, 13-2b)." in match.lines(ALICE, events)
    pass_both(match)
    assert_lost(match.state, BOB, "12-2a-1")


def test_a_player_may_concede_at_any_time() -> None:
    """1-4c, even without priority."""
    match = game()
    match.act(BOB, Concede)
    assert_won(match.state, ALICE)
    assert match.state.end_reason == "concede"
