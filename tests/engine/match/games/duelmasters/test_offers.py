"""Duel Masters offers (engine.match.games.duelmasters.offers): every accepted random action is covered,
every offer taken is accepted, and each step's decision comes first, then the main actions, then the
rest (a phone's order)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.match.actions import NextStep
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.duelmasters import DEFINITION
from engine.match.games.duelmasters.actions import Attack, Block, Break, UseCard
from engine.match.offers import CardsNeed, Offer, offers
from tests.engine.match.games.duelmasters.helpers import (
    At,
    act,
    at,
    attack,
    card,
    creature,
    deck,
    place,
    start,
    step,
)
from tests.engine.match.games.offer_helpers import ordered, take_all, types

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
WALL = creature("Wall Guardian", 3000, cost=3, blocker=1)
TRIGGER_BEAST = creature("Trigger Beast", 3000, cost=3, shield_trigger=1)
CHEAP = creature("Cheap Fire Beast", 1000, cost=1)
PUP = creature("Cheap Fire Pup", 1000, cost=1)
WATER = card("Water Spell", type="spell", cost=1, civilizations="water")


def bystander(listed: list[Offer]) -> bool:
    """Only what changes nothing on the board: the match's life, reveals, looks."""
    return not set(types(listed)) & {"move", "draw", "pass_priority", "next_step", "dm_use", "dm_change"}


# Random games ------------------------------------------------------------------------------------


# The order a phone shows ------------------------------------------------------------------------


def test_the_charge_step_offers_the_charge_first() -> None:
    """503.1: Alice's first offer is to charge a card of her hand, then to move on without one; Bob, not
    his turn, only has the match's life. After the charge (503.2), the main step offers using a card the
    untapped mana pays for (504.1, 112.2a), not one it can't (a water spell with fire mana)."""
    state = start((deck(CHEAP, WATER, PUP), deck()))
    listed = offers(state, 0)
    assert ordered(listed) and listed[0].type == "dm_charge" and listed[0].group == "now"
    assert listed[1].type == "next_step" and listed[1].label == "No charge"
    assert bystander(offers(state, 1))
    take_all(state, 0, 1)
    state, _ = place(state, "Cheap Fire Beast", "mana", 0)
    state, _ = place(state, "Water Spell", "hand", 0)
    state, _ = place(state, "Cheap Fire Pup", "hand", 0)
    state, _ = act(state, NextStep, 0)
    listed = offers(state, 0)
    assert ordered(listed) and listed[0].type == "next_step" and "dm_charge" not in types(listed)
    use = next(offer for offer in listed if offer.type == "dm_use")
    assert use.group == "main"
    hand = state.zone("hand", 0)
    names = {state.ref(hand[option.index]).name for option in use.needs[0].options}  # type: ignore[union-attr]
    assert "Cheap Fire Pup" in names and "Water Spell" not in names
    take_all(state, 0, 2)


