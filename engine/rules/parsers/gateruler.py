"""Parser for the Gate Ruler Comprehensive Rules (``Ver. 1.5.0 English-1.0``, "000").

The document is plain text converted from a PDF (spec ``games/gateruler.md`` sections 1, 2 and 4; line
numbers ``Lnnn`` below are 1-based lines of ``data/rules/gateruler-comprehensive-rules-1.5.0.txt``):

* L1 title line, L3-21 table of contents (skipped), L23-1747 seventeen sections of numbered rules,
  L1749-1859 the "Update Summary" (indexed as changelog entries, never as rules).
* Rule ids are ``N-M``, ``N-Mx``, ``N-Mx-n``, ``N-Mx-ny``, ``N-Mx-ny-n`` (spec 2.3), with the OCR and
  layout damage of spec 2.4: en dashes, ``3-21`` for ``3-2l``, ``3-2I-1`` for ``3-2l-1``, two rules on one
  line, ``5.2.c.1.b.1`` dotted ids, no space after the period, bullets that carry no meaning.
* Nesting comes from the id, never from the bullet prefix (spec 2.3). Where a printed id can be read
  several ways, the reading that continues the numbering of the previous id wins (the runs under each
  parent have no gaps, spec 2.3), which is how ``3-21`` becomes ``3-2l`` while ``3-11`` stays ``3-11``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
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

FORMAT = "gateruler-cr"
PARSER_VERSION = 1

GAME = "gateruler"

Parts = tuple[str, ...]
"""A canonical id split into its runs, e.g. ``("3", "2", "l", "1")`` for ``3-2l-1``."""

# --------------------------------------------------------------------------------------------------
# Rule ids: grammar, readings and the typed-id normaliser (spec 2.3, 2.4)
# --------------------------------------------------------------------------------------------------

_SLOTS = ("num", "num", "let", "num", "let", "num")
"""The id grammar of spec 2.3 as slots: ``SEC-NUM`` then alternating letter and number runs."""

_MAX_DIGITS = 3
_TOKEN = re.compile(r"\d+|[a-z]+", re.ASCII)


def format_id(parts: Sequence[str]) -> str:
    """Join id parts with Gate Ruler's grammar: ``("5","2","c","1","b","1")`` -> ``5-2c-1b-1``."""
    out = parts[0]
    for part in parts[1:]:
        out += part if part.isalpha() else f"-{part}"
    return out


def _readings(tokens: Sequence[str]) -> list[tuple[int, Parts]]:
    """Every grammatical reading of lowercase id tokens, with the number of OCR repairs it needed.

    Repairs (spec 2.4, L226 and L230): a letter ``i`` may stand for ``l`` (capital I read as l), a
    digit run ending in ``1`` where a letter must follow may be ``<digits>l`` (``3-21`` = ``3-2l``), and a
    lone ``1`` in a letter slot may be ``l``.
    """
    found: list[tuple[int, Parts]] = []

    def walk(index: int, slot: int, cost: int, acc: Parts) -> None:
        if index == len(tokens):
            if len(acc) >= 2:
                found.append((cost, acc))
            return
        if slot >= len(_SLOTS):
            return
        token = tokens[index]
        if _SLOTS[slot] == "num":
            if not token.isdigit():
                return
            walk(index + 1, slot + 1, cost, (*acc, token))
            next_is_letter = index + 1 < len(tokens) and tokens[index + 1].isalpha()
            if len(token) >= 2 and token.endswith("1") and slot + 1 < len(_SLOTS) and not next_is_letter:
                walk(index + 1, slot + 2, cost + 1, (*acc, token[:-1], "l"))
        elif token.isalpha() and len(token) == 1:
            walk(index + 1, slot + 1, cost, (*acc, token))
            if token == "i":
                walk(index + 1, slot + 1, cost + 1, (*acc, "l"))
        elif token == "1":
            walk(index + 1, slot + 1, cost + 1, (*acc, "l"))

    walk(0, 0, 0, ())
    found.sort(key=lambda item: item[0])
    return found


