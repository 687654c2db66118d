"""Tests of the Duel Masters General Game Rules parser against the bundled v1.38 document.

Line numbers (``Lnnn``) are 1-based lines of ``data/rules/duelmasters-general-game-rules-1.38.txt``, as in
the spec ``shared/games/duelmasters.md``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules.errors import RulesParseError
from engine.rules.model import ParsedDocument, RuleRecord
from engine.rules.parsers import duelmasters
from engine.rules.parsers.duelmasters import normalise_id, parse
from tests.property_costs import SERVICE

DOCUMENT = Path(__file__).resolve().parents[3] / "data" / "rules" / "duelmasters-general-game-rules-1.38.txt"
GATERULER = DOCUMENT.with_name("gateruler-comprehensive-rules-1.5.0.txt")
BODY_FIRST, BODY_LAST = 132, 1858
"""The body runs from ``0. Introduction`` (L132) to the last rule 813.1a (L1858)."""


@cache
def raw() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


@cache
def raw_lines() -> tuple[str, ...]:
    return tuple(raw().split("\n"))


@cache
def document() -> ParsedDocument:
    return parse(raw())


@cache
def by_id() -> dict[str, RuleRecord]:
    return {record.rule_id: record for record in document().rules}


def rule(rule_id: str) -> RuleRecord:
    return by_id()[rule_id]


def children(rule_id: str) -> list[RuleRecord]:
    return [record for record in document().rules if record.parent_id == rule_id]


def printed(rule_id: str) -> str:
    """The id as printed: ``701.28#2`` -> ``701.28``."""
    return rule_id.split(duelmasters.DUPLICATE_MARK, 1)[0]


def without_lines(*numbers: int) -> str:
    """The document with the given 1-based lines removed."""
    drop = set(numbers)
    return "\n".join(line for n, line in enumerate(raw_lines(), 1) if n not in drop)


def wrap(body: str, title: str = "Duel Masters General Game Rules Version 9.9") -> str:
    """A minimal synthetic page in the wiki's layout around ``body``."""
    date = "Last update date January 2, 2024."
    return f"Duel Masters Wiki\nRules.text = [[{title}\n\n{date}\n\n{body}\n]]\nreturn Rules"


# ------------------------------------------------------------------------------------- identity


def test_module_constants() -> None:
    assert duelmasters.FORMAT == "duelmasters-cr"
    assert duelmasters.PARSER_VERSION == 1


def test_meta_from_title_line_11_and_date_line_13() -> None:
    meta = document().meta
    assert meta.game == "duelmasters"
    assert meta.kind == "rules"
    assert meta.title == "Duel Masters General Game Rules"
    assert meta.version == "1.38"
    assert meta.date == "2023-09-14"
    assert meta.edition == "Version 1.38"


def test_no_changelog_and_no_rulings() -> None:
    assert document().changelog == []
    assert document().rulings == []


def test_missing_date_line_gives_no_date() -> None:
    assert parse(without_lines(13)).meta.date is None


def test_title_on_its_own_line_after_the_opener() -> None:
    text = "Rules.text = [[\nDuel Masters General Game Rules Version 2.0\n\n1. Part\n\n100. Sec\n]]"
    parsed = parse(text)
    assert parsed.meta.version == "2.0"
    assert parsed.meta.date is None
    assert [r.rule_id for r in parsed.rules] == ["1", "100"]


# ---------------------------------------------------------------------------------------- counts


def test_counts_of_spec_2_4() -> None:
    depths = Counter(record.depth for record in document().rules)
    assert depths == {0: 9, 1: 97, 2: 361, 3: 324}
    rules = {printed(r.rule_id) for r in document().rules if r.depth == 2}
    sub_rules = {printed(r.rule_id) for r in document().rules if r.depth == 3}
    assert (len(rules), len(sub_rules), len(rules | sub_rules)) == (360, 323, 683)
    assert len({printed(r.rule_id) for r in document().rules}) == 789


