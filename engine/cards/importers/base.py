"""What every card importer shares: the error, the importer record and the validation helpers.

An importer turns one file into :class:`~engine.cards.model.CardRecord` objects, all or nothing: the
JSON formats read the file as a stream, a record at a time (:mod:`engine.cards.importers.jsonstream`),
the others read it whole. The first record it cannot read raises :class:`CardImportError`, whose
message names where
(``record 37 (id 'TAT-001')``, ``line 12``) and which field of the *source* file is at fault, so an
operator can fix the file. Every other exception (``json``, ``csv``, ``pydantic``, ``jsonschema``, a
``RecursionError`` on absurdly nested JSON) is turned into a :class:`CardImportError` here, so callers
catch one type.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO, Protocol, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from engine.cards.model import CardRecord, StatValue, stats_model
from engine.errors import ArbiterError
from engine.games import GAMES
from engine.text import NotUtf8Error, not_utf8, shortened, utf8_text

BaseModelT = TypeVar("BaseModelT", bound=BaseModel)

MAX_SHOWN = 40
"""Characters of a bad value quoted back in an error message."""


class CardImportError(ArbiterError):
    """A card file cannot be imported; nothing of it is stored.

    ``location`` is where the problem is (``line 12``, ``record 37 (id 'TAT-001')``, ``the file``);
    ``field`` is the field or column of the source format (``Power``, ``printings[0].rarity``), or
    ``None`` when the file as a whole is unreadable (not UTF-8, malformed JSON).
    """

    def __init__(self, location: str, field: str | None, problem: str) -> None:
        self.location = location
        self.field = field
        self.problem = problem.rstrip(".")
        where = f"{location}, field {field}" if field else location
        super().__init__(f"{where}: {self.problem}.")


class ParseFunction(Protocol):
    """The ``parse`` function each format module provides."""

    def __call__(
        self, data: bytes, *, game: str, source_name: str, schema: bytes | None = None
    ) -> list[CardRecord]: ...


class StreamFunction(Protocol):
    """The ``stream`` function of a format read a record at a time (the JSON formats)."""

    def __call__(
        self, source: BinaryIO, *, game: str, source_name: str, schema: bytes | None = None
    ) -> Iterator[CardRecord]: ...


class NotingStreamFunction(Protocol):
    """A ``stream`` that also reports, one sentence each in ``notes``, what it read but ignored
    (fields of a known source that the format does not use)."""

    def __call__(
        self,
        source: BinaryIO,
        *,
        game: str,
        source_name: str,
        schema: bytes | None = None,
        notes: list[str] | None = None,
    ) -> Iterator[CardRecord]: ...


@dataclass(frozen=True)
class Importer:
    """One card file format: its name, the game it holds (``None``: any game) and its parser;
    ``stream``, when the format has one, reads a file a record at a time."""

    name: str
    game: str | None
    description: str
    function: ParseFunction
    stream: StreamFunction | None = None
    codes_checked: bool = False
    """The parser itself gives every record a code no earlier record has (casefolded), so
    :meth:`records` does not remember every code a second time."""
    noted: NotingStreamFunction | None = None
    """The format's ``stream`` when it reports what it ignored (see :meth:`records`)."""

    def parse(
        self, data: bytes, *, game: str, source_name: str, schema: bytes | None = None
    ) -> list[CardRecord]:
        """Read ``data`` into card records; raise :class:`CardImportError` on the first bad record.

        The records are ready to store: each has the requested ``game`` and their codes are unique.
        """
        if not isinstance(data, bytes | bytearray | memoryview):
            raise CardImportError(source_name, None, "the card file must be given as bytes")
        return list(self.records(io.BytesIO(bytes(data)), game=game, source_name=source_name, schema=schema))

    def records(
        self,
        source: BinaryIO,
        *,
        game: str,
        source_name: str,
        schema: bytes | None = None,
        notes: list[str] | None = None,
    ) -> Iterator[CardRecord]:
        """The card records of the file ``source`` (binary, seekable, at its start), one at a time:
        a format with a ``stream`` never holds the whole file. A wrong game is refused at once; a bad
        record raises :class:`CardImportError` when the iteration reaches it, so a caller that stores
        records as they come must be able to drop them (all or nothing). A format that reports what
        it ignored (an unknown field of a known source) adds a sentence to ``notes`` for each."""
        if game not in GAMES:
            raise CardImportError(source_name, "game", f"{shown(game)} is not a game Arbiter knows")
        if self.game is not None and game != self.game:
            raise CardImportError(
                source_name,
                "game",
                f"the {self.name} format holds {GAMES[self.game].name} cards, not {GAMES[game].name} cards",
            )
        if self.noted is not None and notes is not None:
            found = self.noted(source, game=game, source_name=source_name, schema=schema, notes=notes)
        elif self.stream is not None:
            found = self.stream(source, game=game, source_name=source_name, schema=schema)
        else:
            found = self._whole(source, game=game, source_name=source_name, schema=schema)
        return found if self.codes_checked else unique_codes(found)

    def _whole(
        self, source: BinaryIO, *, game: str, source_name: str, schema: bytes | None
    ) -> Iterator[CardRecord]:
        yield from self.function(source.read(), game=game, source_name=source_name, schema=schema)


