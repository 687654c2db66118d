"""Gate Ruler's offers (engine/match/games/gateruler/offers.py): on random games every action the engine
accepts is offered and every offer taken with valid choices is accepted; in each decision step the
step's decision comes first ("now": the ruler's numbers, the counter-zone card, the drive process's
cards, the frontmost unit, pass, stop attacking), then summon, play, set, drive, attack ("main"), then
the rest ("more"); player values stay in their ranges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import AdjustValue, Move, PassPriority, SetValue, ZoneRef
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import GrAttack, GrDrive, GrRuler, GrSummon
from engine.match.games.gateruler.board import gate, value
from engine.match.games.gateruler.spec import BATTLE, VALUE_RANGES
from engine.match.offers import Offer, offers
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.gateruler.scenario import (
    at,
    deck_of,
    do,
    event,
    ids,
    moved_on,
    pass_both,
    ruler,
    start,
    unit,
)
from tests.engine.match.games.offer_helpers import ordered, take_all, types
from tests.property_costs import MATCHES, SERVICE

SUPPLY = [CardRef("Resource", "RES", (("type", "resource"),)) for _ in range(10)]


def mixed(owner: str, **ruler_kw: int) -> dict[str, list[CardRef]]:
    """A deck of units and events, alternating (the hand holds both)."""
    cards = [unit(n, owner=owner) if n % 2 else event(n, owner=owner) for n in range(1, 31)]
    return {"ruler": [ruler(f"{owner} Ruler", **ruler_kw)], "deck": cards, "supply": SUPPLY}


def summon_first_unit(state: MatchState, seat: int) -> MatchState:
    """Normal summon the first unit of the seat's hand (it waits in the gate)."""
    hand = ids(state, "hand", seat)
    card = next(c for c in hand if state.match.table[state.board.cards[c].ref].stat("type") == "unit")
    return do(state, GrSummon, seat, card=at(state, "hand", seat, card))


def bystander(listed: list[Offer]) -> bool:
    """Only what a player not holding priority may do: the match's life (notes, reveals, concede...)."""
    return not set(types(listed)) & {"move", "draw", "pass_priority", "gr_summon", "gr_play", "gr_damage"}


# Random games ------------------------------------------------------------------------------------


# The order a phone shows ------------------------------------------------------------------------


def test_at_setup_the_ruler_numbers_the_card_data_lacks_come_first() -> None:
    """5-3b: a ruler without its numbers in the card data waits for its player: the offer asks for the
    missing numbers only (life is in the data), and nothing but the match's life is offered besides."""
    state = start([deck_of("A", full=False), deck_of("B", full=False)])
    listed = offers(state, 0)
    assert listed[0].type == "gr_ruler" and listed[0].group == "now" and ordered(listed)
    fields = [need.field for need in listed[0].needs]
    assert "life" not in fields and {"attack_zones", "summon_cap", "hand"} <= set(fields)
    assert bystander(listed) and "concede" in types(listed)
    take_all(state, 0, 1)
    state = do(state, GrRuler, 0, **{field: 1 for field in fields if field != "level_cap"})
    assert "gr_ruler" not in types(offers(state, 0)) and types(offers(state, 1))[0] == "gr_ruler"


def test_in_the_main_phase_moving_on_comes_first_then_summon_play_set() -> None:
    """7-1a: Alice, in her main phase with an empty gate, is offered first to pass towards the attack phase
    (6-3b, 9-3g), then her summons, plays and sets (7-3, 7-4, 7-5), then the card-text tools (a drive,
    15-19) and the manual actions; Bob, without priority, only the match's life (9-3e)."""
    state = start([mixed("A"), mixed("B")])
    listed = offers(state, 0)
    assert ordered(listed) and listed[0].type == "pass_priority" and listed[0].label == "Attack phase"
    assert {"gr_summon", "gr_play", "gr_set"} <= set(types(listed, "main"))
    assert {"move", "draw", "gr_damage", "gr_drive"} <= set(types(listed, "more"))
    assert not {"next_phase", "next_step", "pass_turn"} & set(types(listed))
    assert "gr_attack" not in types(listed)
    summon = next(offer for offer in listed if offer.type == "gr_summon")
    assert {need.field for need in summon.needs} == {"card", "zone"}
    assert all(option.zone == "hand" for option in summon.needs[0].options)  # type: ignore[union-attr]
    assert bystander(offers(state, 1))
    take_all(state, 0, 2)


