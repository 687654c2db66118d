"""Paying as one plays (907.2): a card or a judgment is played resting the magic stones (or other cards
with a will ability) that pay it in the same action, one offer and one command; a refusal of any part
changes nothing; the separate Produce stays for players who want it."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import CardAt, dump_action, parse_action
from engine.match.apply import apply
from engine.match.games.forceofwill.actions import Judgment, PlayCard, Produce
from engine.match.games.forceofwill.board import REST, chase_entries, pool_of
from engine.match.offers import CardsNeed, Offer, offers
from engine.match.render import render_all
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.forceofwill.helpers import (
    card,
    deck,
    find,
    place,
    play,
    refused,
    started,
    to_main,
)
from tests.engine.match.games.offer_helpers import take_all
from tests.property_costs import SERVICE

GIANT = card("Giant", type="resonator", atk=1500, cost=3, printed_cost="{R}{R}{1}", attribute="fire")
SPRITE = card("Sprite", type="resonator", atk=500, cost=1, printed_cost="{U}", attribute="water")
EMBER = card("Ember Stone", type="magic stone", attribute="fire")
TIDE = card("Tide Stone", type="magic stone", attribute="water")
DUAL = card("Dual Stone", type="magic stone", attribute="fire,water", will="fire,water")
RULER = card("Alice Ruler", type="ruler", attribute="fire", j_ruler=1, judgment_cost="{R}{1}")


def _decks() -> list[dict[str, list[CardRef]]]:
    alice = deck("Alice")
    alice["deck"][:2] = [GIANT, SPRITE]
    alice["ruler_area"] = [RULER]
    alice["stone_deck"] = [EMBER] * 4 + [TIDE] * 3 + [DUAL] * 3
    return [alice, deck("Bob")]


def _ready(*stones: str) -> MatchState:
    """Alice's main phase, Giant and Sprite in her hand, the named stones recovered in the field."""
    state = to_main(started(decks=_decks()))
    state = place(place(state, "Giant", zone="hand"), "Sprite", zone="hand")
    for name in stones:
        state = place(state, name)
    return state


def _stones(state: MatchState, name: str) -> list[CardAt]:
    field = state.zone("field")
    return [CardAt(zone="field", index=i) for i, c in enumerate(field) if state.ref(c).name == name]


def _play_offers(state: MatchState) -> dict[str, Offer]:
    return {o.label: o for o in offers(state, 0) if o.type == "fow_play" and o.group == "main"}


def test_a_card_is_played_resting_the_stones_that_pay_it_907_2() -> None:
    """907.2: Giant ({R}{R}{1}) is played in one action resting two fire stones and a water stone: the
    stones are rested, their will pays the cost, and the log says both what was rested and what was
    paid."""
    state = _ready("Ember Stone", "Ember Stone", "Tide Stone")
    stones = (*_stones(state, "Ember Stone"), *_stones(state, "Tide Stone"))
    giant = find(state, "Giant")
    after, events = apply(
        state,
        PlayCard(actor=0, version=state.version, card=giant, pay=("fire", "fire", "any"), produce=stones),
    )
    assert len(chase_entries(after.board)) == 1 and pool_of(after.board)[0] == []
    assert all(after.card(c).orientation == REST for c in after.zone("field"))
    assert render_all(events, after, 1) == [
        "Alice rests Ember Stone, Ember Stone and Tide Stone to produce fire, fire, water will.",
        "Alice plays Giant onto the chase, paying fire, fire and 1 will of any kind.",
    ]


def test_a_refused_payment_rests_nothing_903_2m() -> None:
    """903.2m, 1003.4: when the stones rested do not pay the cost, the play is refused and nothing is
    rested (the whole action is undone); a stone that is already rested is refused too (1013.3)."""
    state = _ready("Ember Stone", "Tide Stone", "Tide Stone")
    giant = find(state, "Giant")
    stones = (*_stones(state, "Ember Stone"), *_stones(state, "Tide Stone"))
    message = refused(state, PlayCard, 0, card=giant, pay=("fire", "fire", "any"), produce=stones)
    assert "1003.4" in message
    rested = play(state, Produce, 0, cards=_stones(state, "Ember Stone"))
    message = refused(rested, PlayCard, 0, card=find(rested, "Sprite"), pay=("water",), produce=stones[:1])
    assert "rested" in message and "1013.3" in message


def test_a_stone_whose_will_is_the_players_to_name_is_produced_first_907_2() -> None:
    """907.2: only will abilities that definitely produce the will to pay are played while paying: a
    dual stone is rested with Produce, naming its will, and is not among the cards a play rests."""
    state = _ready("Dual Stone", "Tide Stone")
    message = refused(
        state, PlayCard, 0, card=find(state, "Sprite"), pay=("water",), produce=_stones(state, "Dual Stone")
    )
    assert "907.2" in message
    sprite = _play_offers(state)["Play ({U})"]
    assert dict(sprite.fixed)["produce"] == tuple(_stones(state, "Tide Stone"))
    assert "Play ({R}{R}{1})" not in _play_offers(state)


