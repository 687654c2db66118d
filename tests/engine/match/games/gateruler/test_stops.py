"""Gate Ruler's default stops (:mod:`engine.match.games.gateruler.stops`): the gate processes that move
the turn on (9-2, 9-3g-1) pass by themselves; a player stops in their main phase (6-3), at their
declaration (8-4c), with the opponent's card on top of the gate (9-3e, 9-4c) and at the opponent's
attack while they have a set card to answer it with (9-3e-2, 14-5d)."""

from __future__ import annotations

from engine.match.actions import BaseAction, PassPriority, SetStops
from engine.match.games.gateruler.actions import GrAttack, GrEndAttacks, GrPlay
from engine.match.games.gateruler.board import gate
from engine.match.games.gateruler.spec import ATTACK, BATTLE, DECLARE, MAIN
from engine.match.state import MatchState
from engine.match.stops import automatic_pass, automatic_passes
from tests.engine.match.games.gateruler.scenario import at, deck_of, do, event, ids, on, start
from tests.engine.match.games.harness import ALICE, BOB


def passes(state: MatchState) -> tuple[MatchState, list[BaseAction]]:
    run = automatic_passes(state)
    return (run[-1][1] if run else state), [action for action, _, _ in run]


def where(state: MatchState) -> tuple[int, int, int]:
    return state.board.phase, state.board.step, state.board.priority


def test_the_main_phase_stops_and_the_gate_processes_after_it_pass_by_themselves() -> None:
    """6-3b, 8-3b, 8-4b: Alice passes her main phase; Bob's priority in it and both players' in the
    attack start step pass by themselves, up to Alice's declaration (8-4c), where she stops."""
    state = start()
    assert where(state) == (MAIN, 0, ALICE) and automatic_pass(state) is None
    state = do(state, PassPriority, ALICE)
    state, run = passes(state)
    assert [action.actor for action in run] == [BOB, ALICE, BOB]
    assert where(state) == (ATTACK, DECLARE, ALICE) and automatic_pass(state) is None


def test_stopping_attacks_runs_to_the_next_players_main_phase() -> None:
    """8-4c-2, 6-5b, 6-5e: once Alice stops attacking, the rest of her turn passes by itself and Bob
    stops in his main phase."""
    state = start()
    state = do(state, PassPriority, ALICE)
    state, _ = passes(state)
    state = do(state, GrEndAttacks, ALICE)
    state, run = passes(state)
    assert (state.board.turn, state.board.active) == (2, BOB)
    assert where(state) == (MAIN, 0, BOB)
    assert all(isinstance(action, PassPriority) and action.auto for action in run)


def test_a_gate_holding_the_opponents_card_stops_and_ones_own_does_not() -> None:
    """9-3e, 9-3g-2: Bob plays an instant in Alice's main phase window; he keeps priority with his own
    card on top of the gate and passes by himself; Alice, with Bob's card there, holds priority."""
    bob = deck_of("B") | {"deck": [event(n, owner="B") for n in range(1, 31)]}
    state = start([deck_of("A"), bob])
    state = do(state, PassPriority, ALICE)
    state = do(state, GrPlay, BOB, card=at(state, "hand", BOB, ids(state, "hand", BOB)[0]), instant=True)
    assert gate(state.board) and state.board.priority == BOB
    state, run = passes(state)
    assert [action.actor for action in run] == [BOB]
    assert state.board.priority == ALICE and gate(state.board)
    assert automatic_pass(state) is None


def _attacked(set_card: bool) -> MatchState:
    """Alice's ruler attacks Bob's; Bob has a card in a set zone or not."""
    state = start()
    if set_card:
        game = on(state)
        game.place(ids(state, "hand", BOB)[0], "set", face="down")
        state = game.state
    state = do(state, PassPriority, ALICE)
    state, _ = passes(state)
    ruler = at(state, "ruler", ALICE, ids(state, "ruler", ALICE)[0])
    target = at(state, "ruler", BOB, ids(state, "ruler", BOB)[0])
    return do(state, GrAttack, ALICE, attacker=ruler, target=target)


def test_the_opponents_attack_stops_a_player_with_a_set_card() -> None:
    """8-4i, 9-3e-2, 14-5d: an Instant Action event is played from a set zone; with a card there (a
    count both players see, 3-10b), Bob holds priority in the attack's window."""
    state, run = passes(_attacked(set_card=True))
    assert [action.actor for action in run] == [ALICE]
    assert where(state) == (ATTACK, BATTLE, BOB) and automatic_pass(state) is None


def test_the_opponents_attack_passes_for_a_player_without_a_set_card() -> None:
    """Without a set card Bob's priority in the attack's window passes by itself, unless he stops at
    every attack of his opponent (``opp_attack``)."""
    state = _attacked(set_card=False)
    after, run = passes(state)
    assert [action.actor for action in run][:2] == [ALICE, BOB]
    assert (after.board.turn, after.board.active) == (2, BOB) and where(after) == (MAIN, 0, BOB)
    state = do(state, SetStops, BOB, add="opp_attack")
    state, run = passes(state)
    assert where(state) == (ATTACK, BATTLE, BOB)
