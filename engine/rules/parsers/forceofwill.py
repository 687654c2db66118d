"""Parser for the Force of Will Comprehensive Rules (``forceofwill-comprehensive-rules-12.9.txt``).

The engineering spec is ``games/forceofwill.md`` (sections 1, 2 and 4) in the shared folder. "Spec 2.5"
below means section 2.5 of that file and "L123" means line 123 of the 12.9 document, 1-based.

Layout (spec 2.1): a title block (L3-L7), a table of contents (L9-L147, skipped), the body from the exact
line ``100. Overview`` (L149) to the line before ``CR Updates:`` (L4005), then the change log (L4005-L4612;
the spec says the file has 4,611 lines, but that is its newline count: the last line, L4612, has none).
In the body every numbered line starts a record; every other line belongs to the record above it, as a
text paragraph, a bullet, a data-block line, an example, or the second half of a sentence that a page
break split in two.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

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

FORMAT = "forceofwill-cr"
PARSER_VERSION = 1

GAME = "forceofwill"
TITLE = "Force of Will Comprehensive Rules"
ICON = "[icon]"
"""Placeholder for an icon glyph the text conversion lost (spec 2.6), e.g. L2135 ``has a [icon] symbol``."""

_BODY_START = "100. Overview"
_CHANGELOG_START = "CR Updates:"

_TITLE_LINE = re.compile(
    r"^\s*Force of Will Comprehensive Rules\s+(?P<edition>ver\.?\s*(?P<version>\d+(?:\.\d+)*[a-z]?))\s*$",
    re.IGNORECASE,
)
_LAST_UPDATE = re.compile(r"^\s*Last Update:\s*(?P<date>.+?)\s*$", re.IGNORECASE)
_PRINTED_DATE = re.compile(r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})")

# Spec 2.3: an id after an optional (space +) "- " bullet; letter and "-k" only in the N.nx / N.nx-k forms.
_RULE_LINE = re.compile(
    r"^\s*(?:-\s+)?(?P<id>(?P<sec>\d{3,4})\.(?P<n>\d{1,2})(?:(?P<let>[a-z])(?:-(?P<k>\d+))?)?)"
    r"(?P<dot>\.)?(?:\s+|$)"
)
# Spec 2.2: chapter and section headings, ``800. Battle`` / ``1107. [Flying]``.
_HEADING_LINE = re.compile(r"^(?P<num>\d{3,4})\.\s+(?P<title>\S.*?)\s*$")
# Spec 2.5: ``Ex.``, ``- Ex.``, ``*Ex.``, ``Ex:`` and ``Ex `` (L1933) open an example.
_EXAMPLE_START = re.compile(r"^(?:-\s+)?(?P<star>\*)?Ex(?:[.:]|(?=\s))\s*")
_BULLET = re.compile(r"^(?:-|•)\s")
_TERMINAL = (".", ":", ";", "!", "?", '"', "”", "’", "'", ")", "*", "]", "】")
_VERSION_LINE = re.compile(
    r"^\s*(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})\s+Ver\.?\s*(?P<version>\S+)\s*$", re.IGNORECASE
)

_HTML_TAG = re.compile(r"</?(?:p|ul|ol|li|br|span|div)\b[^>]*>", re.IGNORECASE)
_LATEX = re.compile(r"(?<!\\)\$(?P<body>[^$]+?)(?<!\\)\$")
_SINGLE_STAR = re.compile(r"(?<!\*)\*(?!\*)")

_Mode = Literal["text", "example"]


@dataclass
class _Entry:
    """One numbered line of the body and everything attached to it, before it becomes a record."""

    rule_id: str
    kind: RuleKind
    depth: int
    line: int
    title: str | None = None
    texts: list[str] = field(default_factory=list)
    examples: list[list[str]] = field(default_factory=list)
    mode: _Mode = "text"

    def last_paragraphs(self) -> list[str]:
        """The paragraph list a continuation joins: the current example's, or the text's."""
        if self.mode == "example" and self.examples:
            return self.examples[-1]
        return self.texts


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------


def parse(text: str) -> ParsedDocument:
    """Parse the raw text of the Force of Will Comprehensive Rules into records.

    Raises :class:`RulesParseError` when the text is not this document: no title line (L3), no body
    start ``100. Overview`` (L149), no numbered rule, or the same rule id printed twice.
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesParseError("The Force of Will rules document is empty.")
    lines = _split_lines(text)
    start, end = _locate_body(lines)
    meta = _read_meta(lines[:start])
    entries = _scan_body(lines, start, end)
    rules = _build_records(entries)
    return ParsedDocument(
        meta=meta,
        rules=rules,
        keywords=_extract_keywords(rules),
        changelog=_parse_changelog(lines, end),
    )


