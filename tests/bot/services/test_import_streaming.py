"""Card imports through the service on a real SQLite file: the file is read a chunk of records at a
time, each chunk staged in a short transaction (new cards as hidden cards, changed ones in the staging
tables), then swapped in by one transaction: all or nothing, for the user and for every reader."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import App
from bot.config import Settings
from bot.services import cards as cards_service
from bot.services.cards import CardMiss, CardView
from bot.store.cards_repo import pending_scope
from engine.cards.importers import FORMATS
from engine.errors import ArbiterError
from engine.games import GAMES
from tests.database_files import copy_database
from tests.property_costs import SERVICE

GATE = GAMES["gateruler"]


def _card(n: int, text: str) -> dict[str, Any]:
    return {"code": f"ST-{n:03d}", "name": f"Stream Knight {n}", "types": ["Unit"], "text": text}


def _file(cards: list[dict[str, Any]]) -> bytes:
    return json.dumps({"format": "arbiter-cards/1", "game": "gateruler", "cards": cards}, indent=1).encode()


FIRST = _file([_card(n, f"Old text {n}.") for n in range(30)])
SECOND = _file(
    [_card(n, f"Old text {n}.") for n in range(15)]  # stored exactly so
    + [_card(n, f"Brand new wording {n}.") for n in range(15, 30)]  # changed
    + [_card(n, f"Fresh card {n}.") for n in range(30, 40)]  # new
)

TABLES = ("cards", "card_values", "card_aliases", "card_imports", "card_staging", "card_staging_values")


async def _state(app: App) -> list[tuple[object, ...]]:
    """Every row an import may touch, the search index's included."""
    rows: list[tuple[object, ...]] = []
    for table in TABLES:
        async with app.db.connection.execute(f"SELECT * FROM {table} ORDER BY rowid") as cursor:
            rows.extend((table, *r) for r in await cursor.fetchall())
    async with app.db.connection.execute("SELECT rowid, name, text FROM cards_fts ORDER BY rowid") as cursor:
        rows.extend(("cards_fts", *r) for r in await cursor.fetchall())
    return rows


@pytest.fixture(scope="module")
def runner(imported_db: Path, rules_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """An app with ``FIRST`` imported, on its own event loop (the property test drives it)."""
    loop = asyncio.new_event_loop()
    path = copy_database(imported_db, tmp_path_factory.mktemp("streaming") / "db.sqlite3")
    app = loop.run_until_complete(
        App.open(Settings(database_path=path, rules_dir=rules_dir, _env_file=None))  # type: ignore[call-arg]
    )
    loop.run_until_complete(app.cards.import_data(GATE, "json", FIRST, "first.json"))
    yield loop, app
    loop.run_until_complete(app.close())
    loop.close()


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(SECOND) - 2), chunk=st.sampled_from([4, 250]))
def test_any_truncation_is_refused_and_changes_nothing(runner: Any, cut: int, chunk: int) -> None:
    """Cut anywhere (the closing bracket at least), with several chunks staged before the cut or
    none: refused with one sentence, and every table is as it was."""
    loop, app = runner
    before = loop.run_until_complete(_state(app))
    with (
        patch.object(cards_service, "STAGE_CHUNK", chunk),
        patch.object(cards_service, "IMPORT_PAUSE", 0),
        pytest.raises(ArbiterError) as caught,
    ):
        loop.run_until_complete(app.cards.import_data(GATE, "json", SECOND[:cut], "second.json"))
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message
    assert loop.run_until_complete(_state(app)) == before


def test_a_bad_last_record_after_staged_chunks_changes_nothing(runner: Any) -> None:
    loop, app = runner
    before = loop.run_until_complete(_state(app))
    cards = json.loads(SECOND)["cards"]
    cards.append({"code": "ST-999", "name": "Broken", "stats": {"atk": "lots"}})
    with patch.object(cards_service, "STAGE_CHUNK", 5), pytest.raises(ArbiterError) as caught:
        loop.run_until_complete(app.cards.import_data(GATE, "json", _file(cards), "second.json"))
    assert str(caught.value) == "record 41 (code 'ST-999'), field stats.atk: 'lots' is not a whole number."
    assert loop.run_until_complete(_state(app)) == before


async def _ids(app: App) -> dict[str, int]:
    async with app.db.connection.execute("SELECT code, id FROM cards WHERE code LIKE 'ST-%'") as cursor:
        return {str(code): int(card_id) for code, card_id in await cursor.fetchall()}


