"""The full state of a match: only the engine sees it (docs/architecture.md, Invariants: "Hidden information
by construction"). Everything that leaves the engine goes through :func:`engine.match.view.view` or
:func:`engine.match.render.render`.

Shape, chosen for speed and a small footprint (see ``bench/match_bench.py``):

- :class:`Match` holds what never changes during a match (spec, player names, the card table, the
  seed) and is shared by every state of the match.
- :class:`Board` holds the game position: zones (tuples of card ids, index 0 = top), cards (a tuple of
  immutable :class:`Card`, indexed by card id), attachments, player values and the turn structure.
  Undo rewinds the board (and only the board).
- :class:`MatchState` adds the match-level bookkeeping: version, result, draw offer, undo.

Everything is immutable; :func:`engine.match.apply.apply` copies only what an action touches and
shares the rest, so keeping the previous board for undo costs almost nothing.

A card instance stores only an index into the match's card table (``id -> CardRef``), its owner,
controller, face, orientation, counters and *knowledge*: a bit mask of the players who know its
identity right now (bit ``1 << seat``). Knowledge is the one source of truth for views and log lines:
a card's name reaches a viewer only if the viewer's bit is set (spectators: only if every player's bit
is set). See :mod:`engine.match.apply` for how knowledge changes.

Knowledge of names goes one step further: a player knows their own decklist, the names and counts of
the cards they brought (:attr:`Match.decklists`), though not which of them is where. So a name of
their own decklist is no secret to them (an offer may list it, such as Vanguard's Seek Mate naming a
card to search for), while no player knows the opponent's decklist and a spectator knows neither:
:meth:`MatchState.known_names` is what a viewer knows by name, and what the leak checks read.
"""

from __future__ import annotations

import hashlib
import hmac
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.errors import ArbiterError
from engine.match.outcome import Outcome
from engine.match.rng import seed_hash
from engine.match.spec import GameSpec, Visibility, ZoneSpec

if TYPE_CHECKING:
    from engine.match.actions import Action

STATE_FORMAT = "arbiter-match-state/1"


class MatchStatus(StrEnum):
    """Whether a match is being played or has ended, as stored: a state's JSON, the ``matches`` table
    and a view hold the string values, so a stored ``"playing"`` and ``MatchStatus.PLAYING`` compare
    equal and nothing stored changes."""

    PLAYING = "playing"
    ENDED = "ended"


GameData = tuple[tuple[str, Any], ...]


def freeze(value: Any) -> Any:
    """A JSON value made hashable and immutable: lists become tuples, dicts sorted pair tuples."""
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"game data must be JSON values, not {type(value).__name__}")


def thaw(value: Any) -> Any:
    """The JSON form of a frozen value (tuples become lists)."""
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


Stat = tuple[str, int | str]


class CardRef(NamedTuple):
    """What a card is: its printed name, its code (set number) and the stats the game definition
    automates with (``(("grade", 3), ("power", 13000), ("trigger", "critical"))``), sorted by name.
    Decks are lists of these. Stats come from card data where it is imported; a card without them
    makes the procedures that need them ask the players (see each game definition). Stats are
    only read by the engine; views show a card's name and code, and only to who knows the card."""

    name: str
    code: str = ""
    stats: tuple[Stat, ...] = ()

    def stat(self, name: str, default: int | str | None = None) -> int | str | None:
        """A stat of the card, or ``default`` when the card data did not give it."""
        for key, value in self.stats:
            if key == name:
                return value
        return default

    def to_json(self) -> list[Any]:
        """``[name, code]``, with ``[[stat, value], ...]`` third when the card has stats."""
        if not self.stats:
            return [self.name, self.code]
        return [self.name, self.code, [list(pair) for pair in self.stats]]

    @staticmethod
    def from_json(data: Any) -> CardRef:
        """The inverse of :meth:`to_json` (strings interned: many matches share their cards)."""
        name, code, *rest = data
        pairs = rest[0] if rest else ()
        stats = tuple(sorted((sys.intern(str(k)), v if isinstance(v, int) else str(v)) for k, v in pairs))
        return CardRef(sys.intern(str(name)), sys.intern(str(code)), stats)