def _tokens(raw: str) -> list[str] | None:
    """Split a printed or typed id into lowercase runs with leading zeros dropped; ``None`` if invalid."""
    out: list[str] = []
    for token in _TOKEN.findall(raw.lower()):
        if token.isdigit():
            token = token.lstrip("0")
            if not token or len(token) > _MAX_DIGITS:
                return None
        out.append(token)
    return out or None


def id_candidates(raw: str) -> list[Parts]:
    """Readings of a printed id (``3-2I-1``, ``2–4b``, ``5.2.c.1.b.1``), the literal one first."""
    tokens = _tokens(raw)
    if tokens is None:
        return []
    seen: list[Parts] = []
    for _, parts in _readings(tokens):
        if parts not in seen:
            seen.append(parts)
    return seen


def normalise_id(query: str) -> list[str]:
    """Candidate canonical ids for what a user typed, most likely first; ``[]`` if it cannot be an id.

    Accepts ``3 13 d``, ``3-13D``, ``CR 16-22B``, ``16.22b``, ``5.2.c.1.b.1``, ``section 7``/``7`` (a bare
    number is a section). Keeps the literal reading first and adds the OCR fallbacks of spec 2.4
    (``3-21`` -> ``["3-21", "3-2l"]``, ``3-2I-1`` -> ``["3-2i-1", "3-2l-1"]``). Existence is the caller's
    business. Never raises.
    """
    if not isinstance(query, str):
        return []
    split = split_rule_query(query)
    if split is None:
        return []
    tokens = _tokens(" ".join(split.parts))
    if tokens is None:
        return []
    if len(tokens) == 1:
        return [tokens[0]] if tokens[0].isdigit() else []
    return [format_id(parts) for parts in id_candidates(" ".join(tokens))]


def _parse_canonical(rule_id: str) -> Parts:
    """Split a canonical id back into parts (``3-2l-1`` -> ``("3", "2", "l", "1")``)."""
    return tuple(_TOKEN.findall(rule_id))


def _next_sibling(parts: Parts) -> Parts:
    """The id right after ``parts`` at the same level (``3-2k`` -> ``3-2l``, ``3-2`` -> ``3-3``)."""
    last = parts[-1]
    bumped = str(int(last) + 1) if last.isdigit() else chr(ord(last) + 1)
    return (*parts[:-1], bumped)


def _first_child(parts: Parts) -> Parts:
    """First id one level below: ``3`` -> ``3-1``, ``3-2`` -> ``3-2a``, ``3-2a`` -> ``3-2a-1``."""
    if len(parts) == 1 or parts[-1].isalpha():
        return (*parts, "1")
    return (*parts, "a")


def _expected_after(previous: Parts | None) -> set[Parts]:
    """Ids that may follow ``previous`` without a gap: its first child or the next sibling of any level."""
    if previous is None:
        return set()
    expected = {_first_child(previous)}
    for end in range(2, len(previous) + 1):
        expected.add(_next_sibling(previous[:end]))
    return expected


# --------------------------------------------------------------------------------------------------
# Line grammar of the body (spec 2.2, 2.3, 2.5)
# --------------------------------------------------------------------------------------------------

