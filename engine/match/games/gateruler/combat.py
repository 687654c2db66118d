"""What an attack is aimed at (CR 8-4c, 8-4e, 15-26b-1, 15-34b): a column, not a card.

The attacking card attacks the frontmost card of the column being attacked, and that card is "being
attacked" (8-4e-1), so it is read again whenever the rules read it (8-6a, 8-6d): a unit that comes to
the front of that column after the declaration is attacked (15-26b-1), and once the unit chosen at the
declaration has left, the card behind it is (the ruler, in the center column: 3-6e-3a, 16-5a-1). Only a
direct attack stays on the target it declared (15-34a-1, 15-34b). The attacker stops attacking only when
it leaves its controller's play area (8-4e-2).

Columns (3-6e): the center column is the defense zones in front of the ruler zone (3-6e-1, 3-6e-3a);
each attack zone is its own column (3-6e-2). The engine keeps a player's attack zones as one zone, so it
does not know which attack zone a unit is in: the battle remembers the units that were in the *other*
attack-zone columns at the declaration, and a unit that entered the attack zones since is in the attacked
column when that is the only free column it can be in. Otherwise (and for several units in the defense
zones once the declared one is gone) the players say which card is there (:class:`~.actions.GrFrontmost`)
before the damage step.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.match.games.gateruler.board import battle, capacity, gate, ruler_card, stat, zone_ids
from engine.match.games.gateruler.spec import ATTACK, ATTACK_START, DECLARE, IN_PLAY, READY
from engine.match.state import Board, MatchState


class Attacked(NamedTuple):
    """The card being attacked now and its zone (``ruler``, ``attack`` or ``defense``); ``card`` None:
    nothing. ``unclear``: the units that may be frontmost in the column, when the engine cannot tell which
    (the players say, :class:`~.actions.GrFrontmost`)."""

    card: int | None
    zone: str | None
    unclear: tuple[int, ...] = ()


NOTHING = Attacked(None, None)


def new_battle(
    state: MatchState,
    board: Board,
    attacker: int,
    target: int | None,
    target_zone: str | None,
    direct: bool,
    damage: int | None,
) -> dict[str, Any]:
    """The battle of a declared attack (8-4e): the attacker, the column (``center`` for the ruler and the
    defense zones, ``attack`` for an attack zone), the card chosen (None: an empty attack-zone column),
    whether it is a direct attack (15-34b), the units in the opponent's other attack-zone columns, and the
    STK or ATK a player entered for it (None: read from the card data at the damage step, 8-6d)."""
    other = 1 - board.active
    column = "attack" if target_zone in (None, "attack") else "center"
    others = [c for c in zone_ids(state, board, "attack", other) if c != target] if column == "attack" else []
    power = "stk" if target_zone == "ruler" else "atk"
    return {
        "attacker": attacker,
        "column": column,
        "declared": target,
        "direct": direct,
        "others": others,
        "named": None,
        "stk": damage if power == "stk" else None,
        "atk": damage if power == "atk" else None,
    }


def attacking(state: MatchState, board: Board, fight: dict[str, Any]) -> bool:
    """8-4e-2: the attacker is attacking until it leaves its controller's (the active player's) play area;
    moving into a defense zone does not stop it (3-6b)."""
    seat = board.active
    return any(fight["attacker"] in zone_ids(state, board, zone, seat) for zone in IN_PLAY)


def attacked(state: MatchState, board: Board, fight: dict[str, Any]) -> Attacked:
    """The card being attacked now (8-4e-1): the frontmost card of the attacked column, or the declared
    ruler of a direct attack (15-34b)."""
    other = 1 - board.active
    ruler = ruler_card(state, board, other)
    if fight["direct"]:
        return Attacked(ruler, "ruler") if ruler is not None else NOTHING
    if fight["column"] == "center":
        # 3-6e-3a: the defense zone is in front of the ruler zone.
        units = zone_ids(state, board, "defense", other)
        for known in (fight["declared"], fight["named"]):
            if known in units:
                return Attacked(known, "defense")
        if len(units) == 1:
            return Attacked(units[0], "defense")
        if units:
            return Attacked(None, None, tuple(units))
        return Attacked(ruler, "ruler") if ruler is not None else NOTHING
    units = zone_ids(state, board, "attack", other)
    for known in (fight["declared"], fight["named"]):
        if known in units:
            return Attacked(known, "attack")
    others = set(fight["others"])
    staying = [c for c in units if c in others]
    arrived = tuple(c for c in units if c not in others)
    if not arrived:
        return NOTHING
    # 3-6e-2, 12-4a: one unit per attack zone; the attacked column is one of those not held by a unit
    # that was in another column at the declaration.
    if (capacity(board, other, "attack") or 0) - len(staying) == 1:
        return Attacked(arrived[0], "attack")
    return Attacked(None, None, arrived)


def power(target: Attacked) -> str:
    """8-6d-1, 8-6d-2: STK against a ruler, ATK against a unit."""
    return "stk" if target.zone == "ruler" else "atk"


def amount(state: MatchState, board: Board, fight: dict[str, Any], target: Attacked) -> int | None:
    """The combat damage against ``target``: the value entered for this attack (15-2a), otherwise the
    attacker's card data now (8-6d); None when neither gives it."""
    name = power(target)
    if fight[name] is not None:
        return int(fight[name])
    printed = stat(state, board, fight["attacker"], name)
    return printed if isinstance(printed, int) and not isinstance(printed, bool) else None


