"""Gate Ruler decklists: sections, counts only, and with card data (CR 5-2)."""

from __future__ import annotations

import pytest

from engine.cards.model import CardRecord
from engine.decks import DeckError, check_deck, parse_decklist

LIST = """Ruler: 1 8. H - Highlander
Geas: Oath of the Hills

Deck
3 Vabelcion, the Battle-Forged
2x Starfall Orb
Megidos the Damned x2

Resources
10 Resource
"""


def records() -> dict[str, CardRecord]:
    def card(name: str, types: list[str], **stats: object) -> CardRecord:
        return CardRecord(game="gateruler", code=name[:10], name=name, types=types, stats=stats)

    return {
        "8. H - Highlander": card("8. H - Highlander", ["Ruler"], life=8),
        "Oath of the Hills": card("Oath of the Hills", ["Geas"]),
        "Vabelcion, the Battle-Forged": card(
            "Vabelcion, the Battle-Forged", ["Unit"], level=3, icons=["CNT"]
        ),
        "Starfall Orb": card("Starfall Orb", ["Event"], level=1),
        "Megidos the Damned": card("Megidos the Damned", ["Unit"], level=5, icons=["Legendary"]),
        "Resource": card("Resource", ["Resource"]),
    }


def test_sections_and_counts() -> None:
    deck = parse_decklist("gateruler", LIST)
    assert [(e.count, e.name) for e in deck.entries("ruler")] == [(1, "8. H - Highlander")]
    assert deck.count("geas") == 1 and deck.count("deck") == 7 and deck.count("resources") == 10
    report = check_deck("gateruler", deck)
    assert report.ok
    assert report.counts == {"ruler": 1, "geas": 1, "deck": 7, "resources": 10}
    assert "one copy of each legendary card (5-2c-2)" in report.unchecked
    assert "8. H - Highlander's deck size (5-2c-1a)" in report.unchecked
    assert "8. H - Highlander's legendary card cap (5-2c-1e)" not in report.unchecked  # known: 3


def test_exactly_one_ruler_and_at_most_one_geas() -> None:
    """5-2b, 5-2b-1."""
    report = check_deck(
        "gateruler", parse_decklist("gateruler", "Geas\n2 A\nB\n4 C\n".replace("B\n", "Deck\n"))
    )
    assert "The ruler section needs exactly 1 card (5-2b); it has 0 cards." in report.problems
    assert "The geas section needs 0 to 1 cards (5-2b-1); it has 2 cards." in report.problems


def test_card_data_checks_types_legendary_copies_and_the_known_ruler_caps() -> None:
    """5-2b ruler type, 5-2c no ruler in the deck, 5-2c-2 one legendary copy, Highlander's CNT cap 20
    and legendary cap 3 (Set 3 article)."""
    cards = records()
    deck = parse_decklist("gateruler", LIST)
    report = check_deck("gateruler", deck, cards.get)
    assert report.problems == [
        "2 copies of Megidos the Damned: a legendary card is limited to 1 copy (5-2c-2)."
    ]
    wrong = parse_decklist(
        "gateruler", "Ruler: Starfall Orb\nDeck\n1 8. H - Highlander\n21 Vabelcion, the Battle-Forged\n"
    )
    problems = check_deck("gateruler", wrong, cards.get).problems
    assert "Starfall Orb (line 1) is not a ruler card (5-2b)." in problems
    assert "8. H - Highlander (line 3): the deck holds no ruler or geas card (5-2c)." in problems
    cnt = parse_decklist(
        "gateruler", "Ruler: 1 8. H - Highlander\n21 Vabelcion, the Battle-Forged\n4 Megidos the Damned\n"
    )
    problems = check_deck("gateruler", cnt, cards.get).problems
    assert "Cards with CNT: 21, at most 20 for 8. H - Highlander (CNT cap (5-2c-1g))." in problems
    assert "Legendary cards: 4, at most 3 for 8. H - Highlander (legendary card cap (5-2c-1e))." in problems


def test_errors_name_the_line() -> None:
    with pytest.raises(DeckError, match=r'^Line 2: "Sideboard" is not a section of these decklists'):
        parse_decklist("gateruler", "Ruler: X\nSideboard:\n1 Y\n")
