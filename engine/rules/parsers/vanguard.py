"""Parser for the Cardfight!! Vanguard comprehensive rules (ver. 2.01).

The document is ``data/rules/vanguard-comprehensive-rules.txt``; every irregularity it has is listed, with
line numbers, in ``games/vanguard.md`` (sections 1, 2 and 4) of the shared design folder. Line numbers in
the docstrings below are 1-based lines of that document; "spec 2.x" names a section of that file.

Shape of the document (spec 2.1): a bare title ``Rules`` (line 3), twelve ``Section N. Title`` headings,
1,068 numbered lines (``- 1.2.2.1. text``; the prefix says nothing about depth), continuation lines,
``- For example,`` lines, five non-rule blocks (a card anatomy table, a nation list, a clan -> nation
table, a zone legend and a phase outline) and a ``Changelog`` (lines 2025-2043).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.rules.dates import iso_date
from engine.rules.errors import RulesParseError
from engine.rules.ids import split_rule_query
from engine.rules.model import (
    ChangelogEntry,
    DocumentMeta,
    KeywordRecord,
    ParsedDocument,
    RuleKind,
    RuleRecord,
)

FORMAT = "vanguard-cr"
PARSER_VERSION = 1

GAME = "vanguard"
TITLE = "Cardfight!! Vanguard Comprehensive Rules"

ICON_GAP = "⟨icon⟩"
"""Stands where the document lost an icon glyph (spec 2.6 "Lost icon glyphs"); it never glues words."""

_DOC_TITLE = "Rules"
_CHANGELOG = "Changelog"

_SECTION = re.compile(r"^Section (?P<sec>\d+)\. (?P<title>\S.*)$")
_NUMBERED = re.compile(r"^(?P<indent> ?)(?P<bullet>- )?(?P<id>\d+(?:\.\d+)+)\.(?P<sp> {1,2})(?P<text>\S.*)$")
_EXAMPLE = re.compile(r"^ ?- (?P<text>For example,.*)$")
_TABLE_ROW = re.compile(r"^(?:- )?\|")
_LIST_ITEM = re.compile(r"^ ?- (?P<text>.*)$")
_CHANGELOG_HEADER = re.compile(
    r"^(?P<date>\w+ \d+(?:st|nd|rd|th), \d{4}) ver\. (?P<version>\d+(?:\.\d+)*) update$"
)

_TWO_PART_RULES = frozenset({"10.1", "11.1"})
"""The only two-component ids that carry a sentence instead of a title (spec 2.3, lines 1154 and 1590)."""
_DEEP_HEADINGS = frozenset({"5.2.2", "6.4.1.1", "6.4.1.2", "6.5.1.1", "6.5.1.2", "11.2.3", "11.2.4"})
"""Title-only ids deeper than two components (spec 2.3). With the 173 other two-part ids: 180 headings."""

_CLAN_TABLE_OWNER = "2.15.4"
"""Rule that introduces the clan -> nation table of lines 164-188 ("they belong to the following nations")."""

_EMOJI_TOKENS: tuple[tuple[str, str], ...] = (
    ("🛡️", "RC"),  # U+1F6E1 U+FE0F, line 216 (3.1.1.3.2)
    ("🛡", "RC"),
    ("👑", "VC"),  # line 215 (3.1.1.3.1)
    ("👮", "GC"),  # line 217 (3.1.1.3.3)
    ("👊", "Intercept"),  # line 1601 (11.3)
    ("👆", "Boost"),  # line 1605 (11.4)
)
"""Emoji that replaced icons, and the canonical tokens spec 2.6 gives them. 🔱 is handled apart."""
_EMOJI_TOKEN = dict(_EMOJI_TOKENS)
_TRIDENT = "🔱"
"""Lines 1596 and 1598 use the same glyph for Twin Drive!! and Triple Drive!!! (spec 2.6)."""
_EMOJI = re.compile(
    r"[\[(]?(" + "|".join(re.escape(e) for e, _ in _EMOJI_TOKENS) + "|" + _TRIDENT + r")[\])]?"
)

_GAP_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # Two spaces between words: "indicated by a  icon" (69), "the icon  or ." (1316), "Retire all  GUARDIAN"
    # (833), "(unit)  refers" (1410-1412), "(cost)  this card on your  from" (1651, 1924).
    (re.compile(r"(?<=\S) {2,}(?=\S)"), f" {ICON_GAP} "),
    # A lone space before "." or ",": "or ." (1316, 1326), "indicated as ." (1396), "similar to  and ,"
    # (1642), "begin with ." (1650), "placed on , you" (11.33.1, 1840), "referred to by ." (1920).
    (re.compile(r"(?<=\w) (?=[.,](?:\s|$|”))"), f" {ICON_GAP}"),
    # Opening quote followed by a space: "“ CHARGE (1)”" (1332), "“ “Blaster Blade”" (1646), "“ (Released"
    # (1651); or by the final period: "directly after a “.”" (1642).
    (re.compile(r"“(?= |[.,]”)"), f"“{ICON_GAP}"),
    # A space before a closing quote: "units “with ” or “with ”" (1659).
    (re.compile(r"(?<= )”"), f"{ICON_GAP}”"),
    # An empty straight-quoted icon: 'or ""' (10.30.1, line 1479).
    (re.compile(r'""'), f'"{ICON_GAP}"'),
    # A zone tag lost inside its brackets after ACT/AUTO: "AUTO[]:" (1216), "**ACT** []" (1644). The literal
    # "**[]**" of line 226 and "within the []" of line 859 are not preceded by ACT/AUTO and stay.
    (re.compile(r"(?<=AUTO)\[\]|(?<=ACT\*\* )\[\]"), f"[{ICON_GAP}]"),
    # Only one space left: "on your and G zone" (1661, 1664, 1666).
    (re.compile(r"\byour and G zone"), f"your {ICON_GAP} and G zone"),
    # Glued to its number: "an icon like (1)" (10.30.1, line 1479).
    (re.compile(r"\blike \((?=\d+\))"), f"like {ICON_GAP}("),
)
"""Where a lost icon glyph left a gap (spec 2.6 table, 67 lines), in the order they are applied."""

_REFERENCE = re.compile(r"(?P<section>Section\s+)?(?<![\w.+])(?P<id>\d+(?:\.\d+)*)(?=\.?[\s),;:\-”]|\.?$)")
"""Spec 2.8 link regex: ``(Section 3.5)``, ``See Section 3.12``, bare ``8.1.1.2.3.1.``, ranges with ``-``."""

_CIRCLED = {chr(0x2460 + i): i + 1 for i in range(20)}
"""① .. ⑳ -> 1 .. 20, to put the card anatomy legend of lines 40-47 in number order."""
_OUTLINE_INDENT = {"▶": "", "▷": "  "}
"""Phase outline of lines 549-565: ▶ marks a phase, ▷ a step; unmarked items (559-564) lost their glyph."""

_KEYWORD_ALIASES: dict[str, tuple[str, ...]] = {
    "11.2": ("Drive Ability",),  # "drive ability" in 11.2.2, line 1595
    "11.6": ("LB",),  # "**LB 4**", line 1615
    "11.12": ("GB",),  # "GB(number)", line 1661
    "11.42": ("Ultimate Stride",),  # "ultimate stride", 10.28.5 (line 1471) and 8.5.2.1.2 (line 972)
}
"""Short forms the document itself prints for a keyword, besides its name without punctuation."""


@dataclass
class _Draft:
    """A record being built while the lines are read."""

    rule_id: str
    kind: RuleKind
    line: int
    title: str | None = None
    raw_title: str | None = None
    text: str = ""
    examples: list[str] = field(default_factory=list)


@dataclass
class _Block:
    """Consecutive non-rule lines of one family (``table``, ``tsv`` or ``list``), spec 2.5."""

    family: str
    line: int
    rows: list[str] = field(default_factory=list)


@dataclass
class _State:
    """Everything the line walk has built so far."""

    drafts: list[_Draft] = field(default_factory=list)
    by_id: dict[str, _Draft] = field(default_factory=dict)
    block: _Block | None = None

    @property
    def current(self) -> _Draft | None:
        """The most recent record, which continuations, examples and most blocks belong to."""
        return self.drafts[-1] if self.drafts else None


def parse(text: str) -> ParsedDocument:
    """Parse the Vanguard comprehensive rules into records (spec sections 1, 2 and 4).

    Raises :class:`RulesParseError` when ``text`` is not this document: no ``Section N.`` heading or no
    numbered rule, text before the first section, a duplicated id, a rule whose section heading is
    missing, or a changelog line before any ``<date> ver. <n> update`` header.
    """
    lines = _split_lines(text)
    cut = _changelog_start(lines)
    if not any(_SECTION.match(line) for line in lines[:cut]):
        raise RulesParseError(
            "No 'Section N. Title' heading was found, so this is not the Cardfight!! Vanguard "
            "comprehensive rules."
        )
    state = _State()
    for number, line in enumerate(lines[:cut], start=1):
        _read_line(state, number, line)
    _flush_block(state)
    _check_structure(state)
    changelog, version, iso_date = _parse_changelog(lines, cut)
    rules = _finish(state.drafts)
    meta = DocumentMeta(
        game=GAME,
        kind="rules",
        title=TITLE,
        version=version,
        date=iso_date,
        edition=f"ver. {version}" if version else None,
    )
    return ParsedDocument(meta=meta, rules=rules, keywords=_keywords(state.drafts), changelog=changelog)


def normalise_id(query: str) -> list[str]:
    """Candidate canonical ids for what a user typed, most likely first; ``[]`` when it cannot be an id.

    Vanguard ids are dot-separated numbers (``1.2.2.1``, spec 2.2) and sections bare numbers (``7``).
    ``1.2.2.1.``, ``rule 1 2 2 1``, ``7-4``, ``§7.4`` and ``section 7`` all work; letters never occur in
    Vanguard ids, so ``7.4a`` is refused. Ids are returned even when the document does not have them.
    """
    try:
        split = split_rule_query(query)
    except (TypeError, ValueError):  # not text at all: never raise on user input
        return []
    if split is None or not all(part.isascii() and part.isdigit() for part in split.parts):
        return []
    return [_canonical(".".join(split.parts))]


def _canonical(printed: str) -> str:
    """Canonical id from dot-separated digits: no leading zeros (``07.4`` -> ``7.4``), spec 2.2."""
    return ".".join(str(int(part)) for part in printed.split("."))


def _split_lines(text: str) -> list[str]:
    """Split into lines numbered like the document (LF; a stray CR or BOM is dropped), spec 2 preamble."""
    if not isinstance(text, str) or not text.strip():
        raise RulesParseError("The rules text is empty, so it cannot be the Cardfight!! Vanguard rules.")
    return [line.rstrip("\r") for line in text.removeprefix("\ufeff").split("\n")]


def _changelog_start(lines: list[str]) -> int:
    """Index of the ``Changelog`` line (2025), else of the first version header, else the line count.

    Falling back to the header (line 2027) keeps the changelog out of rule 12.11.1 when its title is gone.
    """
    for index, line in enumerate(lines):
        if line.strip() == _CHANGELOG:
            return index
    for index, line in enumerate(lines):
        if _CHANGELOG_HEADER.match(line.strip()):
            return index
    return len(lines)


def _read_line(state: _State, number: int, line: str) -> None:
    """Dispatch one line of the rules body (spec 2.1 line inventory) to its handler."""
    if not line.strip():
        _flush_block(state)
        return
    family = _figure_family(line)
    if family is not None:
        _add_block_row(state, family, number, line)
        return
    _flush_block(state)
    if section := _SECTION.match(line):
        _add_record(state, _canonical(section["sec"]), "section", number, section["title"])
    elif numbered := _NUMBERED.match(line):
        _add_numbered(state, numbered, number)
    elif example := _EXAMPLE.match(line):
        _owner_or_fail(state, number).examples.append(_clean(example["text"]))
    elif line.strip() == _DOC_TITLE and state.current is None:
        return  # the bare document title of line 3
    else:
        _add_continuation(state, number, line)


def _figure_family(line: str) -> str | None:
    """Which non-rule block a line belongs to (spec 2.5), or ``None``.

    ``table``: the card anatomy table of lines 38-47 (header ``- | | |``). ``tsv``: the tab-separated
    nation list (151-156) and clan table (164-188). ``list``: ``- ``-bulleted lines that are neither ids
    nor examples, i.e. the zone legend (395-404, whose ``1) Deck Zone`` items are not ids) and the phase
    outline (549-565).
    """
    if _NUMBERED.match(line) or _EXAMPLE.match(line) or _SECTION.match(line):
        return None
    if _TABLE_ROW.match(line):
        return "table"
    if "\t" in line:
        return "tsv"
    if _LIST_ITEM.match(line):
        return "list"
    return None


def _add_block_row(state: _State, family: str, number: int, line: str) -> None:
    """Collect a non-rule line into the open block, starting a new block when the family changes."""
    if state.block is not None and state.block.family != family:
        _flush_block(state)
    if state.block is None:
        state.block = _Block(family=family, line=number)
    state.block.rows.append(line)


def _add_record(state: _State, rule_id: str, kind: RuleKind, number: int, title: str | None) -> _Draft:
    """Append a new record, refusing a second record with the same id (spec 2.2: none is duplicated)."""
    if rule_id in state.by_id:
        first = state.by_id[rule_id].line
        raise RulesParseError(
            f"Rule {rule_id} appears twice, at lines {first} and {number}; ids must be unique."
        )
    draft = _Draft(rule_id=rule_id, kind=kind, line=number, raw_title=title)
    draft.title = _clean(title) if title is not None else None
    state.drafts.append(draft)
    state.by_id[rule_id] = draft
    return draft


def _add_numbered(state: _State, match: re.Match[str], number: int) -> None:
    """Add a numbered line (spec 2.2): heading when its id is one of the 180 titles (spec 2.3), else rule.

    Two spaces after the id (lines 85-93, 109-115) mean the line began with a lost icon: the text then
    starts with :data:`ICON_GAP`.
    """
    rule_id = _canonical(match["id"])
    body = match["text"].rstrip()
    if match["sp"] == "  ":
        body = f"{ICON_GAP} {body}"
    if _is_heading(rule_id):
        _add_record(state, rule_id, "heading", number, body)
    else:
        _add_record(state, rule_id, "rule", number, None).text = _clean(body)


def _is_heading(rule_id: str) -> bool:
    """True for the 180 title-only ids of spec 2.3: two-part ids but 10.1 and 11.1, plus seven deeper."""
    parts = rule_id.split(".")
    return (len(parts) == 2 and rule_id not in _TWO_PART_RULES) or rule_id in _DEEP_HEADINGS


def _add_continuation(state: _State, number: int, line: str) -> None:
    """Join a wrapped line to the most recent record with one space (spec 2.4; the 24 lines 230 .. 1898)."""
    owner = _owner_or_fail(state, number)
    owner.text = f"{owner.text} {_clean(line.strip())}".strip()


def _owner_or_fail(state: _State, number: int) -> _Draft:
    """The most recent record, or an error for text that sits before the first section."""
    if state.current is None:
        raise RulesParseError(
            f"Line {number} has text before the first 'Section N.' heading, which the Cardfight!! "
            "Vanguard comprehensive rules never have."
        )
    return state.current


def _flush_block(state: _State) -> None:
    """Render the open non-rule block as readable lines and append them to its owner's text (spec 2.5)."""
    block, state.block = state.block, None
    if block is None:
        return
    owner = _block_owner(state, block)
    rendered = [_clean(line) for line in _render_block(block)]
    owner.text = "\n".join(part for part in (owner.text, *rendered) if part)


