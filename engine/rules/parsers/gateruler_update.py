"""Parser for the Gate Ruler "Comprehensive Rules Update for Set 3" article ("004").

The article (spec ``games/gateruler.md`` 1.2, 2.8, 4.2; ``Lnnn`` = 1-based lines of
``data/rules/gateruler-set3-rules-update.txt``) has no markup: headings are plain lines, so they come
from the fixed map :data:`HEADINGS` rather than from guessing. Under the headings it prints card blocks
(``[Name] (code & code)`` then card text), explanation paragraphs and ``- `` rulings; then an errata list
(``Old:``/``New:``/``Reason:``) and five ruler updates. Icon brackets were lost in conversion: ``¦`` is
the ``■`` ability separator and ``?OD?`` is ``[OD]`` (a whitelist, never a generic ``?…?`` regex, because
the ability "You feel lucky, punk?" has a real question mark, L247).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.rules.errors import RulesParseError
from engine.rules.model import CardRuling, DocumentMeta, KeywordRecord, ParsedDocument, RuleRecord

FORMAT = "gateruler-update"
PARSER_VERSION = 1

GAME = "gateruler"
TITLE = "Comprehensive Rules Update for Set 3"


@dataclass(frozen=True)
class Heading:
    """One heading of the article (spec 2.8 table) and the CR rules it relates to (spec 4.2)."""

    text: str
    level: int
    related: tuple[str, ...] = ()
    keyword_aliases: tuple[str, ...] | None = None
    """Set when the heading names a mechanic that ``/keyword`` should find (with these aliases)."""


HEADINGS: tuple[Heading, ...] = (
    Heading("New Rules for Booster Set Vol. 3", 2),  # L5
    Heading("Damage Reversal", 3, ("15-30", "3-13c"), ("DR",)),  # L6
    Heading("Discount", 3, ("16-20",), ()),  # L17
    Heading("Sentinel Summoning", 3, ("16-21",), ()),  # L25
    Heading("Deadly", 3, ("16-22", "13-2c"), ()),  # L33
    Heading("Ability Names with “<>”", 3, ("14-1a-4a", "14-2c")),  # L42
    Heading("Normal Summon as an Instant Action", 3, ("9-3e-4", "15-17", "4-3a-1b")),  # L52
    Heading("Events that Can Be Played Directly From a Hand", 3, ("14-20", "7-6")),  # L62
    Heading("“As (a Card) Attacks”", 3, ("8-4h",)),  # L70
    Heading("Clarification on Choosing Targets", 3, ("14-4b-4", "15-6b")),  # L79
    Heading("Rules Changes", 2),  # L98
    Heading("Changes Regarding the Destruction Rules Effect", 3, ("15-12", "16-12", "15-32")),  # L99
    Heading("Changes Regarding Damage Reduction", 3, ("13-3c-1", "14-14e-1", "13-3d-2a")),  # L109
    Heading("Card Specific Clarifications", 2),  # L114
    Heading("Errata Card List", 2),  # L301
    Heading("Updates to Existing Rulers", 2),  # L416
)
_ERRATA_LIST = "Errata Card List"
_RULERS = "Updates to Existing Rulers"

# --------------------------------------------------------------------------------------------------
# Text repair (spec 2.8 "Glyph loss in 004")
# --------------------------------------------------------------------------------------------------

ICON_TOKENS: tuple[str, ...] = (
    "<Hundred Yokai March>",
    "Hundred Yokai March",
    "Abyssal Summoning",
    "Abyssal Summoned",
    "Intercept",
    "Defender",
    "Timing",
    "Turn 1",
    "DR 3",
    "CNT",
    "OD",
    "TD",
)
"""Every ``?X?`` token of the article (spec 2.8 counts), longest first."""
_ICON = re.compile(
    r"\[\?(?P<boxed>{alt})\?\]|\?(?P<bare>{alt})\?".format(alt="|".join(map(re.escape, ICON_TOKENS)))
)
_QUOTES = str.maketrans({"“": '"', "”": '"', "’": "'", "‘": "'"})
_TYPOS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^TD - "), "[TD] "),  # L55: the TD icon printed as "TD - "
    (re.compile(r"\bConcealment\("), "Concealment ("),  # L238
    (re.compile(r"\bDeadlycould\b"), "Deadly could"),  # L40
)


def _icon(match: re.Match[str]) -> str:
    """``?OD?`` -> ``[OD]``, ``[?DR 3?]`` -> ``[DR 3]`` (L380), a space before a glued icon (L230)."""
    token = match.group("boxed") or match.group("bare")
    start = match.start()
    glued = match.group("bare") is not None and start > 0 and match.string[start - 1].isalnum()
    return f"{' ' if glued else ''}[{token}]"


def fix_text(line: str) -> str:
    """Repair one line of the article for display and search.

    ``¦`` -> ``■`` (115 times), whitelisted ``?X?`` icons -> ``[X]``, curly quotes -> straight ones, and
    the typos of spec 2.8 (L40, L55, L238). Accents are kept (Bruncvík, Doppelgänger).
    """
    text = _ICON.sub(_icon, line.replace("¦", "■"))
    for pattern, replacement in _TYPOS:
        text = pattern.sub(replacement, text)
    return text.translate(_QUOTES).strip()


def slug(text: str) -> str:
    """Lowercase ASCII slug: ``Ability Names with “<>”`` -> ``ability-names-with``."""
    folded = unicodedata.normalize("NFKD", text.translate(_QUOTES)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")


def heading_id(heading: str) -> str:
    """The ``update:<slug>`` rule id of a heading."""
    return f"update:{slug(heading)}"


# --------------------------------------------------------------------------------------------------
# Line grammar (spec 2.8 "Card block grammar")
# --------------------------------------------------------------------------------------------------

_CODE = r"\d{4}G[BS]\d{2}-(?:\d{3}|UR\d{2}|LUR\d{2}|L\d{2}[ab]|S\d{2})"
_HEADER = re.compile(rf"^(?P<errata>\[ERRATA\] )?\[(?P<name>[^\]]+)\] \((?P<codes>{_CODE}(?: & {_CODE})*)\)$")
_RULING = re.compile(r"^- (?P<text>.+)$")
_UPDATED_LABEL = re.compile(r"^Updated Text:\s*", re.IGNORECASE)
_RULER_NAME = re.compile(r"^\d+\. [A-Z] - ")
_RULER_UPDATE = re.compile(r"^(?P<name>\d+\. [A-Z] - [^:]+): (?P<text>.+)$")
_ERRATA_FIELD = re.compile(r"^(?P<label>Old|New|Reason):\s*(?P<text>.*)$")
_SIGN_OFF = re.compile(r"^(?:We thank you|Sincerely,)")
_BRACKETED = re.compile(r"\[([^\]]+)\]")
_CARD_TEXT = re.compile(
    r"^(?:[¦■]"
    r"|\?(?:OD|CNT|TD)\?"
    r"|TD - "
    r"|-\S"
    r"|(?i:updated text:)"
    r"|(?:Timing|Discount|Setup|Start of Turn|Enhance):"
    r"|Summon Cap \d"
    r"|(?:Sentinel Summoning|Double Attack|Triple Attack|Charge Shield|Forced Reveal|Retaliate|Breakthrough"
    r"|Concealment|Intercept|Defender|Deadly|Enhance)(?:\s*\(|,|$))"
)
"""A line of printed card text: an ability (``¦``), an icon ability, a ``-Option`` mode (dash, no space,
L83), an ``Updated Text:`` label, a ``Timing:``/``Discount:``/``Setup:``/``Start of Turn:`` line, or a
keyword line (``Sentinel Summoning (…)`` L9, ``Double Attack, Charge Shield`` L145, ``Forced Reveal`` L201,
``Concealment(`` L238). Prose that merely starts with a keyword (``Discount allows`` L22) is not."""


def _is_card_text(line: str, block: _Block) -> bool:
    """Whether ``line`` continues the card text of ``block``.

    Besides :data:`_CARD_TEXT`, a ruler prints its rule text without a label before its first ``¦``
    ability (``Treat all cards you play as if you paid the cost for them.``, L74 and L118).
    """
    if _CARD_TEXT.match(line):
        return True
    return bool(_RULER_NAME.match(block.name)) and not any(raw.startswith("¦") for raw in block.raw)


# --------------------------------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardBlock:
    """A card printed in the article, deduplicated by its first code (Vabelcion L7/L26, etc.)."""

    name: str
    codes: tuple[str, ...]
    text: str
    """Card text, repaired (:func:`fix_text`), the ``Updated Text:`` label removed, one line per ability."""
    errata: bool
    """The header carries ``[ERRATA]``: the text is the card's full updated text."""
    lines: tuple[int, ...]
    """Header lines of every printing of the block."""


@dataclass
class _Block:
    name: str
    codes: tuple[str, ...]
    errata: bool
    line: int
    raw: list[str] = field(default_factory=list)


@dataclass
class _Section:
    heading: Heading
    line: int
    parent: str | None
    paragraphs: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)

    @property
    def rule_id(self) -> str:
        return heading_id(self.heading.text)


