"""Parser for the Duel Masters General Game Rules, as scraped from the Duel Masters Wiki's ``Module:Rules``.

Spec: ``shared/games/duelmasters.md`` sections 1, 2 and 4. Document:
``data/rules/duelmasters-general-game-rules-1.38.txt``; ``Lnnn`` below are its 1-based lines.

The rules are one Lua long-string literal (``Rules.text = [[`` at L11 to ``]]`` at L1860) wrapped in wiki
chrome (L1-L10, L2324) and Lua code (L1861-L2323). Inside it: the title (L11), the date (L13), a table of
contents (``Contents`` L15 to ``End contents`` L130) whose lines repeat the body headings byte for byte,
then the body (L132-L1858). Body lines are parts (``5. Turn``), sections (``509. Direct Attack Step``),
rules (``509.3.``), sub-rules (``104.2a``), ``Example`` lines and one continuation paragraph (L138).

Canonical ids drop the printed trailing dot (``100.2.`` -> ``100.2``). Two ids are printed twice
(``701.28`` at L1541/L1545 and ``701.27a`` at L1539/L1543); the second of each is keyed with a ``#2``
suffix (``701.28#2``, ``701.27a#2``) so both texts stay addressable, and any further repeat gets ``#3``...
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from engine.rules.dates import iso_date, month_number
from engine.rules.errors import RulesParseError
from engine.rules.ids import split_rule_query
from engine.rules.model import DocumentMeta, KeywordRecord, ParsedDocument, RuleKind, RuleRecord

FORMAT = "duelmasters-cr"
PARSER_VERSION = 1

GAME = "duelmasters"
TITLE = "Duel Masters General Game Rules"
DUPLICATE_MARK = "#"
"""Separates a printed id from the occurrence number of a repeated id (``701.28#2``)."""

_OPENER = "Rules.text = [["
_CLOSER = "]]"
_TOC_START = "Contents"
_TOC_END = "End contents"

_TITLE_LINE = re.compile(
    r"^Duel Masters General Game Rules\s+(?P<edition>Version\s+(?P<version>\d+(?:\.\d+)+))$"
)
_DATE_LINE = re.compile(r"^Last update date\s+(?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2}),\s*(?P<year>\d{4})\.?$")

# Spec 2.2 line grammar, one pattern per depth. Parts and sections always print their dot; nine rules
# lack it (L779, L781, L783, L811, L863, L1017, L1179, L1283, L1549); sub-rules never print one.
# ``\s+`` covers the double spaces after 200.3c (L522), 501.2a (L1023) and 506.3d (L1087).
_ID_LINES: tuple[re.Pattern[str], ...] = (
    re.compile(r"^(?P<id>\d)\.\s+(?P<text>\S.*)$"),
    re.compile(r"^(?P<id>\d{3})\.\s+(?P<text>\S.*)$"),
    re.compile(r"^(?P<id>\d{3}\.\d+)\.?\s+(?P<text>\S.*)$"),
    re.compile(r"^(?P<id>\d{3}\.\d+[a-z])\.?\s+(?P<text>\S.*)$"),
)
_KINDS: tuple[RuleKind, ...] = ("part", "section", "rule", "rule")
_EXAMPLE_LINE = re.compile(r"^Example(?::|\s|$)\s*(?P<text>.*)$")
_EXAMPLE_PREFIX = re.compile(r"^Example:?\s*")
_BR = re.compile(r"\s*<br\s*/?>\s*", re.IGNORECASE)
_REFERENCE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?!\d)")
_TITLE_PUNCTUATION = re.compile(r"[.,:;。、]")
_TITLE_MAX_WORDS = 5
_ALIAS_IN_TITLE = re.compile(r"^(?P<name>.+?)\s*\((?P<alias>[^()]+)\)$")
_KEYWORD_ACTION_SECTION = "701"
_SUFFIX = re.compile(r"^(?P<base>.*?\S)\s*#\s*(?P<n>\d{1,3})\s*$")


@dataclass(frozen=True)
class _Line:
    """One line of the raw file: its 1-based number and its text without trailing whitespace."""

    number: int
    text: str


@dataclass
class _Draft:
    """A record being read from the body; becomes a :class:`RuleRecord` once the body is read."""

    printed_id: str
    rule_id: str
    depth: int
    line: int
    kind: RuleKind
    title: str | None = None
    text: str = ""
    examples: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------- parse