def normalise_id(query: str) -> list[str]:
    """Candidate canonical rule ids for what a user typed, most likely first; ``[]`` if it cannot be one.

    Accepts ``rule 903.2a``, ``903-2A``, ``903 2 a``, ``903.2k-2``/``903.2k.2``/``903.2K2``, ``104.10``,
    ``section 903``, ``chapter 9``/``900``, ``1101`` and ``402.3a.``. Ids are returned in canonical form
    even when the document has no such rule (the caller checks). A two-digit ``n`` ending in ``1`` may be
    a mistyped letter ``l`` (spec 2.3: ``903.2l`` looks like ``903.21``), so ``903.21`` also yields
    ``903.2l``, second. Never raises.
    """
    if not isinstance(query, str):
        return []
    try:
        split = split_rule_query(query)
    except Exception:  # pragma: no cover - split_rule_query is total, this is a safety net
        return []
    if split is None:
        return []
    return _join_parts(list(split.parts))


# --------------------------------------------------------------------------------------------------
# Document layout and metadata (spec 1, 2.1)
# --------------------------------------------------------------------------------------------------


def _split_lines(text: str) -> list[str]:
    """Lines without line endings (the file is LF-only, spec header); a BOM is dropped."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _locate_body(lines: list[str]) -> tuple[int, int]:
    """0-based [start, end) of the body: from the exact line ``100. Overview`` (L149, spec 2.1).

    The TOC's own ``100. Overview`` (L9) carries a TAB and a page number, so it never matches exactly.
    The body ends at ``CR Updates:`` (L4005) or, if that line is missing, at the first change-log
    version line such as ``2025/12/25 Ver. 12.8`` (L4007).
    """
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == _BODY_START)
    except StopIteration:
        raise RulesParseError(
            "This is not the Force of Will Comprehensive Rules: the body must start with the line "
            f"'{_BODY_START}', and none was found."
        ) from None
    end = len(lines)
    for i in range(start + 1, len(lines)):
        stripped = lines[i].strip()
        if stripped == _CHANGELOG_START or _VERSION_LINE.match(stripped):
            end = i
            break
    return start, end


def _read_meta(head: list[str]) -> DocumentMeta:
    """Title, version and last-update date from the lines before the body (L3-L7, spec 1)."""
    title_match = next((m for m in map(_TITLE_LINE.match, head) if m), None)
    if title_match is None:
        raise RulesParseError(
            "This is not the Force of Will Comprehensive Rules: the title line "
            "'Force of Will Comprehensive Rules ver. N' is missing before the rules."
        )
    updated = next((m["date"] for m in map(_LAST_UPDATE.match, head) if m), None)
    return DocumentMeta(
        game=GAME,
        kind="rules",
        title=TITLE,
        version=title_match["version"],
        date=_iso_date(updated) if updated else None,
        edition=title_match["edition"],
    )


def _iso_date(printed: str) -> str | None:
    """``**March 27th**, 2026`` (L5, bold markers included) -> ``2026-03-27``; ``None`` if unreadable."""
    match = _PRINTED_DATE.search(printed.replace("*", ""))
    if match is None:
        return None
    return iso_date(match["year"], match["month"], match["day"])


# --------------------------------------------------------------------------------------------------
# Body scanning (spec 2.2-2.5, 2.7)
# --------------------------------------------------------------------------------------------------


def _scan_body(lines: list[str], start: int, end: int) -> list[_Entry]:
    """Turn body lines into entries: each numbered line opens one, other lines attach to the last one.

    Blank lines only separate paragraphs; consecutive unnumbered lines (packed bullets, L1047-L1050)
    are separate paragraphs too, unless one continues the other's sentence (spec 2.7).
    """
    entries: list[_Entry] = []
    for index in range(start, end):
        raw = lines[index]
        if not raw.strip():
            continue
        entry = _open_entry(raw, index + 1)
        if entry is not None:
            entries.append(entry)
        elif entries:
            _attach(entries[-1], raw)
    if not entries:
        raise RulesParseError("The Force of Will rules document has no numbered rules.")
    return entries


def _open_entry(raw: str, line_no: int) -> _Entry | None:
    """An entry for a numbered line (spec 2.2 headings, spec 2.3 rule ids), else ``None``.

    Rule ids are canonical as printed minus the trailing dot (``402.3a.`` -> ``402.3a``); the ``-k``
    form (``903.2k-2``, L1594) never has one. Chapters are multiples of 100 (``800. Battle``).
    """
    rule = _RULE_LINE.match(raw)
    if rule is not None:
        depth = 4 if rule["k"] else 3 if rule["let"] else 2
        rest = raw[rule.end() :].strip()
        entry = _Entry(rule_id=rule["id"], kind="rule", depth=depth, line=line_no)
        if rest:
            entry.texts.append(_clean_text(rest))
        return entry
    heading = _HEADING_LINE.match(raw)
    if heading is None:
        return None
    number = int(heading["num"])
    if number < 100:
        return None
    is_chapter = number % 100 == 0
    return _Entry(
        rule_id=str(number),
        kind="chapter" if is_chapter else "section",
        depth=0 if is_chapter else 1,
        line=line_no,
        title=_clean_title(heading["title"]),
    )


def _attach(entry: _Entry, raw: str) -> None:
    """Attach one unnumbered line to ``entry`` (spec 2.4, 2.5, 2.7), in this order of precedence.

    1. A page-break continuation joins the previous paragraph with a space (``_continues``).
    2. An example opener (``Ex.``/``- Ex.``/``*Ex.``/``Ex:``/``Ex ``) starts a new example.
    3. A plain paragraph right after an example continues that example (L227, L229, L1935,
       L2585-L2587, L3099-L3107, L3113); bullets after an example go back to the text (L1679, L1683).
    4. Anything else (bullets, continuation paragraphs, data blocks) is a new text paragraph.
    """
    line = raw.strip()
    paragraphs = entry.last_paragraphs()
    if paragraphs and _continues(paragraphs[-1], line):
        paragraphs[-1] = f"{paragraphs[-1]} {_clean_text(line)}"
        return
    example = _EXAMPLE_START.match(line)
    if example is not None:
        entry.examples.append([_clean_text(_example_body(line, example))])
        entry.mode = "example"
        return
    is_bullet = bool(_BULLET.match(line))
    if entry.mode == "example" and entry.examples and not is_bullet:
        entry.examples[-1].append(_unwrap_italic(_clean_text(line)))
        return
    entry.mode = "text"
    entry.texts.append(_clean_text(line))


def _continues(previous: str, line: str) -> bool:
    """Whether ``line`` is the second half of a sentence a page break or line wrap split (spec 2.7).

    True when the line starts in lowercase (L187, L221, L831, L916, L1150, L1244, L1545, L1636, L1891,
    L1939, L2208, L2381, L2427, L2688, L3081); when the previous paragraph ends in a comma or a dangling
    ``and``/``or`` (race list L352->L354->L355, 1017.1 L2167->L2169); or for the false example L3753
    ``Ex. from ruler to 1st form…``, whose "Ex." starts lowercase text after a paragraph that stops
    mid-sentence (L3751). The spec's broader test (predecessor not ending in ``.:;"”)``) is not used:
    it would also glue the set list's group titles (L438, L448…) and L231's example onto their
    predecessors.
    """
    example = _EXAMPLE_START.match(line)
    if example is not None:
        after = line[example.end() :]
        return after[:1].islower() and not previous.rstrip().endswith(_TERMINAL)
    if _BULLET.match(line):
        return False
    if line[:1].islower():
        return True
    tail = previous.rstrip()
    return tail.endswith(",") or tail.endswith((" and", " or"))


def _unwrap_italic(paragraph: str) -> str:
    """Drop the italic wrapper of a whole example paragraph (L227 ``*Also, in the same situation…*``),
    as the opener's wrapper is dropped for L225 and L231, so one example reads in one style."""
    if re.fullmatch(r"\*(?!\*).*[^*]\*", paragraph, re.DOTALL):
        return paragraph[1:-1].strip()
    return paragraph


