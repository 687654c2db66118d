"""Setup, replay, snapshots (JSON round trips) and undo as replay without the undone action."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from engine.errors import ArbiterError
from engine.match import actions as a
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.replay import MatchLog, effective_actions, replay, replay_from, undone_versions
from engine.match.rng import SETUP_CONTEXT, RandomStream
from engine.match.setup import new_match
from engine.match.spec import GameSpec
from engine.match.state import CardRef, MatchState, state_digest
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action

SEED = bytes(range(32))
ALICE, BOB = 0, 1


def play(count: int, seed: int = 3) -> MatchLog:
    log = MatchLog.start(DEMO_SPEC, PLAYERS, demo_decks(), SEED)
    rng = random.Random(seed)
    while len(log.actions) < count:
        with contextlib.suppress(ActionRefused):
            log.submit(random_action(log.state, rng, allow_end=False))
    return log


def test_new_match_is_deterministic() -> None:
    one = new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED)
    two = new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED)
    assert one == two and one.version == 0 and one.board.turn == 1
    stream = RandomStream(SEED, SETUP_CONTEXT)
    first = stream.randbelow(2)
    assert one.board.active == one.board.priority == first
    assert one.zone("deck", ALICE) == tuple(stream.shuffle(range(20)))  # Alice's deck ids are 0..19
    assert one.match.seed_hash == __import__("hashlib").sha256(SEED).hexdigest()
    other = new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32))
    assert other.zone("deck", ALICE) != one.zone("deck", ALICE)
    assert len(one.match.table) == 46 and len(one.board.cards) == 46


def test_new_match_accepts_plain_lists_and_shares_the_card_table() -> None:
    deck = [CardRef("Same"), ("Same", ""), {"name": "Other", "code": "O-1"}, "Third"]
    state = new_match(DEMO_SPEC, PLAYERS, [deck, deck], SEED, first_player=BOB)
    assert state.match.table == (CardRef("Same"), CardRef("Other", "O-1"), CardRef("Third"))
    assert len(state.zone("deck", ALICE)) == 4 and state.board.active == BOB


@pytest.mark.parametrize(
    ("players", "decks", "seed", "first", "message"),
    [
        (["A"], [[]], SEED, None, "needs exactly 2 players"),
        (["A", "B"], [[]], SEED, None, "one deck"),
        (["A", "B"], [[], []], b"short", None, "at least 16"),
        (["A", "B"], [[], []], SEED, 2, "no player 2"),
        (["A", "B"], [{"graveyard": [CardRef("X")]}, []], SEED, None, "no zone called 'graveyard'"),
        (["A", "B"], [[CardRef(" ")], []], SEED, None, "no name"),
    ],
)
def test_new_match_refusals(
    players: list[str], decks: list[object], seed: bytes, first: int | None, message: str
) -> None:
    with pytest.raises(ArbiterError, match=message):
        new_match(DEMO_SPEC, players, decks, seed, first_player=first)  # type: ignore[arg-type]


def test_replay_gives_the_live_state() -> None:
    log = play(300)
    again = replay(DEMO_SPEC, SEED, PLAYERS, demo_decks(), log.actions)
    assert again == log.state and state_digest(again) == state_digest(log.state)
    rebuilt = MatchLog.rebuild(log.initial, log.actions)
    assert rebuilt.state == log.state and rebuilt.events == log.events and rebuilt.undone == log.undone
    halfway = replay_from(log.initial, log.actions[:150])
    assert replay_from(halfway, log.actions[150:]) == log.state


def test_replay_refuses_a_tampered_log() -> None:
    log = play(20)
    with pytest.raises(ActionRefused):
        replay(DEMO_SPEC, SEED, PLAYERS, demo_decks(), [*log.actions[:5], *log.actions[6:]])


def test_state_json_round_trip() -> None:
    log = play(200)
    for state in (log.initial, log.state):
        text = json.dumps(state.to_json())
        back = MatchState.from_json(json.loads(text), DEMO_SPEC)
        assert back == state
        assert MatchState.from_json(json.loads(text), DEMO_SPEC, match=state.match).match is state.match
    # Continuing from a snapshot gives the same states as continuing in memory.
    snapshot = MatchState.from_json(json.loads(json.dumps(log.state.to_json())), DEMO_SPEC)
    rng = random.Random(11)
    live = log.state
    for _ in range(100):
        action = random_action(live, rng, allow_end=False)
        try:
            live, _ = apply(live, action)
        except ActionRefused:
            continue
        snapshot, _ = apply(snapshot, action)
    assert snapshot == live


def test_snapshots_are_tied_to_their_spec() -> None:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED)
    data = state.to_json()
    changed = GameSpec.model_validate({**DEMO_SPEC.model_dump(), "undo_per_turn": 5})
    with pytest.raises(ArbiterError, match="another version of the game definition"):
        MatchState.from_json(data, changed)
    with pytest.raises(ArbiterError, match="not a saved match state"):
        MatchState.from_json({**data, "format": "x"}, DEMO_SPEC)


def test_events_json_round_trip() -> None:
    log = play(100)
    for events in log.events:
        for event in events:
            assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event


def test_undo_equals_replay_without_the_undone_action() -> None:
    log = MatchLog.start(DEMO_SPEC, PLAYERS, demo_decks(), SEED, first_player=ALICE)

    def submit(cls: type[a.BaseAction], actor: int = ALICE, **fields: object) -> None:
        log.submit(cls(actor=actor, version=log.state.version, **fields))  # type: ignore[arg-type]

    submit(a.Draw, count=2)
    submit(a.Shuffle, zone=a.ZoneRef(zone="deck"))
    submit(a.RollDie)
    submit(a.Search, zone=a.ZoneRef(zone="deck"), take=(0,), shuffle=True)
    undone = log.state.undo_version
    before = log.state
    submit(a.RequestUndo)
    submit(a.AcceptUndo, BOB)
    assert log.undone == {undone} == undone_versions(log.actions)
    assert [type(x) for x in log.effective_actions()] == [a.Draw, a.Shuffle, a.RollDie]
    assert effective_actions(log.actions) == log.effective_actions()
    without = log.replay_without_undone()
    assert log.state.board.content() == without.board.content()
    union = [b | c for b, c in zip(before.undo_base.knowledge(), before.board.knowledge(), strict=True)]  # type: ignore[union-attr]
    for card, mask in before.undo_learned:
        union[card] |= mask
    assert log.state.board.knowledge() == tuple(union)
    # Alice saw the whole deck in the search, and undo put it back in that order: it stays known.
    assert all(log.state.knows(ALICE, c) for c in log.state.zone("deck", ALICE))
    assert not any(without.knows(ALICE, c) for c in without.zone("deck", ALICE))
    # Play on: shuffles after the undo are the same in both replays.
    submit(a.Shuffle, zone=a.ZoneRef(zone="deck"))
    submit(a.Draw)
    without = log.replay_without_undone()
    assert log.state.board.content() == without.board.content()
    assert log.state.version == len(log.actions) == 8
    assert log.lines(BOB)[-4:-2] == [
        "Alice asks to undo their last action.",
        "You accept the undo: Alice's last action is taken back.",
    ]
