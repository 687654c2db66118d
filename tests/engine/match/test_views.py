"""Views and log lines never show a viewer a card that viewer does not know; handles are opaque."""

from __future__ import annotations

import json
import random

import pytest

from engine.match import actions as a
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.render import render
from engine.match.replay import MatchLog
from engine.match.setup import new_match
from engine.match.state import MatchState
from engine.match.view import handle_of, locate, view, viewers
from tests.engine.match.checks import known_words, mentioned
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action

SEED = bytes(range(32))
ALICE, BOB = 0, 1


@pytest.fixture
def log() -> MatchLog:
    return MatchLog.start(DEMO_SPEC, PLAYERS, demo_decks(), SEED, first_player=ALICE)


def submit(log: MatchLog, cls: type[a.BaseAction], actor: int = ALICE, **fields: object) -> None:
    log.submit(cls(actor=actor, version=log.state.version, **fields))  # type: ignore[arg-type]


def zone_view(state: MatchState, viewer: int | None, zone: str, player: int | None) -> dict[str, object]:
    return view(state, viewer)["zones"][state.slot(zone, player)]


def assert_no_leak(state: MatchState) -> None:
    for viewer in viewers(state):
        shown = view(state, viewer)
        assert mentioned(state, shown) <= known_words(state, viewer), viewer
        json.dumps(shown)


def test_hidden_cards_have_no_name(log: MatchLog) -> None:
    submit(log, a.Draw, count=3)
    state = log.state
    mine = zone_view(state, ALICE, "hand", ALICE)
    theirs = zone_view(state, BOB, "hand", ALICE)
    assert mine["count"] == theirs["count"] == 3
    assert all("name" in card and "code" in card for card in mine["cards"])  # type: ignore[attr-defined]
    assert all("name" not in card and "code" not in card for card in theirs["cards"])  # type: ignore[attr-defined]
    deck = zone_view(state, ALICE, "deck", ALICE)
    assert deck["count"] == 17 and all("name" not in card for card in deck["cards"])  # type: ignore[attr-defined]
    assert_no_leak(state)


def test_spectators_see_what_every_player_knows(log: MatchLog) -> None:
    submit(log, a.Draw, count=2)
    submit(log, a.Reveal, cards=(a.CardAt(zone="hand", index=0),), to="opponent")
    submit(log, a.Look, zone=a.ZoneRef(zone="deck"), count=1)
    state = log.state
    hand = zone_view(state, None, "hand", ALICE)["cards"]
    assert "name" in hand[0] and "name" not in hand[1]  # type: ignore[index]
    assert "name" in zone_view(state, ALICE, "deck", ALICE)["cards"][0]  # type: ignore[index]
    assert "name" not in zone_view(state, None, "deck", ALICE)["cards"][0]  # type: ignore[index]
    assert_no_leak(state)
    opening, *spectator_log = log.lines(None)
    assert opening.startswith("Alice goes first. Alice: deck ")
    assert spectator_log[0] == "Alice draws 2 cards."
    assert state.ref(state.zone("hand", ALICE)[0]).name in spectator_log[1]
    assert spectator_log[2] == "Alice looks at the top card of their deck."


def test_handles_are_per_viewer_and_per_version(log: MatchLog) -> None:
    submit(log, a.Draw)
    before = log.state
    card = before.zone("hand", ALICE)[0]
    assert len({handle_of(before, viewer, card) for viewer in viewers(before)}) == 3
    submit(log, a.Note, text="nothing changes")
    assert handle_of(log.state, ALICE, card) != handle_of(before, ALICE, card)
    # A handle cannot follow a card through a shuffle: every handle of the deck changes.
    deck_before = {c["handle"] for c in zone_view(log.state, BOB, "deck", ALICE)["cards"]}  # type: ignore[attr-defined]
    submit(log, a.Shuffle, zone=a.ZoneRef(zone="deck"))
    deck_after = {c["handle"] for c in zone_view(log.state, BOB, "deck", ALICE)["cards"]}  # type: ignore[attr-defined]
    assert len(deck_before) == len(deck_after) == 19 and not deck_before & deck_after


