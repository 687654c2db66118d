"""Cards imported by another process show without a restart: two processes on one real SQLite file,
``arbiter cards import`` in a subprocess while the bot's services (or a running console) keep
answering. The name index notices the change (``PRAGMA data_version``, then the game's import
generation) and is rebuilt beside the old one.

How soon is measured, not asserted: ``python -m bench card_reload`` times it beside a restart. The
bounds here only keep a broken watch from hanging the suite."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import time
from pathlib import Path

from bot.app import App
from bot.services.cards import CardMiss, CardView
from engine.games import GAMES

HANG_GUARD = 10.0
"""Seconds after which a change not yet seen counts as never seen."""
CYRUS = "Knight of Friendship, Cyrus"
_MAIN = "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))"


def _env(app: App) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_PATH": str(app.settings.database_path),
        "RULES_DIR": str(app.settings.rules_dir),
    }


async def _arbiter_elsewhere(app: App, *args: str) -> str:
    """Run ``arbiter ARGS`` in another process on the app's database; its output, once it exited 0."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _MAIN,
        *args,
        env=_env(app),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    return out.decode()


async def _import_in_another_process(app: App, carddata: Path) -> None:
    out = await _arbiter_elsewhere(
        app, "cards", "import", "vanguard", "cfv-d", str(carddata / "cfv-d-cards.json")
    )
    assert "393 cards read" in out, out


async def test_a_running_bot_sees_cards_another_process_imports(app: App, carddata: Path) -> None:
    vanguard = GAMES["vanguard"]
    before = await app.cards.get(vanguard, CYRUS)
    assert isinstance(before, CardMiss) and "No Cardfight!! Vanguard cards" in before.message
    await _import_in_another_process(app, carddata)
    started = time.monotonic()
    while not app.cards.autocomplete(vanguard, "knight of friendship"):  # memory only: never waits
        assert time.monotonic() - started < HANG_GUARD, "the import was never seen"
        await asyncio.sleep(0.02)
    assert app.cards.autocomplete(vanguard, "knight of friendship")[0].name == CYRUS
    found = await app.cards.get(vanguard, CYRUS)
    assert isinstance(found, CardView) and found.stored.card.code == "D-SD04 008"


async def test_a_lookup_sees_the_import_even_when_nothing_watched(app: App, carddata: Path) -> None:
    """The console reads its input with a blocking read, so no background check runs between two
    commands: the lookup itself notices the change and waits (at most a second) for the rebuild."""
    await app.cards.close()  # no watcher, as in a console waiting for its next line
    vanguard = GAMES["vanguard"]
    await _import_in_another_process(app, carddata)
    found = await app.cards.get(vanguard, "knight of frendship cyrus")
    assert isinstance(found, CardView) and found.stored.card.name == CYRUS
    decks = await app.cards.deck_lookup(vanguard, [CYRUS])
    assert decks is not None and decks[CYRUS].code == "D-SD04 008"


async def test_other_writes_by_another_process_rebuild_nothing(app: App) -> None:
    await app.cards.close()
    other = sqlite3.connect(app.settings.database_path)
    try:
        with other:
            other.execute("INSERT INTO guild_settings (guild_id, default_game) VALUES (42, 'vanguard')")
    finally:
        other.close()
    assert await app.cards.refresh() == set()


async def test_a_running_console_sees_the_import_without_a_restart(app: App, carddata: Path) -> None:
    console = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _MAIN,
        "console",
        env=_env(app),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert console.stdin is not None and console.stdout is not None

    async def ask(line: str, expect: str) -> str:
        assert console.stdin is not None and console.stdout is not None
        console.stdin.write(line.encode() + b"\n")
        await console.stdin.drain()
        seen = ""
        while expect not in seen:
            seen += (await asyncio.wait_for(console.stdout.readline(), 30)).decode()
        return seen

    try:
        await ask(f'/card vanguard "{CYRUS}"', "No Cardfight!! Vanguard cards are imported yet")
        await _import_in_another_process(app, carddata)
        answer = await ask(f'/card vanguard "{CYRUS}"', "D-SD04 008")
        assert CYRUS in answer
    finally:
        if console.returncode is None:
            console.stdin.close()
            await asyncio.wait_for(console.wait(), 30)


async def test_an_alias_set_by_another_process_is_seen(app: App) -> None:
    gate = GAMES["gateruler"]
    assert isinstance(await app.cards.get(gate, "vabby"), CardMiss)
    out = await _arbiter_elsewhere(
        app, "cards", "alias", "gateruler", "vabby", "Vabelcion, the Battle-Forged"
    )
    assert "now finds Vabelcion" in out
    started = time.monotonic()
    while not app.cards.autocomplete(gate, "vabby"):
        assert time.monotonic() - started < HANG_GUARD, "the alias was never seen"
        await asyncio.sleep(0.02)
    found = await app.cards.get(gate, "vabby")
    assert isinstance(found, CardView) and found.stored.card.name == "Vabelcion, the Battle-Forged"
