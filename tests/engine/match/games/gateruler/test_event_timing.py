"""An event's timing comes from its "Timing:" line (16-1a-3): a Standard Action event is a standard action
card (2-17b), played only in its player's main phase with the gate empty (7-6, 7-8, 9-3e-5e); an Instant
Action event is played with priority at any time (9-3e-2, 14-5d) from a set zone, or from the hand when
its text says so (14-20a). Out of the main phase only those are offered; an event whose card data gives
no timing is still offered, saying so."""

from __future__ import annotations

import pytest

from engine.cards.model import CardRecord
from engine.match.actions import PassPriority
from engine.match.games.gateruler import stats_from_record
from engine.match.games.gateruler.actions import GrDrive, GrDriveUse, GrPlay
from engine.match.games.gateruler.board import gate
from engine.match.offers import Offer, offers
from engine.match.state import CardRef
from tests.engine.match.games.gateruler.scenario import deck_of, event, game
from tests.engine.match.games.harness import ALICE, BOB, Scenario


def timed(n: int, when: str | None, owner: str = "B", hand: bool = False) -> CardRef:
    """An event of level 0 whose card data gives its timing (None: none)."""
    stats: dict[str, int | str] = {"type": "event", "level": 0, "cnt": 0}
    if when is not None:
        stats["timing"] = when
    if hand:
        stats["from_hand"] = 1
    label = when or "untimed"
    return CardRef(f"{owner} {label.title()} {n:02d}", f"{owner}-T{n:02d}", tuple(sorted(stats.items())))


def record(text: str) -> dict[str, int | str]:
    card = CardRecord(game="gateruler", code="E-1", name="An Event", types=["Event"], text=text)
    return dict(stats_from_record(card))


def plays(match: Scenario, seat: int) -> dict[str, list[str]]:
    """Each play offer's label and the names of the cards it lists."""
    out: dict[str, list[str]] = {}
    for offer in offers(match.state, seat):
        if offer.type == "gr_play":
            out[offer.label] = names(match, offer)
    return out


def names(match: Scenario, offer: Offer) -> list[str]:
    options = offer.needs[0].options  # type: ignore[union-attr]
    return [match.state.ref(match.state.zone(at.zone, at.player)[at.index]).name for at in options]


def bobs_cards(hand: list[CardRef], set_cards: list[CardRef]) -> Scenario:
    """Alice's first turn; Bob's hand is ``hand``, and ``set_cards`` lie face down in his set zones."""
    deck = [*hand, *set_cards, *(event(n, owner="B") for n in range(40, 70))]
    match = game([deck_of("A"), deck_of("B") | {"deck": deck}])
    for card in match.state.zone("hand", BOB):
        match.place(card, "deck", position="bottom")
    for ref in hand:
        match.place(ref.name, "hand")
    for ref in set_cards:
        match.place(ref.name, "set", face="down")
    return match


def test_the_timing_line_is_read_into_the_cards_stats() -> None:
    """16-1a-3: the "Timing:" line of an event is its timing, not a keyword; 14-20a: text that lets it be
    played from the hand."""
    assert record("Timing: Standard Action\n■Draw 1 card.")["timing"] == "standard"
    assert record("Timing: Instant Action\n■This event can also be played directly from your hand.") == {
        "cnt": 0,
        "from_hand": 1,
        "timing": "instant",
        "type": "event",
    }
    assert record("Timing: This can be set. If set, you can play it when a unit attacks.")["timing"] == (
        "condition"
    )
    assert "timing" not in record("■Choose 1 unit.")


def test_out_of_the_main_phase_only_instants_are_offered() -> None:
    """9-3e-2, 14-5d: Bob, holding priority in Alice's main phase, may play his set Instant Action event
    and the one his card lets him play from the hand (14-20a); not his Standard Action events (9-3e-5e,
    7-6, 7-8), nor an Instant Action event from his hand without that text; an event without timing in
    its card data is offered, saying so."""
    handy = timed(3, "instant", hand=True)
    set_cards = [timed(1, "standard"), timed(2, "instant"), timed(4, None)]
    match = bobs_cards([timed(5, "standard"), timed(6, "instant"), handy], set_cards)
    match.act(ALICE, PassPriority)
    assert plays(match, BOB) == {
        "Play an instant": ["B Instant 03", "B Instant 02"],
        "Play an instant (timing not in card data)": ["B Untimed 04"],
    }
    assert all(dict(o.fixed) == {"instant": True} for o in offers(match.state, BOB) if o.type == "gr_play")


def test_a_standard_action_event_is_refused_as_an_instant() -> None:
    """7-6, 9-3e-5e: Bob's set Standard Action event cannot be played as an instant action in Alice's
    turn; 14-5d, 14-20a: his Instant Action event is played from a set zone, not from the hand."""
    match = bobs_cards([timed(6, "instant")], [timed(1, "standard"), timed(2, "instant")])
    match.act(ALICE, PassPriority)
    set_standard, set_instant = (match.at(c) for c in match.state.zone("set", BOB))
    match.refused(BOB, GrPlay, rule="2-17b", card=set_standard, instant=True)
    match.refused(BOB, GrPlay, rule="14-5d", card=match.at(match.state.zone("hand", BOB)[0]), instant=True)
    match.act(BOB, GrPlay, card=set_instant, instant=True)
    assert [item["kind"] for item in gate(match.state.board)] == ["card"]


def test_in_the_main_phase_standard_cards_and_set_instants_are_offered() -> None:
    """7-6, 7-8: in Alice's main phase her Standard Action events are played from the hand or a set zone;
    7-1a-1, 14-5d: her set Instant Action event too, but not an Instant Action event in her hand."""
    alice = [timed(1, "standard", "A"), timed(2, "instant", "A"), timed(3, "instant", "A")]
    deck = [*alice, *(event(n, owner="A") for n in range(40, 70))]
    match = game([deck_of("A") | {"deck": deck}, deck_of("B")])
    for card in match.state.zone("hand", ALICE):
        match.place(card, "deck", position="bottom")
    match.place("A Standard 01", "hand")
    match.place("A Instant 02", "hand")
    match.place("A Instant 03", "set", face="down")
    assert plays(match, ALICE) == {"Play": ["A Standard 01"], "Play an instant": ["A Instant 03"]}
    match.refused(ALICE, GrPlay, rule="14-5d", card=match.at(match.find("A Instant 02")))


def test_an_event_without_timing_says_so() -> None:
    """A card whose data gives no timing may still be played (its player knows it); the offer says the
    card data does not give its timing."""
    match = game([deck_of("A", kind="event"), deck_of("B")])
    assert set(plays(match, ALICE)) == {"Play (timing not in card data)"}


@pytest.mark.parametrize("when", ["instant", "condition"])
def test_a_drive_resolution_process_plays_only_standard_action_cards(when: str) -> None:
    """10-4d: a drive resolution process plays a standard action card (2-17b); an event of another timing
    is set or left unused, so "Play" is not offered for it and is refused."""
    deck = [timed(n, when) for n in range(1, 31)]
    match = game([deck_of("A"), deck_of("B") | {"deck": deck}])
    match.act(ALICE, PassPriority)
    match.act(BOB, GrDrive, count=1, hidden=(0,))
    driven = match.at(match.state.zone("drive", BOB)[0])
    labels = [o.label for o in offers(match.state, BOB) if o.type == "gr_drive_use"]
    assert "Play" not in labels and {"Set", "Leave unused"} <= set(labels)
    match.refused(BOB, GrDriveUse, rule="10-4d", card=driven, use="play")
