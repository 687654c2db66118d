"""Two processes on one database: the bot's writes (match actions through ``MatchService``, tournament
reports through ``TournamentService``) while another process imports 20,000 cards (``arbiter cards
import``, a generated JSON file), beside the same writes with no import running (the baseline),
measured in the same run: count, p50, p95 and max latency, and failures. Then the peak memory of the
importing process for a 125,000-card file beside a 1,000-card one (the baseline: what the process
holds whatever the file).

The importing process is this module run as ``python -m bench.two_process_bench child DB RULES FILE``;
it prints ``importing`` when its import starts and its peak resident memory when it ends."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.match_store_bench import _valid
from bench.stats import percentile
from bot.app import App
from bot.config import RULES_DIR, Settings
from bot.services.tournaments import Actor
from engine.games import GAMES
from tests.engine.match.demo import DEMO_SPEC, demo_decks

CARDS = 20_000
MEMORY_CARDS = (1_000, 125_000)
BASELINE_SECONDS = 8.0
PAUSE = 0.02
"""Seconds the bot's process waits between two of its writes."""
GUILD = 4242
SEED = 20261121


def card_file(path: Path, count: int) -> Path:
    """A generated Arbiter JSON card file of ``count`` Gate Ruler cards (about 180 bytes each),
    written a card at a time."""
    with path.open("w", encoding="utf-8") as handle:
        handle.write('{"format": "arbiter-cards/1", "game": "gateruler", "cards": [')
        for i in range(count):
            card = {
                "code": f"GEN-{i:06d}",
                "name": f"Generated Knight {i}",
                "types": ["Unit"],
                "cost": str(i % 7),
                "stats": {"level": i % 5, "atk": i % 9, "hp": 1 + i % 4},
                "text": f"When this enters, draw {i % 3} cards.",
                "keywords": ["Deadly"],
            }
            handle.write(("," if i else "") + json.dumps(card, separators=(",", ":")))
        handle.write("]}\n")
    return path


@dataclass
class Writes:
    """Latencies (ms) and failures of the bot's writes in one phase."""

    actions: list[float] = field(default_factory=list)
    reports: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


class Bot:
    """The bot's process: one match and one tournament round to write to."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rng = random.Random(SEED)
        self.match_id = 0
        self.event_id = 0
        self.reporters: list[str] = []
        self.n = 0

    async def prepare(self) -> None:
        self.match_id, _ = await self.app.matches.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks(size=40))
        service = self.app.tournaments
        organizer = Actor("organizer", GUILD, is_organizer=True)
        event = await service.create_event(organizer, "Bench event", "vanguard")
        for number in range(1, 17):
            await service.register(Actor(f"{1000 + number}", GUILD), event.id, f"Player {number:02d}")
        await service.start_event(organizer, event.id)
        round_info = await service.pair_next_round(organizer, event.id)
        self.event_id = event.id
        self.reporters = [m.player_a for m in round_info.matches if m.player_b is not None]

    async def write(self, into: Writes) -> None:
        """One match action, or one tournament report (a player correcting their report), timed."""
        self.n += 1
        try:
            if self.n % 2:
                action = await _valid(self.app.matches, self.match_id, self.rng)
                start = time.perf_counter()
                await self.app.matches.submit(self.match_id, action, user_id=None)
                into.actions.append((time.perf_counter() - start) * 1000)
            else:
                player = self.reporters[(self.n // 2) % len(self.reporters)]
                wins, losses = (2, 0) if (self.n // 2) % 3 else (2, 1)
                start = time.perf_counter()
                await self.app.tournaments.report_result(Actor(player, GUILD), self.event_id, wins, losses, 0)
                into.reports.append((time.perf_counter() - start) * 1000)
        except Exception as error:
            into.failures.append(f"{type(error).__name__}: {error}"[:200])


async def _child_process(database: Path, source: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.two_process_bench",
        "child",
        str(database),
        str(RULES_DIR),
        str(source),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[1],
    )


async def _during_import(bot: Bot, database: Path, source: Path) -> tuple[Writes, dict[str, str]]:
    """The bot's writes from the moment the other process starts importing until it ends."""
    child = await _child_process(database, source)
    assert child.stdout is not None
    writes = Writes()
    report: dict[str, str] = {}
    started = await child.stdout.readline()
    if started.strip() != b"importing":
        _, err = await child.communicate()
        raise RuntimeError(f"the import process did not start: {started!r} {err.decode()[-500:]}")
    reading = asyncio.ensure_future(child.stdout.read())
    while not reading.done():
        await bot.write(writes)
        await asyncio.sleep(PAUSE)
    for line in reading.result().decode().splitlines():
        key, _, value = line.partition(" ")
        report[key] = value
    if await child.wait() != 0:
        errors = await child.stderr.read() if child.stderr else b""
        raise RuntimeError(f"the import failed: {errors.decode()[-500:]}")
    return writes, report


async def _quiet(bot: Bot) -> Writes:
    writes = Writes()
    end = time.perf_counter() + BASELINE_SECONDS
    while time.perf_counter() < end:
        await bot.write(writes)
        await asyncio.sleep(PAUSE)
    return writes


async def _memory(database: Path, source: Path) -> dict[str, str]:
    child = await _child_process(database, source)
    out, err = await child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"the import failed: {err.decode()[-500:]}")
    return dict(line.partition(" ")[::2] for line in out.decode().splitlines())


