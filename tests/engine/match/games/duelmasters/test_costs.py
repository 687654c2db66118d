"""A cost changed by an effect, paid through one offer (101.1, 112.2b, 201.2a): the card is offered
whatever its printed cost, with the mana to tap (at least one card of each of its civilizations,
112.2a-b) and the effect's words, which both players read next to the printed cost."""

from __future__ import annotations

import random

from engine.match.actions import NextStep
from engine.match.apply import apply
from engine.match.games.duelmasters.actions import UseCard
from engine.match.offers import CardsNeed, Offer, TextNeed, offers
from engine.match.state import MatchState
from tests.engine.match.games.duelmasters.helpers import (
    At,
    act,
    at,
    card,
    creature,
    deck,
    lines,
    place,
    refused,
    start,
)

DRAGON = creature("Bolshack Test Dragon", 6000, cost=5)
RAINBOW = card(
    "Rainbow Test Dragon",
    type="creature",
    cost=8,
    power=12000,
    civilizations="light/water/darkness/fire/nature",
)
LIGHT = creature("Light Mana", 1000, cost=1, civ="light")
WATER = creature("Water Mana", 1000, cost=1, civ="water")
DARK = creature("Dark Mana", 1000, cost=1, civ="darkness")
FIRE = creature("Fire Mana", 1000, cost=1, civ="fire")
NATURE = creature("Nature Mana", 1000, cost=1, civ="nature")


def _main(state: MatchState, *mana: str) -> MatchState:
    """Alice's mana zone holds these cards untapped, and her turn goes on to the main step."""
    game = At(state)
    for name in mana:
        spare = (c for c in range(len(state.board.cards)) if state.ref(c).name == name)
        game.place(next(c for c in spare if c not in game.state.zone("mana", 0)), "mana", 0, orientation=0)
    state = game.state
    state, _ = act(state, NextStep, 0)
    return state


def _changed(state: MatchState, name: str) -> Offer:
    """The "cost changed" offer listing the card of that name in Alice's hand."""
    hand = state.zone("hand", 0)
    for offer in offers(state, 0):
        if offer.type == "dm_use" and offer.label.endswith("cost changed"):
            cards = offer.needs[0]
            assert isinstance(cards, CardsNeed)
            if any(state.ref(hand[option.index]).name == name for option in cards.options):
                return offer
    raise AssertionError(f"no cost changed offer lists {name}")


