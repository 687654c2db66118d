"""Tests of the Cardfight!! Vanguard comprehensive rules parser.

Expectations come from the spec (games/vanguard.md, sections 1, 2 and 4, in the shared design folder) and
were checked against the document itself; line numbers are 1-based lines of
data/rules/vanguard-comprehensive-rules.txt.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import ArbiterError
from engine.rules.errors import RulesParseError
from engine.rules.model import ParsedDocument, RuleRecord
from engine.rules.parsers import vanguard
from engine.rules.parsers.vanguard import ICON_GAP, normalise_id, parse

DOCUMENT = Path(__file__).resolve().parents[3] / "data" / "rules" / "vanguard-comprehensive-rules.txt"


@cache
def _text() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@cache
def _lines() -> tuple[str, ...]:
    return tuple(_text().split("\n"))


@cache
def _doc() -> ParsedDocument:
    return parse(_text())


@cache
def _by_id() -> dict[str, RuleRecord]:
    return {record.rule_id: record for record in _doc().rules}


def rule(rule_id: str) -> RuleRecord:
    return _by_id()[rule_id]


def numbered() -> list[RuleRecord]:
    return [record for record in _doc().rules if record.kind != "section"]


def mini(*body: str) -> str:
    """A small document in the Vanguard layout, for cases the real document does not have."""
    return "\n".join(["", "", "Rules", "", *body])


# --- identity -----------------------------------------------------------------------------------------------


def test_format_and_version_constants() -> None:
    assert vanguard.FORMAT == "vanguard-cr"
    assert vanguard.PARSER_VERSION == 1


def test_meta_comes_from_the_changelog_header_of_line_2027() -> None:
    meta = _doc().meta
    assert _lines()[2026] == "June 1st, 2018 ver. 2.01 update"
    assert (meta.game, meta.kind, meta.title) == (
        "vanguard",
        "rules",
        "Cardfight!! Vanguard Comprehensive Rules",
    )
    assert (meta.version, meta.date, meta.edition) == ("2.01", "2018-06-01", "ver. 2.01")


def test_document_has_2043_lines_and_no_trailing_newline() -> None:
    assert len(_lines()) == 2043
    assert _lines()[-1] == "Updated definition about restriction icons."


def test_crlf_and_byte_order_mark_give_the_same_records() -> None:
    assert parse("\ufeff" + _text().replace("\n", "\r\n")) == _doc()


# --- counts (spec 1 and 2.2) --------------------------------------------------------------------------------


def test_1068_distinct_numbered_ids_and_12_sections() -> None:
    ids = [record.rule_id for record in numbered()]
    assert len(ids) == len(set(ids)) == 1068
    assert [r.rule_id for r in _doc().rules if r.kind == "section"] == [str(n) for n in range(1, 13)]
    assert len(_doc().rules) == 1080


def test_depth_distribution() -> None:
    depths = Counter(record.depth for record in numbered())
    assert depths == {1: 175, 2: 425, 3: 292, 4: 130, 5: 40, 6: 6}
    assert all(record.depth == record.rule_id.count(".") for record in numbered())


def test_deepest_ids() -> None:
    deepest = [record.rule_id for record in numbered() if record.depth == 6]
    assert deepest == [
        "8.1.1.1.2.1.1",
        "8.1.1.1.2.6.1",
        "8.1.1.2.3.1.1",
        "8.5.2.1.1.2.1",
        "8.5.2.1.2.1.1",
        "10.7.1.1.1.1.1",
    ]


def test_numbered_ids_per_section() -> None:
    counts = Counter(record.section for record in numbered())
    expected = [19, 87, 111, 67, 27, 60, 88, 125, 33, 224, 176, 51]
    assert [counts[str(n)] for n in range(1, 13)] == expected


@pytest.mark.parametrize(
    ("section", "line", "title"),
    [
        ("1", 5, "Outline of the Game"),
        ("2", 34, "Characteristics of a Card"),
        ("3", 204, "Basic Concepts"),
        ("4", 379, "Zones of the Game"),
        ("5", 521, "Setting Up the Game"),
        ("6", 537, "Game Procedure"),
        ("7", 669, "Attack and Battle"),
        ("8", 851, "Play and Resolve Cards and Abilities"),
        ("9", 1082, "Rule Action"),
        ("10", 1152, "Specific Actions"),
        ("11", 1588, "Keywords"),
        ("12", 1932, "Miscellaneous"),
    ],
)
def test_sections(section: str, line: int, title: str) -> None:
    record = rule(section)
    assert (record.kind, record.line, record.title) == ("section", line, title)
    assert (record.depth, record.parent_id, record.section) == (0, None, section)


# --- structure ----------------------------------------------------------------------------------------------


def test_ids_are_canonical_without_trailing_dot() -> None:
    assert all(re.fullmatch(r"\d+(?:\.\d+)*", record.rule_id) for record in _doc().rules)


def test_order_is_document_order_and_line_points_at_the_id() -> None:
    records = _doc().rules
    assert [record.order for record in records] == list(range(len(records)))
    assert all(a.line < b.line for a, b in pairwise(records))
    for record in numbered():
        assert re.match(rf"^ ?(?:- )?{re.escape(record.rule_id)}\. ", _lines()[record.line - 1])


def test_parent_is_the_id_without_its_last_component() -> None:
    for record in numbered():
        assert record.parent_id == record.rule_id.rsplit(".", 1)[0]
        assert record.section == record.rule_id.split(".")[0]
        assert record.parent_id in _by_id()


@pytest.mark.parametrize(
    ("rule_id", "line", "prefix", "depth"),
    [
        ("4.6.1", 426, " - ", 2),  # leading space, shallow
        ("6.4.1.2.1.1", 586, "- ", 5),  # no leading space, deep
        ("2.1.1.1", 51, "- ", 3),  # same prefix as its heading 2.1
        ("2.1", 49, "- ", 1),  # headings 2.1-2.8 carry "- "
        ("2.9", 99, "", 1),  # headings from 2.9 on do not
        ("1.1", 7, "", 1),
        ("8.1.1.2.3.1.1", 880, " - ", 6),
    ],
)
def test_prefix_does_not_encode_depth(rule_id: str, line: int, prefix: str, depth: int) -> None:
    assert _lines()[line - 1].startswith(f"{prefix}{rule_id}. ")
    assert (rule(rule_id).line, rule(rule_id).depth) == (line, depth)


def test_180_title_only_headings() -> None:
    headings = {record.rule_id for record in numbered() if record.kind == "heading"}
    two_part = {record.rule_id for record in numbered() if record.depth == 1}
    deep = {"5.2.2", "6.4.1.1", "6.4.1.2", "6.5.1.1", "6.5.1.2", "11.2.3", "11.2.4"}
    assert len(headings) == 180
    assert headings == (two_part - {"10.1", "11.1"}) | deep
    assert len([r for r in numbered() if r.kind == "rule"]) == 888


def test_headings_carry_a_title_and_no_text() -> None:
    for record in numbered():
        if record.kind == "heading":
            assert record.title and record.text == "" and record.examples == []
            assert len(record.title) <= 60 and not record.title.endswith((".", ":"))
        else:
            assert record.title is None and record.text


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("5.2.2", "Constructed main deck"),
        ("6.4.1.1", "Draw Step"),
        ("6.4.1.2", "G Assist Step"),
        ("6.5.1.1", "Ride Step"),
        ("6.5.1.2", "Stride Step"),
        ("1.2", "Winning and Losing"),
        ("10.6", "Ride"),
    ],
)
def test_heading_titles(rule_id: str, title: str) -> None:
    assert (rule(rule_id).kind, rule(rule_id).title) == ("heading", title)


@pytest.mark.parametrize(
    ("rule_id", "text"),
    [
        ("10.1", "Some actions are defined as specific actions."),
        ("11.1", "Some actions are defined as keyword abilities."),
    ],
)
def test_two_part_ids_that_are_rules(rule_id: str, text: str) -> None:
    assert (rule(rule_id).kind, rule(rule_id).text, rule(rule_id).title) == ("rule", text, None)


@pytest.mark.parametrize(
    ("rule_id", "line", "text"),
    [
        ("2.8.1.1", 83, "Each icon means, and has the following effects:"),
        ("10.7.1.1", 1240, "This action is performed in the following manner:"),
    ],
)
def test_short_lines_ending_in_a_colon_are_rules(rule_id: str, line: int, text: str) -> None:
    """Spec 2.3's heuristic (no final period, 60 characters or fewer, a child follows) would call these
    two headings, giving 182; the hard-coded list keeps them rules."""
    assert (rule(rule_id).kind, rule(rule_id).line, rule(rule_id).text) == ("rule", line, text)


def test_rule_that_announces_three_conditions_keeps_the_two_printed() -> None:
    """6.4.1.2.2 (line 592) says "the following 3 conditions" but the document lists only 2."""
    assert "3 conditions" in rule("6.4.1.2.2").text
    children = [r.rule_id for r in numbered() if r.parent_id == "6.4.1.2.2"]
    assert children == ["6.4.1.2.2.1", "6.4.1.2.2.2"]


# --- out-of-order block of Section 5 (spec 2.7) -------------------------------------------------------------


def test_section_5_block_printed_before_its_heading() -> None:
    early = [r.rule_id for r in _doc().rules if 481 <= r.line <= 519]
    assert early[0] == "5.2.2.2" and early[-1] == "5.4.3.4" and len(early) == 20
    assert all(rule(rule_id).section == "5" for rule_id in early)
    assert rule("4.11.4").order + 1 == rule("5.2.2.2").order
    assert rule("5.4.3.4").order + 1 == rule("5").order
    assert rule("5").order + 1 == rule("5.1").order
    assert rule("5.2.2.2").parent_id == "5.2.2"
    assert rule("5.2.2.2").order < rule("5.2.2").order
    assert rule("5.3").parent_id == "5" and rule("5.4").parent_id == "5"


def test_section_5_rules_after_the_heading() -> None:
    late = [r.rule_id for r in _doc().rules if 521 <= r.line <= 535]
    assert late == ["5", "5.1", "5.1.1", "5.1.2", "5.2", "5.2.1", "5.2.2", "5.2.2.1"]


# --- lines that look like ids but are not (spec 2.2) --------------------------------------------------------


def test_zone_legend_is_not_parsed_as_ids() -> None:
    assert _lines()[394] == "- 1) Deck Zone" and _lines()[403] == "- G Zone"
    assert not [r for r in _doc().rules if 395 <= r.line <= 404]
    assert not [r for r in _doc().rules if ")" in r.rule_id]
    assert rule("4").text.split("\n") == [
        "1) Deck Zone",
        "2) Hand",
        "3) Drop Zone",
        "4) Field",
        "5) Circle",
        "6) Soul",
        "7) Damage Zone",
        "8) Bind Zone",
        "9) Trigger Zone",
        "G Zone",
    ]
    assert rule("4.1").text == ""
    assert "Deck Zone" not in rule("4.1.8").text


def test_numbers_in_text_are_not_ids() -> None:
    assert "+10000" in rule("8.5.5.3").examples[0]
    assert not {"10000", "2.01", "200000"} & set(_by_id())
    assert all(not ref.startswith(("10000", "2.01")) for r in _doc().rules for ref in r.references)


# --- continuations and examples (spec 2.4) ------------------------------------------------------------------

CONTINUATIONS = [
    (230, "3.1.1.5.2"),
    (621, "6.5.1.2.2"),
    (661, "6.8.1.2"),
    (683, "7.1.2.3"),
    (799, "7.6.1.2.4"),
    (867, "8.1.1.1.2.1.1"),
    (918, "8.3.2"),
    (960, "8.5.2.1"),
    (1024, "8.6.5.1.1"),
    (1058, "8.7.2"),
    (1090, "9.1.2"),
    (1212, "10.6.3.2.2.1"),
    (1320, "10.16.1.1"),
    (1463, "10.28.2.2"),
    (1501, "10.33.1"),
    (1533, "10.35.1.4"),
    (1633, "11.8.1"),
    (1682, "11.15.1"),
    (1754, "11.20.2"),
    (1788, "11.26.1"),
    (1792, "11.26.1.1"),
    (1828, "11.30.2"),
    (1898, "11.39.1.2.1"),
]


@pytest.mark.parametrize(("line", "owner"), CONTINUATIONS)
def test_continuation_is_joined_with_one_space(line: int, owner: str) -> None:
    record = rule(owner)
    first = re.sub(r"^ ?(?:- )?[\d.]+\. ", "", _lines()[record.line - 1])
    assert _lines()[line - 2] == ""
    assert record.text == f"{first} {_lines()[line - 1]}"


def test_continuation_with_a_lost_icon() -> None:
    """Line 1657 continues 11.12.1 (line 1655); both lines lost icons."""
    text = rule("11.12.1").text
    assert "becomes active when the total number of face up G units on the master’s ⟨icon⟩ and G zone" in text
    assert "\n" not in text


def test_line_inventory_of_spec_2_1() -> None:
    """Every non-blank line is a record, an example, a continuation, a block line, the title or changelog."""
    blank = {n for n, line in enumerate(_lines(), start=1) if not line.strip()}
    records = {record.line for record in _doc().rules}
    examples = {line for line, _ in EXAMPLES} | {1646}
    continuations = {line for line, _ in CONTINUATIONS} | {1657}
    blocks = {*range(38, 48), *range(151, 157), *range(164, 189), *range(395, 405), *range(549, 566)}
    changelog = {entry.line for entry in _doc().changelog} | {2025, 2027}
    parts = [records, examples, continuations, blocks, changelog, {3}]
    assert (len(blank), len(records), len(examples), len(continuations), len(blocks)) == (
        847,
        1080,
        13,
        24,
        68,
    )
    assert sum(map(len, parts)) + len(blank) == len(_lines()) == 2043
    assert set().union(*parts, blank) == set(range(1, 2044))


def test_continuation_carries_references() -> None:
    """3.1.1.5.2 ends at line 228 and continues at 230 with "the usage restriction in 8.1.1.2.3.1."."""
    assert rule("3.1.1.5.2").references == ["8.1.1.2.3.1"]


EXAMPLES = [
    (900, "8.2.1.1"),
    (904, "8.2.1.2"),
    (1008, "8.5.5.1"),
    (1010, "8.5.5.2"),
    (1012, "8.5.5.3"),
    (1198, "10.6.3"),
    (1262, "10.7.1.4"),
    (1380, "10.23.2"),
    (1422, "10.26.3"),
    (1529, "10.35.1.3"),
    (1946, "12.1.1.4"),
    (1969, "12.4.2"),
]


@pytest.mark.parametrize(("line", "owner"), EXAMPLES)
def test_example_belongs_to_the_rule_before_it(line: int, owner: str) -> None:
    printed = _lines()[line - 1]
    assert re.match(r"^ ?- For example,", printed)
    assert rule(owner).examples == [printed.lstrip(" -")]
    assert "For example" not in rule(owner).text


def test_example_with_lost_icon_belongs_to_11_10_2_1() -> None:
    """Line 1646 (`` - For example, ... “ “Blaster Blade” ...``) lost the Seek Mate icon."""
    assert rule("11.10.2.1").examples == [
        "For example, if a unit has the ability “⟨icon⟩ “Blaster Blade” or “Blaster Blade Seeker””, it can "
        "legion with, or search for with seek mate, either “Blaster Blade” or “Blaster Blade Seeker”."
    ]


def test_13_examples_in_all() -> None:
    assert sum(len(record.examples) for record in _doc().rules) == 13


@pytest.mark.parametrize(
    ("rule_id", "inline"),
    [("3.7.1.1", "E.g. If an effect that says"), ("3.18.2", "E.g.: A circle that is classified")],
)
def test_inline_eg_stays_in_the_text(rule_id: str, inline: str) -> None:
    assert inline in rule(rule_id).text
    assert rule(rule_id).examples == []


# --- non-rule blocks (spec 2.5) -----------------------------------------------------------------------------


def test_card_anatomy_table_goes_to_section_2_in_number_order() -> None:
    """Lines 38-47: a malformed ``- | | |`` header, a separator and 8 rows of two columns."""
    assert rule("2").text.split("\n") == [
        "① Name",
        "② Clan",
        "③ Race",
        "④ Grade",
        "⑤ Power",
        "⑥ Shield",
        "⑦ Critical",
        "⑧ Trigger Icon",
        "⑨ Type",
        "⑩ Skill Icon",
        "⑪ Text",
        "⑫ Flavor",
        "⑬ Art",
        "⑭ Collection Information",
        "⑮ Nation",
        "⑯ Imaginary Gift Icon",
    ]
    assert rule("2.1").text == ""


def test_nation_list_goes_to_2_15_3_with_its_lost_icons() -> None:
    """Lines 151-156: each nation name is followed by a TAB and nothing."""
    assert rule("2.15.3").text.split("\n") == [
        "There are 6 nations, and their respective icons are listed below.",
        *(
            f"{nation} {ICON_GAP}"
            for nation in (
                "United Sanctuary",
                "Dragon Empire",
                "Star Gate",
                "Dark Zone",
                "Magallanica",
                "Zoo",
            )
        ),
    ]


CLANS = {
    "United Sanctuary": [
        "Royal Paladin",
        "Oracle Think Tank",
        "Angel Feather",
        "Shadow Paladin",
        "Gold Paladin",
        "Genesis",
    ],
    "Dragon Empire": ["Kagero", "Nubatama", "Tachikaze", "Murakumo", "Narukami"],
    "Star Gate": ["Nova Grappler", "Dimension Police", "Etranger", "Link Joker"],
    "Dark Zone": ["Spike Brothers", "Dark Irregulars", "Pale Moon", "Gear Chronicle"],
    "Magallanica": ["Granblue", "Bermuda Triangle", "Aqua Force"],
    "Zoo": ["Megacolony", "Great Nature", "Neo Nectar"],
}


def test_clan_table_goes_to_2_15_4_with_the_nation_filled_down() -> None:
    """Lines 164-188: ``clan<TAB>nation``, the nation printed on a group's first row only."""
    lines = rule("2.15.4").text.split("\n")
    assert lines[0].endswith("they belong to the following nations.")
    assert lines[1:] == [f"{clan}: {nation}" for nation, clans in CLANS.items() for clan in clans]
    assert len(lines[1:]) == 25
    assert "\n" not in rule("2.15.4.1").text + rule("2.15.4.2").text


