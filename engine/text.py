"""Text files people hand the bot (card files, decklists): UTF-8, and where a file is not."""

from __future__ import annotations

from engine.errors import ArbiterError


def shortened(text: str, limit: int = 24) -> str:
    """``text`` as a sentence may quote it: at most ``limit`` characters, cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
