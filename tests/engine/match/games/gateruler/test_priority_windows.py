"""Every gate process gives the active player priority (9-3b), a pass gives it to the other player
(9-3g-2), and it ends only when both pass in a row (9-3g-1, 9-4b): the turn moves on only then, at the
end of the main phase (6-3b), after the attack start and declaration steps (8-3b, 8-4b), once attacks
stop (8-4c-2b) and in the end phase (6-5b). The opponent's window opens whatever either player holds."""

from __future__ import annotations

import pytest

from engine.match.actions import DeclineUndo, NextPhase, NextStep, PassPriority, PassTurn, RequestUndo
from engine.match.games.gateruler.actions import GrAttack, GrEndAttacks, GrPlay, GrSummon
from engine.match.games.gateruler.board import gate
from engine.match.games.gateruler.spec import ATTACK, ATTACK_START, ATTACKS_OVER, DECLARE, END, MAIN
from engine.match.offers import Offer, offers
from tests.engine.match.games.gateruler.scenario import deck_of, event, game
from tests.engine.match.games.harness import ALICE, BOB, Scenario


def where(match: Scenario) -> tuple[int, int, int]:
    """(phase, step, seat holding priority)."""
    board = match.state.board
    return board.phase, board.step, board.priority


def first(match: Scenario, seat: int) -> Offer:
    return offers(match.state, seat)[0]


def labels(match: Scenario, seat: int) -> list[str]:
    return [offer.label for offer in offers(match.state, seat)]


def test_the_main_phase_ends_only_after_the_opponent_passes_too() -> None:
    """6-3b, 9-3b, 9-3g-2: Alice's "Attack phase" is her pass of priority in the main phase's gate
    process; Bob then holds priority in the main phase and is offered to pass first; only his pass ends
    the gate process (9-3g-1, 9-4b) and the attack phase begins (6-4)."""
    match = game()
    offer = first(match, ALICE)
    assert (offer.type, offer.label, offer.rule) == ("pass_priority", "Attack phase", "6-3b, 9-3g")
    match.act(ALICE, PassPriority)
    assert where(match) == (MAIN, 0, BOB)
    assert (first(match, BOB).type, first(match, BOB).label) == ("pass_priority", "Pass")
    events = match.act(BOB, PassPriority)
    assert where(match) == (ATTACK, ATTACK_START, ALICE)
    assert (
        "Both players passed priority with the gate empty: the main phase ends and the attack phase "
        "begins (6-3b, 6-4)."
    ) in match.lines(None, events)


def test_an_opponent_acting_in_the_window_keeps_the_main_phase_going() -> None:
    """9-3f, 9-3g-1, 9-4e: Bob plays an event with priority in the main phase's gate process instead of
    passing; once both pass it resolves, and with the gate empty again Alice gains priority (9-3b) still
    in her main phase, where her standard actions are offered again (9-3e-5)."""
    bob = deck_of("B") | {"deck": [event(n, owner="B") for n in range(1, 31)]}
    match = game([deck_of("A"), bob])
    match.act(ALICE, PassPriority)
    match.act(BOB, GrPlay, card=match.at(match.state.zone("hand", BOB)[0]), instant=True)
    assert where(match) == (MAIN, 0, BOB) and gate(match.state.board)
    match.act(BOB, PassPriority)
    match.act(ALICE, PassPriority)
    assert where(match) == (MAIN, 0, ALICE) and not gate(match.state.board)
    assert "gr_summon" in [offer.type for offer in offers(match.state, ALICE)]


def test_the_declaration_comes_after_both_pass_in_the_attack_start_step() -> None:
    """8-3b, 8-4b: the attack start and declaration steps' gate processes come before the declaration;
    Alice's "Declare attacks" is her pass, Bob then holds priority, and only after his pass does Alice
    choose an attack or to stop (8-4c), with no priority to pass (Bob is offered nothing to do)."""
    match = game()
    match.act(ALICE, PassPriority)
    match.act(BOB, PassPriority)
    ruler_at = match.at(match.state.zone("ruler", ALICE)[0])
    target = match.at(match.state.zone("ruler", BOB)[0])
    match.refused(ALICE, GrAttack, rule="8-4b", attacker=ruler_at, target=target)
    match.refused(ALICE, GrEndAttacks, rule="8-4c-2")
    assert (first(match, ALICE).label, first(match, ALICE).rule) == ("Declare attacks", "8-3b, 8-4b, 9-3g")
    match.act(ALICE, PassPriority)
    assert where(match) == (ATTACK, ATTACK_START, BOB) and labels(match, BOB)[0] == "Pass"
    match.act(BOB, PassPriority)
    assert where(match) == (ATTACK, DECLARE, ALICE)
    assert labels(match, ALICE)[0] == "Stop attacking" and "Attack" in labels(match, ALICE)
    assert "pass_priority" not in [offer.type for offer in offers(match.state, ALICE)]
    match.refused(ALICE, PassPriority, rule="8-4c")
    assert not {"pass_priority", "gr_play", "gr_summon"} & {o.type for o in offers(match.state, BOB)}