def test_phase_outline_goes_to_6_2_2() -> None:
    """Lines 549-565: ▶ phases, ▷ steps; the battle sub-steps 559-564 lost their marker."""
    assert rule("6.2.2").text.split("\n") == [
        "Usually, the phases and steps of each phase will proceed in the order below.",
        "▶ Stand Phase",
        "▶ Draw Phase",
        "  ▷ Draw Step",
        "  ▷ G Assist Step",
        "▶ Ride Phase",
        "  ▷ Ride Step",
        "  ▷ Stride Step",
        "▶ Main Phase",
        "▶ Battle Phase",
        "  ▷ Attack Sub Phase",
        "    Start Step",
        "    Attack Step",
        "    Guard Step",
        "    Drive Step",
        "    Damage Step",
        "    Close Step",
        "▶ End Phase",
    ]


def test_no_raw_block_artifacts_remain() -> None:
    for record in _doc().rules:
        for text in (record.text, *record.examples):
            assert "\t" not in text and "|" not in text
            assert not any(re.search(r"\S {2,}\S", line) for line in text.split("\n")), record.rule_id


def test_only_blocks_add_line_breaks() -> None:
    with_breaks = {record.rule_id for record in _doc().rules if "\n" in record.text}
    assert with_breaks == {"2", "2.15.3", "2.15.4", "4", "6.2.2"}