def test_the_offer_lists_only_the_cards_that_may_pay_and_asks_for_as_many_as_needed() -> None:
    """The play offer's cards to rest are the recovered cards that definitely produce a will (a rested
    stone is not one), as many as the produced will lacks, at least as many producing each specified
    will as it lacks; with fire already produced, Giant needs one fire more and one of any kind; Sprite
    ({U}) needs one water, so only the water stones are listed."""
    state = _ready("Ember Stone", "Ember Stone", "Tide Stone", "Tide Stone")
    state = play(state, Produce, 0, cards=_stones(state, "Ember Stone")[:1])
    giant = _play_offers(state)["Play ({R}{R}{1})"]
    assert dict(giant.fixed)["pay"] == ("fire", "fire", "any")
    need = next(n for n in giant.needs if n.field == "produce")
    assert isinstance(need, CardsNeed) and (need.low, need.high) == (2, 2)
    recovered = [at for at in (*_stones(state, "Ember Stone"), *_stones(state, "Tide Stone"))]
    recovered = [at for at in recovered if state.card(state.zone("field")[at.index]).orientation != REST]
    assert set(need.options) == set(recovered)
    assert [(share.count, share.options) for share in need.at_least] == [
        (1, frozenset(_stones(state, "Ember Stone")[1:]))
    ]
    sprite = next(n for n in _play_offers(state)["Play ({U})"].needs if n.field == "produce")
    assert isinstance(sprite, CardsNeed) and set(sprite.options) == set(_stones(state, "Tide Stone"))
    assert (sprite.low, sprite.high, sprite.at_least) == (1, 1, ())  # only water pays {U}
    take_all(state, 0, 3)
    after = apply(
        state, giant.build(0, state.version, {"card": find(state, "Giant"), "produce": tuple(recovered[:2])})
    )[0]
    assert len(chase_entries(after.board)) == 1


def test_a_judgment_is_paid_resting_stones_907_2() -> None:
    """705.1 with 907.2: the [Judgment] cost ({R}{1}) is paid by resting a fire stone and another in the
    same action."""
    state = _ready("Ember Stone", "Tide Stone")
    offer = next(o for o in offers(state, 0) if o.type == "fow_judgment" and o.group == "main")
    produce = dict(offer.fixed)["produce"]
    assert set(produce) == {*_stones(state, "Ember Stone"), *_stones(state, "Tide Stone")}
    after = apply(state, offer.build(0, state.version, {}))[0]
    assert chase_entries(after.board)[0][0] == "judgment" and pool_of(after.board)[0] == []


def test_a_play_without_cards_to_rest_keeps_its_json() -> None:
    """A play or judgment resting nothing is written as before the field existed (its log and the state
    digests of exports stay the same); one that rests cards writes them and reads back equal."""
    plain = PlayCard(actor=0, version=3, card=CardAt(zone="hand", player=0, index=0), pay=("fire",))
    assert "produce" not in dump_action(plain) and "produce" not in dump_action(Judgment(actor=0, version=3))
    rests = plain.model_copy(update={"produce": (CardAt(zone="field", index=1),)})
    assert parse_action(dump_action(rests)) == rests and parse_action(dump_action(plain)) == plain


_FIELD = st.lists(st.sampled_from(("Ember Stone", "Tide Stone", "Dual Stone")), max_size=6)


@settings(SERVICE)
@given(field=_FIELD, rested=st.integers(0, 3), produced=st.integers(0, 2), seed=st.integers(0, 999))
def test_every_play_offer_is_accepted_and_a_payable_card_is_offered(
    field: list[str], rested: int, produced: int, seed: int
) -> None:
    """Property: over random fields of stones, some rested, some will produced first, every play or
    judgment offer taken with random choices is accepted; a card is offered (with its cards to rest)
    exactly when the produced will and the recovered stones that definitely produce a will can pay it
    (907.2, 204.1)."""
    state = _ready(*field)
    stones = [CardAt(zone="field", index=i) for i in range(len(state.zone("field")))]
    definite = [at for at in stones if state.ref(state.zone("field")[at.index]).name != "Dual Stone"]
    if produced and definite:
        state = play(state, Produce, 0, cards=tuple(definite[:produced]))
    for at in definite[produced : produced + rested]:
        state = play(state, Produce, 0, cards=(at,))
    rng = random.Random(seed)
    for offer in offers(state, 0):
        if offer.type in ("fow_play", "fow_judgment"):
            apply(state, offer.build(0, state.version, offer.sample(rng)))
    field_ids = state.zone("field")
    wills = Counter(pool_of(state.board)[0])
    for at in stones:
        card_id = field_ids[at.index]
        if state.card(card_id).orientation != REST and state.ref(card_id).name != "Dual Stone":
            wills["fire" if state.ref(card_id).name == "Ember Stone" else "water"] += 1
    listed = _play_offers(state)
    assert ("Play ({R}{R}{1})" in listed) == (wills["fire"] >= 2 and sum(wills.values()) >= 3)
    assert ("Play ({U})" in listed) == (wills["water"] >= 1)