def _block_owner(state: _State, block: _Block) -> _Draft:
    """The record a non-rule block belongs to (spec 2.5).

    Legends of a lost diagram (the card anatomy table, lines 38-47, and the ``1) Deck Zone`` zone legend,
    lines 395-404) belong to their section: the table sits in Section 2's preamble, and the zone legend's
    spec owner 4.1 is a title-only heading, which keeps an empty text. The clan table (164-188) belongs to
    2.15.4, which introduces it; the nation list (151-156) and the phase outline (549-565) belong to the
    rule just before them (2.15.3 and 6.2.2).
    """
    current = _owner_or_fail(state, block.line)
    if block.family == "table" or (block.family == "list" and not _is_outline(block)):
        return state.by_id.get(current.rule_id.split(".")[0], current)
    if block.family == "tsv" and _is_mapping(block):
        return state.by_id.get(_CLAN_TABLE_OWNER, current)
    return current


def _render_block(block: _Block) -> list[str]:
    """Readable lines for one non-rule block."""
    if block.family == "table":
        return _render_table(block.rows)
    if block.family == "tsv":
        return _render_mapping(block.rows) if _is_mapping(block) else _render_icon_list(block.rows)
    if _is_outline(block):
        return _render_outline(block.rows)
    return [_list_text(row) for row in block.rows]


