"""Whether a step waits for a player never depends on cards the opponent cannot see (docs/architecture.md,
Invariants: hidden information by construction). Twins: two matches that differ only in which of a
player's hidden cards are in their hand; the opponent and a spectator read the same view and the same
lines at every decision point: the G assist step (6.4.1.2), the ride step (6.5.1.1), the stride step
(6.5.1.2), the start step (7.3.1.2.2) and the guard step (7.5.1.2, 7.5.1.2.1.1)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import BaseAction, NextPhase, NextStep, PassTurn
from engine.match.games.vanguard import VgAttack, VgPass, VgRide
from engine.match.state import Card, MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import (
    act,
    at,
    begin,
    do,
    find,
    names,
    place,
    second_turn,
    step,
)
from tests.property_costs import MATCHES


def _swap(state: MatchState, one: int, two: int) -> MatchState:
    """The same match with the identities of two cards exchanged (places, faces and knowledge kept)."""
    cards = list(state.board.cards)
    a, b = cards[one], cards[two]
    cards[one] = Card(b.ref, a.owner, a.controller, a.face_up, a.orientation, a.counters, a.known)
    cards[two] = Card(a.ref, b.owner, b.controller, b.face_up, b.orientation, b.counters, b.known)
    return state.evolve(board=state.board.evolve(cards=tuple(cards)))


def _twins(state: MatchState, player: int, grade_name: str, other_name: str) -> tuple[MatchState, MatchState]:
    """``state`` with a ``grade_name`` card in ``player``'s hand and none elsewhere in it, and its twin
    where that card is exchanged with an ``other_name`` card at the bottom of their deck: neither is
    known to the opponent."""
    while names(state, player, "hand").count(grade_name) > 1:
        state = place(state, player, grade_name, "deck", source="hand", position="bottom")
    if grade_name not in names(state, player, "hand"):
        state = place(state, player, grade_name, "hand")
    state = place(state, player, other_name, "deck", source="deck", position="bottom")
    hand_card = state.zone("hand", player)[find(state, player, "hand", grade_name)]
    deck_card = state.zone("deck", player)[-1]
    assert state.ref(deck_card).name == other_name
    assert not state.knows(1 - player, hand_card) and not state.knows(1 - player, deck_card)
    return state, _swap(state, hand_card, deck_card)


def _alike(twins: tuple[MatchState, MatchState], viewer: int) -> None:
    for who in (viewer, None):
        assert view(twins[0], who) == view(twins[1], who)


def _both(
    twins: tuple[MatchState, MatchState], make: Callable[[MatchState], BaseAction], viewer: int
) -> tuple[MatchState, MatchState]:
    """The same action in both twins; the opponent and a spectator read the same lines and views."""
    first, lines_first = act(twins[0], make(twins[0]), viewer=viewer)
    second, lines_second = act(twins[1], make(twins[1]), viewer=viewer)
    assert lines_first == lines_second
    _, spectator_first = act(twins[0], make(twins[0]), viewer=None)
    _, spectator_second = act(twins[1], make(twins[1]), viewer=None)
    assert spectator_first == spectator_second
    _alike((first, second), viewer)
    return first, second


def test_a_hand_with_or_without_the_next_grade_looks_the_same_at_the_g_assist_and_ride_steps() -> None:
    """Bob's turn 2 begins with or without a grade 1 card in his hand: Alice sees the same step (the
    ride step, 6.5.1.1, after a G assist step that passed on its own, 6.4.1.2) and the same window
    for the G assist, and his "next step" reads the same."""
    state = do(begin(first=0), NextPhase, 0, to="main")
    state = place(state, 1, "Beta Knight", "deck")  # the card Bob draws: not grade 1
    twins = _twins(state, 1, "Beta Squire", "Beta King")
    twins = _both(twins, lambda s: PassTurn(actor=0, version=s.version), viewer=0)
    assert [step(s) for s in twins] == ["ride", "ride"]
    assert all(s.board.priority == 1 for s in twins)
    assert all(view(s, 0)["game_data"]["g_assist_open"] for s in twins)
    twins = _both(twins, lambda s: NextStep(actor=1, version=s.version), viewer=0)
    assert [step(s) for s in twins] == ["main", "main"]


def test_a_hand_with_nothing_to_ride_still_gets_the_ride_step_6_5_1_1() -> None:
    """Bob's hand with or without any card he could ride onto his grade 0 vanguard (8.5.2.1.1.1):
    the ride step waits in both, and only his ride, which Alice sees, tells them apart."""
    state = do(begin(first=0), NextPhase, 0, to="main")
    for name in ("Beta Squire", "Beta Critical", "Beta Draw", "Beta Heal", "Beta Stand", "Beta Front"):
        while name in names(state, 1, "hand"):
            state = place(state, 1, name, "deck", source="hand", position="bottom")
    state = place(state, 1, "Beta King", "deck")  # the card Bob draws: nothing to ride
    twins = _twins(state, 1, "Beta Critical", "Beta Knight")
    twins = _both(twins, lambda s: PassTurn(actor=0, version=s.version), viewer=0)
    assert [step(s) for s in twins] == ["ride", "ride"]
    critical = at("hand", find(twins[0], 1, "hand", "Beta Critical"))
    ridden, _ = act(twins[0], VgRide(actor=1, version=twins[0].version, card=critical))
    assert names(ridden, 1, "vc") == ["Beta Critical"] and step(ridden) == "main"
    twins = _both(twins, lambda s: NextStep(actor=1, version=s.version), viewer=0)
    assert [step(s) for s in twins] == ["main", "main"]


def test_the_guard_step_and_the_next_ride_step_look_the_same_for_any_hand_7_5_1_2() -> None:
    """Alice's hand with or without a grade 1 card: Bob's attack opens the guard step for her in both
    (7.5.1.2), her "no guard" (7.5.1.2.1) reads the same, and her next turn stops at the ride step in
    both (6.5.1.1), where Bob reads the same view."""
    state = second_turn()
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state = place(state, 0, "Alpha Knight", "deck")  # the card Alice draws in her turn 3: not grade 1
    state = place(state, 0, "Alpha King", "deck")  # Alice's damage check: no trigger
    twins = _twins(state, 0, "Alpha Squire", "Alpha Knight")
    twins = _both(twins, lambda s: NextPhase(actor=1, version=s.version, to="battle"), viewer=1)
    twins = _both(twins, lambda s: VgAttack(actor=1, version=s.version, attacker="vc", target="vc"), viewer=1)
    assert [step(s) for s in twins] == ["guard", "guard"]
    assert all(s.board.priority == 0 for s in twins)
    _, lines = act(twins[0], VgPass(actor=0, version=twins[0].version), viewer=1)
    assert lines[0] == "Alice guards no more."
    twins = _both(twins, lambda s: VgPass(actor=0, version=s.version), viewer=1)
    # No standing unit left to attack with: public, so the start step passes by itself (7.3.1.3).
    assert [step(s) for s in twins] == ["end", "end"]
    twins = _both(twins, lambda s: PassTurn(actor=1, version=s.version), viewer=1)
    assert [step(s) for s in twins] == ["ride", "ride"]
    assert all(s.board.priority == 0 for s in twins)


_TURN_ONE_MAIN = do(begin(first=0), NextPhase, 0, to="main")


@settings(MATCHES)
@given(swaps=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 43)), min_size=1, max_size=5))
def test_any_hand_bob_may_hold_gives_alice_the_same_start_of_his_turn(swaps: list[tuple[int, int]]) -> None:
    """Whatever Bob's hidden hand and deck hold (cards of his hand exchanged with cards of his deck),
    Alice and a spectator read the same lines and view when his turn begins (6.3-6.5.1.1), and after
    his "next step" from the ride step."""
    base = _TURN_ONE_MAIN
    other = base
    for hand_index, deck_index in swaps:
        other = _swap(other, other.zone("hand", 1)[hand_index], other.zone("deck", 1)[deck_index])
    twins = _both((base, other), lambda s: PassTurn(actor=0, version=s.version), viewer=0)
    assert [step(s) for s in twins] == ["ride", "ride"]
    _both(twins, lambda s: NextStep(actor=1, version=s.version), viewer=0)