def _example_body(line: str, match: re.Match[str]) -> str:
    """The example's text without its opener; an italic ``*Ex. …*`` (L225, L231) loses its wrapper."""
    body = line[match.end() :].strip()
    if match["star"] and body.endswith("*") and not body.endswith("**"):
        body = body[:-1].rstrip()
    return body


# --------------------------------------------------------------------------------------------------
# Text clean-up (spec 2.6)
# --------------------------------------------------------------------------------------------------


def _clean_title(title: str) -> str:
    """A heading title as plain text: no ``**`` (L2287), no trailing dot (709, L1192)."""
    plain = title.replace("**", "").strip()
    return plain[:-1].rstrip() if plain.endswith(".") and not plain.endswith("..") else plain


def _clean_text(text: str) -> str:
    """Apply every artifact fix of spec 2.6 to one line of rule or example text.

    Inline ``**bold**`` and ``*italic*`` are kept for display; only the unbalanced trailing ``*`` of the
    ``- Ex.`` lines (L288-L298, L1599-L1600, L1879-L1884, L2930, L3933-L3939) is dropped.
    """
    cleaned = _table_row(text) if "\t" in text or _HTML_TAG.search(text) else text
    cleaned = _LATEX.sub(lambda m: _latex_to_text(m["body"]), cleaned)
    cleaned = cleaned.replace("\\$", "$")  # L2228 "Sieben, Malefic \$t@r"
    cleaned = _restore_icons(cleaned)
    return _drop_stray_star(cleaned.strip())


