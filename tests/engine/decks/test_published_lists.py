"""Decklists as players and tournament reports publish them (engine.decks.parse and each game's checks).

Each list below is written in a published style (headers with counts, codes after names, rulers with
their J-ruler faces, group headers, ``x4 – Name`` counts) with real card names; the card data comes
from the public data sets through the project's own importers (the tests skip without them)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards.importers import FORMATS
from engine.cards.model import CardRecord
from engine.decks import DeckError, check_deck, parse_decklist
from engine.decks.parse import MAX_COPIES, header_count
from tests.engine.decks.published_lists import DM_DARK_FIRE, FOW_LIGHT, FOW_TAG, VANGUARD_G_ERA

CARDDATA = Path(__file__).resolve().parents[3].parent / "shared" / "carddata"


@cache
def _records(game: str, format_name: str, filename: str) -> dict[str, CardRecord]:
    if not CARDDATA.is_dir():
        # The published lists are checked against real cards: without the data sets these tests
        # would check nothing, so they fail rather than skip.
        pytest.fail(f"the public card data sets are not at {CARDDATA}; see shared/carddata/README.md")
    records = FORMATS[format_name].parse((CARDDATA / filename).read_bytes(), game=game, source_name=filename)
    found: dict[str, CardRecord] = {}
    for record in records:
        found.setdefault(record.name, record)
    return found


def fow_cards() -> dict[str, CardRecord]:
    return _records("forceofwill", "fowsim", "fowsim-cards.json")


def dm_cards() -> dict[str, CardRecord]:
    return _records("duelmasters", "dm-tcg", "dm-tcg-cards.json")


def vanguard_cards() -> dict[str, CardRecord]:
    return _records("vanguard", "cfv-d", "cfv-d-cards.json")


def test_headers_with_counts_switch_sections_and_are_not_cards() -> None:
    """A header's count ("Main Deck: 40", "Magic Stone Deck: (10)", "Side Deck: 15") is not a card,
    and the lines after it are in its section: the Fallen Angel list has exactly its real sections."""
    deck = parse_decklist("forceofwill", FOW_TAG)
    assert deck.count("ruler") == 2
    assert deck.count("main") == 40 and deck.count("stones") == 10 and deck.count("sideboard") == 15
    names = {entry.name for _, entry in deck.all_entries()}
    assert not any(name.strip("()[]").isdigit() for name in names)
    assert "Resonators" not in str(names) and "Total" not in str(names)
    report = check_deck("forceofwill", deck, fow_cards().get)
    assert report.problems == [] and report.unchecked == [], report.summary()
    assert report.ok and report.verdict == "legal"
    assert report.summary().startswith(
        "Legal deck (Ruler 2, Main deck 40, Magic stone deck 10, Sideboard 15)."
    )


@pytest.mark.parametrize(
    ("line", "section", "count"),
    [
        ("Main Deck: 40", "main", 40),
        ("Magic Stone Deck: (10)", "stones", 10),
        ("Side Deck: 15", "sideboard", 15),
        ("Main Deck [40]", "main", 40),
        ("== Magic stone deck (10) ==", "stones", 10),
        ("# Sideboard: 15 cards", "sideboard", 15),
    ],
)
def test_every_header_count_form(line: str, section: str, count: int) -> None:
    deck = parse_decklist("forceofwill", f"Ruler: Faria, the Sacred Queen\n{line}\n{count} Fire Magic Stone")
    assert deck.count(section) == count and sum(deck.count(key) for key in deck.sections) == count + 1


def test_codes_leave_the_name_on_header_lines_and_in_parentheses() -> None:
    deck = parse_decklist("forceofwill", FOW_TAG)
    rulers = deck.entries("ruler")
    assert [(e.name, e.code) for e in rulers] == [("Astema", "TST-067"), ("Belial", "TST-073")]
    assert deck.entries("main")[0].name == "Tiny Violet" and deck.entries("main")[0].code == "ADW-029"
    # A bracketed word that is not a code is part of a real card name and stays there.
    kept = parse_decklist(
        "forceofwill",
        "Ruler: Hannibal Barca [J-Ruler]\n1 Astema, the Fallen Angel of Desolation (Stranger)\n"
        "2 Alicia Melchiott [Water/J-Ruler]\n4 Blaster Blade [D-BT01/001]\n4 Tiny Violet (ADW-029 )",
    )
    assert kept.entries("ruler")[0].name == "Hannibal Barca [J-Ruler]"
    assert [(e.name, e.code) for e in kept.entries("main")] == [
        ("Astema, the Fallen Angel of Desolation (Stranger)", ""),
        ("Alicia Melchiott [Water/J-Ruler]", ""),
        ("Blaster Blade", "D-BT01/001"),
        ("Tiny Violet", "ADW-029"),
    ]


@pytest.mark.parametrize(
    ("header", "first", "faces"),
    [
        (
            "J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox",
            "Lilias Petal, Agent of Salvation",
            ("The Nine-Tailed Fox",),
        ),
        (
            "Ruler: Liberator of Wind/Scheherazade, the Teller of 1001 Stories",
            "Liberator of Wind",
            ("Scheherazade, the Teller of 1001 Stories",),
        ),
        ("Ruler/J-Ruler: Astema // Astema [J-Ruler]", "Astema", ("Astema [J-Ruler]",)),
    ],
)
def test_rulers_written_with_their_j_ruler_faces(header: str, first: str, faces: tuple[str, ...]) -> None:
    """A ruler and its J-ruler are two faces of one card: one ruler, looked up by its first face, and
    the ruler checks (402.2) run on it."""
    deck = parse_decklist("forceofwill", header + "\n" + FOW_LIGHT.split("\n", 1)[1])
    (ruler,) = deck.entries("ruler")
    assert (ruler.count, ruler.name, ruler.faces) == (1, first, faces)
    report = check_deck("forceofwill", deck, fow_cards().get)
    assert not any("402.2" in problem for problem in report.problems), report.problems
    assert report.ok and report.unknown == 0, report.summary()


def test_the_ruler_checks_run_on_a_ruler_written_with_faces_402_2() -> None:
    """Before, a ruler line with its J-ruler face was one unknown name and the ruler checks were skipped."""
    text = FOW_LIGHT.replace("Lilias Petal, Agent of Salvation // The Nine-Tailed Fox", "Tiny Violet // Fox")
    report = check_deck("forceofwill", parse_decklist("forceofwill", text), fow_cards().get)
    assert "Tiny Violet is not a ruler (402.2, line 1)." in report.problems


def test_the_j_ruler_header_and_a_real_light_list_are_legal() -> None:
    deck = parse_decklist("forceofwill", FOW_LIGHT)
    assert deck.count("ruler") == 1 and deck.count("main") == 40 and deck.count("stones") == 10
    report = check_deck("forceofwill", deck, fow_cards().get)
    assert report.ok and not report.unchecked, report.summary()


def test_a_single_slash_is_a_name_outside_the_ruler_section() -> None:
    deck = parse_decklist("duelmasters", "4 Bolshack Dragon/Burning Power\n" + "4 Card\n" * 9)
    assert deck.entries("main")[0].name == "Bolshack Dragon/Burning Power"


# Group headers ---------------------------------------------------------------------------------


DM_BY_TYPE = """\
Creatures [30]
4 Bone Assassin, the Ripper
4 Bloody Squito
4 Gigargon
4 Artisan Picora
4 Brawler Zyler
4 Deadly Fighter Braid Claw
4 Bolshack Dragon
2 Immortal Baron, Vorg
Spells [10]
4 Death Smoke
4 Burning Power
2 Crimson Hammer
"""


def test_group_headers_are_comments_not_sections() -> None:
    for text, count in ((DM_DARK_FIRE, 44), (DM_BY_TYPE, 40)):
        deck = parse_decklist("duelmasters", text)
        assert deck.count("main") == count and deck.count("hyperspatial") == deck.count("gr") == 0
        assert all(entry.count == 4 or entry.count == 2 for _, entry in deck.all_entries())
    report = check_deck("duelmasters", parse_decklist("duelmasters", DM_BY_TYPE), dm_cards().get)
    assert report.ok and report.unknown == 0, report.summary()


@pytest.mark.parametrize(
    "line",
    [
        "Darkness [20]",
        "Creatures [30]",
        "Grade 3 (8)",
        "Resonators: (26 of 40)",
        "Total: 40",
        "Chants:",
        "[Triggers]",
        "Spells (10 cards)",
        "Additions: 4/40",
        "Creatures",
        "Critical Triggers",
        "Basic Magic Stones (6)",
        "Special Magic Stones",
        "Nation: Keter Sanctuary",
        "Civilizations: Fire/Darkness",
    ],
)
def test_each_group_header_form(line: str) -> None:
    deck = parse_decklist("forceofwill", f"Ruler: Astema\n4 Tiny Violet\n{line}\n4 Hunting Angel")
    assert [(e.count, e.name) for e in deck.entries("main")] == [(4, "Tiny Violet"), (4, "Hunting Angel")]


@pytest.mark.parametrize(
    "line", ["4x – Tiny Violet", "x4 – Tiny Violet", "x4 - Tiny Violet", "4 x Tiny Violet", "Tiny Violet x4"]
)
def test_each_count_form(line: str) -> None:
    (entry,) = parse_decklist("forceofwill", line).entries("main")
    assert (entry.count, entry.name) == (4, "Tiny Violet")


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (
            "duelmasters",
            "4 Gigargon\nSideboard:\n4 Bolshack Dragon",
            r'^Line 2: "Sideboard" is not a section',
        ),
        ("forceofwill", "Ruler: Astema\nSide Deck:\n4 A\nSideboad [4]", r'did you mean "Sideboard"\?'),
        ("vanguard", "4 Wingal\nG Deck\n4 A\n[Extra]\n4 B", r'^Line 4: "Extra" is not a section'),
        ("forceofwill", "Darkness/Fire Control, 1st place\n4 A", r"^Line 1: .* is not a card line"),
        ("duelmasters", "4 Gigargon\nSideboard\n4 A", r'^Line 2: "Sideboard" is not a section'),
        ("vanguard", "4 Wingal\nBlaster Blade", r'^Line 2: "Blaster Blade" is not a card line'),
    ],
)
def test_headers_that_would_misplace_cards_are_refused_with_their_line(
    game: str, text: str, message: str
) -> None:
    """A header naming another game's section, or one typo from this game's, is refused: read as a
    group header, its cards would land silently in the section above."""
    with pytest.raises(DeckError, match=message):
        parse_decklist(game, text)


def test_vanguard_grade_groups() -> None:
    deck = parse_decklist("vanguard", VANGUARD_G_ERA)
    assert deck.count("main") == 50 and deck.count("g") == 0


@pytest.mark.parametrize(
    ("game", "header", "section"),
    [
        ("duelmasters", "Psychic Creatures (8)", "hyperspatial"),
        ("duelmasters", "Hyperspatial Zone: 8", "hyperspatial"),
        ("vanguard", "G Units (8)", "g"),
        ("forceofwill", "Rune Deck (5)", "rune"),
    ],
)
def test_section_headers_lists_write(game: str, header: str, section: str) -> None:
    deck = parse_decklist(game, f"4 Gigargon\n{header}\n4 Aqua Ace")
    assert deck.count(section) == 4


# Force of Will rulers and the other decks (402.2, 402.5-402.7, 404.1) --------------------------------


def test_tag_rulers_are_legal_and_untagged_pairs_are_not_402_2() -> None:
    cards = fow_cards()
    report = check_deck("forceofwill", parse_decklist("forceofwill", FOW_TAG), cards.get)
    assert report.ok
    without_data = check_deck("forceofwill", parse_decklist("forceofwill", FOW_TAG))
    assert without_data.ok
    assert any("Astema, Belial have [Tag] or [Partner] (402.2)" in item for item in without_data.unchecked)
    untagged = FOW_LIGHT.replace(
        "J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox",
        "Ruler: Lilias Petal, Agent of Salvation\nRuler: Liberator of Wind",
    )
    report = check_deck("forceofwill", parse_decklist("forceofwill", untagged), cards.get)
    assert report.problems == [
        "2 rulers (Lilias Petal, Agent of Salvation, Liberator of Wind): more than one ruler only with "
        "rulers with [Tag] or [Partner] (402.2)."
    ]
    four = "\n".join(f"Ruler: {name}" for name in ("Astema", "Belial", "Asmodeus", "Carlina"))
    report = check_deck(
        "forceofwill", parse_decklist("forceofwill", FOW_TAG.replace(FOW_TAG.split("\n\n")[0], four))
    )
    assert (
        "4 rulers: one starting ruler, or up to 3 when rulers with [Tag] or [Partner] are used (402.2)."
        in (report.problems)
    )


def test_partner_rulers_402_2() -> None:
    text = FOW_TAG.replace(
        "Ruler: Astema [TST-067]\nRuler: Belial [TST-073]", "Ruler: Aristella\nRuler: Asuka"
    )
    report = check_deck("forceofwill", parse_decklist("forceofwill", text), fow_cards().get)
    assert not any("402.2" in p for p in report.problems), report.problems


def test_extra_rune_stranger_and_ex_decks_402_5_402_7() -> None:
    base = FOW_LIGHT
    text = (
        base
        + "Extra Deck:\n1 Fishing\n1 Guidance\nRune Deck (5)\n1 Bewilder\n1 Dispel\n1 Karmic Reversal\n"
        + "1 Brunhild's Wrath\n1 Einherjar's Summons\nStranger Deck: 1\n"
        + "1 Astema, the Fallen Angel of Desolation (Stranger)\n"
        + "EX Deck:\n1 Excalibur Reincarnation\n"
    )
    deck = parse_decklist("forceofwill", text)
    assert (deck.count("extra"), deck.count("rune"), deck.count("stranger"), deck.count("ex")) == (2, 5, 1, 1)
    report = check_deck("forceofwill", deck, fow_cards().get)
    assert "The stranger deck needs no cards or exactly 10 (402.7a); it has 1." in report.problems
    assert "The extra deck holds cards only if the starting ruler has [Grimoire] (402.5c)." in report.problems
    assert (
        "The rune deck holds cards only if the starting ruler has [Divinity] (402.6a-1)." in report.problems
    )
    assert (
        "The stranger deck holds cards only if the starting ruler has [Stranger] (402.7a-1)."
        in report.problems
    )
    # 404.1: Fishing in the extra deck counts with the sideboard's copy; the extra deck's own limit is one.
    twice = parse_decklist("forceofwill", FOW_LIGHT + "Extra Deck:\n2 Fishing\n")
    report = check_deck("forceofwill", twice)
    assert "2 copies of Fishing: at most 1 of a card (402.5b)." in report.problems
    crowded = (
        FOW_LIGHT.replace("4 Amaterasu's Foresight", "3 Amaterasu's Foresight\n1 Fishing")
        + "EX Deck:\n3 Fishing\n"
    )
    report = check_deck("forceofwill", parse_decklist("forceofwill", crowded))
    assert "5 copies of Fishing: at most 4 of a card (402.3b, 404.1)." in report.problems


# Duel Masters deck rules (100.2 and the English TCG) -----------------------------------------------


def test_duel_masters_rules_document_by_default_and_the_english_tcg_by_choice() -> None:
    deck = parse_decklist("duelmasters", DM_DARK_FIRE)
    cards = dm_cards()
    default = check_deck("duelmasters", deck, cards.get)
    assert default.problems == ["The main deck needs exactly 40 cards (100.2); it has 44 cards."]
    assert "Deck rules: the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2)." in (
        default.summary().splitlines()
    )
    tcg = check_deck("duelmasters", deck, cards.get, rules="english-tcg")
    assert tcg.ok and tcg.unknown == 0, tcg.summary()
    assert (
        tcg.summary().splitlines()[1]
        == "Deck rules: the English TCG's rules (a main deck of at least 40 cards)."
    )
    thirty_nine = parse_decklist("duelmasters", DM_BY_TYPE.replace("2 Crimson Hammer", "1 Crimson Hammer"))
    assert check_deck("duelmasters", thirty_nine, cards.get, rules="english-tcg").problems == [
        "The main deck needs at least 40 cards (the English TCG's rules); it has 39 cards."
    ]
    assert check_deck("duelmasters", deck, cards.get, rules="general").problems == default.problems
    with pytest.raises(DeckError, match=r"^The deck rules of this game are 'general' or 'english-tcg'"):
        check_deck("duelmasters", deck, rules="ocg")
    with pytest.raises(DeckError, match="one set of deck rules"):
        check_deck("vanguard", parse_decklist("vanguard", "50 Wingal"), rules="english-tcg")


# Unknown cards ---------------------------------------------------------------------------------------


def test_a_deck_the_card_data_does_not_know_is_not_called_legal() -> None:
    """A Royal Paladin list of 50 cards, none of them in the D-series data: not checked, not legal."""
    deck = parse_decklist("vanguard", VANGUARD_G_ERA)
    report = check_deck("vanguard", deck, vanguard_cards().get)
    assert report.problems == [] and report.unknown == 50 and report.cards == 50
    assert report.verdict == "unchecked" and not report.ok
    first = report.summary().splitlines()[0]
    assert first.startswith("Not checked: 50 of its 50 cards are not in the imported card data")
    assert report.to_json()["verdict"] == "unchecked"


def test_a_few_unknown_cards_are_named_with_a_did_you_mean_and_never_substituted() -> None:
    text = FOW_LIGHT.replace("4 Spirit of Light", "4 Spirit of Lite")
    report = check_deck(
        "forceofwill",
        parse_decklist("forceofwill", text),
        fow_cards().get,
        suggestions={"Spirit of Lite": ["Spirit of Light"], "Not in the list": ["X"]},
    )
    assert report.verdict == "legal" and report.unknown == 4
    assert report.unchecked == [
        "cards not in the imported card data: Spirit of Lite (did you mean Spirit of Light?)"
    ]
    assert report.suggestions == {"Spirit of Lite": ["Spirit of Light"]}
    # A deck with a real problem stays "not legal" and also says most of it could not be checked.
    bad = check_deck(
        "vanguard", parse_decklist("vanguard", VANGUARD_G_ERA + "1 Wingal"), vanguard_cards().get
    )
    assert bad.verdict == "illegal"
    assert "Most of the deck could not be checked: 51 of its 51 cards are not in the imported card data." in (
        bad.summary().splitlines()
    )


def test_without_card_data_the_verdict_says_counts_only() -> None:
    report = check_deck("vanguard", parse_decklist("vanguard", VANGUARD_G_ERA))
    assert report.verdict == "legal" and not report.card_data
    assert report.summary().startswith("Legal deck by the counts only (Main deck 50).")


# Properties of the parser --------------------------------------------------------------------------

names = st.text(st.characters(codec="utf-8", categories=("L", "N", "Zs", "P")), min_size=1, max_size=30)
counts = st.integers(1, MAX_COPIES)


@given(st.sampled_from(["forceofwill", "duelmasters", "vanguard", "gateruler"]), st.text(max_size=600))
def test_any_text_parses_or_is_refused_with_one_sentence(game: str, text: str) -> None:
    try:
        deck = parse_decklist(game, text)
    except DeckError as error:
        message = str(error)
        assert "\n" not in message and len(message) <= 400 and message.endswith((".", "?"))
    else:
        entries = [entry for _, entry in deck.all_entries()]
        assert entries
        for entry in entries:
            assert isinstance(entry.count, int) and 1 <= entry.count <= MAX_COPIES
            assert entry.name and entry.name == entry.name.strip() and "\n" not in entry.name
            assert all(face and face == face.strip() for face in entry.faces)


published_lines = st.sampled_from(
    [
        "Main Deck: 40",
        "Magic Stone Deck: (10)",
        "Side Deck: 15",
        "Ruler: Astema [TST-067]",
        "J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox",
        "Darkness [20]",
        "Grade 3 (8)",
        "Resonators: (26 of 40)",
        "Total: 40",
        "x4 – Tiny Violet",
        "3x Tiny Violet (ADW-029)",
        "Tiny Violet x4",
        "// notes",
        "# Sideboard",
        "",
    ]
)


@given(st.lists(published_lines, max_size=40))
def test_published_lines_in_any_order_parse_with_positive_counts(lines: list[str]) -> None:
    try:
        deck = parse_decklist("forceofwill", "\n".join(lines))
    except DeckError as error:
        assert str(error) == "The decklist has no cards."
        return
    for _, entry in deck.all_entries():
        assert entry.count >= 1
        assert entry.name in {
            "Astema",
            "Lilias Petal, Agent of Salvation",
            "Tiny Violet",
        }, entry


@given(
    st.lists(st.tuples(counts, names), min_size=1, max_size=15),
    st.sampled_from(["{c} {n}", "{c}x {n}", "x{c} – {n}", "{c} x {n}", "{n} x{c}"]),
    st.sampled_from(["", "Creatures [{t}]", "Resonators: ({t} of 40)", "Total: {t}", "Grade 3 ({t})"]),
)
def test_written_lists_parse_back_in_every_published_style(
    entries: list[tuple[int, str]], style: str, group: str
) -> None:
    """A list written in a published style, with group headers between its lines, parses back to the
    same counts and names (names that could read as a count, a code or a header aside)."""
    entries = [(c, " ".join(n.split())) for c, n in entries]
    entries = [(c, n) for c, n in entries if _plain(n)]
    if not entries:
        return
    total = sum(c for c, _ in entries)
    lines = []
    for index, (count, name) in enumerate(entries):
        if group and index % 3 == 0:
            lines.append(group.format(t=total))
        lines.append(style.format(c=count, n=name))
    deck = parse_decklist("duelmasters", "\n".join(lines))
    assert [(e.count, e.name) for e in deck.entries("main")] == entries


def _plain(name: str) -> bool:
    """A name the styles above write unambiguously: it starts with a letter, has no count- or
    header-like tail, no bracket, colon or slash, and is not a section header."""
    if not name or not name[0].isalpha() or any(ch in name for ch in "[]():/#"):
        return False
    last = name.split()[-1].lower()
    if last.lstrip("x×").isdigit() or name.lower().startswith(("x", "×")) or name.startswith("//"):
        return False
    return name.strip(" -–—") == name and not name.lower().startswith(
        ("deck", "main", "hyper", "super", "gr", "psychic")
    )


@given(st.integers(0, 10_000))
def test_header_count_reads_every_count_form(n: int) -> None:
    for text in (f"{n}", f"({n})", f"[{n}]", f"({n} of 60)", f"{n} cards", f"[{n}/40]"):
        assert header_count(text) == n
    assert header_count(f"{n} Tiny Violet") is None
