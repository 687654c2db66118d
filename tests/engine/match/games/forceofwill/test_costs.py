"""Costs (204.1, 903.2k-903.2l-1, 1003.3): with the cost in the card data, a card or a judgment is
played only by paying that cost, unless a cost change is declared, which the log shows next to the
printed cost; an ability's payment is shown, "nothing" included."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import CardAt
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import Judgment, PlayAbility, PlayCard, Produce
from engine.match.games.forceofwill.board import chase_entries, pool_of
from engine.match.games.forceofwill.chase import check_payment
from engine.match.games.forceofwill.spec import ATTRIBUTES, Cost, parse_cost
from engine.match.render import render_all
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.forceofwill.helpers import (
    card,
    card_id,
    deck,
    find,
    place,
    play,
    refused,
    started,
    step,
    to_main,
)
from tests.property_costs import SERVICE

GIANT = card("Alice Giant", type="resonator", atk=1500, cost=3, printed_cost="{R}{R}{1}", attribute="fire")
OLD = card("Old Knight", type="resonator", atk=500, cost=2)
"""A card whose card data gives its total cost only (204.1c)."""


def _decks(ruler: CardRef | None = None) -> list[dict[str, list[CardRef]]]:
    alice = deck("Alice")
    alice["deck"][:2] = [GIANT, OLD]
    alice["stone_deck"] = [card("Ember Stone", type="magic stone", attribute="fire")] * 5 + [
        card("Tide Stone", type="magic stone", attribute="water")
    ] * 5
    if ruler is not None:
        alice["ruler_area"] = [ruler]
    return [alice, deck("Bob")]


def _with_will(state: MatchState, *stones: str) -> MatchState:
    """Alice's main phase with the named stones in the field, rested for their will (907, 202.4e)."""
    for name in stones:
        state = place(state, name)
    field = [c for c in state.zone("field") if state.card(c).controller == 0]
    cards = tuple(CardAt(zone="field", index=state.zone("field").index(c)) for c in field)
    return play(state, Produce, 0, cards=cards)


def _ready(ruler: CardRef | None = None) -> MatchState:
    state = to_main(started(decks=_decks(ruler)))
    state = place(state, "Alice Giant", zone="hand")
    state = place(state, "Old Knight", zone="hand")
    return _with_will(state, "Ember Stone", "Ember Stone", "Tide Stone")


def test_a_card_paid_with_nothing_is_refused_903_2l_1() -> None:
    """903.2l-1: a player who cannot pay the cost cannot play the card; 204.1a: the specified cost
    needs one will of the symbol's attribute per symbol; the refusal changes nothing."""
    state = _ready()
    giant = find(state, "Alice Giant")
    assert refused(state, PlayCard, 0, rule="903.2l-1", card=giant) == (
        "Alice Giant costs {R}{R}{1} and you pay nothing, without fire, fire will for its specified cost: "
        "pay its cost or declare the effect changing it (903.2l-1, 204.1a)."
    )
    message = refused(state, PlayCard, 0, rule="204.1a", card=giant, pay=("fire", "water", "any"))
    assert "without fire will for its specified cost" in message


def test_the_free_cost_needs_its_number_of_wills_204_1b() -> None:
    """204.1b: the free cost is paid with as many wills of any kind as its number."""
    state = _ready()
    message = refused(state, PlayCard, 0, rule="204.1", card=find(state, "Alice Giant"), pay=("fire", "fire"))
    assert message.startswith("Alice Giant costs {R}{R}{1} and you pay fire, fire: pay its cost or declare")
    giant = card_id(state, "Alice Giant")
    state, events = step(state, PlayCard, 0, card=find(state, "Alice Giant"), pay=("fire", "fire", "any"))
    assert chase_entries(state.board) == [("card", giant)] and pool_of(state.board)[0] == []
    assert render_all(events, state, 1) == [
        "Alice plays Alice Giant onto the chase, paying fire, fire and 1 will of any kind."
    ]


def test_no_more_than_the_cost_is_paid_1003_3() -> None:
    """1003.3: the cost of the card is the amount of will one pays."""
    state = _ready()
    message = refused(
        state, PlayCard, 0, rule="1003.3", card=find(state, "Old Knight"), pay=("fire", "fire", "water")
    )
    assert message.endswith("you pay its cost, no more (1003.3).")