def test_locate_turns_a_handle_into_a_position(log: MatchLog) -> None:
    submit(log, a.Draw, count=3)
    state = log.state
    for viewer in viewers(state):
        for index, card in enumerate(zone_view(state, viewer, "hand", ALICE)["cards"]):  # type: ignore[arg-type]
            assert locate(state, viewer, card["handle"]) == a.CardAt(zone="hand", player=ALICE, index=index)
    handle = zone_view(state, ALICE, "hand", ALICE)["cards"][2]["handle"]  # type: ignore[index]
    move = a.Move(
        actor=ALICE, version=state.version, cards=(locate(state, ALICE, handle),), to=a.ZoneRef(zone="field")
    )
    moved, _ = apply(state, move)
    assert moved.zone("field", ALICE) == (state.zone("hand", ALICE)[2],)
    with pytest.raises(
        ActionRefused, match=r"^That card is no longer where it was; look at the match again\.$"
    ):
        locate(moved, ALICE, handle)
    with pytest.raises(ActionRefused):
        locate(state, BOB, handle)  # another viewer's handle
    with pytest.raises(ActionRefused, match="moved on since this was shown"):
        locate(moved, ALICE, handle, version=state.version)
    assert locate(state, ALICE, handle, version=state.version).index == 2


def test_log_lines_per_viewer(log: MatchLog) -> None:
    submit(log, a.Draw)
    drawn = log.state.ref(log.state.zone("hand", ALICE)[0]).name
    submit(log, a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="deck"), position="top")
    submit(log, a.Shuffle, zone=a.ZoneRef(zone="deck"))
    assert log.lines(ALICE)[1:] == [
        f"You draw {drawn}.",
        f"You move {drawn} from your hand to the top of your deck.",
        "You shuffle your deck.",
    ]
    assert log.lines(ALICE)[0] == "You go first. You: deck 20, extra deck 3. Bob: deck 20, extra deck 3."
    assert log.lines(BOB) == [
        "Alice goes first. Alice: deck 20, extra deck 3. You: deck 20, extra deck 3.",
        "Alice draws a card.",
        "Alice moves a card from their hand to the top of their deck.",
        "Alice shuffles their deck.",
    ]
    assert all(drawn not in line for line in log.lines(None))


def test_the_seed_is_shown_only_at_the_end(log: MatchLog) -> None:
    seed = SEED.hex()
    for viewer in viewers(log.state):
        shown = view(log.state, viewer)
        assert shown["seed"] is None and seed not in json.dumps(shown)
        assert shown["seed_hash"] == log.state.match.seed_hash
    submit(log, a.Concede, BOB)
    assert all(view(log.state, viewer)["seed"] == seed for viewer in viewers(log.state))


def test_view_shape(log: MatchLog) -> None:
    submit(log, a.Draw, count=2)
    submit(log, a.Move, cards=(a.CardAt(zone="hand", index=0),), to=a.ZoneRef(zone="support"))
    shown = view(log.state, BOB)
    assert shown["viewer"] == BOB and shown["version"] == 2 and shown["status"] == "playing"
    assert [p["name"] for p in shown["players"]] == list(PLAYERS)
    assert shown["players"][ALICE]["undo_requests_left"] == 2 and shown["undoable_by"] == ALICE
    assert len(shown["zones"]) == 15  # 7 zones per player and the shared stack
    support = shown["zones"][log.state.slot("support", ALICE)]
    card = support["cards"][0]
    assert card["orientation"] == "rest" and card["face"] == "up" and card["owner"] == ALICE
    assert set(card) == {
        "handle",
        "face",
        "orientation",
        "owner",
        "controller",
        "counters",
        "attached_to",
        "name",
        "code",
    }
    assert zone_view(log.state, BOB, "hand", ALICE)["cards"][0]["orientation"] is None  # type: ignore[index]


def test_a_whole_random_match_never_leaks() -> None:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED)
    rng = random.Random(7)
    for _ in range(400):
        action = random_action(state, rng, allow_end=False)
        try:
            after, events = apply(state, action)
        except ActionRefused:
            continue
        for viewer in viewers(state):
            allowed = known_words(state, viewer) | known_words(after, viewer)
            for event in events:
                assert mentioned(state, render(event, after, viewer)) <= allowed
        state = after
        assert_no_leak(state)