# --- emoji, lost icons and markdown (spec 2.6) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "line", "emoji", "token"),
    [
        ("3.1.1.3.1", 215, "**[👑]**", "**[VC]**"),
        ("3.1.1.3.2", 216, "**[🛡️]**", "**[RC]**"),
        ("3.1.1.3.3", 217, "**[👮]**", "**[GC]**"),
    ],
)
def test_zone_tag_emoji_become_tokens(rule_id: str, line: int, emoji: str, token: str) -> None:
    assert emoji in _lines()[line - 1]
    assert token in rule(rule_id).text


@pytest.mark.parametrize(
    ("rule_id", "line", "title"),
    [
        ("11.2.3", 1596, "Twin Drive!! [TwinDrive]"),
        ("11.2.4", 1598, "Triple Drive!!! [TripleDrive]"),
        ("11.3", 1601, "Intercept [Intercept]"),
        ("11.4", 1605, "Boost [Boost]"),
    ],
)
def test_skill_icon_emoji_become_tokens(rule_id: str, line: int, title: str) -> None:
    """🔱 is the same glyph for Twin and Triple Drive (lines 1596, 1598); the tokens tell them apart."""
    assert re.search(r"\((?:🔱|👊|👆)\)$", _lines()[line - 1])
    assert rule(rule_id).title == title


