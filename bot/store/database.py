"""The SQLite connections: WAL, foreign keys, migrations, reads and transactions.

Two connections to one file, each on its own aiosqlite thread:

- **the writer** runs every write, always inside :meth:`Database.transaction` (``BEGIN IMMEDIATE`` …
  ``COMMIT``), one transaction at a time;
- **the reader** runs every read made outside a transaction, and is ``query_only``.

Why two: SQLite cannot turn a read snapshot into a write when another connection (another process:
``arbiter cards import``, a second bot) has committed since that snapshot began; ``BEGIN IMMEDIATE``
then fails at once with ``SQLITE_BUSY`` and the busy timeout never applies. On one shared connection
any task's read in progress (a cursor between ``execute`` and ``fetchall``) is such a snapshot. The
writer never holds a read of its own between transactions, so its ``BEGIN IMMEDIATE`` always starts
from a fresh snapshot and waits for the other process's transaction (the busy timeout); a busy error
that still comes is retried until that timeout (:func:`_retrying`). Reads of other tasks never see a
transaction's writes before its ``COMMIT``.

Reads go through :meth:`Database.fetchall` and :meth:`Database.fetchone`: the statement runs and its
rows are fetched in one call on the connection's thread, so no read is left open across an ``await``.
Inside a transaction they run on the writer, so a transaction reads its own writes.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.migrations import MIGRATIONS
from engine.errors import ArbiterError

log = logging.getLogger("arbiter.store")

BUSY_TIMEOUT_SECONDS = 30.0
"""How long a writer waits for another process's write transaction before failing: far longer than
any of the store's transactions (a card import writes in short ones)."""

SQLITE_MAX_INT = 2**63 - 1
"""SQLite's largest integer: an id past it names no row (and cannot even be bound to a statement)."""

_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_RETRY_FIRST, _RETRY_MOST = 0.005, 0.25
"""Seconds between two tries of a busy write: doubling from the first to the most."""

T = TypeVar("T")