_TITLE_LINE = re.compile(
    r"^(?P<title>.*?) (?P<edition>Ver\. (?P<version>\S+) \S+) "
    r"Last Updated: (?P<date>.*?) Goes into Effect: (?P<effect>.*)$"
)
_SECTION = re.compile(r"^Section (?P<num>\d{1,3}) (?P<title>[^\t]+)$", re.ASCII)
_HYPHEN_ID = r"\d+[-–—]\d+(?:[A-Za-z](?:-\d+(?:[A-Za-z](?:-\d+)?)?)?)?"
_DOTTED_ID = r"\d+\.\d+\.[A-Za-z]\.\d+\.[A-Za-z]\.\d+"
_RULE_LINE = re.compile(
    rf"^\s*(?:[-•]\s*)?(?:(?P<id>{_HYPHEN_ID})\.|(?P<dotted>{_DOTTED_ID})(?![\w.]))\s*(?P<rest>.*)$",
    re.ASCII,
)
"""A rule line: optional bullet (``- ``, `` - ``, `` ``, L44/L608/L1496), the id and its period (none
after the dotted ids of L455-460), then optionally no space before the text (L449, L837, L1163, L1538)."""
_EMBEDDED = re.compile(
    r"(?:(?<=[.)] )|(?<=\.))(?P<id>\d+[-–—]\d+[A-Za-z](?:-\d+(?:[A-Za-z](?:-\d+)?)?)?)\.\s?(?=\S)",
    re.ASCII,
)
"""A second rule inside a line, after a sentence end: L230 ``zones.) 3-2I-2.``, L325 ``zone. 3-10f.``,
L449 ``card.5-2b-1.``. Only taken when it continues the numbering (see :func:`_expected_after`)."""
_EXAMPLE = re.compile(r"^\s*(?:-\s*)?Example(?: \d+)?:\s*(?P<text>.*)$")
_INLINE_EXAMPLE = re.compile(r"\s+Example(?: \d+)?:\s*")
_BULLET = re.compile(r"^\s*(?:[-•]\s*)+(?P<text>\S.*)$")
_UPDATE_SUMMARY = "Update Summary"
_VERSION_LINE = re.compile(
    r"^(?P<year>\d{4}) (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}) - Ver\. (?P<version>\S+)(?: \S+)?$"
)
_LABEL_MAX_WORDS = 3

_BOLD_QUOTE = re.compile(r'\*\*"([^*"\n]+?)\*\*')
_UNDERLINE = re.compile(r"<u>(.*?)</u>")
_REFERENCE = re.compile(r"(?<![\w.-])(\d+[-–.]\d+(?:\.?[a-zA-Z])?(?:-\d+[a-z]?)*)(?!\w)", re.ASCII)
_BARE_DOTTED = re.compile(r"^\d+\.\d+$")
_SECTION_REFERENCE = re.compile(r"\bSection ([1-9][0-9]{0,2})\b", re.ASCII)


def clean_text(text: str) -> str:
    """Inline formatting fixes of spec 2.6, keeping markdown bold for display.

    ``**"Deadly**"`` -> ``"**Deadly**"`` (L1127, L1444, L1578-1728: the opening quote sits inside the
    bold) and ``<u>cannot</u>`` -> ``__cannot__`` (L1159, L1300). Angle brackets are never HTML
    (``<Hundred Yokai March>``, L899), so nothing else is touched.
    """
    text = _BOLD_QUOTE.sub(r'"**\1**', text)
    return _UNDERLINE.sub(r"__\1__", text).strip()


def parse_date(text: str) -> str | None:
    """``February 10th, 2023`` (L1) -> ``2023-02-10``; ``None`` when the text is not such a date."""
    match = re.fullmatch(r"\s*([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th)?, (\d{4})\s*", text)
    if not match:
        return None
    return iso_date(match.group(3), match.group(1), match.group(2))


def find_references(text: str, own_id: str) -> list[str]:
    """Canonical ids a text refers to, in order, deduplicated, never ``own_id`` (spec 2.7).

    Rule references keep the printed target even when it dangles (``2-9b`` L461, ``14-13-4`` L1065);
    ``6-3.c`` (L497) becomes ``6-3c``; a range (``rules 8-4i through 8-6c``, L1356) gives both ends;
    ``Section 11`` gives the bare section number; ``1.5.0`` style numbers are dropped.
    """
    found: list[tuple[int, str]] = []
    for match in _REFERENCE.finditer(text):
        printed = match.group(1)
        if _BARE_DOTTED.match(printed):
            continue
        tokens = _tokens(printed)
        if tokens is None:
            continue
        literal = [parts for cost, parts in _readings(tokens) if cost == 0]
        found.append((match.start(), format_id(literal[0]) if literal else "-".join(tokens)))
    found.extend((match.start(), match.group(1)) for match in _SECTION_REFERENCE.finditer(text))
    out: list[str] = []
    for _, rule_id in sorted(found):
        if rule_id != own_id and rule_id not in out:
            out.append(rule_id)
    return out


# --------------------------------------------------------------------------------------------------
# The parser
# --------------------------------------------------------------------------------------------------