def _render_table(rows: list[str]) -> list[str]:
    """Card anatomy table (lines 38-47): skip the empty ``- | | |`` header and the ``|---|`` separator.

    When every cell starts with a circled number (① Name .. ⑯ Imaginary Gift Icon) the cells are listed
    in number order, one per line; otherwise each row becomes ``cell | cell``.
    """
    table_rows = [[c.strip() for c in row.removeprefix("- ").strip().strip("|").split("|")] for row in rows]
    table_rows = [[c for c in cells if c] for cells in table_rows if not _is_separator(cells)]
    cells = [cell for cells in table_rows for cell in cells]
    if cells and all(cell[0] in _CIRCLED for cell in cells):
        return sorted(cells, key=lambda cell: _CIRCLED[cell[0]])
    return [" | ".join(cells) for cells in table_rows if cells]


def _is_separator(cells: list[str]) -> bool:
    """True for a markdown separator row (``|----|----|``) and for a row of empty cells (line 38)."""
    return all(set(cell) <= set("-: ") for cell in cells)


def _is_mapping(block: _Block) -> bool:
    """A tab table with a value in its second column somewhere: the clan -> nation table (164-188)."""
    return any(row.partition("\t")[2].strip() for row in block.rows)


def _render_mapping(rows: list[str]) -> list[str]:
    """``clan: nation`` lines, the nation filled down (it is printed on a group's first row only)."""
    rendered: list[str] = []
    value = ""
    for row in rows:
        key, _, cell = row.partition("\t")
        value = cell.strip() or value
        rendered.append(f"{key.strip()}: {value}" if value else key.strip())
    return rendered


