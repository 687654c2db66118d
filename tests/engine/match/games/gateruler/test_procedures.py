"""The gate (Section 9), normal summons (7-3, 15-17), attacks (Section 8), ruler damage through the
counter zone (13-5, 13-6), the drive process (Section 10), damage reversal (15-30)."""

from __future__ import annotations

import pytest

from engine.match.actions import NextPhase, PassPriority
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import (
    GrAttack,
    GrCounter,
    GrDrive,
    GrDriveUse,
    GrReversal,
    GrSet,
    GrSummon,
)
from engine.match.games.gateruler.board import gate, value
from engine.match.games.gateruler.spec import ATTACK, ATTACKS_OVER, BATTLE, END
from engine.match.state import MatchState
from engine.match.view import view
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
    unit,
)


def summon(state: MatchState, seat: int, zone: str = "attack") -> MatchState:
    """Normal summon the first card of the hand and let the gate resolve it."""
    state = do(state, GrSummon, seat, card=at(state, "hand", seat, ids(state, "hand", seat)[0]), zone=zone)
    return pass_both(state)[0]


def to_attack(state: MatchState) -> MatchState:
    """Both players pass twice (the main phase's and the attack start step's gate processes): the active
    player declares (8-4c)."""
    return moved_on(state, "declare")


def test_a_summoned_unit_pays_its_level_goes_through_the_gate_and_enters_ready() -> None:
    """7-3, 15-17a-2: one summon counted; 14-4b-6a: level 1 paid by exhausting a resource; 14-4b-9 the
    card waits in the gate until both players pass (9-3g-1); 14-4c then 3-3a-1 it enters ready."""
    state = start()
    card = ids(state, "hand", 0)[0]
    state, events = act(state, GrSummon, 0, card=at(state, "hand", 0, card))
    assert ids(state, "gate") == (card,) and gate(state.board)[0]["kind"] == "card"
    assert value(state.board, 0, "summons") == 1
    assert sum(state.board.cards[c].orientation for c in ids(state, "resource", 0)) == 1
    assert (
        "A Unit" in lines(events, state, 1)[-1]
        and "into the gate, paying 1 resource" in lines(events, state, 1)[-1]
    )
    state, _ = act(state, PassPriority, 0)
    assert ids(state, "gate") == (card,)
    state, events = act(state, PassPriority, 1)
    assert ids(state, "attack", 0) == (card,) and state.board.cards[card].orientation == 0
    assert state.board.priority == 0 and not gate(state.board)
    assert any("resolves and enters" in line for line in lines(events, state, None))


def test_a_unit_summoned_into_defense_enters_exhausted() -> None:
    """3-9c."""
    state = summon(start(), 0, "defense")
    assert state.board.cards[ids(state, "defense", 0)[0]].orientation == 1


def test_summon_refusals_name_the_rule() -> None:
    """15-17a-3 summon cap, 14-4b-6a cost, 7-1a main phase only, 9-3e-5 empty gate, 12-4a full zones."""
    state = summon(summon(start(), 0), 0)
    with pytest.raises(ActionRefused, match=r"^You have used your summon cap of 2 this turn \(15-17a-3\)\.$"):
        act(state, GrSummon, 0, card=at(state, "hand", 0, ids(state, "hand", 0)[0]))
    expensive = start([deck_of("A") | {"deck": [unit(n, level=9) for n in range(30)]}, deck_of("B")])
    card = ids(expensive, "hand", 0)[0]
    with pytest.raises(
        ActionRefused, match=r"costs 9 resources and you have 4 ready \(14-4b-6a, 15-15a\)\.$"
    ):
        act(expensive, GrSummon, 0, card=at(expensive, "hand", 0, card))
    fresh = start()
    waiting = do(fresh, GrSummon, 0, card=at(fresh, "hand", 0, ids(fresh, "hand", 0)[0]))
    with pytest.raises(ActionRefused, match=r"only while the gate is empty \(9-3e-5\)"):
        act(waiting, GrSummon, 0, card=at(waiting, "hand", 0, ids(waiting, "hand", 0)[0]))
    with pytest.raises(ActionRefused, match=r"both players pass priority in a row .* \(9-3g-1, 9-4b\)"):
        act(waiting, NextPhase, 0)
    attacking = to_attack(fresh)
    with pytest.raises(
        ActionRefused, match=r"^You can normal summon a unit only in your own main phase \(7-1a\)\.$"
    ):
        act(attacking, GrSummon, 0, card=at(attacking, "hand", 0, ids(attacking, "hand", 0)[0]))
    full = moved_on(moved_on(summon(fresh, 0, "defense"), "turn"), "turn")
    with pytest.raises(ActionRefused, match=r"^All your defense zones hold a unit"):
        act(full, GrSummon, 0, card=at(full, "hand", 0, ids(full, "hand", 0)[0]), zone="defense")