def _table_row(text: str) -> str:
    """A TAB-separated row (L249-L252 card images, L1038-L1041 priority table) as ``a | b | c``.

    HTML tags (``<p>``, ``<ul style=…>``) are dropped; the ``•`` bullets inside a cell stay.
    """
    cells = [" ".join(_HTML_TAG.sub(" ", cell).split()) for cell in text.split("\t")]
    return " | ".join(cell for cell in cells if cell)


def _latex_to_text(body: str) -> str:
    r"""Plain text for the two LaTeX formulas: L3524 ``+{(Number) multiplied by 100}/0`` and L3920.

    ``\text{…}`` keeps its words, ``\frac{a}{b}`` becomes ``(a)/b``, ``\lfloor``/``\rfloor`` become
    ``⌊``/``⌋`` and escaped braces become plain braces.
    """
    out = re.sub(r"\\text\{([^{}]*)\}", r"\1", body)
    out = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", lambda m: f"{_group(m[1])}/{_group(m[2])}", out)
    out = out.replace("\\lfloor", "⌊").replace("\\rfloor", "⌋")
    out = out.replace("\\{", "{").replace("\\}", "}").replace("\\times", "×").replace("\\cdot", "·")
    out = " ".join(out.split())
    return out.replace("⌊ ", "⌊").replace(" ⌋", "⌋")


def _group(term: str) -> str:
    """Parenthesise a fraction term unless it is a single token (``1000`` stays bare)."""
    term = " ".join(term.split())
    return term if re.fullmatch(r"[\w.]+", term) else f"({term})"


_ICON_FIXES: tuple[tuple[re.Pattern[str], str], ...] = (
    # L276/L2541 "[Will Symbol] is ; for fire magic stones, ; … stones, ." and L2025 "pay , you".
    (re.compile(r"(\bis|\bpay|,) (?=[;.,](?:\s|$))"), rf"\1 {ICON}"),
    # Legends L381 ": Light : Fire", L387, L1781-L1782, L2016-L2017, L3008-L3012 and L276 "“: Produce".
    (re.compile(r"(^|[\s“(]):"), rf"\1{ICON}:"),
    # L1695 "with  included", L2135 "has a  symbol", L2730 "with  in its cost".
    (re.compile(r"(?<=\S)  (?=\S)"), f" {ICON} "),
    # L1786-L1790 '"Produce " means'.
    (re.compile(r'(?<=Produce) (?=")'), f" {ICON}"),
    # L1796-L1803 'refers to " will"'.
    (re.compile(r'(?<=") (?=will")'), f"{ICON} "),
)


def _restore_icons(text: str) -> str:
    """Put a visible ``[icon]`` where the conversion dropped a will/rest glyph (spec 2.6, 3.12)."""
    for pattern, replacement in _ICON_FIXES:
        text = pattern.sub(replacement, text)
    return text


