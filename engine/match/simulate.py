"""Random games to the end: the fastest way to find what breaks in a game definition.

:func:`simulate_game` builds two random legal decks with the definition, starts a match from a seed
derived from the simulation seed and the game's number, and lets two random players act: at every
state it applies the first of the definition's :meth:`~engine.match.game.GameDefinition.random_actions`
that the engine accepts. After every accepted action it checks the invariants
(:func:`check_invariants`) and renders every viewer's log lines; at the end it replays the accepted
actions from the start and checks that the replay reaches the same state (determinism).

A game that does not end within ``max_actions`` actions, or a state in which no offered action is
accepted, raises :class:`SimulationError`: both are bugs of the definition, never a result.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from engine.errors import ArbiterError
from engine.match.actions import BaseAction
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.game import GameDefinition
from engine.match.render import render_all
from engine.match.replay import replay
from engine.match.setup import new_match
from engine.match.state import MatchState, state_digest
from engine.match.view import view

PLAYERS = ("Player 1", "Player 2")
MAX_ACTIONS = 20_000


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
    - no view names a card its viewer does not know (DESIGN.md, "Hidden information by construction");
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
        if state.status != "playing":
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


def simulate_game(
    definition: GameDefinition, seed: int, game: int, *, max_actions: int = MAX_ACTIONS
) -> GameResult:
    """Play one random game to its end (see the module doc)."""
    rng = random.Random(f"arbiter-simulate:{seed}:{game}")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    match_seed = game_seed(seed, game)
    state = new_match(definition.spec, PLAYERS, decks, match_seed)
    check_invariants(state, definition)
    accepted: list[BaseAction] = []
    refused = 0
    while state.status == "playing":
        if len(accepted) >= max_actions:
            raise SimulationError(
                f"{definition.spec.name} game {game} (seed {seed}) did not end after {max_actions} actions."
            )
        for action in definition.random_actions(state, rng):
            try:
                state, events = apply(state, action)
            except ActionRefused:
                refused += 1
                continue
            accepted.append(action)
            break
        else:
            raise SimulationError(
                f"{definition.spec.name} game {game} (seed {seed}): no offered action was accepted at "
                f"version {state.version} (turn {state.board.turn})."
            )
        try:
            for viewer in (0, 1, None):
                render_all(events, state, viewer)
            check_invariants(state, definition)
        except AssertionError as error:
            raise SimulationError(
                f"{definition.spec.name} game {game} (seed {seed}), after {action!r}: {error}"
            ) from error
    again = replay(definition.spec, match_seed, PLAYERS, decks, accepted)
    if state_digest(again) != state_digest(state):
        raise SimulationError(f"{definition.spec.name} game {game} (seed {seed}): its replay differs.")
    winner = None if state.winner is None else PLAYERS[state.winner]
    return GameResult(game, winner, state.winner, state.end_reason, state.board.turn, len(accepted), refused)


def simulate(definition: GameDefinition, *, games: int, seed: int) -> list[GameResult]:
    """Play ``games`` random games numbered from 1."""
    return [simulate_game(definition, seed, number) for number in range(1, games + 1)]