@dataclass
class _Draft:
    """A record being assembled while the lines of its rule are read."""

    parts: Parts
    line: int
    title: str | None = None
    text: str = ""
    examples: list[str] = field(default_factory=list)

    @property
    def rule_id(self) -> str:
        return format_id(self.parts)

    @property
    def kind(self) -> RuleKind:
        if len(self.parts) == 1:
            return "section"
        return "heading" if len(self.parts) == 2 else "rule"

    def add(self, fragment: str, separator: str) -> None:
        """Append text, with ``separator`` only when there is text already."""
        self.text = f"{self.text}{separator}{fragment}" if self.text else fragment


@dataclass
class _State:
    """Everything collected so far while walking the lines."""

    drafts: list[_Draft] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)
    changelog: list[ChangelogEntry] = field(default_factory=list)

    @property
    def current(self) -> _Draft | None:
        return self.drafts[-1] if self.drafts else None

    def previous_parts(self) -> Parts | None:
        return self.drafts[-1].parts if self.drafts else None

    def open(self, draft: _Draft) -> _Draft:
        """Start a new record; a second record with the same id means the text is not this document."""
        rule_id = draft.rule_id
        if rule_id in self.seen:
            raise RulesParseError(
                f"Rule {rule_id} is printed twice (lines {self.seen[rule_id]} and {draft.line}); "
                "this is not a well-formed Gate Ruler comprehensive rules document."
            )
        self.seen[rule_id] = draft.line
        self.drafts.append(draft)
        return draft


def _choose(readings: Sequence[Parts], previous: Parts | None, *, strict: bool) -> Parts | None:
    """Pick the reading that continues the numbering after ``previous`` (spec 2.3: no gaps).

    Line-start ids fall back to the literal reading (orphans such as 2-7a-1, L124, skip a level);
    mid-line ids (``strict``) are taken only when they continue the numbering.
    """
    expected = _expected_after(previous)
    for parts in readings:
        if parts in expected:
            return parts
    if strict or not readings:
        return None
    return readings[0]


def _split_embedded(first: Parts, rest: str) -> list[tuple[Parts, str]]:
    """Split a line holding several rules (L230, L325, L449) into ``(id, text)`` pieces."""
    pieces: list[tuple[Parts, str]] = []
    current, remainder = first, rest
    while True:
        for match in _EMBEDDED.finditer(remainder):
            chosen = _choose(id_candidates(match.group("id")), current, strict=True)
            if chosen is not None:
                pieces.append((current, remainder[: match.start()].rstrip()))
                current, remainder = chosen, remainder[match.end() :]
                break
        else:
            pieces.append((current, remainder))
            return pieces


def _add_rule_text(draft: _Draft, text: str) -> None:
    """Set a new record's first text: a heading's title, or a rule's text with inline examples split off.

    1-5g (L59) carries two examples inline; they are split at ``Example:`` (spec 2.5).
    """
    if draft.kind == "heading":
        draft.title = clean_text(text) or None
        return
    head, *examples = _INLINE_EXAMPLE.split(text)
    if head.strip():
        draft.add(clean_text(head), " ")
    draft.examples.extend(clean_text(example) for example in examples if example.strip())


def _add_loose_line(draft: _Draft, line: str) -> None:
    """Attach a line without an id to the record it belongs to (spec 2.5).

    * a bullet (``- -Any`` L181, ``•`` L320, ``-If`` L731, `` - •An`` L1735) is a list item of the rule:
      it goes on a new line as ``- item``;
    * a lone short line under a heading with no text (``Play`` under 15-16, L1311) is a stray label and
      is dropped;
    * a line continuing a sentence cut by a page break (L805, L1165, L1473: the previous text does not
      end in ``.``, ``:`` or ``)``) joins with one space;
    * anything else is a new paragraph of the same rule.
    """
    bullet = _BULLET.match(line)
    if bullet:
        draft.add(f"- {clean_text(bullet.group('text'))}", "\n")
        return
    stripped = clean_text(line)
    if draft.kind == "heading" and not draft.text and _is_label(stripped):
        return
    if draft.text and not draft.text.rstrip().endswith((".", ":", ")")):
        draft.add(stripped, " ")
    else:
        draft.add(stripped, "\n")


