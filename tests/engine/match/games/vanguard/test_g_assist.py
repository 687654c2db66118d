"""The G assist (6.4.1.2): the G assist step passes on its own and the turn player asks for it as their
first action of the ride step (the game goes back to the step); the hand revealed to the opponent, the
top five looked at, a card one grade above the vanguard shown and taken, two cards of the hand
removed from the game, the deck shuffled."""

from __future__ import annotations

import pytest

from engine.match.actions import Look, NextPhase, NextStep, PassTurn, ZoneRef
from engine.match.errors import ActionRefused
from engine.match.games.vanguard import VgGAssist, VgGAssistTake, VgRide
from engine.match.state import MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import act, at, begin, do, find, names, place


def step(state: MatchState) -> str:
    return state.match.phase_steps[state.board.phase][state.board.step]


def ride_step() -> MatchState:
    """Bob's turn 2 in his ride step, the G assist step passed on its own: his grade 0 vanguard and no
    grade 1 card in hand (6.4.1.2.2); a Beta Squire waits on top of his deck after the card he draws."""
    state = do(begin(first=0), NextPhase, 0, to="main")
    while "Beta Squire" in names(state, 1, "hand"):
        state = place(state, 1, "Beta Squire", "deck", source="hand", position="bottom")
    state = place(state, 1, "Beta Squire", "deck")
    state = place(state, 1, "Beta Knight", "deck")
    state = do(state, PassTurn, 0)
    assert step(state) == "ride" and state.board.priority == 1
    return state


def test_the_g_assist_step_passes_on_its_own_and_stays_open_from_the_ride_step_6_4_1_2() -> None:
    """The engine never stops in the G assist step (whether it could be used reads the hidden hand);
    both players read in the view that Bob may still ask for it."""
    state = ride_step()
    for viewer in (0, 1, None):
        assert view(state, viewer)["game_data"]["g_assist_open"] is True


def test_g_assist_reveals_the_hand_to_the_opponent_and_shows_the_top_five_to_its_player_only() -> None:
    state = ride_step()
    hand = names(state, 1, "hand")
    top = names(state, 1, "deck")[:5]
    new, alice = act(state, VgGAssist(actor=1, version=state.version), viewer=0)
    _, bob = act(state, VgGAssist(actor=1, version=state.version), viewer=1)
    assert alice[0] == "The game moves to the g assist step of the draw phase."
    assert step(new) == "g_assist"
    assert alice[1].startswith("Bob reveals their hand for a G assist: ") and alice[1].endswith(
        "(6.4.1.2.4)."
    )
    assert all(name in alice[1] for name in hand)
    assert alice[2] == "Bob looks at 5 cards from the top of the deck (6.4.1.2.5)."
    assert all(name in bob[2] for name in top)
    assert all(new.knows(0, card) for card in new.zone("hand", 1))
    assert view(new, 0)["game_data"]["g_assist_open"] is False


def test_g_assist_takes_the_grade_1_card_and_removes_two_cards_of_the_hand_6_4_1_2_5() -> None:
    state = ride_step()
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
    # 6.4.1.3 then the ride phase: the ride step waits for Bob, who rides the card he took.
    assert step(state) == "ride" and state.board.priority == 1
    state, lines = act(
        state, VgRide(actor=1, version=state.version, card=at("hand", find(state, 1, "hand", "Beta Squire")))
    )
    assert lines[0] == "Bob rides Beta Squire."


def test_a_g_assist_that_takes_a_card_removes_exactly_two_6_4_1_2_5() -> None:
    state = ride_step()
    state, _ = act(state, VgGAssist(actor=1, version=state.version))
    with pytest.raises(ActionRefused, match=r"remove two cards of your hand from the game \(6\.4\.1\.2\.5\)"):
        act(state, VgGAssistTake(actor=1, version=state.version, take=0, remove=(0,)))


def test_a_g_assist_without_a_card_still_shuffles_the_deck_6_4_1_2_5() -> None:
    state = ride_step()
    state, _ = act(state, VgGAssist(actor=1, version=state.version))
    hand = len(state.zone("hand", 1))
    state, lines = act(state, VgGAssistTake(actor=1, version=state.version), viewer=0)
    assert len(state.zone("hand", 1)) == hand and not state.zone("removed", 1)
    assert lines[0] == "Bob shuffles their deck."
    assert step(state) == "ride"


def _refused(state: MatchState, action: VgGAssist, sentence: str) -> None:
    before = state.to_json()
    with pytest.raises(ActionRefused) as error:
        act(state, action)
    assert str(error.value) == sentence
    assert state.to_json() == before


def test_a_g_assist_is_refused_once_the_turn_player_did_something_else_first_6_4_1_2() -> None:
    """The G assist step comes before the ride phase: after another action in the ride step (here a
    look at the deck, card text), the window has closed, for both players to read."""
    state = ride_step()
    state = do(state, Look, 1, zone=ZoneRef(zone="deck"))
    assert view(state, 0)["game_data"]["g_assist_open"] is False
    _refused(
        state,
        VgGAssist(actor=1, version=state.version),
        "You can G assist only as your first action of the ride step, before riding or anything else "
        "(the G assist step comes before the ride phase, 6.4.1.2).",
    )


def test_a_g_assist_is_refused_after_the_ride_step_6_4_1_2() -> None:
    state = do(ride_step(), NextStep, 1)
    assert step(state) == "main"
    _refused(
        state,
        VgGAssist(actor=1, version=state.version),
        "You can G assist only in your turn, as your first action of the ride step, right after the "
        "G assist step (6.4.1.2).",
    )


def test_a_g_assist_is_refused_with_a_card_one_grade_above_the_vanguard_in_hand_6_4_1_2_2_2() -> None:
    """The conditions read the hand: the refusal goes to its owner only, and the window was open for
    every hand alike."""
    state = ride_step()
    state = place(state, 1, "Beta Squire", "hand")
    assert view(state, 0)["game_data"]["g_assist_open"] is True
    _refused(
        state,
        VgGAssist(actor=1, version=state.version),
        "You can G assist only without a grade 1 card in your hand (6.4.1.2.2.2).",
    )


def test_no_g_assist_window_while_the_vanguard_is_grade_3_6_4_1_2_2_1() -> None:
    """Public information: a grade 3 vanguard at the start of the turn leaves no window to open."""
    state = do(begin(first=0), NextPhase, 0, to="main")
    state = place(state, 1, "Beta King", "vc", source="deck")
    state = do(state, PassTurn, 0)
    assert step(state) == "ride"
    assert view(state, 0)["game_data"]["g_assist_open"] is False
    _refused(
        state,
        VgGAssist(actor=1, version=state.version),
        "You can G assist only while your vanguard is below grade 3 (6.4.1.2.2.1); it is grade 3.",
    )
