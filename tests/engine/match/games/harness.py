"""One harness for the four games' scenario tests: start a match of a game with given decks, seed and
first player, arrange a position the engine's way, act as a seat, expect a refusal that cites its rule,
read what a viewer reads (log lines, view) and assert how the match ended by rule, not by wording.

A scenario reads like the rule it checks::

    game = Scenario("vanguard", [deck(0), deck(1)])
    game.act(ALICE, VgRedraw)                          # actor and version are filled in
    game.refused(BOB, NextPhase, rule="7.3.1.3", to="battle")
    assert "Alice rides" in game.lines(BOB)[0]
    assert_lost(game.state, ALICE, "9.2.2")

Every accepted action is followed by the game's own invariant check (``check_invariants``), as the
simulator does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction, CardAt
from engine.match.apply import apply, move_cards
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.game import GameDefinition
from engine.match.games import load_definitions
from engine.match.outcome import Termination
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import CardRef, MatchState
from engine.match.view import view

__all__ = [
    "ALICE",
    "BOB",
    "PLAYERS",
    "SEED",
    "Scenario",
    "assert_draw",
    "assert_lost",
    "assert_won",
    "cites_rule",
]

ALICE, BOB = 0, 1
PLAYERS = ("Alice", "Bob")
SEED = bytes(range(32))

_RULE = re.compile(r"\d+(?:[.\-]\w+)+|\b\d{3,4}\b|Section \d+")
"""A rule number as the four documents write them: 9.2.2, 104.2b, 12-2a-1, 1202 or a section."""

DeckList = Mapping[str, Sequence[CardRef]] | Sequence[CardRef]


def cites_rule(message: str, rule: str | None = None) -> bool:
    """Whether a sentence cites a rule number (``rule`` itself, when given)."""
    return (rule in message) if rule is not None else bool(_RULE.search(message))


class Scenario:
    """One match of a game being played through the engine (see the module doc)."""

    def __init__(
        self,
        game: str | GameDefinition,
        decks: Sequence[DeckList],
        *,
        first: int = ALICE,
        seed: bytes = SEED,
        players: Sequence[str] = PLAYERS,
    ) -> None:
        self.definition = load_definitions()[game] if isinstance(game, str) else game
        self.state: MatchState = new_match(
            self.definition.spec, tuple(players), list(decks), seed, first_player=first
        )
        self.events: list[Event] = []
        """The events of the last accepted action."""

    # Acting ---------------------------------------------------------------------------------------

    def action(self, seat: int, action: BaseAction | type[BaseAction], **fields: Any) -> BaseAction:
        """The action as ``seat`` makes it against the current version: a type with its fields, or an
        action built elsewhere (its actor and version are replaced)."""
        if isinstance(action, BaseAction):
            return action.model_copy(update={"actor": seat, "version": self.state.version, **fields})
        return action(actor=seat, version=self.state.version, **fields)

    def act(self, seat: int, action: BaseAction | type[BaseAction], **fields: Any) -> list[Event]:
        """Apply an action as ``seat``; its events (also kept in :attr:`events`)."""
        self.state, self.events = apply(self.state, self.action(seat, action, **fields))
        self.definition.check_invariants(self.state)
        return self.events

    def refused(
        self, seat: int, action: BaseAction | type[BaseAction], *, rule: str | None = None, **fields: Any
    ) -> str:
        """Expect the action to be refused with one sentence citing a rule (``rule``, when given) and
        nothing to change; the sentence."""
        before = self.state
        try:
            apply(self.state, self.action(seat, action, **fields))
        except ActionRefused as refusal:
            message = str(refusal)
        else:
            raise AssertionError(
                f"{type(action).__name__ if isinstance(action, BaseAction) else action.__name__} was accepted"
            )
        assert self.state is before
        assert cites_rule(message, rule), f"the refusal cites no rule {rule or ''}: {message!r}"
        return message

    # Reading --------------------------------------------------------------------------------------

    def lines(self, viewer: int | None, events: Sequence[Event] | None = None) -> list[str]:
        """What ``viewer`` (None: a spectator) reads of the last action (or of ``events``)."""
        return render_all(list(self.events if events is None else events), self.state, viewer)

    def view(self, viewer: int | None) -> dict[str, Any]:
        return view(self.state, viewer)

    def step(self) -> str:
        """The name of the step the turn is in."""
        return self.state.match.phase_steps[self.state.board.phase][self.state.board.step]

    def names(self, zone: str, seat: int | None = None) -> list[str]:
        """The names of the cards in a zone, top first (engine-side: what is there, not what is seen)."""
        return [self.state.ref(card).name for card in self.state.zone(zone, seat)]

    def find(self, name: str, zone: str | None = None, owner: int | None = None) -> int:
        """The id of the first card of that name (in a zone, of an owner, when given)."""
        state = self.state
        for slot, ids in enumerate(state.board.zones):
            if zone is not None and state.match.slot_spec[slot].name != zone:
                continue
            for card in ids:
                if state.ref(card).name == name and (owner is None or state.card(card).owner == owner):
                    return card
        raise AssertionError(f"no {name} in {zone or 'any zone'}")

    def at(self, card: int) -> CardAt:
        """The position of a card, as actions name it."""
        state = self.state
        for slot, ids in enumerate(state.board.zones):
            if card in ids:
                return CardAt(
                    zone=state.match.slot_spec[slot].name,
                    player=state.match.slot_player[slot],
                    index=ids.index(card),
                )
        raise AssertionError(f"card {card} is in no zone")

    # Arranging a position (test setup, through the engine's own move) ----------------------------

    def place(
        self,
        card: int | str,
        zone: str,
        seat: int | None = None,
        *,
        position: int | str | None = None,
        face: str | None = None,
        orientation: int | None = None,
    ) -> int:
        """Put a card (an id, or the first of that name) into a zone of ``seat`` (its owner's by
        default; a shared zone has none), as if it had been there; its id."""
        state = self.state
        card_id = self.find(card) if isinstance(card, str) else card
        owner = state.card(card_id).owner
        spec = state.match.zone_specs[zone]
        player = None if spec.shared else (owner if seat is None else seat)
        source = next(s for s, ids in enumerate(state.board.zones) if card_id in ids)
        dest = state.match.slot_of[(zone, player)]
        who = owner if player is None else player
        board, _ = move_cards(state, state.board, who, [(source, card_id)], dest, position, face, orientation)
        self.state = state.evolve(board=board)
        return card_id

    def set_data(self, **data: Any) -> None:
        """Set the game's own data on the board (a value of None removes the name)."""
        self.state = self.state.evolve(board=self.state.board.with_data(**data))

    def set_value(self, seat: int, name: str, value: int) -> None:
        """Set a player value (life, damage...)."""
        index = list(self.state.spec.player_values).index(name)
        values = [list(row) for row in self.state.board.values]
        values[seat][index] = value
        self.state = self.state.evolve(board=self.state.board.evolve(values=tuple(map(tuple, values))))


# Outcomes ----------------------------------------------------------------------------------------


def assert_lost(state: MatchState, seat: int, rule: str) -> None:
    """The match is over by the rules and ``seat`` lost by ``rule`` (one of the loss's rule numbers)."""
    outcome = state.outcome
    assert outcome is not None, f"the match is not over ({state!r})"
    assert outcome.termination is Termination.RULES, f"the match ended by {outcome.termination.value}"
    rules = [number.strip() for cited in outcome.rules(seat) for number in cited.split(",")]
    assert rule in rules, f"{state.players[seat]} did not lose by {rule}: {outcome}"


def assert_won(state: MatchState, seat: int) -> None:
    outcome = state.outcome
    assert outcome is not None and outcome.winner == seat, f"{state.players[seat]} did not win: {outcome}"


def assert_draw(state: MatchState) -> None:
    outcome = state.outcome
    assert outcome is not None and outcome.draw, f"the match is not a draw: {outcome}"