def _is_label(text: str) -> bool:
    """A stray label: a few words with no sentence punctuation (L1311 ``Play``)."""
    return len(text.split()) <= _LABEL_MAX_WORDS and not text.endswith((".", ":", ")", ","))


def _read_title(lines: Sequence[str]) -> tuple[DocumentMeta, int]:
    """Read the L1 title line (spec 1.1, 2.1) into document metadata; return it and the next index."""
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        match = _TITLE_LINE.match(line.strip())
        if not match or "Comprehensive Rules" not in match.group("title"):
            raise RulesParseError(
                f"Line {index + 1} is not a Gate Ruler comprehensive rules title line "
                "('Gateruler Comprehensive Rules Ver. … Last Updated: …')."
            )
        meta = DocumentMeta(
            game=GAME,
            kind="rules",
            title=match.group("title"),
            version=match.group("version"),
            date=parse_date(match.group("date")),
            edition=match.group("edition"),
        )
        return meta, index + 1
    raise RulesParseError(
        "The text is empty: a Gate Ruler comprehensive rules document starts with its title line."
    )


def _read_rule_line(state: _State, match: re.Match[str], number: int) -> None:
    """Open the record(s) of one rule line, choosing among the readings of its id (spec 2.4)."""
    printed = match.group("id") or match.group("dotted")
    parts = _choose(id_candidates(printed), state.previous_parts(), strict=False)
    if parts is None:
        raise RulesParseError(f"Line {number}: '{printed}' is not a Gate Ruler rule id.")
    for piece_parts, text in _split_embedded(parts, match.group("rest")):
        draft = state.open(_Draft(parts=piece_parts, line=number))
        _add_rule_text(draft, text)


def _read_changelog_line(state: _State, line: str, number: int, version: list[str | None]) -> None:
    """One line of the Update Summary (L1749-1859): a version line or an entry of the current version.

    Entries start with ``- `` (``- ► `` on L1795/L1810, no dash on L1778); lines before the first version
    line (the L1751 note about red font) are not entries. ``version`` holds ``[version, iso_date]``.
    """
    stripped = line.strip()
    if not stripped:
        return
    header = _VERSION_LINE.match(stripped)
    if header:
        version[0] = header.group("version")
        version[1] = iso_date(header.group("year"), header.group("month"), header.group("day"))
        return
    if version[0] is None:
        return
    entry_text = re.sub(r"^-\s*", "", stripped)
    index = sum(1 for entry in state.changelog if entry.version == version[0]) + 1
    state.changelog.append(
        ChangelogEntry(
            key=f"changelog/{version[0]}/{index}",
            version=version[0],
            date=version[1],
            text=entry_text,
            line=number,
        )
    )


def _walk(lines: Sequence[str], start: int) -> _State:
    """Read the body and the Update Summary from ``start`` (0-based index after the title line)."""
    state = _State()
    in_body = False
    in_changelog = False
    version: list[str | None] = [None, None]
    for index in range(start, len(lines)):
        line, number = lines[index], index + 1
        if in_changelog:
            _read_changelog_line(state, line, number, version)
            continue
        if not line.strip():
            continue
        section = _SECTION.match(line)
        rule = None if section else _RULE_LINE.match(line)
        if not in_body and not (section or rule):
            continue  # table of contents, L3-21
        in_body = True
        if line.strip() == _UPDATE_SUMMARY:
            in_changelog = True
        elif section:
            draft = state.open(_Draft(parts=(str(int(section.group("num"))),), line=number))
            draft.title = section.group("title").strip()
        elif rule:
            _read_rule_line(state, rule, number)
        elif state.current is not None:
            _read_loose(state.current, line)
    return state


def _read_loose(draft: _Draft, line: str) -> None:
    """An example line (L58, L71, …, 27 of them) or any other line without an id (spec 2.5)."""
    example = _EXAMPLE.match(line)
    if example:
        draft.examples.append(clean_text(example.group("text")))
    else:
        _add_loose_line(draft, line)


def _nearest_parent(parts: Parts, known: set[str]) -> str | None:
    """The nearest ancestor that was printed (orphans 2-7a-1 etc. attach to 2-7, spec 2.4)."""
    for end in range(len(parts) - 1, 0, -1):
        candidate = format_id(parts[:end])
        if candidate in known:
            return candidate
    return None


