"""Vanguard decklists: sections and the deck construction rules with exact numbers (5.2-5.4)."""

from __future__ import annotations

import pytest

from engine.cards.model import CardRecord
from engine.decks import DeckError, check_deck, deck_format, parse_decklist

LEGAL = """\
First vanguard: Starter Lad
4 Critical Bird
4 Draw Bird
4 Heal Bird
4 Stand Bird
4 Squire A
4 Squire B
4 Squire C
4 Knight A
4 Knight B
4 Knight C
4 King A
4 King B
1 Extra
G deck:
4 Stride Dragon
"""


def _record(name: str) -> CardRecord | None:
    stats: dict[str, object] = {"grade": 1, "power": 8000}
    types = ["Normal Unit"]
    if "Bird" in name:
        stats = {"grade": 0, "power": 5000, "trigger": name.split()[0]}
        types = ["Trigger Unit"]
    if "Starter" in name:
        stats = {"grade": 0, "power": 5000}
    if "Stride" in name:
        stats, types = {"grade": 4, "power": 15000}, ["G Unit"]
    if name == "Unknown":
        return None
    return CardRecord(game="vanguard", code=name.replace(" ", "-"), name=name, types=types, stats=stats)


def test_sections_and_zones() -> None:
    deck = parse_decklist("cfv", LEGAL)
    assert deck.count("first") == 1 and deck.count("main") == 49 and deck.count("g") == 4
    zones = deck_format("vanguard").zones(deck)
    assert [ref.name for ref in zones["vc"]] == ["Starter Lad"]
    assert len(zones["deck"]) == 49 and len(zones["gzone"]) == 4


def test_counts_only_legal_deck_reports_what_needs_card_data() -> None:
    report = check_deck("vanguard", parse_decklist("vanguard", LEGAL))
    assert report.ok, report.problems
    assert report.counts == {"Main deck": 49, "First vanguard": 1, "G deck": 4}
    assert any("16 triggers (5.2.2.3)" in text for text in report.unchecked)


def test_exact_numbers_without_card_data() -> None:
    text = LEGAL.replace("1 Extra\n", "2 Extra\n").replace("4 Stride Dragon", "5 Stride Dragon")
    text += "4 Stride Two\n4 Stride Three\n4 Stride Four\n"
    report = check_deck("vanguard", parse_decklist("vanguard", text))
    assert report.problems == [
        "The main deck needs exactly 50 cards (5.2.2.1); it has 51 cards.",
        "The G deck needs 0 to 16 cards (5.3.2); it has 17 cards.",
        "5 copies of Stride Dragon: at most 4 of a card (5.3.2.1).",
    ]
    report = check_deck("vanguard", parse_decklist("vanguard", LEGAL.replace("1 Extra", "1 King A")))
    assert report.problems == ["5 copies of King A: at most 4 of a card (5.2.2.2)."]


def test_with_card_data_triggers_heals_and_unit_kinds() -> None:
    report = check_deck("vanguard", parse_decklist("vanguard", LEGAL), _record)
    assert report.ok, report.problems
    bad = LEGAL.replace("4 Stand Bird", "4 Heal Birds").replace("1 Extra", "1 Stride Dragon")
    bad = bad.replace("First vanguard: Starter Lad", "First vanguard: Squire A")
    lookup = lambda name: _record(name.replace("Heal Birds", "Heal Bird"))  # noqa: E731
    report = check_deck("vanguard", parse_decklist("vanguard", bad), lookup)
    assert report.problems == [
        "The first vanguard must be grade 0 (5.4.3); Squire A is grade 1.",
        "5 copies of Squire A: at most 4 of a card (5.2.2.2).",
        "Stride Dragon is a G unit: it belongs in the G deck, not the main deck (5.2.2.6).",
        "The main deck has 8 heal triggers: at most 4 (5.2.2.4).",
    ]
    fewer = LEGAL.replace("4 Stand Bird", "4 Squire D").replace("4 Stride Dragon", "4 King A")
    report = check_deck("vanguard", parse_decklist("vanguard", fewer), _record)
    assert "The main deck needs exactly 16 triggers (5.2.2.3); it has 12." in report.problems
    assert "King A is not a G unit: the G deck holds only G units (5.3.3)." in report.problems


def test_unknown_cards_are_reported_not_guessed() -> None:
    text = LEGAL.replace("1 Extra", "1 Unknown")
    report = check_deck("vanguard", parse_decklist("vanguard", text), _record)
    assert report.ok
    assert any("for 1 card without card data" in item for item in report.unchecked)


def test_parse_errors_name_the_line() -> None:
    with pytest.raises(DeckError, match=r'^Line 2: "Sideboard" is not a section'):
        parse_decklist("vanguard", "4 Squire A\nSideboard:\n4 Squire B\n")


def test_sentinel_counts_only_cards_with_the_ability() -> None:
    """5.2.2.5 / 11.9.1: at most four cards with the "Sentinel" ability. A card whose text only
    mentions Sentinels (it searches for one) does not count; the ability is a keyword or a text line
    beginning with it, as in the D-series data ("[CONT]:Sentinel (You may only have...)")."""
    sentinel_text = '[CONT]:Sentinel (You may only have up to four cards with "[CONT]:Sentinel" in a deck.)'
    texts = {
        "Squire A": sentinel_text,
        "Knight A": "[AUTO]:When this unit is placed on (RC), search your deck for up to one Sentinel.",
        "King A": "[AUTO](VC):When this unit attacks, your opponent cannot call Sentinels from hand.",
    }

    def lookup(name: str) -> CardRecord | None:
        record = _record(name)
        if record is None:
            return None
        keywords = ["Sentinel"] if name == "Squire B" else []
        return record.model_copy(update={"text": texts.get(name, ""), "keywords": keywords})

    report = check_deck("vanguard", parse_decklist("vanguard", LEGAL), lookup)
    assert report.problems == ["The main deck has 8 cards with Sentinel: at most 4 (5.2.2.5)."]
    texts["Squire A"] = ""
    report = check_deck("vanguard", parse_decklist("vanguard", LEGAL), lookup)
    assert report.ok, report.problems