def test_all_numbered_lines_of_the_body_become_records() -> None:
    numbered = [n for n in range(BODY_FIRST, BODY_LAST + 1) if re.match(r"^\d", raw_lines()[n - 1])]
    assert len(numbered) == 791
    assert [record.line for record in document().rules] == numbered


def test_sections_per_part() -> None:
    sections = Counter(record.section for record in document().rules if record.kind == "section")
    assert sections == {"0": 1, "1": 19, "2": 9, "3": 17, "4": 10, "5": 13, "6": 10, "7": 4, "8": 14}
    assert [r.rule_id for r in document().rules if r.kind == "part"] == [str(n) for n in range(9)]


def test_largest_sections() -> None:
    sizes = Counter(r.rule_id.split(".")[0] for r in document().rules if r.depth >= 2)
    assert sizes.most_common(5) == [("701", 72), ("110", 24), ("603", 20), ("803", 18), ("703", 17)]


def test_ids_unique_order_increasing_lines_increasing() -> None:
    rules = document().rules
    assert len({r.rule_id for r in rules}) == len(rules)
    assert [r.order for r in rules] == list(range(len(rules)))
    assert all(a.line < b.line for a, b in pairwise(rules))


def test_every_record_starts_on_its_printed_id() -> None:
    for record in document().rules:
        assert raw_lines()[record.line - 1].startswith(printed(record.rule_id)), record.rule_id


def test_canonical_ids_have_no_trailing_dot_and_are_lowercase() -> None:
    for record in document().rules:
        assert re.fullmatch(r"\d|\d{3}|\d{3}\.\d+[a-z]?(#\d+)?", record.rule_id), record.rule_id


# ------------------------------------------------------------------------------- TOC and wrapper


def test_table_of_contents_is_skipped() -> None:
    assert min(record.line for record in document().rules) == BODY_FIRST
    assert rule("1").line == 140  # "1. Game Basics" is also printed at L17 in the TOC
    assert rule("100").line == 142  # and "100. What You Need to Play" at L18
    assert [r.rule_id for r in document().rules].count("1") == 1


def test_table_of_contents_repeats_the_body_headings_except_000() -> None:
    toc = [line for line in raw_lines()[16:128] if line.strip()]
    headings = [f"{r.rule_id}. {r.title}" for r in document().rules if r.kind in ("part", "section")]
    assert len(toc) == 105
    assert toc == [heading for heading in headings if heading != "000. Purpose of this document"]


def test_nothing_from_the_lua_code_is_parsed() -> None:
    assert max(record.line for record in document().rules) == BODY_LAST
    texts = [r.text for r in document().rules] + [e for r in document().rules for e in r.examples]
    lua = ("gmatch", "return Rules", "END RULES", "crExample", "Advertisement", "Module:Rules")
    assert not any(marker in text for text in texts for marker in lua)
    assert rule("813.1a").text.endswith("This is a Static Ability.")  # L1858, the last rule


def test_text_after_the_closing_brackets_is_ignored() -> None:
    junk = "\n1. Fake part\n100.1. Fake rule\nRules.text = [[nothing"
    assert parse(raw() + junk) == document()


def test_chrome_before_the_opener_is_ignored() -> None:
    parsed = parse("5. Not a part\n000.1. Not a rule\n" + raw())
    assert parsed.meta == document().meta
    assert [r.model_copy(update={"line": r.line - 2}) for r in parsed.rules] == document().rules


# ---------------------------------------------------------------------------- line irregularities


@pytest.mark.parametrize(
    ("rule_id", "line"),
    [
        ("311.1", 779),
        ("311.2", 781),
        ("311.3", 783),
        ("314.4", 811),
        ("400.8", 863),
        ("501.1", 1017),
        ("512.1", 1179),
        ("604.4", 1283),
        ("701.29", 1549),
    ],
)
def test_rules_without_trailing_period(rule_id: str, line: int) -> None:
    record = rule(rule_id)
    assert record.line == line
    assert not raw_lines()[line - 1].startswith(f"{rule_id}.")
    assert record.depth == 2
    body = record.title if record.kind == "heading" else record.text
    assert body and body[0].isalpha()


