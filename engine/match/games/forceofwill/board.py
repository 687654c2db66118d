"""Reading and writing Force of Will's game data on the board, and small helpers the procedures share.

Game data kept on the board (:meth:`Board.data`), all about public cards:

- ``mull``: seats that made their mulligan decision (405.5);
- ``chase``: the chase's objects, top first: ``("card", id)``, ``("ability", seat, text)`` or
  ``("judgment", seat, id)`` (312, 903.2f, 705.2d); ``resolving``: the object being carried out;
- ``pool``: each player's produced will (907), cleared at will clearance (503.4, 505.5);
- ``called`` / ``judged`` / ``no_battle``: this turn's call (710.1), judgment (705.1) and 803.3;
- ``since`` / ``since_other``: the cards the turn player / the other player controlled at the start
  of the turn and still control (803.3, 905.3);
- ``jrulers``: rulers now in the field as J-rulers (705.3a); ``entered``: ATK/DEF entered by players
  for cards in the field, ``(id, atk, def)``, until end of turn;
- ``battle``: the battle in progress (800); ``discard``: cards the turn player must discard (505.5);
- ``deckout``: players who had to draw in their draw phase from an empty deck (1202.2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.apply import pick, refuse
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_MAIN,
    card_type,
    stat_int,
)
from engine.match.state import Board, Card, MatchState
from engine.match.work import BoardWork

REST = 1
RECOVER = 0
Entry = tuple[Any, ...]


class FowWork(BoardWork):
    """Force of Will's working context for the settle table (:data:`.steps.TABLE`): the action being
    settled (the double pass of 605.1 and the non-turn player's play in a battle, 803.3, read it) and
    whether the turn passed (a new turn gives back the undos, :attr:`MatchState.undo_used`)."""

    def __init__(self, state: MatchState, action: BaseAction) -> None:
        super().__init__(state, action.version)
        self.action = action
        self.new_turn = False

    def changed_by(self, procedure: Callable[[FowWork], None]) -> bool:
        """Run a procedure on this work; whether it changed the board or said anything."""
        before, said = self.board, len(self.events)
        procedure(self)
        return len(self.events) != said or (self.board is not before and self.board != before)

    def sequence_ended(self) -> bool:
        """605.1: both players passed in succession with an empty chase: the priority sequence ends and
        the game moves on from the step or phase."""
        return self.double_pass() and not chase_entries(self.board)

    def double_pass(self) -> bool:
        """605.1: the action settled is the second of two consecutive passes."""
        return isinstance(self.action, PassPriority) and self.board.passes >= 2

    # Force of Will's own reading and writing ------------------------------------------------------

    def own_card(self, at: CardAt, actor: int, zones: Sequence[str], what: str) -> tuple[int, int]:
        """``(slot, card id)`` of a card the actor controls in one of ``zones`` (the field is shared:
        control decides), refused with one sentence naming ``what`` otherwise."""
        found = owned(self.state, at, actor, zones, what)
        if isinstance(found, str):
            refuse(found)
        return found

    def value(self, seat: int, name: str) -> int:
        """A player's value (life, will coins) on the board being changed."""
        return player_value(self.state, self.board, seat, name)

    def set_value(self, seat: int, name: str, amount: int) -> None:
        """Set a player's value (life, will coins)."""
        index = list(self.match.spec.player_values).index(name)
        values = [list(row) for row in self.board.values]
        values[seat][index] = amount
        self.board = self.board.evolve(values=tuple(tuple(row) for row in values))

    def set_counters(self, card_id: int, counters: dict[str, int], controller: int | None = None) -> None:
        """Put a card's counters as given (and its controller, if ``controller`` is given)."""
        old = self.card(card_id)
        new = list(self.board.cards)
        new[card_id] = Card(
            old.ref,
            old.owner,
            old.controller if controller is None else controller,
            old.face_up,
            old.orientation,
            tuple(sorted(counters.items())),
            old.known,
        )
        self.board = self.board.evolve(cards=tuple(new))

    def add_damage(self, card_id: int, amount: int) -> None:
        """Mark damage on a J/resonator (1007.1, 208.2a)."""
        counters = dict(self.card(card_id).counters)
        counters["damage"] = counters.get("damage", 0) + amount
        self.set_counters(card_id, counters)


# Reading game data --------------------------------------------------------------------------------


def owned(
    state: MatchState, at: CardAt, actor: int, zones: Sequence[str], what: str
) -> tuple[int, int] | str:
    """``(slot, card id)`` of a card the actor controls in one of ``zones`` (the field is shared:
    control decides), or one sentence naming ``what`` otherwise; the engine's pick refuses a position
    the actor may not touch."""
    slot, card_id = pick(state, at, actor)
    zone = state.match.slot_spec[slot].name
    if zone not in zones or state.board.cards[card_id].controller != actor:
        where = " or ".join(z.replace("_", " ") for z in zones)
        return f"{what} must be a card you control in your {where}."
    return slot, card_id


def chase_entries(board: Board) -> list[Entry]:
    return [tuple(entry) for entry in board.data("chase", ())]


def pool_of(board: Board) -> list[list[str]]:
    return [list(will) for will in board.data("pool", ((), ()))]


def battle_of(board: Board) -> dict[str, Any] | None:
    battle = board.data("battle")
    return None if battle is None else dict(battle)


def jrulers(board: Board) -> set[int]:
    return set(board.data("jrulers", ()))


def controlled_since(board: Board, seat: int) -> set[int]:
    """The cards ``seat`` has controlled continuously since the start of the turn (803.3, 905.3)."""
    return set(board.data("since" if seat == board.active else "since_other", ()))


def since_start(state: MatchState, board: Board) -> Board:
    """At the start of a turn, both players' cards are controlled since its start (803.3, 905.3)."""
    return board.with_data(
        since=controlled(state, board, board.active), since_other=controlled(state, board, 1 - board.active)
    )


def entered(board: Board) -> dict[int, tuple[int | None, int | None]]:
    return {int(c): (a, d) for c, a, d in board.data("entered", ())}


def entry_controller(board: Board, entry: Entry) -> int:
    if entry[0] == "card":
        return board.cards[entry[1]].controller
    return int(entry[1])


def field_ids(state: MatchState, board: Board) -> tuple[int, ...]:
    return board.zones[state.match.slot_of[("field", None)]]


def base_atk_def(state: MatchState, board: Board, card_id: int) -> tuple[int | None, int | None]:
    """ATK and DEF: entered values, else the card's (its J-ruler side's, 1302) stats plus its
    [+100/+100] and [-100/-100] counters (1022)."""
    values = entered(board).get(card_id)
    atk, dfn = card_atk_def(state, board, card_id)
    if values is not None:
        atk = values[0] if values[0] is not None else atk
        dfn = values[1] if values[1] is not None else dfn
    return atk, dfn


def card_atk_def(state: MatchState, board: Board, card_id: int) -> tuple[int | None, int | None]:
    """ATK and DEF from card data alone: the card's (its J-ruler side's, 1302) stats plus its
    [+100/+100] and [-100/-100] counters (1022); None where the card data does not give them."""
    ref = state.match.table[board.cards[card_id].ref]
    if card_id in jrulers(board):
        atk, dfn = stat_int(ref, "j_atk"), stat_int(ref, "j_def")
    else:
        atk, dfn = stat_int(ref, "atk"), stat_int(ref, "def")
    card = board.cards[card_id]
    shift = 100 * (card.counter("+100/+100") - card.counter("-100/-100"))
    atk = None if atk is None else atk + shift
    dfn = None if dfn is None else dfn + shift
    return atk, dfn


def is_jresonator(state: MatchState, board: Board, card_id: int) -> bool | None:
    """True for a resonator or J-ruler (202.2a), False for another known type, None if unknown."""
    if card_id in jrulers(board):
        return True
    kind = card_type(state.match.table[board.cards[card_id].ref])
    if kind is None:
        return None
    return kind == "resonator"


def main_timing_problem(state: MatchState, actor: int) -> str | None:
    """701.2: the turn player has priority, it is their main phase, no battle, an empty chase."""
    board = state.board
    if actor != board.active:
        return "only the turn player can do that, at main timing (701.2)"
    if board.phase != MAIN or board.step != S_MAIN:
        return "that needs main timing: your main phase, outside a battle (701.2)"
    if chase_entries(board):
        return "that needs main timing: the chase must be empty (701.2)"
    return None


def player_value(state: MatchState, board: Board, seat: int, name: str) -> int:
    return board.values[seat][list(state.match.spec.player_values).index(name)]


def pay_from_pool(board: Board, seat: int, payment: Sequence[str]) -> Board:
    """1003: remove the will from the player's produced will, all or nothing (1003.4)."""
    if not payment:
        return board
    pools = pool_of(board)
    pool = list(pools[seat])
    for will in [w for w in payment if w != "any"] + [w for w in payment if w == "any"]:
        if will == "any":
            if not pool:
                refuse(f"You can't pay that: your produced will is {will_text(pools[seat])} (1003.4).")
            pool.pop()
        elif will in pool:
            pool.remove(will)
        else:
            refuse(f"You can't pay that: your produced will is {will_text(pools[seat])} (1003.4).")
    pools[seat] = pool
    return board.with_data(pool=pools)


def will_text(pool: Sequence[str]) -> str:
    return ", ".join(pool) if pool else "empty"


def controlled(state: MatchState, board: Board, seat: int) -> list[int]:
    field = [c for c in field_ids(state, board) if board.cards[c].controller == seat]
    return sorted(field + list(board.zones[state.match.slot_of[("ruler_area", seat)]]))
