"""Duel Masters decklists: sections and the deck construction rules with their exact numbers (100.2-100.4,
407.1, 408.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards.model import CardRecord
from engine.decks import DeckError, check_deck, deck_format, parse_decklist

MAIN = "\n".join(f"4 Card {n}" for n in range(10))


def record(name: str, types: list[str], text: str = "") -> CardRecord:
    return CardRecord(game="duelmasters", code=name[:20], name=name, types=types, text=text)


def test_sections_parse_into_their_zones() -> None:
    text = f"{MAIN}\n\nHyperspatial zone:\n2 Psychic One\n\nSuper Gacharange Zone (12)\n" + "\n".join(
        f"2 Gacha {n}" for n in range(6)
    )
    deck = parse_decklist("duelmasters", text)
    assert deck.count("main") == 40 and deck.count("hyperspatial") == 2 and deck.count("gr") == 12
    zones = deck_format("duelmasters").zones(deck)
    assert len(zones["deck"]) == 40 and len(zones["hyperspatial"]) == 2 and len(zones["super_gr"]) == 12
    report = check_deck("duelmasters", deck)
    assert report.ok, report.problems
    assert report.counts == {"main deck": 40, "hyperspatial zone": 2, "super gacharange zone": 12}
    assert any("Hall of Fame" in item for item in report.unchecked)
    assert any("psychic, dragheart or Rule Plus" in item for item in report.unchecked)


def test_an_unknown_section_names_its_line() -> None:
    with pytest.raises(DeckError, match=r'^Line 2: "Sideboard" is not a section'):
        parse_decklist("duelmasters", "4 Card 1\nSideboard:\n4 Card 2")


@pytest.mark.parametrize(
    ("text", "count"),
    [("4 Card A\n" * 9 + "3 Card Z", 39), (MAIN + "\n1 Card Extra", 41)],
)
def test_the_main_deck_has_exactly_forty_cards(text: str, count: int) -> None:
    """100.2."""
    report = check_deck("duelmasters", parse_decklist("duelmasters", text))
    assert f"The main deck needs exactly 40 cards (100.2); it has {count} cards." in report.problems


def test_at_most_four_copies_of_a_name_unless_its_text_says_otherwise() -> None:
    """100.2a."""
    text = "\n".join(f"4 Card {n}" for n in range(8)) + "\n5 Relentless\n3 Card 9"
    deck = parse_decklist("duelmasters", text)
    report = check_deck("duelmasters", deck)
    assert report.problems == [
        "5 copies of Relentless: at most 4 of a card in the deck, unless its text says otherwise (100.2a)."
    ]
    cards = {
        "Relentless": record("Relentless", ["Creature"], "You may put any number of this card in your deck.")
    }
    lookup = cards.get
    assert not check_deck("duelmasters", deck, lookup).problems  # most cards unknown: not "legal"


def test_hyperspatial_zone_holds_zero_to_eight_with_four_of_a_name() -> None:
    """100.3, 100.3a."""
    eight = parse_decklist("duelmasters", MAIN + "\nHyperspatial:\n4 Psy A\n4 Psy B")
    assert check_deck("duelmasters", eight).ok
    nine = parse_decklist("duelmasters", MAIN + "\nHyperspatial:\n4 Psy A\n4 Psy B\n1 Psy C")
    assert check_deck("duelmasters", nine).problems == [
        "The hyperspatial zone needs 0 to 8 cards (100.3); it has 9 cards."
    ]
    five = parse_decklist("duelmasters", MAIN + "\nHyperspatial:\n5 Psy A")
    assert check_deck("duelmasters", five).problems == ["5 copies of Psy A: at most 4 of a card (100.3a)."]


def test_super_gacharange_zone_is_unused_or_exactly_twelve_with_two_of_a_name() -> None:
    """100.4, 408.1 (0 or exactly 12), 100.4a (2 of a name)."""
    eleven = parse_decklist(
        "duelmasters", MAIN + "\nGR:\n" + "\n".join(f"2 G{n}" for n in range(5)) + "\n1 G9"
    )
    assert check_deck("duelmasters", eleven).problems == [
        "The super gacharange zone needs no cards or exactly 12 (100.4, 408.1); it has 11."
    ]
    three = parse_decklist(
        "duelmasters", MAIN + "\nSuper GR:\n3 G1\n" + "\n".join(f"1 G{n}" for n in range(2, 11))
    )
    assert check_deck("duelmasters", three).problems == ["3 copies of G1: at most 2 of a card (100.4a)."]


def test_with_card_data_the_extra_zones_hold_only_their_kind_of_card() -> None:
    """407.1, 804.4, 408.1, 809.2."""
    cards = {f"Card {n}": record(f"Card {n}", ["Creature"]) for n in range(9)}
    cards["Card 9"] = record("Card 9", ["Psychic Creature"])
    cards["Psy A"] = record("Psy A", ["Spell"])
    cards["Psy B"] = record("Psy B", ["Psychic Creature"])
    deck = parse_decklist("duelmasters", MAIN + "\nHyperspatial:\n1 Psy A\n1 Psy B")
    report = check_deck("duelmasters", deck, cards.get)
    assert report.problems == [
        "Psy A is not a psychic, dragheart or Rule Plus card; the hyperspatial zone holds only those "
        "(407.1).",
        "Card 9 is a psychic, dragheart or Rule Plus card: it starts in the hyperspatial zone, not in the "
        "deck (407.1).",
    ]
    assert not any("407.1" in item for item in report.unchecked)


@given(st.integers(min_value=1, max_value=80))
def test_only_forty_cards_make_a_legal_main_deck(size: int) -> None:
    """100.2, for every size."""
    lines = [f"{min(4, size - 4 * n)} Card {n}" for n in range((size + 3) // 4)]
    report = check_deck("duelmasters", parse_decklist("duelmasters", "\n".join(lines)))
    assert report.ok == (size == 40)


def test_the_extra_zones_copy_limits_yield_to_card_text() -> None:
    """100.3a, 100.4a: "except for the cards that ignore this rule in their text" / "unless otherwise
    specified"."""
    text = MAIN + "\nHyperspatial:\n5 Psy Swarm\nGR:\n3 Gr Swarm\n" + "\n".join(f"1 G{n}" for n in range(9))
    deck = parse_decklist("duelmasters", text)
    assert check_deck("duelmasters", deck).problems == [
        "5 copies of Psy Swarm: at most 4 of a card (100.3a).",
        "3 copies of Gr Swarm: at most 2 of a card (100.4a).",
    ]
    cards = {
        "Psy Swarm": record("Psy Swarm", ["Psychic Creature"], "You may put any number of this card."),
        "Gr Swarm": record("Gr Swarm", ["GR Creature"], "You may put any number of this card."),
    }
    assert check_deck("duelmasters", deck, cards.get).problems == []