@pytest.mark.parametrize(("rule_id", "line"), [("200.3c", 522), ("501.2a", 1023), ("506.3d", 1087)])
def test_double_space_after_the_id(rule_id: str, line: int) -> None:
    assert raw_lines()[line - 1].startswith(f"{rule_id}  ")
    record = rule(rule_id)
    assert record.line == line
    assert record.text == raw_lines()[line - 1][len(rule_id) :].strip()


def test_trailing_whitespace_is_stripped() -> None:
    for line, rule_id in ((164, "101.1"), (282, "109.2b"), (1679, "803.3")):
        assert raw_lines()[line - 1] != raw_lines()[line - 1].rstrip()
        assert rule(rule_id).line == line
    for record in document().rules:
        for text in (record.text, record.title or "", *record.examples):
            assert text == text.strip(), record.rule_id


def test_texts_are_served_as_printed() -> None:
    """Garbled (107.2 L260, 403.1 L893) and misspelt (``tappd`` L1679) rules keep their printed text."""
    for record in document().rules:
        line = raw_lines()[record.line - 1]
        printed_text = re.sub(r"^[\d.]+[a-z]?\s+", "", line).rstrip()
        titled = record.depth < 2 or record.kind == "heading"
        shown = record.title if titled else record.text.split("\n\n")[0]
        assert shown == printed_text, record.rule_id
    assert "may be put into the battle zone" in rule("403.1").text
    assert "the new creature is tappd" in rule("803.3").text
    assert rule("110.3c").text.startswith("Ab Activated Ability:")


@pytest.mark.parametrize("line", [169, 998, 1160, 1236])
def test_whitespace_only_lines_are_blank(line: int) -> None:
    assert raw_lines()[line - 1] != "" and not raw_lines()[line - 1].strip()
    assert line not in {record.line for record in document().rules}


def test_continuation_line_138_joins_000_1() -> None:
    record = rule("000.1")
    assert record.line == 136
    first, second = record.text.split("\n\n")
    assert first.startswith("This document is a summary")
    assert second.startswith("Although all players that play the game")
    assert second == raw_lines()[137].strip()


def test_empty_section_600() -> None:
    record = rule("600")
    assert (record.kind, record.title, record.line, record.parent_id) == ("section", "General", 1183, "6")
    assert children("600") == []
    assert document().rules[record.order + 1].rule_id == "601"


def test_missing_807_2() -> None:
    assert "807.2" not in by_id()
    assert rule("807.1b").line == 1784
    assert (rule("807.3").line, rule("807.3").parent_id) == (1786, "807")


# ------------------------------------------------------------------------------------- headings


def test_title_only_rules_of_701_are_headings() -> None:
    headings = [r for r in document().rules if r.kind == "heading"]
    assert len(headings) == 29
    assert len({printed(r.rule_id) for r in headings}) == 28
    assert (headings[0].line, headings[-1].line) == (1409, 1549)
    for record in headings:
        assert record.parent_id == "701"
        assert record.depth == 2
        assert record.text == ""
        assert record.title
        assert children(record.rule_id), record.rule_id
    assert rule("701.2").title == "Tap (Untap)"
    assert rule("701.21").title == "Gachinko Judge"
    assert rule("701.1").kind == "rule"


def test_parts_and_sections_carry_their_title() -> None:
    assert (rule("5").title, rule("5").text, rule("5").line) == ("Turn", "", 995)
    assert (rule("509").title, rule("509").kind, rule("509").line) == ("Direct Attack Step", "section", 1125)
    assert rule("409").title == "Preservation State"


# ------------------------------------------------------------------------------------------ tree


