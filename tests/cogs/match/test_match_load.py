"""Matches on Discord while other processes write to the same database file (the reliability audit's
load test): eight matches of the four games played through the fake wire, with real discord.py and a
real App, while ``arbiter cards import`` imports 20,000 cards again and again in another process and a
second bot process plays matches of its own.

What must hold: nothing is logged as an error and every press is answered (the fixture's check);
every press either moved its match on by one action, stored with its clock step (the clock runs for
the seat the game now waits for), or was refused with one sentence and changed nothing; both other
processes end without an error; and at the end every board and DM panel shows its match's newest
state.

The machine's speed under three busy processes is not what is measured: Discord's three seconds for a
first response are tested elsewhere, and are stretched here (a slow machine answers late, not never).
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from bench.two_process_bench import card_file
from bot.actions import match_tables as mt
from bot.app import App
from bot.client import ArbiterBot
from bot.render import match as mr
from bot.render.layout import texts as layout_texts
from cogs.match.components import board_layout, seat_layout
from cogs.match.places import reads
from engine.match.simulate import game_seed
from engine.match.view import view, waiting_for
from tests.bot.console_player import next_move
from tests.cogs.match.discord_player import dm_panel, drain, quick, take_on_discord
from tests.discord.fake_discord import (
    CHANNEL_ID,
    GUILD_ID,
    FakeDiscord,
    InteractionResult,
    message_text,
    start_bot,
    walk_components,
)

pytestmark = pytest.mark.slow

CARDS = 20_000
MOVES = 30
"""Presses per match (fewer when the match ends first)."""
GAMES = ("duelmasters", "vanguard", "forceofwill", "gateruler") * 2
FIRST = {"forceofwill": "fow_mulligan", "vanguard": "vg_redraw"}
USERS = [1_400_000_000_000_000_000 + n for n in range(2 * len(GAMES))]


class Importer:
    """``arbiter cards import`` in another process, one import after another (two files, so that every
    other import changes all 20,000 cards), until stopped."""

    def __init__(self, env: dict[str, str], files: tuple[Path, Path]) -> None:
        self.env = env
        self.files = files
        self.runs: list[tuple[int, str]] = []
        self._stop = asyncio.Event()

    async def run(self) -> None:
        n = 0
        while not self._stop.is_set() or not self.runs:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))",
                "cards",
                "import",
                "gateruler",
                "json",
                str(self.files[n % 2]),
                env=self.env,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
            )
            out, _ = await process.communicate()
            self.runs.append((process.returncode or 0, out.decode(errors="replace")[-2000:]))
            n += 1

    def stop(self) -> None:
        self._stop.set()


def _variant(path: Path, source: Path) -> Path:
    """The generated card file with every card's text changed (a re-import updates each card)."""
    data = json.loads(source.read_text(encoding="utf-8"))
    for card in data["cards"]:
        card["text"] += " Then discard a card."
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _last_result(fake: FakeDiscord, user: int) -> InteractionResult:
    return max((r for r in fake.interactions.values() if r.user_id == user), key=lambda r: r.id)


def _said(result: InteractionResult) -> str:
    return result.text.strip()


async def _start(fake: FakeDiscord, app: App, number: int, game: str) -> tuple[int, dict[int, int]]:
    """Users ``2n`` and ``2n+1`` play ``game``: a challenge, then its Accept button."""
    first, second = USERS[2 * number], USERS[2 * number + 1]
    app.challenges.randomness = lambda: random.Random(100 + number)
    app.challenges.match_seed = lambda: game_seed(number, 1)
    made = await fake.run_slash("match challenge", user_id=first, game=game, opponent=second)
    accept = next(c for c in made.custom_ids if c.startswith("mc:a:"))
    accepted = await fake.press(made.message_id or 0, accept, user_id=second)
    assert "begins" in accepted.content, accepted.describe()
    match_id = max(c.match_id or 0 for c in await app.challenges.repo.challenges(GUILD_ID, ("accepted",)))
    return match_id, {0: first, 1: second}


