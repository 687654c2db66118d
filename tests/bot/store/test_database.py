"""The SQLite store: pragmas, numbered migrations, transactions (real files, no mocks)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.store.database import Database, StoreBusyError
from bot.store.migrations import MIGRATIONS


async def test_new_database_is_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "sub" / "new.sqlite3")
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        async with db.connection.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with db.connection.execute("PRAGMA foreign_keys") as cursor:
            assert (await cursor.fetchone())[0] == 1
        async with db.connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
            tables = {row[0] for row in await cursor.fetchall()}
        assert {"documents", "rules", "rules_fts", "keywords", "guild_settings"} <= tables
    finally:
        await db.close()


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    first = await Database.open(path)
    async with first.transaction() as conn:
        await conn.execute("INSERT INTO guild_settings (guild_id, default_game) VALUES (1, 'vanguard')")
    await first.close()
    second = await Database.open(path)
    try:
        assert await second.schema_version() == len(MIGRATIONS)
        async with second.connection.execute("SELECT default_game FROM guild_settings") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == ["vanguard"]
    finally:
        await second.close()


async def test_a_newer_schema_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    db = await Database.open(path)
    await db.writer.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    await db.close()
    with pytest.raises(RuntimeError, match="newer than this Arbiter"):
        await Database.open(path)


async def test_a_failed_transaction_leaves_nothing_behind(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.sqlite3")
    try:
        with pytest.raises(ValueError, match="boom"):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO guild_settings (guild_id, default_game) VALUES (7, 'dm')")
                raise ValueError("boom")
        async with db.connection.execute("SELECT count(*) FROM guild_settings") as cursor:
            assert (await cursor.fetchone())[0] == 0
    finally:
        await db.close()


async def test_deleting_a_document_cascades_to_its_records(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "c.sqlite3")
    try:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO documents (id, game, kind, format, parser_version, filename, sha256, title)"
                " VALUES (1, 'vanguard', 'rules', 'vanguard-cr', 1, 'f.txt', 'x', 'T')"
            )
            await conn.execute(
                "INSERT INTO rules (id, document_id, rule_id, ord, depth, kind, text, examples, refs, line)"
                " VALUES (10, 1, '1.1', 0, 1, 'rule', 'text', '[]', '[]', 1)"
            )
            await conn.execute(
                "INSERT INTO rules_fts (rowid, title, body, keywords) VALUES (10, '', 'text', '')"
            )
        async with db.transaction() as conn:
            await conn.execute("DELETE FROM documents WHERE id = 1")
        for table in ("rules", "rules_fts"):
            async with db.connection.execute(f"SELECT count(*) FROM {table}") as cursor:
                assert (await cursor.fetchone())[0] == 0, table
    finally:
        await db.close()


async def test_concurrent_transactions_wait_for_each_other(tmp_path: Path) -> None:
    """Services share one writer: two tasks' transactions run one after the other, both commit."""
    db = await Database.open(tmp_path / "concurrent.sqlite3")
    try:
        async with db.transaction() as conn:
            await conn.execute("CREATE TABLE t (n INTEGER)")
        order: list[str] = []

        async def write(name: str, value: int) -> None:
            async with db.transaction() as conn:
                order.append(f"{name} begins")
                await conn.execute("INSERT INTO t VALUES (?)", (value,))
                await asyncio.sleep(0.01)
                order.append(f"{name} ends")

        await asyncio.gather(write("a", 1), write("b", 2))
        assert order == ["a begins", "a ends", "b begins", "b ends"]
        async with db.connection.execute("SELECT n FROM t ORDER BY n") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == [1, 2]
    finally:
        await db.close()


async def _table(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.execute("CREATE TABLE t (n INTEGER)")


def _other_process_commits(path: Path, value: int) -> None:
    """Another program (its own connection to the file) inserts a row and commits."""
    other = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        other.execute("INSERT INTO t VALUES (?)", (value,))
    finally:
        other.close()


async def test_a_write_begins_after_another_process_commits_during_a_read(tmp_path: Path) -> None:
    """The audit's minimal repro: a read in progress in this process, another process commits, then
    this process writes. With one shared connection the write failed at once ("database is locked":
    a stale snapshot cannot become a write); reads now run on their own connection."""
    path = tmp_path / "repro.sqlite3"
    db = await Database.open(path)
    try:
        await _table(db)
        async with db.transaction() as conn:
            await conn.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(100)])
        cursor = await db.connection.execute("SELECT n FROM t ORDER BY n")
        assert (await cursor.fetchone())[0] == 0  # a read in progress: its snapshot is open
        await asyncio.to_thread(_other_process_commits, path, 1000)
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO t VALUES (2000)")
        await cursor.close()
        assert [r[0] for r in await db.fetchall("SELECT n FROM t WHERE n >= 1000 ORDER BY n")] == [1000, 2000]
    finally:
        await db.close()