def test_no_emoji_remain() -> None:
    emoji = re.compile("[\U0001f300-\U0001faff\ufe0f]")
    for record in _doc().rules:
        assert not emoji.search(f"{record.title} {record.text} {' '.join(record.examples)}")


@pytest.mark.parametrize(
    ("rule_id", "line"),
    [
        ("2.8.1.1.2", 85),
        ("2.8.1.1.3", 87),
        ("2.8.1.1.4", 89),
        ("2.8.1.1.5", 91),
        ("2.8.1.1.6", 93),
        ("2.10.1.1", 109),
        ("2.10.1.2", 111),
        ("2.10.1.3", 113),
        ("2.10.1.4", 115),
    ],
)
def test_two_spaces_after_the_id_mark_a_lost_leading_icon(rule_id: str, line: int) -> None:
    printed = _lines()[line - 1]
    assert f"{rule_id}.  " in printed
    assert rule(rule_id).text == f"{ICON_GAP} {printed.split('.  ', 1)[1]}"


@pytest.mark.parametrize(
    ("rule_id", "expected"),
    [
        ("2.5.2", "the power is indicated by a ⟨icon⟩ icon."),
        ("2.8.1.1.2.1", "indicated by a ⟨icon⟩ or ⟨icon⟩ icon."),
        ("2.16.2.1", 'Cards with ⟨icon⟩ have "Imaginary Gift: Force".'),
        ("3.17.1.2.1", "is indicated by a ⟨icon⟩ icon."),
        ("5.2.2.4", "cards with a ⟨icon⟩ or ⟨icon⟩ (heal) trigger."),
        ("7.4.1.10", "choose a unit with ⟨icon⟩ in the back circle"),
        ("7.7.1.9", "Retire all ⟨icon⟩ GUARDIAN, put them to the G zone"),
        ("10.6.3.3", '"AUTO[⟨icon⟩]: When placed,'),
        ("10.16.1", "is indicated by the icon ⟨icon⟩ or ⟨icon⟩. This is"),
        ("10.18.1", "indicated by an icon like ⟨icon⟩ (1)” or “⟨icon⟩ CHARGE (1)”."),
        ("10.22.9.1", "When a ⟨icon⟩ that a unit or card is on"),
        ("10.25.1.1", "legion may be indicated as ⟨icon⟩."),
        ("10.25.12", '"When (unit) ⟨icon⟩ refers to when'),
        ("10.25.16", "cannot ⟨icon⟩ as a Legion Leader."),
        ("10.30.1", 'an icon like ⟨icon⟩(1) or "⟨icon⟩".'),
        (
            "11.10.1",
            "directly after a “⟨icon⟩.”. The Seek Mate icon is indicated with icons similar to "
            "⟨icon⟩ and ⟨icon⟩,",
        ),
        ("11.10.2", "“**ACT** [⟨icon⟩] ⟨icon⟩ [card characteristic]”"),
        ("11.11.1", "abilities that begin with ⟨icon⟩. It specifies"),
        (
            "11.11.2",
            "“⟨icon⟩ (Released when both players’ vanguards are grade 3 or greater!)-(timing)-(cost) ⟨icon⟩",
        ),
        ("11.12.2", "units “with ⟨icon⟩” or “with ⟨icon⟩”."),
        ("11.12.3.1", "face up G units on your ⟨icon⟩ and G zone”."),
        ("11.14.1", "Call this card to your ⟨icon⟩ from face down.”"),
        ("11.33.1", "“When this unit is placed on ⟨icon⟩, you may"),
        ("11.42.1", "an ability that is referred to by ⟨icon⟩."),
        ("11.42.2.2", "flip this card over, and ⟨icon⟩ this card on your ⟨icon⟩."),
    ],
)
def test_lost_icons_leave_a_visible_gap(rule_id: str, expected: str) -> None:
    assert expected in rule(rule_id).text


