"""Losing and drawing (103, 1202), from setup to each loss condition."""

from __future__ import annotations

from engine.match.actions import Concede, PassPriority, SetValue
from engine.match.games.forceofwill.actions import Attack, DealDamage, InitiateBattle, PlayAbility, Resolve
from engine.match.render import render_all
from tests.engine.match.games.forceofwill.helpers import (
    deck,
    find,
    pass_both,
    place,
    play,
    started,
    step,
    to_main,
)
from tests.engine.match.games.harness import assert_draw, assert_lost, assert_won


def test_life_zero_loses_1202_1() -> None:
    """1202.1: a player whose life is 0 or less loses; 103.2: the other player wins."""
    state = to_main(started())
    state = play(state, SetValue, 0, player=1, name="life", value=500)
    state = place(state, "Alice Knight 01")
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    state = play(state, Attack, 0, attacker=find(state, "Alice Knight 01"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state, events = step(state, PassPriority, 1)
    assert_lost(state, 1, "1202.1")
    assert_won(state, 0)
    assert render_all(events, state, 1)[-1].startswith(
        "The match is over (Bob: life 0 or less (1202.1)): Alice wins"
    )


def test_life_is_rounded_up_1206_1() -> None:
    """1206.1: life that is not a multiple of 100 is rounded up."""
    state = to_main(started())
    state = play(state, DealDamage, 0, player=1, amount=250)
    assert state.value(1, "life") == 3800


def test_drawing_from_an_empty_deck_in_the_draw_phase_loses_1202_2() -> None:
    """1202.2: a player who must draw in their draw phase from an empty deck loses (here at the start
    of their turn: the first player's second draw phase)."""
    short = [deck("Alice", size=6), deck("Bob")]
    state = to_main(started(decks=short))
    assert len(state.zone("deck", 0)) == 1
    while state.board.turn < 3:
        state = pass_both(state)
    assert len(state.zone("deck", 0)) == 0 and not state.ended
    turn = state.board.turn
    while not state.ended:
        state = pass_both(state)
    assert state.board.turn == turn + 2
    assert_lost(state, 0, "1202.2")
    assert_won(state, 1)


def test_both_losing_at_once_is_a_draw_103_3() -> None:
    """103.3: both players losing at the same time is a draw. Rule processes wait while a chase object
    is carried out, so both lives can reach 0 in one resolution."""
    state = to_main(started())
    state = play(state, PlayAbility, 0, text="Each player loses 4000 life")
    state = pass_both(state)
    state = play(state, DealDamage, 0, player=0, amount=4000)
    state = play(state, DealDamage, 0, player=1, amount=4000)
    assert not state.ended
    state = play(state, Resolve, 0)
    assert_draw(state)
    assert_lost(state, 0, "1202.1")
    assert_lost(state, 1, "1202.1")


def test_concede_103_4() -> None:
    """103.4: a player may concede at any time, even without priority."""
    state = to_main(started())
    state = play(state, Concede, 1)
    assert state.ended and state.winner == 0
