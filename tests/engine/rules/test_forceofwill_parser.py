"""Tests for the Force of Will Comprehensive Rules 12.9 parser.

Line numbers ("L123") are 1-based lines of ``data/rules/forceofwill-comprehensive-rules-12.9.txt``, as in
the spec ``games/forceofwill.md`` of the shared folder.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules.errors import RulesParseError
from engine.rules.model import ParsedDocument, RuleRecord
from engine.rules.parsers import forceofwill
from engine.rules.parsers.forceofwill import find_references, normalise_id, parse
from tests.property_costs import SERVICE

DOCUMENT = Path(__file__).resolve().parents[3] / "data" / "rules" / "forceofwill-comprehensive-rules-12.9.txt"
CANONICAL = re.compile(r"^\d{3,4}(?:\.\d{1,2}(?:[a-z](?:-\d+)?)?)?$")


@cache
def _raw() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@cache
def _lines() -> tuple[str, ...]:
    return tuple(_raw().split("\n"))


@cache
def _doc() -> ParsedDocument:
    return parse(_raw())


@cache
def _by_id() -> dict[str, RuleRecord]:
    return {rule.rule_id: rule for rule in _doc().rules}


@cache
def _ids() -> tuple[str, ...]:
    return tuple(rule.rule_id for rule in _doc().rules)


def rule(rule_id: str) -> RuleRecord:
    return _by_id()[rule_id]


def raw_line(number: int) -> str:
    """Line ``number`` (1-based) of the document."""
    return _lines()[number - 1]


# --------------------------------------------------------------------------------------------------
# Identity and layout
# --------------------------------------------------------------------------------------------------


def test_format_constants() -> None:
    assert forceofwill.FORMAT == "forceofwill-cr"
    assert forceofwill.PARSER_VERSION == 1


def test_meta_from_title_block() -> None:
    meta = _doc().meta
    assert (meta.game, meta.kind, meta.title) == ("forceofwill", "rules", "Force of Will Comprehensive Rules")
    assert meta.version == "12.9"
    assert meta.date == "2026-03-27"  # L5 "Last Update: **March 27th**, 2026"
    assert meta.edition == "ver. 12.9"


def test_document_has_4612_lines_not_4611() -> None:
    """Spec header says 4,611 lines; that is the newline count, the last line (L4612) has none."""
    assert _raw().count("\n") == 4611
    assert len(_lines()) == 4612
    assert raw_line(4612) == "- Added [Torrent] and clarified Continuous Ability"


# --------------------------------------------------------------------------------------------------
# Counts (spec 2.2, 2.3)
# --------------------------------------------------------------------------------------------------


def test_distinct_id_count() -> None:
    assert len(_ids()) == 1689
    assert len(set(_ids())) == 1689


def test_counts_by_kind_and_depth() -> None:
    kinds = Counter(rule.kind for rule in _doc().rules)
    depths = Counter(rule.depth for rule in _doc().rules)
    assert kinds["chapter"] == 14
    assert kinds["section"] == 272
    assert depths == {0: 14, 1: 272, 2: 868, 3: 485, 4: 50}
    assert kinds["rule"] + kinds["heading"] == 868 + 485 + 50


def test_counts_without_old_rules_chapter() -> None:
    assert sum(1 for rule in _doc().rules if rule.section != "1400") == 1600


def test_chapters_are_the_fourteen_hundreds() -> None:
    chapters = [rule.rule_id for rule in _doc().rules if rule.kind == "chapter"]
    assert chapters == [str(n * 100) for n in range(1, 15)]


def test_sections_have_no_gaps_or_duplicates() -> None:
    expected = [
        *range(101, 106), *range(201, 213), *range(301, 323), *range(401, 406), *range(501, 506),
        *range(601, 606), *range(701, 719), *range(801, 808), *range(901, 913), *range(1001, 1052),
        *range(1101, 1198), *range(1201, 1209), *range(1301, 1310), *range(1401, 1417),
    ]  # fmt: skip
    sections = [int(rule.rule_id) for rule in _doc().rules if rule.kind == "section"]
    assert sections == expected


def test_id_line_prefixes_are_cosmetic() -> None:
    """Spec 2.3: 1,232 ids with no prefix, 400 with "- ", 57 with " - "."""
    prefixes = Counter()
    for record in _doc().rules:
        line = raw_line(record.line)
        prefixes["- " if line.startswith("- ") else " - " if line.startswith(" - ") else ""] += 1
    assert prefixes == {"": 1232, "- ": 400, " - ": 57}


def test_ids_are_canonical_and_unique_and_ordered() -> None:
    rules = _doc().rules
    assert all(CANONICAL.match(rule.rule_id) for rule in rules)
    assert [rule.order for rule in rules] == list(range(len(rules)))
    lines = [rule.line for rule in rules]
    assert lines == sorted(lines)
    assert len(set(lines)) == len(lines)


def test_record_lines_point_at_their_ids() -> None:
    for record in _doc().rules:
        line = raw_line(record.line).lstrip(" -")
        assert line.startswith(record.rule_id), record.rule_id


# --------------------------------------------------------------------------------------------------
# Table of contents and body bounds (spec 2.1, 2.8 B)
# --------------------------------------------------------------------------------------------------


def test_table_of_contents_is_skipped() -> None:
    first = _doc().rules[0]
    assert (first.rule_id, first.kind, first.title, first.line) == ("100", "chapter", "Overview", 149)
    assert raw_line(9).startswith("100. Overview\t")  # the TOC row is not the body start
    assert min(rule.line for rule in _doc().rules) == 149


def test_toc_only_numbers_are_absent_and_body_only_sections_present() -> None:
    assert "453" not in _by_id()  # L56 TOC misprint for 405
    assert rule("405").title == "Setting Up the Game"
    assert [rule(str(n)).line for n in (1401, 1416)] == [3839, 3981]


def test_body_ends_before_change_log() -> None:
    assert max(rule.line for rule in _doc().rules) < 4005
    assert rule("1416.6").line == 4003
    assert "Term" not in rule("1416.6").text


# --------------------------------------------------------------------------------------------------
# Hierarchy (spec 2.4)
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "parent", "depth", "kind"),
    [
        ("100", None, 0, "chapter"),
        ("104", "100", 1, "section"),
        ("1101", "1100", 1, "section"),
        ("104.1", "104", 2, "rule"),
        ("402.3a", "402.3", 3, "rule"),
        ("903.2k-2", "903.2k", 4, "rule"),
        ("1411.1e-1", "1411.1e", 4, "rule"),
        ("903.2d-1", "903.2d", 4, "rule"),  # L1533: visual order kept, parent by truncation
    ],
)
def test_parent_by_truncation(rule_id: str, parent: str | None, depth: int, kind: str) -> None:
    record = rule(rule_id)
    assert (record.parent_id, record.depth, record.kind) == (parent, depth, kind)


def test_every_parent_exists_and_precedes_its_child() -> None:
    order = {rule.rule_id: rule.order for rule in _doc().rules}
    for record in _doc().rules:
        if record.kind == "chapter":
            assert record.parent_id is None
        else:
            assert record.parent_id in order
            assert order[record.parent_id] < record.order


def test_section_field_is_the_chapter() -> None:
    for record in _doc().rules:
        head = record.rule_id.split(".")[0]
        assert record.section == str(int(head) - int(head) % 100)
    assert rule("903.2k-2").section == "900"
    assert rule("900").section == "900"


@pytest.mark.parametrize(
    ("rule_id", "line", "previous"),
    [("104.10", 217, "104.9"), ("307.10", 682, "307.9"), ("1179.10", 3420, "1179.9")],
)
def test_two_digit_n_sorts_after_nine(rule_id: str, line: int, previous: str) -> None:
    record = rule(rule_id)
    assert record.line == line
    assert record.parent_id == rule_id.split(".")[0]
    assert rule(previous).order < record.order


@pytest.mark.parametrize(
    ("rule_id", "line", "parent"),
    [
        ("321.1l", 829, "321.1"),
        ("903.2l", 1598, "903.2"),
        ("903.2i", 1565, "903.2"),
        ("903.2o", 1618, "903.2"),
        ("104.8a", 207, "104.8"),
    ],
)
def test_letters_l_i_o_are_letters(rule_id: str, line: int, parent: str) -> None:
    assert (rule(rule_id).line, rule(rule_id).parent_id) == (line, parent)


def test_letter_l_sub_sub_rules() -> None:
    children = [r.rule_id for r in _doc().rules if r.parent_id == "903.2l"]
    assert children == ["903.2l-1", "903.2l-2", "903.2l-3"]
    assert "903.21" not in _by_id()


def test_dashed_form_has_no_dot_and_sits_where_spec_lists() -> None:
    dashed = [r for r in _doc().rules if "-" in r.rule_id]
    assert len(dashed) == 50
    assert all(not raw_line(r.line).lstrip(" -").startswith(f"{r.rule_id}.") for r in dashed)
    parents = Counter(r.parent_id for r in dashed)
    assert parents["903.2h"] == 5
    assert parents["903.2k"] == 5
    assert rule("319.5a-1").line == 787
    assert rule("903.2k-2").line == 1594


def test_title_only_numbered_lines_are_headings() -> None:
    headings = {r.rule_id: r.title for r in _doc().rules if r.kind == "heading"}
    assert headings == {
        "318.2": "<Shinobi> EX Area",
        "318.3": "<Possession> EX Area",
        "319.4": "<Armament> EX Deck (Number)",
        "319.5": "<Crew> EX Deck (Number)",
        "319.6": "<Treasury> EX Deck (Number)",
    }
    assert rule("318.2").text == ""


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("800", "Battle"),
        ("1022", "Put / Move / Remove a counter"),  # L2287 bold dropped from the title
        ("709", "Play Cards with [Quickcast]"),  # L1192 trailing dot dropped
        ("1127", "[Resonance] / [Omniresonance]"),
        ("1108", "[Swiftress]"),  # printed spelling kept in the title
    ],
)
def test_heading_titles(rule_id: str, title: str) -> None:
    assert rule(rule_id).title == title


def test_rules_have_text_and_no_title() -> None:
    for record in _doc().rules:
        if record.kind == "rule":
            assert record.title is None
            assert record.text, record.rule_id


# --------------------------------------------------------------------------------------------------
# Examples (spec 2.5)
# --------------------------------------------------------------------------------------------------


def test_example_count_and_markers_removed() -> None:
    """Spec 2.5: 111 ``Ex.`` (L3753 is not an example), 18 ``- Ex.``, 2 ``*Ex.``, 2 ``Ex:``, 1 ``Ex``."""
    examples = [example for rule in _doc().rules for example in rule.examples]
    assert len(examples) == 110 + 18 + 2 + 2 + 1
    for example in examples:
        assert not re.match(r"^(?:-\s*)?\*?Ex\b", example)
        assert example == example.strip()
        assert example[:1] and not example[:1].islower()


@pytest.mark.parametrize(
    ("line", "rule_id", "index", "start"),
    [
        (177, "104.2", 0, "If a card has an alternative cost"),  # Ex.
        (288, "203.3a", 0, "'If you control \"Hansel\"' means"),  # - Ex. with stray *
        (298, "203.5b", 0, "If something refers to 'a card with the printing name"),
        (1599, "903.2l", 0, 'The activate ability of "Gill Lapis'),
        (1884, "909.4b", 0, 'If you play and resolve a spell that says " Resonators'),
        (2930, "1128.4", 0, 'An entity with "This card has the fire magic stone type."'),
        (3939, "1412.3", 0, '"When a resonator your opponent controls attacks, pay [3]."'),
        (
            225,
            "104.10",
            1,
            "If an effect that says “Players cannot play any spell that they would have to pay two",
        ),
        (
            231,
            "104.10",
            2,
            "If an effect that says “Players cannot play any spell that they would have to pay three",
        ),
        (1847, "909.2a", 0, 'If there is an effect (1) with "Target resonator'),  # Ex:
        (1849, "909.2a", 1, "If there is an effect (1) of player A"),
        (1933, "910.2e", 0, "Player B controls a darkness Skeleton"),  # Ex without punctuation
    ],
)
def test_example_forms(line: int, rule_id: str, index: int, start: str) -> None:
    example = rule(rule_id).examples[index]
    assert example.startswith(start)
    assert not example.endswith("*")
    assert start.split()[0] in raw_line(line)


def test_dash_example_lines_lose_their_stray_star() -> None:
    for line in (288, 289, 291, 292, 294, 298, 1599, 1600, 1879, 1880, 1881, 1882, 1884, 2930, 3933, 3935):
        assert raw_line(line).startswith("- Ex.") and raw_line(line).endswith("*")
    assert rule("1412.2a").examples == [
        '"At end of turn" or "When a resonator enters your opponent\'s field"'
    ]
    assert all(not e.endswith("*") for r in _doc().rules for e in r.examples)


@pytest.mark.parametrize(
    ("rule_id", "index", "paragraphs", "fragments"),
    [
        (
            "104.10",
            1,
            3,
            ("potential actual cost is 2 in this case.", "Also, in the same situation, player B"),
        ),
        ("910.2e", 0, 2, ("choosing players A and B.", "As the replacement effect of")),  # L1933 -> L1935
        ("1049.1", 0, 3, ("If later in the same turn", "But if that player would have used")),  # L2583-L2587
        ("1146.3a", 0, 6, ("[Guidance](1): Produce [W].", "Now, if 2 guidance counters")),  # L3097-L3107
        ("1146.3b", 0, 2, ("following automatic ability:", "“Whenever one or more guidance")),  # L3111-L3113
    ],
)
def test_multi_paragraph_examples(
    rule_id: str, index: int, paragraphs: int, fragments: tuple[str, ...]
) -> None:
    example = rule(rule_id).examples[index]
    assert example.count("\n") == paragraphs - 1
    for fragment in fragments:
        assert fragment in example


def test_italic_example_continuation_is_unwrapped() -> None:
    """L227 ``*Also, … case."*`` continues the italic example of L225 in the same style."""
    continuation = rule("104.10").examples[1].split("\n")[1]
    assert continuation.startswith("Also, in the same situation, player B **cannot** play")
    assert not continuation.endswith("*")