def _render_icon_list(rows: list[str]) -> list[str]:
    """Nation list (151-156): each name was followed by a TAB and its icon, now lost."""
    return [" ".join((row.partition("\t")[0].strip(), ICON_GAP)) for row in rows]


def _is_outline(block: _Block) -> bool:
    """A bulleted block using ▶/▷ markers: the phase and step outline of lines 549-565."""
    return any(_list_text(row)[:1] in _OUTLINE_INDENT for row in block.rows)


def _render_outline(rows: list[str]) -> list[str]:
    """Indent the outline: phases (▶) flush, steps (▷) by two, unmarked battle sub-steps (559-564) by four."""
    rendered = []
    for row in rows:
        item = _list_text(row)
        indent = _OUTLINE_INDENT.get(item[:1], "    ")
        rendered.append(f"{indent}{item}")
    return rendered


def _list_text(row: str) -> str:
    """A list line without its ``- `` / `` - `` bullet (the bullet's indentation is random, spec 2.2)."""
    match = _LIST_ITEM.match(row)
    return (match["text"] if match else row).strip()


def _clean(text: str) -> str:
    """Display text: emoji mapped to canonical tokens and lost-icon gaps marked (spec 2.6).

    Markdown bold (``**AUTO**``) is kept for display, as the model asks.
    """
    return _mark_lost_icons(_map_emoji(text))