LOST_ICON_RULES = {
    *("2.5.2", "2.6.2", "2.7.2"),
    *(f"2.8.1.1.{n}" for n in range(2, 7)),
    *(f"2.8.1.1.{n}.1" for n in range(2, 7)),
    *(f"2.10.1.{n}" for n in range(1, 5)),
    "2.15.3",
    *(f"2.16.2.{n}" for n in range(1, 4)),
    *("3.17.1.1.1", "3.17.1.2.1", "5.2.2.4", "7.4.1.10", "7.5.1.2.3", "7.5.1.2.4", "7.7.1.9"),
    *("10.6.3.3", "10.16.1", "10.17.1", "10.18.1", "10.22.9.1", "10.25.1.1"),
    *("10.25.12", "10.25.13", "10.25.14", "10.25.16", "10.28.1", "10.30.1"),
    *("11.10.1", "11.10.2", "11.10.2.1", "11.11.1", "11.11.2", "11.12.1", "11.12.2"),
    *("11.12.3.1", "11.12.3.1.1", "11.12.3.2", "11.12.3.2.1", "11.12.3.3", "11.12.3.3.1"),
    *("11.14.1", "11.14.2", "11.14.3", "11.29.1", "11.33.1", "11.42.1", "11.42.2.1", "11.42.2.2"),
}
"""Owners of the 67 lines of the spec 2.6 table (1657 continues 11.12.1; 151-156 belong to 2.15.3)."""