class StoreBusyError(ArbiterError):
    """Another program kept the database busy for longer than the busy timeout; nothing changed."""

    def __init__(self) -> None:
        super().__init__(
            "The bot's database is busy with another program's writing; nothing changed: try again in a"
            " moment."
        )


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` is SQLite's busy or locked error (another connection holds the lock)."""
    if not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _BUSY_CODES
    text = str(error)
    return "database is locked" in text or "database is busy" in text


async def _retrying(step: Callable[[], Awaitable[T]], timeout: float) -> T:
    """Run ``step``, again while it meets a busy database, for at most ``timeout`` seconds in all;
    then :class:`StoreBusyError`."""
    deadline = time.monotonic() + timeout
    pause = _RETRY_FIRST
    while True:
        try:
            return await step()
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            left = deadline - time.monotonic()
            if left <= 0:
                raise StoreBusyError() from error
            log.info("database busy (%s); trying again", error)
            await asyncio.sleep(min(pause, left))
            pause = min(pause * 2, _RETRY_MOST)


_OWNER: contextvars.ContextVar[asyncio.Task[Any] | None] = contextvars.ContextVar(
    "arbiter_transaction_owner", default=None
)
"""The task whose transaction is open on the writer (a task's own nested transaction joins it)."""


async def _connect(path: Path, *, query_only: bool, busy_timeout: float) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
    connection.row_factory = aiosqlite.Row
    try:
        await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        await _retrying(lambda: connection.execute_fetchall("PRAGMA journal_mode = WAL"), busy_timeout)
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA synchronous = NORMAL")
        if query_only:
            await connection.execute("PRAGMA query_only = ON")
    except BaseException:
        await connection.close()
        raise
    return connection


class Database:
    """The writer and reader connections shared by the repositories (see the module doc)."""

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        path: Path,
        *,
        busy_timeout: float = BUSY_TIMEOUT_SECONDS,
    ) -> None:
        self.writer = writer
        self.reader = reader
        self.path = path
        self.busy_timeout = busy_timeout
        """Seconds a write waits for another program's transaction (SQLite's busy timeout and the
        retries after it) before it is refused with :class:`StoreBusyError`."""
        self._writing = asyncio.Lock()
        """One transaction at a time on the writer: the services (matches, tournaments, cards)
        share it."""
        self._depth = 0

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout: float = BUSY_TIMEOUT_SECONDS) -> Database:
        """Open (creating if needed) the database file and bring its schema up to date. An in-memory
        database (``:memory:``) has one connection for both roles: no other process can reach it."""
        path = Path(path)
        memory = str(path) == ":memory:"
        if not memory:
            path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path, query_only=False, busy_timeout=busy_timeout)
        try:
            reader = writer if memory else await _connect(path, query_only=True, busy_timeout=busy_timeout)
        except BaseException:
            await writer.close()
            raise
        database = cls(writer, reader, path, busy_timeout=busy_timeout)
        try:
            await database.migrate()
        except BaseException:
            await database.close()
            raise
        return database

    async def close(self) -> None:
        if self.reader is not self.writer:
            await self.reader.close()
        await self.writer.close()

    # reads ------------------------------------------------------------------------------------------

    def _owns_transaction(self) -> bool:
        owner = _OWNER.get()
        return owner is not None and owner is asyncio.current_task()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The connection for the calling task: the writer inside this task's own transaction (to
        read its own writes), the read-only reader otherwise."""
        return self.writer if self._owns_transaction() else self.reader

    @property
    def in_own_transaction(self) -> bool:
        """Whether the calling task holds the write transaction (its reads see its own writes, which
        a rollback may still undo)."""
        return self._owns_transaction()

    @property
    def in_transaction(self) -> bool:
        """Whether a write transaction is open (in any task)."""
        return self.writer.in_transaction

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        """Every row of a query, executed and fetched in one call (see the module doc)."""
        return list(await self.connection.execute_fetchall(sql, tuple(params)))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        """The first row of a query that returns at most a few (by key, an aggregate, ``LIMIT 1``)."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version`` of the writer: it changes when *another process* commits
        to the file (this process's reader never writes), and costs no read of the file."""
        rows = list(await self.writer.execute_fetchall("PRAGMA data_version"))
        return int(rows[0][0]) if rows else 0

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    # writes -----------------------------------------------------------------------------------------

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in its own transaction."""
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"The database {self.path} has schema version {current}, newer than this Arbiter "
                f"({len(MIGRATIONS)}). Upgrade Arbiter or use another DATABASE_PATH."
            )
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction() as conn:
                row = await self.fetchone("PRAGMA user_version")
                if row is not None and int(row[0]) >= number:
                    continue  # another process applied it while this one waited
                for statement in _split_statements(script):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")
            log.info("database %s migrated to schema %d", self.path, number)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` on the writer, or ``ROLLBACK`` if the block raises.

        Transactions of concurrent tasks wait for each other. A transaction opened by a task inside
        its own open one is a savepoint of it: rolled back alone if its block raises, committed with
        the outer one (so use cases can make one unit of several repositories' writes). Waiting for
        another program's transaction is bounded by :attr:`busy_timeout`; past it the write is
        refused with :class:`StoreBusyError` and nothing is changed."""
        if self._owns_transaction():
            async with self._savepoint() as conn:
                yield conn
            return
        async with self._writing:
            await _retrying(lambda: self.writer.execute("BEGIN IMMEDIATE"), self.busy_timeout)
            token = _OWNER.set(asyncio.current_task())
            try:
                yield self.writer
            except BaseException:
                _OWNER.reset(token)
                await self.writer.execute("ROLLBACK")
                raise
            _OWNER.reset(token)
            try:
                await _retrying(lambda: self.writer.execute("COMMIT"), self.busy_timeout)
            except BaseException:
                if self.writer.in_transaction:
                    await self.writer.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def _savepoint(self) -> AsyncIterator[aiosqlite.Connection]:
        self._depth += 1
        name = f"nested_{self._depth}"
        await self.writer.execute(f"SAVEPOINT {name}")
        try:
            yield self.writer
        except BaseException:
            await self.writer.execute(f"ROLLBACK TO {name}")
            await self.writer.execute(f"RELEASE {name}")
            raise
        finally:
            self._depth -= 1
        await self.writer.execute(f"RELEASE {name}")


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
