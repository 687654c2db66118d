"""Shared fixtures: the real rules documents imported once per session into a real SQLite file,
and a fresh copy of that database for each test that needs an :class:`~bot.app.App`."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from bot.app import App
from bot.config import RULES_DIR, Settings
from bot.services.rules_import import import_rules
from bot.store.database import Database
from engine.games import resolve_game
from tests.database_files import copy_database
from tests.discord.fake_discord import FakeDiscord, open_fake_discord

# Property tests draw their examples by profile (HYPOTHESIS_PROFILE): `ci`, the default and what `make
# test` runs, draws the same examples every run (derandomized, no example database), so a commit passes
# or fails the same way on every machine and a failure is reproduced by running it again; `check`
# (`make check`, the fast tier) is `ci` with a quarter of the examples; `dev` draws
# new examples each run and replays the failures it found; `fuzz` (`make fuzz`) draws new examples too,
# ten times as many, for a long sweep on purpose. A test never names its own number of examples: it
# takes a share of the profile's by what one example costs (tests/property_costs.py).
hypothesis_settings.register_profile(
    "ci", max_examples=100, derandomize=True, database=None, deadline=None, print_blob=True
)
hypothesis_settings.register_profile(
    "check", max_examples=25, derandomize=True, database=None, deadline=None, print_blob=True
)
hypothesis_settings.register_profile("dev", max_examples=100, deadline=None)
hypothesis_settings.register_profile("fuzz", max_examples=1_000, deadline=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The four games' scenario tests share one harness, and the console card text tests one table; their
# asserts are rewritten so that a failing test shows the values it compared. Registered here, before any
# test module can import them.
pytest.register_assert_rewrite("tests.engine.match.games.harness", "tests.bot.console_table")


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


CARDDATA = Path(__file__).resolve().parents[1].parent / "shared" / "carddata"
CARD_DATA_SETS = (
    ("forceofwill", "fowsim", "fowsim-cards.json"),
    ("duelmasters", "dm-tcg", "dm-tcg-cards.json"),
    ("duelmasters", "dm-cockatrice", "dm-ocg-cards.csv"),
    ("vanguard", "cfv-d", "cfv-d-cards.json"),
)


@pytest.fixture(scope="session")
def carddata() -> Path:
    """The public card data sets beside the project (CI has them); tests skip without them."""
    if not CARDDATA.is_dir():
        pytest.skip(f"the public card data sets are not at {CARDDATA}; see shared/carddata/README.md")
    return CARDDATA


@pytest.fixture(scope="session")
def cards_db(
    tmp_path_factory: pytest.TempPathFactory, imported_db: Path, rules_dir: Path, carddata: Path
) -> Path:
    """The rules database plus every public card data set, imported once per session."""
    path = copy_database(imported_db, tmp_path_factory.mktemp("cards") / "cards.sqlite3")

    async def build() -> None:
        app = await App.open(
            Settings(database_path=path, rules_dir=rules_dir, _env_file=None)  # type: ignore[call-arg]
        )
        try:
            for game, format_name, filename in CARD_DATA_SETS:
                await app.cards.import_path(resolve_game(game), format_name, carddata / filename)
        finally:
            await app.close()

    asyncio.run(build())
    return path


@pytest.fixture
async def cards_app(tmp_path: Path, cards_db: Path, rules_dir: Path) -> AsyncIterator[App]:
    """An app over a fresh copy of the database with all card data imported."""
    settings = Settings(
        database_path=copy_database(cards_db, tmp_path / "cards.sqlite3"),
        rules_dir=rules_dir,
        _env_file=None,  # type: ignore[call-arg]
    )
    opened = await App.open(settings)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def settings(tmp_path: Path, imported_db: Path, rules_dir: Path) -> Settings:
    return Settings(
        discord_token=None,
        database_path=copy_database(imported_db, tmp_path / "arbiter.sqlite3"),
        rules_dir=rules_dir,
        _env_file=None,  # type: ignore[call-arg]
    )


@pytest.fixture
def _app_before_discord(request: pytest.FixtureRequest) -> None:
    """A test's App, if it has one, is opened before its fake Discord and closed after it: the bots
    close first (their last match edits read the database), as the real bot closes before its App."""
    if "app" in request.fixturenames:
        request.getfixturevalue("app")


@pytest.fixture
async def fake_discord(
    _app_before_discord: None, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[FakeDiscord]:
    """The offline Discord (:func:`tests.discord.fake_discord.open_fake_discord`): teardown settles
    pending work, closes every bot started on it and fails the test on swallowed errors, limit
    violations and unanswered interactions."""
    async with open_fake_discord(monkeypatch) as fake:
        yield fake


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[App]:
    opened = await App.open(settings)
    try:
        yield opened
    finally:
        await opened.close()