def test_attack_on_the_ruler_flips_deck_cards_through_the_counter_zone_into_the_damage_zone() -> None:
    """8-4d exhaust, 8-4i gate window, 8-6d-1 STK to the ruler, 13-2b-1 current ruler damage, 13-5b one
    process per point, 13-6b deck top face up to the counter zone, 13-6c then to the damage zone."""
    state = to_attack(start())
    ruler = ids(state, "ruler", 0)[0]
    target = ids(state, "ruler", 1)[0]
    deck = ids(state, "deck", 1)
    state, events = act(
        state, GrAttack, 0, attacker=at(state, "ruler", 0, ruler), target=at(state, "ruler", 1, target)
    )
    assert state.board.step == BATTLE and state.board.cards[ruler].orientation == 1
    assert lines(events, state, 1)[-1] == "Alice attacks your ruler with A Ruler (8-4)."
    state, events = pass_both(state)
    assert ids(state, "damage", 1) == (deck[0],) and ids(state, "deck", 1) == deck[1:]
    assert state.board.cards[deck[0]].face_up and not ids(state, "counter", 1)
    assert state.board.step == ATTACKS_OVER and state.board.phase == ATTACK  # 8-2a-2: one attack only
    text = lines(events, state, None)
    assert "A Ruler deals 1 combat damage (STK) to B Ruler (8-6d)." in text
    assert "1 ruler damage application process goes into the gate for Bob's ruler (13-5b)." in text
    with pytest.raises(
        ActionRefused, match=r"^The first player attacks only once on their first turn \(8-2a-2\)\.$"
    ):
        act(state, GrAttack, 0, attacker=at(state, "ruler", 0, ruler), target=at(state, "ruler", 1, target))
    state = pass_both(state)[0]
    assert state.board.phase == END


def test_a_defense_unit_shields_the_ruler_and_is_destroyed_at_its_hp() -> None:
    """8-4c-1 and 3-6e-3a: the defense zone is in front of the ruler; 8-6d-2 ATK to a unit; 15-12b a unit
    whose damage reaches its HP goes to the graveyard."""
    state = start(first=1)
    state = summon(state, 1, "defense")
    guard = ids(state, "defense", 1)[0]
    state = to_attack(moved_on(state, "turn"))
    ruler = ids(state, "ruler", 0)[0]
    with pytest.raises(ActionRefused, match=r"^The ruler is behind a unit in the defense zone"):
        act(
            state,
            GrAttack,
            0,
            attacker=at(state, "ruler", 0, ruler),
            target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
        )
    state = do(
        state, GrAttack, 0, attacker=at(state, "ruler", 0, ruler), target=at(state, "defense", 1, guard)
    )
    state, events = pass_both(state)
    assert guard in ids(state, "graveyard", 1) and not ids(state, "defense", 1)
    assert any(
        line.endswith("is destroyed: its damage reached its HP (15-12b).") for line in lines(events, state, 0)
    )
    # 8-2a: the exhausted ruler was Alice's only card able to attack, so no further attack sub phase.
    assert state.board.step == ATTACKS_OVER
    assert lines(events, state, 0)[-1] == (
        "No more attacks: nothing you control can attack (8-2a); the attack phase ends once both players "
        "pass priority (8-4c-2)."
    )


def test_a_counter_card_must_be_played_then_goes_to_the_graveyard() -> None:
    """13-6d-1 the Counter ability is played (mandatory), the process waits for its player; 13-6d-3 the
    card then goes to the graveyard, not the damage zone."""
    state = to_attack(start([deck_of("A"), deck_of("B", kind="counter")]))
    top = ids(state, "deck", 1)[0]
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    state, events = pass_both(state)
    assert ids(state, "counter", 1) == (top,) and state.board.priority == 1
    assert any(
        line.endswith("is in Bob's counter zone: its Counter ability must be played (13-6d-1).")
        for line in lines(events, state, 0)
    )
    with pytest.raises(
        ActionRefused, match=r"^Bob must first resolve the card in their counter zone \(13-6\)\.$"
    ):
        act(state, PassPriority, 1)
    with pytest.raises(ActionRefused, match=r"has Counter ability according to its card data \(16-4\)\.$"):
        act(state, GrCounter, 1, cnt=False)
    state = do(state, GrCounter, 1, cnt=True, play=True)
    assert gate(state.board)[0]["kind"] == "ability"
    state, _ = pass_both(state)
    assert top in ids(state, "graveyard", 1) and not ids(state, "damage", 1) and not gate(state.board)