def test_gap_markers_appear_exactly_in_the_spec_lines() -> None:
    assert len(LOST_ICON_RULES) == 61
    marked = {r.rule_id for r in _doc().rules if ICON_GAP in r.text or any(ICON_GAP in e for e in r.examples)}
    assert marked == LOST_ICON_RULES


@pytest.mark.parametrize(
    ("rule_id", "literal"),
    [
        ("3.1.1.5", "The actions written within **[]** are the cost."),
        ("8.1.1.1.1", "The text within the [] indicates"),
    ],
)
def test_literal_empty_brackets_are_not_lost_icons(rule_id: str, literal: str) -> None:
    """Lines 226 and 859 use ``[]`` for cost brackets, not for a lost zone icon."""
    assert literal in rule(rule_id).text


def test_markdown_bold_is_kept_for_display() -> None:
    assert "**LB 4** or **LB 5**" in rule("11.6.1").text
    assert "“ACT Shinken Hissatsu:”" in rule("11.39.1.3").text  # line 1900 is not bold in the document


# --- changelog (spec 1) -------------------------------------------------------------------------------------


def test_changelog_entries() -> None:
    entries = _doc().changelog
    assert [entry.key for entry in entries] == [f"changelog/2.01/{n}" for n in range(1, 9)]
    assert [entry.line for entry in entries] == list(range(2029, 2044, 2))
    assert {(entry.version, entry.date) for entry in entries} == {("2.01", "2018-06-01")}
    assert entries[0].text == "Updated definition of trigger icons."
    assert entries[5].text == "Updated procedure for playing and resolving cards and abilities"
    assert entries[7].text == "Updated definition about restriction icons."


def test_changelog_is_never_rules_nor_references() -> None:
    assert max(record.line for record in _doc().rules) == 2023
    assert "Changelog" not in rule("12.11.1").text and "2.01" not in rule("12.11.1").text
    assert not any("2.01" in record.references for record in _doc().rules)


