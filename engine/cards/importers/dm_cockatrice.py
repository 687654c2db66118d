"""Duel Masters (Japanese OCG, fan-translated) cards from the Cockatrice CSV (``dm-cockatrice``).

Source: Ravenite-0/DuelMasters_Cockatrice_EN ``data/All_Cards.csv``: UTF-8 CSV, a header line, then
one row per *printing* (a quoted ``CardEffect`` spans several lines)::

    CardName,CardEffect,CardType,CardRace,Mana,Civilization,Power,Set,SetNum,ImageURL
    "Iocant, the Oracle","■ Blocker
    ■ While you have at least 1 Angel Command in the battle zone, this creature gets +2000 power.
    ■ This creature can't attack players.",Creature,Light Bringer,2,Light,2000+,DM-01,45,https://…

Rows with the same ``CardName`` are printings of one card and become one record (the first row's
fields; the longest ``CardEffect`` of the printings, in case one is cut short).

Mapping to :class:`~engine.cards.model.CardRecord`:

===============  ===============================================================================
``code``         ``{Set}-{SetNum}`` of the first printing: ``DM-01-45`` (codes never clash with
                 ``dm-tcg`` codes such as ``DM-01 45/110``, so both sets can be imported)
``name``         ``CardName``; a twinpact keeps its full ``A/B`` name (two twinpacts may share
                 a half: Baraghiara), ``B`` is its face and ``A`` an alias
``types``        ``CardType`` (``Tamaseed / Creature`` -> two types; ``Twinpact`` as printed)
``cost``         ``Mana`` (``cost_value`` the same number); empty: none
``stats``        ``civilizations``: ``Civilization`` split on ``/`` (``Fire/Nature``), ``Colorless``
                 is no civilization (rules 106.2c); ``power``/``power_text``: ``Power`` (``6000+``
                 -> 6000 and ``6000+``; ``6000-``, ``-5000`` likewise); ``race``: ``CardRace``
                 split on ``/``; ``twinpact``: ``CardType`` ``Twinpact``; ``evolution``:
                 ``Evolution`` in ``CardType`` (Evolution, Star Evolution, Neo… creatures)
``text``         ``CardEffect``, the "■ " bullets kept, one ability per line; for a twinpact, the
                 part before the ``=====`` line (the part after is the face's text)
``keywords``     keyword abilities opening a bullet (``■ Double Breaker``), from
                 :data:`~engine.cards.importers.dm_tcg.DM_KEYWORDS`
``set``          ``Set`` of the first printing; ``rarity``: not in the data (none)
===============  ===============================================================================

A twinpact's civilizations are split between its halves when ``Civilization`` has an even number of
parts (``Nature/Fire``: the creature Nature, the face Fire); the card's own civilizations are all of
them. ``ImageURL`` is not kept.

Quirks handled: six rows are exact duplicates of another row (they merge like any printing); some
effects are cut short or hold wiki leftovers (``■ End Step``, ``File:Oniend.png``) and are kept as
they are; wiki emphasis ``''…''`` and ``'''…'''`` is removed; names hold URL escapes (``%26`` ``&``,
``%3D`` ``=``) and ``*/ … /*`` wrappers (Orega Auras), both removed; ``SetNum`` may start with a
space; 14 cards give as their first printing a ``Set-SetNum`` that an earlier card already uses
(e.g. ``DM-18-99``), so they take their next unused printing's code, or ``#2`` is added
(:class:`~engine.cards.importers.base.CodeBook`).

A bad record (refused, naming ``line N``, the line where the row starts, and the column): a row
with more cells than the header, an empty ``CardName`` or ``Set``, a ``Mana`` that is not a whole
number, a ``Power`` that is not a number with an optional ``+``/``-`` (``line 12, field Power:
'abc' is not a number.``), or an unknown civilization. A header without the ten columns is refused
at line 1.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from engine.cards.importers.base import (
    CardImportError,
    CodeBook,
    Importer,
    build_record,
    clean_stats,
    decode,
    match_keywords,
    shown,
)
from engine.cards.importers.dm_tcg import CIVILIZATIONS, DM_KEYWORDS, parse_power
from engine.cards.model import CardRecord

GAME = "duelmasters"
COLUMNS = (
    "CardName",
    "CardEffect",
    "CardType",
    "CardRace",
    "Mana",
    "Civilization",
    "Power",
    "Set",
    "SetNum",
    "ImageURL",
)
COLORLESS = "Colorless"
_TWINPACT_SEPARATOR = re.compile(r"^\s*={5,}\s*$", re.MULTILINE)
_EMPHASIS = re.compile(r"'{2,3}")
_WRAPPED = re.compile(r"^\*/\s*(.*?)\s*/\*$")
_URL_ESCAPE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


@dataclass
class _Row:
    line: int
    cells: dict[str, str]

    @property
    def location(self) -> str:
        return f"line {self.line}"


@dataclass
class _Card:
    name: str
    rows: list[_Row] = field(default_factory=list)


def clean_name(raw: str) -> str:
    """``Katta Kirifuda %26 Katsuking`` -> ``… & …``; ``*/ Chupacal, Reigen /*`` -> ``Chupacal, Reigen``."""
    name = _URL_ESCAPE.sub(lambda match: unquote(match.group()), raw.strip())
    wrapped = _WRAPPED.match(name)
    return wrapped.group(1) if wrapped else name


def _effect_lines(effect: str) -> list[str]:
    text = _EMPHASIS.sub("", effect.replace("\r\n", "\n"))
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def _civilizations(row: _Row) -> list[str]:
    parts = []
    for part in row.cells["Civilization"].split("/"):
        name = part.strip().title()
        if not name:
            continue
        if name != COLORLESS and name not in CIVILIZATIONS:
            known = ", ".join((*CIVILIZATIONS, COLORLESS))
            raise CardImportError(
                row.location, "Civilization", f"{shown(part)} is not a civilization ({known})"
            )
        parts.append(name)
    return parts


def _real(civilizations: list[str]) -> list[str]:
    return list(dict.fromkeys(name for name in civilizations if name != COLORLESS))


def _mana(row: _Row) -> int | None:
    text = row.cells["Mana"].strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise CardImportError(row.location, "Mana", f"{shown(text)} is not a whole number")
    return int(text)


def _power(row: _Row) -> tuple[int | None, str | None]:
    text = row.cells["Power"].strip()
    if not text:
        return None, None
    parsed = parse_power(text)
    if parsed is None:
        raise CardImportError(row.location, "Power", f"{shown(text)} is not a number")
    return parsed[0], text


def _rows(text: str, source_name: str) -> list[_Row]:
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[_Row] = []
    header: list[str] | None = None
    line = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            raise CardImportError(
                f"line {reader.line_num}", None, f"the CSV cannot be read ({error})"
            ) from None
        start, line = line, reader.line_num + 1
        if header is None:
            header = [cell.strip() for cell in cells]
            for column in COLUMNS:
                if column not in header:
                    raise CardImportError(
                        "line 1", column, f"the column is missing (the header needs {', '.join(COLUMNS)})"
                    )
            continue
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            raise CardImportError(
                f"line {start}",
                None,
                f"the row has {len(cells)} cells but the header names {len(header)} columns",
            )
        values = dict(zip(header, cells, strict=False))
        rows.append(_Row(start, {column: values.get(column, "") for column in COLUMNS}))
    if header is None:
        raise CardImportError(
            "line 1", None, f"{source_name} is empty; it needs the header line {','.join(COLUMNS)}"
        )
    return rows


def _group(rows: list[_Row]) -> list[_Card]:
    cards: dict[str, _Card] = {}
    for row in rows:
        name = clean_name(row.cells["CardName"])
        if not name:
            raise CardImportError(row.location, "CardName", "it is empty")
        for column in ("Set", "SetNum"):
            if not row.cells[column].strip():
                raise CardImportError(row.location, column, "it is empty")
        _mana(row)  # every printing must be readable, in line order, not only the first
        _power(row)
        _civilizations(row)
        cards.setdefault(name, _Card(name)).rows.append(row)
    return list(cards.values())


def _record(card: _Card, codes: CodeBook) -> CardRecord:
    first = card.rows[0]
    cells = first.cells
    effect = max((row.cells["CardEffect"] for row in card.rows), key=len)
    kind = " ".join(cells["CardType"].split())
    twinpact = kind.casefold() == "twinpact"
    civilizations = _civilizations(first)
    power, power_text = _power(first)
    cost = _mana(first)
    name, aliases, faces = card.name, [], []
    lines = _effect_lines(effect)
    if twinpact and "/" in card.name:
        first_name, face_name = (part.strip() for part in card.name.split("/", 1))
        aliases = [first_name]
        halves = _TWINPACT_SEPARATOR.split(_EMPHASIS.sub("", effect), maxsplit=1)
        lines = _effect_lines(halves[0])
        face_civilizations: list[str] = []
        if len(civilizations) % 2 == 0:
            half = len(civilizations) // 2
            face_civilizations = _real(civilizations[half:])
        faces = [
            {
                "name": face_name,
                "text": "\n".join(_effect_lines(halves[1])) if len(halves) > 1 else "",
                "stats": clean_stats({"civilizations": face_civilizations}),
            }
        ]
    codes_of_printings = [f"{row.cells['Set'].strip()}-{row.cells['SetNum'].strip()}" for row in card.rows]
    return build_record(
        first.location,
        {"name": "CardName", "code": "Set", "types": "CardType", "text": "CardEffect"},
        game=GAME,
        code=codes.claim(codes_of_printings),
        name=name,
        types=[part.strip() for part in re.split(r"\s+/\s+", kind) if part.strip()],
        cost=None if cost is None else str(cost),
        cost_value=cost,
        stats=clean_stats(
            {
                "civilizations": _real(civilizations),
                "power": power,
                "power_text": power_text,
                "race": [part.strip() for part in cells["CardRace"].split("/") if part.strip()],
                "twinpact": twinpact,
                "evolution": "evolution" in kind.casefold().split(),
            }
        ),
        text="\n".join(lines),
        keywords=match_keywords((line.lstrip("■ ").strip() for line in lines), DM_KEYWORDS),
        set=cells["Set"].strip(),
        faces=faces,
        aliases=aliases,
    )


def parse(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read the Cockatrice CSV: one record per card name, printings merged (see the module doc)."""
    codes = CodeBook()
    return [_record(card, codes) for card in _group(_rows(decode(data), source_name))]


IMPORTER = Importer(
    name="dm-cockatrice",
    game=GAME,
    description="Duel Masters OCG (fan translation): the Cockatrice All_Cards.csv; printings merged.",
    function=parse,
    codes_checked=True,
)
