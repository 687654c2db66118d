"""Which message shows which panel, and closed DMs, on a real SQLite file: recorded, moved, found again
by a second connection (a restart), and versions only move forward."""

from __future__ import annotations

import random

from bot.app import App
from bot.store.database import Database
from bot.store.panel_repo import PUBLIC, PanelMessage, PanelRepository
from engine.match.games import game_definition


async def _match(app: App) -> int:
    definition = game_definition("gateruler")
    decks = [definition.random_deck(random.Random(n)) for n in (1, 2)]
    match_id, _ = await app.matches.create(definition.spec, ["Ann", "Ben"], decks)
    return match_id


async def test_panel_messages_survive_a_restart(app: App) -> None:
    repo = PanelRepository(app.db)
    for _ in range(7):
        await _match(app)
    await repo.record(PanelMessage(7, "board", PUBLIC, 100, 1000, 3))
    await repo.record(PanelMessage(7, "hand", 0, 200, 2000, 3))
    await repo.record(PanelMessage(7, "hand", 0, 201, 2001, 4))  # the DM panel was sent again
    await repo.shown(7, 9, "board")
    await repo.shown(7, 5, "board")  # an older edit does not move it back
    second = await Database.open(app.db.path)
    try:
        found = await PanelRepository(second).panels(7)
    finally:
        await second.close()
    assert found == [PanelMessage(7, "board", PUBLIC, 100, 1000, 9), PanelMessage(7, "hand", 0, 201, 2001, 4)]
    assert await repo.panels(8) == []


async def test_closed_dms_are_recorded_once_and_cleared(app: App) -> None:
    repo = PanelRepository(app.db)
    assert not await repo.dm_closed(5)
    await repo.set_dm_closed(5, True)
    await repo.set_dm_closed(5, True)
    assert await repo.dm_closed(5) and not await repo.dm_closed(6)
    await repo.set_dm_closed(5, False)
    assert not await repo.dm_closed(5)