# --- references (spec 2.8) ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "references"),
    [
        ("1.2.2", ["3.5", "9"]),  # "(Section 3.5)", "(Section 9)"
        ("2.2.1.1", ["7"]),  # See “Attack and Battle” (Section 7)
        ("3.9.1.1", ["10.25"]),
        ("2.10.1.4", ["11.2.4"]),
        ("7.5.1.2.2", ["8.5.2.1"]),  # "(Section 8.5.2.1.)", dot inside the parentheses
        ("8.6.3", ["12.2"]),  # '"cannot use"(Section 12.2)', no space
        ("5.1.2", ["8"]),  # '(see "...", Section 8)'
        ("10.2.1", ["3.12"]),  # "See Section 3.12 for more details"
        ("11.4.1", ["7.4.1.10"]),
        ("6.4.1.2.1.3", ["6.4.1.3"]),  # "proceed to 6.4.1.3."
        ("3.12.4.3", ["3.12.4.2", "3.12.4.1"]),
        ("5.4.2", ["5.1.1", "5.3"]),  # "rule 5.1.1 and 5.3"
        ("6.6.1.2.2", ["8.5"]),  # "(refer to 8.5)"
        ("11.32.1", ["10.31"]),  # "See 10.31"
        ("7.4.1.5.1", ["7.4.1.3"]),  # "in 7.4.1.3. will"
        ("11.6.2", ["11.6.1"]),  # "defined in 11.6.1. are"
        ("10.37.1", ["12.11", "12.11.3"]),  # bare ids in parentheses
        ("10.37.2", ["10.13"]),
        ("11.42.2", ["12.10.1"]),
        ("12.10.4", ["3.17.3"]),
        ("7.1.2", ["7.4.1.1", "7.8.1.4"]),  # range "from .. to .."
        ("7.5.1.2", ["7.5.1.2.1", "7.5.1.2.4"]),
        ("7.6.1.2", ["7.6.1.2.1", "7.6.1.3"]),
        ("8.7.2", ["8.7.1.1", "8.7.1.3"]),  # hyphen range "8.7.1.1-8.7.1.3"
        ("7.1.2.3", ["7.3.1.4"]),  # printed twice, kept once; 7.3.1.4 does not exist
        ("3.7.1", []),  # See “Characteristic of cards”: a title, no number
        ("12.1.1.4", []),  # example "Power +200000"
    ],
)
def test_references(rule_id: str, references: list[str]) -> None:
    assert rule(rule_id).references == references


def test_reference_totals_and_dangling_references() -> None:
    """134 printed references (spec 2.8); 7.1.2.3 prints 7.3.1.4 twice, so 133 after deduplication."""
    assert sum(len(record.references) for record in _doc().rules) == 133
    dangling = [(r.rule_id, ref) for r in _doc().rules for ref in r.references if ref not in _by_id()]
    assert dangling == [
        ("7.1.2.2", "7.3.1.4"),
        ("7.1.2.3", "7.3.1.4"),
        ("7.1.2.4", "7.3.1.4"),
        ("10.27.5.2", "10.28.3.2"),
        ("10.37.1", "12.11.3"),
        ("11.14.2", "7.4.1.2.2"),
    ]


def test_references_never_include_the_rule_itself() -> None:
    doc = parse(mini("Section 1. Outline", "", "1.1. Heading", "", "- 1.1.1. See 1.1.1 and (Section 1.1)."))
    assert doc.rules[-1].references == ["1.1"]


# --- keywords (spec 4) --------------------------------------------------------------------------------------


def test_keywords_of_section_11() -> None:
    keywords = _doc().keywords
    assert len(keywords) == 43  # 11.2-11.42 plus the drive sub-keywords 11.2.3 and 11.2.4
    assert [k.rule_id for k in keywords][:5] == ["11.2", "11.2.3", "11.2.4", "11.3", "11.4"]
    assert {k.rule_id for k in keywords} == {f"11.{n}" for n in range(2, 43)} | {"11.2.3", "11.2.4"}
    assert len({k.name for k in keywords}) == 43
    for keyword in keywords:
        assert rule(keyword.rule_id).kind == "heading"
        assert all(re.fullmatch(r"[A-Za-z0-9 ]+", alias) for alias in keyword.aliases)


@pytest.mark.parametrize(
    ("name", "rule_id", "aliases"),
    [
        ("Twin Drive!!", "11.2.3", ["Twin Drive"]),
        ("Triple Drive!!!", "11.2.4", ["Triple Drive"]),
        ("Intercept", "11.3", []),
        ("Boost", "11.4", []),
        ("Limit Break", "11.6", ["LB"]),
        ("Seek Mate", "11.10", []),
        ("Generation Break", "11.12", ["GB"]),
        ("G Guardian", "11.14", []),
        ("Shinken Hissatsu", "11.39", []),
        ("Ultimate Stride Skill", "11.42", ["Ultimate Stride"]),
        ("Drive Abilities", "11.2", ["Drive Ability"]),
    ],
)
def test_keyword(name: str, rule_id: str, aliases: list[str]) -> None:
    keyword = next(k for k in _doc().keywords if k.name == name)
    assert (keyword.rule_id, keyword.aliases) == (rule_id, aliases)


# --- id normaliser ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("1.2.2.1", ["1.2.2.1"]),
        ("1.2.2.1.", ["1.2.2.1"]),
        ("rule 1 2 2 1", ["1.2.2.1"]),
        ("Rule 1.2.2.1", ["1.2.2.1"]),
        ("7.4", ["7.4"]),
        ("7-4", ["7.4"]),
        ("7–4", ["7.4"]),
        ("７．４", ["7.4"]),
        ("section 7", ["7"]),
        ("Section 10.25", ["10.25"]),
        ("7", ["7"]),
        ("7.", ["7"]),
        ("§7.4", ["7.4"]),
        ("cr 10.7.1.1.1.1.1", ["10.7.1.1.1.1.1"]),
        ("07.04", ["7.4"]),
        ("99.99", ["99.99"]),  # canonical even though the document has no such rule
    ],
)
def test_normalise_id(query: str, expected: list[str]) -> None:
    assert normalise_id(query) == expected


