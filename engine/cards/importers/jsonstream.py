"""A JSON card file read as a stream: one value at a time, never the whole document in memory.

The JSON importers walk the document's structure event by event (``ijson``'s C parser reads the file
in chunks of :data:`CHUNK` bytes) and build only one record at a time, so what an import holds does
not grow with the file. The values built are those ``json.loads`` gives (whole numbers as ``int``,
other numbers as ``float``, ``1e400`` as infinity), within bounds: nesting deeper than
:data:`MAX_DEPTH` levels and a record of more than :data:`MAX_RECORD_SIZE` characters are refused.

Every failure is a :class:`~engine.cards.importers.base.CardImportError` naming where: a file cut
off names the line and column where it ends; malformed JSON names the line and column where the
parser stopped (found by reading the file again up to that point, so a refusal costs one more read);
bytes that are not UTF-8 text name the line and the byte. A leading UTF-8 byte-order mark is skipped.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, BinaryIO

import ijson  # type: ignore[import-untyped]  # ijson ships no type information

from engine.cards.importers.base import CardImportError, shown
from engine.text import not_utf8

CHUNK = 64 * 1024
"""Bytes read from the file at a time."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; a card file needs fewer than ten levels."""
MAX_RECORD_SIZE = 1_000_000
"""Largest record accepted, in characters of text plus one per value: far more than any card of the
public data sets (their longest records take a few thousand), so that one record, the most an import
holds at a time, stays small whatever the file."""

_BOM = b"\xef\xbb\xbf"
_CONTINUATION = bytes(range(0x80, 0xC0))
"""UTF-8 continuation bytes: not the start of a character, so not counted as a column."""
_DIGITS = b"0123456789"
_TOO_DEEP = f"the JSON is nested too deeply (more than {MAX_DEPTH} levels)"
_OPEN = frozenset({"start_map", "start_array"})
_CLOSE = frozenset({"end_map", "end_array"})
Event = tuple[str, Any]


class _Position:
    """Line and column (in characters) after the bytes counted so far."""

    def __init__(self) -> None:
        self.lines = 0
        self.column = 0

    def count(self, data: bytes) -> None:
        last = data.rfind(b"\n")
        if last < 0:
            self.column += len(data.translate(None, _CONTINUATION))
        else:
            self.lines += data.count(b"\n")
            self.column = len(data[last + 1 :].translate(None, _CONTINUATION))

    def where(self) -> str:
        """The next character's position: ``line 3, column 17``."""
        return f"line {self.lines + 1}, column {self.column + 1}"


class _Chunks:
    """The file as the parser reads it: in chunks, a leading byte-order mark skipped, counted."""

    def __init__(self, source: BinaryIO) -> None:
        self._source = source
        self._started = False
        self.bom = 0
        """Length of the skipped byte-order mark (0 or 3)."""
        self.offset = 0
        """Bytes handed to the parser so far (after the mark)."""
        self.last = 0
        """Where the last chunk handed out starts."""
        self.ended = False
        self.position = _Position()
        self.long_number = False
        """A run of more digits than Python turns into a number was found: the parser is told the
        file ends there (its C code mishandles such numbers), and the error names where."""
        self._digits = 0
        """Digits at the end of what was read so far (a run may span two chunks)."""

    def read(self, size: int = CHUNK) -> bytes:
        if size == 0:
            return b""
        data = self._source.read(size if size > 0 else CHUNK)
        if not isinstance(data, bytes | bytearray):
            raise CardImportError("the file", None, "the card file must be read as bytes")
        data = bytes(data)
        if not self._started:
            self._started = True
            while len(data) < len(_BOM) and _BOM.startswith(data) and data:
                more = self._source.read(size)
                if not more:
                    break
                data += more
            if data.startswith(_BOM):
                data, self.bom = data[len(_BOM) :], len(_BOM)
                if not data:  # the mark filled the read: an empty read would mean the end
                    data = bytes(self._source.read(size if size > 0 else CHUNK))
        if self.long_number or self._too_many_digits(data):
            self.long_number = True
            data = b""  # what follows the run is never parsed
        self.last = self.offset
        self.offset += len(data)
        self.ended = not data
        self.position.count(data)
        return data

    def _too_many_digits(self, data: bytes) -> bool:
        limit = sys.get_int_max_str_digits()
        if not limit:
            return False
        leading = len(data) - len(data.lstrip(_DIGITS))
        if self._digits + leading > limit:
            return True
        run = re.search(rb"[0-9]{%d}" % (limit + 1), data)
        if run:
            self.position.count(data[: run.start()])
            return True
        trailing = len(data) - len(data.rstrip(_DIGITS))
        self._digits = self._digits + leading if leading == len(data) else trailing
        return False


