"""Arbiter's own card formats, ``json`` and ``csv``: any game's cards, written by an operator.

Gate Ruler has no public card data set, and a community may keep its own list for any game, so these
two formats are small and documented for people (``docs/card-formats.md`` has full examples). Both
map one to one onto :class:`~engine.cards.model.CardRecord`; the game is chosen at import time.

JSON (``json``)::

    {"format": "arbiter-cards/1", "game": "gateruler",
     "cards": [{"code": "HOME-001", "name": "Example Knight", "types": ["Unit"], "cost": "2",
                "stats": {"level": 2, "atk": 2, "hp": 3, "stk": 1}, "text": "■Deadly",
                "keywords": ["Deadly"], "set": "HOME", "rarity": "C"}]}

* The top level is an object with ``cards`` (a bare list of cards is accepted too). ``format`` and
  ``game`` are optional; when given they must be ``arbiter-cards/1`` and the game being imported
  (its key, name or an alias).
* A card needs ``code`` and ``name``. ``types``, ``keywords`` and ``aliases`` are lists of text;
  ``cost`` is the cost as printed (text or a number); ``cost_value`` is its total, worked out from
  ``cost`` when the key is left out (``5`` -> 5, ``{W}{1}`` -> 2); ``stats`` uses the game's stat keys
  (:func:`~engine.cards.model.stats_model`); ``faces`` are other faces (``name``, ``types``,
  ``cost``, ``text``, ``stats``); ``errata`` entries have ``old_text``, ``new_text``, ``reason`` and
  ``source`` (the file name when left out).
* Unknown fields are refused (a typo such as ``"stat"`` would otherwise lose data silently).

CSV (``csv``): UTF-8, comma-separated, a header on line 1, one card per row::

    code,name,types,cost,text,set,rarity,keywords,stat:level,stat:atk,stat:hp
    HOME-001,Example Knight,Unit,2,■Deadly,HOME,C,Deadly,2,2,3

* Columns: ``code`` and ``name`` (required), ``types``, ``cost``, ``cost_value``, ``text``, ``set``,
  ``rarity``, ``keywords``, ``aliases``, and ``stat:<key>`` for each stat used, in any order.
  List cells (``types``, ``keywords``, ``aliases``, list stats) separate items with ``;``. An empty
  cell means "not given". Quoted cells may span lines (card text). A CSV card has one face and no
  errata; use JSON for those.
* Stat cells are read by the game's stats model: whole numbers for ``atk``/``power``…, lists for
  ``race``/``civilizations``…, ``true``/``false`` for ``twinpact``/``evolution``.

A *bad record* is any card the model refuses (missing name, text where a number belongs, an unknown
stat) and a code used twice in one file; the error names ``record N (code 'X')`` or ``line N`` and
the field (``stats.atk``, ``stat:atk``). Nothing is tolerated silently except a short row, whose
missing trailing cells count as empty (spreadsheets drop them).

:func:`to_json` and :func:`to_csv` write the same formats, so cards can be exported, edited and
imported again.
"""

from __future__ import annotations

import csv
import io
import json
import types as pytypes
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, BinaryIO, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.cards.importers.base import (
    CardImportError,
    Importer,
    build_record,
    cost_value_of,
    decode,
    shown,
    validate,
)
from engine.cards.importers.jsonstream import JsonStream, describe
from engine.cards.model import CardRecord, stats_model
from engine.games import GAMES

FORMAT = "arbiter-cards/1"
"""The value of the optional ``format`` key of a JSON file."""
CSV_COLUMNS: tuple[str, ...] = (
    "code",
    "name",
    "types",
    "cost",
    "cost_value",
    "text",
    "set",
    "rarity",
    "keywords",
    "aliases",
)
"""The fixed CSV columns; stats come as ``stat:<key>`` columns after them."""
STAT_PREFIX = "stat:"
LIST_SEPARATOR = ";"
_LIST_COLUMNS = frozenset({"types", "keywords", "aliases"})
_TRUE = frozenset({"true", "yes", "y", "1"})
_FALSE = frozenset({"false", "no", "n", "0"})


