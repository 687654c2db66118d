"""The G assist (6.4.1.2): the hand revealed to the opponent, the top five looked at, a card one grade
above the vanguard shown and taken, two cards of the hand removed from the game, the deck shuffled."""

from __future__ import annotations

import pytest

from engine.match.actions import NextPhase, PassTurn
from engine.match.errors import ActionRefused
from engine.match.games.vanguard import VgGAssist, VgGAssistTake
from engine.match.state import MatchState
from tests.engine.games.vanguard.helpers import act, begin, do, names, place


def g_assist_step() -> MatchState:
    """Bob's turn 2 stops in the G assist step: his grade 0 vanguard and no grade 1 card in hand
    (6.4.1.2.2); a Beta Squire waits on top of his deck after the card he draws."""
    state = do(begin(first=0), NextPhase, 0, to="main")
    while "Beta Squire" in names(state, 1, "hand"):
        state = place(state, 1, "Beta Squire", "deck", source="hand", position="bottom")
    state = place(state, 1, "Beta Squire", "deck")
    state = place(state, 1, "Beta Knight", "deck")
    state = do(state, PassTurn, 0)
    assert state.match.phase_steps[state.board.phase][state.board.step] == "g_assist"
    return state


def test_g_assist_reveals_the_hand_to_the_opponent_and_shows_the_top_five_to_its_player_only() -> None:
    state = g_assist_step()
    hand = names(state, 1, "hand")
    top = names(state, 1, "deck")[:5]
    new, alice = act(state, VgGAssist(actor=1, version=state.version), viewer=0)
    _, bob = act(state, VgGAssist(actor=1, version=state.version), viewer=1)
    assert alice[0].startswith("Bob reveals their hand for a G assist: ") and alice[0].endswith(
        "(6.4.1.2.4)."
    )
    assert all(name in alice[0] for name in hand)
    assert alice[1] == "Bob looks at 5 cards from the top of the deck (6.4.1.2.5)."
    assert all(name in bob[1] for name in top)
    assert all(new.knows(0, card) for card in new.zone("hand", 1))


def test_g_assist_takes_the_grade_1_card_and_removes_two_cards_of_the_hand_6_4_1_2_5() -> None:
    state = g_assist_step()
    state, _ = act(state, VgGAssist(actor=1, version=state.version))
    size = len(state.zone("hand", 1))
    removed = [state.zone("hand", 1)[0], state.zone("hand", 1)[1]]
    state, lines = act(state, VgGAssistTake(actor=1, version=state.version, take=0, remove=(0, 1)), viewer=0)
    assert "Beta Squire" in names(state, 1, "hand")
    assert len(state.zone("hand", 1)) == size + 1 - 2
    assert sorted(state.zone("removed", 1)) == sorted(removed)
    assert "Bob shows Beta Squire (6.4.1.2.5)." in lines
    assert "Bob shuffles their deck." in lines
    assert not state.board.data("prompts")


def test_a_g_assist_that_takes_a_card_removes_exactly_two_6_4_1_2_5() -> None:
    state = g_assist_step()
    state, _ = act(state, VgGAssist(actor=1, version=state.version))
    with pytest.raises(ActionRefused, match=r"remove two cards of your hand from the game \(6\.4\.1\.2\.5\)"):
        act(state, VgGAssistTake(actor=1, version=state.version, take=0, remove=(0,)))


def test_a_g_assist_without_a_card_still_shuffles_the_deck_6_4_1_2_5() -> None:
    state = g_assist_step()
    state, _ = act(state, VgGAssist(actor=1, version=state.version))
    hand = len(state.zone("hand", 1))
    state, lines = act(state, VgGAssistTake(actor=1, version=state.version), viewer=0)
    assert len(state.zone("hand", 1)) == hand and not state.zone("removed", 1)
    assert lines[0] == "Bob shuffles their deck."
    assert state.match.phase_steps[state.board.phase][state.board.step] == "ride"