def _scalar(event: str, value: Any) -> Any:
    """A JSON scalar as ``json.loads`` gives it (numbers that are not whole become ``float``)."""
    if event == "number" and isinstance(value, Decimal):
        return float(value)
    return value


def describe(event: str, value: Any) -> str:
    """What a value is, from its first event, as :func:`~engine.cards.importers.base.shown` says it."""
    if event == "start_map":
        return "an object"
    if event == "start_array":
        return "a list"
    return shown(_scalar(event, value))


class JsonStream:
    """The events of one JSON document read from a binary file, with the errors as sentences.

    The importers use :meth:`start`, :meth:`item` and :meth:`key` to walk arrays and objects,
    :meth:`value` to build one value (a record), :meth:`skip` to pass over one and :meth:`finish`
    after the document. The file must be seekable for a malformed file's position to be found (it is
    read again up to there).
    """

    def __init__(self, source: BinaryIO) -> None:
        self._source = source
        self._chunks = _Chunks(source)
        self._events: Iterator[Event] = ijson.basic_parse(self._chunks, buf_size=CHUNK)
        self.depth = 0

    # events ---------------------------------------------------------------------------------------

    def next(self) -> Event | None:
        """The next event, or ``None`` after the document."""
        try:
            event = next(self._events)
        except StopIteration:
            return None
        except ijson.JSONError as error:
            raise self._malformed(str(error)) from None
        except (ValueError, SystemError) as error:
            raise self._unreadable(error) from None
        if event[0] in _OPEN:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise CardImportError("the file", None, _TOO_DEEP)
        elif event[0] in _CLOSE:
            self.depth -= 1
        return event

    def _next(self) -> Event:
        event = self.next()
        if event is None:  # the parser reports a cut-off document itself; this is a safeguard
            raise CardImportError(self._chunks.position.where(), None, "the JSON ends too early")
        return event

    def start(self) -> Event:
        """The first event of the next value: the document's, or the value of the key just read."""
        return self._next()

    def item(self) -> Event | None:
        """The first event of the next item of the array being read, or ``None`` at its end."""
        event = self._next()
        return None if event[0] == "end_array" else event

    def key(self) -> str | None:
        """The next key of the object being read, or ``None`` at its end."""
        event = self._next()
        if event[0] == "end_map":
            return None
        return str(event[1])

    def items(self) -> Iterator[Event]:
        """The first event of each item of the array being read; the caller reads each item (with
        :meth:`value`, :meth:`skip` or a walk of its own) before asking for the next."""
        while (start := self.item()) is not None:
            yield start

    def fields(self) -> Iterator[tuple[str, Event]]:
        """Each key of the object being read with the first event of its value; the caller reads
        each value before asking for the next key."""
        while (key := self.key()) is not None:
            yield key, self.start()

    def value(self, first: Event, where: str) -> Any:
        """The whole value that starts with ``first``, built as ``json.loads`` would build it;
        ``where`` (``record 12``) names it when it is larger than :data:`MAX_RECORD_SIZE`."""
        event, value = first
        if event not in _OPEN:
            return _scalar(event, value)
        root: Any = {} if event == "start_map" else []
        containers: list[Any] = [root]
        keys: list[Any] = [None]
        size = 1
        base = self.depth - 1  # the depth outside the value
        try:
            for event, value in self._events:  # the hot loop of an import: kept flat
                size += 1
                if event == "map_key":
                    keys[-1] = value
                    size += len(value)
                    continue
                if event == "end_map" or event == "end_array":
                    containers.pop()
                    keys.pop()
                    if not containers:
                        self.depth = base
                        return root
                    continue
                if event == "start_map" or event == "start_array":
                    item: Any = {} if event == "start_map" else []
                    if base + len(containers) + 1 > MAX_DEPTH:
                        self.depth = base + len(containers) + 1
                        raise CardImportError("the file", None, _TOO_DEEP)
                elif event == "string":
                    item = value
                    size += len(value)
                elif event == "number" and value.__class__ is Decimal:
                    item = float(value)
                else:
                    item = value
                parent = containers[-1]
                if parent.__class__ is list:
                    parent.append(item)
                else:
                    parent[keys[-1]] = item
                if item.__class__ is dict or item.__class__ is list:
                    containers.append(item)
                    keys.append(None)
                if size > MAX_RECORD_SIZE:
                    raise CardImportError(
                        where, None, f"it is larger than {MAX_RECORD_SIZE:,} characters, far more than a card"
                    )
        except ijson.JSONError as error:
            raise self._malformed(str(error)) from None
        except (ValueError, SystemError) as error:
            raise self._unreadable(error) from None
        raise CardImportError(self._where(), None, "the JSON ends too early")  # the parser says so first

    def skip(self, first: Event) -> None:
        """Pass over the value that starts with ``first`` without building it."""
        if first[0] not in _OPEN:
            return
        depth = self.depth - 1
        while self.depth > depth:
            self._next()

    def finish(self) -> None:
        """After the document: nothing but white space may follow."""
        if self.next() is not None:  # the parser refuses a second value itself; a safeguard
            raise CardImportError(self._where(), None, "the JSON is malformed (a second value follows)")

    # errors ---------------------------------------------------------------------------------------

    def _where(self) -> str:
        return self._chunks.position.where()

    def _unreadable(self, error: Exception) -> CardImportError:
        """A value the parser's C code could not turn into Python (guarded against: a number of more
        than 4,300 digits)."""
        cause = error.__cause__ or error.__context__ or error
        return CardImportError(self._where(), None, f"the JSON cannot be read ({str(cause)[:100]})")

    def _malformed(self, message: str) -> CardImportError:
        """The parser's error as a sentence naming where it stopped."""
        if self._chunks.long_number:
            limit = sys.get_int_max_str_digits()
            problem = f"the JSON has more than {limit:,} digits in a row, far more than a card holds"
            return CardImportError(self._where(), None, problem)
        if self._chunks.ended:
            return CardImportError(self._where(), None, "the JSON ends too early: the file is cut off")
        stop = _locate(self._source, self._chunks.last)
        bad_byte = stop.bad_byte() if stop else None
        if "invalid bytes in UTF8" in message or bad_byte is not None:
            # JSON holds no raw line break inside a string: the bad byte is on the line the parser
            # stopped on
            line = (stop.where if stop else self._where()).split(",")[0]
            byte = None if bad_byte is None else bad_byte + self._chunks.bom + 1
            return CardImportError(line, None, not_utf8("the file", byte))
        where = stop.where if stop else self._where()
        return CardImportError(where, None, f"the JSON is malformed ({_reason(message)})")


