"""Vanguard's offers (engine.match.games.vanguard.offers): over random games every accepted action is
covered and every offer taken is accepted; in each step the step's decision comes first ("now"), then
the main phase's actions ("main"), then card text and the manual actions ("more")."""

from __future__ import annotations

from engine.match.actions import NextPhase, PassTurn
from engine.match.games.vanguard import VgAttack, VgCall, VgPass
from engine.match.offers import Offer, offers
from engine.match.state import CardRef
from tests.engine.match.games.offer_helpers import ordered, take_all, types
from tests.engine.match.games.vanguard.helpers import (
    at,
    begin,
    do,
    find,
    place,
    second_turn,
    start,
    to_battle,
)


def bystander(listed: list[Offer]) -> bool:
    """Only what a player who is not deciding may do: nothing of the game's, no board change."""
    return not any(kind.startswith("vg_") for kind in types(listed)) and not {
        "move",
        "draw",
        "next_step",
        "pass_turn",
    } & set(types(listed))


def test_at_setup_the_redraw_comes_first_for_the_first_player_only() -> None:
    """5.4.3.4: the first player keeps or redraws; the other player waits with the match's life only."""
    state = start()
    listed = offers(state, 0)
    assert [offer.label for offer in listed[:2]] == ["Keep", "Redraw"] and ordered(listed)
    assert bystander(offers(state, 1)) and "concede" in types(offers(state, 1))
    take_all(state, 0, 1)


def test_without_card_data_the_first_vanguard_search_comes_first() -> None:
    """5.4.3: decks without card data: each player's first offer puts one card of their deck face down
    on their vanguard circle; any card is accepted."""
    decks = [{"deck": [CardRef(f"{p} Card {i:02d}") for i in range(50)]} for p in ("Alpha", "Beta")]
    state = start(decks=decks)
    for seat in (0, 1):
        listed = offers(state, seat)
        assert listed[0].type == "search" and listed[0].label == "Choose your first vanguard"
        assert ordered(listed)
        take_all(state, seat, 7 + seat)


def test_the_ride_step_offers_the_ride_and_no_ride_first() -> None:
    """6.5.1.1: the ride step waits for the turn player: a ride and "No ride" come first (with the G
    assist when its public window is open and the hand allows it, 6.4.1.2); the opponent only waits."""
    state = begin()
    listed = offers(state, 0)
    now = [offer.label for offer in listed if offer.group == "now"]
    assert "Ride" in now and "No ride" in now and ordered(listed)
    assert listed[0].type in ("vg_g_assist", "vg_ride")
    assert "vg_call" not in types(listed) and "pass_priority" not in types(listed)
    assert bystander(offers(state, 1))
    take_all(state, 0, 2)


def test_the_main_phase_offers_the_battle_phase_first_then_calls() -> None:
    """6.6: the battle phase first, then the calls (6.6.1.2.1), then card text and manual actions."""
    state = second_turn()
    listed = offers(state, 1)
    assert listed[0].type == "next_phase" and listed[0].label == "Battle phase" and ordered(listed)
    assert "vg_call" in types(listed, "main")
    assert {"vg_modify", "move", "draw", "pass_turn"} <= set(types(listed, "more"))
    assert bystander(offers(state, 0))
    take_all(state, 1, 3)


def test_the_start_step_offers_the_attacks_and_no_attack_first() -> None:
    """7.3, 7.4.1: a standing front-row unit attacks an opposing front-row unit, or "No attack"."""
    state = to_battle(second_turn(), 1)
    listed = offers(state, 1)
    assert listed[0].type == "vg_attack" and ordered(listed)
    assert "No attack" in [offer.label for offer in listed if offer.group == "now"]
    take_all(state, 1, 4)


def test_the_guard_step_offers_guard_intercept_and_no_guard_to_the_attacked_player_only() -> None:
    """7.5.1.2: the attacked player's first offers guard and no guard; the attacker only waits."""
    state = to_battle(second_turn(), 1)
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    listed = offers(state, 0)
    assert listed[0].type == "vg_guard" and ordered(listed)
    now = [offer.label for offer in listed if offer.group == "now"]
    assert now[-1] == "No guard" and "Guard" in now
    assert "vg_modify" in types(listed, "more")
    assert bystander(offers(state, 1))
    take_all(state, 0, 5)
    state = do(state, VgPass, 0)
    assert "vg_guard" not in types(offers(state, 0))


def test_a_pending_trigger_choice_is_its_players_first_offer() -> None:
    """2.8.1.1.2, 9.6.5: a critical trigger of the attacked player's damage check: their first offer
    chooses the unit; the turn player only waits."""
    state = begin()
    state = place(state, 0, "Alpha Stand", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Stand")), circle="rc_lf")
    state = do(state, PassTurn, 0)
    state = to_battle(do(state, NextPhase, 1, to="main"), 1)
    state = place(state, 0, "Alpha Critical", "deck")
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = place(state, 1, "Beta King", "deck")
    state = do(state, VgPass, 0)
    listed = offers(state, 0)
    assert listed[0].type == "vg_choose" and ordered(listed)
    options = listed[0].needs[0].options  # type: ignore[union-attr]
    assert {option.zone for option in options} == {"vc", "rc_lf"}
    assert bystander(offers(state, 1))
    take_all(state, 0, 6)