def test_only_the_cards_that_can_be_paid_now_are_offered() -> None:
    """14-4b-6a, 15-15a: with 4 ready resources, a level-9 unit is not offered for a summon; the level-1
    units are."""
    cards = [unit(n, level=9 if n % 2 else 1) for n in range(1, 31)]
    state = start([deck_of("A") | {"deck": cards}, deck_of("B")])
    summon = next(offer for offer in offers(state, 0) if offer.type == "gr_summon")
    options = summon.needs[0].options  # type: ignore[union-attr]
    hand = ids(state, "hand", 0)

    def level(card: int) -> object:
        return state.match.table[state.board.cards[card].ref].stat("level")

    assert {level(card) for card in hand} == {1, 9}
    assert {level(hand[option.index]) for option in options} == {1}


def test_with_a_card_in_the_gate_pass_comes_first_and_the_opponent_may_respond() -> None:
    """9-3g: Alice's unit waits in the gate; her first offer is to pass, and standard actions are not
    offered (9-3e-5). Once she passes, Bob's first offer is to pass, then his instant plays (9-3e-4)."""
    state = summon_first_unit(start([mixed("A"), mixed("B")]), 0)
    listed = offers(state, 0)
    assert listed[0].type == "pass_priority" and listed[0].label == "Pass" and ordered(listed)
    assert not {"gr_summon", "gr_set", "next_phase", "pass_turn"} & set(types(listed))
    assert bystander(offers(state, 1))
    state = do(state, PassPriority, 0)
    listed = offers(state, 1)
    assert listed[0].type == "pass_priority" and "gr_play" in types(listed, "main")
    instant = next(offer for offer in listed if offer.type == "gr_play")
    assert dict(instant.fixed) == {"instant": True}
    assert bystander(offers(state, 0))
    take_all(state, 1, 3)


def test_in_the_declaration_step_stopping_comes_first_then_the_attacks() -> None:
    """8-4c, 8-4c-2: Alice's first offer is to stop attacking; the attack offers her ready ruler against
    Bob's ruler (nothing in front of it, 8-4c-1) and an empty attack-zone column (3-6e-2); a direct attack
    (15-34a) is among the rest."""
    state = moved_on(start(), "declare")
    listed = offers(state, 0)
    assert listed[0].type == "gr_end_attacks" and ordered(listed)
    attacks = [offer for offer in listed if offer.type == "gr_attack"]
    assert [offer.label for offer in attacks] == [
        "Attack",
        "Attack an empty zone",
        "Attack the ruler directly",
    ]
    assert [offer.group for offer in attacks] == ["main", "main", "more"]
    targets = attacks[0].needs[1].options  # type: ignore[union-attr]
    assert [(t.zone, t.player) for t in targets] == [("ruler", 1)]
    take_all(state, 0, 4)


def test_during_the_attack_both_players_pass_first() -> None:
    """8-4i, 9-3g: in the attack's gate window the player holding priority is offered to pass first; Bob
    may change the attacker's STK naming the effect (15-2a)."""
    state = moved_on(start(), "declare")
    ruler_at = at(state, "ruler", 0, ids(state, "ruler", 0)[0])
    state = do(state, GrAttack, 0, attacker=ruler_at, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]))
    assert state.board.step == BATTLE
    assert offers(state, 0)[0].type == "pass_priority" and bystander(offers(state, 1))
    state = do(state, PassPriority, 0)
    listed = offers(state, 1)
    assert listed[0].type == "pass_priority"
    change = next(offer for offer in listed if offer.type == "gr_combat_damage")
    assert change.group == "more" and [need.field for need in change.needs] == ["amount", "because"]
    take_all(state, 1, 5)


def test_the_card_in_the_counter_zone_is_its_players_decision() -> None:
    """13-6d: Bob's Counter card waits in his counter zone: his first offers play it (13-6d-1) or find no
    valid target (13-6d-2); its card data says it has a Counter, so "no Counter ability" is not offered;
    Alice only has the match's life."""
    state = moved_on(start([deck_of("A"), deck_of("B", kind="counter")]), "declare")
    ruler_at = at(state, "ruler", 0, ids(state, "ruler", 0)[0])
    state = do(state, GrAttack, 0, attacker=ruler_at, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]))
    state, _ = pass_both(state)
    assert ids(state, "counter", 1)
    listed = offers(state, 1)
    assert [offer.label for offer in listed[:2]] == ["Play its Counter", "No valid target"]
    assert "No Counter ability" not in [offer.label for offer in listed]
    assert bystander(listed) and bystander(offers(state, 0))
    take_all(state, 1, 6)


