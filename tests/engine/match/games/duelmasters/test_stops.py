"""Duel Masters' default stops (:mod:`engine.match.games.duelmasters.stops`): the block declaration
(507.1) and the Shield Trigger window after every break (509.3a) are never skipped by default, nor
card text to carry out (101.4a, 509.3c); the attacking player's own trigger window (506.3b-c) and the
end of turn step (511) pass by themselves."""

from __future__ import annotations

from engine.match.actions import BaseAction, NextStep, PassPriority, PassTurn, SetStops
from engine.match.games.duelmasters.actions import Attack, Block, Break, ShieldTrigger
from engine.match.state import MatchState
from engine.match.stops import automatic_pass, automatic_passes
from engine.match.view import view
from tests.engine.match.games.duelmasters.helpers import act, at, card, creature, deck, place, start, step

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
BLOCKER = creature("Test Wall", 2000, blocker=1)
PIT = card("Terror Test Pit", type="spell", cost=6, civilizations="darkness", shield_trigger=1)


def passes(state: MatchState) -> tuple[MatchState, list[BaseAction]]:
    run = automatic_passes(state)
    return (run[-1][1] if run else state), [action for action, _, _ in run]


def _attacking(*, stops: dict[str, str] | None = None) -> tuple[MatchState, int, int]:
    """Alice's dragon attacks Bob, who holds a blocker; the attack triggers' window has passed by
    itself. Returns the state, the dragon and Bob's Shield Trigger in his shields."""
    state = start((deck(ATTACKER), deck(PIT, BLOCKER)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, _ = place(state, "Test Wall", "battle_zone", 1)
    state, pit = place(state, "Terror Test Pit", "shields", 1)
    if stops:
        state, _ = act(state, SetStops, 1, **stops)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    assert step(state) == "attack_declaration"
    state, _ = act(state, Attack, 0, attacker=at(state, dragon))
    state, run = passes(state)
    assert [(action.actor, type(action)) for action in run] == [(0, PassPriority)]  # 506.3b-c
    return state, dragon, pit


def test_the_block_declaration_is_never_skipped_by_default() -> None:
    state, _, _ = _attacking()
    assert step(state) == "block_declaration"
    assert view(state, None)["game_data"]["waiting_for"] == 1
    assert automatic_pass(state) is None


def test_nor_the_shield_trigger_window_after_a_break() -> None:
    """509.3a, 113.6: the window opens after every break, whatever was broken; Bob decides."""
    state, _, pit = _attacking()
    state, _ = act(state, Block, 1)
    state, _ = act(state, Break, 0, shields=[at(state, pit)])
    assert view(state, None)["game_data"]["waiting"] == "shield_trigger"
    assert automatic_pass(state) is None


def test_a_one_press_pass_does_not_take_a_decision() -> None:
    state, _, _ = _attacking(stops={"until": "opponent_acts"})
    assert automatic_pass(state) is None


def test_a_player_who_removed_the_stops_declines_by_themselves() -> None:
    """The player's own choice: without the block and Shield Trigger stops, both pass by themselves,
    and the attack goes on to the next declaration."""
    state = start((deck(ATTACKER), deck(PIT, BLOCKER)))
    state, _ = act(state, SetStops, 1, remove="block")
    state, _ = act(state, SetStops, 1, remove="shield_trigger")
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, _ = place(state, "Test Wall", "battle_zone", 1)
    state, pit = place(state, "Terror Test Pit", "shields", 1)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, Attack, 0, attacker=at(state, dragon))
    state, run = passes(state)
    assert [(a.actor, type(a)) for a in run] == [(0, PassPriority), (1, Block)]
    state, _ = act(state, Break, 0, shields=[at(state, pit)])
    state, run = passes(state)
    assert [(a.actor, type(a)) for a in run] == [(1, ShieldTrigger)]
    assert step(state) == "attack_declaration" and state.board.priority == 0


def test_the_end_of_turn_step_passes_the_turn_by_itself() -> None:
    """511, 512: the turn player's "no attack" goes to the end of turn step, which ends the turn; the
    next player stops in their charge step (503.1)."""
    state = start()
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    assert step(state) == "end_of_turn"
    state, run = passes(state)
    assert [type(action) for action in run] == [PassTurn]
    assert (state.board.turn, state.board.active, step(state)) == (2, 1, "charge")
