"""Shared fixtures: the real rules documents imported once per session into a real SQLite file,
and a fresh copy of that database for each test that needs an :class:`~bot.app.App`."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import App
from bot.config import RULES_DIR, Settings
from bot.services.rules_import import import_rules
from bot.store.database import Database
from tests.discord.fake_discord import fake_discord  # noqa: F401  (pytest fixture)


@pytest.fixture(scope="session")
def rules_dir() -> Path:
    return RULES_DIR


@pytest.fixture(scope="session")
def imported_db(tmp_path_factory: pytest.TempPathFactory, rules_dir: Path) -> Path:
    """A database with every bundled document imported (built once per test session)."""
    path = tmp_path_factory.mktemp("template") / "arbiter.sqlite3"

    async def build() -> None:
        db = await Database.open(path)
        try:
            report = await import_rules(db, rules_dir)
            assert not report.failed, report.summary()
        finally:
            await db.close()

    asyncio.run(build())
    return path


def copy_database(source: Path, target: Path) -> Path:
    """Copy a database file (WAL checkpointed at close, so the main file is complete)."""
    shutil.copyfile(source, target)
    return target


@pytest.fixture
def settings(tmp_path: Path, imported_db: Path, rules_dir: Path) -> Settings:
    return Settings(
        discord_token=None,
        database_path=copy_database(imported_db, tmp_path / "arbiter.sqlite3"),
        rules_dir=rules_dir,
        _env_file=None,  # type: ignore[call-arg]
    )


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[App]:
    opened = await App.open(settings)
    try:
        yield opened
    finally:
        await opened.close()
