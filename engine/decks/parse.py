"""Reading decklists as players and tournament reports write them: ``4 Card Name`` lines under each
game's section headers.

Accepted line forms (one card entry per line; blank lines are ignored):

- counts: ``4 Blaster Blade``, ``4x Blaster Blade``, ``4 x Blaster Blade``, ``x4 Blaster Blade``,
  ``4x – Blaster Blade``, ``x4 - Blaster Blade``, ``Blaster Blade x4``;
- a card code after the name, in brackets or parentheses: ``4 Blaster Blade [D-BT01/001]``,
  ``3x Tiny Violet (ADW-029)``. Only a code (letters and digits in parts joined by ``-``, ``/`` or a
  space, with at least one digit) is taken out of the name: ``Hannibal Barca [J-Ruler]`` and
  ``Astema, the Fallen Angel of Desolation (Stranger)`` are card names;
- the faces of a two-faced card: ``Lilias Petal, Agent of Salvation // The Nine-Tailed Fox`` in any
  section, and ``Ruler/J-ruler`` with a single slash in a section that holds such cards (a Force of Will
  ruler). The entry is the first face; the others are kept in :attr:`DeckEntry.faces`;
- a section header, alone or with a count: ``Ruler:``, ``J/Ruler:``, ``[G deck]``,
  ``# Magic stone deck``, ``Main deck (50)``, ``Main Deck: 40``, ``Magic Stone Deck: (10)``,
  ``Side Deck: 15``; the next lines belong to that section. A header with a card on the same line
  (``Ruler: Aesop, the Prince's Tutor``, one copy; ``G deck: 4 Name``) holds that card only, and the
  next lines stay in the section they were in;
- group headers, which published lists put between cards and which are comments, not sections:
  ``Darkness [20]``, ``Creatures [30]``, ``Grade 3 (8)``, ``Resonators: (26 of 40)``, ``Total: 40``,
  ``Chants:``, ``[Triggers]``, ``Critical Triggers`` (a line of :data:`GROUP_WORDS` only), and lines
  about the list (``Nation: Keter Sanctuary``, :data:`META_KEYS`). A header that names a section of
  another game (``Sideboard`` in a Duel Masters list) or is one typo from a section of this one
  (``Sideboad``) is refused with its line, so that cards never land silently in the wrong section;
- comments: lines starting with ``//``, and ``#`` lines that are not a header.

Lines before any header belong to the game's default section (the main deck). Every error names its
line: ``Line 7: "4" has no card name.``
"""

from __future__ import annotations

import difflib
import re

from engine.decks.model import DeckEntry, DeckError, DeckFormat, Decklist, SectionSpec
from engine.text import shortened

MAX_LINES = 1000
MAX_COPIES = 99
MAX_NAME = 150
MAX_LINE = 300
"""The longest line read, in characters (the longest card name and a code fit in half of it)."""
MAX_TEXT = 64_000
"""The longest decklist read, in characters: a list of 1,000 lines of about 60 characters."""

_COUNT_FIRST = re.compile(r"^(?:[x×]\s?)?(\d+)\s?(?:[x×]\s?)?(?:[-–—]\s?)?\s(.+)$", re.IGNORECASE)
"""``4 Name``, ``4x Name``, ``x4 Name``, ``4x – Name`` (on a line with single spaces)."""
_COUNT_LAST = re.compile(r"^(.+?)\s[x×]\s?(\d+)$", re.IGNORECASE)
_COUNT_INNER = re.compile(r"^\s*(\d+)(?:\s*(?:of|/)\s*\d+)?(?:\s*cards?)?\s*$", re.IGNORECASE)
"""What a header's count says: ``40``, ``26 of 40``, ``26/40``, ``40 cards``."""
_CODE_INNER = re.compile(r"^[A-Za-z0-9]{1,12}(?:[-/ ][A-Za-z0-9]{1,12}){1,4}$")
_LEADING_MARKS = "#[ *=_-"
_TRAILING_MARKS = "] *=_-:"
"""The marks around a header (``# Main deck``, ``[G deck]``, ``== Ruler ==``), stripped with
:meth:`str.strip`: a regular expression anchored at the end (``[...]+$``) is tried at every position
of a line and took quadratic time on a long line of marks and words. The trailing count and code are
found the same way, from the last bracket (:func:`_trailing`)."""
_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

FOREIGN_SECTIONS = frozenset(
    (
        "sideboard",
        "side deck",
        "side",
        "extra deck",
        "extra",
        "ex deck",
        "rune deck",
        "stranger deck",
        "magic stone deck",
        "stone deck",
        "stones",
        "ruler",
        "g deck",
        "stride deck",
        "hyperspatial",
        "hyperspatial zone",
        "super gacharange zone",
        "gr zone",
        "geas",
        "resources",
        "maybeboard",
        "maybe",
        "considering",
        "tokens",
    )
)
"""Headers that name a section in some game's lists (or cards outside a deck): in a game without that
section they are refused, not read as a group header, so their cards don't land in the main deck."""


