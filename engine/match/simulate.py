"""Random games to the end: the fastest way to find what breaks in a game definition.

A :class:`Walk` is one random game, step by step: two random legal decks built by the definition, a
match started from a seed derived from the simulation seed and the game's number, each seat with
random stops, and two random players taking, at every state, the first of the definition's
:meth:`~engine.match.game.GameDefinition.random_actions` that the engine accepts, the match passing
for them where their stops say so. The suite's random-game checks all read one walk per game
(:mod:`engine.match.random_games`); :func:`simulate_game` reads it with :class:`RulesCheck` alone:
after every accepted action and automatic pass it checks the invariants (:func:`check_invariants`) and
renders every viewer's log lines; at the end it replays the applied actions from the start and checks
that the replay reaches the same state (determinism).

A game that does not end within ``max_actions`` actions, or a state in which no offered action is
accepted, raises :class:`SimulationError`: both are bugs of the definition, never a result.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.errors import ArbiterError
from engine.match.actions import BaseAction, SetStops
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.game import GameDefinition
from engine.match.render import render_all
from engine.match.replay import replay
from engine.match.setup import new_match
from engine.match.state import MatchState, MatchStatus, state_digest
from engine.match.stops import automatic_passes
from engine.match.view import view

PLAYERS = ("Player 1", "Player 2")
MAX_ACTIONS = 20_000
RESTOP_CHANCE = 0.1
"""How often, after an action of a random game, a random seat changes its stops."""


class SimulationError(ArbiterError):
    """A simulated game broke an invariant, stalled, or did not end."""


@dataclass(frozen=True)
class GameResult:
    """How one simulated game ended."""

    game: int
    winner: str | None
    """The winner's name, or None for a draw."""
    winner_seat: int | None
    reason: str
    turns: int
    actions: int
    refused: int
    """Offered actions the engine refused along the way (the random players' illegal tries)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def game_seed(seed: int, game: int) -> bytes:
    """The secret match seed of simulated game ``game`` (32 bytes, derived from the simulation seed)."""
    return hashlib.sha256(b"arbiter/simulate/%d/%d" % (seed, game)).digest()


def check_invariants(state: MatchState, definition: GameDefinition | None = None) -> None:
    """The engine's invariants on one state (AssertionError naming the first one broken):

    - every card is in exactly one zone, and no zone holds a card twice;
    - every card is known by at least whoever its zone and face show it to, and by nobody else
      than the match's players;
    - cards outside orientable zones have the upright orientation;
    - every player has one value per name of the spec, and the turn structure points at a step;
    - no view names a card its viewer does not know (docs/architecture.md, "Hidden information by
      construction");
    - the game definition's own invariants.
    """
    match = state.match
    board = state.board
    seen: dict[int, int] = {}
    for slot, ids in enumerate(board.zones):
        for card_id in ids:
            assert card_id not in seen, f"card {card_id} is in slots {seen[card_id]} and {slot}"
            seen[card_id] = slot
    assert len(seen) == len(board.cards), f"{len(board.cards) - len(seen)} cards are in no zone"
    for card_id, slot in seen.items():
        card = board.cards[card_id]
        shown = match.sees(slot, card.face_up, card.owner, card.controller)
        assert card.known & shown == shown, f"card {card_id} is not known by who sees it in slot {slot}"
        assert card.known & ~match.all == 0, f"card {card_id} is known by a seat that does not exist"
        if not match.slot_spec[slot].orientable:
            assert card.orientation == 0, f"card {card_id} has an orientation outside an orientable zone"
    names = len(match.spec.player_values)
    assert all(len(values) == names for values in board.values), "a player's values do not match the spec"
    assert 0 <= board.phase < len(match.phase_steps), "the turn points at no phase"
    assert 0 <= board.step < len(match.phase_steps[board.phase]), "the turn points at no step"
    for viewer in (0, 1, None):
        bit = match.all if viewer is None else 1 << viewer
        for zone in view(state, viewer)["zones"]:
            ids = board.zones[match.slot_of[(zone["zone"], zone["player"])]]
            for card_id, card in zip(ids, zone["cards"], strict=True):
                if "name" in card:
                    assert board.cards[card_id].known & bit == bit, (
                        f"the view of {viewer} names card {card_id}, which that viewer does not know"
                    )
    if definition is not None:
        definition.check_invariants(state)


def random_walk(definition: GameDefinition, seed: int, *, steps: int) -> Iterator[MatchState]:
    """The states of a random game of ``definition``: its start, then the state after each of up to
    ``steps`` actions its random players take (fewer when it ends, or when no action is accepted)."""
    rng = random.Random(f"arbiter-walk:{definition.spec.key}:{seed}")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    state = new_match(definition.spec, PLAYERS, decks, game_seed(seed, 1))
    yield state
    for _ in range(steps):
        if state.status != MatchStatus.PLAYING:
            return
        for action in definition.random_actions(state, rng):
            try:
                state, _ = apply(state, action)
            except ActionRefused:
                continue
            break
        else:
            return
        yield state


Passes = list[tuple[BaseAction, MatchState, list[Event]]]
"""A run of automatic passes (:func:`engine.match.stops.automatic_passes`): each pass, the state it
gave and its events."""


@dataclass(frozen=True)
class Step:
    """One action of a random game, with the automatic passes the match made after it."""

    before: MatchState
    action: BaseAction
    by_player: bool
    """A random player's action (True), or a change of a seat's stops (False)."""
    after: MatchState
    """The state right after ``action``, before the automatic passes."""
    events: list[Event]
    passes: Passes

    @property
    def state(self) -> MatchState:
        """The state the step ends in: after its automatic passes."""
        return self.passes[-1][1] if self.passes else self.after

    def results(self) -> Iterator[tuple[MatchState, list[Event]]]:
        """Each state the step went through, with the events that led to it: the action's, then each
        automatic pass's."""
        yield self.after, self.events
        for _, state, events in self.passes:
            yield state, events


@dataclass
class Walk:
    """One random game of a definition, played step by step (:meth:`steps`): two random legal decks,
    a match started from the game's seed, each seat with random stops changed now and then
    (:func:`random_stops`), two random players taking the first of the definition's
    :meth:`~engine.match.game.GameDefinition.random_actions` the engine accepts, and after each action
    the automatic passes the match makes by itself (:func:`engine.match.stops.automatic_passes`).

    The checks of the suite read the same walk: the rules and invariants (:class:`RulesCheck`), the
    offers (:class:`engine.match.offer_check.OfferChecker`), the hidden information
    (:class:`engine.match.indistinguishability.TwinChecker`); :mod:`engine.match.random_games` runs
    all three on one walk."""

    definition: GameDefinition
    seed: int
    game: int
    max_actions: int = MAX_ACTIONS
    rng: random.Random = field(init=False)
    stopping: random.Random = field(init=False)
    decks: list[Any] = field(init=False)
    match_seed: bytes = field(init=False)
    start: MatchState = field(init=False)
    state: MatchState = field(init=False)
    applied: list[BaseAction] = field(init=False, default_factory=list)
    """Every action applied, automatic passes included, in order: what a replay applies."""
    refused: int = field(init=False, default=0)
    """Random players' actions the engine refused (their illegal tries)."""
    taken: int = field(init=False, default=0)
    """Steps taken."""

    def __post_init__(self) -> None:
        self.rng = random.Random(f"arbiter-simulate:{self.seed}:{self.game}")
        self.stopping = random.Random(f"arbiter-stops:{self.seed}:{self.game}")
        self.decks = [self.definition.random_deck(self.rng) for _ in PLAYERS]
        self.match_seed = game_seed(self.seed, self.game)
        self.start = self.state = new_match(self.definition.spec, PLAYERS, self.decks, self.match_seed)

    @property
    def label(self) -> str:
        """How a failure names the game: ``Duel Masters game 12 (seed 1)``."""
        return f"{self.definition.spec.name} game {self.game} (seed {self.seed})"

    def steps(self) -> Iterator[Step]:
        """The game's steps to its end; raises :class:`SimulationError` when it stalls (no offered
        action accepted) or does not end within ``max_actions`` steps."""
        for seat in range(len(PLAYERS)):
            chosen = random_stops(self.definition, self.stopping, seat, self.state.version, start=True)
            step = None if chosen is None else self._take(chosen, by_player=False)
            if step is not None:
                yield step
        while self.state.status == MatchStatus.PLAYING:
            if self.taken >= self.max_actions:
                raise SimulationError(f"{self.label} did not end after {self.max_actions} actions.")
            step = None
            if self.stopping.random() < RESTOP_CHANCE:
                seat = self.stopping.randrange(len(PLAYERS))
                chosen = random_stops(self.definition, self.stopping, seat, self.state.version)
                step = None if chosen is None else self._take(chosen, by_player=False)
            if step is None:
                for action in self.definition.random_actions(self.state, self.rng):
                    step = self._take(action, by_player=True)
                    if step is not None:
                        break
                else:
                    raise SimulationError(
                        f"{self.label}: no offered action was accepted at version {self.state.version} "
                        f"(turn {self.state.board.turn})."
                    )
            yield step

    def _take(self, action: BaseAction, *, by_player: bool) -> Step | None:
        before = self.state
        try:
            after, events = apply(before, action)
        except ActionRefused:
            self.refused += by_player
            return None
        step = Step(before, action, by_player, after, events, automatic_passes(after))
        self.applied.append(action)
        self.applied.extend(made for made, _, _ in step.passes)
        self.state = step.state
        self.taken += 1
        return step


def random_stops(
    definition: GameDefinition, rng: random.Random, seat: int, version: int, *, start: bool = False
) -> SetStops | None:
    """A random change of a seat's stops (None: none): at the start, the defaults, a random set of
    windows, none at all, full control or a one-press pass; later also a stop added or removed, a
    one-press pass ended, full control off or the defaults back."""
    game = definition.stops
    if game is None:
        return None
    names = [window.name for window in game.windows]
    roll = rng.random()
    fields: dict[str, Any]
    if roll < 0.3:
        if start:
            return None
        fields = rng.choice(
            [
                {"add": rng.choice(names)},
                {"remove": rng.choice(names)},
                {"until": "off"},
                {"full_control": False},
                {"defaults": True},
            ]
        )
    elif roll < 0.6:
        fields = {"stops": tuple(sorted(rng.sample(names, rng.randint(0, len(names)))))}
    elif roll < 0.7:
        fields = {"stops": ()}
    elif roll < 0.8:
        fields = {"full_control": True}
    else:
        fields = {"until": rng.choice(("end_of_turn", "opponent_acts"))}
    return SetStops(actor=seat, version=version, **fields)


class RulesCheck:
    """The simulator's check of a walk: the invariants (:func:`check_invariants`) on every state, every
    viewer's log lines rendered for every action and automatic pass, and at the end a replay of the
    applied actions from the start reaching the same state (determinism)."""

    def __init__(self, walk: Walk) -> None:
        self.walk = walk
        check_invariants(walk.start, walk.definition)

    def step(self, step: Step) -> None:
        for state, events in step.results():
            try:
                for viewer in (0, 1, None):
                    render_all(events, state, viewer)
                check_invariants(state, self.walk.definition)
            except AssertionError as error:
                raise SimulationError(f"{self.walk.label}, after {step.action!r}: {error}") from error

    def end(self) -> GameResult:
        walk = self.walk
        state = walk.state
        again = replay(walk.definition.spec, walk.match_seed, PLAYERS, walk.decks, walk.applied)
        if state_digest(again) != state_digest(state):
            raise SimulationError(f"{walk.label}: its replay differs.")
        winner = None if state.winner is None else PLAYERS[state.winner]
        return GameResult(
            walk.game, winner, state.winner, state.end_reason, state.board.turn, walk.taken, walk.refused
        )


def simulate_game(
    definition: GameDefinition, seed: int, game: int, *, max_actions: int = MAX_ACTIONS
) -> GameResult:
    """Play one random game to its end (see the module doc)."""
    walk = Walk(definition, seed, game, max_actions)
    check = RulesCheck(walk)
    for step in walk.steps():
        check.step(step)
    return check.end()


def simulate(definition: GameDefinition, *, games: int, seed: int) -> list[GameResult]:
    """Play ``games`` random games numbered from 1."""
    return [simulate_game(definition, seed, number) for number in range(1, games + 1)]