@dataclass
class _Ruling:
    code: str
    name: str
    codes: tuple[str, ...]
    text: str
    topic: str
    line: int


@dataclass
class _Erratum:
    name: str
    codes: tuple[str, ...]
    line: int
    fields: dict[str, list[str]] = field(default_factory=dict)
    current: str | None = None


@dataclass
class _RulerUpdate:
    name: str
    text: str
    line: int
    updated: str | None = None


@dataclass
class _State:
    sections: list[_Section] = field(default_factory=list)
    blocks: list[_Block] = field(default_factory=list)
    rulings: list[_Ruling] = field(default_factory=list)
    errata: list[_Erratum] = field(default_factory=list)
    rulers: list[_RulerUpdate] = field(default_factory=list)
    block: _Block | None = None
    after: str = "prose"
    """What the last line was, inside a heading: ``card`` text, card ``rulings`` or ``prose``."""

    @property
    def section(self) -> _Section | None:
        return self.sections[-1] if self.sections else None


# --------------------------------------------------------------------------------------------------
# Reading the lines
# --------------------------------------------------------------------------------------------------


def _open_heading(state: _State, heading: Heading, number: int) -> None:
    """Start the record of an H2 or H3 heading; an H3's parent is the last H2."""
    parent = None
    if heading.level == 3:
        parents = [section for section in state.sections if section.heading.level == 2]
        parent = parents[-1].rule_id if parents else None
    state.sections.append(_Section(heading=heading, line=number, parent=parent))
    state.block = None
    state.after = "prose"


