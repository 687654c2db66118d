"""The turn (500): the draw (502.4), recovery (503), the end of the turn (505.5, 505.6) and moving on
when a priority sequence ends with an empty chase (605.1, through the battle steps of 800): one
function per step, run by the settle table's row of that step (:data:`.handlers.TABLE`)."""

from __future__ import annotations

from typing import Any

from engine.match.apply import HandlerResult, move_cards, refuse
from engine.match.events import Event
from engine.match.games.forceofwill.actions import (
    Discard,
)
from engine.match.games.forceofwill.battle import battle_damage
from engine.match.games.forceofwill.board import (
    RECOVER,
    battle_of,
    field_ids,
    since_start,
    step_event,
)
from engine.match.games.forceofwill.spec import (
    DRAW,
    END,
    MAIN,
    MAX_HAND,
    RECOVERY,
    S_ATTACK,
    S_BATTLE_END,
    S_BLOCK,
    S_DAMAGE,
    S_FIRST_STRIKE,
    S_MAIN,
)
from engine.match.state import Board, Card, MatchState


def _discard(state: MatchState, action: Discard) -> HandlerResult:
    board = state.board
    need = int(board.data("discard", 0))
    if not need:
        refuse("You discard down to your maximum hand size only at the end of your turn (505.5).")
    if len(action.cards) != need:
        refuse(f"Discard exactly {need} card{'s' if need != 1 else ''} to keep {MAX_HAND} (505.5).")
    if len(set(action.cards)) != len(action.cards):
        refuse("The same card is chosen twice.")
    match = state.match
    hand = match.slot_of[("hand", action.actor)]
    ids = board.zones[hand]
    for index in action.cards:
        if index >= len(ids):
            refuse(f"There is no card at index {index} of your hand (it holds {len(ids)}).")
    picks = [(hand, ids[i]) for i in action.cards]
    board, moved = move_cards(state, board, action.actor, picks, match.slot_of[("graveyard", action.actor)])
    events = [Event("fow_discard", action.actor, moved.cards)]
    board = board.with_data(discard=None)
    board, more = next_turn(state, board)
    return board, events + more, {"undo_used": (0, 0)}


