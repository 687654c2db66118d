"""Saved searches (the pages behind Prev/Next) over real SQLite files: a card search keeps its server
in a column of its own (migration 7), a database saved at schema 6 (the server in ``edition``) is
converted, and the buttons of a search saved before the upgrade still page it in its server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import actions
from bot.app import App
from bot.config import Settings
from bot.render.panel import Target
from bot.reply import Kind
from bot.store.database import Database
from bot.store.migrations import MIGRATIONS
from bot.store.settings_repo import SettingsRepository
from engine.games import GAMES

SERVER = 1_200_000_000_000_000_900
CARD_SEARCH = 7


async def _at_schema_6(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as Arbiter left it at schema 6 (built by the same migration code, stopped at 6),
    with the saved searches it wrote then: a rules search with its edition, card searches with their
    server (or none) in ``edition``."""
    with monkeypatch.context() as patch:
        patch.setattr("bot.store.database.MIGRATIONS", MIGRATIONS[:6])
        db = await Database.open(path)
    try:
        assert await db.schema_version() == 6
        async with db.transaction() as conn:
            await conn.executemany(
                "INSERT INTO saved_searches (id, game, edition, query, kind) VALUES (?, ?, ?, ?, ?)",
                [
                    (3, "vanguard", "2024-05", "critical", "rules"),
                    (CARD_SEARCH, "gateruler", str(SERVER), "text:ours", "cards"),
                    (8, "gateruler", None, "atk>1", "cards"),
                ],
            )
    finally:
        await db.close()


async def _rows(db: Database) -> list[tuple[object, ...]]:
    async with db.connection.execute(
        "SELECT id, game, edition, query, kind, guild_id FROM saved_searches ORDER BY id"
    ) as cursor:
        return [tuple(r) for r in await cursor.fetchall()]


async def test_migration_7_moves_a_card_searchs_server_to_its_own_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "schema6.sqlite3"
    await _at_schema_6(path, monkeypatch)
    db = await Database.open(path)
    try:
        assert await db.schema_version() == len(MIGRATIONS) >= 7
        assert await _rows(db) == [
            (3, "vanguard", "2024-05", "critical", "rules", None),
            (CARD_SEARCH, "gateruler", None, "text:ours", "cards", SERVER),
            (8, "gateruler", None, "atk>1", "cards", None),
        ]
        repo = SettingsRepository(db)
        assert await repo.saved_search(3) == ("vanguard", "2024-05", "critical")
        assert await repo.saved_card_search(CARD_SEARCH) == ("gateruler", SERVER, "text:ours")
        assert await repo.saved_card_search(3) is None  # a rules search is not a card search
        # new card searches are saved the same way, the server in its column
        new = await repo.save_search("gateruler", None, "t:unit", kind="cards", guild_id=SERVER)
        assert await repo.saved_card_search(new) == ("gateruler", SERVER, "t:unit")
        outside = await repo.save_search("gateruler", None, "t:unit", kind="cards", guild_id=None)
        assert await repo.saved_card_search(outside) == ("gateruler", None, "t:unit")
    finally:
        await db.close()


async def test_a_search_saved_before_the_upgrade_still_pages_in_its_server(
    tmp_path: Path, rules_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "schema6.sqlite3"
    await _at_schema_6(path, monkeypatch)
    settings = Settings(database_path=path, rules_dir=rules_dir, _env_file=None)  # type: ignore[call-arg]
    app = await App.open(settings, import_documents=False)
    try:
        own = [{"code": f"H-{n}", "name": f"Home Knight {n:02}", "text": "Ours."} for n in range(12)]
        data = json.dumps({"cards": own}).encode()
        await app.cards.import_data(GAMES["gateruler"], "json", data, "own.json", guild_id=SERVER)
        page = Target("cards", 1, search_id=CARD_SEARCH)
        second = await actions.open_target(app, page, SERVER)
        assert second.kind is Kind.ANSWER and "12 cards found" in second.panel.body
        assert "Home Knight 10" in second.panel.body and "Home Knight 00" not in second.panel.body
        elsewhere = await actions.open_target(app, page, SERVER + 1)
        assert elsewhere.kind is Kind.REFUSAL and "Home Knight" not in elsewhere.panel.body
    finally:
        await app.close()