def test_false_example_joins_1304_6() -> None:
    """L3753 ``Ex. from ruler to 1st form…`` is the end of 1304.6's sentence (L3751)."""
    record = rule("1304.6")
    assert record.examples == []
    assert "side would change Ex. from ruler to 1st form J-ruler via a judgment process" in record.text
    assert record.text.endswith("its orientation remains the same.")


@pytest.mark.parametrize(
    ("rule_id", "fragment"),
    [
        ("404.7a", "(*Ex. by restricting the number of copies"),  # L952
        ("902.1", '(*Ex. "until end of turn" or "until end of game"*)'),  # L1479
        ("909.2", "(*Ex. “Resonators with [Flyng] you control (gain/lose)... ”.*)"),  # L1837
        ("1014.2", "(*Ex."),  # L2143
        ("1145.2a", "If you can't (Ex. Because there is no legal ruler"),  # L3074
        ("1145.2b", "If you can't (Ex. Because there is no other legal ruler"),  # L3076
    ],
)
def test_inline_examples_stay_in_text(rule_id: str, fragment: str) -> None:
    assert fragment in rule(rule_id).text


def test_inline_example_lines_of_909_2_are_text() -> None:
    record = rule("909.2")
    assert record.examples == []
    assert sum(line.startswith("(*Ex.") for line in record.text.split("\n")) == 7  # L1829-L1841


