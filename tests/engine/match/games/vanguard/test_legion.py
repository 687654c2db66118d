"""Legion (10.25) and the overloaded vanguard circle (9.3.1-9.3.5), played through the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import Move, Orient, ZoneRef
from engine.match.errors import ActionRefused
from engine.match.games.vanguard import VgAttack, VgChoose, VgLegion
from engine.match.offers import CardsNeed, Offer, PickNeed, offers
from engine.match.state import MatchState
from tests.engine.match.games.vanguard.helpers import act, at, names, place, second_turn, to_battle
from tests.property_costs import MATCHES


def legion_ready() -> MatchState:
    """Bob's turn 2, main phase: Alice's vanguard is a grade 3 (Seek Mate's condition, 11.10.2) and
    Bob's drop zone holds four cards (its cost)."""
    state = second_turn(first=0)
    state = place(state, 0, "Alpha King", "vc")
    state = place(state, 0, "Alpha Starter", "soul", source="vc")
    for _ in range(4):
        state = place(state, 1, "Beta Squire", "drop")
    return state


def seek(state: MatchState, **fields: object) -> tuple[MatchState, list[str]]:
    values: dict[str, object] = {"mate": "Beta Knight", "drop": (0, 1, 2, 3), **fields}
    return act(state, VgLegion(actor=1, version=state.version, **values), viewer=0)


def test_seek_mate_puts_the_named_card_beside_the_vanguard_in_a_legion_state_10_25_1_11_10_2() -> None:
    state = legion_ready()
    deck = len(state.zone("deck", 1))
    state, lines = seek(state)
    assert names(state, 1, "vc") == ["Beta Starter", "Beta Knight"]
    leader, mate = state.zone("vc", 1)
    assert state.board.data("legion")[1] == (leader, mate)
    assert state.card(mate).orientation == state.card(leader).orientation
    assert len(state.zone("deck", 1)) == deck + 4 - 1 and not state.zone("drop", 1)
    assert any("Seek Mate's cost, 11.10.2" in line for line in lines)
    assert any("legion state (10.25.1)" in line for line in lines)
    assert any("shuffles their deck" in line for line in lines)


def test_two_vanguards_in_a_legion_state_stay_on_the_circle_9_3_1() -> None:
    """9.3.1 applies only to units that are not in a legion state: the check timing after the legion
    (and after any action) leaves both."""
    state, _ = seek(legion_ready())
    state, _ = act(state, Orient(actor=1, version=state.version, cards=(at("vc"),), orientation="stand"))
    assert names(state, 1, "vc") == ["Beta Starter", "Beta Knight"]
    assert state.board.data("legion")[1] is not None


def test_seek_mate_needs_the_opponents_vanguard_at_grade_3_11_10_2() -> None:
    state = second_turn(first=0)
    for _ in range(4):
        state = place(state, 1, "Beta Squire", "drop")
    with pytest.raises(ActionRefused, match=r"grade 3 or greater \(11\.10\.2\); it is grade 0"):
        seek(state)


def test_seek_mate_cost_is_four_cards_of_the_drop_zone_11_10_2() -> None:
    state = legion_ready()
    with pytest.raises(
        ActionRefused, match=r"four cards of your drop zone on top of your deck \(11\.10\.2\)"
    ):
        seek(state, drop=(0, 1))


def test_a_vanguard_in_a_legion_state_does_not_legion_again_10_25_1_2() -> None:
    state, _ = seek(legion_ready())
    with pytest.raises(ActionRefused, match=r"cannot legion again \(10\.25\.1\.2\)"):
        seek(state, mate="Beta Squire", drop=(), source="a card's text")


def test_a_legion_attacks_with_both_cards_and_their_summed_power_10_25_5_10_25_6() -> None:
    state, _ = seek(legion_ready())
    state = to_battle(state, 1)
    state, lines = act(state, VgAttack(actor=1, version=state.version, attacker="vc", target="vc"), viewer=0)
    leader, mate = state.zone("vc", 1)
    assert state.card(leader).orientation == state.card(mate).orientation == 1
    # Beta Starter 5000 + Beta Knight 10000 against Alpha King 13000 (10.25.6, 10.25.8).
    assert any("(15000 against 13000)" in line for line in lines)


def test_the_legion_state_ends_when_the_mate_changes_zones_10_25_2() -> None:
    state, _ = seek(legion_ready())
    move = Move(actor=1, version=state.version, cards=(at("vc", 1),), to=ZoneRef(zone="drop"))
    state, lines = act(state, move, viewer=0)
    assert state.board.data("legion") is None
    assert names(state, 1, "vc") == ["Beta Starter"]
    assert any("no longer in a legion state (10.25.2)" in line for line in lines)


def test_resting_the_leader_rests_the_mate_10_25_10() -> None:
    state, _ = seek(legion_ready())
    state, lines = act(state, Orient(actor=1, version=state.version, cards=(at("vc"),), orientation="rest"))
    assert [state.card(c).orientation for c in state.zone("vc", 1)] == [1, 1]
    assert any("with its legion (10.25.10)" in line for line in lines)


def test_a_unit_put_on_a_legion_circle_keeps_the_circle_and_the_legion_goes_to_the_soul_9_3_5() -> None:
    state, _ = seek(legion_ready())
    move = Move(actor=1, version=state.version, cards=(at("hand"),), to=ZoneRef(zone="vc"))
    new = state.zone("hand", 1)[0]
    state, lines = act(state, move, viewer=0)
    assert state.zone("vc", 1) == (new,)
    assert {"Beta Starter", "Beta Knight"} <= set(names(state, 1, "soul"))
    assert state.board.data("legion") is None
    assert any("(9.3.5)" in line for line in lines)


def test_a_second_unit_without_legion_sends_the_older_one_to_the_soul_9_3_1() -> None:
    state = second_turn(first=0)
    new = state.zone("hand", 1)[0]
    state, lines = act(
        state, Move(actor=1, version=state.version, cards=(at("hand"),), to=ZoneRef(zone="vc"))
    )
    assert state.zone("vc", 1) == (new,)
    assert "Beta Starter" in names(state, 1, "soul")
    assert any("(9.3.1)" in line for line in lines)


def test_two_units_placed_together_the_player_chooses_the_one_kept_9_3_3() -> None:
    state = second_turn(first=0)
    hand = state.zone("hand", 1)
    two = (at("hand", 0), at("hand", 1))
    state, _ = act(state, Move(actor=1, version=state.version, cards=two, to=ZoneRef(zone="vc")))
    prompt = dict(state.board.data("prompts")[0])
    assert prompt["kind"] == "vc_keep" and prompt["rule"] == "9.3.3" and state.board.priority == 1
    kept = state.zone("vc", 1)[1]
    state, lines = act(state, VgChoose(actor=1, version=state.version, target=at("vc", 1)))
    assert state.zone("vc", 1) == (kept,)
    assert {hand[0], hand[1]} - {kept} <= set(state.zone("soul", 1))
    assert any("(9.3.3)" in line for line in lines)


@settings(MATCHES)
@given(count=st.integers(min_value=1, max_value=3), legion=st.booleans())
def test_after_the_check_timing_a_vanguard_circle_holds_one_unit_or_its_legion_9_3(
    count: int, legion: bool
) -> None:
    """9.3.1-9.3.5: whatever a move puts on the vanguard circle, once the rule actions have run it
    holds one unit, or the Legion Leader and Mate alone, or waits for the player's choice (9.3.3)."""
    state = legion_ready()
    if legion:
        state, _ = seek(state)
    cards = tuple(at("hand", i) for i in range(count))
    state, _ = act(state, Move(actor=1, version=state.version, cards=cards, to=ZoneRef(zone="vc")))
    prompts = state.board.data("prompts", ())
    if prompts:
        assert dict(prompts[0])["kind"] == "vc_keep" and count > 1
        state, _ = act(state, VgChoose(actor=1, version=state.version, target=at("vc", 0)))
    pair = state.board.data("legion")
    vc = state.zone("vc", 1)
    assert len(vc) == 1 or (pair is not None and tuple(pair[1]) == vc)


def _seek_offer(state: MatchState) -> Offer | None:
    return next((offer for offer in offers(state, 1) if offer.type == "vg_legion"), None)


def test_seek_mate_is_offered_in_the_main_phase_with_the_names_of_the_main_deck_11_10_2() -> None:
    """The offer takes four drop zone cards and a name among those the main deck began with (which of
    them the deck still holds is hidden); taken, it makes the legion."""
    state = legion_ready()
    offer = _seek_offer(state)
    assert offer is not None and offer.group == "more" and offer.rule == "11.10.2"
    drop, mate = offer.needs
    assert isinstance(drop, CardsNeed) and drop.low == drop.high == 4
    assert isinstance(mate, PickNeed) and "Beta Knight" in mate.options
    assert not any(name.startswith("Alpha") for name in mate.options)
    action = offer.build(
        1, state.version, {"drop": tuple(at.index for at in drop.options), "mate": "Beta Knight"}
    )
    state, _ = act(state, action, viewer=0)
    assert names(state, 1, "vc") == ["Beta Starter", "Beta Knight"]
    assert _seek_offer(state) is None


def test_seek_mate_is_not_offered_below_its_conditions_11_10_2() -> None:
    """Not while the opponent's vanguard is below grade 3, nor with fewer than four drop zone cards."""
    low = second_turn(first=0)
    for _ in range(4):
        low = place(low, 1, "Beta Squire", "drop")
    assert _seek_offer(low) is None
    short = second_turn(first=0)
    short = place(short, 0, "Alpha King", "vc")
    short = place(short, 0, "Alpha Starter", "soul", source="vc")
    assert _seek_offer(short) is None


def test_seek_mate_for_a_name_the_deck_no_longer_holds_takes_no_card_11_10_2() -> None:
    """A search of the hidden deck may find nothing: the cost is paid, no card is taken, the deck is
    shuffled, and the vanguard has used its one Seek Mate."""
    state = legion_ready()
    deck = len(state.zone("deck", 1))
    state, lines = seek(state, mate="No Such Card")
    assert names(state, 1, "vc") == ["Beta Starter"]
    assert len(state.zone("deck", 1)) == deck + 4 and not state.zone("drop", 1)
    assert any("no card with Seek Mate (11.10.2)" in line for line in lines)
    assert _seek_offer(state) is None
