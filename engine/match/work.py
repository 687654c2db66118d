"""One working context for every game's handlers and automatic procedures: :class:`BoardWork` wraps
one state and accumulates a new board and the events an action makes, with the reading and writing
every game needs (its game data, zones, cards, log events, moves that reset knowledge the engine's
way, orientation, turning face up, shuffles, moving the turn to a step, and picking a card an action
names by position).

A game subclasses it with its own helpers only (Vanguard's circles and grades, Duel Masters' ready
creatures...); a handler reads like Vanguard's ``_ride``: check in the rule's order, refuse with one
sentence citing the rule, change the board through the work, return :meth:`BoardWork.handled`. A
game's ``settle`` runs :func:`engine.match.settle.settle` on a work and returns :meth:`BoardWork.result`.

Knowledge (docs/architecture.md, Invariants: "Track knowledge per card") is kept by the engine's own building
blocks: :meth:`BoardWork.move` goes through :func:`engine.match.apply.move_cards`, so a card entering
another zone is known exactly by who sees it there; :meth:`BoardWork.shuffle_deck` forgets a deck's
cards; :meth:`BoardWork.turn_face_up` makes cards known to everyone.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engine.match.actions import CardAt
from engine.match.apply import HandlerResult, move_cards, refuse
from engine.match.events import Event, seen_mask
from engine.match.rng import RandomStream, action_context
from engine.match.state import Board, Card, CardRef, Match, MatchState

__all__ = ["BoardWork", "step_index"]


def step_index(match: Match, name: str) -> tuple[int, int]:
    """``(phase index, step index)`` of a step by name (a phase without steps has one step of its
    name); KeyError if the game has no such step."""
    return _steps(match.phase_steps)[name]


@functools.cache
def _steps(phase_steps: tuple[tuple[str, ...], ...]) -> dict[str, tuple[int, int]]:
    return {
        step: (p_index, s_index)
        for p_index, steps in enumerate(phase_steps)
        for s_index, step in enumerate(steps)
    }


class BoardWork:
    """A board being changed by one action, with the events it makes (see the module doc).
    ``version`` is the action's (it keys the randomness of shuffles, :mod:`engine.match.rng`)."""

    def __init__(self, state: MatchState, version: int) -> None:
        self.state = state
        self.match = state.match
        self.board: Board = state.board
        self.version = version
        self.events: list[Event] = []

    # Results -------------------------------------------------------------------------------------

    def result(self) -> tuple[MatchState, list[Event]]:
        """The new state and the events (what a game's ``settle`` returns)."""
        state = self.state if self.board is self.state.board else self.state.evolve(board=self.board)
        return state, self.events

    def handled(self) -> HandlerResult:
        """What an action's handler returns: the new board and the events (no match-level change)."""
        return self.board, self.events, None

    # Reading -------------------------------------------------------------------------------------

    def data(self, name: str, default: Any = None) -> Any:
        """A value of the game's own data on the board (frozen JSON), or ``default``."""
        return self.board.data(name, default)

    def set(self, **changes: Any) -> None:
        """Set game data (a value of None removes the name)."""
        self.board = self.board.with_data(**changes)

    def slot(self, zone: str, player: int | None = None) -> int:
        """The slot of a player's zone (``player`` None for a shared zone); KeyError if none."""
        return self.match.slot_of[(zone, player)]

    def ids(self, zone: str, player: int | None = None) -> tuple[int, ...]:
        """The card ids in a zone, top first."""
        return self.board.zones[self.match.slot_of[(zone, player)]]

    def card(self, card_id: int) -> Card:
        return self.board.cards[card_id]

    def ref(self, card_id: int) -> CardRef:
        return self.match.table[self.board.cards[card_id].ref]

    def name_of(self, card_id: int) -> str:
        """A card's printed name (engine-side: only a line's mention decides who reads it)."""
        return self.ref(card_id).name

    def stat(self, card_id: int, name: str, default: int | str | None = None) -> int | str | None:
        """A stat from the card's data, or ``default``."""
        return self.ref(card_id).stat(name, default)

    def slot_holding(self, card_id: int) -> int:
        """The slot that holds a card."""
        for slot, ids in enumerate(self.board.zones):
            if card_id in ids:
                return slot
        raise AssertionError(f"card {card_id} is in no zone")

    def zone_of(self, card_id: int) -> tuple[str, int | None]:
        """The zone name and player (None: shared) of the slot holding a card."""
        slot = self.slot_holding(card_id)
        return self.match.slot_spec[slot].name, self.match.slot_player[slot]

    def step_name(self) -> str:
        """The name of the step the turn is in (what a settle table's rows are named by)."""
        return self.match.phase_steps[self.board.phase][self.board.step]

    def mention(self, card_id: int, before: Board | None = None) -> tuple[int, int]:
        """A card as a log event names it: its table index and who may read its name in the line, those
        who knew it on ``before`` (default: the current board) or know it now (:func:`seen_mask`)."""
        now = self.board.cards[card_id]
        was = now if before is None else before.cards[card_id]
        return now.ref, seen_mask(was.known, now.known, self.match.all)

    # Picking a card an action names --------------------------------------------------------------

    def pick(
        self,
        at: CardAt,
        actor: int,
        zones: str | Sequence[str],
        *,
        what: str = "a card",
        own: bool = True,
    ) -> tuple[int, int]:
        """``(slot, card id)`` of the card an action names by position, in one of ``zones`` (the actor's
        own unless ``own`` is False or the zone is shared); refused with one sentence otherwise."""
        names = (zones,) if isinstance(zones, str) else tuple(zones)
        specs = self.match.zone_specs
        if at.zone not in names:
            labels = " or ".join(f"the {specs[name].label}" for name in names)
            refuse(f"Choose {what} in {labels}, not in the {at.zone.replace('_', ' ')}.")
        spec = specs[at.zone]
        player: int | None = None
        if not spec.shared:
            player = actor if at.player is None else at.player
            if player >= len(self.match.players):
                refuse(f"There is no player {player} in this match.")
            if own and player != actor:
                refuse(f"Choose {what} in your own {spec.label}.")
        slot = self.slot(at.zone, player)
        ids = self.board.zones[slot]
        if at.index >= len(ids):
            refuse(f"There is no card at index {at.index} of that {spec.label} (it holds {len(ids)}).")
        return slot, ids[at.index]

    def picks(
        self,
        cards: Sequence[CardAt],
        actor: int,
        zones: str | Sequence[str],
        *,
        what: str = "a card",
        own: bool = True,
    ) -> list[tuple[int, int]]:
        """Several cards by position (:meth:`pick`), each chosen once."""
        chosen = [self.pick(at, actor, zones, what=what, own=own) for at in cards]
        if len({card for _, card in chosen}) != len(chosen):
            refuse("The same card is chosen twice.")
        return chosen

    # Writing -------------------------------------------------------------------------------------

    def emit(self, kind: str, actor: int | None, cards: Sequence[int] = (), **data: Any) -> None:
        """Add a log event naming cards as whoever knows them now sees them."""
        self.events.append(Event(kind, actor, tuple(self.mention(c) for c in cards), data))

    def move(
        self,
        actor: int | None,
        cards: Sequence[int],
        zone: str,
        player: int | None = None,
        *,
        kind: str = "move",
        position: int | str | None = None,
        face: str | None = None,
        orientation: int | None = None,
        **data: Any,
    ) -> None:
        """Move cards (wherever they are) as one block to a zone (a player's, or a shared one), with a
        log event; ``actor`` None: the rules move them. Through the engine's
        :func:`~engine.match.apply.move_cards`, so knowledge resets as for any move."""
        if not cards:
            return
        picks = [(self.slot_holding(card), card) for card in cards]
        dest = self.slot(zone, player)
        if actor is not None:
            who = actor
        elif player is not None:
            who = player
        else:  # the rules move cards into a shared zone: they stay under their controller
            who = self.board.cards[cards[0]].controller
        self.board, event = move_cards(
            self.state, self.board, who, picks, dest, position, face, orientation, kind=kind
        )
        event.actor = actor
        event.data.update(data)
        self.events.append(event)

    def orient(self, cards: Sequence[int], orientation: int) -> None:
        """Put cards in an orientation (index into the spec's orientations); no log line of its own."""
        new = list(self.board.cards)
        for card_id in cards:
            old = new[card_id]
            new[card_id] = Card(
                old.ref, old.owner, old.controller, old.face_up, orientation, old.counters, old.known
            )
        self.board = self.board.evolve(cards=tuple(new))

    def turn_face_up(self, cards: Sequence[int]) -> None:
        """Turn cards face up where they are: every player knows them now."""
        everyone = self.match.all
        new = list(self.board.cards)
        for card_id in cards:
            old = new[card_id]
            new[card_id] = Card(
                old.ref, old.owner, old.controller, True, old.orientation, old.counters, everyone
            )
        self.board = self.board.evolve(cards=tuple(new))

    def shuffle_deck(self, player: int, context: bytes = b"") -> None:
        """Shuffle a player's deck (the spec's deck zone) with the match's stream for this action and a
        game ``context`` (two shuffles in one action need two contexts); nobody knows its cards now."""
        slot = self.slot(self.match.spec.deck_zone, player)
        ids = self.board.zones[slot]
        stream = RandomStream(self.match.seed, action_context(self.version) + context)
        order = tuple(stream.shuffle(ids))
        cards = list(self.board.cards)
        for card_id in ids:
            cards[card_id] = cards[card_id].with_known(0)
        zones = list(self.board.zones)
        zones[slot] = order
        self.board = self.board.evolve(zones=tuple(zones), cards=tuple(cards))
        self.events.append(Event("shuffle", player, (), {"zone": slot, "count": len(ids)}))

    def goto(self, step: str, priority: int | None = None) -> None:
        """Move the turn to a step by name (an automatic advance, logged as the game's); the active
        player holds priority unless ``priority`` says who."""
        phase, index = step_index(self.match, step)
        who = self.board.active if priority is None else priority
        self.board = self.board.evolve(phase=phase, step=index, priority=who, passes=0)
        self.events.append(Event("step", None, (), {"phase": phase, "step": index}))