def test_bullets_after_an_example_return_to_the_rule_text() -> None:
    """905.1c: the bullets L1679 and L1683 follow examples but belong to the rule (spec 2.4)."""
    record = rule("905.1c")
    assert "\n- It is possible for an activate ability to have only cost components" in record.text
    assert "\n- If an ability of effect modifies the “will activation cost”" in record.text
    assert len(record.examples) == 2


# --------------------------------------------------------------------------------------------------
# Page-break splits (spec 2.7)
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "first", "second"),
    [
        ("104.6", 185, 187),
        ("104.10", 219, 221),
        ("206.4", 352, 354),
        ("206.4", 354, 355),
        ("321.1l", 829, 831),
        ("403.2a", 914, 916),
        ("705.3a", 1148, 1150),
        ("713.3c", 1242, 1244),
        ("903.2g", 1543, 1545),
        ("903.3d", 1634, 1636),
        ("909.8", 1889, 1891),
        ("910.2f", 1937, 1939),
        ("1017.4", 2206, 2208),
        ("1028.2e", 2379, 2381),  # inside an example
        ("1033.1", 2425, 2427),
        ("1103.2a", 2686, 2688),
        ("1145.2c", 3079, 3081),  # inside an example
        ("1304.6", 3751, 3753),  # the false "Ex."
        ("1017.1", 2167, 2168),  # line wrap after a comma
        ("1017.1", 2168, 2169),  # line wrap after "and"
    ],
)
def test_page_break_splits_are_rejoined(rule_id: str, first: str, second: int) -> None:
    record = rule(rule_id)
    tail = raw_line(first).rstrip()[-25:]
    head = raw_line(second).strip()[:25]
    joined = f"{tail} {head}"
    assert any(joined in part for part in (record.text, *record.examples)), joined