def test_the_attack_declaration_offers_the_attacks_first() -> None:
    """506.1, 506.2: Alice's ready creature attacks the player, or she moves on without an attack; once
    she attacked, passing the window of her attack triggers is her decision (506.3b-c)."""
    state = start((deck(ATTACKER), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    assert step(state) == "attack_declaration"
    listed = offers(state, 0)
    assert ordered(listed) and listed[0].type == "dm_attack" and listed[0].label == "Attack the player"
    assert "No attack" in [offer.label for offer in listed if offer.group == "now"]
    assert not any(
        o.type == "next_step" and o.needs and o.needs[0].options for o in listed if o.group == "now"
    )
    take_all(state, 0, 3)
    state, _ = act(state, Attack, 0, attacker=at(state, dragon))
    listed = offers(state, 0)
    assert listed[0].type == "pass_priority" and listed[0].label == "Pass"
    assert not {"next_step", "pass_turn", "next_phase", "dm_attack"} & set(types(listed))


def test_the_defender_decides_block_or_no_block_first() -> None:
    """507.1a: Bob's first offers are to block with his Blocker, or not; his creature without Blocker is
    offered only as given Blocker by an effect (101.1); Alice, waiting for him, changes nothing."""
    state = start((deck(ATTACKER), deck(WALL, CHEAP)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, _ = place(state, "Wall Guardian", "battle_zone", 1)
    state, _ = place(state, "Cheap Fire Beast", "battle_zone", 1)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    state = attack(state, dragon)
    assert step(state) == "block_declaration"
    listed = offers(state, 1)
    assert ordered(listed) and [offer.label for offer in listed[:2]] == ["Block", "No block"]
    assert len(listed[0].needs[0].options) == 1  # type: ignore[union-attr]
    given = next(offer for offer in listed if offer.label == "Block (given Blocker)")
    assert given.group == "more" and dict(given.fixed) == {"granted": True}
    assert bystander(offers(state, 0))
    take_all(state, 1, 4)


def test_the_break_and_the_shield_trigger_window_come_first() -> None:
    """509.2: Alice's decision is the shield to break; then Bob's is his Shield Triggers or none (509.3a,
    113.6), whatever he broke; Alice, waiting, changes nothing."""
    state = start((deck(ATTACKER), deck(TRIGGER_BEAST)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, beast = place(state, "Trigger Beast", "shields", 1)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    listed = offers(state, 0)
    assert listed[0].type == "dm_break" and listed[0].label == "Break"
    assert len(listed[0].needs[0].options) == len(state.zone("shields", 1))  # type: ignore[union-attr]
    take_all(state, 0, 5)
    state, _ = act(state, Break, 0, shields=[at(state, beast)])
    listed = offers(state, 1)
    assert ordered(listed) and [offer.label for offer in listed[:2]] == [
        "Shield Trigger",
        "No Shield Trigger",
    ]
    options = listed[0].needs[0].options  # type: ignore[union-attr]
    assert [state.zone("hand", 1)[option.index] for option in options] == [beast]
    assert bystander(offers(state, 0))
    take_all(state, 1, 6)


def test_a_two_civilization_card_is_offered_with_the_shares_its_payment_must_hold() -> None:
    """112.2a-c: with 8 water and 7 nature mana untapped, a 7-cost water/nature creature is offered with
    its payment as 7 of the 15 mana holding at least 1 water and at least 1 nature (thousands of
    payments, never listed one by one); any choice meeting the shares is accepted, an all-nature
    payment is not one the offer allows."""
    hybrid = creature("Hybrid Test Beast", 5000, cost=7, civ="nature/water")
    nature = creature("Nature Mana Beast", 1000, cost=1, civ="nature")
    water = creature("Water Mana Beast", 1000, cost=1, civ="water")
    state = start((deck(hybrid, *[nature] * 7, *[water] * 8), deck()))
    game = At(state)
    for card_id in range(len(state.board.cards)):
        if state.ref(card_id).name in ("Nature Mana Beast", "Water Mana Beast"):
            game.place(card_id, "mana", 0, orientation=0)
    state, _ = place(game.state, "Hybrid Test Beast", "hand", 0)
    state, _ = act(state, NextStep, 0)
    use = next(offer for offer in offers(state, 0) if offer.type == "dm_use")
    mana = next(need for need in use.needs if need.field == "mana")
    assert isinstance(mana, CardsNeed) and (mana.low, mana.high, len(mana.options)) == (7, 7, 15)
    assert sorted(share.label for share in mana.at_least) == ["at least 1 nature", "at least 1 water"]
    zone = state.zone("mana", 0)
    all_nature = tuple(o for o in mana.options if state.ref(zone[o.index]).name.startswith("Nature"))[:7]
    assert not mana.valid(all_nature)
    with pytest.raises(ActionRefused):
        use.build(0, state.version, {"card": use.needs[0].options[0], "mana": all_nature})  # type: ignore[union-attr]
    rng = random.Random(7)
    for _ in range(20):
        choices = use.sample(rng)
        apply(state, use.build(0, state.version, choices))


# An effect's permission to attack, declared with the attack (101.2) ----------------------------------


def _offer(listed: list[Offer], label: str) -> Offer:
    return next(offer for offer in listed if offer.label == label)


def test_a_creature_with_summoning_sickness_attacks_in_one_step_when_an_effect_allows_it() -> None:
    """101.2, 301.5: an effect's "can attack" wins over summoning sickness; the attack offer itself
    takes the permission and its cause (no effect to enter first), and both players read them."""
    state = start((deck(ATTACKER, CHEAP), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0, ready=False)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    listed = offers(state, 0)
    assert "Attack the player" not in [offer.label for offer in listed]  # 301.5: it is not ready
    offer = _offer(listed, "Attack the player despite summoning sickness")
    assert offer.group == "more" and offer.rule == "101.2"
    action = offer.build(0, state.version, {"attacker": at(state, dragon), "because": "Bolshack's own text"})
    game = At(state)
    events = game.act(0, action)
    assert game.lines(None, events) == [
        "Alice attacks Bob with Bolshack Test Dragon (despite summoning sickness, by an effect (101.2); "
        'because of "Bolshack\'s own text").'
    ]


def test_an_untapped_creature_is_attacked_in_one_step_when_an_effect_allows_it() -> None:
    """101.2, 505.2: only tapped creatures can be attacked unless an effect allows it; the permission
    and its cause come with the attack, and any pair of the offer is accepted."""
    state = start((deck(ATTACKER, CHEAP), deck(WALL, PUP)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, _ = place(state, "Cheap Fire Beast", "battle_zone", 0, ready=False)
    state, wall = place(state, "Wall Guardian", "battle_zone", 1)
    state, _ = place(state, "Cheap Fire Pup", "battle_zone", 1, tapped=True)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    listed = offers(state, 0)
    plain = _offer(listed, "Attack a creature")
    targets = plain.needs[1].options  # type: ignore[union-attr]
    assert at(state, wall) not in targets  # 505.2: untapped
    offer = _offer(listed, "Attack a creature an effect allows")
    assert at(state, wall) in offer.needs[1].options  # type: ignore[union-attr]
    choices = {"attacker": at(state, dragon), "target": at(state, wall), "because": "a test effect"}
    game = At(state)
    events = game.act(0, offer.build(0, state.version, choices))
    assert game.lines(1, events) == [
        "Alice attacks Wall Guardian with Bolshack Test Dragon (on an untapped creature, by an effect "
        '(101.2); because of "a test effect").'
    ]
    rng = random.Random(11)
    for _ in range(40):
        apply(state, offer.build(0, state.version, offer.sample(rng)))


def test_the_random_player_takes_changed_costs_and_attack_permissions_through_offers() -> None:
    """The offers' property reaches these paths: over random games, the random player uses cards with
    a changed cost (112.2b) and attacks with an effect's permission (101.2), each action covered by an
    offer to its player."""
    from engine.match.offers import covering
    from engine.match.setup import new_match
    from engine.match.simulate import PLAYERS, game_seed

    seen: Counter[str] = Counter()
    for game in range(1, 9):
        rng = random.Random(f"arbiter-simulate:5:{game}")
        decks = [DEFINITION.random_deck(rng) for _ in PLAYERS]
        state = new_match(DEFINITION.spec, PLAYERS, decks, game_seed(5, game))
        while state.status == "playing":
            for action in DEFINITION.random_actions(state, rng):
                try:
                    after, _ = apply(state, action)
                except ActionRefused:
                    continue
                assert covering(state, action) is not None, action
                if isinstance(action, UseCard) and action.cost_change is not None:
                    seen["cost changed"] += 1
                if isinstance(action, Attack) and action.speed_attacker:
                    seen["untapped target" if action.untapped else "summoning sickness"] += 1
                state = after
                break
    assert set(seen) == {"cost changed", "untapped target", "summoning sickness"}, seen
