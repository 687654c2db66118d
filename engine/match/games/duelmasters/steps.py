"""The automatic parts of the Duel Masters turn (:func:`settle`, the definition's settle hook): a step
table (:data:`TABLE`, one row per step with its rule) run by the engine's one settle loop
(:func:`engine.match.settle.settle`) on a :class:`~.board.DuelMastersWork`.

:func:`advance` runs what the rules do without a choice: the start of turn untap (501.1, 702.3a), the
draw with the first player's first-turn skip (502.1, 103.5, 500.6), skipping the attack sub-steps when
no attacker is declared (506.2), the window of the attacking player's attack triggers (506.3b-c) until
they pass priority, the block declaration skipped when the defender has neither a possible blocker nor
a card in hand (nothing to declare, 506.3d, 507.1a), the battle (508.1, 115.3, 701.13) with the
destruction of its losers (703.4d), the direct attack on a player with no shields (509.1) and the end of
attack (510) that returns to the attack declaration (505.5), the rebuilding of an evolution creature's
stack whose top left alone (801.4) and the end of the effects until the end of the turn (511.2). Where
a player must choose, it gives them priority and waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.match.actions import BaseAction
from engine.match.events import Event
from engine.match.games.duelmasters.board import (
    UNTAPPED,
    DuelMastersWork,
    possible_blockers,
    powers,
    ready_of,
    stack_below,
)
from engine.match.games.duelmasters.effects import expire, rebuild
from engine.match.settle import Step
from engine.match.settle import settle as settle_table
from engine.match.state import CardRef, MatchState


def advance(state: MatchState, version: int = 0) -> tuple[MatchState, list[Event]]:
    """Run the automatic parts of the turn from this state until a player must act (see module doc):
    the evolution stacks and effects first (801.4, 511.2: before the next turn), then the step table
    (:data:`TABLE`) on the engine's settle loop, then the cards that return home (117.1, 118.1), the
    stacks and effects again, and the summoning sickness of creatures that left (301.5)."""
    work = DuelMastersWork(state, version)
    rebuild(work)
    expire(work)  # 511.2: before the next turn
    settle_table(work, TABLE, DuelMastersWork.step_name)
    _return_home(work)
    rebuild(work)
    expire(work)
    bz = set(work.bz())
    ready = ready_of(work.board)
    if any(card not in bz for card in ready):  # 301.5: a creature that left has to wait again
        work.set(ready=[card for card in ready if card in bz])
    return work.result()


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """The definition's settle hook: :func:`advance` after every accepted action."""
    return advance(state, action.version)


def _start_of_turn(work: DuelMastersWork) -> bool:
    """501.1, 702.3a: the active player untaps their cards in the battle zone and mana zone at once;
    301.5: what is in the battle zone now has been there since the start of the turn."""
    board = work.board
    active = board.active
    cards = board.cards
    mana = work.ids("mana", active)
    bz = work.bz()
    tapped = [c for c in mana if cards[c].orientation != UNTAPPED]
    tapped += [c for c in bz if cards[c].controller == active and cards[c].orientation != UNTAPPED]
    work.orient(tapped, UNTAPPED)
    work.events.append(Event("dm_untap", active, (), {"count": len(tapped)}))
    work.set(ready=list(bz), charged=None)
    work.goto("draw")
    return True


def _draw(work: DuelMastersWork) -> bool:
    """502.1: the active player draws a card; the first player skips the draw of their first turn
    (103.5, 500.6)."""
    active = work.board.active
    if work.board.turn == 1:
        work.events.append(Event("dm_skip_draw", active))  # 103.5, 500.6
    else:
        ids = work.ids("deck", active)
        if ids:  # 502.1; an empty deck has already lost (104.2b, 703.4b)
            work.move(active, ids[:1], "hand", active, kind="draw")
    work.goto("charge")
    return True


def _attack_going(work: DuelMastersWork) -> dict[str, Any] | None:
    """The attack in progress, or None after moving on: 506.2, no attacker declared, the sub-steps are
    skipped to the end of turn step; 505.6a, an attacker removed from the battle zone ends the attack at
    once."""
    attack = work.attack()
    if attack is None:
        if work.step_name() != "attack_declaration":
            work.goto("end_of_turn")  # 506.2: no attacker, the sub-steps are skipped
        return None
    if attack["attacker"] not in work.bz() and attack["broken"] is None:
        work.events.append(Event("dm_attack_ends", None))  # 505.6a
        work.goto("end_of_attack")
        return None
    return attack


def _attack_declaration(work: DuelMastersWork) -> bool:
    """506.3b-c: the attacking player declares and resolves their attack triggers, holding priority;
    passing it ends them, and 506.3d (the defender's declarations of usage) runs in the block
    declaration step, where the defender holds priority before declaring a block (507.1)."""
    board = work.board
    attack = _attack_going(work)
    if attack is None:
        return work.board is not board
    if board.priority == board.active:
        return False
    work.goto("block_declaration")
    return True


def _block_declaration(work: DuelMastersWork) -> bool:
    """507.1: the defender declares a block; skipped when they have neither a possible blocker nor a
    card in hand (nothing to declare, 506.3d, 507.1a)."""
    attack = _attack_going(work)
    if attack is None:
        return True
    if attack["block_done"]:
        work.goto("battle")
        return True
    defender = attack["defender"]
    if not possible_blockers(work.state, work.board, defender) and not work.ids("hand", defender):
        attack["block_done"] = True
        work.events.append(Event("dm_no_block", defender, (), {"auto": True}))
        work.set(attack=attack)
        work.goto("battle")
        return True
    return _wait(work, defender)


