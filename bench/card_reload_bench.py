"""Cards imported by another process: how long a running bot takes to answer with them, beside what a
restart would cost (the baseline: opening the bot's services on the same database), measured in the
same run.

Each run opens the services on a fresh database with the rules imported, imports the public Vanguard
D-series file (393 cards) with ``arbiter cards import`` in another process, and times from that
process's exit until the running services' in-memory name index answers a card of the file (the
background watch reads SQLite's ``PRAGMA data_version``). The baseline opens the services anew on the
same file and times how long that takes before they can answer.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from bench.cards_bench import CARDDATA
from bench.stats import HEADER, row
from bot.app import App
from bot.config import RULES_DIR, Settings
from engine.games import GAMES

RUNS = 5
CARD = "Knight of Friendship, Cyrus"
_MAIN = "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))"


async def _import_elsewhere(database: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _MAIN,
        "cards",
        "import",
        "vanguard",
        "cfv-d",
        str(CARDDATA / "cfv-d-cards.json"),
        env={**os.environ, "DATABASE_PATH": str(database), "RULES_DIR": str(RULES_DIR)},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()


async def main() -> None:
    if not CARDDATA.is_dir():
        print(f"\nCard reload benchmark skipped: {CARDDATA} is absent (the public data sets live there).")
        return
    vanguard = GAMES["vanguard"]
    seen_ms: list[float] = []
    restart_ms: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(RUNS):
            settings = Settings(
                discord_token=None,
                database_path=Path(folder) / f"reload{run}.sqlite3",
                rules_dir=RULES_DIR,
                _env_file=None,  # type: ignore[call-arg]
            )
            app = await App.open(settings)
            try:
                await _import_elsewhere(settings.database_path)
                started = time.perf_counter()
                while not app.cards.autocomplete(vanguard, "knight of friendship"):
                    await asyncio.sleep(0.005)
                seen_ms.append((time.perf_counter() - started) * 1000)
            finally:
                await app.close()
            started = time.perf_counter()
            reopened = await App.open(settings)
            try:
                assert reopened.cards.autocomplete(vanguard, "knight of friendship")
                restart_ms.append((time.perf_counter() - started) * 1000)
            finally:
                await reopened.close()
    print(f"\nCards imported by another process ({RUNS} runs, Vanguard D-series, 393 cards)\n")
    print(HEADER)
    print(row("a running bot answers with them (after the import)", seen_ms))
    print(row("baseline: a restart (open the services anew)", restart_ms))


if __name__ == "__main__":
    asyncio.run(main())