def test_a_total_cost_alone_checks_the_number_of_wills_204_1c() -> None:
    """204.1c: with only the total cost in the card data, the number of wills is checked."""
    state = _ready()
    message = refused(state, PlayCard, 0, rule="204.1", card=find(state, "Old Knight"), pay=("water",))
    assert message.startswith("Old Knight costs 2 will and you pay water: pay its cost")
    state = play(state, PlayCard, 0, card=find(state, "Old Knight"), pay=("water", "fire"))
    assert pool_of(state.board)[0] == ["fire"]


def test_a_declared_cost_change_is_shown_next_to_the_printed_cost_903_2k() -> None:
    """903.2k-1 to 903.2k-4: an effect may change the cost (an alternate cost, "without paying its
    cost", a reduction); declared, the payment is allowed and both players read it next to the printed
    cost and the effect."""
    state = _ready()
    change = "played without paying its cost by Alice's Call of the Giants"
    state, events = step(state, PlayCard, 0, card=find(state, "Alice Giant"), cost_change=change)
    assert sorted(pool_of(state.board)[0]) == ["fire", "fire", "water"]
    expected = (
        "plays Alice Giant onto the chase, paying nothing instead of its printed cost {R}{R}{1} "
        f"(cost changed: {change})."
    )
    assert render_all(events, state, 1) == [f"Alice {expected}"]
    assert render_all(events, state, None) == [f"Alice {expected}"]
    assert render_all(events, state, 0) == [f"You {expected.replace('plays', 'play', 1)}"]


def test_the_judgment_cost_from_card_data_705_903_2l_1() -> None:
    """705, 903.2l-1: the [Judgment] cost in the ruler's card data is paid like a card's cost."""
    ruler = card(
        "Alice Ruler", type="ruler", attribute="fire", j_atk=1200, j_def=1000, judgment_cost="{R}{1}"
    )
    state = _ready(ruler)
    message = refused(state, Judgment, 0, rule="903.2l-1")
    assert message.startswith(
        "The [Judgment] of Alice Ruler costs {R}{1} and you pay nothing, without fire will"
    )
    state, events = step(state, Judgment, 0, pay=("fire", "water"))
    assert render_all(events, state, 1) == [
        "Alice plays the judgment process of Alice Ruler (705), paying fire, water."
    ]


def test_an_abilitys_payment_is_shown_even_when_nothing_903_2l() -> None:
    """903.2l: an ability's cost is not in the card data; both players read what was paid."""
    state = _ready()
    state, events = step(state, PlayAbility, 0, text="Draw a card")
    assert render_all(events, state, 1) == [
        "Alice puts an ability on the chase (paying nothing): Draw a card"
    ]
    state, events = step(state, PlayAbility, 0, text="Deal 200 damage", pay=("fire",))
    assert render_all(events, state, 1) == [
        "Alice puts an ability on the chase (paying fire): Deal 200 damage"
    ]


_SYMBOL = {"light": "W", "fire": "R", "water": "U", "wind": "G", "darkness": "B", "void": "V"}


def _refused(cost: Cost, pay: tuple[str, ...]) -> bool:
    try:
        check_payment("The card", cost, pay, None)
    except ActionRefused:
        return True
    return False


@settings(SERVICE)
@given(
    specified=st.lists(st.sampled_from(ATTRIBUTES), max_size=4),
    free=st.integers(0, 4),
    extra=st.sampled_from(ATTRIBUTES),
    drop=st.integers(0, 7),
)
def test_a_payment_is_accepted_exactly_when_it_is_the_cost_204_1(
    specified: list[str], free: int, extra: str, drop: int
) -> None:
    """204.1a/204.1b: the specified wills plus the free cost's number of wills pays the cost; a payment
    one will short is refused (903.2l-1), one will more too (1003.3); a declared cost change lets any
    payment through (903.2k)."""
    printed = "".join(f"{{{_SYMBOL[w]}}}" for w in specified) + (f"{{{free}}}" if free else "")
    cost = parse_cost(printed)
    assert cost is not None and Counter(cost.specified) == Counter(specified) and cost.free == free
    exact = (*specified, *(["any"] * free))
    assert not _refused(cost, exact)
    if exact:
        short = exact[: drop % len(exact)] + exact[drop % len(exact) + 1 :]
        assert _refused(cost, short)
    assert _refused(cost, (*exact, extra))
    check_payment("The card", cost, (), "an effect reduces its cost")
