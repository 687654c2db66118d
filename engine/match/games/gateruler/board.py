"""Reading and writing Gate Ruler's board: its working context :class:`GrWork` (the engine's
:class:`~engine.match.work.BoardWork` with orientation 15-7 and moving to the graveyard 15-12a), the game
data kept on it, and the small changes every procedure shares (counters, charges kept linked 3-14e-1).
The rules themselves are in :mod:`.steps` (Sections 6, 8-13), :mod:`.playing` (14-4b) and
:mod:`.handlers`.

Game data kept on the board (:meth:`engine.match.state.Board.data`):

- ``ruler0`` / ``ruler1``: each ruler's numbers (5-3b, :data:`.spec.RULER_NUMBERS`); ``started``: the
  preparation is done (5-3);
- ``gate``: the gate's items, topmost first (3-18b, 9-4c): ``card`` (a played card and its destination,
  ``over``: the unit whose zone it takes, 14-4b-3a), ``drive`` (10-3c), ``damage`` (13-5b), ``ability``
  (a Counter ability, 13-6d), ``intercept`` (8-5c, 16-7b), ``defeat`` (12-2c);
- ``battle``: the attack in progress (8-4e, :mod:`.combat`); ``attacks``: attacks this turn (8-2a-2);
- ``counter``: the seat whose counter-zone card waits (13-6d); ``level_wait``: the seat that must choose a
  unit for the in-play level cap (12-6b); ``entered``: the unit that entered play most recently (12-6b);
  ``overlaps``: units whose zone a summoned unit took (12-4a);
- ``ruler_damage``: each ruler's current ruler damage (3-6f, 13-2b-1), until the rules effect turns it
  into processes (12-3, 13-5c);
- ``cleared``: the turn whose drive zone was emptied (6-3c); ``lost``: the seats that lost (12-2d-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.match.apply import move_cards
from engine.match.games.gateruler.spec import RULER_NUMBERS, VALUE_INDEX
from engine.match.settle import board_digest
from engine.match.state import Board, Card, CardRef, MatchState
from engine.match.work import BoardWork


class GrWork(BoardWork):
    """Gate Ruler's working context, for its action handlers (:mod:`.handlers`, :mod:`.playing`) and its
    automatic procedures (the settle table of :mod:`.steps`): the engine's
    :class:`~engine.match.work.BoardWork` (picking cards, mentions, moves) with Gate Ruler's logged
    orientation change (15-7) and move to the graveyard (15-12a), and what a settle keeps between its
    passes: whether the action was a pass of priority (``passed``: both players passing in a
    row resolves the gate, 9-3g-1), the gate's size before the last resolution while the gate goes on
    resolving (``chain``, 9-4f), a damage step whose attack end waits for the rules effects (8-7), and
    whether the turn passed (``new_turn``: a new turn gives back the undos)."""

    def __init__(self, state: MatchState, version: int, *, passed: bool = False) -> None:
        super().__init__(state, version)
        self.passed = passed
        self.chain: int | None = None
        self.after_damage = False
        self.new_turn = False

    def digest(self) -> Any:
        """What the settle loop recognises a repeated position by: the board and this settle's own
        progress."""
        return (board_digest(self.board), self.chain, self.after_damage)

    def orient(self, cards: Sequence[int], orientation: int, actor: int | None = None) -> None:
        """Ready or exhaust cards (15-7) with a line naming them; cards already in that state are left
        alone (15-7)."""
        changing = [c for c in cards if self.board.cards[c].orientation != orientation]
        if changing:
            super().orient(changing, orientation)
            self.emit("orient", actor, changing, orientation=orientation)

    def to_graveyard(self, actor: int | None, cards: Sequence[int], kind: str) -> None:
        """Put cards into their owners' graveyards (15-12a), one move per owner; ``actor`` None: the
        rules."""
        for owner in sorted({self.card(c).owner for c in cards}):
            picks = [(self.slot_holding(c), c) for c in cards if self.card(c).owner == owner]
            dest = self.slot("graveyard", owner)
            self.board, event = move_cards(self.state, self.board, owner, picks, dest, kind=kind)
            event.actor = actor
            self.events.append(event)


def value(board: Board, seat: int, name: str) -> int:
    return board.values[seat][VALUE_INDEX[name]]


def with_values(board: Board, seat: int, **changes: int) -> Board:
    row = list(board.values[seat])
    for name, number in changes.items():
        row[VALUE_INDEX[name]] = number
    values = list(board.values)
    values[seat] = tuple(row)
    return board.evolve(values=tuple(values))


def ruler_damage(board: Board, seat: int) -> int:
    """A ruler's current ruler damage (3-6f): the ruler damage dealt (13-2b-1) that the ruler damage rules
    effect has not yet turned into processes (12-3, 13-5)."""
    pending = board.data("ruler_damage")
    return 0 if pending is None else int(pending[seat])


def with_ruler_damage(board: Board, seat: int, amount: int) -> Board:
    pending = [ruler_damage(board, player) for player in range(2)]
    pending[seat] = amount
    return board.with_data(ruler_damage=pending if any(pending) else None)


def numbers(board: Board, seat: int) -> dict[str, int] | None:
    """The ruler's numbers of a player, once known (from card data or entered at setup)."""
    raw = board.data(f"ruler{seat}")
    return None if raw is None else dict(raw)