def _reason(message: str) -> str:
    """The parser's reason, without its context lines: ``after array element, I expect ',' or ']'``."""
    first = message.strip().strip("b'\"").split("\n")[0].split("\\n")[0]
    for prefix in ("parse error: ", "lexical error: "):
        first = first.removeprefix(prefix)
    return first.strip().rstrip(".")[:80] or "it cannot be read"


@dataclass(frozen=True)
class _Stop:
    """Where the parser stopped: in ``chunk`` (which starts at byte ``start`` of the file, after a
    byte-order mark) at ``index``, that is at ``where`` (``line L, column C``)."""

    start: int
    chunk: bytes
    index: int
    where: str

    def bad_byte(self) -> int | None:
        """The offset of the first byte up to the stop that is not part of UTF-8 text, if any (the
        parser notices bytes that are not UTF-8 at the end of the string holding them, or as a
        character that cannot start JSON)."""
        text = self.chunk[: self.index + 1]
        skipped = len(text) - len(text.lstrip(_CONTINUATION))
        skipped = min(skipped, 3)  # a chunk may start inside a character
        try:
            text[skipped:].decode("utf-8")
        except UnicodeDecodeError as error:
            if error.reason == "unexpected end of data" and error.end == len(text):
                return None  # the stop is inside a character that goes on after it
            return self.start + skipped + error.start
        return None


def _locate(source: BinaryIO, start: int) -> _Stop | None:
    """Where a fresh parser stops in the chunk of the file that starts at byte ``start`` (after a
    byte-order mark). The file is read again from its start, the bytes before ``start`` in chunks
    and that chunk byte by byte; ``None`` when the file cannot be read again (not seekable) or the
    parser does not stop there."""
    try:
        source.seek(0)
        chunks = _Chunks(source)
        position = _Position()
        events = ijson.sendable_list()
        parser = ijson.basic_parse_coro(events)
        offset = 0
        while offset < start:
            data = chunks.read(min(CHUNK, start - offset))
            if not data:
                return None
            parser.send(data)
            events.clear()
            position.count(data)
            offset += len(data)
        data = chunks.read(CHUNK)
    except (OSError, ValueError, SystemError, ijson.JSONError):
        return None
    for index in range(len(data)):
        byte = data[index : index + 1]
        try:
            parser.send(byte)
        except (ijson.JSONError, ValueError, SystemError):
            return _Stop(offset, data, index, position.where())
        events.clear()
        position.count(byte)
    return None