def test_a_reduced_cost_is_paid_through_one_offer_and_read_next_to_the_printed_cost() -> None:
    """112.2b: Cocco Lupia reduces a Dragon's cost by 2, so a cost 5 Dragon is summoned with 3 of
    Alice's 3 untapped mana: the "Use" offer lists only cards the mana pays at their printed cost
    (504.1), and the "cost changed" offer lists it with the mana to tap and the effect's words; both
    players read the payment next to the printed cost, which stays the card's cost (201.2a)."""
    state = start((deck(DRAGON, *[FIRE] * 3), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "hand", 0)
    state = _main(state, "Fire Mana", "Fire Mana", "Fire Mana")
    plain = [offer for offer in offers(state, 0) if offer.type == "dm_use" and offer.label == "Use"]
    assert not plain  # 3 mana does not pay its printed 5
    offer = _changed(state, "Bolshack Test Dragon")
    assert offer.group == "more" and offer.rule == "112.2b"
    mana = next(need for need in offer.needs if need.field == "mana")
    assert isinstance(mana, CardsNeed) and (mana.low, mana.high) == (1, 3)
    assert any(isinstance(need, TextNeed) and need.field == "cost_change" for need in offer.needs)
    zone = state.zone("mana", 0)
    choices = {
        "card": at(state, dragon),
        "mana": tuple(at(state, c) for c in zone),
        "cost_change": "Cocco Lupia: Dragons cost 2 less",
    }
    action = offer.build(0, state.version, choices)
    state, events = act(state, UseCard, 0, **action.model_dump(exclude={"type", "actor", "version"}))
    assert dragon in state.zone("battle_zone")
    assert all(state.card(c).orientation == 1 for c in zone)
    expected = (
        "Alice summons Bolshack Test Dragon, tapping 3 mana instead of its printed cost 5 "
        '(cost changed by "Cocco Lupia: Dragons cost 2 less", 112.2b).'
    )
    assert lines(events, state, 1) == [expected]
    assert state.ref(dragon).stat("cost") == 5  # 201.2a: its cost is still the printed one


def test_a_cost_below_the_civilizations_still_taps_one_card_of_each() -> None:
    """112.2b: a five-civilization Dragon whose cost falls to 3 still taps five cards, one of each
    civilization: the offer's payment must hold them, and the engine refuses fewer."""
    state = start((deck(RAINBOW, LIGHT, WATER, DARK, FIRE, NATURE, FIRE), deck()))
    state, rainbow = place(state, "Rainbow Test Dragon", "hand", 0)
    state = _main(state, "Light Mana", "Water Mana", "Dark Mana", "Fire Mana", "Nature Mana", "Fire Mana")
    offer = _changed(state, "Rainbow Test Dragon")
    mana = next(need for need in offer.needs if need.field == "mana")
    assert isinstance(mana, CardsNeed) and (mana.low, mana.high) == (5, 6)
    by_name: dict[str, list[int]] = {}
    for mana_id in state.zone("mana", 0):
        by_name.setdefault(state.ref(mana_id).name, []).append(mana_id)
    fires = tuple(at(state, c) for c in by_name["Fire Mana"])
    three = (*fires, at(state, by_name["Light Mana"][0]))
    assert not mana.valid(three)
    refused(
        state,
        UseCard,
        0,
        "Rainbow Test Dragon needs a mana card of each of its civilizations "
        "(darkness, fire, light, nature, water) (112.2a).",
        card=at(state, rainbow),
        mana=three,
        cost_change="Cocco Lupia",
    )
    five = tuple(at(state, by_name[name][0]) for name in ("Light Mana", "Water Mana", "Dark Mana"))
    five += (fires[0], at(state, by_name["Nature Mana"][0]))
    assert mana.valid(five) and not mana.valid(five[:4])
    state, _ = act(state, UseCard, 0, card=at(state, rainbow), mana=five, cost_change="Cocco Lupia")
    assert rainbow in state.zone("battle_zone")


def test_a_raised_cost_is_paid_with_more_mana_than_printed() -> None:
    """101.1, 112.2b: an effect raising a cost is card text too; the card is offered with the mana it
    then needs, more than its printed cost (112.2c forbids paying more only of the cost in force)."""
    state = start((deck(DRAGON, *[FIRE] * 6), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "hand", 0)
    state = _main(state, *["Fire Mana"] * 6)
    six = tuple(at(state, c) for c in state.zone("mana", 0))
    refused(
        state,
        UseCard,
        0,
        "Bolshack Test Dragon costs 5: paying more is not allowed (112.2c).",
        card=at(state, dragon),
        mana=six,
    )
    offer = _changed(state, "Bolshack Test Dragon")
    choices = {"card": at(state, dragon), "mana": six, "cost_change": "a cost-raising effect: +1"}
    apply(state, offer.build(0, state.version, choices))


def test_every_choice_of_the_cost_changed_offers_is_accepted() -> None:
    """The offers' promise for changed costs: any card, mana and words the offer allows are accepted,
    a card of two civilizations among them (112.2a-b), with a card without data (its use said)."""
    twin = card("Twin Test Beast", type="creature", cost=4, power=3000, civilizations="fire/nature")
    mystery = card("Mystery Test Card")
    state = start((deck(DRAGON, twin, mystery, *[FIRE] * 3, *[NATURE] * 2), deck()))
    for name in ("Bolshack Test Dragon", "Twin Test Beast", "Mystery Test Card"):
        state, _ = place(state, name, "hand", 0)
    state = _main(state, "Fire Mana", "Fire Mana", "Fire Mana", "Nature Mana", "Nature Mana")
    changed = [offer for offer in offers(state, 0) if offer.label.endswith("cost changed")]
    assert len(changed) >= 3
    rng = random.Random(3)
    for offer in changed:
        for _ in range(30):
            apply(state, offer.build(0, state.version, offer.sample(rng)))