# --------------------------------------------------------------------------------------------------
# Messages
# --------------------------------------------------------------------------------------------------


def shown(value: object) -> str:
    """A bad value as quoted in a message: ``'abc'``, ``12``, ``a list``; long text is cut."""
    if isinstance(value, str):
        return f"'{shortened(' '.join(value.split()), MAX_SHOWN + 1)}'"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = str(value)
        return text if len(text) <= MAX_SHOWN else f"{text[:MAX_SHOWN]}…"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return "a value of the wrong kind"


def field_path(loc: Iterable[str | int]) -> str:
    """A pydantic or jsonschema location as a path: ``("faces", 0, "atk")`` -> ``faces[0].atk``."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


_PROBLEMS: dict[str, Callable[[ErrorDetails], str]] = {
    "missing": lambda e: "it is missing",
    "extra_forbidden": lambda e: "it is not a field of this format",
    "int_parsing": lambda e: f"{shown(e['input'])} is not a whole number",
    "int_type": lambda e: f"{shown(e['input'])} is not a whole number",
    "int_from_float": lambda e: f"{shown(e['input'])} is not a whole number",
    "int_parsing_size": lambda e: f"{shown(e['input'])} is too large for a card",
    "float_parsing": lambda e: f"{shown(e['input'])} is not a number",
    "string_type": lambda e: f"{shown(e['input'])} is not text",
    "list_type": lambda e: f"{shown(e['input'])} is not a list",
    "dict_type": lambda e: f"{shown(e['input'])} is not an object",
    "model_type": lambda e: f"{shown(e['input'])} is not an object",
    "model_attributes_type": lambda e: f"{shown(e['input'])} is not an object",
    "bool_parsing": lambda e: f"{shown(e['input'])} is not true or false",
    "bool_type": lambda e: f"{shown(e['input'])} is not true or false",
    "string_too_short": lambda e: "it must not be empty",
    "too_short": lambda e: "it must not be empty",
    "string_too_long": lambda e: f"it is longer than {e.get('ctx', {}).get('max_length', '?')} characters",
    "too_long": lambda e: f"it has more than {e.get('ctx', {}).get('max_length', '?')} items",
    "literal_error": lambda e: f"{shown(e['input'])} must be {e.get('ctx', {}).get('expected', '?')}",
    "greater_than_equal": lambda e: f"{shown(e['input'])} must be {e.get('ctx', {}).get('ge', 0)} or more",
}


def describe(error: ErrorDetails) -> str:
    """One pydantic error as the end of a sentence: ``'abc' is not a whole number``."""
    make = _PROBLEMS.get(error["type"])
    if make is not None:
        return make(error)
    if error["type"] == "value_error":
        message = str(error.get("ctx", {}).get("error", error["msg"]))
        return f"it {message}" if message.startswith("must") else message
    if error["type"].endswith("_type") or error["type"] == "union_tag_invalid":
        return f"{shown(error['input'])} is not of the right kind"
    return error["msg"][:1].lower() + error["msg"][1:]


_UNION_TAG = re.compile(r"^(?:int|str|float|bool|none|.*\[.*\])$")
"""Path items pydantic adds for the members of a union (``ATK.int``); no source field is named so."""


def from_validation(
    error: ValidationError,
    location: str,
    *,
    prefix: Sequence[str | int] = (),
    names: Mapping[str, str] | None = None,
) -> CardImportError:
    """The first error of a pydantic ``ValidationError`` as a :class:`CardImportError`.

    ``prefix`` is prepended to the error's path; ``names`` maps the first path item (a CardRecord
    field) to the source format's name for it (``code`` -> ``id``).
    """
    first = error.errors(include_url=False)[0]
    loc = [part for part in first["loc"] if not (isinstance(part, str) and _UNION_TAG.match(part))]
    if loc and names and isinstance(loc[0], str):
        loc[0] = names.get(loc[0], loc[0])
    path = field_path([*prefix, *loc]) or None
    return CardImportError(location, path, describe(first))


def validate(
    model: type[BaseModelT], value: Any, location: str, *, prefix: Sequence[str | int] = ()
) -> BaseModelT:
    """``model.model_validate(value)`` with errors as :class:`CardImportError`."""
    try:
        return model.model_validate(value)
    except ValidationError as error:
        raise from_validation(error, location, prefix=prefix) from None


# --------------------------------------------------------------------------------------------------
# Reading the bytes
# --------------------------------------------------------------------------------------------------


def decode(data: bytes, what: str = "the file") -> str:
    """UTF-8 text (a leading byte-order mark is dropped); anything else is refused with the line of
    the first byte that is not."""
    try:
        return utf8_text(data, what)
    except NotUtf8Error as error:
        raise CardImportError(f"line {error.line}", None, not_utf8(what, error.byte)) from None


def load_json(data: bytes, what: str = "the file") -> Any:
    """Parse JSON, turning every failure (syntax, nesting depth, huge numbers) into a CardImportError."""
    text = decode(data, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        cut = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        problem = (
            "the JSON ends too early: the file is cut off" if cut else f"the JSON is malformed ({error.msg})"
        )
        raise CardImportError(f"line {error.lineno}, column {error.colno}", None, problem) from None
    except RecursionError:
        raise CardImportError(what, None, "the JSON is nested too deeply") from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise CardImportError(what, None, f"the JSON cannot be read ({error})") from None


def expect_object(value: Any, location: str, field: str | None, what: str) -> dict[str, Any]:
    """``value`` must be a JSON object; ``what`` describes the expected shape for the message."""
    if not isinstance(value, dict):
        raise CardImportError(location, field, f"expected {what}, found {shown(value)}")
    return value


def expect_list(value: Any, location: str, field: str | None, what: str) -> list[Any]:
    """``value`` must be a JSON array."""
    if not isinstance(value, list):
        raise CardImportError(location, field, f"expected {what}, found {shown(value)}")
    return value


# --------------------------------------------------------------------------------------------------
# Building records
# --------------------------------------------------------------------------------------------------


def clean_stats(stats: Mapping[str, StatValue | None]) -> dict[str, StatValue]:
    """Stats without empty values (``None``, ``[]``, ``False``, ``""``); a 0 is a value and stays."""
    return {
        key: value
        for key, value in stats.items()
        if value is not None and value is not False and value != [] and value != ""
    }


def build_record(location: str, names: Mapping[str, str] | None = None, **fields: Any) -> CardRecord:
    """A validated :class:`CardRecord`; a refusal names the source field (``names`` maps ours to it).

    Face stats are validated here too (CardRecord only checks them), so the error path is precise.
    """
    _check_numbers(location, fields)
    game = fields.get("game")
    model = stats_model(game) if isinstance(game, str) else None
    if model is not None:
        for index, face in enumerate(fields.get("faces") or []):
            stats = face.get("stats") if isinstance(face, Mapping) else None
            if isinstance(stats, Mapping):
                validate(model, stats, location, prefix=("faces", index, "stats"))
        stats = fields.get("stats")
        if isinstance(stats, Mapping):
            validate(model, stats, location, prefix=("stats",))
    try:
        return CardRecord(**fields)
    except ValidationError as error:
        raise from_validation(error, location, names=names) from None


MAX_NUMBER = 10**15
"""Largest number a card may carry; the store keeps numbers as 64-bit integers."""


def _check_numbers(location: str, fields: Mapping[str, Any]) -> None:
    """Refuse numbers no card prints (``"atk": 1e30``) before they overflow the store."""
    places: list[tuple[str, Any]] = [("cost_value", fields.get("cost_value"))]
    stats = fields.get("stats")
    if isinstance(stats, Mapping):
        places += [(f"stats.{key}", value) for key, value in stats.items()]
    for index, face in enumerate(fields.get("faces") or []):
        face_stats = face.get("stats") if isinstance(face, Mapping) else None
        if isinstance(face_stats, Mapping):
            places += [(f"faces[{index}].stats.{key}", value) for key, value in face_stats.items()]
    for name, value in places:
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise CardImportError(location, name, f"{shown(value)} is too large for a card")


def unique_codes(cards: Iterable[CardRecord]) -> Iterator[CardRecord]:
    """The cards, one at a time; two records with one code would overwrite each other in the store,
    so the second one refuses the file."""
    seen: dict[str, str] = {}
    for card in cards:
        key = card.code.casefold()
        if key in seen:
            raise CardImportError(
                f"card '{card.name}'", "code", f"'{card.code}' is also the code of '{seen[key]}'"
            )
        seen[key] = card.name
        yield card


class CodeBook:
    """The codes given out so far in one file.

    Public data sets sometimes print the same collector number for two different cards. Each card
    takes the first of its own codes (one per printing) that no earlier card took; when all are
    taken it gets its first code with a ``#n`` suffix, so the file still imports and the result is
    the same on every import of the same file.
    """

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def claim(self, candidates: Sequence[str], suffix: str | None = None) -> str | None:
        """The code for the next card: its first free candidate, else ``<first> #<suffix or n>``."""
        cleaned = [" ".join(code.split()) for code in candidates if code and code.strip()]
        if not cleaned:
            return None
        for code in cleaned:
            if self._take(code):
                return code
        if suffix is not None and self._take(f"{cleaned[0]} #{suffix}"):
            return f"{cleaned[0]} #{suffix}"
        number = 2
        while not self._take(f"{cleaned[0]} #{number}"):
            number += 1
        return f"{cleaned[0]} #{number}"

    def _take(self, code: str) -> bool:
        if code.casefold() in self._taken:
            return False
        self._taken.add(code.casefold())
        return True