def parse(text: str) -> ParsedDocument:
    """Parse the raw wiki page of the Duel Masters General Game Rules into records (spec sections 1-2)."""
    lines = _rules_block(text)
    front, body = _split_contents(lines)
    meta = _meta(front)
    drafts = _read_body(body)
    if not drafts:
        raise RulesParseError("The Duel Masters rules text has no numbered rules.")
    records = _link(drafts)
    return ParsedDocument(meta=meta, rules=records, keywords=_keywords(records))


def _rules_block(text: str) -> list[_Line]:
    """The lines of the Lua string ``Rules.text = [[ ... ]]`` (spec 1, robust strip rule).

    Everything before the first ``Rules.text = [[`` (wiki chrome L1-L10) and from the first line that is
    exactly ``]]`` (L1860: the Lua code L1861-L2323 and the ``Advertisement`` L2324) is dropped. The
    text after the opener on its own line (the title at L11) is kept as the first line.
    """
    raw = text.split("\n")
    opener = next((i for i, line in enumerate(raw) if _OPENER in line), None)
    if opener is None:
        raise RulesParseError(
            "This is not the Duel Masters wiki rules page: no 'Rules.text = [[' opens the rules text."
        )
    closer = next((i for i in range(opener + 1, len(raw)) if raw[i].strip() == _CLOSER), None)
    if closer is None:
        raise RulesParseError(
            f"The Duel Masters rules text opened at line {opener + 1} never closes with a ']]' line."
        )
    first = raw[opener].split(_OPENER, 1)[1]
    block = [_Line(opener + 1, first.rstrip())]
    block.extend(_Line(i + 1, raw[i].rstrip()) for i in range(opener + 1, closer))
    return block


def _split_contents(lines: list[_Line]) -> tuple[list[_Line], list[_Line]]:
    """Split the rules text into front matter and body, dropping the table of contents (spec 2.1).

    The TOC runs from ``Contents`` (L15) to ``End contents`` (L130); its 105 lines repeat the body
    headings, so the body starts after ``End contents``. Without a TOC the body starts at the first
    numbered line.
    """
    texts = [line.text.strip() for line in lines]
    if _TOC_END in texts:
        end = texts.index(_TOC_END)
        return lines[:end], lines[end + 1 :]
    if _TOC_START in texts:
        start = texts.index(_TOC_START)
        raise RulesParseError(
            f"The table of contents at line {lines[start].number} has no 'End contents' line."
        )
    first_id = next((i for i, line in enumerate(lines) if _id_match(line.text) is not None), len(lines))
    return lines[:first_id], lines[first_id:]


def _meta(front: list[_Line]) -> DocumentMeta:
    """Title and version from the title line (L11), ISO date from ``Last update date ...`` (L13)."""
    title_line = next((line for line in front if line.text.strip()), None)
    match = _TITLE_LINE.match(title_line.text.strip()) if title_line else None
    if title_line is None or match is None:
        raise RulesParseError(
            "The rules text does not start with 'Duel Masters General Game Rules Version <number>'."
        )
    return DocumentMeta(
        game=GAME,
        kind="rules",
        title=TITLE,
        version=match["version"],
        date=_date(front),
        edition=match["edition"],
    )


def _date(front: list[_Line]) -> str | None:
    """``Last update date September 14, 2023.`` (L13) as ``2023-09-14``; ``None`` when not printed.

    Month names are read from a table, so the result does not depend on the locale.
    """
    for line in front:
        match = _DATE_LINE.match(line.text.strip())
        if match is None:
            continue
        if month_number(match["month"]) is None:
            raise RulesParseError(f"Line {line.number}: '{match['month']}' is not a month name.")
        day = iso_date(match["year"], match["month"], match["day"])
        if day is None:
            raise RulesParseError(f"Line {line.number}: '{line.text.strip()}' is not a valid date.")
        return day
    return None


# ---------------------------------------------------------------------------------------------- body


def _id_match(text: str) -> tuple[int, str, str] | None:
    """``(depth, id, text)`` when a body line starts with a rule id (spec 2.2), else ``None``."""
    for depth, pattern in enumerate(_ID_LINES):
        match = pattern.match(text)
        if match is not None:
            return depth, match["id"], match["text"]
    return None