def test_parent_section_and_depth_invariants() -> None:
    for record in document().rules:
        if record.depth == 0:
            assert (record.parent_id, record.section) == (None, record.rule_id)
            continue
        parent = rule(record.parent_id or "")
        assert parent.order < record.order
        assert parent.depth == record.depth - 1
        assert record.section == record.rule_id[0]
        assert rule(record.section).kind == "part"


@pytest.mark.parametrize(
    ("rule_id", "parent_id", "depth", "kind"),
    [
        ("5", None, 0, "part"),
        ("509", "5", 1, "section"),
        ("509.3", "509", 2, "rule"),
        ("104.2a", "104.2", 3, "rule"),
        ("100.2", "100", 2, "rule"),
        ("000.1", "000", 2, "rule"),
        ("000", "0", 1, "section"),
    ],
)
def test_parents_by_numbering(rule_id: str, parent_id: str | None, depth: int, kind: str) -> None:
    record = rule(rule_id)
    assert (record.parent_id, record.depth, record.kind) == (parent_id, depth, kind)


def test_duplicate_701_28() -> None:
    first, second = rule("701.28"), rule("701.28#2")
    assert (first.line, first.title) == (1541, "Upside down")
    assert (second.line, second.title) == (1545, "Forbidden Big Bang")
    assert second.parent_id == "701"
    assert [r.rule_id for r in children("701.28#2")] == ["701.28a"]
    assert rule("701.28a").line == 1547


def test_duplicate_701_27a_sits_under_upside_down() -> None:
    expand, upside_down = rule("701.27a"), rule("701.27a#2")
    assert (expand.line, expand.parent_id) == (1539, "701.27")
    assert expand.text.startswith("To expand a field")
    assert (upside_down.line, upside_down.parent_id) == (1543, "701.28")
    assert upside_down.text.startswith("To upside down is")
    assert [r.rule_id for r in children("701.28")] == ["701.27a#2"]


def test_misnumbered_505_2a_sits_under_506_2() -> None:
    record = rule("505.2a")
    assert (record.line, record.parent_id, record.section) == (1075, "506.2", "5")
    assert rule("506.2").line == 1073
    assert children("505.2") == []


def test_sub_rule_without_its_rule_falls_back_to_the_section() -> None:
    parsed = parse(without_lines(146))  # 100.2. (L146) removed; 100.2a (L148) stays
    record = next(r for r in parsed.rules if r.rule_id == "100.2a")
    assert record.parent_id == "100"


def test_record_under_a_missing_part_has_no_section() -> None:
    parsed = parse(without_lines(132))  # "0. Introduction"
    record = next(r for r in parsed.rules if r.rule_id == "000")
    assert (record.parent_id, record.section) == (None, None)


def test_repeated_ids_get_numbered_suffixes() -> None:
    parsed = parse(wrap("1. A\n\n100. B\n\n100.1. One.\n\n100.1. Two.\n\n100.1. Three.\n\n100.1a Sub."))
    assert [r.rule_id for r in parsed.rules] == ["1", "100", "100.1", "100.1#2", "100.1#3", "100.1a"]
    assert parsed.rules[-1].parent_id == "100.1#3"


# -------------------------------------------------------------------------------------- examples


def test_example_counts() -> None:
    lines = [line for line in raw_lines()[BODY_FIRST - 1 : BODY_LAST] if line.startswith("Example")]
    assert len(lines) == 73
    assert sum(len(r.examples) for r in document().rules) == 74


def test_examples_are_clean() -> None:
    for record in document().rules:
        for example in record.examples:
            assert example
            assert not example.startswith("Example")
            assert "<br>" not in example
        assert "Example:" not in record.text


def test_example_attaches_to_sub_rule_and_rule() -> None:
    assert rule("509.3").examples == [
        '"Dragon Double Breaker", "Master Double Breaker" or the ability of "MAX the Johnny"'
    ]
    assert rule("507.2a").examples[0].startswith('A creature has the ability "Whenever this creature')
    assert rule("509.3a").examples == []