def test_stopping_attacks_opens_a_window_for_the_opponent_then_the_end_phase_another() -> None:
    """8-4c-2, 8-4c-2b: once Alice stops attacking, the gate process of the attack phase's end gives her
    priority, then Bob; the end phase begins only when both have passed (8-4c-2c). 6-5b: the end
    phase's gate process too: Alice's "End turn" is her pass, and Bob's pass ends the turn (6-5e)."""
    match = game()
    for seat in (ALICE, BOB, ALICE, BOB):
        match.act(seat, PassPriority)
    match.act(ALICE, GrEndAttacks)
    assert where(match) == (ATTACK, ATTACKS_OVER, ALICE)
    assert (first(match, ALICE).label, first(match, ALICE).rule) == ("End phase", "8-4c-2b, 9-3g")
    match.act(ALICE, PassPriority)
    assert where(match) == (ATTACK, ATTACKS_OVER, BOB) and labels(match, BOB)[0] == "Pass"
    match.act(BOB, PassPriority)
    assert where(match) == (END, 0, ALICE)
    assert (first(match, ALICE).label, first(match, ALICE).rule) == ("End turn", "6-5b, 9-3g")
    match.act(ALICE, PassPriority)
    assert where(match) == (END, 0, BOB) and match.state.board.turn == 1
    events = match.act(BOB, PassPriority)
    board = match.state.board
    assert (board.turn, board.active, board.phase, board.priority) == (2, BOB, MAIN, BOB)
    assert any(
        "the turn ends" in line and "(6-5b, 6-5c-1, 6-5e)" in line for line in match.lines(None, events)
    )


def test_the_attack_phase_ends_with_a_window_when_nothing_can_attack() -> None:
    """8-2a, 8-4c-2: an attack sub phase starts only while the active player controls something able to
    attack; Alice's exhausted ruler is her only such card, so after the main phase the attack phase's end
    comes at once, and Bob still holds priority in its gate process (8-4c-2b) before the end phase."""
    match = game()
    ruler_id = match.state.zone("ruler", ALICE)[0]
    match.place(ruler_id, "ruler", orientation=1)
    match.act(ALICE, PassPriority)
    events = match.act(BOB, PassPriority)
    assert where(match) == (ATTACK, ATTACKS_OVER, ALICE)
    assert "No more attacks: nothing Alice controls can attack (8-2a)" in " ".join(match.lines(BOB, events))
    match.act(ALICE, PassPriority)
    assert where(match) == (ATTACK, ATTACKS_OVER, BOB)


@pytest.mark.parametrize("action", [NextPhase, NextStep, PassTurn])
def test_the_turn_never_moves_on_without_both_passes(action: type) -> None:
    """9-3g-1, 9-4b: moving to another phase or step, or ending the turn, without the gate process's
    passes is refused with one sentence, in every phase."""
    match = game()
    match.refused(ALICE, action, rule="9-3g-1")
    match.act(ALICE, PassPriority)
    match.act(BOB, PassPriority)
    match.refused(ALICE, action, rule="9-3g-1")


def test_the_opponents_window_opens_whatever_they_hold() -> None:
    """9-3g-2 and docs/architecture.md (passing priority without telling): Bob gets priority at the end of
    Alice's main phase with a hand of units he cannot play now as well as with events; the window, and whom
    the game waits for, do not depend on his cards."""
    units = deck_of("B")
    events = deck_of("B") | {"deck": [event(n, owner="B") for n in range(1, 31)]}
    seen = []
    for bob in (units, events):
        match = game([deck_of("A"), bob])
        match.act(ALICE, PassPriority)
        seen.append((where(match), labels(match, ALICE), first(match, BOB).label))
    assert seen[0] == seen[1] == ((MAIN, 0, BOB), seen[0][1], "Pass")


def test_a_new_turn_gives_the_undos_back() -> None:
    """The undos a player may ask for are counted per turn: the turn that ends by both players' passes
    (6-5e) gives them back as the engine's own end of turn does."""
    match = game([deck_of("A"), deck_of("B")])
    match.act(ALICE, GrSummon, card=match.at(match.state.zone("hand", ALICE)[0]))
    match.act(ALICE, RequestUndo)
    match.act(BOB, DeclineUndo)
    assert match.state.undo_used[ALICE] == 1
    for _ in range(12):
        if match.state.board.turn == 2:
            break
        board = match.state.board
        if (board.phase, board.step) == (ATTACK, DECLARE) and not gate(board):
            match.act(ALICE, GrEndAttacks)
        else:
            match.act(board.priority, PassPriority)
    assert match.state.board.turn == 2 and match.state.undo_used == (0, 0)