def _read_body(body: list[_Line]) -> list[_Draft]:
    """Turn body lines into drafts: id lines open a record, other lines attach to the last one.

    Blank and whitespace-only lines (L169, L998, L1160, L1236) are skipped. ``Example`` lines go to the
    nearest preceding id (spec 2.3), even with no blank line before them (L569, L1680); any other line
    is a continuation paragraph of the preceding record (L138 of ``000.1``).
    """
    drafts: list[_Draft] = []
    seen: dict[str, int] = {}
    for line in body:
        if not line.text.strip():
            continue
        matched = _id_match(line.text)
        if matched is not None:
            drafts.append(_new_draft(line, *matched, seen))
            continue
        if not drafts:
            raise RulesParseError(
                f"Line {line.number}: text before the first numbered rule: '{line.text.strip()[:60]}'."
            )
        _attach(drafts[-1], line.text.strip())
    return drafts


def _new_draft(line: _Line, depth: int, printed_id: str, text: str, seen: dict[str, int]) -> _Draft:
    """A draft for one id line; a repeated id gets ``#n`` (spec 2.5 #1-#2: L1543, L1545).

    Parts and sections carry their name as title; a rule that is only a name (the 29 lines of section
    701, L1409-L1549, e.g. ``701.2. Tap (Untap)``) is a ``heading`` with that title.
    """
    seen[printed_id] = seen.get(printed_id, 0) + 1
    occurrence = seen[printed_id]
    rule_id = printed_id if occurrence == 1 else f"{printed_id}{DUPLICATE_MARK}{occurrence}"
    draft = _Draft(printed_id=printed_id, rule_id=rule_id, depth=depth, line=line.number, kind=_KINDS[depth])
    if depth < 2:
        draft.title = text
    elif depth == 2 and _is_title_only(text):
        draft.kind, draft.title = "heading", text
    else:
        draft.text = text
    return draft


def _is_title_only(text: str) -> bool:
    """True for a rule line that is only a name: ``Tap (Untap)`` (L1409), ``Gachinko Judge`` (L1509).

    Every other rule line of the document is a sentence and holds a period, a comma or a colon.
    """
    return not _TITLE_PUNCTUATION.search(text) and len(text.split()) <= _TITLE_MAX_WORDS


def _attach(draft: _Draft, text: str) -> None:
    """Attach a non-id line to ``draft``: examples (spec 2.3) or a continuation paragraph (L138)."""
    if _EXAMPLE_LINE.match(text):
        draft.examples.extend(_example_texts(text))
    elif draft.text:
        draft.text = f"{draft.text}\n\n{text}"
    else:
        draft.text = text


def _example_texts(text: str) -> list[str]:
    """The examples of one ``Example`` line, without the ``Example:`` label.

    Handles ``Example:`` (most lines), ``Example`` without a colon (L336) and two examples joined by
    ``<br>`` (L975). ``Example: For example, ...`` (L809, L1623) keeps its ``For example,`` as printed.
    """
    parts = (_EXAMPLE_PREFIX.sub("", part, count=1).strip() for part in _BR.split(text))
    return [part for part in parts if part]


# ---------------------------------------------------------------------------------------------- tree


def _link(drafts: list[_Draft]) -> list[RuleRecord]:
    """Records with parent, section, order and references (spec 2.2 depth/nesting, 2.6 references)."""
    known = {draft.rule_id for draft in drafts}
    records: list[RuleRecord] = []
    current_rule: _Draft | None = None
    for order, draft in enumerate(drafts):
        if draft.depth < 2:
            current_rule = None
        elif draft.depth == 2:
            current_rule = draft
        if draft.depth == 3:
            parent = _sub_rule_parent(draft.printed_id, current_rule, known)
        else:
            parent = _nearest_ancestor(draft.printed_id, known)
        records.append(
            RuleRecord(
                rule_id=draft.rule_id,
                parent_id=parent,
                order=order,
                depth=draft.depth,
                kind=draft.kind,
                title=draft.title,
                text=draft.text,
                examples=draft.examples,
                references=_references(draft),
                section=draft.printed_id[0] if draft.printed_id[0] in known else None,
                line=draft.line,
            )
        )
    return records


def _ancestors(printed_id: str) -> list[str]:
    """Ids above ``printed_id`` by numbering, nearest first: ``104.2a`` -> ``104.2``, ``104``, ``1``."""
    chain: list[str] = []
    if printed_id[-1].isalpha():
        chain.append(printed_id[:-1])
    if "." in printed_id:
        chain.append(printed_id.split(".", 1)[0])
    if len(printed_id) > 1:
        chain.append(printed_id[0])
    return chain