def _map_emoji(text: str) -> str:
    """Replace icon emoji by the spec 2.6 tokens: ``[👑]`` -> ``[VC]``, ``(👊)`` -> ``[Intercept]``.

    🔱 is Twin Drive on line 1596 and Triple Drive on line 1598; the line's own words decide which.
    """

    def token(match: re.Match[str]) -> str:
        emoji = match[1]
        if emoji == _TRIDENT:
            return "[TripleDrive]" if "Triple" in text else "[TwinDrive]"
        return f"[{_EMOJI_TOKEN[emoji]}]"

    return _EMOJI.sub(token, text)


def _mark_lost_icons(text: str) -> str:
    """Put :data:`ICON_GAP` where an icon glyph was lost (spec 2.6 table; see :data:`_GAP_RULES`)."""
    for pattern, replacement in _GAP_RULES:
        text = pattern.sub(replacement, text)
    return text


def _check_structure(state: _State) -> None:
    """Refuse a document without numbered rules, or with a rule whose ``Section N.`` heading is missing.

    A rule may come before its section heading (lines 481-519, spec 2.7), so this runs after the walk.
    """
    if all(draft.kind == "section" for draft in state.drafts):
        raise RulesParseError(
            "No numbered rule such as '1.1. Number of Players' was found, so this is not the "
            "Cardfight!! Vanguard comprehensive rules."
        )
    for draft in state.drafts:
        section = draft.rule_id.split(".")[0]
        if section not in state.by_id:
            raise RulesParseError(
                f"Rule {draft.rule_id} (line {draft.line}) belongs to Section {section}, but the text has "
                f"no 'Section {section}.' heading."
            )