def _read_general(state: _State, section: _Section, line: str, number: int) -> None:
    """A line under an H3, or under "Card Specific Clarifications" (L6-113, L115-300).

    A ``- `` bullet right after a card's text is a ruling on that card (L120-121); after an explanation
    paragraph it is a ruling on the heading's topic and becomes one of its examples (L12-16).
    """
    header = _HEADER.match(line)
    if header:
        codes = tuple(header.group("codes").split(" & "))
        state.block = _Block(header.group("name"), codes, bool(header.group("errata")), number)
        state.blocks.append(state.block)
        state.after = "card"
        return
    ruling = _RULING.match(line)
    if ruling and state.block is not None and state.after in ("card", "rulings"):
        block = state.block
        text = fix_text(ruling.group("text"))
        state.rulings.append(_Ruling(block.codes[0], block.name, block.codes, text, section.rule_id, number))
        state.after = "rulings"
    elif ruling:
        section.examples.append(fix_text(ruling.group("text")))
    elif state.block is not None and state.after == "card" and _is_card_text(line, state.block):
        state.block.raw.append(line)
    else:
        section.paragraphs.append(fix_text(line))
        state.after = "prose"


def _read_errata(state: _State, section: _Section, line: str, number: int) -> None:
    """A line of the errata list (L302-415): header, ``Old:``/``New:``/``Reason:`` and continuations."""
    header = _HEADER.match(line)
    if header:
        codes = tuple(header.group("codes").split(" & "))
        state.errata.append(_Erratum(header.group("name"), codes, number))
        return
    entry = state.errata[-1] if state.errata else None
    labelled = _ERRATA_FIELD.match(line)
    if entry is None:
        section.paragraphs.append(fix_text(line))
    elif labelled:
        entry.current = labelled.group("label").lower()
        entry.fields[entry.current] = [labelled.group("text")] if labelled.group("text") else []
    elif entry.current is not None:
        entry.fields[entry.current].append(line)


def _read_rulers(state: _State, section: _Section, line: str, number: int) -> None:
    """A line of "Updates to Existing Rulers" (L417-425): ``N. X - Name: change`` or ``Updated text:``."""
    update = _RULER_UPDATE.match(line)
    if update:
        state.rulers.append(_RulerUpdate(update.group("name"), fix_text(update.group("text")), number))
    elif _UPDATED_LABEL.match(line) and state.rulers:
        state.rulers[-1].updated = fix_text(_UPDATED_LABEL.sub("", line))  # L423
    else:
        section.paragraphs.append(fix_text(line))