async def test_reads_outside_a_transaction_never_see_its_writes_before_commit(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "isolated.sqlite3")
    try:
        await _table(db)
        inside = asyncio.Event()
        release = asyncio.Event()

        async def writer() -> None:
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO t VALUES (1)")
                assert [r[0] for r in await db.fetchall("SELECT n FROM t")] == [1], "its own writes"
                inside.set()
                await release.wait()

        task = asyncio.create_task(writer())
        await inside.wait()
        assert await db.fetchall("SELECT n FROM t") == []
        assert db.in_transaction
        release.set()
        await task
        assert [r[0] for r in await db.fetchall("SELECT n FROM t")] == [1]
    finally:
        await db.close()


async def test_a_write_outside_a_transaction_is_refused(tmp_path: Path) -> None:
    """Every write goes through :meth:`Database.transaction`: the reader is read-only."""
    db = await Database.open(tmp_path / "readonly.sqlite3")
    try:
        await _table(db)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await db.connection.execute("INSERT INTO t VALUES (1)")
        assert await db.fetchall("SELECT n FROM t") == []
    finally:
        await db.close()


async def test_a_transaction_inside_a_transaction_is_a_savepoint(tmp_path: Path) -> None:
    """A use case makes one unit of several repositories' writes: an inner block that fails is
    undone alone; the outer one commits the rest, or undoes everything when it fails."""
    db = await Database.open(tmp_path / "nested.sqlite3")
    try:
        await _table(db)
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO t VALUES (1)")
            with pytest.raises(ValueError, match="inner"):
                async with db.transaction() as inner:
                    await inner.execute("INSERT INTO t VALUES (2)")
                    raise ValueError("inner")
            async with db.transaction() as inner:
                await inner.execute("INSERT INTO t VALUES (3)")
        assert [r[0] for r in await db.fetchall("SELECT n FROM t ORDER BY n")] == [1, 3]
        with pytest.raises(ValueError, match="outer"):
            async with db.transaction() as conn:
                async with db.transaction() as inner:
                    await inner.execute("INSERT INTO t VALUES (4)")
                raise ValueError("outer")
        assert [r[0] for r in await db.fetchall("SELECT n FROM t ORDER BY n")] == [1, 3]
    finally:
        await db.close()


def _hold_write_lock(path: Path, locked: threading.Event, release: threading.Event) -> None:
    other = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO t VALUES (-1)")
        locked.set()
        release.wait(10)
        other.execute("COMMIT")
    finally:
        other.close()


async def test_a_write_waits_for_another_process_then_commits(tmp_path: Path) -> None:
    path = tmp_path / "waits.sqlite3"
    db = await Database.open(path)
    try:
        await _table(db)
        locked, release = threading.Event(), threading.Event()
        holder = asyncio.create_task(asyncio.to_thread(_hold_write_lock, path, locked, release))
        await asyncio.to_thread(locked.wait, 5)

        async def write() -> None:
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO t VALUES (1)")

        waiting = asyncio.create_task(write())
        await asyncio.sleep(0.2)
        assert not waiting.done(), "the write waits for the other program's transaction"
        release.set()
        await holder
        await waiting
        assert [r[0] for r in await db.fetchall("SELECT n FROM t ORDER BY n")] == [-1, 1]
    finally:
        await db.close()


async def test_a_write_kept_waiting_past_the_timeout_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    db = await Database.open(path, busy_timeout=0.3)
    try:
        await _table(db)
        locked, release = threading.Event(), threading.Event()
        holder = asyncio.create_task(asyncio.to_thread(_hold_write_lock, path, locked, release))
        await asyncio.to_thread(locked.wait, 5)
        try:
            with pytest.raises(StoreBusyError, match="nothing changed"):
                async with db.transaction() as conn:
                    await conn.execute("INSERT INTO t VALUES (1)")
        finally:
            release.set()
            await holder
        assert not db.in_transaction
        assert [r[0] for r in await db.fetchall("SELECT n FROM t")] == [-1]
        async with db.transaction() as conn:  # the writer is usable again
            await conn.execute("INSERT INTO t VALUES (2)")
        assert [r[0] for r in await db.fetchall("SELECT n FROM t ORDER BY n")] == [-1, 2]
    finally:
        await db.close()