def not_ready(state: MatchState, board: Board, fight: dict[str, Any]) -> str | None:
    """Why the damage step cannot deal its damage yet (one sentence), or None: the players must say which
    card is frontmost in the attacked column, or enter the attacker's STK or ATK its card data lacks."""
    if not attacking(state, board, fight):
        return None
    target = attacked(state, board, fight)
    if target.unclear:
        return (
            "The engine cannot tell which unit is now frontmost in the column being attacked (8-4e-1): "
            "name it first (Frontmost unit)."
        )
    if target.card is not None and amount(state, board, fight, target) is None:
        name = state.match.table[board.cards[fight["attacker"]].ref].name
        what = power(target).upper()
        return f"Enter the {what} of {name} first (Enter attack damage): its card data has none (8-6d)."
    return None


def declaration_problem(board: Board, seat: int) -> str | None:
    """Why ``seat`` cannot declare an attack now (one sentence), or None: the active player declares once
    the gate processes of the attack start step and of the declaration step are over (8-3b, 8-4b, 8-4c:
    both players passed with the gate empty), once only on the first player's first turn (8-2a-2)."""
    if seat != board.active or board.phase != ATTACK:
        return "Attacks are declared in your attack phase's declaration step (8-4c)."
    if board.turn == 1 and int(board.data("attacks", 0)) >= 1:
        return "The first player attacks only once on their first turn (8-2a-2)."
    if board.step == ATTACK_START:
        return (
            "Attacks are declared once both players have passed priority in a row with the gate empty "
            "(8-3b, 8-4b, 8-4c)."
        )
    if board.step != DECLARE:
        return "Attacks are declared in your attack phase's declaration step (8-4c)."
    if gate(board):
        return "The gate must be empty before an attack is declared (8-4b); pass priority to resolve it."
    return None


def stop_problem(board: Board, seat: int) -> str | None:
    """Why ``seat`` cannot stop attacking now (8-4c-2), or None: the active player chooses it instead of
    an attack, in the declaration step once its gate process is over (8-4b, 8-4c)."""
    if seat != board.active or board.phase != ATTACK or board.step != DECLARE:
        return (
            "You stop attacking instead of declaring an attack, once both players have passed priority "
            "in a row in the attack start step (8-4b, 8-4c-2)."
        )
    if gate(board):
        return "The gate must be empty first; pass priority to resolve it (8-4b, 8-4c-2)."
    return None