Decklist = tuple[tuple[str, int], ...]
"""A player's decklist as they know it: each card name with its count, sorted by name (every section
they started with together: a main deck, a G deck, a hyperspatial zone...)."""


def decklists_of(table: Sequence[CardRef], cards: Iterable[Card], players: int) -> tuple[Decklist, ...]:
    """Each player's decklist, from the match's cards: a card's owner never changes and no card is
    made or destroyed during a match, so the cards a player owns are the cards they brought."""
    counts: list[Counter[str]] = [Counter() for _ in range(players)]
    for card in cards:
        counts[card.owner][table[card.ref].name] += 1
    return tuple(tuple(sorted(count.items())) for count in counts)


def bit(seat: int) -> int:
    """The knowledge bit of a player."""
    return 1 << seat


def all_players(count: int) -> int:
    """The knowledge mask in which every player knows the card."""
    return (1 << count) - 1


class Card:
    """One card instance. Immutable; ``known`` is the mask of players who know its identity."""

    __slots__ = ("controller", "counters", "face_up", "known", "orientation", "owner", "ref")

    def __init__(
        self,
        ref: int,
        owner: int,
        controller: int,
        face_up: bool,
        orientation: int,
        counters: tuple[tuple[str, int], ...],
        known: int,
    ) -> None:
        self.ref = ref
        """Index into :attr:`Match.table`."""
        self.owner = owner
        self.controller = controller
        self.face_up = face_up
        self.orientation = orientation
        """Index into the spec's orientations (0 = upright); meaningful only in orientable zones."""
        self.counters = counters
        """``(name, count)`` pairs sorted by name, counts > 0."""
        self.known = known

    def _key(self) -> tuple[Any, ...]:
        return (
            self.ref,
            self.owner,
            self.controller,
            self.face_up,
            self.orientation,
            self.counters,
            self.known,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Card(ref={self.ref}, owner={self.owner}, controller={self.controller}, "
            f"face_up={self.face_up}, orientation={self.orientation}, counters={self.counters}, "
            f"known={self.known:#b})"
        )

    def counter(self, name: str) -> int:
        """How many counters of this name the card carries."""
        for key, count in self.counters:
            if key == name:
                return count
        return 0

    def with_known(self, known: int) -> Card:
        """The same card with another knowledge mask (itself if unchanged)."""
        if known == self.known:
            return self
        return Card(
            self.ref, self.owner, self.controller, self.face_up, self.orientation, self.counters, known
        )

    def to_json(self) -> list[Any]:
        return [
            self.ref,
            self.owner,
            self.controller,
            int(self.face_up),
            self.orientation,
            [list(pair) for pair in self.counters],
            self.known,
        ]

    @staticmethod
    def from_json(data: list[Any]) -> Card:
        ref, owner, controller, face_up, orientation, counters, known = data
        return Card(
            int(ref),
            int(owner),
            int(controller),
            bool(face_up),
            int(orientation),
            tuple((str(name), int(count)) for name, count in counters),
            int(known),
        )


class Board:
    """The game position. Undo rewinds exactly this (see :mod:`engine.match.replay`)."""

    __slots__ = (
        "active",
        "attachments",
        "cards",
        "game",
        "passes",
        "phase",
        "priority",
        "step",
        "turn",
        "values",
        "zones",
    )

    def __init__(
        self,
        zones: tuple[tuple[int, ...], ...],
        cards: tuple[Card, ...],
        attachments: tuple[tuple[int, int], ...],
        values: tuple[tuple[int, ...], ...],
        turn: int,
        active: int,
        phase: int,
        step: int,
        priority: int,
        passes: int,
        game: GameData = (),
    ) -> None:
        self.zones = zones
        """Card ids per zone slot (see :attr:`Match.slots`), index 0 = top."""
        self.cards = cards
        """Every card instance, indexed by card id."""
        self.attachments = attachments
        """``(card, host)`` pairs in the order they were made: the card is stacked under the host."""
        self.values = values
        """Per player, the values named by the spec's ``player_values`` in order."""
        self.turn = turn
        """Turn number, from 1."""
        self.active = active
        self.phase = phase
        self.step = step
        self.priority = priority
        self.passes = passes
        """Consecutive priority passes (a hook for games that advance when every player passed)."""
        self.game = game
        """The game definition's own data (:mod:`engine.match.game`): sorted ``(name, value)`` pairs of
        frozen JSON values (tuples for lists): a battle in progress, a pending trigger, the setup's
        mulligan decisions. Undo rewinds it with the rest of the board."""

    def data(self, name: str, default: Any = None) -> Any:
        """A value of the game data, or ``default``."""
        for key, value in self.game:
            if key == name:
                return value
        return default

    def with_data(self, **changes: Any) -> Board:
        """A copy with game data set (a value of None removes the name). Values are frozen."""
        data = dict(self.game)
        for name, value in changes.items():
            if value is None:
                data.pop(name, None)
            else:
                data[name] = freeze(value)
        return self.evolve(game=tuple(sorted(data.items())))

    def evolve(self, **changes: Any) -> Board:
        """A copy with some fields replaced."""
        new = Board.__new__(Board)
        for name in Board.__slots__:
            object.__setattr__(new, name, changes.pop(name) if name in changes else getattr(self, name))
        if changes:
            raise TypeError(f"unknown Board fields {sorted(changes)}")
        return new

    def content(self) -> tuple[Any, ...]:
        """Everything but knowledge: what undo restores exactly (docs/architecture.md: knowledge stays
        known)."""
        cards = tuple(card.with_known(0) for card in self.cards)
        return (
            self.zones,
            cards,
            self.attachments,
            self.values,
            self.turn,
            self.active,
            self.phase,
            self.step,
            self.priority,
            self.passes,
            self.game,
        )

    def knowledge(self) -> tuple[int, ...]:
        """The knowledge mask of every card, by card id."""
        return tuple(card.known for card in self.cards)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Board) and all(
            getattr(self, name) == getattr(other, name) for name in Board.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        return {
            "zones": [list(zone) for zone in self.zones],
            "cards": [card.to_json() for card in self.cards],
            "attachments": [list(pair) for pair in self.attachments],
            "values": [list(values) for values in self.values],
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "priority": self.priority,
            "passes": self.passes,
            "game": [[name, thaw(value)] for name, value in self.game],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Board:
        return Board(
            zones=tuple(tuple(int(i) for i in zone) for zone in data["zones"]),
            cards=tuple(Card.from_json(card) for card in data["cards"]),
            attachments=tuple((int(c), int(h)) for c, h in data["attachments"]),
            values=tuple(tuple(int(v) for v in values) for values in data["values"]),
            turn=int(data["turn"]),
            active=int(data["active"]),
            phase=int(data["phase"]),
            step=int(data["step"]),
            priority=int(data["priority"]),
            passes=int(data["passes"]),
            game=tuple((str(name), freeze(value)) for name, value in data.get("game", ())),
        )


_VISIBILITY_CODE: dict[Visibility, int] = {"nobody": 0, "owner": 1, "controller": 2, "everyone": 3}


class Match:
    """What never changes during a match; shared by all its states."""

    __slots__ = (
        "_decklist_names",
        "_view_key",
        "all",
        "decklists",
        "phase_steps",
        "players",
        "seed",
        "seed_hash",
        "slot_enter",
        "slot_hidden",
        "slot_of",
        "slot_player",
        "slot_spec",
        "slot_vis",
        "spec",
        "step_both",
        "table",
        "zone_specs",
    )

    def __init__(
        self,
        spec: GameSpec,
        players: tuple[str, ...],
        table: tuple[CardRef, ...],
        seed: bytes,
        decklists: Sequence[Decklist],
    ):
        self.spec = spec
        self.players = players
        """Display names by seat."""
        self.table = table
        """The card table: card references, indexed by :attr:`Card.ref`."""
        self.seed = seed
        """Secret until the match ends (views show it only then)."""
        if len(decklists) != len(players):
            raise ValueError(f"{len(decklists)} decklists for {len(players)} players")
        self.decklists = tuple(tuple(entries) for entries in decklists)
        """Per seat, the names and counts of the cards that player brought (:data:`Decklist`): known to
        that player (they built the deck), to no other player and to no spectator."""
        self._decklist_names = tuple(frozenset(name for name, _ in entries) for entries in self.decklists)
        self.seed_hash = seed_hash(seed)
        self.all = all_players(len(players))
        self.zone_specs: dict[str, ZoneSpec] = {zone.name: zone for zone in spec.zones}
        slot_spec: list[ZoneSpec] = []
        slot_player: list[int | None] = []
        self.slot_of: dict[tuple[str, int | None], int] = {}
        """``(zone name, player or None for shared) -> slot``."""
        for zone in spec.zones:
            for player in [None] if zone.shared else range(len(players)):
                self.slot_of[(zone.name, player)] = len(slot_spec)
                slot_spec.append(zone)
                slot_player.append(player)
        self.slot_spec = tuple(slot_spec)
        self.slot_player = tuple(slot_player)
        self.slot_vis = tuple(
            (_VISIBILITY_CODE[zone.face_down_visible_to], _VISIBILITY_CODE[zone.visible_to])
            for zone in slot_spec
        )
        self.slot_hidden = tuple(zone.hidden for zone in slot_spec)
        self.slot_enter = tuple(
            0 if zone.enter_orientation is None else spec.orientation_index(zone.enter_orientation) or 0
            for zone in slot_spec
        )
        """Orientation index of a card entering each slot."""
        self.phase_steps = tuple(tuple(step.name for step in phase.steps) for phase in spec.phases)
        self.step_both = tuple(tuple(step.both_act for step in phase.steps) for phase in spec.phases)
        self._view_key = b""

    def sees(self, slot: int, face_up: bool, owner: int, controller: int) -> int:
        """The knowledge mask a card gets from being in a zone with a face (who sees it there)."""
        code = self.slot_vis[slot][face_up]
        if code == 3:
            return self.all
        if code == 0:
            return 0
        if code == 2:
            return 1 << controller
        player = self.slot_player[slot]
        return 1 << (owner if player is None else player)

    def decklist_names(self, seat: int) -> frozenset[str]:
        """The card names of a player's decklist (see :attr:`decklists`)."""
        return self._decklist_names[seat]

    @property
    def view_key(self) -> bytes:
        """Secret key of the per-view card handles (derived from the seed)."""
        if not self._view_key:
            self._view_key = hmac.digest(self.seed, b"arbiter/view-handles", "sha256")
        return self._view_key

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return (
            isinstance(other, Match)
            and self.spec.digest == other.spec.digest
            and self.players == other.players
            and self.table == other.table
            and self.seed == other.seed
            and self.decklists == other.decklists
        )

    __hash__ = None  # type: ignore[assignment]


class SeatStops(NamedTuple):
    """One seat's stops (:mod:`engine.match.stops`): where it holds priority and when the match passes
    for it. Changed only by that seat's :class:`~engine.match.actions.SetStops`, never by undo."""

    stops: frozenset[str] | None = None
    """The windows where the seat holds priority; None: the game's default stops."""
    full_control: bool = False
    """Stop at every window."""
    until: str | None = None
    """A one-press pass in force: ``end_of_turn`` or ``opponent_acts`` (None: none)."""
    since: int = 0
    """The turn ``until`` was set in."""

    def to_json(self) -> dict[str, Any]:
        return {
            "stops": None if self.stops is None else sorted(self.stops),
            "full_control": self.full_control,
            "until": self.until,
            "since": self.since,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> SeatStops:
        stops = data.get("stops")
        return SeatStops(
            None if stops is None else frozenset(str(name) for name in stops),
            bool(data.get("full_control", False)),
            None if data.get("until") is None else str(data["until"]),
            int(data.get("since", 0)),
        )


_STATE_FIELDS = (
    "board",
    "draw_offer",
    "end_reason",
    "last_action",
    "match",
    "outcome",
    "status",
    "stops",
    "undo_actor",
    "undo_base",
    "undo_learned",
    "undo_request",
    "undo_used",
    "undo_version",
    "version",
    "winner",
)
"""What a :class:`MatchState` is: its copies and comparisons read these."""


class MatchState:
    """One version of a match. Immutable; :func:`engine.match.apply.apply` returns a new one."""

    __slots__ = (*_STATE_FIELDS, "spectator_seen")

    def __init__(
        self,
        match: Match,
        board: Board,
        version: int = 0,
        status: MatchStatus = MatchStatus.PLAYING,
        winner: int | None = None,
        end_reason: str = "",
        draw_offer: int | None = None,
        undo_request: int | None = None,
        undo_used: tuple[int, ...] = (0, 0),
        undo_base: Board | None = None,
        undo_actor: int | None = None,
        undo_version: int | None = None,
        undo_learned: tuple[tuple[int, int], ...] = (),
        last_action: Action | None = None,
        outcome: Outcome | None = None,
        stops: tuple[SeatStops, ...] | None = None,
    ) -> None:
        self.match = match
        self.board = board
        self.version = version
        """Number of accepted actions; every action must carry it (docs/architecture.md, "One writer")."""
        self.status: MatchStatus = status
        self.winner = winner
        """The winner's seat once ended; None for a draw."""
        self.end_reason = end_reason
        self.draw_offer = draw_offer
        """Seat of the player offering a draw."""
        self.undo_request = undo_request
        """Seat of the player asking to undo their last action, waiting for the answer."""
        self.undo_used = undo_used
        """Undo requests made this turn, per seat (capped by the spec's ``undo_per_turn``)."""
        self.undo_base = undo_base
        """The board before the last undoable action (one level: undo is of the last action)."""
        self.undo_actor = undo_actor
        """Who made that action: only they may ask to undo it."""
        self.undo_version = undo_version
        """The version that action was accepted at."""
        self.undo_learned = undo_learned
        """``(card, mask)`` knowledge that action gave and took back within itself (a search followed
        by its shuffle): undo keeps it too, since the rewound cards are back where they were seen."""
        self.last_action = last_action
        """The last accepted action, to tell a duplicate click from a stale one."""
        self.outcome = outcome
        """How the match ended (:mod:`engine.match.outcome`), once ended; :attr:`winner` and
        :attr:`end_reason` are its winner and its rendering."""
        self.stops = stops
        """Each seat's stops (:class:`SeatStops`), or None while every seat has the game's defaults
        and no one-press pass in force (:mod:`engine.match.stops`). Not part of the board: undo keeps
        them."""
        self.spectator_seen: dict[str, Any] | None = None
        """The spectator's view of this state once built (:func:`engine.match.view.spectator_view`);
        not part of the state: copies start without it."""

    def evolve(self, **changes: Any) -> MatchState:
        """A copy with some fields replaced."""
        new = MatchState.__new__(MatchState)
        for name in _STATE_FIELDS:
            object.__setattr__(new, name, changes.pop(name) if name in changes else getattr(self, name))
        new.spectator_seen = None
        if changes:
            raise TypeError(f"unknown MatchState fields {sorted(changes)}")
        return new

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, MatchState) and all(
            getattr(self, name) == getattr(other, name) for name in _STATE_FIELDS
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<MatchState {self.match.spec.key} v{self.version} turn {self.board.turn} {self.status}>"

    # Convenience readers for the layers above (they never expose hidden identities by themselves).

    @property
    def spec(self) -> GameSpec:
        return self.match.spec

    @property
    def players(self) -> tuple[str, ...]:
        return self.match.players

    @property
    def ended(self) -> bool:
        return self.status is MatchStatus.ENDED

    def slot(self, zone: str, player: int | None = None) -> int:
        """The slot of a zone (``player`` None for a shared zone); KeyError if there is none."""
        return self.match.slot_of[(zone, player)]

    def zone(self, zone: str, player: int | None = None) -> tuple[int, ...]:
        """Card ids in a zone, top first."""
        return self.board.zones[self.slot(zone, player)]

    def card(self, card_id: int) -> Card:
        return self.board.cards[card_id]

    def ref(self, card_id: int) -> CardRef:
        return self.match.table[self.board.cards[card_id].ref]

    def knows(self, viewer: int | None, card_id: int) -> bool:
        """Whether a player (or, for None, a spectator) knows the identity of a card right now."""
        known = self.board.cards[card_id].known
        if viewer is None:
            return known == self.match.all
        return bool(known >> viewer & 1)

    def known_names(self, viewer: int | None) -> frozenset[str]:
        """The card names a player (or, for None, a spectator) knows of: the name of every card they
        know right now, and for a player every name of their own decklist, which they know whether or
        not they know where its cards are (:attr:`Match.decklists`). A name outside this set is one
        the viewer has no way to know: printing it to them is a leak."""
        match = self.match
        mask = match.all if viewer is None else 1 << viewer
        table = match.table
        known = {table[card.ref].name for card in self.board.cards if card.known & mask == mask}
        if viewer is None:
            return frozenset(known)
        return match.decklist_names(viewer) | known

    def value(self, player: int, name: str) -> int:
        return self.board.values[player][list(self.match.spec.player_values).index(name)]

    # JSON: snapshots for the store. The JSON holds the seed: it is as secret as the state itself.

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the whole state (spec by key and digest, not by value)."""
        from engine.match.actions import dump_action

        data = {
            "format": STATE_FORMAT,
            "spec": {"key": self.match.spec.key, "digest": self.match.spec.digest},
            "players": list(self.match.players),
            "table": [ref.to_json() for ref in self.match.table],
            "seed": self.match.seed.hex(),
            "version": self.version,
            "status": self.status,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "draw_offer": self.draw_offer,
            "undo_request": self.undo_request,
            "undo_used": list(self.undo_used),
            "undo_base": None if self.undo_base is None else self.undo_base.to_json(),
            "undo_actor": self.undo_actor,
            "undo_version": self.undo_version,
            "undo_learned": [list(pair) for pair in self.undo_learned],
            "last_action": None if self.last_action is None else dump_action(self.last_action),
            "board": self.board.to_json(),
        }
        if self.outcome is not None:  # only once ended: a match in play keeps its earlier JSON
            data["outcome"] = self.outcome.to_json()
        if self.stops is not None:  # only once a seat changed them: earlier states keep their JSON
            data["stops"] = [seat.to_json() for seat in self.stops]
        return data

    @staticmethod
    def from_json(data: dict[str, Any], spec: GameSpec, match: Match | None = None) -> MatchState:
        """Rebuild a state from :meth:`to_json`. ``match`` reuses the static part of a state already in
        memory. Raises :class:`ArbiterError` if the snapshot was made with another spec."""
        from engine.match.actions import parse_action

        if data.get("format") != STATE_FORMAT:
            raise ArbiterError("This is not a saved match state.")
        if data["spec"] != {"key": spec.key, "digest": spec.digest}:
            raise ArbiterError(
                "This match snapshot was saved with another version of the game definition; replay it."
            )
        players = tuple(str(name) for name in data["players"])
        table = tuple(CardRef.from_json(ref) for ref in data["table"])
        seed = bytes.fromhex(data["seed"])
        board = Board.from_json(data["board"])
        decklists = decklists_of(table, board.cards, len(players))
        if match is None or not (
            match.players == players
            and match.table == table
            and match.seed == seed
            and match.decklists == decklists
        ):
            match = Match(spec, players, table, seed, decklists)
        last = data["last_action"]
        outcome = data.get("outcome")
        winner = data["winner"]
        end_reason = str(data["end_reason"])
        if outcome is not None:
            ended: Outcome | None = Outcome.from_json(outcome)
        elif data["status"] == MatchStatus.ENDED:  # stored before outcomes were kept
            ended = Outcome.derive(winner, end_reason, players)
        else:
            ended = None
        return MatchState(
            match=match,
            board=board,
            version=int(data["version"]),
            status=MatchStatus(data["status"]),
            winner=winner,
            end_reason=end_reason,
            draw_offer=data["draw_offer"],
            undo_request=data["undo_request"],
            undo_used=tuple(int(n) for n in data["undo_used"]),
            undo_base=None if data["undo_base"] is None else Board.from_json(data["undo_base"]),
            undo_actor=data["undo_actor"],
            undo_version=data["undo_version"],
            undo_learned=tuple((int(c), int(m)) for c, m in data["undo_learned"]),
            last_action=None if last is None else parse_action(last),
            outcome=ended,
            stops=None if data.get("stops") is None else tuple(SeatStops.from_json(s) for s in data["stops"]),
        )


def state_digest(state: MatchState) -> str:
    """SHA-256 of the canonical JSON of a state: a cheap way to compare a replay with a snapshot."""
    import json

    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
