"""The SQLite store: pragmas, numbered migrations, transactions (real files, no mocks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store.database import Database
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
    await first.connection.execute(
        "INSERT INTO guild_settings (guild_id, default_game) VALUES (1, 'vanguard')"
    )
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
    await db.connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
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
    """Services share one connection: two tasks' transactions run one after the other, both commit."""
    import asyncio

    db = await Database.open(tmp_path / "concurrent.sqlite3")
    try:
        await db.connection.execute("CREATE TABLE t (n INTEGER)")
        await db.connection.commit()
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
