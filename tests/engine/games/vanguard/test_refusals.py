"""Refusals players reach with the rule's own sentence: the redraw order (5.4.3.4) and the first
turn's attack (7.3.1.3)."""

from __future__ import annotations

import pytest

from engine.match.errors import ActionRefused
from engine.match.games.vanguard import VgAttack, VgRedraw
from tests.engine.games.vanguard.helpers import act, begin, start, to_battle


def test_the_second_player_cannot_redraw_before_the_first_player_5_4_3_4() -> None:
    state = start(first=0)
    with pytest.raises(
        ActionRefused, match=r"Alice redraws first \(5\.4\.3\.4: from the player going first\)"
    ):
        act(state, VgRedraw(actor=1, version=state.version, cards=(0,)))


def test_the_second_player_redraws_once_the_first_player_has_5_4_3_4() -> None:
    state = start(first=0)
    state, _ = act(state, VgRedraw(actor=0, version=state.version))
    state, lines = act(state, VgRedraw(actor=1, version=state.version, cards=(0, 1)), viewer=1)
    assert any("on the bottom of" in line for line in lines)
    assert state.board.data("started")


def test_no_attack_on_the_very_first_turn_of_the_game_7_3_1_3() -> None:
    state = to_battle(begin(first=0), 0)
    with pytest.raises(
        ActionRefused, match=r"No attack is possible on the first turn of the game \(7\.3\.1\.3\)"
    ):
        act(state, VgAttack(actor=0, version=state.version, attacker="vc", target="vc"))