async def _play(
    fake: FakeDiscord, app: App, match_id: int, users: dict[int, int], rng: random.Random
) -> Counter[str]:
    """Up to :data:`MOVES` presses of the random player's moves; each one checked as it lands."""
    outcomes: Counter[str] = Counter()
    setup: set[int] = set()
    state = await app.matches.state(match_id)
    game = state.match.spec.key
    for _ in range(MOVES):
        if state.status != "playing":
            break
        action = next_move(state, game, rng, setup, FIRST.get(game))
        await take_on_discord(fake, match_id, users, state, action)
        user = users[action.actor]
        await drain(fake)  # the panels show the new state before the next press, as a player sees them
        after = await app.matches.state(match_id)
        if after.version > state.version:  # the press, and the passes the match made after it
            assert after.version == state.version + 1 or after.last_action.auto  # type: ignore[union-attr]
            info = await app.clock.info(match_id)
            running = waiting_for(view(after, None)) if after.status == "playing" else None
            assert info is not None and info.running == running, (match_id, after.version, info)
            outcomes["applied"] += 1
        else:
            assert after.version == state.version, (match_id, state.version, after.version)
            assert _said(_last_result(fake, user)), "a refused press is told why"
            outcomes["refused"] += 1
        state = after
    return outcomes


async def test_matches_on_discord_while_other_processes_write(
    fake_discord: FakeDiscord, app: App, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.settle = functools.partial(FakeDiscord.settle, fake, timeout=120.0)  # type: ignore[method-assign]
    fake.response_deadline = 30.0
    app.clock.now = lambda: 1_000_000.0  # the boards quote the clock: a still one, to compare them
    bot = await start_bot(fake, ArbiterBot(app))
    quick(bot)
    for n, user in enumerate(USERS):
        fake.add_user(user, f"player{n}")
    matches = [await _start(fake, app, n, game) for n, game in enumerate(GAMES)]

    source = card_file(tmp_path / "cards.json", CARDS)
    env = {
        **os.environ,
        "DATABASE_PATH": str(app.settings.database_path),
        "RULES_DIR": str(app.settings.rules_dir),
    }
    importer = Importer(env, (source, _variant(tmp_path / "cards-2.json", source)))
    stop = tmp_path / "stop"
    second = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.second_bot_worker",
        str(app.settings.database_path),
        str(app.settings.rules_dir),
        str(stop),
        "7",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    importing = asyncio.create_task(importer.run())
    try:
        played = await asyncio.gather(
            *(_play(fake, app, match_id, users, random.Random(match_id)) for match_id, users in matches)
        )
    finally:
        importer.stop()
        stop.touch()
        out, err = await second.communicate()
        await importing
    await drain(fake)

    totals: Counter[str] = sum(played, Counter())
    assert totals["applied"] >= len(GAMES) * MOVES // 2, totals
    assert all(code == 0 for code, _ in importer.runs), importer.runs
    assert "20000 cards read" in importer.runs[0][1], importer.runs[0][1]
    assert second.returncode == 0, (out.decode()[-3000:], err.decode()[-3000:])
    worker = json.loads(out.decode().strip().splitlines()[-1])
    assert worker["stored"] > 0 and not worker["errors"], worker
    print(f"presses {dict(totals)}, imports {len(importer.runs)}, second bot {worker}")

    for match_id, users in matches:
        state = await app.matches.state(match_id)
        thread = next(
            int(c["id"])
            for c in fake.channels.values()
            if c.get("parent_id") == str(CHANNEL_ID) and c.get("name", "").endswith(f"#{match_id}")
        )
        board = next(m for m in fake.messages_in(thread) if m["components"])
        expected = list(layout_texts(board_layout(await mt.board(app, match_id), match_id)))
        shown = [c["content"] for c in walk_components(board["components"]) if c.get("type") == 10]
        assert shown == expected, match_id
        places = await fake.bots[-1].match_places.places(match_id)  # type: ignore[attr-defined]
        for seat, user in users.items():
            panel = await places.seat(seat)
            if re.search(rf"as of action {state.version}\b", message_text(dm_panel(fake, user))):
                continue
            # Not edited since: the player only waits, and the panel reads as the current one would.
            assert panel.result is None and mr.waits(panel.view, seat, panel.offers), (match_id, user)
            now = seat_layout(panel, where=f" · board: <#{thread}>")
            shown = [
                c["content"]
                for c in walk_components(dm_panel(fake, user)["components"])
                if c.get("type") == 10
            ]
            assert [reads(text) for text in shown] == [reads(text) for text in layout_texts(now)], (
                match_id,
                user,
            )
    assert await app.cards.repo.count("gateruler") >= CARDS
    # Nothing is logged as an error and every press was answered: the fixture's check at teardown.
