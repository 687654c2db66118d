"""Values players enter for card text (the cost paid, 14-4b-6, 15-16a-2; an attacker's STK or ATK, 15-2a,
8-6d) are kept, but both players read the printed value next to the entered one, and a change to the
opponent's card names the card or effect it comes from."""

from __future__ import annotations

import pytest

from engine.match.actions import Flip, PassPriority
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import GrAttack, GrCombatDamage, GrSummon
from engine.match.games.gateruler.board import battle
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.gateruler.scenario import (
    act,
    at,
    deck_of,
    do,
    ids,
    lines,
    moved_on,
    pass_both,
    ruler,
    start,
    unit,
)


def big_deck(owner: str) -> dict[str, list[CardRef]]:
    """A deck of level-9 units (the scenario ruler gives 3 resources at Setup)."""
    supply = [CardRef("Resource", "RES", (("type", "resource"),)) for _ in range(10)]
    cards = [unit(n, level=9, owner=owner) for n in range(1, 31)]
    return {"ruler": [ruler(f"{owner} Ruler")], "deck": cards, "supply": supply}


def test_a_cost_entered_below_the_level_is_kept_and_shown_next_to_the_printed_level() -> None:
    """14-4b-6a: a card's cost is its level; 14-4b-6d, 15-16a-2: an effect can lower it, so the entered 0
    is paid, and both players read the level 9 next to it with the effect named."""
    state = start([big_deck("A"), deck_of("B")])
    card = ids(state, "hand", 0)[0]
    state, events = act(
        state, GrSummon, 0, card=at(state, "hand", 0, card), level=0, because="Discount of A Ruler"
    )
    assert ids(state, "gate") == (card,)
    expected = "into the gate, paying 0 resources instead of its level 9, from Discount of A Ruler (14-4b)."
    assert lines(events, state, 1)[-1].endswith(expected)
    assert lines(events, state, 0)[-1].endswith(expected)


def test_a_cost_that_matches_the_level_shows_no_printed_value() -> None:
    """14-4b-6a: paying the level itself needs no explanation."""
    state = start()
    card = ids(state, "hand", 0)[0]
    state, events = act(state, GrSummon, 0, card=at(state, "hand", 0, card), level=1)
    assert lines(events, state, 1)[-1].endswith("into the gate, paying 1 resource (14-4b).")


def declared(state: MatchState) -> MatchState:
    """Alice's ruler (STK 1) attacks Bob's ruler; Alice passes priority, so Bob holds it (9-3e)."""
    state = moved_on(state, "declare")
    state = do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )
    return do(state, PassPriority, 0)


def test_changing_the_opponents_attacker_needs_the_card_or_effect_it_comes_from() -> None:
    """15-2a: a property changes by an effect; the attacked player setting the attacker's STK to 0 must
    name that effect."""
    state = declared(start())
    with pytest.raises(
        ActionRefused, match=r"^Name the card or effect that changes your opponent's attacker"
    ):
        act(state, GrCombatDamage, 1, amount=0)
    assert battle(state.board)["stk"] is None


def test_the_change_to_the_opponents_attacker_is_shown_with_its_printed_value_and_source() -> None:
    """15-2a, 8-6d-1: the attacker deals the changed STK; both players read the printed STK and the
    effect."""
    state = declared(start())
    state, events = act(state, GrCombatDamage, 1, amount=0, because="B Event 03")
    text = (
        "the STK of A Ruler for this attack to 0 instead of its printed 1, from B Event 03 (15-2a); it deals "
        "that in the damage step (8-6d)."
    )
    assert lines(events, state, 0) == [f"Bob sets {text}"]
    assert lines(events, state, 1) == [f"You set {text}"]
    deck = ids(state, "deck", 1)
    state, _ = pass_both(state)
    assert ids(state, "deck", 1) == deck and not ids(state, "damage", 1)


def test_an_attack_declared_with_an_entered_stk_shows_the_printed_one() -> None:
    """8-6d-1, 15-2a: the attacker's own player enters its changed STK at the declaration."""
    state = moved_on(start(), "declare")
    state, events = act(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
        damage=3,
        because="A Event 02",
    )
    assert lines(events, state, 1)[-1] == (
        "Alice attacks your ruler with A Ruler with STK 3 instead of its printed 1, from A Event 02 (8-4)."
    )


def test_a_face_down_attackers_printed_value_stays_hidden() -> None:
    """3-8b: a face-down unit is seen by its controller only, so the line of an entered ATK does not show
    the opponent its printed value (its name only to whoever already knows the card)."""
    state = start()
    card = ids(state, "hand", 0)[0]
    state = pass_both(do(state, GrSummon, 0, card=at(state, "hand", 0, card)))[0]
    state = moved_on(moved_on(moved_on(state, "turn"), "turn"), "declare")
    state = do(state, Flip, 0, cards=(at(state, "attack", 0, card),), face="down")
    state, events = act(state, GrAttack, 0, attacker=at(state, "attack", 0, card), damage=5)
    seen = lines(events, state, 1)[-1]
    assert seen.startswith("Alice attacks an empty column of your attack zones with ")
    assert "with ATK 5; nothing is being attacked" in seen and "printed" not in seen
