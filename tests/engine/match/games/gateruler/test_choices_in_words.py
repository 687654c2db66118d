"""Choices in the game's words: no Gate Ruler offer's label or option shows an internal code or a seat
number, two offers a seat sees at once never share a label, and a pick names its options as the rules
do (attack and defense zones, 3-8, 3-9; event and field cards, 2-3b; ready and exhaust, 15-7)."""

from __future__ import annotations

import random
import re
from collections import Counter

from engine.match.actions import PassPriority, ZoneRef
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.gateruler import DEFINITION
from engine.match.games.gateruler.actions import GrSummon
from engine.match.offers import Offer, PickNeed, offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.gateruler.scenario import deck_of, game, unit
from tests.engine.match.games.harness import ALICE, BOB

CODE = re.compile(r"_|\bgr\b|\b[01]\b")
"""An internal name (``gr_summon``, ``attack_zones``) or a bare seat number."""


def in_words(offer: Offer) -> list[str]:
    """What is not in words in an offer: its label (the players' names aside), or a pick's option shown as
    a code or a seat."""
    label = offer.label
    for name in PLAYERS:
        label = label.replace(name, "a player")
    wrong = [offer.label] if CODE.search(label) else []
    for need in offer.needs:
        if not isinstance(need, PickNeed) or need.labels or need.players:
            continue
        for option in need.options:
            if option is None or isinstance(option, ZoneRef):
                continue  # "next"; a zone, named as the board names it
            if not isinstance(option, str) or "_" in option:
                wrong.append(f"{offer.label}: {need.field}={option!r}")
    return wrong


def random_states(games: int = 6, most: int = 300) -> list[MatchState]:
    out = []
    for number in range(1, games + 1):
        rng = random.Random(f"words:{number}")
        decks = [DEFINITION.random_deck(rng) for _ in PLAYERS]
        state = new_match(DEFINITION.spec, PLAYERS, decks, game_seed(5, number))
        while state.status == "playing" and state.version < most:
            out.append(state)
            for action in DEFINITION.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
    return out


def test_no_offer_of_random_games_shows_a_code_or_a_seat_and_no_two_share_a_label() -> None:
    """Every offer of each seat at every state of random games, the ruler's numbers at setup included:
    labels and pick options in words, and no two offers listed together with the same label."""
    states = random_states()
    assert len(states) > 500
    for state in states:
        for seat in (0, 1):
            listed = offers(state, seat)
            assert not [text for offer in listed for text in in_words(offer)]
            repeated = [label for label, n in Counter(o.label for o in listed).items() if n > 1]
            assert not repeated, (state.version, repeated)


def test_summons_name_the_zones_and_what_the_card_data_lacks() -> None:
    """15-17, 14-4b-3a: a summon picks an attack or a defense zone, named so; summoning over a unit names
    the kind of zone; a unit whose card data gives no level (14-4b-6a) is offered apart, the label saying
    what it asks for; a card without a type is played as an event or a field card (2-3b), named so."""
    bare = [CardRef(f"A Card {n:02d}") for n in range(1, 16)]
    cards = [card for pair in zip(bare, (unit(n) for n in range(1, 16)), strict=True) for card in pair]
    match = game([deck_of("A") | {"deck": cards}, deck_of("B")])
    units = [c for c in match.state.zone("hand", ALICE) if match.state.ref(c).stats]
    match.act(ALICE, GrSummon, card=match.at(units[0]))
    match.act(ALICE, PassPriority)
    match.act(BOB, PassPriority)
    summons = [o for o in offers(match.state, ALICE) if o.type == "gr_summon"]
    assert [o.label for o in summons] == [
        "Summon",
        "Summon over a unit in your attack zones",
        "Summon (level not in card data)",
        "Summon over a unit in your attack zones (level not in card data)",
    ]
    zone = next(n for o in summons for n in o.needs if isinstance(n, PickNeed))
    assert zone.options == ("attack", "defense") and zone.labels == ("attack zone", "defense zone")
    play = next(o for o in offers(match.state, ALICE) if o.type == "gr_play")
    assert play.label == "Play (timing, type, level not in card data)"
    kind = next(n for n in play.needs if isinstance(n, PickNeed))
    assert kind.options == ("event", "field") and kind.labels == ("event card", "field card")


def test_turning_cards_uses_ready_and_exhaust_only() -> None:
    """15-7: Gate Ruler readies and exhausts; "tap" is another game's word."""
    match = game()
    turn = next(o for o in offers(match.state, ALICE) if o.type == "orient" and o.label == "Turn cards")
    pick = next(n for n in turn.needs if isinstance(n, PickNeed))
    assert pick.options == ("ready", "exhaust")
