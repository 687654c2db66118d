"""The Duel Masters working context and board helpers: :class:`DuelMastersWork` (the engine's
:class:`~engine.match.work.BoardWork` with the attack in progress, the battle zone and the game's way of
moving the turn on), the game data kept on the board, and card stats in a battle. Handlers and
procedures change the board through the work (picking cards by position, moves, orientation, log
events and steps are the engine's).

Game data kept on the board (:meth:`~engine.match.state.Board.data`):

- ``ready``: card ids in the battle zone since the start of the turn; a creature not in it has
  summoning sickness (301.5);
- ``charged``: whether the active player has charged mana this turn (503.2);
- ``attack``: the attack in progress (506-510): ``attacker``, ``target`` (None: the player),
  ``defender`` (seat), ``breaker``, ``apower`` / ``dpower`` (powers entered by the players),
  ``block_done``, ``blocked``, ``blocker``, ``broken`` (ids of the shields broken, None before the
  break), ``triggers_done``, ``carrying`` (the defender carries out the Shield Triggers they declared,
  509.3c);
- ``hit``: the seat of a player attacked directly with no shields (509.1, 703.4a), a loss;
- ``effects``: the effects of card text entered until the end of the turn (:class:`~.actions.Change`):
  ``card``, ``power`` (added), ``keywords`` (given), ``because``; they expire at 511.2;
- ``evolved``: ``[source, evolution creature]`` pairs of the evolutions made through the engine (801.1),
  to rebuild the stack when only its top leaves the battle zone (801.4).

An evolution source stays in the battle zone, attached under its evolution creature
(:attr:`~engine.match.state.Board.attachments`): it is a card there, not a creature (200.3a, 109.2b).
"""

from __future__ import annotations

from typing import Any

from engine.match.apply import refuse
from engine.match.events import Event
from engine.match.games.duelmasters.spec import ATTACK_PHASE, STEP, card_type, flag, int_stat, step_name
from engine.match.state import Board, MatchState
from engine.match.work import BoardWork

UNTAPPED, TAPPED = 0, 1
WAIT_STEPS = frozenset({"block_declaration", "battle", "direct_attack"})


# Small helpers ---------------------------------------------------------------------------------------


def bz_slot(state: MatchState) -> int:
    """The slot of the battle zone (403, shared)."""
    return state.match.slot_of[("battle_zone", None)]


def attack_of(board: Board) -> dict[str, Any] | None:
    value = board.data("attack")
    return None if value is None else dict(value)


def ready_of(board: Board) -> tuple[int, ...]:
    return tuple(board.data("ready", ()))


class DuelMastersWork(BoardWork):
    """The Duel Masters working context: the engine's :class:`~engine.match.work.BoardWork` with the
    game's own reading of the board (the attack in progress, the ready creatures) and its way of moving
    the turn on (:meth:`goto`)."""

    def attack(self) -> dict[str, Any] | None:
        """The attack in progress (506-510), a copy to change and set back."""
        return attack_of(self.board)

    def bz(self) -> tuple[int, ...]:
        """The cards in the battle zone (403, shared)."""
        return self.board.zones[self.slot("battle_zone")]

    def goto(self, step: str, priority: int | None = None) -> None:
        """Move the turn to a step (the active player holds priority unless ``priority`` says who), with
        the engine's step line, except for a sub-step of an attack: the attack's own lines tell those
        (an attack declaration step is announced only when the attack step begins, 505.1)."""
        phase, index = STEP[step]
        board = self.board
        if phase != ATTACK_PHASE or (step == "attack_declaration" and board.phase != ATTACK_PHASE):
            self.events.append(Event("step", None, (), {"phase": phase, "step": index}))
        who = board.active if priority is None else priority
        self.board = board.evolve(phase=phase, step=index, priority=who, passes=0)


def current(board: Board) -> str:
    return step_name(board.phase, board.step)


def require_step(state: MatchState, name: str, what: str, rule: str) -> None:
    if current(state.board) != name:
        refuse(f"You can {what} only in the {name.replace('_', ' ')} step ({rule}).")


def is_creature(state: MatchState, card_id: int) -> bool:
    """A creature, or a card whose type the card data does not give (the players know)."""
    kind = card_type(state.match.table[state.board.cards[card_id].ref])
    return kind is None or kind == "creature"


def base_power(state: MatchState, board: Board, card_id: int) -> int | None:
    return int_stat(state.match.table[board.cards[card_id].ref], "power")


