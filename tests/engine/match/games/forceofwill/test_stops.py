"""Force of Will's default stops (:mod:`engine.match.games.forceofwill.stops`): the match passes by
itself wherever a player has no stop, and stops where the rules give a player something to decide:
their main phase (504.2), the declare attack step of their battle (803.3), the declare block step of
the opponent's attack (804.3) and a chase the opponent started (605.1)."""

from __future__ import annotations

from engine.match.actions import BaseAction, CardAt, PassPriority, SetStops
from engine.match.games.forceofwill.actions import (
    Attack,
    CallStone,
    InitiateBattle,
    PlayCard,
    Produce,
)
from engine.match.games.forceofwill.board import chase_entries
from engine.match.games.forceofwill.spec import DRAW, END, MAIN, S_ATTACK, S_BLOCK, S_MAIN
from engine.match.state import MatchState
from engine.match.stops import automatic_pass, automatic_passes
from tests.engine.match.games.forceofwill.helpers import deck, find, place, play, resonator, started, to_main

HAND0 = CardAt(zone="hand", player=0, index=0)


def passes(state: MatchState) -> tuple[MatchState, list[BaseAction]]:
    """The run of automatic passes from ``state``: the state after it, and the passes."""
    run = automatic_passes(state)
    return (run[-1][1] if run else state), [action for action, _, _ in run]


def _decks():  # type: ignore[no-untyped-def]
    alice, bob = deck("Alice"), deck("Bob")
    alice["deck"][:1] = [resonator("Striker", 800, 600)]
    return [alice, bob]


def test_own_main_phase_stops_and_nothing_before_it() -> None:
    """504.2: the turn player stops in their main phase, with priority, the game waiting for them."""
    state = to_main(started())
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 0)
    assert automatic_pass(state) is None


def test_passing_the_main_phase_runs_to_the_next_main_phase() -> None:
    """605.1: the turn player passes; the opponent's priority in that main phase, both end phases and
    the next turn's draw phase (502.5) pass by themselves, up to the next player's main phase."""
    state = to_main(started())
    state = play(state, PassPriority, 0)
    state, run = passes(state)
    assert (state.board.turn, state.board.active, state.board.phase, state.board.step) == (2, 1, MAIN, S_MAIN)
    assert state.board.priority == 1
    assert {action.actor for action in run} == {0, 1} and all(action.auto for action in run)
    assert all(isinstance(action, PassPriority) for action in run)


def test_the_opponents_chase_stops_the_other_player_and_ones_own_does_not() -> None:
    """605.1: after Alice plays a card she keeps priority, which passes by itself (her own object on
    top); Bob, with Alice's object on top of the chase, holds priority: he may answer it."""
    state = to_main(started())
    state = play(state, CallStone, 0)
    state = play(state, Produce, 0, cards=(CardAt(zone="field", index=0),))
    state = play(state, PlayCard, 0, card=HAND0, pay=("fire",))
    assert chase_entries(state.board) and state.board.priority == 0
    state, run = passes(state)
    assert [(a.actor, a.type) for a in run] == [(0, "pass_priority")]
    assert state.board.priority == 1 and chase_entries(state.board)
    assert automatic_pass(state) is None


def test_a_player_without_the_stop_lets_the_opponents_chase_resolve() -> None:
    """A stop removed is the player's choice: Bob passes on Alice's object by himself, and Alice's
    resonator, with nothing to carry out, enters the field by itself (605.1, 702.3); Alice holds
    priority in her main phase again."""
    state = to_main(started())
    state = play(state, SetStops, 1, remove="opp_chase")
    state = play(state, CallStone, 0)
    state = play(state, Produce, 0, cards=(CardAt(zone="field", index=0),))
    state = play(state, PlayCard, 0, card=HAND0, pay=("fire",))
    state, run = passes(state)
    assert [(a.actor, a.type) for a in run] == [
        (0, "pass_priority"),
        (1, "pass_priority"),
        (0, "fow_resolve"),
    ]
    assert state.board.data("resolving") is None and state.board.priority == 0
    assert len(state.zone("field")) == 2 and not chase_entries(state.board)
    assert automatic_pass(state) is None


def test_the_block_step_stops_the_defender_and_the_attack_step_the_attacker() -> None:
    """803.3: the turn player decides to attack; 804.3: the non-turn player decides to block. The
    battle's other priorities pass by themselves."""
    state = to_main(started(decks=_decks()))
    state = place(state, "Striker")
    state = play(state, InitiateBattle, 0)
    state, run = passes(state)
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_ATTACK, 0)
    assert len(run) == 2 and automatic_pass(state) is None
    state = play(state, Attack, 0, attacker=find(state, "Striker"))
    state, run = passes(state)
    assert (state.board.step, state.board.priority) == (S_BLOCK, 1)
    assert automatic_pass(state) is None  # Bob decides: block or no block


def test_pass_until_end_of_turn_passes_everything_but_decisions() -> None:
    """A one-press pass: Bob passes until the end of the turn, his opponent's chase included, and
    stops again from the next turn."""
    state = to_main(started())
    state = play(state, SetStops, 1, until="end_of_turn")
    state = play(state, CallStone, 0)
    state = play(state, Produce, 0, cards=(CardAt(zone="field", index=0),))
    state = play(state, PlayCard, 0, card=HAND0, pay=("fire",))
    state, run = passes(state)
    assert [a.actor for a in run] == [0, 1, 0] and state.board.data("resolving") is None
    assert state.stops is not None and state.stops[1].until == "end_of_turn"
    state = play(state, PassPriority, 0)
    state, run = passes(state)
    assert state.board.turn == 2 and state.stops is None  # the pass ended with its turn
    assert (state.board.phase, state.board.step, state.board.active) == (MAIN, S_MAIN, 1)


def test_full_control_stops_at_every_window() -> None:
    """Full control: Bob holds priority in Alice's main phase and end phase and in his draw phase."""
    state = to_main(started())
    state = play(state, SetStops, 1, full_control=True)
    state = play(state, PassPriority, 0)
    assert automatic_pass(state) is None and state.board.priority == 1
    state = play(state, PassPriority, 1)
    assert state.board.phase == END
    state, run = passes(state)  # Alice's end phase passes by itself; Bob holds it
    assert [a.actor for a in run] == [0] and state.board.priority == 1
    state = play(state, PassPriority, 1)
    assert (state.board.turn, state.board.phase, state.board.priority) == (2, DRAW, 1)