def _nearest_ancestor(printed_id: str, known: set[str]) -> str | None:
    """The nearest ancestor by numbering that exists in the document, ``None`` at the top."""
    return next((ancestor for ancestor in _ancestors(printed_id) if ancestor in known), None)


def _sub_rule_parent(printed_id: str, current_rule: _Draft | None, known: set[str]) -> str | None:
    """Parent of a sub-rule: the rule it is printed under when that rule carries its number or when the
    sub-rule's numbered rule exists elsewhere (a misnumbered sub-rule, spec 2.5 #2 and #4).

    So ``701.27a#2`` (L1543, the definition of "Upside down") sits under ``701.28`` (L1541), ``701.28a``
    (L1547) under ``701.28#2`` (L1545) and ``505.2a`` (L1075) under ``506.2`` (L1073). A sub-rule whose
    numbered rule is missing falls back to its nearest existing ancestor.
    """
    base = printed_id[:-1]
    if current_rule is not None and (current_rule.printed_id == base or base in known):
        return current_rule.rule_id
    return _nearest_ancestor(printed_id, known)


def _references(draft: _Draft) -> list[str]:
    """Rule ids cited in the text and examples (spec 2.6: L903, L1083, L991), in order, deduplicated.

    Titles are never scanned, and a record never refers to itself.
    """
    found: list[str] = []
    for chunk in (draft.text, *draft.examples):
        for rule_id in _REFERENCE.findall(chunk):
            if rule_id not in found and rule_id not in (draft.printed_id, draft.rule_id):
                found.append(rule_id)
    return found


# ------------------------------------------------------------------------------------------ keywords

# Keyword abilities (spec 4.1) and special card categories (spec 4.2): name, defining rule, aliases.
# The rule is the one that defines the keyword, or, for keywords the document only mentions (spec 2.7),
# the one that mentions it; every name or an alias is printed in that rule, its examples or sub-rules.
_KEYWORD_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Blocker", "507.1a", ()),
    ("Shield Trigger", "112.3a", ()),
    ("Strike Back", "112.3b", ()),
    ("Guard Strike", "113.6", ()),
    ("Ninja Strike", "112.3c", ()),
    ("Gravity Zero", "112.3d", ()),
    ("Attack Chance", "112.3f", ()),
    ("Speed Attacker", "101.2", ()),
    ("Double Breaker", "509.2b", ("Dragon Double Breaker", "Master Double Breaker")),
    ("Win All Battles", "115.3c", ("Wins All Battles",)),
    ("Slayer", "110.7", ()),
    ("Power Attacker", "110.7", ()),
    ("Sympathy", "110.4e", ()),
    ("Silent Skill", "501.1a", ()),
    ("Dynamo", "602.1", ()),
    ("Tap Ability", "110.3c", ()),
    ("Revolution Change", "701.26a", ()),
    ("Gate of Moonless Night", "603.2e", ()),
    ("Kizuna Plus", "603.3a", ()),
    ("Space Charge", "603.5b", ()),
    ("Shield Plus", "113.2", ()),
    ("Shield Force", "113.2a", ()),
    ("Labyrinth", "205.1a", ()),
    ("Denjara Switch", "308.3", ()),
    ("Psychic Link", "804.1c", ()),
    ("Link Release", "805.1b", ()),
    ("Dragon Evade", "806.1b", ()),
    ("God Link", "803.2", ()),
    ("Center God Link 360", "803.2c", ()),
    ("Neo Evolution", "802.1", ()),
    ("Galaxy Vortex Evolution", "801.2", ()),
    ("Forbidden Star Evolution", "811.1b", ()),
    ("Before the break", "603.7", ("Before a break",)),
    ("Cost Reduction", "110.4e", ()),
    ("Evolution Creature", "801", ()),
    ("Neo Creature", "802", ()),
    ("God", "803", ()),
    ("Psychic Creature", "804", ()),
    ("Psychic Super Creature", "805", ("Psychic Cell",)),
    ("Dragheart", "806", ("Dragheart Creature", "Dragheart Weapon", "Dragheart Fortress")),
    ("Forbidden Impulse", "807", ()),
    ("Twinpact", "808", ()),
    ("Gacharange Creature", "809", ("GR Creature",)),
    ("Ceremony of Zeron", "810", ("Zeron Nebula",)),
    ("Star Evolution Creature", "811", ()),
    ("King Cell", "812", ()),
    ("Star Max Evolution Creature", "813", ()),
    ("Final Forbidden Field", "309.1", ("Final Forbidden Creature",)),
    ("D2 Field", "703.4l", ()),
    ("Exile", "204.3", ()),
)
_ACTION_ALIASES: dict[str, tuple[str, ...]] = {
    "Gacharange Summon": ("GR Summon",),
    "Evolution": ("Evolve",),
}