def test_a_card_without_data_in_the_counter_zone_is_declared_by_its_player() -> None:
    """13-6c: without a Counter ability the card goes to the damage zone; the player says so when no
    card data tells."""
    state = to_attack(start([deck_of("A"), deck_of("B", kind="bare")]))
    top = ids(state, "deck", 1)[0]
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    state, events = pass_both(state)
    assert any("Bob says whether it has a Counter ability" in line for line in lines(events, state, 0))
    state = do(state, GrCounter, 1, cnt=False)
    assert ids(state, "damage", 1) == (top,)


def test_driving_in_your_main_phase_is_face_down_and_the_drive_zone_empties_after_it() -> None:
    """10-2a face down into the drive zone, seen by its owner only (3-12c); 6-3c emptied at the end of the
    main phase."""
    state = start()
    top = ids(state, "deck", 0)[:2]
    state, events = act(state, GrDrive, 0, count=2)
    assert ids(state, "drive", 0) == top and not gate(state.board)
    assert "A Unit" not in lines(events, state, 1)[0] and "A Unit" in lines(events, state, 0)[0]
    zones = {(z["zone"], z["player"]): z for z in view(state, 1)["zones"]}
    assert all("name" not in card for card in zones[("drive", 0)]["cards"])
    state = pass_both(state)[0]
    assert not ids(state, "drive", 0) and set(top) <= set(ids(state, "graveyard", 0))


def test_a_drive_outside_the_main_phase_is_revealed_and_resolved_card_by_card() -> None:
    """10-3a-1 revealed, 10-3c a drive resolution process its driver controls, 9-3d nobody responds,
    10-4d-2 a unit summoned from it counts as a normal summon, 10-4b the process ends with no card left."""
    state = to_attack(start())
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    state = do(state, PassPriority, 0)
    top = ids(state, "deck", 1)[0]
    state, events = act(state, GrDrive, 1, count=1)
    assert gate(state.board)[0]["kind"] == "drive" and state.board.cards[top].face_up
    assert "B Unit" in " ".join(lines(events, state, 0))
    with pytest.raises(ActionRefused, match=r"^Nobody can respond to a drive process \(9-3d\)"):
        act(state, PassPriority, 1)
    state = do(state, GrDriveUse, 1, card=at(state, "drive", 1, top), use="summon", zone="defense")
    assert value(state.board, 1, "summons") == 1
    state, _ = pass_both(state)
    assert ids(state, "defense", 1) == (top,)
    assert not gate(state.board) and state.board.step == BATTLE


def test_setting_a_card_uses_the_set_cap() -> None:
    """7-5: face down in a set zone, seen by its owner only (3-10b); 7-5d the set cap."""
    state = start([deck_of("A", kind="event"), deck_of("B")])
    hand = ids(state, "hand", 0)
    state = do(state, GrSet, 0, card=at(state, "hand", 0, hand[0]))
    assert ids(state, "set", 0) == (hand[0],) and not state.board.cards[hand[0]].face_up
    assert not state.knows(1, hand[0])
    with pytest.raises(ActionRefused, match=r"^You have used your set cap of 1 this turn \(7-5d\)\.$"):
        act(state, GrSet, 0, card=at(state, "hand", 0, hand[1]))


def test_damage_reversal_turns_damage_face_down_for_the_owner_only() -> None:
    """15-30: DR N flips face-up damage cards face down, all or nothing (15-30c); 3-13c a face-down
    damage card is seen by its owner only."""
    state = to_attack(start())
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    state = pass_both(state)[0]
    damaged = ids(state, "damage", 1)[0]
    state = moved_on(state, "turn")
    state = do(state, GrReversal, 1, cards=(at(state, "damage", 1, damaged),))
    assert not state.board.cards[damaged].face_up
    zones = {(z["zone"], z["player"]): z for z in view(state, 0)["zones"]}
    assert zones[("damage", 1)]["cards"][0]["face"] == "down"
    with pytest.raises(ActionRefused, match=r"^DR 1 needs 1 face-up cards of your damage zone"):
        act(state, GrReversal, 1, cards=(at(state, "damage", 1, damaged),))
