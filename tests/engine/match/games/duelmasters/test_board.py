"""What the board says of each creature (the view's ``creatures`` and ``card_notes``), from the rules'
numbers: power with the changes until the end of the turn (206.1, 511.2), in a battle the power it
battles with (508.1), keywords from card data or an effect (507.1a, 101.2), breakers (509.2),
summoning sickness (301.5), and an evolution's source under it, not a creature of its own (801.2,
200.3a)."""

from __future__ import annotations

from engine.match.games.duelmasters.actions import Block, Change
from engine.match.state import CardRef
from engine.match.view import handle_of, view
from tests.engine.match.games.duelmasters.helpers import (
    act,
    at,
    attack,
    creature,
    deck,
    evolved,
    place,
    start,
    to_attack,
)

DOUBLE = creature("Double Breaker Dragon", 8000, cost=7, breaker=2)
MYSTERY = CardRef("Mystery Beast")


def _notes(state: object, viewer: int | None) -> dict[str, str]:
    return view(state, viewer)["game_data"]["card_notes"]  # type: ignore[arg-type,no-any-return]


def test_power_keywords_and_breakers_follow_the_effects_until_the_end_of_the_turn() -> None:
    """206.1, 511.2, 101.2, 509.2: +2000 power and Blocker given until the end of the turn are on the
    board with the creature's Double Breaker; it has been in the battle zone since the start of the
    turn, so no summoning sickness."""
    state = start((deck(DOUBLE), deck()))
    state, dragon = place(state, "Double Breaker Dragon", "battle_zone", 0)
    state = to_attack(state)
    state, _ = act(state, Change, 0, creature=at(state, dragon), power=2000, keywords=("blocker",))
    for viewer in (0, 1, None):
        assert _notes(state, viewer)[handle_of(state, viewer, dragon)] == (
            "10000 power, Blocker, Double Breaker"
        )


def test_a_battle_shows_the_power_each_creature_battles_with() -> None:
    """206, 508.1: a creature whose card data gives no power reads "?" until its player enters it, then
    the entered power, which is the one the battle uses."""
    state = start((deck(DOUBLE), deck(MYSTERY)))
    state, dragon = place(state, "Double Breaker Dragon", "battle_zone", 0)
    state, mystery = place(state, "Mystery Beast", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    assert _notes(state, None)[handle_of(state, None, mystery)] == "? power"
    state = attack(state, dragon, mystery, power=9000, because="a test effect")
    state, _ = act(state, Block, 1)
    notes = _notes(state, None)
    assert notes[handle_of(state, None, dragon)] == "9000 power, Double Breaker"
    assert notes[handle_of(state, None, mystery)] == "? power"


def test_an_evolution_creature_is_one_creature_with_its_source_under_it() -> None:
    """801.2, 801.3, 200.3a: the evolution creature has no summoning sickness; its source is listed
    under it, and nothing is said of the source as a creature."""
    state, fry, evo = evolved()
    data = view(state, None)["game_data"]
    assert [entry["creature"] for entry in data["creatures"]] == [handle_of(state, None, evo)]
    assert data["creatures"][0]["under"] == [handle_of(state, None, fry)]
    assert data["card_notes"] == {handle_of(state, None, evo): "9000 power"}
