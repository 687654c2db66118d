"""What every hostile-input test checks: one short sentence, and a database left as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store.database import Database

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
    """``text`` is one sentence for a user: one line, not empty, bounded."""
    assert text and "\n" not in text and len(text) <= limit, text
    assert "Traceback" not in text and "invalid literal" not in text, text