def _drop_stray_star(text: str) -> str:
    """Remove a final ``*`` that closes no italic (spec 2.6, "Unbalanced single ``*`` at line end")."""
    if text.endswith("*") and not text.endswith("**") and len(_SINGLE_STAR.findall(text)) % 2:
        return text[:-1].rstrip()
    return text


# --------------------------------------------------------------------------------------------------
# Records (spec 2.3, 2.4)
# --------------------------------------------------------------------------------------------------


def _build_records(entries: list[_Entry]) -> list[RuleRecord]:
    """Final records in document order: parents by truncation, top-level section, references."""
    _reject_duplicates(entries)
    known = {entry.rule_id for entry in entries}
    parents = {entry.rule_id: _nearest_ancestor(entry.rule_id, known) for entry in entries}
    records: list[RuleRecord] = []
    for order, entry in enumerate(entries):
        following = entries[order + 1] if order + 1 < len(entries) else None
        records.append(_record(entry, order, parents, following))
    return records


def _reject_duplicates(entries: list[_Entry]) -> None:
    """Spec 2.3 found no duplicated id; a duplicate means a corrupt or different document."""
    seen: dict[str, int] = {}
    for entry in entries:
        if entry.rule_id in seen:
            raise RulesParseError(
                f"Rule {entry.rule_id} is printed twice in the Force of Will rules "
                f"(lines {seen[entry.rule_id]} and {entry.line})."
            )
        seen[entry.rule_id] = entry.line


def _record(
    entry: _Entry, order: int, parents: dict[str, str | None], following: _Entry | None
) -> RuleRecord:
    """One :class:`RuleRecord`; a title-only numbered line (318.2 ``<Shinobi> EX Area``) is a heading."""
    kind, title, texts = entry.kind, entry.title, entry.texts
    if _is_title_only(entry, following):
        kind, title, texts = "heading", texts[0], []
    text = "\n".join(texts)
    examples = ["\n".join(paragraphs) for paragraphs in entry.examples]
    return RuleRecord(
        rule_id=entry.rule_id,
        parent_id=parents[entry.rule_id],
        order=order,
        depth=entry.depth,
        kind=kind,
        title=title,
        text=text,
        examples=examples,
        references=find_references([text, *examples], own_id=entry.rule_id),
        section=_top_level(entry.rule_id, parents),
        line=entry.line,
    )


def _is_title_only(entry: _Entry, following: _Entry | None) -> bool:
    """A numbered rule whose only text is a short label with no final punctuation, and whose next
    record is its own child: 318.2/318.3 (L762, L770) and 319.4-319.6 (L781-L789)."""
    if entry.kind != "rule" or len(entry.texts) != 1 or entry.examples or following is None:
        return False
    label = entry.texts[0]
    if len(label.split()) > 6 or label.endswith((".", ":", ";", "!", "?")):
        return False
    return _truncate(following.rule_id) == entry.rule_id


def _truncate(rule_id: str) -> str | None:
    """The id one level up (spec 2.4): ``903.2k-2`` -> ``903.2k`` -> ``903.2`` -> ``903`` -> ``900``."""
    if "-" in rule_id:
        return rule_id.rsplit("-", 1)[0]
    if "." in rule_id:
        head, tail = rule_id.split(".", 1)
        return f"{head}.{tail[:-1]}" if tail[-1].isalpha() else head
    number = int(rule_id)
    return None if number % 100 == 0 else str(number - number % 100)


def _nearest_ancestor(rule_id: str, known: set[str]) -> str | None:
    """The closest truncation of ``rule_id`` that the document prints (spec 2.4), or ``None``."""
    candidate = _truncate(rule_id)
    while candidate is not None and candidate not in known:
        candidate = _truncate(candidate)
    return candidate


def _top_level(rule_id: str, parents: dict[str, str | None]) -> str:
    """The top-level record above ``rule_id`` (its chapter, e.g. ``900``), itself for a chapter."""
    current, parent = rule_id, parents.get(rule_id)
    while parent is not None:
        current, parent = parent, parents.get(parent)
    return current


# --------------------------------------------------------------------------------------------------
# Cross-references (spec 2.9)
# --------------------------------------------------------------------------------------------------