def test_no_paragraph_starts_in_lowercase() -> None:
    for record in _doc().rules:
        for paragraph in "\n".join([record.text, *record.examples]).split("\n"):
            assert not paragraph[:1].islower(), (record.rule_id, paragraph[:60])


def test_race_list_is_one_line_of_333_names() -> None:
    text = rule("206.4").text
    assert "there are **336** types of Races" in text  # as printed (spec 2.8 E)
    names = text.split("\n")[1].removeprefix("- ").removesuffix(".").split(", ")
    assert len(names) == 333
    assert names[0] == "AAA" and names[-1] == "Zombie"


# --------------------------------------------------------------------------------------------------
# Attached lines: bullets, continuation paragraphs, data blocks (spec 2.4)
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "line"),
    [
        ("104.7a", 197),
        ("104.10", 219),
        ("321.1b", 807),
        ("321.1b", 809),
        ("405.5a", 964),
        ("505.5", 1025),
        ("505.5", 1029),
        ("602.1", 1047),
        ("602.1", 1050),
        ("803.3", 1368),
        ("803.3", 1372),
        ("901.1", 1435),
        ("902.1", 1475),
        ("903.2c", 1529),
        ("903.2h-3", 1555),
        ("903.2h-3", 1557),
        ("903.2i", 1567),
        ("906.1", 1723),
        ("906.2", 1727),
        ("909.3c", 1859),
        ("910.2f", 1941),
        ("911.1", 1961),
        ("1010.1", 2093),
        ("1010.1", 2103),
        ("1113.2a", 2770),
        ("1120.3", 2850),
        ("1145.2a", 3074),
        ("1145.2c", 3078),
        ("1303.1", 3705),
        ("1309.1a", 3821),
        ("1405.1a", 3867),
        ("1405.1b", 3871),
    ],
)
def test_unnumbered_lines_join_the_rule_above(rule_id: str, line: int) -> None:
    printed = raw_line(line).strip()
    assert printed[:40] in rule(rule_id).text


