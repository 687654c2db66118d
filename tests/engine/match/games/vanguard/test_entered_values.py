"""Numbers players enter against the card data: card text may change them, so they are kept, but
both players read them next to the printed ones, and a change to an opponent's unit names the card
or effect it comes from (2.11.1)."""

from __future__ import annotations

import pytest

from engine.match.errors import ActionRefused
from engine.match.games.vanguard import VgAttack, VgGuard, VgModify
from engine.match.state import MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import act, at, find, place, second_turn, to_battle


def attacking() -> MatchState:
    """Bob's turn 2, battle phase: Beta Starter (5000) may attack Alpha Starter (5000)."""
    return to_battle(second_turn(first=0), 1)


def guard_step() -> MatchState:
    state = attacking()
    state = place(state, 0, "Alpha Squire", "hand")
    state, _ = act(state, VgAttack(actor=1, version=state.version, attacker="vc", target="vc"))
    return state


def test_the_guarding_player_cannot_lower_the_attacker_without_naming_the_source_2_11_1() -> None:
    state = guard_step()
    minus = VgModify(actor=0, version=state.version, card=at("vc", player=1), power=-100000, until="battle")
    with pytest.raises(ActionRefused, match=r"takes the card or effect that does it \(its text, 2\.11\.1\)"):
        act(state, minus)


def test_a_change_to_the_opponents_unit_is_shown_to_both_with_its_source_and_printed_power() -> None:
    state = guard_step()
    minus = VgModify(
        actor=0,
        version=state.version,
        card=at("vc", player=1),
        power=-3000,
        until="battle",
        source="Alpha Witch's ability",
    )
    for viewer in (0, 1):
        _, lines = act(state, minus, viewer=viewer)
        assert lines[0].endswith(
            "Beta Starter -3000 power until end of battle, by Alpha Witch's ability "
            "(power now 2000, printed 5000)."
        )


def test_an_entered_attack_power_that_differs_from_the_card_data_is_kept_and_shown_7_7_1_2() -> None:
    state = attacking()
    attack = VgAttack(actor=1, version=state.version, attacker="vc", target="vc", power=12000)
    for viewer in (0, 1):
        new, lines = act(state, attack, viewer=viewer)
        assert any(
            "(12000 against 5000). Entered: power 12000 for Beta Starter instead of the printed 5000." in line
            for line in lines
        )
    assert view(new, 0)["game_data"]["battle"]["attacker_power"] == 12000


def test_entering_the_attacked_units_power_needs_its_source_2_11_1() -> None:
    state = attacking()
    attack = VgAttack(actor=1, version=state.version, attacker="vc", target="vc", target_power=0)
    with pytest.raises(ActionRefused, match=r"the attacked unit's power, a unit of your opponent"):
        act(state, attack)
    named = attack.model_copy(update={"source": "Beta Curse"})
    _, lines = act(state, named, viewer=0)
    assert any(
        "Entered: power 0 for Alpha Starter instead of the printed 5000 (by Beta Curse)." in line
        for line in lines
    )


def test_an_entered_shield_that_differs_from_the_card_data_is_shown_next_to_the_printed_one_3_11_3() -> None:
    state = guard_step()
    index = find(state, 0, "hand", "Alpha Squire")
    guard = VgGuard(actor=0, version=state.version, cards=(index,), shields=(15000,))
    new, lines = act(state, guard, viewer=1)
    assert any(
        "(shield 15000; the attacked unit now has 20000 power). "
        "Entered: shield 15000 for Alpha Squire instead of the printed 5000." in line
        for line in lines
    )
    assert view(new, 1)["game_data"]["battle"]["target_power"] == 20000