@pytest.mark.parametrize("query", ["", "   ", "hello", "7.4a", "3-13d", "rule", "-7", "x" * 100, "Intercept"])
def test_normalise_id_refuses_non_ids(query: str) -> None:
    assert normalise_id(query) == []


# --- refusing other texts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   \n\n", "empty"),
        ("Hello world\nThis is not a rules document.", "No 'Section N. Title' heading"),
        (
            "Hello world\n\nSection 1. Outline\n\n1.1. A",
            "Line 1 has text before the first 'Section N.' heading",
        ),
        ("1. Game Concepts\n100. General\n100.1. These Magic rules apply", "No 'Section N. Title' heading"),
        (mini("Section 1. Outline", "", "Some preamble only."), "No numbered rule"),
        (mini("Section 1. Outline", "", "1.1. A", "1.1. B"), "Rule 1.1 appears twice, at lines 7 and 8"),
        (mini("Section 1. Outline", "", "2.1. Elsewhere"), "Rule 2.1 (line 7) belongs to Section 2"),
        (mini("Section 1. O", "", "1.1. A", "", "Changelog", "", "Fixed things."), "Changelog line 11"),
        (mini("Section 1. O", "", "1.1. A", "Changelog", "February 30th, 2018 ver. 2.02 update"), "date"),
    ],
)
def test_other_texts_are_refused_with_a_clear_sentence(text: str, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)):
        parse(text)


def test_parse_error_is_a_user_facing_value_error() -> None:
    with pytest.raises(RulesParseError) as caught:
        parse("")
    assert isinstance(caught.value, ArbiterError) and isinstance(caught.value, ValueError)
    assert str(caught.value).endswith(".")


def test_changelog_without_its_title_still_stays_out_of_the_rules() -> None:
    text = "\n".join(line for number, line in enumerate(_lines(), start=1) if number != 2025)
    doc = parse(text)
    assert [entry.key for entry in doc.changelog] == [f"changelog/2.01/{n}" for n in range(1, 9)]
    assert doc.meta.version == "2.01"
    assert "2.01" not in next(r for r in doc.rules if r.rule_id == "12.11.1").text


def test_document_without_changelog_has_no_version() -> None:
    doc = parse(mini("Section 1. Outline", "", "1.1. Heading", "", "- 1.1.1. A rule."))
    assert (doc.meta.version, doc.meta.date, doc.changelog) == (None, None, [])
    assert [r.rule_id for r in doc.rules] == ["1", "1.1", "1.1.1"]


# --- properties ---------------------------------------------------------------------------------------------


@given(st.one_of(st.text(max_size=60), st.from_regex(r"\A(rule |section |§)?[0-9 .\-–]{0,20}[a-z]?\Z")))
def test_normalise_id_never_raises(query: str) -> None:
    result = normalise_id(query)
    assert isinstance(result, list) and all(isinstance(candidate, str) for candidate in result)
    assert all(re.fullmatch(r"\d+(?:\.\d+)*", candidate) for candidate in result)


VARIANTS: list[Callable[[str], str]] = [
    lambda rule_id: rule_id,
    lambda rule_id: rule_id.replace(".", "-"),
    lambda rule_id: rule_id.replace(".", " "),
    lambda rule_id: f"{rule_id}.",
    lambda rule_id: f"rule {rule_id}",
    lambda rule_id: f"Rule {rule_id.replace('.', ' ')}",
    lambda rule_id: f"  {rule_id.replace('.', '-')}. ",
    lambda rule_id: f"§{rule_id}",
]


@given(st.sampled_from(sorted(_by_id())), st.sampled_from(VARIANTS))
def test_typed_variants_normalise_to_the_id(rule_id: str, variant: Callable[[str], str]) -> None:
    assert normalise_id(variant(rule_id))[0] == rule_id


@st.composite
def _damaged_document(draw: st.DrawFn) -> str:
    """The document with random lines, and sometimes one random run of lines, deleted."""
    lines = list(_lines())
    doomed = draw(st.sets(st.integers(0, len(lines) - 1), max_size=40))
    if draw(st.booleans()):
        start = draw(st.integers(0, len(lines) - 1))
        doomed |= set(range(start, start + draw(st.integers(1, 60))))
    return "\n".join(line for index, line in enumerate(lines) if index not in doomed)


@given(_damaged_document())
def test_damaged_documents_parse_or_are_refused(text: str) -> None:
    try:
        doc = parse(text)
    except RulesParseError as error:
        assert str(error)
        return
    ids = [record.rule_id for record in doc.rules]
    assert len(ids) == len(set(ids))
    assert [record.order for record in doc.rules] == list(range(len(ids)))