def _finish(drafts: list[_Draft]) -> list[RuleRecord]:
    """Freeze drafts into records: depth and parent from the id alone, order = document order (spec 2.2).

    The block of Section 5 printed before its heading (lines 481-519) keeps its document position; its
    ``section`` and ``parent_id`` come from the id, like every other record.
    """
    known = {draft.rule_id for draft in drafts}
    return [
        RuleRecord(
            rule_id=draft.rule_id,
            parent_id=_parent(draft.rule_id, known),
            order=order,
            depth=draft.rule_id.count("."),
            kind=draft.kind,
            title=draft.title,
            text=draft.text,
            examples=draft.examples,
            references=_references([draft.text, *draft.examples], draft.rule_id),
            section=draft.rule_id.split(".")[0],
            line=draft.line,
        )
        for order, draft in enumerate(drafts)
    ]


def _parent(rule_id: str, known: set[str]) -> str | None:
    """Nearest existing ancestor: drop the last component until an id exists (``N.M`` -> section ``N``)."""
    parts = rule_id.split(".")
    for size in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:size])
        if candidate in known:
            return candidate
    return None


def _references(texts: Iterable[str], own_id: str) -> list[str]:
    """Canonical ids referred to in ``texts`` (spec 2.8), deduplicated in order, never ``own_id``.

    ``(Section 10.25)`` -> ``10.25``; ``Section 7`` -> ``7`` (a bare integer counts only after
    ``Section``); ``in 8.1.1.2.3.1.`` -> ``8.1.1.2.3.1``; ``8.7.1.1-8.7.1.3`` -> both ends. Ids that the
    document lacks (``7.3.1.4`` in 7.1.2.2, spec 2.8 "Dangling references") are kept as printed.
    """
    found: list[str] = []
    for text in texts:
        for match in _REFERENCE.finditer(text):
            rule_id = match["id"]
            if "." not in rule_id and not match["section"]:
                continue
            if rule_id != own_id and rule_id not in found:
                found.append(rule_id)
    return found