def effects_of(board: Board, card_id: int) -> list[dict[str, Any]]:
    """The effects until the end of the turn on a creature (511.2)."""
    return [e for e in map(dict, board.data("effects", ())) if e["card"] == card_id]


def current_power(state: MatchState, board: Board, card_id: int) -> int | None:
    """A creature's printed power with the changes until the end of the turn (206.1), None when card
    data gives no power."""
    power = base_power(state, board, card_id)
    if power is None:
        return None
    return power + sum(int(e["power"]) for e in effects_of(board, card_id))


def given(board: Board, card_id: int, keyword: str) -> bool:
    """Whether an effect until the end of the turn gives a creature a keyword (:class:`~.actions.Change`)."""
    return any(keyword in e["keywords"] for e in effects_of(board, card_id))


def under_cards(board: Board) -> frozenset[int]:
    """The cards attached under another card: evolution sources, not creatures (200.3a, 109.2b)."""
    return frozenset(card for card, _ in board.attachments)


def stacked(board: Board, card_id: int) -> bool:
    """Whether a card has cards under it (an evolved creature, 801.1)."""
    return any(host == card_id for _, host in board.attachments)


def stack_below(board: Board, card_id: int) -> list[int]:
    """Every card under a card, the whole stack down (109.2b)."""
    found: list[int] = []
    todo = [card_id]
    while todo:
        top = todo.pop()
        below = [c for c, host in board.attachments if host == top and c not in found]
        found += below
        todo += below
    return found


def powers(state: MatchState, board: Board, attack: dict[str, Any]) -> tuple[int | None, int | None]:
    """The powers of the attacker and of the defending creature in the coming battle."""
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    apower = (
        attack["apower"] if attack["apower"] is not None else current_power(state, board, attack["attacker"])
    )
    dpower = None
    if defender is not None:
        dpower = attack["dpower"] if attack["dpower"] is not None else current_power(state, board, defender)
    return apower, dpower


def possible_blockers(state: MatchState, board: Board, seat: int) -> list[int]:
    """The seat's untapped face-up creatures that have Blocker, are given it until the end of the turn,
    or whose card data is unknown (507.1a); not the cards under an evolution creature (200.3a)."""
    table = state.match.table
    under = under_cards(board)
    found = []
    for card_id in board.zones[bz_slot(state)]:
        card = board.cards[card_id]
        if card.controller != seat or card.orientation != UNTAPPED or not card.face_up or card_id in under:
            continue
        if flag(table[card.ref], "blocker") is not False or given(board, card_id, "blocker"):
            found.append(card_id)
    return found


def entered(what: str, value: int | None, printed: int | None) -> list[list[Any]]:
    """``[[what, entered, printed]]`` when a player entered a number that differs from the card data
    (kept: card text changes numbers, 101.1), for the log line that shows both; else nothing."""
    if value is None or printed is None or value == printed:
        return []
    return [[what, value, printed]]


def note(data: dict[str, Any], changes: list[list[Any]], because: str | None) -> None:
    """Put the entered numbers that differ from the card data and their cause into an event's data."""
    if changes:
        data["entered"] = changes
    if because is not None:
        data["because"] = because


def deciding(state: MatchState) -> str | None:
    """What the defender is deciding now, if an attack waits for them (the engine gives them priority
    then): their declarations of usage and block (506.3d, 507.1), the power of their creature in the
    battle (206, 508.1), or their Shield Triggers (509.3a)."""
    board = state.board
    attack = attack_of(board)
    if attack is None or board.priority == board.active:
        return None
    step = current(board)
    if step == "block_declaration":
        return "deciding on a block (507.1)"
    if step == "battle":
        return "entering their creature's power for the battle (206, 508.1)"
    if step == "direct_attack" and not attack["triggers_done"]:
        return "deciding on Shield Triggers, Guard Strikes and Strike Backs (509.3a-b, 113.6)"
    return None


def carrying_out(state: MatchState) -> str | None:
    """What the non-active player is carrying out while they hold priority, and the active player waits
    for them: the Shield Triggers they declared (509.3c; resolved first, 101.4), or, outside an attack,
    card text the active player handed them to carry out (101.4a: the non-active player resolves their
    own effects). They say when they are done by passing priority back."""
    board = state.board
    if board.priority == board.active:
        return None
    attack = attack_of(board)
    if attack is None:
        return "carrying out card text (101.4a)"
    if current(board) == "direct_attack" and attack["triggers_done"] and attack.get("carrying"):
        return "carrying out their Shield Triggers (509.3c, 101.4)"
    return None