def gate(board: Board) -> list[dict[str, Any]]:
    """The processes and played cards in the gate, topmost first (3-18b, 9-4c)."""
    return [_thaw_item(item) for item in board.data("gate", ())]


def _thaw_item(item: Any) -> dict[str, Any]:
    out = {}
    for key, val in item:
        out[key] = list(val) if isinstance(val, tuple) else val
    return out


def with_gate(board: Board, items: list[dict[str, Any]]) -> Board:
    return board.with_data(gate=items or None)


def battle(board: Board) -> dict[str, Any] | None:
    raw = board.data("battle")
    return None if raw is None else dict(raw)


def zone_ids(state: MatchState, board: Board, zone: str, seat: int | None) -> tuple[int, ...]:
    return board.zones[state.match.slot_of[(zone, seat)]]


def ref(state: MatchState, board: Board, card_id: int) -> CardRef:
    return state.match.table[board.cards[card_id].ref]


def stat(state: MatchState, board: Board, card_id: int, name: str) -> Any:
    return state.match.table[board.cards[card_id].ref].stat(name)


def card_type(state: MatchState, board: Board, card_id: int) -> str | None:
    kind = stat(state, board, card_id, "type")
    return None if kind is None else str(kind)


def ruler_card(state: MatchState, board: Board, seat: int) -> int | None:
    """The ruler card of a player (the first card of their ruler zone; a geas sits under it)."""
    ids = zone_ids(state, board, "ruler", seat)
    return ids[0] if ids else None


def capacity(board: Board, seat: int, zone: str) -> int | None:
    """How many cards a player's attack, defense or set zones hold (their ruler's zone count)."""
    known = numbers(board, seat)
    if known is None:
        return None
    return known.get({"attack": "attack_zones", "defense": "defense_zones", "set": "set_zones"}[zone])


def ready_resources(state: MatchState, board: Board, seat: int) -> list[int]:
    """A player's ready resource cards, in zone order."""
    return [c for c in zone_ids(state, board, "resource", seat) if board.cards[c].orientation == 0]


def started(board: Board) -> bool:
    return bool(board.data("started"))


def ruler_numbers(state: MatchState, board: Board, seat: int) -> dict[str, int]:
    """The numbers a player's ruler card data gives (its stats of the names in ``RULER_NUMBERS``)."""
    ruler = ruler_card(state, board, seat)
    if ruler is None:
        return {}
    card = ref(state, board, ruler)
    return {name: v for name in RULER_NUMBERS if isinstance(v := card.stat(name), int)}


def set_counter(board: Board, card_id: int, name: str, count: int) -> Board:
    old = board.cards[card_id]
    counters = tuple(
        sorted([*(p for p in old.counters if p[0] != name), *([(name, count)] if count else [])])
    )
    if counters == old.counters:
        return board
    cards = list(board.cards)
    cards[card_id] = Card(
        old.ref, old.owner, old.controller, old.face_up, old.orientation, counters, old.known
    )
    return board.evolve(cards=tuple(cards))


def keep_charges(before: Board, after: Board, card_id: int) -> Board:
    """3-14e-1, 3-14e-2: the charges linked to a card stay linked as it is played from the drive zone into
    the gate and as it enters play from the gate (a move out of play would otherwise sever them)."""
    links = tuple(pair for pair in before.attachments if pair[1] == card_id and pair not in after.attachments)
    return after.evolve(attachments=(*after.attachments, *links)) if links else after