GROUP_WORDS = frozenset(
    [
        "creature",
        "creatures",
        "spell",
        "spells",
        "evolution",
        "cross",
        "gear",
        "gears",
        "castle",
        "castles",
        "twinpact",
        "twinpacts",
        "field",
        "fields",
        "resonator",
        "resonators",
        "chant",
        "chants",
        "addition",
        "additions",
        "regalia",
        "regalias",
        "unit",
        "units",
        "normal",
        "trigger",
        "triggers",
        "critical",
        "draw",
        "heal",
        "stand",
        "front",
        "over",
        "sentinel",
        "sentinels",
        "order",
        "orders",
        "grade",
        "grades",
        "light",
        "fire",
        "water",
        "darkness",
        "dark",
        "nature",
        "wind",
        "void",
        "zero",
        "multicolor",
        "multicolour",
        "multicolored",
        "colorless",
        "special",
        "basic",
        "true",
        "magic",
        "stone",
        "stones",
        "other",
        "others",
        "misc",
        "tech",
        "techs",
        "core",
        "engine",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
    ]
)
"""Words of the group headers lists write alone on a line (``Creatures``, ``Critical Triggers``,
``Special Magic Stones``): a line made only of them is a comment. Any other line without a count is
a card written without one, and refused with its line."""

META_KEYS = frozenset(
    (
        "nation",
        "clan",
        "civilization",
        "civilizations",
        "civilisation",
        "attribute",
        "attributes",
        "format",
        "player",
        "event",
        "deck name",
        "name",
        "author",
        "date",
        "archetype",
        "placement",
        "place",
        "result",
        "regulation",
    )
)
"""``Key: value`` lines about the list, not cards (``Nation: Keter Sanctuary``, ``Player: Ann``)."""


def header_key(text: str) -> str:
    """A header as compared: lowercase letters and digits, single spaces."""
    return _SPACE.sub(" ", re.sub(r"[^a-z0-9]+", " ", text.lower())).strip()


def _trailing(text: str) -> tuple[str, str] | None:
    """A last bracketed part (``[...]`` or ``(...)``) and the text before it, or None."""
    if not text or text[-1] not in ")]":
        return None
    opening = "(" if text[-1] == ")" else "["
    start = text.rfind(opening)
    if start < 0:
        return None
    return text[:start].rstrip(), text[start + 1 : -1]


def header_count(text: str) -> int | None:
    """The count a header carries alone (``40``, ``(10)``, ``[20]``, ``(26 of 40)``), or None."""
    inner = text.strip()
    bracketed = _trailing(inner)
    if bracketed is not None and not bracketed[0]:
        inner = bracketed[1]
    match = _COUNT_INNER.match(inner)
    return int(match.group(1)) if match else None


def _without_count(text: str) -> str:
    """A header without its trailing count: ``Main deck (50)`` is ``Main deck``."""
    bracketed = _trailing(text)
    if bracketed is not None and bracketed[0] and _COUNT_INNER.match(bracketed[1]):
        return bracketed[0]
    return text


def _section_of(fmt: DeckFormat, text: str) -> SectionSpec | None:
    key = header_key(_without_count(text.strip()))
    for section in fmt.sections:
        if key in _words(section):
            return section
    return None


def _words(section: SectionSpec) -> set[str]:
    return {header_key(word) for word in (section.key, section.label, *section.headers)}


def _name_and_code(rest: str) -> tuple[str, str]:
    """A name without its trailing code (``Tiny Violet (ADW-029)``); a bracketed part that is not a
    code (no digit, or words: ``[J-Ruler]``, ``(Stranger)``) stays in the name."""
    bracketed = _trailing(rest)
    if bracketed is not None and bracketed[0]:
        before, inner = bracketed
        inner = inner.strip()
        if len(inner) <= 40 and any(c.isdigit() for c in inner) and _CODE_INNER.match(inner):
            return before, inner
    return rest, ""


def _faces(name: str, single_slash: bool) -> tuple[str, tuple[str, ...]]:
    """A two-faced card's faces: ``A // B`` always, ``A/B`` where the section says so."""
    parts = [part.strip() for part in name.split("//")] if "//" in name else [name]
    if len(parts) == 1 and single_slash and "/" in name and "[" not in name and "(" not in name:
        parts = [part.strip() for part in name.split("/")]
    if len(parts) > 1 and all(parts):
        return parts[0], tuple(parts[1:])
    return name, ()