def _number_as_text(value: Any) -> Any:
    """Codes, costs and sets may be written as JSON numbers (``"cost": 3``); they are text."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class _Face(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    types: list[str] = Field(default_factory=list)
    cost: str | None = None
    text: str = ""
    stats: dict[str, Any] = Field(default_factory=dict)

    _numbers = field_validator("cost", mode="before")(_number_as_text)


class _Errata(BaseModel):
    model_config = ConfigDict(extra="forbid")

    old_text: str | None = None
    new_text: str | None = None
    reason: str | None = None
    source: str | None = None


class _Card(BaseModel):
    """A card as the JSON format writes it (CardRecord without ``game``)."""

    model_config = ConfigDict(extra="forbid")

    code: str
    name: str
    types: list[str] = Field(default_factory=list)
    cost: str | None = None
    cost_value: int | None = None
    stats: dict[str, Any] = Field(default_factory=dict)
    text: str = ""
    keywords: list[str] = Field(default_factory=list)
    set: str | None = None
    rarity: str | None = None
    faces: list[_Face] = Field(default_factory=list)
    errata: list[_Errata] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)

    _numbers = field_validator("code", "cost", "set", mode="before")(_number_as_text)


def _record(
    card: _Card, game: str, source_name: str, location: str, *, csv_names: bool = False
) -> CardRecord:
    """The CardRecord of one validated card; ``cost_value`` is derived when the file left it out."""
    cost_value = card.cost_value if "cost_value" in card.model_fields_set else cost_value_of(card.cost)
    fields: dict[str, Any] = {
        "game": game,
        "code": card.code,
        "name": card.name,
        "types": card.types,
        "cost": card.cost,
        "cost_value": cost_value,
        "stats": card.stats,
        "text": card.text,
        "keywords": card.keywords,
        "set": card.set,
        "rarity": card.rarity,
        "faces": [face.model_dump() for face in card.faces],
        "errata": [{**entry.model_dump(), "source": entry.source or source_name} for entry in card.errata],
        "aliases": card.aliases,
    }
    try:
        return build_record(location, **fields)
    except CardImportError as error:
        if csv_names and error.field and error.field.startswith("stats."):
            raise CardImportError(location, STAT_PREFIX + error.field[6:], error.problem) from None
        raise


def _game_key(value: object) -> str | None:
    """A game named by key, name or alias (``"fow"``, ``"Force of Will"``), or ``None``."""
    if not isinstance(value, str):
        return None
    wanted = " ".join(value.split()).casefold()
    for key, game in GAMES.items():
        if wanted in (key, game.name.casefold(), *game.aliases):
            return key
    return None


# --------------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------------


def parse_json(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read an Arbiter JSON card file (see the module docstring); ``schema`` is not used."""
    return list(stream_json(io.BytesIO(data), game=game, source_name=source_name))


def stream_json(
    source: BinaryIO, *, game: str, source_name: str, schema: bytes | None = None
) -> Iterator[CardRecord]:
    """The cards of an Arbiter JSON card file, read a record at a time (see the module docstring).

    The top-level keys are checked as they come (a file written by :func:`to_json` gives ``format``
    and ``game`` before ``cards``); a key given twice is refused."""
    stream = JsonStream(source)
    first = stream.start()
    if first[0] == "start_array":
        yield from _json_cards(stream, game, source_name)
    elif first[0] == "start_map":
        found: set[str] = set()
        while (key := stream.key()) is not None:
            if key not in ("format", "game", "cards"):
                raise CardImportError("the file", key[:40], "it is not a field of this format")
            if key in found:
                raise CardImportError("the file", key, "it is given twice")
            found.add(key)
            start = stream.start()
            if key == "cards":
                if start[0] != "start_array":
                    raise CardImportError(
                        "the file", "cards", f"expected a list of cards, found {describe(*start)}"
                    )
                yield from _json_cards(stream, game, source_name)
            else:
                _check_top(key, stream.value(start, "the file"), game)
        if "cards" not in found:
            raise CardImportError("the file", "cards", "it is missing")
    else:
        raise CardImportError(
            "the file", None, f'expected an object with "cards" or a list of cards, found {describe(*first)}'
        )
    stream.finish()


def _check_top(key: str, value: Any, game: str) -> None:
    """The optional ``format`` and ``game`` of the file."""
    if key == "format" and value != FORMAT:
        raise CardImportError("the file", "format", f"{shown(value)} is not '{FORMAT}'")
    if key == "game":
        named = _game_key(value)
        if named is None:
            raise CardImportError("the file", "game", f"{shown(value)} is not a game Arbiter knows")
        if named != game:
            raise CardImportError(
                "the file", "game", f"the file holds {GAMES[named].name} cards, not {GAMES[game].name} cards"
            )


def _json_cards(stream: JsonStream, game: str, source_name: str) -> Iterator[CardRecord]:
    """The cards of the array being read, one at a time."""
    seen: dict[str, int] = {}
    number = 0
    while (start := stream.item()) is not None:
        number += 1
        yield json_card(number, stream.value(start, f"record {number}"), game, source_name, seen)