def _taken_by_a_search(log: MatchLog, card: int) -> tuple[list[str], list[str], list[str]]:
    """Alice searches her deck, takes ``card`` (by position) to her hand and shuffles; the lines."""
    state = log.state
    index = state.zone("deck", ALICE).index(card)
    events = log.submit(
        a.Search(actor=ALICE, version=state.version, zone=a.ZoneRef(zone="deck"), take=(index,), shuffle=True)
    )
    after = log.state
    assert after.zone("hand", ALICE)[-1] == card
    for viewer in viewers(after):  # the names a viewer knew just before or knows just after
        allowed = known_words(state, viewer) | known_words(after, viewer)
        for event in events:
            assert mentioned(after, render(event, after, viewer)) <= allowed, (viewer, event)
    return tuple(  # type: ignore[return-value]
        [render(event, after, viewer) for event in events] for viewer in (ALICE, BOB, None)
    )


def test_a_card_only_the_opponent_knew_is_not_named_to_spectators_when_searched() -> None:
    """The hypothesis example (test_match_machine) that found it, as explicit actions: Bob sees Amber 01
    in his hand, the move is undone (Bob keeps knowing it, back in Alice's deck), Alice searches her
    deck and takes it. For a moment inside the search both players knew it, but no spectator ever saw
    it: the spectator's line must say "a card" (it said "Alice moves Amber 01 ...")."""
    seed = b"\xd8q\x91v\x92_\x1c\x80\x17\xcf\xf4\xe9W;ET&v\xffb\x0e\x10~\xd9\x10\x8e\x89\x9a\xa3\x0b\x9cq"
    log = MatchLog.start(DEMO_SPEC, PLAYERS, demo_decks(7, 2), seed)
    state = log.state
    assert state.board.active == ALICE
    amber = next(c for c in range(len(state.board.cards)) if state.ref(c).name == "Amber 01")

    def undo() -> None:
        submit(log, a.RequestUndo)
        submit(log, a.AcceptUndo, BOB)

    submit(log, a.Draw, count=3)
    submit(log, a.NextPhase, to="battle")
    undo()
    assert log.state.zone("deck", ALICE)[1] == amber
    moved = (a.CardAt(zone="deck", index=2), a.CardAt(zone="extra", index=1), a.CardAt(zone="deck", index=1))
    submit(log, a.Move, cards=moved, to=a.ZoneRef(zone="hand", player=BOB))
    assert log.state.knows(BOB, amber) and not log.state.knows(ALICE, amber)
    undo()
    assert log.state.zone("deck", ALICE)[1] == amber and log.state.knows(BOB, amber)
    submit(log, a.NextPhase, to="battle")
    submit(
        log,
        a.Move,
        cards=(a.CardAt(zone="hand", index=2), a.CardAt(zone="deck", index=0)),
        to=a.ZoneRef(zone="deck"),
        position=1,
    )
    assert log.state.zone("deck", ALICE)[0] == amber and log.state.knows(BOB, amber)
    assert not log.state.knows(ALICE, amber) and not log.state.knows(None, amber)

    alice, bob, spectator = _taken_by_a_search(log, amber)
    assert alice[1] == "You move Amber 01 from your deck to your hand."
    assert bob[1] == "Alice moves Amber 01 from their deck to their hand."  # Bob knew it just before
    assert spectator == [
        "Alice searches their deck.",
        "Alice moves a card from their deck to their hand.",
        "Alice shuffles their deck.",
    ]
    assert log.state.knows(ALICE, amber) and not log.state.knows(BOB, amber)


def test_a_card_revealed_to_the_opponent_is_not_named_to_spectators_when_searched(log: MatchLog) -> None:
    top = log.state.zone("deck", ALICE)[0]
    name = log.state.ref(top).name
    submit(log, a.RevealTop, zone=a.ZoneRef(zone="deck"), count=1, to="opponent")
    alice, bob, spectator = _taken_by_a_search(log, top)
    assert name in alice[1] and name in bob[1]
    assert spectator[1] == "Alice moves a card from their deck to their hand."
    # Revealed to everyone, the name is every player's: spectators read it too.
    top = log.state.zone("deck", ALICE)[0]
    submit(log, a.RevealTop, zone=a.ZoneRef(zone="deck"), count=1, to="everyone")
    assert log.state.ref(top).name in _taken_by_a_search(log, top)[2][1]