_REF_DOTTED = re.compile(r"(?<![\w./\[+$-])(?P<id>\d{3,4}\.\d{1,2}(?:[a-z](?:-\d+)?)?)(?![a-z\d/\]])")
_REF_BARE = (
    re.compile(r"\(\s*(?:see\s+)?(?P<id>\d{3,4})\.?\s*\)"),  # (404) L181, (500.) L2407
    re.compile(r"\[(?P<id>\d{3,4})\.\s+[A-Z]"),  # [405. Setting Up the Game] L2425
    re.compile(r"【\s*(?P<id>\d{3,4})\s*[—–-]"),  # 【800 — Battle】 L1123
    re.compile(r"\b(?:rules?|sections?|see|step)\s+\(?(?P<id>\d{3,4})\b(?!\.\d)", re.IGNORECASE),
)
_RANGE_GAP = re.compile(r"^\.?\s+to\s+$")


def find_references(texts: Iterable[str], own_id: str | None = None) -> list[str]:
    """Canonical ids referenced in ``texts`` (spec 2.9), deduplicated in order, never ``own_id``.

    Dotted ids count anywhere (``903.2h.``, ``(1102.6.)``, ``rule 1145.2c``); a bare 3-4 digit number
    counts only as ``(404)``, ``[405. …]``, ``【800 — …】`` or after rule/section/see/step, which
    excludes ``4000``, ``(2023 Decks)`` and ``[600/600]``. ``903.2a. to 903.2i`` expands to the span.
    Ids are kept as printed even when no such rule exists (``(1420)`` L871, spec 2.8 C).
    """
    found: list[str] = []
    for text in texts:
        found.extend(_references_in(text))
    return [ref for ref in dict.fromkeys(found) if ref != own_id]


def _references_in(text: str) -> Iterator[str]:
    """References in one text, in order of position, with ``A to B`` ranges expanded."""
    hits = sorted(_raw_references(text))
    previous: tuple[int, int, str] | None = None
    for start, end, ref in hits:
        if previous is not None and _RANGE_GAP.match(text[previous[1] : start]):
            yield from _expand_range(previous[2], ref)
        yield ref
        previous = (start, end, ref)


