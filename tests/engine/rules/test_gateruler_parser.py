"""Tests of the Gate Ruler comprehensive rules parser against the bundled Ver. 1.5.0 document ("000").

Line numbers (``Lnnn``) are 1-based lines of ``data/rules/gateruler-comprehensive-rules-1.5.0.txt``, as in
the spec ``shared/games/gateruler.md`` (sections 1, 2 and 4).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules.errors import RulesParseError
from engine.rules.model import ParsedDocument, RuleRecord
from engine.rules.parsers import gateruler
from engine.rules.parsers.gateruler import normalise_id, parse
from tests.property_costs import SERVICE

DOCUMENT = Path(__file__).resolve().parents[3] / "data" / "rules" / "gateruler-comprehensive-rules-1.5.0.txt"


@cache
def raw() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@cache
def document() -> ParsedDocument:
    return parse(raw())


@cache
def by_id() -> dict[str, RuleRecord]:
    return {record.rule_id: record for record in document().rules}


def rule(rule_id: str) -> RuleRecord:
    return by_id()[rule_id]


def below_sections() -> list[RuleRecord]:
    return [record for record in document().rules if record.kind != "section"]


# --------------------------------------------------------------------------------------------------
# Identity and counts (spec 1.1, 2.2, 2.3)
# --------------------------------------------------------------------------------------------------


def test_module_identity() -> None:
    assert gateruler.FORMAT == "gateruler-cr"
    assert gateruler.PARSER_VERSION == 1


def test_document_meta_from_the_title_line() -> None:
    meta = document().meta
    assert meta.game == "gateruler"
    assert meta.kind == "rules"
    assert meta.title == "Gateruler Comprehensive Rules"
    assert meta.version == "1.5.0"
    assert meta.date == "2023-02-10"
    assert meta.edition == "Ver. 1.5.0 English-1.0"


SECTION_TITLES = {
    "1": "Overview",
    "2": "Card Information",
    "3": "Zones",
    "4": "Player Properties",
    "5": "Game Preparations",
    "6": "How to Play",
    "7": "Main Phase Actions",
    "8": "Attack Phase",
    "9": "Gate Process",
    "10": "Drive Process",
    "11": "System Process",
    "12": "Rules Effects",
    "13": "Resolving Damage, Damage Prevention, and Healing",
    "14": "Cards and Abilities",
    "15": "Game Actions",
    "16": "Keywords and Keyword Abilities",
    "17": "Other Rules",
}
SECTION_LINES = [23, 62, 184, 394, 440, 474, 515, 582, 652, 701, 746, 760, 810, 887, 1194, 1503, 1741]


def test_the_seventeen_sections_and_no_table_of_contents() -> None:
    sections = [record for record in document().rules if record.kind == "section"]
    assert {s.rule_id: s.title for s in sections} == SECTION_TITLES
    assert [s.line for s in sections] == SECTION_LINES
    assert all(s.depth == 0 and s.parent_id is None and s.section == s.rule_id for s in sections)
    assert min(record.line for record in document().rules) == 23, "the contents (L3-21) are skipped"


def test_1149_distinct_ids_below_the_sections_by_depth() -> None:
    ids = [record.rule_id for record in below_sections()]
    assert len(ids) == 1149
    assert len(set(ids)) == 1149
    assert Counter(record.depth for record in below_sections()) == {1: 185, 2: 517, 3: 343, 4: 101, 5: 3}
    assert list(gateruler.iter_rule_ids(document())) == ids


PER_SECTION = [25, 64, 144, 31, 26, 28, 42, 50, 38, 21, 8, 29, 47, 230, 203, 158, 5]
HEADINGS_PER_SECTION = [5, 17, 19, 5, 3, 5, 11, 7, 4, 4, 2, 6, 8, 20, 38, 30, 1]


def test_per_section_counts() -> None:
    ids = Counter(record.section for record in below_sections())
    headings = Counter(record.section for record in below_sections() if record.kind == "heading")
    assert [ids[str(n)] for n in range(1, 18)] == PER_SECTION
    assert [headings[str(n)] for n in range(1, 18)] == HEADINGS_PER_SECTION


def test_kinds_follow_the_depth() -> None:
    for record in document().rules:
        expected = {0: "section", 1: "heading"}.get(record.depth, "rule")
        assert record.kind == expected, record.rule_id
    assert all(r.title and not r.text for r in document().rules if r.kind == "heading")
    assert all(r.title is None and r.text for r in document().rules if r.kind == "rule")


def test_order_is_strictly_increasing_and_lines_follow_the_document() -> None:
    records = document().rules
    assert [r.order for r in records] == list(range(len(records)))
    assert all(a.line <= b.line for a, b in pairwise(records))
    assert Counter(r.line for r in records).most_common(3) == [(230, 2), (325, 2), (449, 2)]


def test_every_record_sits_in_the_section_its_id_names() -> None:
    for record in below_sections():
        assert record.section == record.rule_id.split("-")[0], record.rule_id
        assert record.rule_id == record.rule_id.lower()
        assert re.fullmatch(r"\d+-\d+(?:[a-l](?:-\d+(?:[a-l](?:-\d+)?)?)?)?", record.rule_id), record.rule_id


# --------------------------------------------------------------------------------------------------
# Irregular ids (spec 2.4), every instance by line
# --------------------------------------------------------------------------------------------------

IRREGULAR = [
    (100, "2-4b", "The existing factions currently in the game are listed below."),  # en dash
    (226, "3-2l", "If an effect specifies multiple zones"),  # printed 3-21
    (230, "3-2l-1", "If such a card text would choose or be resolved on 1 single card"),  # printed 3-2I-1
    (230, "3-2l-2", "If such a card text would choose or be resolved on multiple cards"),  # mid-line 3-2I-2
    (325, "3-10f", "A card in a set zone cannot gain any charges."),  # second rule on the line
    (449, "5-2b-1", "You may have 1 geas card that targets the ruler you chose for 5-2b."),  # "card.5-2b-1."
    (455, "5-2c-1b-1", "Depending on the ruler, there may be different restrictions"),  # 5.2.c.1.b.1
    (458, "5-2c-1c-1", "Depending on the ruler, there may be separate restrictions"),  # 5.2.c.1.c.1
    (460, "5-2c-1d-1", "If a card dictates that"),  # 5.2.c.1.d.1
    (837, "13-3d-2", "If the damage in question"),  # "13-3d-2.If"
    (1163, "14-18f-1", "Declare that you will play"),  # "14-18f-1.Declare"
    (1538, "16-4b-1", "When a Counter ability causes itself"),  # "16-4b-1.When"
    (44, "1-4b-1", "When there are no players left in the game"),  # depth-2 bullet on a depth-3 id
    (206, "3-2d-1", "The card's ready\\exhausted state is preserved if possible."),  # no prefix
    (608, "8-4c-2a", '"At the end of the attack phase" trigger condition is met.'),  # single space
    (1053, "14-12a-2a", "If there is no duration specified"),  # single space
    (1617, "16-14b-2a", "The actions specified by an Abyssal Concerto"),  # single space
]


@pytest.mark.parametrize(("line", "rule_id", "start"), IRREGULAR)
def test_irregular_ids_by_line(line: int, rule_id: str, start: str) -> None:
    record = rule(rule_id)
    assert record.line == line
    assert record.text.startswith(start)


@pytest.mark.parametrize(
    ("line", "rule_id", "title"),
    [
        (1496, "15-38", "Cannot Enter Play/Cannot be Put Into Play"),
        (1737, "16-30", "Essence Drain"),
        (1743, "17-1", "Loop"),
        (1516, "16-2", "Overdrive (OD)"),
        (644, "8-7", "End of attack Step"),
    ],
)
def test_rule_headings_including_bulleted_ones(line: int, rule_id: str, title: str) -> None:
    record = rule(rule_id)
    assert (record.kind, record.line, record.title, record.depth) == ("heading", line, title, 1)
    assert record.parent_id == rule_id.split("-")[0]


def test_misread_ids_are_not_records() -> None:
    for printed in ("3-21", "3-2i-1", "3-2i-2", "3-2I-1", "5.2.c.1.b.1"):
        assert printed not in by_id()
    assert "3-19" in by_id() and "3-20" not in by_id(), "section 3 ends at 3-19"


def test_two_rules_on_one_line_are_split_cleanly() -> None:
    assert rule("3-2l-1").text.endswith("on 1 card from each of the listed zones.)")
    assert rule("3-2l-2").text.endswith("or 1 card from each zone for a total of 2.)")
    assert rule("3-10e").text.endswith("it is referring to a card in a set zone.")
    assert rule("5-2b").text == "You must have exactly one ruler card."
    assert rule("5-2b-1").parent_id == "5-2b"
    assert rule("3-2l-2").parent_id == "3-2l"


def test_no_text_keeps_an_id_or_bullet_prefix() -> None:
    for record in document().rules:
        assert not record.text.startswith(("-", " ", "•")), record.rule_id
        assert not re.match(r"\d+[-–.]\d+", record.text), record.rule_id


# --------------------------------------------------------------------------------------------------
# Parents (spec 2.3, 2.4)
# --------------------------------------------------------------------------------------------------

ORPHANS = {
    "2-7a-1": "2-7",
    "2-7a-2": "2-7",
    "2-8a-1": "2-8",
    "2-9a-1": "2-9",
    "2-9a-2": "2-9",
    "2-10a-1": "2-10",
    "2-10a-2": "2-10",
    "2-11a-1": "2-11",
    "2-11a-2": "2-11",
    "2-11a-3": "2-11",
}


def test_orphans_attach_to_the_nearest_printed_ancestor() -> None:
    for rule_id, parent in ORPHANS.items():
        assert rule(rule_id).parent_id == parent
        assert rule(rule_id).depth == 3
        assert rule_id[:-2] not in by_id(), f"{rule_id[:-2]} is never printed"


@pytest.mark.parametrize(
    ("rule_id", "parent"),
    [
        ("1-1", "1"),
        ("17-1", "17"),
        ("3-13d", "3-13"),
        ("1-5b-1", "1-5b"),
        ("3-2b-5a", "3-2b-5"),
        ("5-2c-1b-1", "5-2c-1b"),
        ("16-30a", "16-30"),
        ("17-1a-3", "17-1a"),
        ("14-4b-11", "14-4b"),
    ],
)
def test_parent_comes_from_the_id(rule_id: str, parent: str) -> None:
    assert rule(rule_id).parent_id == parent


def test_every_parent_exists_and_comes_first() -> None:
    for record in below_sections():
        parent = rule(record.parent_id or "")
        assert parent.order < record.order
        assert record.rule_id.startswith(parent.rule_id)
        assert parent.depth < record.depth


# --------------------------------------------------------------------------------------------------
# Text that is not a rule line (spec 2.5, 2.6)
# --------------------------------------------------------------------------------------------------

EXAMPLES = {
    "1-5f": ["If a unit has both Earth and Beast attributes"],  # L58 " - Example:"
    "1-5g": ["If you need to know how many cards", "If you need to know the faction"],  # inline, L59
    "2-1b": ['"Unit card" means', '"When a Zoo Brigade attacks"'],  # L71, L73
    "2-1b-1": ['"Your {Dragon}"'],  # L77
    "2-2c": ['If a card text refers to a ""Joe of the Kamaitachi""'],  # L86
    "2-2d": ['If a card text refers to a "«Joe of the Kamaitachi»"'],  # L90
    "3-2j": ["\"Put this card's charges into your graveyard\" doesn't"],  # L219
    "3-2j-1": ["If an ability has"],  # L223
    "3-2l": ['If it says "your graveyard or damage zone"'],  # L228
    "3-6c": ['If an effect refers to a "unit"'],  # L264
    "4-2b-1": ['If a card says "Choose an opponent\'s card"'],  # L406
    "13-3a-1": ["If the timing of an event card", "If an ongoing effect says"],  # L829, L830
    "13-3d-2": ["When your opponent deals 3 damage each to two"],  # L839
    "13-3d-2b": ["When your opponent deals 3 damage to each of two"],  # L844
    "13-7b-1": ["If one of your units is dealt 2 damage"],  # L881
    "14-1a-4a": ['If a card has the following text: "■This is treated'],  # L899
    "14-4b-11": ["If you try to play a unit"],  # L963
    "14-4c-1": ["If playing an ability that says"],  # L967
    "14-18b-8": ["A <4. D - Dreadnaught> that is geared up"],  # L1148
    "14-19d": ["When putting a unit into play face down"],  # L1181
    "14-19f": ["You do not have to fulfill"],  # L1187
    "15-2a": ['"The unit gains +2 ATK"'],  # L1204
    "15-3d": ["A unit that enters play after being normal", "A unit that enters play after being played"],
    "16-1a-5": ["If a unit with Abyssal Summoning"],  # L1514
    "16-25c": ['If a geared up card says "**Gear Requirement**'],  # L1709
}


def test_all_29_examples_attach_to_the_right_rule() -> None:
    found = {r.rule_id: r.examples for r in document().rules if r.examples}
    assert set(found) == set(EXAMPLES)
    for rule_id, starts in EXAMPLES.items():
        assert len(found[rule_id]) == len(starts), rule_id
        for example, start in zip(found[rule_id], starts, strict=True):
            assert example.startswith(start), (rule_id, example)
    assert sum(len(r.examples) for r in document().rules) == 29


def test_examples_are_not_left_in_the_text() -> None:
    assert rule("1-5g").text.endswith("(or as 0 if you need a numeric value).")
    for record in document().rules:
        assert "Example" not in record.text, record.rule_id
        assert all(not e.startswith("Example") for e in record.examples)


BULLETS = {
    "2-17c": [  # L181-182, "- -" double dash
        "Any event card that does not have Forced Reveal",
        "Any card which has been specified that it can be set by some kind of effect",
    ],
    "3-10c-1": [  # L320 "•" and the L322 trap that looks like a rule bullet
        "Event cards without [Forced Reveal] (16-15).",
        "Cards that have been specified as settable through an effect.",
    ],
    "8-4c": ["As the attacking card", "As the target of the attack"],  # L604-605
    "10-4c": ["A card in their drive zone", "An Overdrive ability in their drive zone"],  # L727-728
    "10-4d": [
        "If it is a unit card",
        "If it is a standard action card",
        "If it is a card that can be set",
        "If it is an Overdrive ability",
        "If it is a card that can be geared up",
    ],  # L731-739, "-If"
    "14-16e": ["Damage, for which card A is the source", "A destroy card action (15-12)"],  # L1109-1110
    "14-16f": ["The player has paid a cost", "An effect of a card or ability"],  # L1112-1113
    "16-29b": [
        "If this has 2 or more charges, it loses Charge Shield.",
        "An additional ability specific to the card with Charge Bonus.",
    ],  # L1734-1735 " - •"
}


def test_bullets_without_an_id_are_list_items_of_their_rule() -> None:
    for rule_id, items in BULLETS.items():
        head, *bullets = rule(rule_id).text.split("\n")
        assert not head.startswith("- ")
        assert len(bullets) == len(items), rule_id
        for bullet, start in zip(bullets, items, strict=True):
            assert bullet.startswith(f"- {start}"), (rule_id, bullet)
    with_bullets = {r.rule_id for r in document().rules if "\n- " in r.text}
    assert with_bullets == set(BULLETS)


def test_page_break_continuations_join_with_one_space() -> None:
    assert "level 1 or greater from among all allied units, except" in rule("12-6b").text  # L803/L805
    assert "You do not pay any resources for card's level" in rule("14-18f-1").text  # L1163/L1165
    assert "any units in that opponent's defense zone(s) and provided" in rule("15-34a").text  # L1471/L1473
    assert all("\n" not in rule(r).text for r in ("12-6b", "14-18f-1", "15-34a"))


def test_the_stray_play_label_is_dropped() -> None:
    assert rule("15-16").title == "Use/Play"  # L1309, with the label "Play" alone on L1311
    assert rule("15-16").text == ""
    assert rule("15-16a").text.startswith('To "play" a card')


def test_inline_formatting() -> None:
    assert '"**Geared Up**"' in rule("14-18a-1").text  # L1127 **"Geared Up**"
    assert rule("15-30a").text.startswith('"**Damage Reversal**" is a game action')  # L1444
    assert rule("16-22b").text.startswith('"**Deadly**" means')
    assert rule("16-14c-1").text.startswith('"**Abyssal Concerto** Requirement: (actions)"')  # L1620
    assert "(You __cannot__ gear up" in rule("14-18e").text  # L1159
    assert "are __not__ carried over" in rule("15-14b-3").text  # L1300
    assert "**<Hundred Yokai March>**" in rule("14-1a-4a").examples[0]  # angle brackets are not HTML
    everything = [t for r in document().rules for t in (r.text, *r.examples)]
    assert not any(re.search(r'(?:^|[\s(])\*\*"', t) or "<u>" in t for t in everything)


# --------------------------------------------------------------------------------------------------
# Update Summary (spec 2.1)
# --------------------------------------------------------------------------------------------------


def test_update_summary_is_a_changelog_not_rules() -> None:
    changelog = document().changelog
    assert {(e.version, e.date) for e in changelog} == {
        ("1.2.0", "2021-10-29"),
        ("1.2.2", "2021-11-22"),
        ("1.3.0", "2022-05-13"),
        ("1.5.0", "2023-02-10"),
    }
    assert Counter(e.version for e in changelog) == {"1.2.0": 20, "1.2.2": 1, "1.3.0": 18, "1.5.0": 55}
    assert len({e.key for e in changelog}) == len(changelog) == 94
    assert max(r.line for r in document().rules) < 1749
    assert all(1753 < e.line <= 1859 for e in changelog)
    assert not any("Clarified the process" in r.text for r in document().rules)


def test_changelog_entries_and_their_irregular_lines() -> None:
    entries = {e.key: e for e in document().changelog}
    assert entries["changelog/1.2.0/1"].text.startswith("Clarified the process for when both players")
    assert entries["changelog/1.2.0/1"].line == 1755
    only = entries["changelog/1.2.2/1"]  # L1778: leading space, no dash
    assert only.line == 1778 and only.text.startswith("Specified that Overdrive (OD) abilities")
    assert entries["changelog/1.3.0/13"].text.startswith("► Fixed a translation error")  # L1795
    assert entries["changelog/1.3.0/13"].line == 1795
    assert entries["changelog/1.5.0/42"].text.startswith("Expanded rules for choosing cards when playing")
    assert entries["changelog/1.5.0/42"].line == 1846  # after the blank L1845
    assert not any("red font" in e.text for e in document().changelog)  # L1751 is a note, not a change


# --------------------------------------------------------------------------------------------------
# References (spec 2.7)
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "references"),
    [
        ("6-3c-1", ["6-3c"]),  # dotted 6-3.c, L497
        ("15-20e-3a", ["8-4i", "8-6c"]),  # range "rules 8-4i through 8-6c", L1356
        ("9-3e-2", ["14-4b"]),
        ("4-2d", ["4-5a"]),
        ("2-8a-1", ["16-2", "16-3", "16-4"]),
        ("3-10c-1", ["16-15"]),  # in a bullet
        ("3-2d", []),
        ("3-2e", ["3-2d"]),  # bare "hence 3-2d does not apply"
        ("5-2b-1", ["5-2b"]),  # "at 5-2b"
        ("14-14c", ["14-14g"]),  # "(exception: 14-14g)"
        ("16-15b-1b", ["14-3b-8", "15-17a-2"]),  # "exceptions to rules 14-3b-8 and 15-17a-2", dangling kept
        ("5-2c-1e", ["2-9b"]),  # dangling, L461
        ("14-13a-7", ["14-13a-3", "14-13-4", "14-13-5", "14-13a-6"]),  # dangling 14-13-4, L1065
        ("9-4f", ["9-4c"]),  # printed twice, kept once
        ("14-16e", ["12", "15-12"]),  # "(Section 12)", and 15-12 twice
        ("6-4a", ["8"]),  # "please see Section 8"
        ("16-2b", ["10"]),  # "See Section 10"
        ("1-1a", []),
    ],
)
def test_references(rule_id: str, references: list[str]) -> None:
    assert rule(rule_id).references == references


def test_reference_totals_and_dangling_targets() -> None:
    refs = [(r.rule_id, ref) for r in document().rules for ref in r.references]
    sections = [ref for _, ref in refs if "-" not in ref]
    assert len(sections) == 10
    # 179 rule references are printed (spec 2.7); 9-4f and 14-16e each print one twice.
    assert len(refs) - len(sections) == 177
    assert all(own != ref for own, ref in refs)
    dangling = Counter(ref for _, ref in refs if ref not in by_id())
    assert dangling == {
        "2-9b": 1,
        "10-3d": 1,
        "14-3b-6a": 4,
        "14-3b-4": 2,
        "14-3b-3a": 1,
        "14-9c": 1,
        "14-13-4": 1,
        "14-13-5": 1,
        "14-3b-6": 3,
        "14-3b-5a": 1,
        "16-14a-2": 1,
        "14-3b-8": 1,
    }


def test_references_are_canonical() -> None:
    for record in document().rules:
        assert len(record.references) == len(set(record.references)), record.rule_id
        for ref in record.references:
            assert ref == ref.lower() and "." not in ref and "–" not in ref


# --------------------------------------------------------------------------------------------------
# Keywords (spec 4.1)
# --------------------------------------------------------------------------------------------------


def test_keywords_of_section_16() -> None:
    keywords = {k.name: k for k in document().keywords}
    assert len(keywords) == len(document().keywords) == 33
    expected = {
        "Overdrive": ("16-2", ["OD"]),
        "Touchdown": ("16-3", ["TD"]),
        "Counter": ("16-4", ["CNT"]),
        "Double Attack": ("16-9", []),
        "Triple Attack": ("16-9", []),
        "Abyssal Summoning": ("16-14", ["Abyssal Summon", "Abyssal Summoned"]),
        "Abyssal Concerto": ("16-14", []),
        "Forced Reveal": ("16-15", []),
        "Concealment": ("16-18", []),
        "Forced Concealment": ("16-18", []),
        "Deadly": ("16-22", []),
        "Gear Up": ("16-24", ["Geared Up"]),
        "Essence Drain": ("16-30", []),
        "Damage Reversal": ("15-30", ["DR"]),
    }
    for name, (rule_id, aliases) in expected.items():
        assert (keywords[name].rule_id, keywords[name].aliases) == (rule_id, aliases), name
    for keyword in keywords.values():
        assert rule(keyword.rule_id).kind == "heading"
    assert "General" not in keywords


# --------------------------------------------------------------------------------------------------
# The id normaliser
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("3 13 d", ["3-13d"]),
        ("3-13D", ["3-13d"]),
        ("CR 16-22B", ["16-22b"]),
        ("16.22b", ["16-22b"]),
        ("section 7", ["7"]),
        ("7", ["7"]),
        ("Section 13", ["13"]),
        ("3-21", ["3-21", "3-2l"]),
        ("5.2.c.1.b.1", ["5-2c-1b-1"]),
        ("5-2c-1b-1", ["5-2c-1b-1"]),
        ("rule 3-2I-1", ["3-2i-1", "3-2l-1"]),
        ("3-2l-1", ["3-2l-1"]),
        ("6-3.c", ["6-3c"]),
        ("2–4b", ["2-4b"]),
        ("１６－２２ｂ", ["16-22b"]),
        ("16-22b.", ["16-22b"]),
        ("rule 03-013d", ["3-13d"]),
        ("3 2 1 1", ["3-2l-1"]),
    ],
)
def test_normalise_id(typed: str, expected: list[str]) -> None:
    assert normalise_id(typed) == expected


@pytest.mark.parametrize(
    "typed", ["", "   ", "zone", "deadly", "3-13dd", "0-1", "1.5.0", "99999-1", "3-13d-1-a-2-b", "-"]
)
def test_normalise_id_refuses_what_cannot_be_an_id(typed: str) -> None:
    assert normalise_id(typed) == []


def test_every_misprinted_id_normalises_to_a_candidate_that_exists() -> None:
    misprints = [("3-21", "3-2l"), ("3-2I-1", "3-2l-1"), ("3-2I-2", "3-2l-2"), ("5.2.c.1.d.1", "5-2c-1d-1")]
    for printed, canonical in misprints:
        candidates = normalise_id(printed)
        assert canonical in candidates
        assert next(c for c in candidates if c in by_id()) == canonical


@settings(SERVICE)
@given(st.text(max_size=60))
def test_normalise_id_never_raises(text: str) -> None:
    result = normalise_id(text)
    assert isinstance(result, list)
    assert all(isinstance(item, str) and item for item in result)
    assert len(result) == len(set(result))


@cache
def all_ids() -> list[str]:
    return [record.rule_id for record in document().rules]


@settings(SERVICE)
@given(
    rule_id=st.sampled_from(all_ids()),
    separator=st.sampled_from(["-", " ", ".", " - "]),
    glue_letters=st.booleans(),
    upper=st.booleans(),
    prefix=st.sampled_from(["", "rule ", "Rule ", "CR ", "cr ", "R"]),
)
def test_typed_variants_of_every_id_normalise_to_it_first(
    rule_id: str, separator: str, glue_letters: bool, upper: bool, prefix: str
) -> None:
    parts = re.findall(r"\d+|[a-z]", rule_id)
    typed = parts[0]
    for part in parts[1:]:
        typed += part if glue_letters and part.isalpha() else separator + part
    if upper:
        typed = typed.upper()
    assert normalise_id(prefix + typed)[0] == rule_id


# --------------------------------------------------------------------------------------------------
# Errors and robustness
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("\n\n", "empty"),
        ("Comprehensive Rules Update for Set 3\nRules", "not a Gate Ruler comprehensive rules title line"),
        (raw().split("\n")[0], "No 'Section N Title' line"),
        (raw().replace("Rules Ver. 1.5.0", "Rules 1.5.0", 1), "title"),
    ],
)
def test_text_of_another_format_is_refused(text: str, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)):
        parse(text)


def test_a_rule_printed_twice_is_refused() -> None:
    doubled = raw().replace("1-2a. Gate Ruler is played", "1-1a. Gate Ruler is played", 1)
    with pytest.raises(RulesParseError, match=r"Rule 1-1a is printed twice \(lines 27 and 31\)"):
        parse(doubled)


def test_windows_line_endings_parse_the_same() -> None:
    assert parse(raw().replace("\n", "\r\n")) == document()


@cache
def raw_lines() -> tuple[str, ...]:
    return tuple(raw().split("\n"))


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(st.sets(st.integers(min_value=0, max_value=1858), max_size=400))
def test_deleting_random_lines_never_breaks_the_parser(deleted: set[int]) -> None:
    text = "\n".join(line for index, line in enumerate(raw_lines()) if index not in deleted)
    try:
        parsed = parse(text)
    except RulesParseError:
        return
    ids = [record.rule_id for record in parsed.rules]
    assert len(ids) == len(set(ids))
    assert [record.order for record in parsed.rules] == list(range(len(ids)))
    known = set(ids)
    assert all(record.parent_id is None or record.parent_id in known for record in parsed.rules)


@given(st.text(max_size=300))
def test_arbitrary_text_parses_or_is_refused(text: str) -> None:
    try:
        parsed = parse(text)
    except RulesParseError:
        return
    assert any(record.kind == "section" for record in parsed.rules)
