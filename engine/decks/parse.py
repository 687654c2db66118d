"""Reading decklists: ``4 Card Name`` lines under each game's section headers.

Accepted line forms (one card entry per line; blank lines are ignored):

- ``4 Blaster Blade``, ``4x Blaster Blade``, ``4 x Blaster Blade``, ``Blaster Blade x4``;
- a code in brackets after the name: ``4 Blaster Blade [D-BT01/001]``;
- a header naming a section, alone or with a card: ``Ruler:``, ``[G deck]``, ``# Magic stone deck``,
  ``Main deck (50)``; a header with a card on the same line (``Ruler: Aesop, the Prince's Tutor``, one
  copy; ``G deck: 4 Name``) holds that card only, and the next lines stay in the section they were in;
- comments: lines starting with ``//``, and ``#`` lines that are not a header.

Lines before any header belong to the game's default section (the main deck). Every error names its
line: ``Line 7: "4" has no card name.``
"""

from __future__ import annotations

import re

from engine.decks.model import DeckEntry, DeckError, DeckFormat, Decklist, SectionSpec

MAX_LINES = 1000
MAX_COPIES = 99
MAX_NAME = 150
MAX_LINE = 300
"""The longest line read, in characters (the longest card name and a code fit in half of it)."""
MAX_TEXT = 64_000
"""The longest decklist read, in characters: a list of 1,000 lines of about 60 characters."""

_COUNT_FIRST = re.compile(r"^(\d+)\s*[x×]?\s+(.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(.+?)\s+[x×]\s*(\d+)$", re.IGNORECASE)
_CODE = re.compile(r"^(.*?)\s*\[([^\[\]]{1,40})\]$")
_LEADING_MARKS = "#[ *=_-"
_TRAILING_MARKS = "] *=_-"
"""The marks around a header (``# Main deck``, ``[G deck]``, ``== Ruler ==``), stripped with
:meth:`str.strip`: a regular expression anchored at the end (``[...]+$``) is tried at every position
of a line and took quadratic time on a long line of marks and words."""
_HEADER_COUNT = re.compile(r"\s*\(\s*\d+\s*\)\s*$")
_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def header_key(text: str) -> str:
    """A header as compared: lowercase letters and digits, single spaces."""
    return _SPACE.sub(" ", re.sub(r"[^a-z0-9]+", " ", text.lower())).strip()


def _section_of(fmt: DeckFormat, text: str) -> SectionSpec | None:
    key = header_key(_HEADER_COUNT.sub("", text))
    for section in fmt.sections:
        if key in {header_key(word) for word in (section.key, section.label, *section.headers)}:
            return section
    return None


def _entry(text: str, line: int) -> DeckEntry:
    match = _COUNT_FIRST.match(text)
    if match:
        count_text, rest = match.group(1), match.group(2)
    else:
        match = _COUNT_LAST.match(text)
        if match is None:
            raise DeckError(f'Line {line}: "{_clip(text)}" is not a card line; write it as "4 Card Name".')
        rest, count_text = match.group(1), match.group(2)
    count = int(count_text)
    if not 1 <= count <= MAX_COPIES:
        raise DeckError(f"Line {line}: the number of copies must be between 1 and {MAX_COPIES}.")
    code = ""
    coded = _CODE.match(rest)
    if coded and coded.group(1).strip():
        rest, code = coded.group(1), coded.group(2).strip()
    name = _SPACE.sub(" ", rest).strip()
    if not name:
        raise DeckError(f'Line {line}: "{_clip(text)}" has no card name.')
    if len(name) > MAX_NAME:
        raise DeckError(f"Line {line}: that card name is longer than {MAX_NAME} letters.")
    return DeckEntry(count, name, line, code)


def _clip(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def parse_with(fmt: DeckFormat, text: str) -> Decklist:
    """Parse a decklist in a game's format (see the module doc); :class:`DeckError` names the line."""
    if len(text) > MAX_TEXT:
        raise DeckError(f"A decklist has at most {MAX_TEXT:,} characters; this one has {len(text):,}.")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"A decklist has at most {MAX_LINES} lines; this one has {len(lines)}.")
    sections: dict[str, list[DeckEntry]] = {section.key: [] for section in fmt.sections}
    current = fmt.default
    names = ", ".join(section.label for section in fmt.sections)
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
            section = _section_of(fmt, head)
            if section is not None:
                body = tail.strip()
                if not body:
                    current = section.key
                    continue
                counted = _COUNT_FIRST.match(body) or _COUNT_LAST.match(body)
                entry = _entry(body, number) if counted else DeckEntry(1, body, number)
                if len(entry.name) > MAX_NAME:
                    raise DeckError(f"Line {number}: that card name is longer than {MAX_NAME} letters.")
                sections[section.key].append(entry)
                continue
        bare = line.lstrip(_LEADING_MARKS).rstrip(_TRAILING_MARKS)
        section = _section_of(fmt, bare) if bare else None
        if section is not None and not re.match(r"^\d", line):
            current = section.key
            continue
        if line.startswith("#"):
            continue
        headerish = colon or (line.startswith("[") and line.endswith("]"))
        if headerish and not re.match(r"^\d", line):
            raise DeckError(
                f'Line {number}: "{_clip(head if colon else bare)}" is not a section of these '
                f"decklists (sections: {names})."
            )
        sections[current].append(_entry(line, number))
    if not any(sections.values()):
        raise DeckError("The decklist has no cards.")
    return Decklist(fmt.game, {key: tuple(entries) for key, entries in sections.items()})
