"""Rule numbers cited in the source: found in comments, docstrings and strings, one game's grammar at a time.

Each game writes its rule numbers its own way (games/*.md in the shared design folder):

- Gate Ruler ``8-4e-1``, ``15-14a``, ``3-6e-3a``; ``10-4c/d`` cites 10-4c and 10-4d.
- Force of Will ``903.2k``, ``319.5a-1``; ``803.4a/b`` cites 803.4a and 803.4b.
- Cardfight!! Vanguard ``7.4.1.12`` (two to seven numbers joined by dots).
- Duel Masters ``509.3b``; ``506.3b-c`` and ``507.1a/b`` cite each letter of the run.

A range ``6.4.1.2.4-6.4.1.2.5`` or ``505.1-505.3`` is two citations, its ends. Bare section numbers
(``Section 7``, ``(500, 800)``) are not read: alone they cannot be told from powers, costs and counts.
What reads like a number of the design notes (``spec 2.4``) or a version (``ver. 2.01``) is not a rule.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.architecture.imports import ROOT


@dataclass(frozen=True)
class Citation:
    """One rule number as written, and where it is written."""

    cited: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.cited}"


# A citation never touches a word character, a dot or a dash that would make it part of something else
# (a card code 2021GB03-055, a date 2023-02-10, a version 1.5.0). A trailing period is punctuation.
_BEFORE = r"(?<![\w.\-/#])"
_AFTER = r"(?![\w/#\-]|\.\d)"


def _grammar(rule_id: str) -> re.Pattern[str]:
    """One citation of ids matching ``rule_id``: the ``id`` alone, a range ``id-to`` (or to a bare
    section number, not read), or the ``id`` followed by sibling letters (``more``: ``/b``, ``/b/c``, or
    a run ``-c``)."""
    siblings = r"(?P<more>(?:/[a-z])+|-[a-z])"
    to_section = r"\d{1,4}(?![\w\-]|\.\d)"  # 1205.7-1208: to the end of a section
    return re.compile(f"{_BEFORE}(?P<id>{rule_id})(?:-(?P<to>{rule_id})|-{to_section}|{siblings})?{_AFTER}")


GRAMMARS: dict[str, re.Pattern[str]] = {
    "gateruler": _grammar(r"1?\d-\d{1,2}(?:[a-z](?:-\d{1,2}[a-z]?)?)?"),
    "forceofwill": _grammar(r"1?\d{3}\.\d{1,2}(?:[a-z](?:-\d{1,2})?)?"),
    "vanguard": _grammar(r"1?\d(?:\.\d{1,2}){1,6}"),
    "duelmasters": _grammar(r"\d{3}\.\d{1,2}[a-z]?"),
}
"""Each game's citation grammar, by game key."""

_NOT_A_RULE = re.compile(
    r"(?:\bspec(?:\s+section)?|\bver(?:sion)?\.?|\bv|§|\bsections?(?:\s+\d+,)*)\s*$", re.IGNORECASE
)
"""Text right before a number that makes it something else: ``spec 2.4``, ``ver. 2.01``, ``v1.38``,
a range of sections (``Sections 6, 8-13``)."""


def _letters(rule_id: str, more: str) -> list[str]:
    """``506.3b`` + ``-c`` -> 506.3b, 506.3c; ``803.4a`` + ``/b`` -> 803.4a, 803.4b (a run or a list)."""
    if not more:
        return [rule_id]
    head, first = rule_id[:-1], rule_id[-1]
    if more.startswith("-"):
        return [head + chr(code) for code in range(ord(first), ord(more[1]) + 1)] or [rule_id]
    return [rule_id, *(head + letter for letter in more.split("/") if letter)]


def prose_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Each physical line of every comment and string literal (docstrings included) with its number.

    Read with :mod:`tokenize`, so code is never mistaken for prose and line numbers are exact."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.STRING):
            for offset, text in enumerate(token.string.split("\n")):
                yield token.start[0] + offset, text


def citations_in(path: Path, grammar: re.Pattern[str]) -> Iterator[Citation]:
    """Every rule number the file cites, in the given game's grammar (see the module doc)."""
    for line, text in prose_lines(path):
        for match in grammar.finditer(text):
            if _NOT_A_RULE.search(text[: match.start()]):
                continue
            cited = _letters(match["id"], match["more"] or "")
            if match["to"]:
                cited.append(match["to"])
            for rule_id in cited:
                yield Citation(rule_id, path, line)