def test_bullets_are_normalised_and_kept_on_their_own_lines() -> None:
    lines = rule("505.5").text.split("\n")
    assert lines[1] == "- All damage on resonators or J-rulers becomes zero."  # L1025 " - …"
    assert len(lines) == 6
    assert rule("602.1").text.split("\n")[2] == "- Choose and play triggered **automatic objects**."


@pytest.mark.parametrize(
    ("rule_id", "expected_lines"),
    [
        ("1028.1", ["- Clear", "- Rain", "- Thunderstorm", "- Pollution"]),
        (
            "1102.4",
            ["- [Limit]", "- [Mana]", "- [Divinity]", "- [Stranger]", "- [Investigate]", "- [Defiant]"],
        ),
        ("1102.5", ["- [Awakening]", "- [Inheritance]", "- [Dive]", "- [Reincarnation]", "- [Solarisation]"]),
        ("1102.6", ["- [Divinity]"]),
        ("1101.3", ["1. «Will of Hope»", "3. «Dragon Emblem» (Characteristic)", "17. «Mythic»"]),
    ],
)
def test_data_blocks_join_their_rule(rule_id: str, expected_lines: list[str]) -> None:
    lines = rule(rule_id).text.split("\n")
    for expected in expected_lines:
        assert expected in lines


def test_set_list_block() -> None:
    lines = rule("212.3").text.split("\n")
    assert "ABC Decks (not included in any cluster)" in lines
    assert "Masterpiece Collections (not included in any cluster)" in lines  # not glued to L446
    assert "- VIN001: Vingolf 01: Engage Knights" in lines
    assert lines[-1] == "- 3: The Shaft of Light of Valhalla"  # L578; "- 1:" is not an id
    printed = [raw_line(n) for n in range(432, 579) if raw_line(n).strip()]  # L432-L578
    assert lines[1:] == [line.strip() for line in printed]


def test_keyword_list_has_seventeen_items() -> None:
    items = [line for line in rule("1101.3").text.split("\n") if re.match(r"^\d{1,2}\. «", line)]
    assert len(items) == 17


def test_sealed_item_card_list() -> None:
    lines = rule("1130.6").text.split("\n")
    assert len(lines) == 6
    assert lines[2].endswith("(TSW-045//TSW-04 5J)")  # broken collector number kept as printed


# --------------------------------------------------------------------------------------------------
# Artifacts (spec 2.6)
# --------------------------------------------------------------------------------------------------


def _all_text() -> list[tuple[str, str]]:
    return [(r.rule_id, part) for r in _doc().rules for part in (r.text, *r.examples, r.title or "")]


def test_no_html_tabs_latex_or_escapes_remain() -> None:
    for rule_id, part in _all_text():
        assert "\t" not in part, rule_id
        assert not re.search(r"</?(?:p|ul)\b", part), rule_id
        assert "\\" not in part, rule_id
        assert part.count("$") == (1 if "$t@r" in part else 0), rule_id


def test_card_image_table_becomes_captions() -> None:
    """L249-L252: 14 captions and the (1)-(11) legend, in section 201."""
    lines = rule("201").text.split("\n")
    assert lines[0] == "Ruler | Resonator | Regalia | Addition"
    captions = [cell for line in lines for cell in line.split(" | ") if not cell.startswith("(1)")]
    assert len(captions) == 14
    assert lines[-1].endswith("(11) Additional Information")


def test_priority_table_belongs_to_601_1() -> None:
    """L1038-L1041 TAB table with ``<ul style=…>`` and ``•``."""
    lines = rule("601.1").text.split("\n")
    assert lines[1].startswith("Priority Sequence | Perform rule process.")
    assert lines[4].startswith("End of priority sequence | • If it's a consecutive pass")
    assert not any(1038 <= r.line <= 1041 for r in _doc().rules)  # the rows are not rules


def test_latex_is_plain_text() -> None:
    assert "gain +{(Number) multiplied by 100}/0" in rule("1194.2").text  # L3524
    assert "larger than ⌊(their life-1)/1000⌋ (rounded down)" in rule("1411.1d-1").text  # L3920