def test_a_drive_resolution_process_offers_its_cards_first_and_no_pass() -> None:
    """10-4c, 10-4d, 9-3d: Bob drives during Alice's attack; his first offers use the driven card (summon,
    or leave it unused, 10-4e), and he cannot pass while the process is on top."""
    state = moved_on(start(), "declare")
    ruler_at = at(state, "ruler", 0, ids(state, "ruler", 0)[0])
    state = do(state, GrAttack, 0, attacker=ruler_at, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]))
    state = do(do(state, PassPriority, 0), GrDrive, 1, count=1)
    assert gate(state.board)[0]["kind"] == "drive"
    listed = offers(state, 1)
    assert types(listed, "now") == ["gr_drive_use"] * len(types(listed, "now"))
    assert {offer.label for offer in listed if offer.group == "now"} >= {"Summon", "Leave unused"}
    assert "pass_priority" not in types(listed) and "gr_drive" not in types(listed)
    take_all(state, 1, 7)


def test_the_frontmost_unit_is_asked_for_first_when_the_engine_cannot_tell() -> None:
    """8-4e-1: two units come into Bob's defense zones after Alice's ruler attacked his ruler; the player
    holding priority is asked which one is frontmost before anything else."""
    state = moved_on(start([deck_of("A"), deck_of("B", defense_zones=2)]), "declare")
    ruler_at = at(state, "ruler", 0, ids(state, "ruler", 0)[0])
    state = do(state, GrAttack, 0, attacker=ruler_at, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]))
    state = do(state, PassPriority, 0)
    hand = ids(state, "hand", 1)[:2]
    cards = tuple(at(state, "hand", 1, card) for card in hand)
    state = do(state, Move, 1, cards=cards, to=ZoneRef(zone="defense"))
    listed = offers(state, 1)
    assert listed[0].type == "gr_frontmost" and listed[0].label == "Frontmost unit"
    assert len(listed[0].needs[0].options) == 2  # type: ignore[union-attr]
    take_all(state, 1, 8)


def test_the_end_phase_offers_the_end_of_the_turn_first() -> None:
    """6-5b: in the end phase's gate process, Alice's pass ends the turn once Bob passes too (9-3g-1)."""
    state = moved_on(start(), "end")
    first = offers(state, 0)[0]
    assert (first.type, first.label, first.group) == ("pass_priority", "End turn", "now")
    state = moved_on(state, "turn")
    assert offers(state, 1)[0].label == "Attack phase"


# Player values -------------------------------------------------------------------------------------


def test_the_current_ruler_damage_is_dealt_not_set() -> None:
    """13-2b-1: the current ruler damage comes from damage dealt; setting it is refused with one sentence
    (a huge value would have put that many processes into the gate)."""
    state = start()
    for action in (
        SetValue(actor=0, version=state.version, player=1, name="ruler_damage", value=10**9),
        AdjustValue(actor=0, version=state.version, player=1, name="ruler_damage", delta=1),
    ):
        with pytest.raises(ActionRefused, match=r"\(13-2b-1\)"):
            apply(state, action)


def test_a_lower_life_is_read_by_the_defeat_condition() -> None:
    """2-6c, 12-2a-1: an effect lowers Bob's life to 0: with no card in his damage zone he fulfils the
    defeat condition and a defeat process goes into the gate (12-2c)."""
    state = do(start(), SetValue, 0, player=1, name="life", value=0)
    assert [item["kind"] for item in gate(state.board)] == ["defeat"]
    state, _ = pass_both(state)
    assert state.status != "playing" and state.winner == 0


@settings(SERVICE)
@given(
    name=st.sampled_from([*VALUE_RANGES, "ruler_damage"]),
    player=st.integers(0, 1),
    number=st.integers(-(10**9), 10**9),
    adjust=st.booleans(),
)
def test_a_player_value_changes_within_its_range_or_not_at_all(
    name: str, player: int, number: int, adjust: bool
) -> None:
    """15-2: a set or adjusted player value is accepted only within its range (4-3a, 4-3b, 2-6c); otherwise
    it is refused with one sentence and nothing changes."""
    state = start()
    before = state.to_json()
    action = (
        AdjustValue(actor=0, version=state.version, player=player, name=name, delta=number)
        if adjust
        else SetValue(actor=0, version=state.version, player=player, name=name, value=number)
    )
    try:
        after, _ = apply(state, action)
    except ActionRefused as refusal:
        assert str(refusal).count(".") >= 1 and state.to_json() == before
        return
    low, high = VALUE_RANGES[name]
    assert low <= value(after.board, player, name) <= high


@settings(MATCHES)
@given(seed=st.integers(0, 2**32 - 1))
def test_any_choices_for_the_offers_of_a_main_phase_are_accepted(seed: int) -> None:
    """An offer taken with any valid choices is accepted: summon into a zone or over a unit, play, set,
    rearrange, drive, damage, charges, values, moves (the engine still checks every action)."""
    state, _ = pass_both(summon_first_unit(start([mixed("A"), mixed("B")]), 0))
    take_all(state, 0, seed)
