"""The SQLite connection: WAL, foreign keys, migrations and transactions."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store.migrations import MIGRATIONS

log = logging.getLogger("arbiter.store")

BUSY_TIMEOUT_SECONDS = 30.0
"""How long a writer waits for another process's write transaction before failing: far longer than
any of the store's transactions (a card import writes in short ones)."""


class Database:
    """One aiosqlite connection shared by the repositories.

    aiosqlite runs every statement on one worker thread, so statements never interleave; a
    :meth:`transaction` groups several statements into one atomic unit that is rolled back whole on
    any error.
    """

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self._writer = asyncio.Lock()
        """One transaction at a time on the shared connection: the services (matches, tournaments,
        cards) share it, and SQLite cannot nest ``BEGIN``."""

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open (creating if needed) the database file and bring its schema up to date."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
        database = cls(connection, path)
        try:
            await database.migrate()
        except BaseException:
            await connection.close()
            raise
        return database

    async def close(self) -> None:
        await self.connection.close()

    async def schema_version(self) -> int:
        async with self.connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in its own transaction."""
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"The database {self.path} has schema version {current}, newer than this Arbiter "
                f"({len(MIGRATIONS)}). Upgrade Arbiter or use another DATABASE_PATH."
            )
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction():
                for statement in _split_statements(script):
                    await self.connection.execute(statement)
                await self.connection.execute(f"PRAGMA user_version = {number}")
            log.info("database %s migrated to schema %d", self.path, number)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` if the block raises. Transactions of
        concurrent tasks wait for each other (they share one connection); a task must not open a
        transaction inside its own."""
        async with self._writer:
            await self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self.connection
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            await self.connection.execute("COMMIT")


def _split_statements(script: str) -> list[str]:
    """Split a migration script into statements, keeping trigger bodies whole."""
    statements: list[str] = []
    buffer: list[str] = []
    for line in script.splitlines():
        buffer.append(line)
        joined = "\n".join(buffer).strip()
        if joined.endswith(";") and sqlite3.complete_statement(joined):
            statements.append(joined)
            buffer = []
    rest = "\n".join(buffer).strip()
    if rest:
        statements.append(rest)
    return statements
