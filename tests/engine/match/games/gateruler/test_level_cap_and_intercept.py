"""Structure a judge expects automated: the in-play level cap rules effect (12-6) and the Intercept step
(8-5, 16-7)."""

from __future__ import annotations

import pytest

from engine.match.actions import NextPhase, PassPriority
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import GrAttack, GrLevelCap, GrSummon
from engine.match.games.gateruler.board import gate
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.gateruler.scenario import (
    act,
    at,
    do,
    ids,
    lines,
    moved_on,
    pass_both,
    ruler,
    start,
)

SUPPLY = [CardRef("Resource", "RES", (("type", "resource"),)) for _ in range(10)]


def units(owner: str, level: int = 2, atk: int = 2, hp: int = 2, **extra: int) -> list[CardRef]:
    stats = {"type": "unit", "level": level, "atk": atk, "hp": hp, "stk": 1, "cnt": 0, **extra}
    return [
        CardRef(f"{owner} Unit {n:02d}", f"{owner}-U{n:02d}", tuple(sorted(stats.items())))
        for n in range(1, 31)
    ]


def deck(owner: str, cards: list[CardRef], **ruler_kw: int) -> dict[str, list[CardRef]]:
    return {"ruler": [ruler(f"{owner} Ruler", **ruler_kw)], "deck": cards, "supply": SUPPLY}


def summon(state: MatchState, seat: int, zone: str = "attack") -> tuple[MatchState, list[str]]:
    """A normal summon from the hand that resolves (both pass, 9-3g-1); the lines Bob reads."""
    card = ids(state, "hand", seat)[0]
    state = do(state, GrSummon, seat, card=at(state, "hand", seat, card), zone=zone)
    state, events = pass_both(state)
    return state, lines(events, state, 1)


def test_a_unit_entering_over_the_level_cap_puts_the_older_unit_into_the_graveyard() -> None:
    """12-6b: Alice's ruler has an in-play level cap of 3; her second level-2 unit enters play (total 4),
    and the only allied unit of level 1 or more other than it goes to the graveyard."""
    state = start([deck("A", units("A"), level_cap=3), deck("B", units("B"))])
    state, _ = summon(state, 0)
    first = ids(state, "attack", 0)[0]
    state, seen = summon(state, 0, "defense")
    assert ids(state, "attack", 0) == () and first in ids(state, "graveyard", 0)
    assert len(ids(state, "defense", 0)) == 1
    assert any(
        "goes to the graveyard: the allied units' total level exceeded the in-play level cap (12-6)" in line
        for line in seen
    )


def test_with_several_units_to_choose_the_player_chooses_and_nothing_else_happens_first() -> None:
    """12-6b: with total level 6 against a cap of 5, Alice chooses one of her two older level-2 units; the
    game waits for her choice (a pass or an attack is refused), and the newest unit cannot be chosen."""
    state = start([deck("A", units("A"), level_cap=5), deck("B", units("B"))])
    state, _ = summon(state, 0)
    state, _ = summon(state, 0)
    state = moved_on(moved_on(state, "turn"), "turn")
    state, seen = summon(state, 0, "defense")
    newest = ids(state, "defense", 0)[0]
    assert state.board.data("level_wait") == 0 and state.board.priority == 0
    assert any("chooses one of 2 allied units to put into the graveyard" in line for line in seen)
    with pytest.raises(ActionRefused, match=r"must first choose a unit .* in-play level cap \(12-6\)\.$"):
        act(state, NextPhase, 0)
    with pytest.raises(ActionRefused, match=r"not the one that just entered play \(12-6b, 12-6c\)\.$"):
        act(state, GrLevelCap, 0, card=at(state, "defense", 0, newest))
    chosen = ids(state, "attack", 0)[1]
    state = do(state, GrLevelCap, 0, card=at(state, "attack", 0, chosen))
    assert chosen in ids(state, "graveyard", 0) and state.board.data("level_wait") is None
    assert len(ids(state, "attack", 0)) == 1 and ids(state, "defense", 0) == (newest,)
    do(state, PassPriority, 0)


def test_no_level_cap_means_no_limit() -> None:
    """12-6a: only some rulers have an in-play level cap; without one, units of any total level stay."""
    state = start([deck("A", units("A", level=2)), deck("B", units("B"))])
    state, _ = summon(state, 0)
    state, _ = summon(state, 0)
    assert len(ids(state, "attack", 0)) == 2


def intercept_board(hp: int) -> MatchState:
    """Alice's unit (ATK 2, HP ``hp``) in her attack zone, Bob's unit with Intercept (ATK 2) in his defense
    zone; turn 3, Alice's attack phase."""
    state = start([deck("A", units("A", hp=hp)), deck("B", units("B", intercept=1))])
    state, _ = summon(state, 0)
    state = moved_on(state, "turn")
    state, _ = summon(state, 1, "defense")
    return moved_on(moved_on(state, "turn"), "declare")


def attack_defender(state: MatchState) -> MatchState:
    attacker = ids(state, "attack", 0)[0]
    target = ids(state, "defense", 1)[0]
    return do(
        state, GrAttack, 0, attacker=at(state, "attack", 0, attacker), target=at(state, "defense", 1, target)
    )


def test_intercept_damages_the_attacking_unit_before_the_damage_step() -> None:
    """8-5a, 8-5b: the unit being attacked has Intercept, so its ability goes into the gate (8-5c); 16-7b,
    16-7c: it deals its ATK to the attacking unit as combat damage, which destroys it (15-12b), so the
    damage step deals nothing (8-6a)."""
    state = attack_defender(intercept_board(hp=2))
    attacker, defender = ids(state, "attack", 0)[0], ids(state, "defense", 1)[0]
    state, events = pass_both(state)
    assert [item["kind"] for item in gate(state.board)] == ["intercept"]
    assert any("has Intercept: the Intercept step begins" in line for line in lines(events, state, 0))
    state, events = pass_both(state)
    assert attacker in ids(state, "graveyard", 0)
    seen = lines(events, state, 0)
    assert any(
        "deals 2 combat damage (ATK)" in line and "with Intercept (16-7b, 16-7c)." in line for line in seen
    )
    state, events = pass_both(state)
    assert ids(state, "defense", 1) == (defender,) and state.board.cards[defender].counter("damage") == 0
    assert any("no combat damage (8-6a)" in line for line in lines(events, state, 0))


def test_a_surviving_attacker_still_deals_its_combat_damage() -> None:
    """16-7b then 8-6d-2: Alice's unit with HP 3 survives Intercept's 2 damage and deals its ATK 2 to
    the defender (HP 2), destroying it (15-12b)."""
    state = attack_defender(intercept_board(hp=3))
    attacker, defender = ids(state, "attack", 0)[0], ids(state, "defense", 1)[0]
    state, _ = pass_both(state)
    state, _ = pass_both(state)
    assert state.board.cards[attacker].counter("damage") == 2
    state, _ = pass_both(state)
    assert defender in ids(state, "graveyard", 1)


def test_a_ruler_attacking_skips_the_intercept_step() -> None:
    """8-5a-1: if the attacking card is a ruler, skip the Intercept step and go to the damage step."""
    state = intercept_board(hp=2)
    target = ids(state, "defense", 1)[0]
    ruler_id = ids(state, "ruler", 0)[0]
    state = do(
        state, GrAttack, 0, attacker=at(state, "ruler", 0, ruler_id), target=at(state, "defense", 1, target)
    )
    state, events = pass_both(state)
    assert not gate(state.board)
    assert target in ids(state, "graveyard", 1)
    assert not any("Intercept" in line for line in lines(events, state, 0))