def test_escaped_dollar_is_unescaped() -> None:
    assert "“Sieben, Malefic $t@r”" in rule("1017.6d").examples[0]  # L2228


@pytest.mark.parametrize(
    ("rule_id", "fragment"),
    [
        ("202.4e", "the will ability “[icon]: Produce [Will Symbol],”"),  # L276
        ("202.4e", "[Will Symbol] is [icon]; for fire magic stones, [icon];"),
        ("209.2", "[icon]: Light [icon]: Fire [icon]: Water [icon]: Wind [icon]: Darkness"),  # L381
        ("209.3", "[icon]: Void"),  # L387
        ("905.3", "with [icon] included in its required action"),  # L1695
        ("907.5", "[icon]:one will without attribute"),  # L1782
        ("907.6a", '"Produce [icon]" means'),  # L1786
        ("907.7", '- "Light will", refers to "[icon] will".'),  # L1796
        ("1003.2", "[icon]:one any will"),  # L2017
        ("1003.6", "If you need to pay [icon], you need to pay"),  # L2025
        ("1003.7", "If you need to pay [icon], you need to pay"),  # L2027
        ("1013.2", "has a [icon] symbol"),  # L2135
        ("1046.1", "for darkness, [icon]. and for void, [icon]."),  # L2541
        ("1108.2", "with [icon] in its cost"),  # L2730
        ("1137.4", "- [icon]: One light rune. [icon]: One fire rune."),  # L3008
        ("1137.5", "[icon]: One darkness rune."),  # L3012
    ],
)
def test_lost_icons_become_placeholders(rule_id: str, fragment: str) -> None:
    assert fragment in rule(rule_id).text


def test_placeholders_only_where_icons_were_lost() -> None:
    with_icons = {r.rule_id for r in _doc().rules if forceofwill.ICON in r.text + "".join(r.examples)}
    assert with_icons == {
        "202.4e", "209.2", "209.3", "905.3", "907.5", "907.6a", "907.6b", "907.6c", "907.7",
        "1003.2", "1003.6", "1003.7", "1013.2", "1046.1", "1108.2", "1137.4", "1137.5",
    }  # fmt: skip
    assert sum((r.text + "".join(r.examples)).count(forceofwill.ICON) for r in _doc().rules) == 57


def test_surviving_icons_are_kept() -> None:
    assert "☾:Moon ⌚:Time ☯:Void" in rule("204.1a").text  # L312
    assert "🌀" in rule("1119.3a-2").text


def test_bold_is_kept_for_display() -> None:
    assert rule("105.1").text.startswith("**Player:** One who plays the game.")
    assert "**cannot**" in rule("104.10").examples[1]
    assert "See **【800 — Battle】** for more details." in rule("704.1").text  # L1123


def test_no_unbalanced_trailing_star() -> None:
    single = re.compile(r"(?<!\*)\*(?!\*)")
    for rule_id, part in _all_text():
        for paragraph in part.split("\n"):
            if paragraph.endswith("*") and not paragraph.endswith("**"):
                assert len(single.findall(paragraph)) % 2 == 0, rule_id


# --------------------------------------------------------------------------------------------------
# Change log (spec 2.1)
# --------------------------------------------------------------------------------------------------


def test_changelog_entries() -> None:
    log = _doc().changelog
    assert len(log) == 456
    assert log[0].model_dump() == {
        "key": "changelog/12.8/1",
        "version": "12.8",
        "date": "2025-12-25",
        "text": 'Term "Trait" removed from the CR.',
        "line": 4009,
    }
    assert (log[-1].version, log[-1].date, log[-1].line) == ("6.0a", "2016-09-02", 4612)
    assert len({entry.key for entry in log}) == len(log)


def test_changelog_versions_run_from_12_8_back_to_6_0a() -> None:
    versions = list(dict.fromkeys(entry.version for entry in _doc().changelog))
    assert len(versions) == 49
    assert versions[0] == "12.8" and versions[-1] == "6.0a"
    assert "12.9" not in versions  # no entry for the current version (spec 1)
    assert {"12.51", "11.7.1", "11.7", "6.0"} <= set(versions)
    dates = {entry.version: entry.date for entry in _doc().changelog}
    assert dates["11.8"] == "2023-09-08"  # "2023/9/8 Ver. 11.8"


def test_changelog_is_never_rules() -> None:
    texts = "\n".join(part for _, part in _all_text())
    assert 'Term "Trait" removed' not in texts
    assert "Ver. 12.8" not in texts
    assert all(entry.line > 4005 for entry in _doc().changelog)