def test_example_without_colon_line_336() -> None:
    assert raw_lines()[335].startswith("Example 'Ryusei")
    assert rule("110.4f").examples == [raw_lines()[335].removeprefix("Example ").strip()]


def test_double_example_with_br_line_975() -> None:
    first, second = rule("409.1e").examples
    assert first.startswith("(甲型龍帝式 キリコ³)の能力で3枚の呪文を唱える際")
    assert first.endswith("解決していきます.")
    assert second.startswith("(夢の変形 デュエランド)の能力で7枚のカードを墓地に置いた際")


@pytest.mark.parametrize(("rule_id", "line"), [("314.3a", 809), ("801.2", 1623)])
def test_example_for_example_lines(rule_id: str, line: int) -> None:
    assert raw_lines()[line - 1].startswith("Example: For example,")
    assert rule(rule_id).examples == [raw_lines()[line - 1].removeprefix("Example: ").strip()]


@pytest.mark.parametrize(("rule_id", "rule_line"), [("203.2", 568), ("803.3", 1679)])
def test_example_without_blank_separator(rule_id: str, rule_line: int) -> None:
    assert raw_lines()[rule_line].startswith("Example:")  # the very next line
    record = rule(rule_id)
    assert record.line == rule_line
    assert record.examples == [raw_lines()[rule_line].removeprefix("Example: ").strip()]
    assert "\n" not in record.text


def test_examples_of_section_409_stay_japanese() -> None:
    examples = [e for r in document().rules if r.rule_id.startswith("409.") for e in r.examples]
    assert len(examples) == 12  # 3 + 2 + 2 (the <br> line) + 2 + 2 + 1
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", example) for example in examples)


# ------------------------------------------------------------------------------------ section 409


def test_section_409_is_kept_as_printed() -> None:
    records = [r for r in document().rules if r.rule_id.startswith("409.")]
    assert [r.rule_id for r in records] == [
        "409.1", "409.1a", "409.1b", "409.1c", "409.1d", "409.1e", "409.1f", "409.2", "409.2a", "409.2b",
    ]  # fmt: skip
    for record in records:
        assert record.text == re.sub(r"^\S+\s+", "", raw_lines()[record.line - 1]).rstrip()
    assert rule("409.1b").text.startswith("呪文は唱えてから効果を解決し終えるまでの間、保留状態になります.")
    assert rule("409.2b").text.endswith("これは、409.2の例外です。")
    assert "pending" not in " ".join(r.text for r in records)


# ------------------------------------------------------------------------------------ references


def test_references_of_the_document() -> None:
    referring = {r.rule_id: r.references for r in document().rules if r.references}
    assert referring == {"403.4": ["403.3"], "409.2b": ["409.2"], "506.3b": ["603.2e"]}
    assert (rule("403.4").line, rule("409.2b").line, rule("506.3b").line) == (903, 991, 1083)
    for targets in referring.values():
        assert all(target in by_id() for target in targets)


def test_references_are_deduplicated_in_order_and_never_self() -> None:
    body = (
        "1. A\n\n100. B\n\n100.1. See 100.2 and 100.2a, then 100.2 again; not 100.1.\n\n"
        "100.2. Power 11000 and -6000, version 1.38.\n\nExample: As 103.4 says (and 100.1).\n\n"
        "100.2a Like 100.2a and 100.1."
    )
    refs = {r.rule_id: r.references for r in parse(wrap(body)).rules}
    assert refs == {
        "1": [],
        "100": [],
        "100.1": ["100.2", "100.2a"],
        "100.2": ["103.4", "100.1"],
        "100.2a": ["100.1"],
    }


def test_titles_are_not_scanned_for_references() -> None:
    parsed = parse(wrap("1. A\n\n100. After 200.1\n\n100.1. Text."))
    assert all(record.references == [] for record in parsed.rules)


# -------------------------------------------------------------------------------------- keywords