def _walk(lines: Sequence[str], start: int) -> _State:
    """Read every line after the title; the intro (L2-4) before the first heading and the sign-off
    (L426-431) are not indexed."""
    state = _State()
    remaining = {heading.text: heading for heading in HEADINGS}
    for index in range(start, len(lines)):
        line, number = lines[index].strip(), index + 1
        if not line:
            continue
        if _SIGN_OFF.match(line):
            break
        heading = remaining.pop(line, None)
        section = state.section
        if heading is not None:
            _open_heading(state, heading, number)
        elif section is None:
            continue
        elif section.heading.text == _ERRATA_LIST:
            _read_errata(state, section, line, number)
        elif section.heading.text == _RULERS:
            _read_rulers(state, section, line, number)
        else:
            _read_general(state, section, line, number)
    return state


# --------------------------------------------------------------------------------------------------
# Building the records
# --------------------------------------------------------------------------------------------------


def _block_text(block: _Block) -> str:
    """The repaired card text of a block, without the ``Updated Text:`` label (L44, L246 ``Text:¦``)."""
    lines = list(block.raw)
    if lines:
        lines[0] = _UPDATED_LABEL.sub("", lines[0])
    return "\n".join(fix_text(line) for line in lines if line.strip())


def _merge_blocks(blocks: Iterable[_Block]) -> list[CardBlock]:
    """Deduplicate card blocks by first code, keeping the first text and every header line."""
    merged: dict[str, CardBlock] = {}
    for block in blocks:
        key = block.codes[0]
        previous = merged.get(key)
        if previous is None:
            merged[key] = CardBlock(
                name=block.name.translate(_QUOTES),
                codes=block.codes,
                text=_block_text(block),
                errata=block.errata,
                lines=(block.line,),
            )
        else:
            merged[key] = CardBlock(
                name=previous.name,
                codes=previous.codes,
                text=previous.text or _block_text(block),
                errata=previous.errata or block.errata,
                lines=(*previous.lines, block.line),
            )
    return list(merged.values())


def _card_index(state: _State) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every card with a header anywhere in the article, by folded name: ``(name, codes)``."""
    index: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, codes in [(b.name, b.codes) for b in state.blocks] + [(e.name, e.codes) for e in state.errata]:
        index.setdefault(name.translate(_QUOTES), (name.translate(_QUOTES), codes))
    return index


def _reattribute(ruling: _Ruling, cards: dict[str, tuple[str, tuple[str, ...]]]) -> _Ruling:
    """A ruling printed under one card but about another (L225: under [Rite of Ophidian Reincarnation],
    about [Húlí of the Spider Lily]) goes to the card it names, when that card has a header somewhere
    and the ruling does not name its own card."""
    named = [name.translate(_QUOTES) for name in _BRACKETED.findall(ruling.text)]
    own = ruling.name.translate(_QUOTES)
    if not named or own in named or named[0] not in cards:
        return ruling
    name, codes = cards[named[0]]
    return _Ruling(codes[0], name, codes, ruling.text, ruling.topic, ruling.line)


def _card_rulings(state: _State) -> list[CardRuling]:
    """``ruling:<code>#<n>`` records, numbered per card in document order."""
    cards = _card_index(state)
    counts: dict[str, int] = {}
    out: list[CardRuling] = []
    for ruling in (_reattribute(ruling, cards) for ruling in state.rulings):
        counts[ruling.code] = counts.get(ruling.code, 0) + 1
        out.append(
            CardRuling(
                kind="ruling",
                key=f"ruling:{ruling.code}#{counts[ruling.code]}",
                card_name=ruling.name.translate(_QUOTES),
                codes=list(ruling.codes),
                text=ruling.text,
                topic=ruling.topic,
                line=ruling.line,
            )
        )
    return out


def _joined(lines: list[str] | None, separator: str = "\n") -> str | None:
    """Repaired lines of one errata field, or ``None`` when the field was not printed."""
    if not lines:
        return None
    return separator.join(fix_text(line) for line in lines)