def json_card(number: int, raw: Any, game: str, source_name: str, seen: dict[str, int]) -> CardRecord:
    """Card ``number`` (1, 2, …) of a JSON file; ``seen`` holds the codes of the cards before it."""
    location = _json_location(number, raw)
    if not isinstance(raw, dict):
        raise CardImportError(location, None, f"expected a card object, found {shown(raw)}")
    card = validate(_Card, raw, location)
    record = _record(card, game, source_name, location)
    _check_new_code(record.code, number, seen, location, "record")
    return record


def _json_location(number: int, raw: object) -> str:
    code = raw.get("code") if isinstance(raw, dict) else None
    if isinstance(code, str | int) and not isinstance(code, bool) and str(code).strip():
        return f"record {number} (code {shown(str(code))})"
    return f"record {number}"


def _check_new_code(code: str, number: int, seen: dict[str, int], location: str, unit: str) -> None:
    key = code.casefold()
    if key in seen:
        raise CardImportError(location, "code", f"'{code}' is already the code of {unit} {seen[key]}")
    seen[key] = number


def to_json(cards: Iterable[CardRecord], game: str) -> bytes:
    """The cards as an Arbiter JSON file (UTF-8); :func:`parse_json` reads it back to equal records."""
    out = []
    for card in cards:
        if card.game != game:
            raise ValueError(f"card {card.code} is a {card.game} card, not a {game} card")
        out.append(card.model_dump(exclude={"game"}, exclude_defaults=True) | {"cost_value": card.cost_value})
    document = {"format": FORMAT, "game": game, "cards": out}
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


# --------------------------------------------------------------------------------------------------
# CSV
# --------------------------------------------------------------------------------------------------


def _stat_kind(annotation: Any) -> str:
    """``int``, ``list``, ``bool`` or ``str``: how a stat cell is read."""
    if get_origin(annotation) in (Union, pytypes.UnionType):
        kinds = [arg for arg in get_args(annotation) if arg is not type(None)]
        annotation = kinds[0] if kinds else str
    if get_origin(annotation) is list:
        return "list"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    return "str"


def _split(cell: str) -> list[str]:
    return [item.strip() for item in cell.split(LIST_SEPARATOR) if item.strip()]


def _stat_value(kind: str, cell: str, location: str, column: str) -> Any:
    if kind == "list":
        return _split(cell)
    if kind == "bool":
        folded = cell.strip().casefold()
        if folded in _TRUE:
            return True
        if folded in _FALSE:
            return False
        raise CardImportError(location, column, f"{shown(cell)} is not true or false")
    if kind == "int":
        return _integer(cell, location, column)
    return cell.strip()


def _integer(cell: str, location: str, column: str) -> int:
    text = cell.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise CardImportError(location, column, f"{shown(cell)} is not a whole number")
    return int(text)


def _stats_of(game: str) -> type[BaseModel]:
    """The stats model of a known game."""
    model = stats_model(game)
    if model is None:
        raise ValueError(f"unknown game {game!r}")
    return model


def _header(row: list[str], game: str) -> tuple[list[str], dict[str, str]]:
    """The column names of line 1 and the kind of each stat column; refuses unknown columns."""
    model = _stats_of(game)
    kinds = {key: _stat_kind(info.annotation) for key, info in model.model_fields.items()}
    columns: list[str] = []
    stat_kinds: dict[str, str] = {}
    for cell in row:
        name = cell.strip()
        lowered = name.casefold()
        if lowered.startswith(STAT_PREFIX):
            key = lowered[len(STAT_PREFIX) :].strip()
            if key not in kinds:
                known = ", ".join(kinds)
                raise CardImportError(
                    "line 1", name[:40], f"'{key[:40]}' is not a {GAMES[game].name} stat (stats: {known})"
                )
            lowered = STAT_PREFIX + key
            stat_kinds[lowered] = kinds[key]
        elif lowered not in CSV_COLUMNS:
            raise CardImportError(
                "line 1",
                name[:40] or f"column {len(columns) + 1}",
                f"it is not a column of this format (columns: {', '.join(CSV_COLUMNS)}, and stat:<key>)",
            )
        if lowered in columns:
            raise CardImportError("line 1", name[:40], "the column is named twice")
        columns.append(lowered)
    for required in ("code", "name"):
        if required not in columns:
            raise CardImportError("line 1", required, "the column is missing")
    return columns, stat_kinds