# --------------------------------------------------------------------------------------------------
# Text repair
# --------------------------------------------------------------------------------------------------

_CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"
_MOJIBAKE = re.compile(f"[ÂÃâ][\u00a0-\u00bf{_CP1252_EXTRA}][\u00a0-\u00bf{_CP1252_EXTRA}]?")


def _unmangle(match: re.Match[str]) -> str:
    try:
        return match.group().encode("cp1252").decode("utf-8")
    except UnicodeError:
        return match.group()


def fix_mojibake(text: str) -> str:
    """Repair UTF-8 that was decoded as Windows-1252 (``Evolutionâ€”Put`` -> ``Evolution—Put``,
    ``Ãœberdragon`` -> ``Überdragon``). Text that is not mangled is returned unchanged."""
    if "Â" not in text and "Ã" not in text and "â" not in text:
        return text
    return _MOJIBAKE.sub(_unmangle, text)


def match_keywords(clauses: Iterable[str], known: Sequence[str]) -> list[str]:
    """The keywords among the heads of ``clauses`` (each clause: one ability line of a card).

    A clause's head is its text before reminder text (``(``) or an em dash; it names keyword ``K``
    when it is ``K``, starts with ``K`` followed by a parameter (``Power attacker +3000``,
    ``Saver: Angel Command``), or is a short phrase ending with ``K`` (``Nature and light slayer``,
    not ``Each creature has slayer``: that grants it to others). Longer keywords win
    (``Double Breaker`` before ``Breaker``). Returns canonical names from ``known``, in text order.
    """
    ordered = sorted(known, key=len, reverse=True)
    folded = [(name, name.casefold()) for name in ordered]
    found: list[str] = []
    for clause in clauses:
        head = re.split(r"\s*(?:''\(|\(|—)", clause.strip(), maxsplit=1)[0].strip().casefold()
        if not head or len(head) > 60:
            continue
        for name, key in folded:
            if (
                head == key
                or re.match(rf"{re.escape(key)}(?:[\s:+\-–]|\d|$)", head)
                or (head.endswith(f" {key}") and len(head.split()) <= 4)
            ):
                if name not in found:
                    found.append(name)
                break
    return found


_COST_SYMBOL = re.compile(r"\{([^{}]*)\}")
_SYMBOL_COST = re.compile(r"^\s*(?:\{[^{}]+\}\s*)+$")


def cost_value_of(cost: str | None) -> int | None:
    """The total of a printed cost: ``5`` -> 5; ``{W}{1}`` -> 2 (each will or colour symbol counts 1,
    a number its value, ``{X}`` 0); ``None`` for anything else."""
    if cost is None:
        return None
    text = cost.strip()
    if text.isdigit() and text.isascii():
        return int(text)
    if not _SYMBOL_COST.match(text):
        return None
    total = 0
    for symbol in _COST_SYMBOL.findall(text):
        symbol = symbol.strip()
        if symbol.isdigit() and symbol.isascii():
            total += int(symbol)
        elif symbol.upper() != "X":
            total += 1
    return total