def _parse_changelog(lines: list[str], start: int) -> tuple[list[ChangelogEntry], str | None, str | None]:
    """Changelog entries (lines 2025-2043, spec 1), plus the version and ISO date of its first header.

    Every non-blank line under a ``June 1st, 2018 ver. 2.01 update`` header (line 2027) is one entry of
    that version, keyed ``changelog/<version>/<n>`` with n counting from 1 within the version.
    """
    entries: list[ChangelogEntry] = []
    headers: list[tuple[str, str]] = []
    count = 0
    for number, line in enumerate(lines[start:], start=start + 1):
        text = line.strip()
        if not text or (number == start + 1 and text == _CHANGELOG):
            continue
        if header := _CHANGELOG_HEADER.match(text):
            headers.append((header["version"], _iso_date(header["date"], number)))
            count = 0
            continue
        if not headers:
            raise RulesParseError(
                f"Changelog line {number} comes before any '<date> ver. <number> update' header."
            )
        count += 1
        version, iso_date = headers[-1]
        key = f"changelog/{version}/{count}"
        entries.append(ChangelogEntry(key=key, version=version, date=iso_date, text=text, line=number))
    if not headers:
        return entries, None, None
    first_version, first_date = headers[0]
    return entries, first_version, first_date


def _iso_date(printed: str, number: int) -> str:
    """``June 1st, 2018`` -> ``2018-06-01`` (line 2027)."""
    month_name, day, year = printed.replace(",", "").split()
    iso = iso_date(year, month_name, re.sub(r"\D", "", day) or "0")
    if iso is None:
        raise RulesParseError(f"Changelog line {number} has a date that does not exist: {printed}.")
    return iso


def _keywords(drafts: list[_Draft]) -> list[KeywordRecord]:
    """One keyword per title-only heading of Section 11 (spec 4): 11.2-11.42 and 11.2.3, 11.2.4.

    The name is the heading as users type it (``Twin Drive!!``, the icon annotation ``(🔱)`` dropped);
    aliases are the name without punctuation and the short forms of :data:`_KEYWORD_ALIASES`.
    """
    keywords = []
    for draft in drafts:
        if draft.kind != "heading" or draft.rule_id.split(".")[0] != "11" or not draft.raw_title:
            continue
        name = _keyword_name(draft.raw_title)
        aliases = [_plain(name), *_KEYWORD_ALIASES.get(draft.rule_id, ())]
        unique = [alias for i, alias in enumerate(aliases) if alias != name and alias not in aliases[:i]]
        keywords.append(KeywordRecord(name=name, rule_id=draft.rule_id, aliases=unique))
    return keywords


def _keyword_name(title: str) -> str:
    """``Intercept (👊)`` -> ``Intercept``; ``Twin Drive!! (🔱)`` -> ``Twin Drive!!`` (lines 1596-1605)."""
    return re.sub(r"\s*\([^\w\s()]+\)$", "", title.strip())


def _plain(name: str) -> str:
    """A keyword name without punctuation or emoji: ``Twin Drive!!`` -> ``Twin Drive``."""
    return " ".join(re.sub(r"[^\w\s]", " ", name).split())
