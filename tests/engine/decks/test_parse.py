"""The decklist text format (engine.decks.parse) and the check building blocks (engine.decks.check),
on a test format with three sections; each game's own format is tested with its game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.decks import check_deck, parse_decklist
from engine.decks.check import copy_limit, run_checks, section_size
from engine.decks.model import DeckError, DeckFormat, DeckRules, SectionSpec
from engine.decks.parse import MAX_LINES, parse_with
from engine.match.state import CardRef

FORMAT = DeckFormat(
    game="test",
    sections=(
        SectionSpec("ruler", "ruler", ("ruler area",), "ruler_area"),
        SectionSpec("main", "main deck", ("main", "deck"), "deck"),
        SectionSpec("side", "sideboard", ("side", "side deck"), None),
    ),
    default="main",
    rules=DeckRules(
        checks=(
            section_size("ruler", "ruler", 1, 1, "rule 1"),
            section_size("main", "main deck", 4, 6, "rule 2"),
            copy_limit(2, ("main", "side"), "rule 3", exempt=lambda name, record: name.startswith("Basic")),
        )
    ),
)


def parse(text: str):
    return parse_with(FORMAT, text)


def test_every_line_form_and_header_form() -> None:
    deck = parse(
        """Ruler: Aesop, the Prince's Tutor
        // a comment
        # Main deck (5)
        2 Blaster Blade
        2x Wingal [D-BT01/002]

        Basic Stone x 1
        [Side deck]
        3 × Barcgal
        """
    )
    assert [(e.count, e.name, e.line) for e in deck.entries("ruler")] == [(1, "Aesop, the Prince's Tutor", 1)]
    assert [(e.count, e.name, e.code) for e in deck.entries("main")] == [
        (2, "Blaster Blade", ""),
        (2, "Wingal", "D-BT01/002"),
        (1, "Basic Stone", ""),
    ]
    assert deck.count("side") == 3 and deck.count("main") == 5
    assert FORMAT.zones(deck) == {
        "ruler_area": [CardRef("Aesop, the Prince's Tutor")],
        "deck": [CardRef("Blaster Blade")] * 2
        + [CardRef("Wingal", "D-BT01/002")] * 2
        + [CardRef("Basic Stone")],
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "4 Blaster Blade\nBlaster Blade",
            'Line 2: "Blaster Blade" is not a card line; write it as "4 Card Name".',
        ),
        ("1 A\n0 Blaster Blade", "Line 2: the number of copies must be between 1 and 99."),
        ("1 A\n\n100 Blaster Blade", "Line 3: the number of copies must be between 1 and 99."),
        (
            "Stones:\n4 A",
            'Line 1: "Stones" is not a section of these decklists (sections: ruler, main deck, sideboard).',
        ),
        (
            "1 A\n[Extra]",
            'Line 2: "Extra" is not a section of these decklists (sections: ruler, main deck, sideboard).',
        ),
        ("// nothing\n\n# Main deck", "The decklist has no cards."),
        ("", "The decklist has no cards."),
        ("1 " + "x" * 151, "Line 1: that card name is longer than 150 letters."),
        (
            "1 A\n" * (MAX_LINES + 1),
            f"A decklist has at most {MAX_LINES} lines; this one has {MAX_LINES + 1}.",
        ),
    ],
)
def test_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        parse(text)
    assert str(caught.value) == message


def test_a_header_with_a_name_that_starts_with_a_number() -> None:
    deck = parse("Ruler: 15. O - Overlord\nRuler area: 2 Twins\n4 A")
    assert [(e.count, e.name) for e in deck.entries("ruler")] == [(1, "15. O - Overlord"), (2, "Twins")]
    assert deck.count("main") == 4


def test_checks_give_exact_numbers_and_rule_numbers() -> None:
    deck = parse("3 Blaster Blade\n4 Basic Stone\nSide:\n1 Blaster Blade")
    labels = {"ruler": "ruler", "main": "main deck", "side": "sideboard"}
    report = run_checks("test", deck, FORMAT.rules.checks, None, labels)
    assert not report.ok
    assert report.problems == [
        "The ruler needs exactly 1 card (rule 1); it has 0 cards.",
        "The main deck needs 4 to 6 cards (rule 2); it has 7 cards.",
        "4 copies of Blaster Blade: at most 2 of a card (rule 3).",
    ]
    assert report.counts == {"ruler": 0, "main deck": 7, "sideboard": 1}
    assert report.unchecked == ["card types and names (no card data imported for this game)"]
    assert report.summary().splitlines()[0] == "Not a legal deck (ruler 0, main deck 7, sideboard 1)."


def test_a_lookup_reports_unknown_cards_as_unchecked() -> None:
    deck = parse("Ruler: R\n2 A\n2 B")
    known = {"R": object(), "A": object()}
    report = run_checks("test", deck, FORMAT.rules.checks, known.get, {"main": "main deck"})
    assert report.ok and report.unchecked == ["cards not in the imported card data: B"]
    assert report.summary().startswith("Legal deck (main deck 4).")


names = st.text(st.characters(codec="utf-8", categories=("L", "N")), min_size=1, max_size=20).map(
    lambda s: "Card " + s
)
entries = st.lists(st.tuples(st.integers(1, 99), names), min_size=1, max_size=20)


@given(entries, entries)
def test_written_lists_parse_back(main: list[tuple[int, str]], side: list[tuple[int, str]]) -> None:
    text = "\n".join(f"{count} {name}" for count, name in main) + "\nSideboard:\n"
    text += "\n".join(f"{name} x{count}" for count, name in side)
    deck = parse(text)
    assert [(e.count, e.name) for e in deck.entries("main")] == main
    assert [(e.count, e.name) for e in deck.entries("side")] == side


@given(st.text(max_size=400))
def test_any_text_parses_or_names_its_problem(text: str) -> None:
    try:
        deck = parse(text)
    except DeckError as error:
        assert str(error).startswith(("Line ", "The decklist has no cards", "A decklist has at most"))
    else:
        assert sum(deck.count(key) for key in deck.sections) > 0


def test_a_100000_character_line_is_answered_with_a_sentence() -> None:
    for line in ("a" + " -" * 50_000, "[" + " ]" * 50_000, "4 " + "x" * 100_000):
        with pytest.raises(DeckError) as refused:
            parse(line)
        message = str(refused.value)
        assert "\n" not in message and len(message) < 200 and message.endswith(".")


def test_long_lines_of_header_marks_parse_in_linear_time_without_the_length_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The header marks were stripped by a regular expression anchored at the end, tried at every
    position: a 20,000-character line of marks and words took seconds. 100,000 now parse at once."""
    import engine.decks.parse as module

    monkeypatch.setattr(module, "MAX_LINE", 10**6)
    monkeypatch.setattr(module, "MAX_TEXT", 10**6)
    for line in ("a" + " -" * 50_000 + " b", "[" + " ]" * 50_000 + " a", "#" + " =" * 50_000 + " x"):
        with pytest.raises(DeckError):
            parse(line)


@given(st.text(alphabet=st.sampled_from("4x× ab[]#=-_*:()/\t\n"), max_size=2_000))
def test_any_text_parses_or_is_refused_with_one_sentence(text: str) -> None:
    try:
        deck = parse(text)
    except DeckError as error:
        message = str(error)
        assert "\n" not in message and len(message) <= 300
    else:
        assert any(deck.sections.values())


def test_unknown_names_with_commas_stay_readable() -> None:
    deck = parse_decklist(
        "forceofwill", "[Ruler]\n1 Bringer of Good Luck, Epona\n[Main Deck]\n4 Zero, the Magus\n"
    )
    report = check_deck("forceofwill", deck, lambda name: None)
    assert "Bringer of Good Luck, Epona; Zero, the Magus" in " ".join(report.unchecked)