async def test_an_import_adds_updates_and_leaves_alone(app: App) -> None:
    first = await app.cards.import_data(GATE, "json", FIRST, "first.json")
    assert (first.records, first.added, first.updated) == (30, 30, 0)
    ids = await _ids(app)
    with patch.object(cards_service, "STAGE_CHUNK", 7):
        second = await app.cards.import_data(GATE, "json", SECOND, "first.json")
    assert (second.records, second.added, second.updated) == (40, 10, 30)
    after = await _ids(app)
    assert {code: after[code] for code in ids} == ids  # the stored cards keep their ids
    changed = await app.cards.get(GATE, "Stream Knight 20")
    assert isinstance(changed, CardView) and changed.stored.card.text == "Brand new wording 20."
    assert (await app.cards.search(GATE, '"brand new wording"')).total == 15
    assert (await app.cards.search(GATE, '"old text"')).total == 15
    assert (await app.cards.search(GATE, '"fresh card"')).total == 10
    assert (await app.cards.search(GATE, "t:unit")).total >= 40


async def test_the_same_file_again_writes_no_card(app: App) -> None:
    await app.cards.import_data(GATE, "json", FIRST, "first.json")
    async with app.db.connection.execute("SELECT * FROM cards ORDER BY id") as cursor:
        before = await cursor.fetchall()
    again = await app.cards.import_data(GATE, "json", FIRST, "first.json")
    assert (again.added, again.updated) == (0, 30)
    async with app.db.connection.execute("SELECT * FROM cards ORDER BY id") as cursor:
        assert await cursor.fetchall() == before  # not even updated_at: nothing was rewritten


async def test_hidden_cards_are_seen_by_no_reader_until_the_swap(app: App) -> None:
    cards = FORMATS["json"].parse(FIRST, game="gateruler", source_name="first.json")
    repo = app.cards.repo
    before = await repo.count("gateruler")
    assert await repo.stage(77, 0, cards, "json:first.json", 0) == 0
    async with app.db.connection.execute(
        "SELECT count(*) FROM cards WHERE guild_id = ?", (pending_scope(77),)
    ) as cursor:
        assert (await cursor.fetchone())[0] == 30  # written, hidden
    assert await repo.count("gateruler") == before
    assert await repo.count("gateruler", 5) == before
    assert (await app.cards.search(GATE, '"old text"')).total == 0
    assert not [row for row in await repo.name_rows("gateruler") if row[1].startswith("Stream")]
    await app.cards.load("gateruler")
    assert isinstance(await app.cards.get(GATE, "Stream Knight 3"), CardMiss)
    async with app.db.transaction():
        assert await repo.apply_staged(77, "gateruler", 0) == (30, 0)
    await repo.drop_staged(77, "gateruler")
    await app.cards.load("gateruler")
    assert await repo.count("gateruler") == before + 30
    assert (await app.cards.search(GATE, '"old text"')).total == 30
    assert isinstance(await app.cards.get(GATE, "Stream Knight 3"), CardView)


async def test_cards_another_import_stored_meanwhile_are_updated_not_duplicated(app: App) -> None:
    cards = FORMATS["json"].parse(SECOND, game="gateruler", source_name="second.json")
    repo = app.cards.repo
    await repo.stage(88, 0, cards, "json:second.json", 0)  # all 40 hidden: none is stored yet
    await app.cards.import_data(GATE, "json", FIRST, "first.json")  # meanwhile: 30 of the codes
    ids = await _ids(app)
    async with app.db.transaction():
        assert await repo.apply_staged(88, "gateruler", 0) == (10, 30)
    await repo.drop_staged(88, "gateruler")
    after = await _ids(app)
    assert len(after) == 40 and {code: after[code] for code in ids} == ids
    async with app.db.connection.execute("SELECT count(*) FROM cards WHERE guild_id < 0") as cursor:
        assert (await cursor.fetchone())[0] == 0
    assert (await app.cards.search(GATE, '"brand new wording"')).total == 15
    async with app.db.connection.execute(
        "SELECT count(*) FROM card_values v JOIN cards c ON c.id = v.card_id WHERE c.code = 'ST-020'"
    ) as cursor:
        assert (await cursor.fetchone())[0] > 0


async def test_what_a_dead_import_left_is_dropped_after_a_day(app: App) -> None:
    cards = FORMATS["json"].parse(SECOND, game="gateruler", source_name="second.json")
    await app.cards.import_data(GATE, "json", FIRST, "first.json")
    before = await _state(app)
    await app.cards.repo.stage(99, 0, cards, "json:second.json", 0)
    assert await _state(app) != before
    await app.cards.repo.drop_staged()  # younger than a day: an import may still be running
    assert await _state(app) != before
    day_ago = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-2 days')"
    async with app.db.transaction() as conn:
        await conn.execute(f"UPDATE card_staging SET staged_at = {day_ago}")
        await conn.execute(f"UPDATE cards SET updated_at = {day_ago} WHERE guild_id < 0")
    with patch("bot.store.cards_repo.DROP_PIECE", 3):
        await app.cards.repo.drop_staged()
    assert await _state(app) == before