def _battle_step(work: DuelMastersWork) -> bool:
    """508.1: an attack on a creature, or a blocked one, battles; an unblocked attack on the player goes
    on to the direct attack step (509)."""
    attack = _attack_going(work)
    if attack is None:
        return True
    if attack["target"] is None and not attack["blocked"]:
        work.goto("direct_attack")
        return True
    return _battle(work, attack)


def _direct_attack(work: DuelMastersWork) -> bool:
    """509.1: a player attacked directly with no shields loses (703.4a); 509.2-509.3: otherwise the
    attacking player breaks shields, then the defender holds priority for their declarations of usage
    (509.3a-b, 113.6) after every break, until they declare or decline (:func:`.attack._break`); having
    declared Shield Triggers, they keep it to carry them out until they pass it (509.3c, 101.4)."""
    attack = _attack_going(work)
    if attack is None:
        return True
    defender = attack["defender"]
    if attack["broken"] is None:
        if not work.ids("shields", defender):
            if work.data("hit") is None:
                work.events.append(Event("dm_direct_hit", work.board.active, (), {"defender": defender}))
                work.set(hit=defender)
                return True
            return False
        return _wait(work, work.board.active)
    if not attack["triggers_done"]:
        return _wait(work, defender)
    if attack.get("carrying"):
        if work.board.priority == defender:
            return False  # 509.3c: carrying out their Shield Triggers
        attack["carrying"] = False  # they passed priority back: done
        work.set(attack=attack)
    work.goto("end_of_attack")
    return True


def _end_of_attack(work: DuelMastersWork) -> bool:
    """510.2: the attacking and blocking statuses end; 505.5: the next attack may be declared."""
    work.set(attack=None)
    work.goto("attack_declaration")
    return True


TABLE: tuple[Step[DuelMastersWork], ...] = (
    Step("start_of_turn", "501.1", _start_of_turn),
    Step("draw", "502.1", _draw),
    Step("attack_declaration", "506.3b", _attack_declaration),
    Step("block_declaration", "507.1", _block_declaration),
    Step("battle", "508.1", _battle_step),
    Step("direct_attack", "509.1", _direct_attack),
    Step("end_of_attack", "510.2", _end_of_attack),
)
"""What each step does without a choice, run by :func:`engine.match.settle.settle`; the charge, main
and end of turn steps have no row (their players act)."""


@lru_cache(maxsize=64)
def _homes(table: tuple[CardRef, ...]) -> dict[int, str]:
    """Card-table indices of the cards with a ``home`` zone, and that zone."""
    return {index: str(ref.stat("home")) for index, ref in enumerate(table) if ref.stat("home") in HOMES}


HOMES = ("hyperspatial", "super_gr")
_AWAY = ("deck", "hand", "graveyard", "mana", "shields")


def _return_home(work: DuelMastersWork) -> None:
    """117.1, 804.4b, 806.4b: a psychic or dragheart card put anywhere but the battle zone returns to the
    hyperspatial zone; 118.1: a gacharange card returns to the bottom of the super gacharange zone."""
    homes = _homes(work.match.table)
    if not homes:
        return
    for seat in (0, 1):
        for zone in _AWAY:
            away = [c for c in work.ids(zone, seat) if work.card(c).ref in homes]
            for card_id in away:
                owner = work.card(card_id).owner
                home = homes[work.card(card_id).ref]
                # 407.2: hyperspatial cards are public; 408.2: the super gacharange zone is face down.
                face = "up" if home == "hyperspatial" else "down"
                work.move(None, [card_id], home, owner, kind="dm_return", position="bottom", face=face)


def _wait(work: DuelMastersWork, seat: int) -> bool:
    """Give priority to the player who must choose now; False when they already hold it."""
    if work.board.priority != seat:
        work.board = work.board.evolve(priority=seat, passes=0)
        return True
    return False


def _battle(work: DuelMastersWork, attack: dict[str, Any]) -> bool:
    """508.1, 115.3, 701.13: the attacker battles the blocker or the attacked creature."""
    board = work.board
    bz = work.bz()
    attacker = attack["attacker"]
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    if attacker not in bz or defender not in bz:
        work.events.append(Event("dm_no_battle", None))  # 115.3a
        work.goto("end_of_attack")
        return True
    apower, dpower = powers(work.state, board, attack)
    if apower is None:
        return _wait(work, board.cards[attacker].controller)
    if dpower is None:
        return _wait(work, board.cards[defender].controller)
    # 115.3b, 701.13b: the higher power wins; equal power, both lose. 115.3c (Win All Battles) is card
    # text: the players enter the powers that give its result, or move the cards themselves.
    losers = []
    if apower <= dpower:
        losers.append(attacker)
    if dpower <= apower:
        losers.append(defender)
    data: dict[str, Any] = {"apower": apower, "dpower": dpower, "losers": len(losers)}
    winner = "defender" if apower < dpower else "attacker" if apower > dpower else "none"
    data["winner"] = winner
    work.emit("dm_battle", None, [attacker, defender], **data)
    destroy(work, losers)
    work.goto("end_of_attack")
    return True


def destroy(work: DuelMastersWork, card_ids: Sequence[int]) -> None:
    """701.6, 703.4d: put creatures from the battle zone into their owners' graveyards, with the cards
    stacked under them (109.2b); the rules destroy them, not a player."""
    for owner in (0, 1):
        mine = [c for c in card_ids if work.card(c).owner == owner]
        if not mine:
            continue
        chosen = list(mine)
        for card_id in mine:
            chosen += [c for c in stack_below(work.board, card_id) if c not in chosen]
        work.move(None, chosen, "graveyard", owner, kind="dm_destroy")
