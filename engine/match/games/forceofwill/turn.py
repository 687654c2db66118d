"""The turn (500): the draw (502.4), recovery (503), the end of the turn (505.5, 505.6) and moving on
when a priority sequence ends with an empty chase (605.1, through the battle steps of 800)."""

from __future__ import annotations

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
    S_BATTLE_START,
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


def advance(state: MatchState, board: Board) -> tuple[Board, list[Event], bool]:
    """Move on after a priority sequence ends with an empty chase (500, 800)."""
    active = board.active
    phase, step = board.phase, board.step
    if phase == DRAW:
        board, events = recovery(state, board)
        return board, events, False
    if phase == END:
        board, events = end_of_turn(state, board)
        return board, events, board.data("discard") is None
    battle = battle_of(board)
    events = []
    if step == S_MAIN:
        board = board.evolve(phase=END, step=0, priority=active, passes=0)
        return board, [step_event(END, 0)], False
    assert battle is not None
    if step == S_BATTLE_START:
        nxt = S_ATTACK
    elif step == S_ATTACK:
        if battle.get("declared"):
            nxt = S_BLOCK
        else:
            # 803.3: forfeiting the attack ends the battle; unanswered, no more battles this turn.
            if not battle.get("acted"):
                board = board.with_data(no_battle=True)
            events.append(Event("fow_forfeit", active))
            nxt = S_BATTLE_END
    elif step == S_BLOCK:
        if battle.get("attacker") is None:
            nxt = S_BATTLE_END
        elif battle["first_strike"] or battle["multi_strike"]:
            nxt = S_FIRST_STRIKE
        else:
            nxt = S_DAMAGE
    elif step == S_FIRST_STRIKE:
        nxt = S_DAMAGE if battle.get("attacker") is not None else S_BATTLE_END
    elif step == S_DAMAGE:
        nxt = S_BATTLE_END
    else:
        # 807.4: the battle ends; back to the main phase.
        board = board.with_data(battle=None).evolve(step=S_MAIN, priority=active, passes=0)
        return board, [step_event(MAIN, S_MAIN)], False
    board = board.evolve(step=nxt, priority=active, passes=0)
    events.append(step_event(MAIN, nxt))
    if nxt in (S_FIRST_STRIKE, S_DAMAGE):
        board, dealt = battle_damage(state, board, nxt == S_FIRST_STRIKE)
        events += dealt
    return board, events, False


HANDLERS = ((Discard, _discard),)