def _finish(drafts: Iterable[_Draft]) -> list[RuleRecord]:
    """Turn drafts into records: parent, depth, section, order and references."""
    known: set[str] = set()
    records: list[RuleRecord] = []
    for order, draft in enumerate(drafts):
        rule_id = draft.rule_id
        searchable = "\n".join([draft.title or "", draft.text, *draft.examples])
        records.append(
            RuleRecord(
                rule_id=rule_id,
                parent_id=_nearest_parent(draft.parts, known),
                order=order,
                depth=len(draft.parts) - 1,
                kind=draft.kind,
                title=draft.title,
                text=draft.text,
                examples=list(draft.examples),
                references=find_references(searchable, rule_id),
                section=draft.parts[0],
                line=draft.line,
            )
        )
        known.add(rule_id)
    return records


# --------------------------------------------------------------------------------------------------
# Keywords (spec 4.1)
# --------------------------------------------------------------------------------------------------

_KEYWORD_SECTION = "16"
_GAME_ACTION_KEYWORDS = ("15-30",)
"""15-30 Damage Reversal is a game action, but it is printed in bold as a keyword (L1444-1445, 16-1a)
and cards print it as ``DR n``; people look it up as a keyword."""
_EXTRA_ALIASES: dict[str, tuple[str, ...]] = {
    "Damage Reversal": ("DR",),
    "Gear Up": ("Geared Up",),
    "Enhance": ("Enhanced",),
    "Genesis Summoning": ("Genesis Summon", "Genesis Summoned"),
    "Abyssal Summoning": ("Abyssal Summon", "Abyssal Summoned"),
}
_ABBREVIATION = re.compile(r"^(?P<name>.*?)\s*\((?P<short>[A-Z]{2,4})\)$")


def _keywords(records: Iterable[RuleRecord]) -> list[KeywordRecord]:
    """One keyword per name in the Section 16 headings (16-2 to 16-30, L1516-1737) plus 15-30.

    ``Double Attack/Triple Attack`` (16-9), ``Abyssal Summoning/Abyssal Concerto`` (16-14) and
    ``Concealment/Forced Concealment`` (16-18) give two keywords each; ``Overdrive (OD)`` gives the name
    ``Overdrive`` with the icon alias ``OD`` (likewise TD, CNT).
    """
    keywords: list[KeywordRecord] = []
    names: set[str] = set()
    for record in records:
        wanted = record.section == _KEYWORD_SECTION or record.rule_id in _GAME_ACTION_KEYWORDS
        if record.kind != "heading" or not wanted or not record.title or record.title == "General":
            continue
        for raw in record.title.split("/"):
            match = _ABBREVIATION.match(raw.strip())
            name = match.group("name") if match else raw.strip()
            aliases = [match.group("short")] if match else []
            aliases.extend(_EXTRA_ALIASES.get(name, ()))
            if name and name.lower() not in names:
                names.add(name.lower())
                keywords.append(KeywordRecord(name=name, rule_id=record.rule_id, aliases=aliases))
    return keywords


# --------------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    """The document's lines; CRLF and CR endings are accepted as LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse(text: str) -> ParsedDocument:
    """Parse the Gate Ruler comprehensive rules into records (spec 2.1-2.7, 4.1).

    Raises :class:`RulesParseError` when the text has no title line, no sections, or a rule id twice.
    """
    if not isinstance(text, str):
        raise RulesParseError("The Gate Ruler comprehensive rules must be given as text.")
    lines = _lines(text)
    meta, start = _read_title(lines)
    state = _walk(lines, start)
    if not any(draft.kind == "section" for draft in state.drafts):
        raise RulesParseError(
            "No 'Section N Title' line found: this is not a Gate Ruler comprehensive rules document."
        )
    records = _finish(state.drafts)
    return ParsedDocument(meta=meta, rules=records, keywords=_keywords(records), changelog=state.changelog)


def iter_rule_ids(document: ParsedDocument) -> Iterator[str]:
    """The ids of a parsed document below its sections (the 1,149 of spec 2.3)."""
    return (record.rule_id for record in document.rules if record.kind != "section")
