"""Text files people hand the bot (card files, decklists): UTF-8, and where a file is not."""

from __future__ import annotations

import unicodedata

from engine.errors import ArbiterError

_UNSEEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
"""Unicode categories a sentence shows escaped: controls (a newline, an escape sequence), format
characters (right-to-left marks and overrides), line and paragraph separators, lone surrogates."""
_JOINERS = frozenset({"\u200c", "\u200d"})
"""Format characters that are part of what a name shows (an emoji sequence, a Persian word)."""
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def unseen(character: str) -> bool:
    """Whether ``character`` changes how the text around it shows rather than showing itself."""
    return character not in _JOINERS and unicodedata.category(character) in _UNSEEN


def _escaped(character: str) -> str:
    if character in _ESCAPES:
        return _ESCAPES[character]
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shortened(text: str, limit: int = 24) -> str:
    """``text`` as a sentence may quote it (one helper for every sentence that repeats what someone
    typed): its unseen characters shown escaped (a newline as ``\\n``, a right-to-left override as
    ``\\u202e``), so the sentence stays one line that reads as written, then at most ``limit``
    characters, cut with an ellipsis."""
    head = text[: limit + 1]
    shown = "".join(_escaped(ch) if unseen(ch) else ch for ch in head)
    if len(shown) <= limit and len(text) == len(head):
        return shown
    return shown[: limit - 1] + "…"


def not_utf8(what: str, byte: int | None) -> str:
    """What is wrong with a file that is not UTF-8 text from byte ``byte`` (from 1) on."""
    at = f" (byte {byte})" if byte is not None else ""
    return f"{what} is not UTF-8 text{at}; save it as UTF-8 and try again"


class NotUtf8Error(ArbiterError):
    """A file is not UTF-8 text: the sentence names the line of its first byte that is not."""

    def __init__(self, what: str, line: int, byte: int) -> None:
        self.line, self.byte = line, byte
        super().__init__(f"Line {line}: {not_utf8(what, byte)}.")


def bad_byte_line(data: bytes, offset: int) -> int:
    """The line (from 1) holding byte ``offset`` (from 0) of ``data``."""
    return data.count(b"\n", 0, offset) + 1


def utf8_text(data: bytes, what: str = "the file") -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped), or :class:`NotUtf8Error`."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotUtf8Error(what, bad_byte_line(data, error.start), error.start + 1) from None
