"""Two processes on one database file: a 20,000-card import in one (``arbiter cards import``) while
the other keeps writing through the services. The import writes in short transactions and every
writer waits with a busy timeout, so no write fails and none waits long; and the other process sees
none of the imported cards or all of them, never a part (``bench/two_process_bench.py`` measures the
latencies)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.app import App
from engine.games import GAMES

pytestmark = pytest.mark.slow

CARDS = 20_000


def _card_file(path: Path, count: int) -> Path:
    cards = [
        {
            "code": f"GEN-{i:06d}",
            "name": f"Generated Knight {i}",
            "types": ["Unit"],
            "cost": str(i % 7),
            "stats": {"level": i % 5, "atk": i % 9, "hp": 1 + i % 4},
            "text": f"When this enters, draw {i % 3} cards.",
            "keywords": ["Deadly"],
        }
        for i in range(count)
    ]
    path.write_text(json.dumps({"cards": cards}), encoding="utf-8")
    return path


async def test_writes_are_answered_while_another_process_imports(app: App, tmp_path: Path) -> None:
    source = _card_file(tmp_path / "generated.json", CARDS)
    env = {
        **os.environ,
        "DATABASE_PATH": str(app.settings.database_path),
        "RULES_DIR": str(app.settings.rules_dir),
    }
    importer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))",
            "cards",
            "import",
            "gateruler",
            "json",
            str(source),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    latencies: list[float] = []
    failures: list[BaseException] = []
    before = await app.cards.repo.count("gateruler")
    seen: set[int] = set()
    n = 0
    while importer.poll() is None:
        n += 1
        started = time.perf_counter()
        try:
            await app.guilds.set_default_game(1000 + n % 7, "gateruler" if n % 2 else "vanguard")
            await app.guilds.repo.save_search("gateruler", None, f"probe {n}", kind="cards")
        except Exception as error:
            failures.append(error)
        latencies.append(time.perf_counter() - started)
        seen.add(await app.cards.repo.count("gateruler"))
        await asyncio.sleep(0.02)
    out, err = importer.communicate()
    assert importer.returncode == 0, err[-2000:]
    assert f"{CARDS} cards read" in out
    assert not failures, failures[:3]
    assert len(latencies) > 10, "the writes ran while the import did"
    assert seen <= {before, before + CARDS}, sorted(seen)  # all of the file or none of it
    slowest = max(latencies)
    print(f"\n{len(latencies)} writes during the import; slowest {slowest * 1000:.0f} ms")
    assert await app.cards.repo.count("gateruler") >= CARDS
    await app.cards.load("gateruler")
    assert GAMES["gateruler"] and app.cards.autocomplete(GAMES["gateruler"], "generated knight 1999")