def _raw_references(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, id) of every id-shaped reference, bare numbers only in reference contexts."""
    for match in _REF_DOTTED.finditer(text):
        yield match.start("id"), match.end("id"), match["id"]
    for pattern in _REF_BARE:
        for match in pattern.finditer(text):
            if 100 <= int(match["id"]) < 2000:
                yield match.start("id"), match.end("id"), str(int(match["id"]))


def _expand_range(first: str, last: str) -> list[str]:
    """Ids strictly between ``first`` and ``last`` for letter ranges (``909.3a to 909.3j``) and
    number ranges (``1205.2 to 1205.6``) within one parent; nothing for any other pair."""
    head_a, _, tail_a = first.partition(".")
    head_b, _, tail_b = last.partition(".")
    if head_a != head_b or not tail_a or not tail_b or "-" in tail_a + tail_b:
        return []
    if tail_a[-1].isalpha() and tail_b[-1].isalpha() and tail_a[:-1] == tail_b[:-1]:
        letters = range(ord(tail_a[-1]) + 1, ord(tail_b[-1]))
        return [f"{head_a}.{tail_a[:-1]}{chr(code)}" for code in letters]
    if tail_a.isdigit() and tail_b.isdigit():
        return [f"{head_a}.{n}" for n in range(int(tail_a) + 1, int(tail_b))]
    return []


# --------------------------------------------------------------------------------------------------
# Keywords (spec 4)
# --------------------------------------------------------------------------------------------------

_KEYWORD_LIST_ITEM = re.compile(r"^\d{1,2}\.\s*«(?P<name>[^»]+)»\s*(?P<param>.*)$")
_BRACKETED = re.compile(r"\[(?P<name>[^\]]+)\]")
_KEYWORD_SKILL = re.compile(r"keyword skill \[(?P<name>[^\]]+)\]", re.IGNORECASE)
_OLD_NAME = (
    # 1416.3 "If an old card has [Target Attack], treat it as if it had [Precision]." (and 1416.4)
    re.compile(
        r"old card has (?:the )?\[(?P<old>[^\]]+)\].*?treat it as if it had [\[«](?P<new>[^\]»]+)[\]»]"
    ),
    # 1407.1 'Treat "[J-activate]" on old cards as "[Judgment]".'
    re.compile(r'Treat "?\[(?P<old>[^\]]+)\]"? on old cards as "?\[(?P<new>[^\]]+)\]'),
)
_PRINTED_AS = {"Swiftress": "Swiftness"}
"""Heading spellings users do not type: 1108 is printed ``[Swiftress]`` (L2726), the TOC (L110) and
1196.2 (L3536) say ``[Swiftness]`` (spec 2.8 B/D)."""
_MISSPELLINGS: dict[str, tuple[str, ...]] = {
    "Swiftness": ("Swiftiness", "Swift"),  # L1380, L1867, L2513, L3440; card text L1769
    "Ibka": ("lbka",),  # L1616
    "Flying": ("Flyng",),  # L1837
    "Omniresonance": ("Omni-resonance",),  # TOC L129
    "Blood Trail": ("Blood Trial",),  # change log L4063
    "Judgment": ("Judgement",),  # change log L4398
}
"""Spelling variants printed somewhere in the document (spec 2.8 D, spec 4 "Misspelling aliases")."""


def _extract_keywords(rules: list[RuleRecord]) -> list[KeywordRecord]:
    """Keywords «…» listed in 1101.3 (L2620-L2636) and keyword abilities titled ``[…]`` (1103-1197),
    plus [Break] (1411.1b, old Valhalla rules). Old names from chapter 1400 become aliases."""
    old_names = _old_names(rules)
    keywords: list[KeywordRecord] = []
    for rule in rules:
        if rule.rule_id == "1101.3":
            keywords.extend(_listed_keywords(rule, old_names))
        elif rule.kind == "section" and rule.section == "1100" and (rule.title or "").startswith("["):
            keywords.extend(_keyword_abilities(rule, old_names))
        elif rule.section == "1400":
            keywords.extend(
                _keyword(m["name"], rule.rule_id, [f"[{m['name']}]"], old_names)
                for m in _KEYWORD_SKILL.finditer(rule.text)
            )
    return keywords


def _listed_keywords(rule: RuleRecord, old_names: dict[str, list[str]]) -> Iterator[KeywordRecord]:
    """One record per line ``N. «Name» (Param)`` of 1101.3; the defining section is 1101."""
    section = rule.parent_id or rule.rule_id
    for line in rule.text.split("\n"):
        match = _KEYWORD_LIST_ITEM.match(line.strip())
        if match is None:
            continue
        name = match["name"].strip()
        printed = f"«{name}»"
        aliases = [printed] + ([f"{printed} {match['param'].strip()}"] if match["param"].strip() else [])
        yield _keyword(name, section, aliases, old_names)


def _keyword_abilities(rule: RuleRecord, old_names: dict[str, list[str]]) -> Iterator[KeywordRecord]:
    """One record per ``[Name]`` in a 1100s section title: ``1127. [Resonance] / [Omniresonance]``
    gives two; ``[Linkage] (Zone)`` and ``[Consensus] (A or B)`` keep the parameter as an alias."""
    title = rule.title or ""
    names = [match["name"].strip() for match in _BRACKETED.finditer(title)]
    for printed in names:
        name = _PRINTED_AS.get(printed, printed)
        aliases = [f"[{printed}]"]
        if printed != name:
            aliases += [printed, f"[{name}]"]
        if len(names) == 1 and title != f"[{printed}]":
            aliases.append(title)
        if "<" in printed:  # 1152/1153 [Union Seven <Machine>]
            aliases += [
                " ".join(printed.replace("<", " ").replace(">", " ").split()),
                printed.split("<")[0].strip(),
            ]
        yield _keyword(name, rule.rule_id, aliases, old_names)


def _keyword(name: str, rule_id: str, aliases: list[str], old_names: dict[str, list[str]]) -> KeywordRecord:
    """A keyword record with deduplicated aliases (never the name itself)."""
    extra = [*aliases, *_MISSPELLINGS.get(name, ()), *old_names.get(name, ())]
    unique = [alias for alias in dict.fromkeys(extra) if alias and alias != name]
    return KeywordRecord(name=name, rule_id=rule_id, aliases=unique)


def _old_names(rules: list[RuleRecord]) -> dict[str, list[str]]:
    """Old keyword names from chapter 1400: [Target Attack] -> Precision (1416.3), [Mythic] -> Mythic
    (1416.4), [J-activate] -> Judgment (1407.1); both plain and bracketed forms."""
    found: dict[str, list[str]] = {}
    for rule in rules:
        if rule.section != "1400":
            continue
        for pattern in _OLD_NAME:
            for match in pattern.finditer(rule.text):
                old, new = match["old"].strip(), match["new"].strip()
                found.setdefault(new, []).extend([old, f"[{old}]"])
    return found


# --------------------------------------------------------------------------------------------------
# Change log (spec 2.1: L4005-L4612)
# --------------------------------------------------------------------------------------------------


def _parse_changelog(lines: list[str], start: int) -> list[ChangelogEntry]:
    """``CR Updates:`` bullets under version lines ``2025/12/25 Ver. 12.8`` … ``2016/9/02 Ver 6.0a``.

    Keys are ``changelog/<version>/<n>`` with ``n`` counting from 1 within a version. A non-bullet line
    continues the previous bullet. These entries are never rules.
    """
    entries: list[ChangelogEntry] = []
    version: str | None = None
    iso: str | None = None
    counts: dict[str, int] = {}
    for index in range(start, len(lines)):
        line = lines[index].strip()
        header = _VERSION_LINE.match(line)
        if header is not None:
            version, iso = header["version"], _changelog_date(header)
            continue
        if not line or line == _CHANGELOG_START:
            continue
        body = line[2:].strip() if line.startswith("- ") else line
        if not line.startswith("- ") and entries and entries[-1].version == version:
            last = entries[-1]
            entries[-1] = last.model_copy(update={"text": f"{last.text} {body}"})
            continue
        label = version or "unknown"
        counts[label] = counts.get(label, 0) + 1
        entries.append(
            ChangelogEntry(
                key=f"changelog/{label}/{counts[label]}", version=version, date=iso, text=body, line=index + 1
            )
        )
    return entries


def _changelog_date(header: re.Match[str]) -> str | None:
    """``2023/9/8`` -> ``2023-09-08``; ``None`` for an impossible date."""
    try:
        return date(int(header["y"]), int(header["m"]), int(header["d"])).isoformat()
    except ValueError:
        return None


# --------------------------------------------------------------------------------------------------
# Id normalisation
# --------------------------------------------------------------------------------------------------


def _join_parts(parts: list[str]) -> list[str]:
    """Join :func:`split_rule_query` parts with this game's grammar ``N[.n[x[-k]]]`` (spec 2.3)."""
    head = parts[0]
    if not head.isdigit():
        return []
    if len(parts) == 1:
        return _top_level_candidates(head)
    if not 3 <= len(head) <= 4 or int(head) < 100 or not parts[1].isdigit():
        return []
    section, number, rest = str(int(head)), parts[1], parts[2:]
    if len(number) > 2:
        return []
    return _rule_candidates(section, str(int(number)), rest, number)