def _errata(state: _State, blocks: dict[str, CardBlock]) -> list[CardRuling]:
    """``errata:<code>`` records (21, L302-415); ``text`` is the full updated text of the card's
    ``[ERRATA]`` block where one exists (13 cards), else the ``New:`` text."""
    topic = heading_id(_ERRATA_LIST)
    out: list[CardRuling] = []
    for entry in state.errata:
        new_text = _joined(entry.fields.get("new"))
        block = blocks.get(entry.codes[0])
        full = block.text if block is not None and block.errata and block.text else None
        out.append(
            CardRuling(
                kind="errata",
                key=f"errata:{entry.codes[0]}",
                card_name=entry.name.translate(_QUOTES),
                codes=list(entry.codes),
                text=full or new_text or "",
                old_text=_joined(entry.fields.get("old")),
                new_text=new_text,
                reason=_joined(entry.fields.get("reason"), " "),
                topic=topic,
                line=entry.line,
            )
        )
    return out


def _ruler_updates(state: _State) -> list[CardRuling]:
    """``ruler-update:<slug>`` records (L418-423); Wizard's ``Updated text:`` line (L423) is its new text."""
    topic = heading_id(_RULERS)
    return [
        CardRuling(
            kind="ruler-update",
            key=f"ruler-update:{slug(update.name)}",
            card_name=update.name,
            text=update.text if update.updated is None else f"{update.text}\n{update.updated}",
            new_text=update.updated,
            topic=topic,
            line=update.line,
        )
        for update in state.rulers
    ]


def _records(state: _State) -> list[RuleRecord]:
    """One ``update`` record per heading: text = explanation paragraphs, examples = its rulings."""
    records: list[RuleRecord] = []
    for order, section in enumerate(state.sections):
        level_two = section.heading.level == 2
        records.append(
            RuleRecord(
                rule_id=section.rule_id,
                parent_id=None if level_two else section.parent,
                order=order,
                depth=0 if level_two else 1,
                kind="update",
                title=section.heading.text,
                text="\n".join(section.paragraphs),
                examples=list(section.examples),
                references=list(section.heading.related),
                section=section.rule_id if level_two else section.parent,
                line=section.line,
            )
        )
    return records


def _keywords(records: Iterable[RuleRecord]) -> list[KeywordRecord]:
    """Headings that name a mechanic (Damage Reversal, Discount, Sentinel Summoning, Deadly)."""
    aliases = {heading.text: heading.keyword_aliases for heading in HEADINGS}
    return [
        KeywordRecord(name=record.title, rule_id=record.rule_id, aliases=list(found))
        for record in records
        if record.title is not None and (found := aliases.get(record.title)) is not None
    ]


# --------------------------------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _start(lines: Sequence[str]) -> int:
    """Check the title line (L1) and return the index of the line after it."""
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if line.strip() != TITLE:
            raise RulesParseError(
                f"Line {index + 1} is not the title '{TITLE}' of the Gate Ruler Set 3 article."
            )
        return index + 1
    raise RulesParseError(f"The text is empty: the Gate Ruler Set 3 article starts with '{TITLE}'.")


def card_blocks(text: str) -> list[CardBlock]:
    """The cards printed in the article with their text, one per first code (for the card importer)."""
    lines = _lines(text)
    return _merge_blocks(_walk(lines, _start(lines)).blocks)


def parse(text: str) -> ParsedDocument:
    """Parse the Set 3 article into update records, card rulings, errata and ruler updates (spec 2.8)."""
    if not isinstance(text, str):
        raise RulesParseError("The Gate Ruler Set 3 article must be given as text.")
    lines = _lines(text)
    state = _walk(lines, _start(lines))
    if not state.sections:
        raise RulesParseError("None of the headings of the Gate Ruler Set 3 article was found.")
    blocks = {block.codes[0]: block for block in _merge_blocks(state.blocks)}
    records = _records(state)
    rulings = _card_rulings(state) + _errata(state, blocks) + _ruler_updates(state)
    _check_unique(rulings)
    return ParsedDocument(
        meta=DocumentMeta(game=GAME, kind="update", title=TITLE),
        rules=records,
        keywords=_keywords(records),
        rulings=rulings,
    )


def _check_unique(rulings: Iterable[CardRuling]) -> None:
    """Refuse an article that lists the same card twice in the errata list or the same ruler twice."""
    seen: dict[str, int] = {}
    for ruling in rulings:
        if ruling.key in seen:
            raise RulesParseError(
                f"'{ruling.key}' is printed twice (lines {seen[ruling.key]} and {ruling.line}); "
                "this is not a well-formed Gate Ruler Set 3 article."
            )
        seen[ruling.key] = ruling.line