def _row(name: str, samples: list[float], failures: int) -> str:
    if not samples:
        return f"| {name:<50} | {0:>5} | {'-':>8} | {'-':>8} | {'-':>8} | {failures:>8} |"
    return (
        f"| {name:<50} | {len(samples):>5} | {percentile(samples, 50):>8.1f} | "
        f"{percentile(samples, 95):>8.1f} | {max(samples):>8.1f} | {failures:>8} |"
    )


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        database = root / "bot.sqlite3"
        settings = Settings(database_path=database, rules_dir=RULES_DIR, _env_file=None)  # type: ignore[call-arg]
        app = await App.open(settings)  # the rules documents, so the importing process imports only cards
        template = root / "template.sqlite3"
        await app.db.writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copyfile(database, template)  # for the memory runs: the rules, no generated cards
        try:
            bot = Bot(app)
            await bot.prepare()
            quiet = await _quiet(bot)
            busy, imported = await _during_import(bot, database, card_file(root / "cards.json", CARDS))
            quiet_after = await _quiet(bot)
        finally:
            await app.close()
        memory = {}
        for count in MEMORY_CARDS:
            fresh = root / f"memory-{count}.sqlite3"
            shutil.copyfile(template, fresh)
            memory[count] = await _memory(fresh, card_file(root / f"cards-{count}.json", count))
            memory[count]["bytes"] = str((root / f"cards-{count}.json").stat().st_size)
    quiet.actions += quiet_after.actions
    quiet.reports += quiet_after.reports
    quiet.failures += quiet_after.failures
    print(
        f"\nTwo processes on one database: the bot's writes while another process imports {CARDS:,} cards"
        f" ({imported.get('seconds', '?')} s), beside the same writes with no import (baseline,"
        f" {2 * BASELINE_SECONDS:.0f} s around it); one write every {PAUSE * 1000:.0f} ms\n"
    )
    heads = f"| {'n':>5} | {'p50':>8} | {'p95':>8} | {'max':>8} | {'failures':>8} |"
    print(f"| {'write (latency ms)':<50} {heads}")
    print(f"|{'-' * 52}|{'-' * 7}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|")
    print(_row("match action (MatchService.submit), baseline", quiet.actions, 0))
    print(_row("match action, during the import", busy.actions, 0))
    print(_row("tournament report (report_result), baseline", quiet.reports, 0))
    print(_row("tournament report, during the import", busy.reports, 0))
    print(_row("all writes, baseline", quiet.actions + quiet.reports, len(quiet.failures)))
    print(_row("all writes, during the import", busy.actions + busy.reports, len(busy.failures)))
    for failure in (quiet.failures + busy.failures)[:3]:
        print(f"  failure: {failure}")
    print(
        f"\nThe importing process held the write lock in {imported.get('transactions', '?')} transactions:"
        f" the swap {imported.get('swap_ms', '?')} ms, the longest other one"
        f" {imported.get('longest_other_ms', '?')} ms."
    )
    print("\nPeak memory of the importing process (`arbiter cards import`, ru_maxrss)\n")
    print(f"| {'file':<36} | {'MB':>6} | {'up to the swap':>14} | {'with the index':>14} | {'time':>8} |")
    print(f"|{'-' * 38}|{'-' * 8}|{'-' * 16}|{'-' * 16}|{'-' * 10}|")
    for count, found in memory.items():
        label = f"{count:,} generated cards" + (" (baseline)" if count == MEMORY_CARDS[0] else "")
        upto = int(found["peak_rss_kb_import"]) / 1024
        total = int(found["peak_rss_kb"]) / 1024
        print(
            f"| {label:<36} | {int(found['bytes']) / 1e6:>6.1f} | {upto:>11.0f} MB | {total:>11.0f} MB"
            f" | {found['seconds']:>6} s |"
        )
    print(
        "  (up to the swap: the peak before the game's name index is rebuilt from the stored cards, which"
        " the bot does after any import and holds whatever the import)"
    )


def _child(database: str, rules_dir: str, source: str) -> None:
    """The importing process: open the app (its rules are already imported), import, report: the
    time, its write transactions (how many, the longest: how long it held the write lock), and its
    peak memory up to the swap (``peak_rss_kb_import``, before the name index of the game is
    rebuilt from the stored cards, as after any import) and at the end."""

    async def run() -> None:
        settings = Settings(database_path=Path(database), rules_dir=Path(rules_dir), _env_file=None)  # type: ignore[call-arg]
        app = await App.open(settings)
        holds: list[float] = []
        swap: list[float] = []
        opened = app.db.transaction
        applying = app.cards.repo.apply_staged
        in_swap = [False]

        @contextlib.asynccontextmanager
        async def timed() -> AsyncIterator[object]:
            async with opened() as conn:
                start = time.perf_counter()
                yield conn
            (swap if in_swap[0] else holds).append((time.perf_counter() - start) * 1000)
            in_swap[0] = False

        async def apply(*args: Any, **kwargs: Any) -> Any:
            in_swap[0] = True
            return await applying(*args, **kwargs)

        loaded = app.cards.load
        marks: dict[str, int] = {}

        async def load(*args: Any, **kwargs: Any) -> None:
            marks.setdefault("import", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            await loaded(*args, **kwargs)

        app.db.transaction = timed  # type: ignore[method-assign]
        app.cards.repo.apply_staged = apply  # type: ignore[method-assign]
        app.cards.load = load  # type: ignore[method-assign]
        try:
            print("importing", flush=True)
            start = time.perf_counter()
            summary = await app.cards.import_path(GAMES["gateruler"], "json", Path(source))
            print(f"seconds {time.perf_counter() - start:.1f}")
            print(f"records {summary.records}")
        finally:
            await app.close()
        print(f"transactions {len(holds) + len(swap)}")
        print(f"longest_other_ms {max(holds, default=0):.1f}")
        print(f"swap_ms {max(swap, default=0):.1f}")
        print(f"peak_rss_kb_import {marks.get('import', 0)}")
        print(f"peak_rss_kb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")

    asyncio.run(run())


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        _child(*sys.argv[2:5])
    else:
        asyncio.run(main())
