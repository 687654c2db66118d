"""The card query examples of the README and ``docs/card-query.md``, read from the documents
themselves, so that every example a reader sees is tested (``test_card_examples.py``) and a new one
is tested as soon as it is written.

What counts as an example:

* each line of a code block in the README's "Card search" section and in ``docs/card-query.md``:
  the query, then (after two or more spaces) what it finds. The game is the block's ``###`` heading,
  or the description's first words (``Duel Masters: ...``, ``any game: ...``). The block under
  "Mistakes and limits" holds queries that are *refused*: those are :attr:`Example.refused`.
* each backticked query in the description of ``/cards search`` in the README's command table (it
  must find cards in at least one game);
* each backticked query in the "Example" column of a key table (the table's game; in the table of
  keys every game has, the game whose key it is: the example must find cards in at least one game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
QUERY_DOC = ROOT / "docs" / "card-query.md"

GAME_NAMES = {
    "cardfight!! vanguard": "vanguard",
    "vanguard": "vanguard",
    "duel masters": "duelmasters",
    "force of will": "forceofwill",
    "gate ruler": "gateruler",
}
ANY = "any"
"""The game of an example that works in every game (``any game:``) or in some (the shared keys)."""
_SPLIT = re.compile(r"\s{2,}")
_TICKS = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Example:
    source: str
    """``README.md:163``: where the example is written."""
    query: str
    game: str
    """A game key, or :data:`ANY`."""
    refused: bool = False
    every_game: bool = False
    """An ``any game:`` line: it must find cards in every game that has card data."""


def _described_game(description: str) -> tuple[str | None, bool]:
    lowered = description.casefold().lstrip("(")
    if lowered.startswith("any game"):
        return ANY, True
    for name, key in GAME_NAMES.items():
        if lowered.startswith(name):
            return key, False
    return None, False


def _blocks(lines: list[str], start: int, end: int) -> list[tuple[int, list[tuple[int, str]]]]:
    """Code blocks between two line numbers: (the opening line, [(line number, text)])."""
    blocks: list[tuple[int, list[tuple[int, str]]]] = []
    inside: list[tuple[int, str]] | None = None
    for number in range(start, end):
        line = lines[number]
        if line.startswith("```"):
            if inside is None:
                inside = []
                blocks.append((number, inside))
            else:
                inside = None
        elif inside is not None and line.strip():
            inside.append((number + 1, line))
    return blocks


def _section(lines: list[str], title: str) -> tuple[int, int]:
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    level = title.split()[0]
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].startswith("#") and lines[i].split()[0] <= level
        ),
        len(lines),
    )
    return start, end


def _heading_game(lines: list[str], number: int) -> str | None:
    for line in reversed(lines[:number]):
        if line.startswith("### "):
            return GAME_NAMES.get(line[4:].strip().casefold())
        if line.startswith("## "):
            return None
    return None


def _block_examples(name: str, lines: list[str], start: int, end: int, refused: bool) -> list[Example]:
    found: list[Example] = []
    for opening, block in _blocks(lines, start, end):
        heading = _heading_game(lines, opening)
        for number, line in block:
            if refused:  # "civ:fire          (in Vanguard) At position 0: unknown key ..."
                query, *rest = _SPLIT.split(line.strip(), maxsplit=1)
                note = rest[0] if rest else ""
                named, _ = (
                    _described_game(note[4:].split(")")[0]) if note.startswith("(in ") else (None, False)
                )
                found.append(Example(f"{name}:{number}", query, named or "vanguard", refused=True))
                continue
            query, *rest = _SPLIT.split(line.strip(), maxsplit=1)
            described, every = _described_game(rest[0]) if rest else (None, False)
            game = heading or described
            if game is None:
                raise ValueError(f"{name}:{number}: no game for the example {line.strip()!r}")
            found.append(Example(f"{name}:{number}", query, game, every_game=every and heading is None))
    return found


def _table_examples(name: str, lines: list[str], start: int, end: int) -> list[Example]:
    """Backticked queries of the "Example" column of each key table."""
    found: list[Example] = []
    column: int | None = None
    for number in range(start, end):
        line = lines[number]
        if not line.startswith("|"):
            column = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if column is None:
            column = cells.index("Example") if "Example" in cells else -1
            continue
        if column < 0 or set(cells[0]) <= {"-", ":"} or column >= len(cells):
            continue
        game = _heading_game(lines, number) or ANY
        for query in _TICKS.findall(cells[column]):
            found.append(Example(f"{name}:{number + 1}", query, game))
    return found


def examples() -> list[Example]:
    """Every card query example of the two documents."""
    readme = README.read_text(encoding="utf-8").splitlines()
    start, end = _section(readme, "## Card search")
    found = _block_examples("README.md", readme, start, end, refused=False)
    for number, line in enumerate(readme, start=1):
        if line.startswith("| `/cards search"):  # the command table's examples, after the command
            cells = line.strip().strip("|").split("|")
            found += [Example(f"README.md:{number}", q, ANY) for q in _TICKS.findall("|".join(cells[1:]))]
    doc = QUERY_DOC.read_text(encoding="utf-8").splitlines()
    mistakes, mistakes_end = _section(doc, "## Mistakes and limits")
    developers, _ = _section(doc, "## For developers")
    found += _block_examples("docs/card-query.md", doc, 0, mistakes, refused=False)
    found += _block_examples("docs/card-query.md", doc, mistakes, mistakes_end, refused=True)
    keys, keys_end = _section(doc, "## Keys")
    found += _table_examples("docs/card-query.md", doc, keys, keys_end)
    assert developers >= mistakes_end
    return found