def end_of_turn(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """505.5: damage on J/resonators becomes 0, "until end of turn" values end, will clearance, then
    the turn player discards down to the maximum hand size (a choice: the game waits for it)."""
    cards = list(board.cards)
    for card_id in field_ids(state, board):
        card = cards[card_id]
        if card.counter("damage"):
            counters = tuple(p for p in card.counters if p[0] != "damage")
            cards[card_id] = Card(
                card.ref, card.owner, card.controller, card.face_up, card.orientation, counters, card.known
            )
    board = board.evolve(cards=tuple(cards)).with_data(entered=[], pool=[[], []])
    hand = board.zones[state.match.slot_of[("hand", board.active)]]
    if len(hand) > MAX_HAND:
        need = len(hand) - MAX_HAND
        board = board.with_data(discard=need).evolve(priority=board.active, passes=0)
        return board, [Event("fow_hand_size", board.active, (), {"count": need})]
    return next_turn(state, board)


def next_turn(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """505.6: the other player becomes the turn player; 502.4: they draw a card (a player who must draw
    from an empty deck in their draw phase loses, 1202.2)."""
    match = state.match
    previous = board.active
    active = 1 - previous
    board = board.evolve(turn=board.turn + 1, active=active, phase=DRAW, step=0, priority=active, passes=0)
    board = board.with_data(called=None, judged=None, no_battle=None, battle=None, pool=[[], []])
    board = since_start(state, board)
    events = [Event("turn", previous, (), {"turn": board.turn, "active": active})]
    deck = match.slot_of[("deck", active)]
    ids = board.zones[deck]
    if not ids:
        board = board.with_data(deckout=sorted({*board.data("deckout", ()), active}))
        events.append(Event("fow_deckout", active))
    else:
        board, drawn = move_cards(
            state, board, active, [(deck, ids[0])], match.slot_of[("hand", active)], kind="draw"
        )
        events.append(drawn)
    return board, events


def recovery(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """503.1: skipped on a player's first turn (produced will ceases to exist); otherwise will
    clearance (503.4) and the turn player recovers every card they control in the field and their ruler
    area (503.5). Then the main phase (504)."""
    seat = board.active
    events = [step_event(RECOVERY, 0)]
    board = board.with_data(pool=[[], []])
    if board.turn <= 2:
        events.append(Event("fow_recovery", seat, (), {"skipped": True, "count": 0}))
    else:
        match = state.match
        ids = [c for c in field_ids(state, board) if board.cards[c].controller == seat]
        ids += list(board.zones[match.slot_of[("ruler_area", seat)]])
        cards = list(board.cards)
        count = 0
        for card_id in ids:
            card = cards[card_id]
            if card.orientation != RECOVER:
                count += 1
                cards[card_id] = Card(
                    card.ref, card.owner, card.controller, card.face_up, RECOVER, card.counters, card.known
                )
        board = board.evolve(cards=tuple(cards))
        events.append(Event("fow_recovery", seat, (), {"skipped": False, "count": count}))
    board = board.evolve(phase=MAIN, step=S_MAIN, priority=seat, passes=0)
    events.append(step_event(MAIN, S_MAIN))
    return board, events


def leave_draw(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """The draw phase ends (605.1): the recovery phase (503), then the main phase (504)."""
    return recovery(state, board)


def leave_main(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """The main phase ends with no battle in progress (605.1): the end phase (505)."""
    board = board.evolve(phase=END, step=0, priority=board.active, passes=0)
    return board, [step_event(END, 0)]


def leave_battle_start(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """802.2 ends: the declare attack step (803)."""
    return _battle_step(state, board, S_ATTACK, [])


def leave_attack(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """803 ends: with an attack declared, the declare block step (804); otherwise the battle ends (803.3:
    forfeiting the attack ends the battle; unanswered, no more battles this turn)."""
    battle = _battle(board)
    if battle.get("declared"):
        return _battle_step(state, board, S_BLOCK, [])
    if not battle.get("acted"):
        board = board.with_data(no_battle=True)
    return _battle_step(state, board, S_BATTLE_END, [Event("fow_forfeit", board.active)])


def leave_block(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """804 ends: the first strike battle resolution step with [First Strike] or [Multi Strike], else the
    normal one; no attacking J/resonator: the end of battle step (805.1)."""
    battle = _battle(board)
    if battle.get("attacker") is None:
        nxt = S_BATTLE_END
    elif battle["first_strike"] or battle["multi_strike"]:
        nxt = S_FIRST_STRIKE
    else:
        nxt = S_DAMAGE
    return _battle_step(state, board, nxt, [])


def leave_first_strike(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """805 ends: the normal battle resolution step, or the end of battle step without an attacking
    J/resonator (806.1)."""
    nxt = S_DAMAGE if _battle(board).get("attacker") is not None else S_BATTLE_END
    return _battle_step(state, board, nxt, [])


def leave_damage(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """806 ends: the end of battle step (807)."""
    return _battle_step(state, board, S_BATTLE_END, [])


def leave_battle_end(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """807.4: the battle ends; back to the main phase."""
    board = board.with_data(battle=None).evolve(step=S_MAIN, priority=board.active, passes=0)
    return board, [step_event(MAIN, S_MAIN)]


def _battle(board: Board) -> dict[str, Any]:
    battle = battle_of(board)
    assert battle is not None, "a battle step without a battle"
    return battle


def _battle_step(state: MatchState, board: Board, nxt: int, events: list[Event]) -> tuple[Board, list[Event]]:
    """Move on to a battle step; the battle resolution steps deal their damage (805.2, 806.2)."""
    board = board.evolve(step=nxt, priority=board.active, passes=0)
    events.append(step_event(MAIN, nxt))
    if nxt in (S_FIRST_STRIKE, S_DAMAGE):
        board, dealt = battle_damage(state, board, nxt == S_FIRST_STRIKE)
        events += dealt
    return board, events


HANDLERS = ((Discard, _discard),)