def _keywords(records: list[RuleRecord]) -> list[KeywordRecord]:
    """Keyword actions (the 701.x headings, spec 2.7) then keyword abilities and card categories (4).

    A keyword whose rule is absent is left out; a name is used once (``Awaken`` is the 701.20 action).
    """
    known = {record.rule_id for record in records}
    keywords = list(_keyword_actions(records))
    names = {keyword.name.casefold() for keyword in keywords}
    for name, rule_id, aliases in _KEYWORD_TABLE:
        if rule_id in known and name.casefold() not in names:
            names.add(name.casefold())
            keywords.append(KeywordRecord(name=name, rule_id=rule_id, aliases=list(aliases)))
    return keywords


def _keyword_actions(records: Iterable[RuleRecord]) -> Iterator[KeywordRecord]:
    """One keyword per title-only rule of section 701 (L1409-L1549): ``Tap (Untap)`` -> Tap, alias Untap."""
    for record in records:
        if record.kind != "heading" or not record.rule_id.startswith(f"{_KEYWORD_ACTION_SECTION}."):
            continue
        title = record.title or ""
        match = _ALIAS_IN_TITLE.match(title)
        name, aliases = (match["name"], [match["alias"]]) if match else (title, [])
        aliases.extend(_ACTION_ALIASES.get(name, ()))
        yield KeywordRecord(name=name, rule_id=record.rule_id, aliases=aliases)


# ------------------------------------------------------------------------------------------------ ids

_ID_ALIASES: dict[str, tuple[str, ...]] = {
    "701.28": ("701.28#2",),  # printed twice: Upside down L1541, Forbidden Big Bang L1545 (spec 2.5 #1)
    "701.27a": ("701.27a#2",),  # printed twice: Expand L1539, Upside down L1543 (spec 2.5 #2)
    "506.2a": ("505.2a",),  # the sub-rule of 506.2 is printed as 505.2a at L1075 (spec 2.5 #4)
}


def normalise_id(query: str) -> list[str]:
    """Candidate canonical ids for what a user typed, most likely first; ``[]`` if it cannot be an id.

    Accepts ``509.3``, ``509.3.``, ``rule 104.2a``, ``104-2A``, ``104 2 a``, ``section 509``, ``part 5``
    and the duplicate keys ``701.28#2``. ``701.28`` also offers ``701.28#2`` (both are printed as 701.28)
    and ``506.2a`` offers ``505.2a``. Ids are returned in canonical form whether or not they exist.
    Never raises.
    """
    if not isinstance(query, str) or not query:
        return []
    folded = unicodedata.normalize("NFKC", query)
    suffix = _SUFFIX.match(folded)
    parsed = split_rule_query(suffix["base"] if suffix else folded)
    base = _join_parts(parsed.parts) if parsed is not None else None
    if base is None:
        return []
    if suffix is not None:
        occurrence = int(suffix["n"])
        return [base if occurrence <= 1 else f"{base}{DUPLICATE_MARK}{occurrence}"]
    return [base, *_ID_ALIASES.get(base, ())]


def _join_parts(parts: tuple[str, ...]) -> str | None:
    """Join split id parts with the Duel Masters grammar: ``5``, ``509``, ``509.3``, ``104.2a``."""
    if not all(part.isascii() for part in parts) or not parts[0].isdigit():
        return None
    head = "000" if set(parts[0]) == {"0"} and len(parts) > 1 else parts[0]
    if len(parts) == 1:
        return head if len(head) in (1, 3) else None
    if len(head) != 3 or not parts[1].isdigit():
        return None
    rule = f"{head}.{int(parts[1])}"
    if len(parts) == 2:
        return rule
    if len(parts) == 3 and len(parts[2]) == 1 and parts[2].isalpha():
        return f"{rule}{parts[2]}"
    return None
