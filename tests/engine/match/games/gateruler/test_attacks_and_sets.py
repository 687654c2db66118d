"""Rules the review checked against the CR v1.5.0: combat damage read at the damage step (8-6d, 15-2a),
attacks on an empty column (8-4c, 3-6e-2, 8-6a), setting from the drive zone (7-5a, 15-4a)."""

from __future__ import annotations

import pytest

from engine.match.actions import Flip, PassPriority
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import (
    GrAttack,
    GrCombatDamage,
    GrDrive,
    GrDriveUse,
    GrSet,
    GrSummon,
)
from engine.match.games.gateruler.board import battle, value
from engine.match.games.gateruler.spec import ATTACK, ATTACKS_OVER, BATTLE
from engine.match.state import MatchState
from tests.engine.match.games.gateruler.scenario import (
    act,
    at,
    deck_of,
    do,
    ids,
    lines,
    moved_on,
    pass_both,
    start,
)


def declare(state: MatchState, target_zone: str | None = "ruler") -> MatchState:
    """Alice's ruler attacks Bob's ruler (or, with ``None``, an empty column of his attack zones)."""
    state = moved_on(state, "declare")
    target = None if target_zone is None else at(state, target_zone, 1, ids(state, target_zone, 1)[0])
    return do(state, GrAttack, 0, attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]), target=target)


def test_combat_damage_is_the_attackers_stk_at_the_damage_step() -> None:
    """8-6d-1: the attacker deals its STK in the damage step; an effect that changed it during the attack
    (15-2a) counts: Alice's ruler (STK 1) gets +2 while the gate is open and deals 3."""
    state = declare(start())
    assert battle(state.board)["stk"] is None
    state, events = act(state, GrCombatDamage, 0, amount=3)
    assert lines(events, state, 1) == [
        "Alice sets the STK of A Ruler for this attack to 3 instead of its printed 1 (15-2a); it deals that "
        "in the damage step (8-6d)."
    ]
    deck = ids(state, "deck", 1)
    state, events = pass_both(state)
    assert set(ids(state, "damage", 1)) == set(deck[:3])
    assert "A Ruler deals 3 combat damage (STK) to B Ruler (8-6d)." in lines(events, state, None)
    with pytest.raises(ActionRefused, match=r"^No attack is in progress \(8-4e\)\.$"):
        act(state, GrCombatDamage, 0, amount=1)


def test_an_empty_attack_zone_column_can_be_attacked_and_no_damage_is_dealt() -> None:
    """8-4c: the target may be a column without units; 3-6e-2 each attack zone is its own column; 8-4d the
    attacker is exhausted; 8-4e-1 nothing is being attacked, so 8-6a there is no combat damage."""
    state = declare(start(), None)
    ruler = ids(state, "ruler", 0)[0]
    assert state.board.step == BATTLE and state.board.cards[ruler].orientation == 1
    with pytest.raises(ActionRefused, match=r"^Nothing is being attacked now, so the attack has no STK"):
        act(state, GrCombatDamage, 0, amount=1)
    deck = ids(state, "deck", 1)
    state, events = pass_both(state)
    assert ids(state, "deck", 1) == deck and not ids(state, "damage", 1)
    assert (state.board.phase, state.board.step) == (ATTACK, ATTACKS_OVER)  # 8-2a-2: one attack
    text = "Nothing is in the column being attacked (8-4e-1): no combat damage (8-6a)."
    assert text in lines(events, state)


def test_no_empty_column_to_attack_when_every_attack_zone_holds_a_unit() -> None:
    """8-4c, 3-8a-1: Bob's ruler gives him 2 attack zones; with a unit in each, no column is empty."""
    state = start(first=1)
    for _ in range(2):
        state = do(state, GrSummon, 1, card=at(state, "hand", 1, ids(state, "hand", 1)[0]))
        state = pass_both(state)[0]
    state = moved_on(moved_on(state, "turn"), "declare")
    with pytest.raises(ActionRefused, match=r"^Your opponent has no attack-zone column without a unit"):
        act(state, GrAttack, 0, attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]))


def test_only_a_face_down_drive_card_is_set() -> None:
    """7-5a: a settable card is set from the hand or face down from the drive zone; a revealed one is
    played instead (7-2, 7-6)."""
    state = start([deck_of("A", kind="event"), deck_of("B")])
    state = do(state, GrDrive, 0, count=1)
    driven = ids(state, "drive", 0)[0]
    revealed = do(state, Flip, 0, cards=(at(state, "drive", 0, driven),))
    with pytest.raises(ActionRefused, match=r"^Only a face-down card of your drive zone can be set \(7-5a\)"):
        act(revealed, GrSet, 0, card=at(revealed, "drive", 0, driven))
    state = do(state, GrSet, 0, card=at(state, "drive", 0, driven))
    assert ids(state, "set", 0) == (driven,) and value(state.board, 0, "sets") == 1


def test_a_card_set_by_a_drive_resolution_process_counts_as_a_time_set() -> None:
    """15-4a: setting a card adds 1 to the times set, also through the drive resolution process (10-4d);
    10-3a-1 a settable card is kept hidden."""
    state = declare(start([deck_of("A"), deck_of("B", kind="event")]))
    state = do(state, PassPriority, 0)
    state = do(state, GrDrive, 1, count=1, hidden=(0,))
    driven = ids(state, "drive", 1)[0]
    assert not state.board.cards[driven].face_up
    state = do(state, GrDriveUse, 1, card=at(state, "drive", 1, driven), use="set")
    assert ids(state, "set", 1) == (driven,) and value(state.board, 1, "sets") == 1