def _entry(text: str, line: int, section: SectionSpec, *, count_needed: bool = True) -> DeckEntry:
    match = _COUNT_FIRST.match(text)
    if match:
        count_text, rest = match.group(1), match.group(2)
    else:
        match = _COUNT_LAST.match(text)
        if match is not None:
            rest, count_text = match.group(1), match.group(2)
        elif count_needed:
            raise DeckError(f'Line {line}: "{_clip(text)}" is not a card line; write it as "4 Card Name".')
        else:
            rest, count_text = text, "1"
    count = int(count_text)
    if not 1 <= count <= MAX_COPIES:
        raise DeckError(f"Line {line}: the number of copies must be between 1 and {MAX_COPIES}.")
    rest, code = _name_and_code(rest)
    name, faces = _faces(_SPACE.sub(" ", rest).strip(), section.faces)
    if not name:
        raise DeckError(f'Line {line}: "{_clip(text)}" has no card name.')
    if len(name) > MAX_NAME or any(len(face) > MAX_NAME for face in faces):
        raise DeckError(f"Line {line}: that card name is longer than {MAX_NAME} letters.")
    return DeckEntry(count, name, line, code, faces)


def _is_card_line(text: str) -> bool:
    return bool(_COUNT_FIRST.match(text) or _COUNT_LAST.match(text))


def _clip(text: str, size: int = 60) -> str:
    return shortened(text, size)


def _refuse_header(fmt: DeckFormat, label: str, number: int) -> None:
    """Refuse a header that is not a group header: one naming another game's section, or one typo
    away from a section of this game (it would otherwise be a comment, and its cards would stay in the
    section above)."""
    key = header_key(label)
    if not key:
        return
    words = {word: section for section in fmt.sections for word in _words(section)}
    names = ", ".join(section.label for section in fmt.sections)
    close = difflib.get_close_matches(key, list(words), n=1, cutoff=0.8)
    if close and len(close[0].split()) == len(key.split()):
        raise DeckError(
            f'Line {number}: "{_clip(label)}" is not a section of these decklists; did you mean '
            f'"{words[close[0]].label}"? (sections: {names}).'
        )
    if key in FOREIGN_SECTIONS:
        raise DeckError(
            f'Line {number}: "{_clip(label)}" is not a section of these decklists (sections: {names}).'
        )


def _group_label(line: str, head: str, colon: str, tail: str) -> str | None:
    """The label of a group header (``Darkness [20]``, ``Resonators: (26 of 40)``, ``Total: 40``,
    ``Chants:``, ``[Triggers]``), or None when the line is not one."""
    if colon:
        if not tail.strip() or header_count(tail) is not None or header_key(head) in META_KEYS:
            return head
        return None
    bracketed = _trailing(line)
    if bracketed is not None and bracketed[0] and _COUNT_INNER.match(bracketed[1]):
        return bracketed[0]
    if line.startswith("[") and line.endswith("]") and line.count("[") == 1:
        return line[1:-1]
    words = header_key(line).split()
    if words and all(word in GROUP_WORDS for word in words):
        return line
    return None


def parse_with(fmt: DeckFormat, text: str) -> Decklist:
    """Parse a decklist in a game's format (see the module doc); :class:`DeckError` names the line."""
    if len(text) > MAX_TEXT:
        raise DeckError(f"A decklist has at most {MAX_TEXT:,} characters; this one has {len(text):,}.")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"A decklist has at most {MAX_LINES} lines; this one has {len(lines)}.")
    sections: dict[str, list[DeckEntry]] = {section.key: [] for section in fmt.sections}
    current = fmt.default
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:
            raise DeckError(
                f"Line {number}: a line has at most {MAX_LINE} characters; this one has {len(raw):,}."
            )
        line = _SPACE.sub(" ", _CONTROL.sub(" ", raw)).strip()
        if not line or line.startswith("//"):
            continue
        head, colon, tail = line.partition(":")
        if colon:
            section = _section_of(fmt, head.lstrip(_LEADING_MARKS))
            if section is not None:
                body = tail.strip()
                if not body or header_count(body) is not None:
                    current = section.key
                    continue
                sections[section.key].append(_entry(body, number, section, count_needed=False))
                continue
        bare = _without_count(line.lstrip(_LEADING_MARKS)).rstrip(_TRAILING_MARKS)
        section = _section_of(fmt, bare) if bare else None
        if section is not None and not line[0].isdigit():
            current = section.key
            continue
        if line.startswith("#"):
            continue
        if _is_card_line(line):
            sections[current].append(_entry(line, number, fmt.section(current)))
            continue
        label = _group_label(line, head, colon, tail)
        if label is not None:
            _refuse_header(fmt, label.strip(" []#*=_-"), number)
            continue
        _refuse_header(fmt, bare, number)
        raise DeckError(f'Line {number}: "{_clip(line)}" is not a card line; write it as "4 Card Name".')
    if not any(sections.values()):
        raise DeckError("The decklist has no cards.")
    return Decklist(fmt.game, {key: tuple(entries) for key, entries in sections.items()})