def _top_level_candidates(digits: str) -> list[str]:
    """``903`` -> ``903``, ``1101`` -> ``1101``; ``9``/``14`` -> chapter ``900``/``1400``."""
    value = int(digits)
    if value == 0 or len(digits) > 4:
        return []
    if len(digits) <= 2:
        return [str(value * 100)]
    return [str(value)] if value >= 100 else []


def _rule_candidates(section: str, number: str, rest: list[str], typed: str) -> list[str]:
    """Candidates below a section: ``N.n``, ``N.nx``, ``N.nx-k``, with the ``1`` -> ``l`` fallback."""
    looks_like_l = len(typed) == 2 and typed.endswith("1") and typed[0] != "0"
    if not rest:
        return [f"{section}.{number}", f"{section}.{typed[0]}l"] if looks_like_l else [f"{section}.{number}"]
    letter, tail = rest[0], rest[1:]
    if letter.isdigit():
        # "903.21-1": a two-digit n ending in 1 followed by k can only be 903.2l-1.
        if looks_like_l and not tail and len(letter) <= 2 and int(letter) > 0:
            return [f"{section}.{typed[0]}l-{int(letter)}"]
        return []
    if len(letter) != 1:
        return []
    if not tail:
        return [f"{section}.{number}{letter}"]
    if len(tail) == 1 and tail[0].isdigit() and len(tail[0]) <= 2 and int(tail[0]) > 0:
        return [f"{section}.{number}{letter}-{int(tail[0])}"]
    return []