@cache
def keywords() -> dict[str, tuple[str, list[str]]]:
    return {k.name: (k.rule_id, k.aliases) for k in document().keywords}


def test_keyword_actions_from_701() -> None:
    actions = [k for k in document().keywords if rule(k.rule_id).kind == "heading"]
    assert len(actions) == 29
    assert keywords()["Tap"] == ("701.2", ["Untap"])
    assert keywords()["Gachinko Judge"] == ("701.21", [])
    assert keywords()["Upside down"] == ("701.28", [])
    assert keywords()["Forbidden Big Bang"] == ("701.28#2", [])
    assert keywords()["Gacharange Summon"] == ("701.29", ["GR Summon"])
    assert keywords()["Awaken"][0] == "701.20"


@pytest.mark.parametrize(
    ("name", "rule_id"),
    [
        ("Blocker", "507.1a"),
        ("Speed Attacker", "101.2"),
        ("Shield Trigger", "112.3a"),
        ("Strike Back", "112.3b"),
        ("Ninja Strike", "112.3c"),
        ("Gravity Zero", "112.3d"),
        ("Attack Chance", "112.3f"),
        ("Guard Strike", "113.6"),
        ("Win All Battles", "115.3c"),
        ("Revolution Change", "701.26a"),
        ("Twinpact", "808"),
        ("King Cell", "812"),
    ],
)
def test_keyword_abilities_and_categories(name: str, rule_id: str) -> None:
    assert keywords()[name][0] == rule_id


def test_double_breaker_aliases() -> None:
    assert keywords()["Double Breaker"] == ("509.2b", ["Dragon Double Breaker", "Master Double Breaker"])


def test_keyword_names_and_aliases_are_unique() -> None:
    names = [name.casefold() for k in document().keywords for name in (k.name, *k.aliases)]
    assert len(names) == len(set(names))
    assert len(document().keywords) == 79


def test_every_keyword_is_printed_in_its_rule() -> None:
    for keyword in document().keywords:
        record = rule(keyword.rule_id)
        family = [record, *children(record.rule_id)]
        printed_text = " ".join(f"{r.title or ''} {r.text} {' '.join(r.examples)}" for r in family).casefold()
        assert any(name.casefold() in printed_text for name in (keyword.name, *keyword.aliases)), keyword


def test_keyword_whose_rule_is_missing_is_left_out() -> None:
    parsed = parse(without_lines(1095))  # 507.1a, which defines Blocker
    assert "Blocker" not in {k.name for k in parsed.keywords}


# ---------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Rules.text = [["),
        ("Some other page\nwith text", "Rules.text = [["),
        ("Rules.text = [[Duel Masters General Game Rules Version 1.0\n1. Part\n", "never closes"),
        ("Rules.text = [[Something Else Version 1.0\n\n1. Part\n]]", "does not start with"),
        (wrap("Contents\n\n1. Part\n\n1. Part"), "End contents"),
        (wrap(""), "no numbered rules"),
        (wrap("Contents\nEnd contents\n\nStray text\n\n1. Part"), "text before the first numbered rule"),
        (wrap("Contents\nEnd contents\n\nExample: stray\n\n1. Part"), "text before the first numbered"),
    ],
)
def test_not_this_format(text: str, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)) as caught:
        parse(text)
    assert str(caught.value).endswith(".")


@pytest.mark.parametrize("date", ["Smarch 14, 2023", "February 30, 2023"])
def test_bad_date(date: str) -> None:
    text = raw().replace("Last update date September 14, 2023.", f"Last update date {date}.")
    with pytest.raises(RulesParseError, match="Line 13"):
        parse(text)


@pytest.mark.parametrize(
    ("line", "message"), [(11, "Rules.text = [["), (1860, "never closes"), (130, "End contents")]
)
def test_missing_structural_line(line: int, message: str) -> None:
    with pytest.raises(RulesParseError, match=re.escape(message)):
        parse(without_lines(line))


