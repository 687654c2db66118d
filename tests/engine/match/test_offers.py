"""Offers (what a seat may do now) on the demo game, which plays with the engine's generic actions
only: every action the engine accepts is covered by an offer to its actor (but a pile action on a zone
where it means nothing, which the engine accepts and no offer lists), an offer taken with valid choices
is accepted, and a choice outside the offer is refused with one sentence."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import BaseAction, CardAt, Draw, Look, Move, PassTurn, Shuffle, ZoneRef
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.offers import GROUPS, PILE_USES, CardsNeed, covering, offers, pile_uses
from engine.match.setup import new_match
from engine.match.state import MatchState
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action
from tests.property_costs import SERVICE

SEED = bytes(range(32))


def _state() -> MatchState:
    return new_match(DEMO_SPEC, PLAYERS, demo_decks(12, 2), SEED, first_player=0)


def _pile_use(state: MatchState, action: BaseAction) -> bool:
    """Whether ``action`` is a pile action (shuffle, look, search, reveal the top) on a zone where
    :func:`pile_uses` says it means something; any other action is."""
    if action.type not in PILE_USES:
        return True
    zone = getattr(action, "zone")  # noqa: B009 (every pile action has one)
    player = (
        None
        if state.match.zone_specs[zone.zone].shared
        else (zone.player if zone.player is not None else action.actor)
    )
    return action.type in pile_uses(state, action.actor, state.match.slot_of[(zone.zone, player)])


@settings(SERVICE)
@given(seed=st.integers(0, 10**9))
def test_every_accepted_action_is_offered_and_every_offer_is_accepted(seed: int) -> None:
    rng = random.Random(seed)
    state = _state()
    accepted = 0
    for _ in range(120):
        if state.status != "playing":
            break
        action = random_action(state, rng, allow_end=False)
        try:
            after, _ = apply(state, action)
        except ActionRefused:
            continue
        if _pile_use(state, action):
            assert covering(state, action) is not None, f"no offer covers {action!r}"
        else:
            assert covering(state, action) is None, f"an offer covers {action!r}, which means nothing there"
        accepted += 1
        # An offer taken with valid choices is accepted.
        seat = rng.randrange(2)
        listed = offers(state, seat)
        offer = rng.choice(listed)
        built = offer.build(seat, state.version, offer.sample(rng))
        try:
            apply(state, built)
        except ActionRefused as refusal:
            raise AssertionError(f"{offer.key} with {built!r} was refused: {refusal}") from None
        state = after
    assert accepted > 10


def test_offers_are_ordered_for_a_phone_and_name_no_hidden_card() -> None:
    state = _state()
    assert offers(state, 0)[0].type == "next_step"
    state, _ = apply(state, Draw(actor=0, version=0, count=2))
    state, _ = apply(state, PassTurn(actor=0, version=1))
    state, _ = apply(state, Draw(actor=1, version=2, count=3))
    listed = offers(state, 1)
    groups = [offer.group for offer in listed]
    assert groups == sorted(groups, key=GROUPS.index)
    assert listed[0].type == "next_step"
    hand = next(offer for offer in listed if offer.type == "reveal").needs[0]
    assert isinstance(hand, CardsNeed)
    assert {at for at in hand.options if at.zone == "hand"} == {
        CardAt(zone="hand", player=1, index=i) for i in range(3)
    }
    # Alice's hand is hidden from Bob: no offer lists a position in it.
    for offer in listed:
        for need in offer.needs:
            for option in getattr(need, "options", ()):
                assert not (isinstance(option, CardAt) and option.zone == "hand" and option.player == 0)
    # Out of turn and without priority, Alice may only do what is open at any time.
    assert {offer.type for offer in offers(state, 0)} <= {
        "reveal",
        "reveal_hand",
        "reveal_top",
        "coin",
        "die",
        "note",
        "concede",
        "offer_draw",
        "request_undo",
    }


def test_a_choice_outside_the_offer_is_one_sentence() -> None:
    state = _state()
    draw = next(offer for offer in offers(state, 0) if offer.type == "draw")
    deck = len(state.zone("deck", 0))
    assert isinstance(draw.build(0, state.version, {"count": 2}), Draw)
    with pytest.raises(ActionRefused, match="not one you may choose"):
        draw.build(0, state.version, {"count": deck + 1})
    with pytest.raises(ActionRefused, match="Choose the how many first"):
        draw.build(0, state.version, {})
    move = next(offer for offer in offers(state, 0) if offer.type == "move")
    with pytest.raises(ActionRefused, match="not one you may choose"):
        move.build(
            0,
            state.version,
            {"cards": (CardAt(zone="hand", player=1, index=0),), "to": ZoneRef(zone="field", player=0)},
        )
    with pytest.raises(ActionRefused, match="is not something this action asks for"):
        move.build(
            0,
            state.version,
            {
                "cards": (CardAt(zone="deck", player=0, index=0),),
                "to": ZoneRef(zone="field", player=0),
                "x": 1,
            },
        )
    built = move.build(
        0,
        state.version,
        {
            "cards": (CardAt(zone="deck", player=0, index=0),),
            "to": ZoneRef(zone="field", player=0),
            "face": "down",
        },
    )
    assert isinstance(built, Move) and built.face == "down"
    assert move.covers(built, state)
    # Bob may not touch Alice's deck (hidden from him), whenever he acts: none of his offers covers it.
    assert covering(state, built.model_copy(update={"actor": 1})) is None


def test_offers_as_plain_data() -> None:
    state = _state()
    data = [offer.to_json() for offer in offers(state, 0)]
    draw = next(item for item in data if item["type"] == "draw")
    deck = len(state.zone("deck", 0))
    assert draw["needs"] == [
        {
            "field": "count",
            "kind": "NumberNeed",
            "label": "how many",
            "low": 1,
            "high": deck,
            "optional": False,
        }
    ]
    assert offers(state.evolve(status="ended"), 0) == []


def test_pile_actions_are_offered_only_where_they_mean_something() -> None:
    """A shuffle, a look, a search or a reveal of the top acts on a pile whose cards the seat does not
    see: the deck and the shields (seen by nobody), not the hand, the field, the discard pile, the
    extra deck its owner sees, or the shared stack; a shuffle needs two cards, and none of them an
    empty pile."""
    state = _state()
    listed = offers(state, 0)
    piles = {(offer.type, dict(offer.fixed)["zone"].zone) for offer in listed if offer.type in PILE_USES}
    assert piles == {
        ("shuffle", "deck"),
        ("look", "deck"),
        ("search", "deck"),
        ("reveal_top", "deck"),
    }, piles
    # The shields fill up: looked at, searched and shuffled, by their owner only.
    shields = ZoneRef(zone="shields", player=0)
    moved = Move(actor=0, version=0, cards=(CardAt(zone="deck", index=0),), to=shields)
    state, _ = apply(state, moved)
    piles = {
        (offer.type, dict(offer.fixed)["zone"].zone) for offer in offers(state, 0) if offer.type in PILE_USES
    }
    assert {("look", "shields"), ("search", "shields"), ("reveal_top", "shields")} <= piles
    assert ("shuffle", "shields") not in piles, "one card is not shuffled"
    state, _ = apply(state, moved.model_copy(update={"version": 1}))
    assert covering(state, Shuffle(actor=0, version=2, zone=shields)) is not None
    # The engine still accepts a shuffle of the hand; no offer lists it.
    hand = Shuffle(actor=0, version=2, zone=ZoneRef(zone="hand", player=0))
    apply(state, hand)
    assert covering(state, hand) is None
    assert covering(state, Look(actor=0, version=2, zone=ZoneRef(zone="stack"))) is None