@pytest.mark.parametrize(
    "text",
    [
        "Draw as many cards as you have creatures in the battle zone.",
        "Destroy all creatures that have power more than 4000.",
        "Search your deck. You may take any number of cards from your deck and put them into your hand.",
    ],
)
def test_text_about_other_cards_does_not_lift_the_copy_limit(text: str) -> None:
    """100.2a: only "the cards that ignore this rule in their text" may have more than 4 copies; text
    that says "as many cards", "more than 4..." or "any number of cards" about other cards does not."""
    deck = parse_decklist("duelmasters", "\n".join(f"4 Card {n}" for n in range(8)) + "\n8 Greedy")
    report = check_deck("duelmasters", deck, {"Greedy": record("Greedy", ["Spell"], text)}.get)
    assert report.problems == [
        "8 copies of Greedy: at most 4 of a card in the deck, unless its text says otherwise (100.2a)."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "■ More than 4 of this card in your deck",
        "You can put any number of this card in your deck.",
        "You may put as many of this card as you like in your deck.",
    ],
)
def test_a_cards_own_exemption_lifts_the_copy_limit(text: str) -> None:
    """100.2a: a card that ignores the rule in its text, as the data sets write it (the OCG data's
    "■ More than 4 of this card in your deck")."""
    deck = parse_decklist("duelmasters", "\n".join(f"4 Card {n}" for n in range(8)) + "\n8 Wanko")
    assert not check_deck("duelmasters", deck, {"Wanko": record("Wanko", ["Creature"], text)}.get).problems


def test_a_gacharange_cards_own_exemption_lifts_the_copy_limit_of_its_zone() -> None:
    """100.4a: "■ More than 2 of this card in your Super Gacharange" (the OCG data)."""
    text = MAIN + "\nGR:\n3 Gr Many\n" + "\n".join(f"1 G{n}" for n in range(9))
    cards = {
        "Gr Many": record(
            "Gr Many", ["Gacharange Creature"], "■ More than 2 of this card in your Super Gacharange"
        )
    }
    assert check_deck("duelmasters", parse_decklist("duelmasters", text), cards.get).problems == []