def test_missing_contents_line_still_skips_the_table() -> None:
    parsed = parse(without_lines(15))
    assert [r.model_copy(update={"line": r.line + 1}) for r in parsed.rules] == document().rules


def test_another_game_document_is_refused() -> None:
    with pytest.raises(RulesParseError):
        parse(GATERULER.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------ normaliser


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("509.3", ["509.3"]),
        ("509.3.", ["509.3"]),
        ("rule 104.2a", ["104.2a"]),
        ("104-2A", ["104.2a"]),
        ("104 2 a", ["104.2a"]),
        ("104.2 a", ["104.2a"]),
        ("section 509", ["509"]),
        ("509", ["509"]),
        ("509.", ["509"]),
        ("part 5", ["5"]),
        ("5", ["5"]),
        ("5.", ["5"]),
        ("000.1", ["000.1"]),
        ("0.1", ["000.1"]),
        ("701.28", ["701.28", "701.28#2"]),
        ("701.28#2", ["701.28#2"]),
        ("Rule 701-28 #2", ["701.28#2"]),
        ("701.28#1", ["701.28"]),
        ("701.27a", ["701.27a", "701.27a#2"]),
        ("506.2a", ["506.2a", "505.2a"]),
        ("701.09", ["701.9"]),
        ("999.99z", ["999.99z"]),
        ("ＣＲ ５０９．３", ["509.3"]),
        ("  rule 104.2a  ", ["104.2a"]),
    ],
)
def test_normalise_id(query: str, expected: list[str]) -> None:
    assert normalise_id(query) == expected


@pytest.mark.parametrize(
    "query",
    ["", " ", "rule", "blocker", "12", "1234", "50.1", "509.3.1", "104.2ab", "509.a", "tap 5", "#", "5" * 50],
)
def test_normalise_id_refuses(query: str) -> None:
    assert normalise_id(query) == []


def test_every_parsed_id_normalises_to_itself() -> None:
    for record in document().rules:
        assert normalise_id(record.rule_id)[0] == record.rule_id


# ------------------------------------------------------------------------------------ properties

ID_TEXT = st.text(alphabet="0123456789.-_ /:#aAbBzZ§rulesctionpa", max_size=30)


@given(st.one_of(st.text(max_size=60), ID_TEXT))
def test_normalise_id_never_raises(query: str) -> None:
    result = normalise_id(query)
    assert isinstance(result, list)
    assert all(isinstance(candidate, str) and candidate for candidate in result)


def _dashes(text: str) -> str:
    return text.replace(".", "-")


def _spaces(text: str) -> str:
    return re.sub(r"(?<=\d)([a-z])", r" \1", text.replace(".", " "))


VARIANTS: tuple[Callable[[str], str], ...] = (str.upper, _dashes, _spaces, lambda text: f"rule {text}")


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([record.rule_id for record in document().rules]),
    st.lists(st.sampled_from(VARIANTS), min_size=1, max_size=4, unique=True),
)
def test_typed_variants_normalise_to_the_id(rule_id: str, variants: list[Callable[[str], str]]) -> None:
    typed = rule_id
    for variant in variants:
        typed = variant(typed)
    assert normalise_id(typed)[0] == rule_id


STRUCTURAL_LINES = (11, 13, 15, 130, 132, 134, 136, 138, 1075, 1539, 1541, 1543, 1545, 1547, 1860)


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(st.sampled_from(STRUCTURAL_LINES), st.integers(min_value=1, max_value=2324)),
        max_size=40,
    )
)
def test_parsing_with_lines_deleted(deleted: list[int]) -> None:
    try:
        parsed = parse(without_lines(*deleted))
    except RulesParseError:
        return
    ids = [record.rule_id for record in parsed.rules]
    assert len(ids) == len(set(ids))
    known = set(ids)
    assert all(record.parent_id is None or record.parent_id in known for record in parsed.rules)
    assert [record.order for record in parsed.rules] == list(range(len(ids)))
