"""Setting up the game (405): opening hands, the will coin (1119.2) and the mulligans (405.5a)."""

from __future__ import annotations

from engine.match.apply import HandlerResult, move_cards, refuse
from engine.match.games.forceofwill.actions import (
    Mulligan,
)
from engine.match.games.forceofwill.board import (
    FowWork,
    since_start,
)
from engine.match.games.forceofwill.spec import (
    OPENING_HAND,
    SETUP,
)
from engine.match.games.forceofwill.turn import recovery
from engine.match.state import MatchState


def setup(state: MatchState) -> MatchState:
    """405.1-405.5: rulers are in the ruler area and both decks shuffled (generic setup); life is
    4000 (405.3, the spec's value); each player takes the top five cards (405.5); the non-first player
    starts with a will coin token ([Energize], 1119.2). Then the mulligan decisions, first player first."""
    board = state.board
    first = board.active
    for seat in range(2):
        deck = state.match.slot_of[("deck", seat)]
        hand = state.match.slot_of[("hand", seat)]
        picks = [(deck, card) for card in board.zones[deck][:OPENING_HAND]]
        board, _ = move_cards(state, board, seat, picks, hand, kind="draw")
    index = list(state.match.spec.player_values).index("will_coins")
    values = [list(row) for row in board.values]
    values[1 - first][index] = 1
    board = board.evolve(values=tuple(tuple(row) for row in values), phase=SETUP, step=0, priority=first)
    board = board.with_data(mull=[], pool=[[], []], chase=[], jrulers=[], entered=[])
    return state.evolve(board=board)


def _mulligan(state: MatchState, action: Mulligan) -> HandlerResult:
    """405.5, 405.5a: once, first player first, shuffle any number of cards from the hand into the deck
    and draw as many; 405.6: when both players decided, the first player is the turn player."""
    work = FowWork(state, action)
    actor = action.actor
    if work.board.phase != SETUP:
        refuse("A mulligan is only before the first turn (405.5).")
    done = list(work.data("mull", ()))
    if actor in done:
        refuse("You have already made your mulligan decision (405.5a: one mulligan).")
    ids = work.ids("hand", actor)
    if len(set(action.cards)) != len(action.cards):
        refuse("The same card is chosen twice.")
    for index in action.cards:
        if index >= len(ids):
            refuse(f"There is no card at index {index} of your hand (it holds {len(ids)}).")
    work.emit("fow_mulligan", actor, count=len(action.cards))
    if action.cards:
        work.move(actor, [ids[i] for i in action.cards], "deck", actor, position="top")
        work.shuffle_deck(actor)
        work.move(actor, work.ids("deck", actor)[: len(action.cards)], "hand", actor, kind="draw")
    done.append(actor)
    work.set(mull=done)
    if action.triggers:  # kept from the other player until both decided (405.5a comes first)
        work.set(game_triggers=sorted({*work.data("game_triggers", ()), actor}))
    if len(done) < 2:
        work.board = work.board.evolve(priority=1 - actor, passes=0)
        return work.handled()
    first_draw_phase(work)
    return work.handled()


def first_draw_phase(work: FowWork) -> None:
    """405.6: the first player becomes the turn player and turn 1 begins with the game's first draw
    phase (502), where 502.3, 502.4 (the draw) and so 502.5 are skipped: its only priority sequence is
    that of the abilities that trigger as it begins (502.1, 502.2). The engine does not read card text,
    so it opens that sequence when a player declared such triggers with their mulligan decision;
    otherwise the phase passes with no window, and the first turn's recovery phase is skipped too
    (503.1), into the main phase (504)."""
    work.goto("draw")
    work.board = since_start(work.state, work.board)
    seats = [int(seat) for seat in work.data("game_triggers", ())]
    if seats:
        work.emit("fow_game_triggers", work.board.active, seats=seats)
        return
    work.emit("fow_first_draw", work.board.active)
    recovery(work)


HANDLERS = ((Mulligan, _mulligan),)
