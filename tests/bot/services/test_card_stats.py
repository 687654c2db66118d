"""``arbiter cards stats``: how many cards, printings and sets each game has and where they came
from, over the real public data sets in a real SQLite file; and ``cards search GAME ''`` says where
to count instead."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.app import App
from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[3]


def _arbiter(app: App, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args, "--db", str(app.settings.database_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_stats_count_cards_printings_sets_and_sources(cards_app: App) -> None:
    dm, fow, vanguard, gate = [
        (await cards_app.cards.stats(GAMES[key]))[0]
        for key in ("duelmasters", "forceofwill", "vanguard", "gateruler")
    ]
    assert dm.printings == 1152 + 3333 and dm.cards < dm.printings
    assert [(s.format, s.records) for s in dm.sources] == [("dm-tcg", 1152), ("dm-cockatrice", 3333)]
    assert fow.printings == 5017 and fow.cards < fow.printings and fow.sets > 50
    assert vanguard.printings == 393 and [s.source_name for s in vanguard.sources] == ["cfv-d-cards.json"]
    assert gate.cards == gate.printings == 55 and gate.sources[0].format == "gateruler-set3"
    every = await cards_app.cards.stats()
    assert [s.game for s in every] == list(GAMES)
    async with cards_app.db.connection.execute(
        "SELECT count(DISTINCT norm_name), count(DISTINCT lower(set_code)) FROM cards"
        " WHERE game = 'duelmasters' AND guild_id = 0"
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None and (dm.cards, dm.sets) == (row[0], row[1])


async def test_the_cli_prints_stats_and_points_an_empty_search_to_them(cards_app: App) -> None:
    shown = _arbiter(cards_app, "cards", "stats")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    dm = (await cards_app.cards.stats(GAMES["duelmasters"]))[0]
    assert f"Duel Masters: {dm.cards:,} cards, 4,485 printings, {dm.sets:,} sets." in lines
    assert len([line for line in lines if not line.startswith(" ")]) == len(GAMES)
    assert any("dm-ocg-cards.csv (dm-cockatrice): 3,333 records, last imported 20" in line for line in lines)
    as_json = json.loads(_arbiter(cards_app, "cards", "stats", "fow", "--json").stdout)
    assert as_json[0]["game"] == "forceofwill" and as_json[0]["printings"] == 5017
    empty = _arbiter(cards_app, "cards", "search", "dm", "")
    assert empty.returncode == 2 and "arbiter cards stats duelmasters" in empty.stderr
    unknown = _arbiter(cards_app, "cards", "stats", "pokemon")
    assert unknown.returncode != 0 and "Traceback" not in unknown.stderr and unknown.stderr.strip()
