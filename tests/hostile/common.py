"""What every hostile-input test checks: one short sentence, and a database left as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store.database import Database
from engine.text import unseen

MAX_SENTENCE = 300


async def dump(database: Database | Path) -> list[str]:
    """Every table's committed rows as SQL text (``iterdump`` on a second connection to the file),
    to compare before and after a refusal."""
    path = database.path if isinstance(database, Database) else database
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def one_sentence(text: str, limit: int = MAX_SENTENCE) -> None:
    """``text`` is one sentence for a user: one line, not empty, bounded, and no character of it
    that would change how the rest shows (a control, a right-to-left override: input is repeated
    escaped)."""
    assert text and "\n" not in text and len(text) <= limit, text
    assert not any(unseen(ch) for ch in text), repr(text)
    assert "Traceback" not in text and "invalid literal" not in text, text


UNSEEN_TEXTS = ["0\n0", "a\r\nb", "x\u202eevil", "\u200fq", "n\x00ul", "\x1b[31mred", "t\tab", "z" * 10_000]
"""Text that a sentence must not repeat as it is: newlines, controls, right-to-left marks, 10k characters."""