# --------------------------------------------------------------------------------------------------
# References (spec 2.9)
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "expected"),
    [
        ("104.4", ["404"]),  # "refer to (404)." L181
        ("206.3", ["1102.6"]),  # "(1102.6.)" L349, trailing dot stripped
        ("302.2", ["302.2d"]),  # "(see 302.2d.)" L592
        ("402.2g", ["1420"]),  # dead reference kept as printed, L871
        ("704.1", ["800"]),  # **【800 — Battle】** L1123
        ("1033.1", ["405"]),  # [405. Setting Up the Game] L2425
        ("321.1b", ["1010.1", "1205.5"]),  # "1010.1. or 1205.5." L805; self-reference "(321.1b)" dropped
        ("1145.2c", []),  # "rule 1145.2c" L3078/L3083 is its own id
        ("906.2", ["603"]),  # "(*Check rule 603 …*)" L1725
        ("502.5", ["502.4"]),  # "If step 502.4 was skipped" L1003
        ("1168.2", ["803.4"]),  # "(end of 803.4)" L3291
        ("1017.1", ["1017.2", "1017.3", "1017.5", "1017.6"]),  # lists L2167-L2169
        ("1102.5", ["206.4", "307.4a"]),  # text L2666 and example L2674, deduplicated
        ("906.3d", ["702.3e", "602.1a", "1205.6", "602.1b"]),  # example L1743
        ("1401.1", []),
    ],
)
def test_references(rule_id: str, expected: list[str]) -> None:
    assert rule(rule_id).references == expected


def test_reference_ranges_expand() -> None:
    assert rule("903.2m").references == [f"903.2{c}" for c in "abcdefghijkl"]  # "903.2a. to 903.2l."
    assert rule("909.2a").references == [f"909.3{c}" for c in "abcdefghij"]  # "909.3a to 909.3j." L1843


def test_references_are_canonical_and_never_self() -> None:
    total = 0
    for record in _doc().rules:
        assert record.rule_id not in record.references
        assert len(record.references) == len(set(record.references))
        assert all(CANONICAL.match(ref) for ref in record.references)
        total += len(record.references)
    assert total == 195


def test_dead_references_are_exactly_the_spec_list() -> None:
    dead = {(r.rule_id, ref) for r in _doc().rules for ref in r.references if ref not in _by_id()}
    assert dead == {
        ("402.2g", "1420"),
        ("502.1a", "906.6b"),
        ("502.1b", "906.6b"),
        ("906.3d", "602.1a"),
        ("906.3d", "602.1b"),
        ("1102.5", "307.4a"),
    }


@pytest.mark.parametrize(
    "text",
    [
        "Each player sets their life to 4000.",
        "- (2023 Decks) ABC-WB, ABC-WD",
        "Put three [600/600] Valkyrie resonator tokens",
        "gain [+100/+100] and GITS2045 (*including card SOUVENIR038*)",
        "it would deal 1000 damage, not 2000.",
        "1. «Will of Hope»",
    ],
)
def test_numbers_that_are_not_references(text: str) -> None:
    assert find_references([text]) == []


# --------------------------------------------------------------------------------------------------
# Keywords (spec 4)
# --------------------------------------------------------------------------------------------------


def _keywords_named(name: str) -> list[tuple[str, list[str]]]:
    return [(k.rule_id, k.aliases) for k in _doc().keywords if k.name == name]


def test_keyword_counts() -> None:
    keywords = _doc().keywords
    listed = [k for k in keywords if k.rule_id == "1101"]
    abilities = [k for k in keywords if k.rule_id.isdigit() and 1103 <= int(k.rule_id) <= 1197]
    assert len(listed) == 17
    assert len(abilities) == 96  # 95 sections, 1127 holds two
    assert {k.rule_id for k in abilities} == {str(n) for n in range(1103, 1198)}
    assert _keywords_named("Break") == [("1411.1b", ["[Break]"])]
    assert len(keywords) == 17 + 96 + 1
    assert all(k.rule_id in _by_id() for k in keywords)


def test_resonance_and_omniresonance_share_1127() -> None:
    assert _keywords_named("Resonance") == [("1127", ["[Resonance]"])]
    assert _keywords_named("Omniresonance") == [("1127", ["[Omniresonance]", "Omni-resonance"])]


