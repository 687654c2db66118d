"""The moments a Duel Masters player other than the one deciding acts, each named for what it is for:
the non-active player carrying out card text the turn player hands over (101.4a), the defender carrying
out the Shield Triggers they declared before the attack goes on (509.3c, 101.4), and the end of the
turn as the end step's own decision (511, 512)."""

from __future__ import annotations

from engine.match.actions import Move, NextStep, PassPriority, PassTurn, ZoneRef
from engine.match.games.duelmasters.actions import Block, Break, ShieldTrigger
from engine.match.offers import Offer, offers
from engine.match.state import MatchState
from engine.match.view import view
from tests.engine.match.games.duelmasters.helpers import (
    act,
    at,
    attack,
    card,
    creature,
    deck,
    lines,
    place,
    refused,
    start,
    step,
)
from tests.engine.match.games.offer_helpers import ordered, take_all, types

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
PIT = card("Terror Test Pit", type="spell", cost=6, civilizations="darkness", shield_trigger=1)
"""A Shield Trigger spell whose text the defender carries out: destroy one of the opponent's creatures."""

CHANGES = {"move", "draw", "orient", "next_step", "pass_turn", "dm_use", "dm_change", "dm_attack"}
"""Offers that change the board: a player waiting for the other has none of them."""


def _labels(listed: list[Offer]) -> list[str]:
    return [offer.label for offer in listed]


def _to_main(state: MatchState) -> MatchState:
    state, _ = act(state, NextStep, 0)
    assert step(state) == "main"
    return state


def test_the_turn_player_hands_priority_over_for_card_text_and_gets_it_back() -> None:
    """101.4a: outside an attack, passing priority is for the non-active player to carry out card text
    (their effects, or a choice from their own hand the turn player can't make for them); the offer
    says so and cites that rule, not the attack's (506.3b). While Bob carries it out Alice waits; his
    first offer is to say he is done, and his tools are the generic actions."""
    state = _to_main(start())
    listed = offers(state, 0)
    hand_over = next(offer for offer in listed if offer.type == "pass_priority")
    assert hand_over.label == "Let Bob carry out card text" and hand_over.rule == "101.4a"
    assert hand_over.group == "more"
    assert all(offer.rule != "506.3b" for offer in listed)
    state, _ = act(state, PassPriority, 0)
    assert view(state, None)["game_data"]["waiting_for"] == 1
    assert view(state, None)["game_data"]["waiting"] == "carry_out"
    bob = offers(state, 1)
    assert ordered(bob) and bob[0].label == "Done carrying out card text" and bob[0].group == "now"
    assert {"draw", "move"} <= set(types(bob))
    alice = offers(state, 0)
    assert not set(types(alice)) & CHANGES and "pass_priority" not in types(alice)
    refused(state, NextStep, 0, "Bob is carrying out card text (101.4a): wait for them before you act.")
    take_all(state, 1, 7)
    state, _ = act(state, PassPriority, 1)
    assert step(state) == "main" and state.board.priority == 0
    assert "Let Bob carry out card text" in _labels(offers(state, 0))


def test_end_turn_is_the_end_steps_first_offer() -> None:
    """511, 512: in the end of turn step the turn player's decision is to end the turn; it is offered
    first, not among the generic actions."""
    state = _to_main(start())
    state, _ = act(state, NextStep, 0, to="end_of_turn")
    assert step(state) == "end_of_turn"
    listed = offers(state, 0)
    assert ordered(listed) and listed[0].type == "pass_turn" and listed[0].label == "End turn"
    assert listed[0].group == "now" and listed[0].rule == "512"
    state, _ = act(state, PassTurn, 0)
    assert state.board.active == 1


def test_the_defender_carries_out_a_shield_trigger_spell_before_the_attack_goes_on() -> None:
    """509.3c, 101.4: a declared Shield Trigger spell (a Terror Pit) is resolved first: the defender
    keeps priority to carry out its text (here destroying the attacker, by hand), the attacking player
    waits, and the attack goes on when the defender says they are done. The window follows the
    declaration, which everyone sees (509.3a), so it tells nobody anything hidden."""
    state = start((deck(ATTACKER), deck(PIT)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, pit = place(state, "Terror Test Pit", "shields", 1)
    state = _to_main(state)
    state, _ = act(state, NextStep, 0)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    state, _ = act(state, Break, 0, shields=[at(state, pit)])
    state, events = act(state, ShieldTrigger, 1, cards=[at(state, pit)])
    assert pit in state.zone("graveyard", 1)
    assert lines(events, state, 0)[0] == "Bob declares Shield Trigger: Terror Test Pit (509.3a)."
    assert step(state) == "direct_attack" and state.board.priority == 1
    assert view(state, 0)["game_data"]["waiting"] == "carry_out"
    bob = offers(state, 1)
    assert ordered(bob) and bob[0].label == "Shield Triggers carried out" and bob[0].rule == "509.3c"
    assert "move" in types(bob)
    alice = offers(state, 0)
    assert not set(types(alice)) & CHANGES and "pass_priority" not in types(alice)
    graveyard = ZoneRef(zone="graveyard", player=0)
    state, _ = act(state, Move, 1, cards=[at(state, dragon)], to=graveyard)  # the spell's text
    state, _ = act(state, PassPriority, 1)
    assert step(state) == "attack_declaration" and state.board.priority == 0
    assert dragon in state.zone("graveyard", 0)


def test_declining_every_shield_trigger_opens_no_window() -> None:
    """509.3a, 509.3c: with nothing declared there is nothing to carry out: the attack goes on at once,
    as it does after every break whatever was broken (113.6)."""
    state = start((deck(ATTACKER), deck(PIT)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, pit = place(state, "Terror Test Pit", "shields", 1)
    state = _to_main(state)
    state, _ = act(state, NextStep, 0)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    state, _ = act(state, Break, 0, shields=[at(state, pit)])
    state, _ = act(state, ShieldTrigger, 1)
    assert step(state) == "attack_declaration" and state.board.priority == 0
