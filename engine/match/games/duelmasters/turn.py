"""The automatic parts of the Duel Masters turn (the definition's settle hook).

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

from engine.match.apply import move_cards
from engine.match.events import Event
from engine.match.games.duelmasters.board import (
    UNTAPPED,
    attack_of,
    bz_slot,
    current,
    goto,
    mention,
    possible_blockers,
    powers,
    ready_of,
    set_orientation,
    slot,
    stack_below,
)
from engine.match.games.duelmasters.effects import expire, rebuild
from engine.match.games.duelmasters.spec import ATTACK_PHASE
from engine.match.state import Board, CardRef, MatchState


def advance(state: MatchState) -> tuple[MatchState, list[Event]]:
    """Run the automatic parts of the turn from this state until a player must act (see module doc)."""
    events: list[Event] = []
    board = expire(state, rebuild(state, state.board, events), events)  # 511.2: before the next turn
    for _ in range(16):
        new = _step(state, board, events)
        if new is None:
            break
        board = new
    board = _return_home(state, board, events)
    board = rebuild(state, board, events)
    board = expire(state, board, events)
    bz = set(board.zones[bz_slot(state)])
    ready = ready_of(board)
    if any(card not in bz for card in ready):  # 301.5: a creature that left has to wait again
        board = board.with_data(ready=[card for card in ready if card in bz])
    return (state if board is state.board else state.evolve(board=board)), events


def _step(state: MatchState, board: Board, events: list[Event]) -> Board | None:
    """One automatic change, or None when a player must act now."""
    name = current(board)
    active = board.active
    if name == "start_of_turn":
        # 501.1, 702.3a: the active player untaps their cards in the battle zone and mana zone at once.
        cards = board.cards
        mana = board.zones[slot(state, "mana", active)]
        bz = board.zones[bz_slot(state)]
        tapped = [c for c in mana if cards[c].orientation != UNTAPPED]
        tapped += [c for c in bz if cards[c].controller == active and cards[c].orientation != UNTAPPED]
        board = set_orientation(board, tapped, UNTAPPED)
        events.append(Event("dm_untap", active, (), {"count": len(tapped)}))
        # 301.5: what is in the battle zone now has been there since the start of the turn.
        board = board.with_data(ready=list(bz), charged=None)
        return goto(board, "draw", events)
    if name == "draw":
        if board.turn == 1:
            events.append(Event("dm_skip_draw", active))  # 103.5, 500.6
        else:
            deck = slot(state, "deck", active)
            ids = board.zones[deck]
            if ids:  # 502.1; an empty deck has already lost (104.2b, 703.4b)
                board, event = move_cards(
                    state, board, active, [(deck, ids[0])], slot(state, "hand", active), kind="draw"
                )
                events.append(event)
        return goto(board, "charge", events)
    if board.phase != ATTACK_PHASE:
        return None
    attack = attack_of(board)
    if name == "end_of_attack":
        # 510.2: the attacking and blocking statuses end; 505.5: the next attack may be declared.
        return goto(board.with_data(attack=None), "attack_declaration", events)
    if attack is None:
        if name == "attack_declaration":
            return None
        return goto(board, "end_of_turn", events)  # 506.2: no attacker, the sub-steps are skipped
    bz = board.zones[bz_slot(state)]
    if attack["attacker"] not in bz and attack["broken"] is None:
        # 505.6a: an attacker removed from the battle zone ends the attack at once.
        events.append(Event("dm_attack_ends", None))
        return goto(board, "end_of_attack", events)
    defender = attack["defender"]
    if name == "attack_declaration":
        # 506.3b-c: the attacking player declares and resolves their attack triggers, holding priority;
        # passing it ends them, and 506.3d (the defender's declarations of usage) runs in the block
        # declaration step, where the defender holds priority before declaring a block (507.1).
        if board.priority == active:
            return None
        return goto(board, "block_declaration", events)
    if name == "block_declaration":
        if attack["block_done"]:
            return goto(board, "battle", events)
        hand = board.zones[slot(state, "hand", defender)]
        if not possible_blockers(state, board, defender) and not hand:
            attack["block_done"] = True
            events.append(Event("dm_no_block", defender, (), {"auto": True}))
            return goto(board.with_data(attack=attack), "battle", events)
        return _wait(board, defender)
    if name == "battle":
        if attack["target"] is None and not attack["blocked"]:
            return goto(board, "direct_attack", events)
        return _battle(state, board, attack, events)
    if name == "direct_attack":
        if attack["broken"] is None:
            if not board.zones[slot(state, "shields", defender)]:
                if board.data("hit") is None:
                    events.append(Event("dm_direct_hit", active, (), {"defender": defender}))
                    return board.with_data(hit=defender)
                return None
            return _wait(board, active)
        if not attack["triggers_done"]:
            return _wait(board, defender)
        return goto(board, "end_of_attack", events)
    return None


@lru_cache(maxsize=64)
def _homes(table: tuple[CardRef, ...]) -> dict[int, str]:
    """Card-table indices of the cards with a ``home`` zone, and that zone."""
    return {index: str(ref.stat("home")) for index, ref in enumerate(table) if ref.stat("home") in HOMES}


HOMES = ("hyperspatial", "super_gr")
_AWAY = ("deck", "hand", "graveyard", "mana", "shields")


def _return_home(state: MatchState, board: Board, events: list[Event]) -> Board:
    """117.1, 804.4b, 806.4b: a psychic or dragheart card put anywhere but the battle zone returns to the
    hyperspatial zone; 118.1: a gacharange card returns to the bottom of the super gacharange zone."""
    homes = _homes(state.match.table)
    if not homes:
        return board
    for seat in (0, 1):
        for zone in _AWAY:
            source = slot(state, zone, seat)
            away = [c for c in board.zones[source] if board.cards[c].ref in homes]
            for card_id in away:
                owner = board.cards[card_id].owner
                home = homes[board.cards[card_id].ref]
                # 407.2: hyperspatial cards are public; 408.2: the super gacharange zone is face down.
                face = "up" if home == "hyperspatial" else "down"
                board, event = move_cards(
                    state, board, owner, [(source, card_id)], slot(state, home, owner), "bottom", face=face
                )
                event.kind, event.actor = "dm_return", None
                events.append(event)
    return board


def _wait(board: Board, seat: int) -> Board | None:
    """Give priority to the player who must choose now; None (nothing more to run)."""
    if board.priority != seat:
        return board.evolve(priority=seat, passes=0)
    return None


def _battle(state: MatchState, board: Board, attack: dict[str, Any], events: list[Event]) -> Board | None:
    """508.1, 115.3, 701.13: the attacker battles the blocker or the attacked creature."""
    bz = board.zones[bz_slot(state)]
    attacker = attack["attacker"]
    defender = attack["blocker"] if attack["blocked"] else attack["target"]
    if attacker not in bz or defender not in bz:
        events.append(Event("dm_no_battle", None))  # 115.3a
        return goto(board, "end_of_attack", events)
    apower, dpower = powers(state, board, attack)
    if apower is None:
        return _wait(board, board.cards[attacker].controller)
    if dpower is None:
        return _wait(board, board.cards[defender].controller)
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
    mentions = (mention(state, board, attacker), mention(state, board, defender))
    events.append(Event("dm_battle", None, mentions, data))
    board = destroy(state, board, losers, events)
    return goto(board, "end_of_attack", events)


def destroy(state: MatchState, board: Board, card_ids: Sequence[int], events: list[Event]) -> Board:
    """701.6, 703.4d: put creatures from the battle zone into their owners' graveyards, with the cards
    stacked under them (109.2b)."""
    for owner in (0, 1):
        mine = [c for c in card_ids if board.cards[c].owner == owner]
        if not mine:
            continue
        chosen = list(mine)
        for card_id in mine:
            chosen += [c for c in stack_below(board, card_id) if c not in chosen]
        where = {c: s for s, ids in enumerate(board.zones) for c in ids if c in chosen}
        board, event = move_cards(
            state,
            board,
            owner,
            [(where[c], c) for c in chosen],
            slot(state, "graveyard", owner),
            kind="dm_destroy",
        )
        event.actor = None  # the rules destroy it, not a player
        events.append(event)
    return board