@pytest.mark.parametrize(
    ("name", "rule_id", "alias"),
    [
        ("Flying", "1107", "[Flying]"),
        ("Flying", "1107", "Flyng"),
        ("Linkage", "1166", "[Linkage] (Zone)"),
        ("Consensus", "1172", "[Consensus] (A or B)"),
        ("Sealed Item", "1130", "[Sealed Item]"),
        ("Swiftness", "1108", "[Swiftress]"),
        ("Swiftness", "1108", "Swiftiness"),
        ("Ibka", "1191", "lbka"),
        ("Precision", "1104", "Target Attack"),  # 1416.3
        ("Judgment", "1125", "J-activate"),  # 1407.1
        ("Judgment", "1125", "Judgement"),
        ("Blood Trail", "1182", "Blood Trial"),
        ("Union Seven <Machine>", "1152", "Union Seven Machine"),
        ("Will of Hope", "1101", "«Will of Hope»"),
        ("Dragon Emblem", "1101", "«Dragon Emblem» (Characteristic)"),
        ("Mythic", "1101", "[Mythic]"),  # 1416.4
    ],
)
def test_keyword_names_and_aliases(name: str, rule_id: str, alias: str) -> None:
    matches = [aliases for found_id, aliases in _keywords_named(name) if found_id == rule_id]
    assert len(matches) == 1
    assert alias in matches[0]
    assert name not in matches[0]


def test_limit_break_is_both_a_keyword_and_an_ability() -> None:
    assert sorted(rule_id for rule_id, _ in _keywords_named("Limit Break")) == ["1101", "1157"]


# --------------------------------------------------------------------------------------------------
# Id normaliser
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("rule 903.2a", ["903.2a"]),
        ("903-2A", ["903.2a"]),
        ("903 2 a", ["903.2a"]),
        ("903.2k-2", ["903.2k-2"]),
        ("903.2k.2", ["903.2k-2"]),
        ("903.2K2", ["903.2k-2"]),
        ("104.10", ["104.10"]),
        ("section 903", ["903"]),
        ("chapter 9", ["900"]),
        ("chapter 14", ["1400"]),
        ("900", ["900"]),
        ("1101", ["1101"]),
        ("402.3a.", ["402.3a"]),
        ("CR 1411.1e-1", ["1411.1e-1"]),
        ("903.21", ["903.21", "903.2l"]),
        ("903.21-1", ["903.2l-1"]),
        ("903.01", ["903.1"]),  # a leading zero is not an "l"
        ("999.9z", ["999.9z"]),  # canonical even if absent
        ("rule", []),
        ("hello world", []),
        ("", []),
        ("0", []),
        ("12345", []),
        ("1.2.3", []),
        ("903.2kk", []),
        ("903.123", []),
    ],
)
def test_normalise_id(query: str, expected: list[str]) -> None:
    assert normalise_id(query) == expected


# --------------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("just some words\nand more", "100. Overview"),
        ("100. Overview\n\n101. General", "title line"),
        ("Force of Will Comprehensive Rules ver. 1\n100. Overview\n101. General\n101. General", "twice"),
    ],
)
def test_not_this_format(text: str, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)):
        parse(text)


def test_gate_ruler_document_is_refused() -> None:
    other = DOCUMENT.with_name("gateruler-comprehensive-rules-1.5.0.txt")
    with pytest.raises(RulesParseError):
        parse(other.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------------


@given(st.one_of(st.text(max_size=60), st.from_regex(r"\A[ a-zA-Z§#]{0,8}[0-9 .\-kKlL]{0,14}\Z")))
def test_normalise_id_never_raises(query: str) -> None:
    result = normalise_id(query)
    assert isinstance(result, list)
    assert all(isinstance(item, str) and CANONICAL.match(item) for item in result)


@given(
    rule_id=st.sampled_from(_ids()),
    upper=st.booleans(),
    separator=st.sampled_from([".", "-", " ", "_", "/", " - "]),
    split_letter=st.booleans(),
    prefix=st.sampled_from(["", "rule ", "Rule ", "CR ", "r", "rules "]),
    trailing_dot=st.booleans(),
)
def test_typed_variants_normalise_to_the_id(
    rule_id: str, upper: bool, separator: str, split_letter: bool, prefix: str, trailing_dot: bool
) -> None:
    typed = re.sub(r"(?<=\d)(?=[a-z])", separator, rule_id) if split_letter else rule_id
    typed = typed.replace(".", separator).replace("-", separator)
    typed = f"{prefix}{typed.upper() if upper else typed}{'.' if trailing_dot else ''}"
    assert normalise_id(typed)[0] == rule_id, typed


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.sets(st.integers(min_value=0, max_value=4611), max_size=30),
        st.sets(st.integers(min_value=0, max_value=4611), min_size=500, max_size=3000),
        st.sets(st.sampled_from([2, 4, 148, 184, 186, 3750, 3752, 4004, 4006]), min_size=1),
    )
)
def test_parsing_with_deleted_lines_never_breaks(deleted: set[int]) -> None:
    text = "\n".join(line for index, line in enumerate(_lines()) if index not in deleted)
    try:
        document = parse(text)
    except RulesParseError:
        return
    ids = [record.rule_id for record in document.rules]
    assert len(ids) == len(set(ids))
    assert [record.order for record in document.rules] == list(range(len(ids)))