def _csv_card(
    row: list[str], columns: list[str], stat_kinds: dict[str, str], location: str
) -> dict[str, Any]:
    if len(row) > len(columns):
        raise CardImportError(
            location, None, f"the row has {len(row)} cells but the header names {len(columns)} columns"
        )
    card: dict[str, Any] = {"stats": {}}
    for column, cell in zip(columns, row, strict=False):
        if not cell.strip():
            continue
        if column in stat_kinds:
            card["stats"][column[len(STAT_PREFIX) :]] = _stat_value(
                stat_kinds[column], cell, location, column
            )
        elif column in _LIST_COLUMNS:
            card[column] = _split(cell)
        elif column == "cost_value":
            card[column] = _integer(cell, location, column)
        elif column == "text":
            card[column] = cell
        else:
            card[column] = cell.strip()
    return card


def parse_csv(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read an Arbiter CSV card file (see the module docstring); ``schema`` is not used."""
    text = decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[CardRecord] = []
    seen: dict[str, int] = {}
    columns: list[str] | None = None
    stat_kinds: dict[str, str] = {}
    line = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            problem = (
                "a quoted cell is not closed before the end of the file: a quote is missing or the file"
                " is cut off"
                if "unexpected end of data" in str(error)
                else f"the CSV cannot be read ({str(error)[:80]})"
            )
            raise CardImportError(f"line {line}", None, problem) from None
        start, line = line, reader.line_num + 1
        if columns is None:
            if start != 1:
                raise CardImportError("line 1", None, "the header line is missing")
            columns, stat_kinds = _header(row, game)
            continue
        if not any(cell.strip() for cell in row):
            continue
        location = f"line {start}"
        if len(row) < len(columns) and reader.line_num >= _last_line(text):
            raise CardImportError(
                location, None, "the last row is short and the file has no final line break: it is cut off"
            )
        raw = _csv_card(row, columns, stat_kinds, location)
        for column in ("code", "name"):
            if column not in raw:
                raise CardImportError(location, column, "it is empty")
        card = validate(_Card, raw, location)
        record = _record(card, game, source_name, location, csv_names=True)
        _check_new_code(record.code, start, seen, location, "line")
        records.append(record)
    if columns is None:
        raise CardImportError(
            "line 1", None, "the file is empty; it needs a header line and one card per line"
        )
    return records


def _last_line(text: str) -> int:
    """The number of the last line of a file with no final line break (a cut-off file), else one past
    the end (every row, short or not, is complete)."""
    if not text or text.endswith(("\n", "\r")):
        return text.count("\n") + 2
    return text.count("\n") + 1


def _cell(value: Any, what: str) -> str:
    if isinstance(value, bool):
        return "true" if value else ""
    if isinstance(value, list):
        for item in value:
            if LIST_SEPARATOR in item or item != item.strip() or not item:
                raise ValueError(f"{what}: the list item {item!r} cannot be written to a CSV cell")
        return LIST_SEPARATOR.join(value)
    return "" if value is None else str(value)


def to_csv(cards: Sequence[CardRecord], game: str) -> bytes:
    """The cards as an Arbiter CSV file (UTF-8).

    Raises ``ValueError`` for what CSV cannot hold (faces, errata, list items with ``;``); use
    :func:`to_json` for those cards.
    """
    keys = [key for key in _stats_of(game).model_fields if any(key in card.stats for card in cards)]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *(STAT_PREFIX + key for key in keys)])
    for card in cards:
        what = f"card {card.code}"
        if card.game != game:
            raise ValueError(f"{what} is a {card.game} card, not a {game} card")
        if card.faces or card.errata:
            raise ValueError(f"{what} has faces or errata, which CSV cannot hold; use JSON")
        if card.cost_value is None and cost_value_of(card.cost) is not None:
            raise ValueError(f"{what} has no cost value although its cost has one; use JSON")
        fixed: Mapping[str, Any] = card.model_dump()
        row = [_cell(fixed[column], what) for column in CSV_COLUMNS]
        row += [_cell(card.stats.get(key), what) for key in keys]
        writer.writerow(row)
    return buffer.getvalue().encode("utf-8")


JSON_IMPORTER = Importer(
    name="json",
    game=None,
    description="Arbiter's own JSON card file, any game (docs/card-formats.md).",
    function=parse_json,
    stream=stream_json,
    codes_checked=True,
)
CSV_IMPORTER = Importer(
    name="csv",
    game=None,
    description="Arbiter's own CSV card file, any game: one card per row, stat:<key> columns.",
    function=parse_csv,
    codes_checked=True,
)
