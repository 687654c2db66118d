"""Hypothesis stateful tests over random action sequences of both players on the demo game.

After every step: cards are conserved; replaying the accepted actions from the seed gives an equal
state; no view and no log line of a viewer mentions a card name that viewer does not know; undo equals
replay without the undone actions (board) with knowledge the union; states and actions survive a JSON
round trip; a refused action changes nothing and says one sentence.

"Knows" is not taken from the engine: the machine keeps its own model of who knows each card, from
the rule of docs/architecture.md alone (a card becomes known by being seen in its zone, looked at, revealed or
searched; a card entering another zone, outside its group, or shuffled is known only by whoever sees
it there; undo keeps everything known), and checks that the engine's knowledge equals it.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.match import actions as a
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.render import render
from engine.match.replay import MatchLog, replay
from engine.match.setup import new_match
from engine.match.state import MatchState
from engine.match.view import view, viewers
from tests.engine.match.checks import mentioned, slot_of, words_of, zone_of, zone_shows
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action
from tests.property_costs import SERVICE


def audience(action: a.BaseAction) -> set[int]:
    """Players an information action may teach something, besides what zones show."""
    if isinstance(action, a.Look | a.Search):
        return {action.actor}
    if isinstance(action, a.Reveal | a.RevealTop | a.RevealHand):
        return {0, 1} if action.to == "everyone" else {1 - action.actor}
    return set()


class MatchMachine(RuleBasedStateMachine):
    log: MatchLog

    @initialize(
        seed=st.binary(min_size=32, max_size=32),
        first=st.sampled_from([None, 0, 1]),
        size=st.integers(min_value=3, max_value=12),
    )
    def start(self, seed: bytes, first: int | None, size: int) -> None:
        self.seed = seed
        self.first = first
        self.size = size
        self.log = MatchLog.start(DEMO_SPEC, PLAYERS, demo_decks(size, 2), seed, first_player=first)
        state = self.log.state
        self.total = len(state.board.cards)
        self.states = [state]
        self.models = [[self.shown(state, card) for card in range(self.total)]]

    # Steps -------------------------------------------------------------------------------------

    def submit(self, action: a.BaseAction) -> bool:
        before = self.log.state
        try:
            events = self.log.submit(action)
        except ActionRefused as refusal:
            message = str(refusal)
            assert message.endswith(".") and "\n" not in message and message[0].isupper(), message
            assert self.log.state is before
            return False
        after = self.log.state
        assert after.version == before.version + 1
        assert a.parse_action(json.dumps(a.dump_action(action))) == action
        self.states.append(after)
        self.models.append(self.model_after(before, after, action))
        self.check_lines(before, after, events)
        if type(action) is a.AcceptUndo:
            self.check_undo(before, after)
        return True

    @rule(rng=st.randoms(use_true_random=True))
    def act(self, rng: random.Random) -> None:
        # A real PRNG (seeded by hypothesis) so the generator's weights hold: most actions are
        # sensible and the interesting ones (moves, undo, shuffles) are common.
        self.submit(random_action(self.log.state, rng))

    @precondition(lambda self: not self.log.state.ended and self.log.state.undo_actor is not None)
    @rule()
    def undo(self) -> None:
        state = self.log.state
        if state.undo_request is None and not self.submit(
            a.RequestUndo(actor=state.undo_actor, version=state.version)  # type: ignore[arg-type]
        ):
            return
        requester = self.log.state.undo_request
        assert requester is not None
        self.submit(a.AcceptUndo(actor=1 - requester, version=self.log.state.version))

    @precondition(lambda self: not self.log.state.ended and bool(self.log.actions))
    @rule()
    def duplicate(self) -> None:
        with pytest.raises(ActionRefused, match="already applied"):
            apply(self.log.state, self.log.actions[-1])

    @precondition(lambda self: not self.log.state.ended and self.log.state.version >= 2)
    @rule(back=st.integers(min_value=2, max_value=20))
    def stale(self, back: int) -> None:
        version = max(0, self.log.state.version - back)
        with pytest.raises(ActionRefused, match="moved on since"):
            apply(self.log.state, a.Note(actor=0, version=version, text="late"))

    # Checks of one accepted action ------------------------------------------------------------

    # The knowledge model -----------------------------------------------------------------------

    @staticmethod
    def shown(state: MatchState, card: int) -> int:
        return sum(1 << player for player in (0, 1) if zone_shows(state, player, card))

    def read(self, before: MatchState, action: a.BaseAction) -> tuple[set[int], set[int]]:
        """The cards an information action shows, and to whom."""
        actor = action.actor
        if isinstance(action, a.Look | a.RevealTop | a.Search):
            ids = before.board.zones[slot_of(before, action.zone.zone, action.zone.player, actor)]
            if isinstance(action, a.Look | a.RevealTop):
                ids = ids[: action.count] if action.end == "top" else ids[len(ids) - action.count :]
        elif isinstance(action, a.Reveal):
            ids = tuple(
                before.board.zones[slot_of(before, c.zone, c.player, actor)][c.index] for c in action.cards
            )
        elif isinstance(action, a.RevealHand):
            ids = before.zone("hand", actor)
        else:
            return set(), set()
        return set(ids), audience(action)

    def model_after(self, before: MatchState, after: MatchState, action: a.BaseAction) -> list[int]:
        previous = self.models[-1]
        if isinstance(action, a.AcceptUndo):
            version = before.undo_version
            assert version is not None
            model = [b | p for b, p in zip(self.models[version], previous, strict=True)]
            undone = self.log.actions[version]
            if isinstance(undone, a.Search) and undone.shuffle:  # it showed the whole zone, then shuffled it
                for card in self.read(self.states[version], undone)[0]:
                    model[card] |= 1 << undone.actor
            return model
        shown_to, taught = self.read(before, action)
        shuffled: set[int] = set()
        if isinstance(action, a.Shuffle | a.Search) and (isinstance(action, a.Shuffle) or action.shuffle):
            shuffled = set(
                after.board.zones[slot_of(after, action.zone.zone, action.zone.player, action.actor)]
            )
        model = []
        for card in range(self.total):
            old, new = zone_of(before, card), zone_of(after, card)
            group = after.match.slot_spec[new].group
            moved_out = old != new and (group is None or before.match.slot_spec[old].group != group)
            shown = self.shown(after, card)
            if moved_out or card in shuffled:
                model.append(shown)
            else:
                mask = previous[card] | shown
                if card in shown_to:
                    mask |= sum(1 << player for player in taught)
                model.append(mask)
        return model

    # Checks of one accepted action ------------------------------------------------------------

    def check_lines(self, before: MatchState, after: MatchState, events: list[Event]) -> None:
        for viewer in viewers(after):
            allowed = words_of(before, self.models[-2], viewer) | words_of(after, self.models[-1], viewer)
            for event in events:
                line = render(event, after, viewer)
                assert mentioned(after, line) <= allowed, (viewer, line)
                assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event

    def check_undo(self, before: MatchState, after: MatchState) -> None:
        base = before.undo_base
        assert base is not None
        assert after.board.content() == base.content()
        union = [b | c for b, c in zip(base.knowledge(), before.board.knowledge(), strict=True)]
        for card, mask in before.undo_learned:
            union[card] |= mask
        assert after.board.knowledge() == tuple(union)

    # Invariants ---------------------------------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        board = self.log.state.board
        assert sorted(card for zone in board.zones for card in zone) == list(range(self.total))
        attached = [card for card, _ in board.attachments]
        assert len(attached) == len(set(attached))
        assert all(0 <= c < self.total and 0 <= h < self.total and c != h for c, h in board.attachments)

    @invariant()
    def knowledge_follows_the_rules(self) -> None:
        assert list(self.log.state.board.knowledge()) == self.models[-1]

    @invariant()
    def views_do_not_leak(self) -> None:
        state = self.log.state
        for viewer in viewers(state):
            assert mentioned(state, view(state, viewer)) <= words_of(state, self.models[-1], viewer)

    @invariant()
    def replay_is_deterministic(self) -> None:
        again = replay(
            DEMO_SPEC, self.seed, PLAYERS, demo_decks(self.size, 2), self.log.actions, first_player=self.first
        )
        assert again == self.log.state

    @invariant()
    def undo_is_replay_without_the_undone_actions(self) -> None:
        without = self.log.replay_without_undone()
        state = self.log.state
        assert state.board.content() == without.board.content()
        assert all(
            k | w == k for k, w in zip(state.board.knowledge(), without.board.knowledge(), strict=True)
        )
        if not self.log.undone:
            assert state.board == without.board

    @invariant()
    def json_round_trip(self) -> None:
        state = self.log.state
        assert MatchState.from_json(json.loads(json.dumps(state.to_json())), DEMO_SPEC) == state


MatchMachine.TestCase.settings = settings(
    SERVICE,
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_match_machine = MatchMachine.TestCase


def test_new_matches_start_consistent() -> None:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32))
    for card_id in range(len(state.board.cards)):
        for player in (0, 1):
            assert state.knows(player, card_id) == zone_shows(state, player, card_id)