def no_attack(state: MatchState, board: Board) -> str | None:
    """The rule by which the active player starts no (further) attack sub phase, or None: they control
    nothing capable of attacking (``8-2a``: no ready ruler or attack-zone unit, 8-4c, 8-4d), or they are
    the first player on their first turn and have attacked once (``8-2a-2``). Public information only:
    whether a card in play is ready is seen by both players."""
    if board.turn == 1 and int(board.data("attacks", 0)) >= 1:
        return "8-2a-2"
    if not attackers(state, board, board.active):
        return "8-2a"
    return None


def attackers(state: MatchState, board: Board, seat: int) -> list[int]:
    """The cards that can be declared as attacking (8-4c): the ready ruler and the ready units of the
    attack zones (8-4d: the attacker is exhausted as it attacks)."""
    ruler = ruler_card(state, board, seat)
    cards = [*zone_ids(state, board, "attack", seat), *([] if ruler is None else [ruler])]
    return [card for card in cards if board.cards[card].orientation == READY]


def ruler_covered(state: MatchState, board: Board, seat: int) -> bool:
    """3-6e-3a, 8-4c-1: a unit in the defense zone stands in front of the ruler, which then cannot be
    attacked (but directly, 15-34a)."""
    return bool(zone_ids(state, board, "defense", seat))


def free_columns(state: MatchState, board: Board, seat: int) -> int:
    """3-6e-2, 8-4c: how many of a player's attack-zone columns hold no unit (each can be attacked)."""
    return (capacity(board, seat, "attack") or 0) - len(zone_ids(state, board, "attack", seat))


def pass_problem(state: MatchState) -> str | None:
    """Why the player holding priority cannot pass it now, or None: nobody responds to a drive process
    (9-3d); while the active player declares an attack no gate process is under way (8-4c); a pass that
    starts the damage step (8-6) needs what it deals known (8-4e-1, 8-6d)."""
    board = state.board
    items = gate(board)
    if items and items[0]["kind"] == "drive":
        name = state.match.players[items[0]["controller"]]
        return f"Nobody can respond to a drive process (9-3d); {name} resolves the driven cards (10-4)."
    if board.phase == ATTACK and board.step == DECLARE and not items:
        return (
            "The gate process before the declaration is over: declare an attack or stop attacking "
            "(8-4c, 8-4c-2)."
        )
    fight = battle(board)
    if fight is not None and not items and board.passes >= 1:
        return not_ready(state, board, fight)
    return None


def change_problem(state: MatchState, board: Board, actor: int, because: bool) -> str | None:
    """Why ``actor`` cannot enter a new STK or ATK for the attacker now (15-2a, 8-6d), or None: an attack
    is in progress (8-4e), what it attacks is known and is something (8-4e-1, 8-6a), and a change to the
    opponent's attacker names its cause (``because``)."""
    fight = battle(board)
    if fight is None:
        return "No attack is in progress (8-4e)."
    if not because and board.cards[fight["attacker"]].controller != actor:
        return "Name the card or effect that changes your opponent's attacker (because, 15-2a)."
    target = attacked(state, board, fight)
    if target.unclear:
        return "First say which unit is frontmost in the column being attacked (8-4e-1): Frontmost unit."
    if target.card is None:
        return "Nothing is being attacked now, so the attack has no STK or ATK to change (8-4e-1, 8-6a)."
    return None


def frontmost_problem(state: MatchState, board: Board) -> str | None:
    """Why nobody needs to say which unit is frontmost in the attacked column (8-4e-1), or None: an attack
    is in progress and the engine cannot tell."""
    fight = battle(board)
    if fight is None:
        return "No attack is in progress (8-4e)."
    if not attacked(state, board, fight).unclear:
        return "The engine already knows what is being attacked (8-4e-1); nothing to say."
    return None
