"""Refusals players reach with the rule's own sentence: the redraw order (5.4.3.4) and the first
turn's attack (7.3.1.3)."""

from __future__ import annotations

from engine.match.actions import NextPhase
from engine.match.games.vanguard import VgAttack, VgRedraw
from tests.engine.match.games.harness import ALICE, BOB
from tests.engine.match.games.vanguard.helpers import game


def test_the_second_player_cannot_redraw_before_the_first_player_5_4_3_4() -> None:
    match = game(first=ALICE)
    message = match.refused(BOB, VgRedraw, rule="5.4.3.4", cards=(0,))
    assert message.startswith("Alice redraws first")


def test_the_second_player_redraws_once_the_first_player_has_5_4_3_4() -> None:
    match = game(first=ALICE)
    match.act(ALICE, VgRedraw)
    match.act(BOB, VgRedraw, cards=(0, 1))
    assert any("on the bottom of" in line for line in match.lines(BOB))
    assert match.state.board.data("started")


def test_no_attack_on_the_very_first_turn_of_the_game_7_3_1_3() -> None:
    match = game(first=ALICE)
    match.act(ALICE, VgRedraw)
    match.act(BOB, VgRedraw)
    match.act(ALICE, NextPhase, to="battle")
    message = match.refused(ALICE, VgAttack, rule="7.3.1.3", attacker="vc", target="vc")
    assert message.startswith("No attack is possible on the first turn of the game")
