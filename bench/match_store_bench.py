"""Match persistence benchmark: append latency of accepted actions (WAL, one transaction each) beside
a bare one-row INSERT on the same connection, and memory per idle match with 1,000 matches loaded
beside the same states held as their JSON."""

from __future__ import annotations

import gc
import json
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench.stats import HEADER, row
from bot.services.matches import MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.apply import apply
from tests.engine.match.demo import DEMO_SPEC, demo_decks, random_action

APPENDS = 2000
MATCHES = 1000
ACTIONS_PER_MATCH = 30


async def _valid(service: MatchService, match_id: int, rng: random.Random):  # type: ignore[no-untyped-def]
    state = await service.state(match_id)
    while True:
        action = random_action(state, rng, allow_end=False)
        try:
            apply(state, action)
        except ArbiterError:
            continue
        return action


async def main() -> None:
    rng = random.Random(20261121)
    with tempfile.TemporaryDirectory() as folder:
        service = MatchService(await Database.open(Path(folder) / "matches.sqlite3"))
        match_id, _ = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks(size=40))
        appends: list[float] = []
        for _ in range(APPENDS):
            action = await _valid(service, match_id, rng)
            start = time.perf_counter()
            await service.submit(match_id, action, user_id=None)
            appends.append((time.perf_counter() - start) * 1000)
        async with service.db.transaction() as conn:
            await conn.execute("CREATE TABLE bare (id INTEGER PRIMARY KEY, body TEXT)")
        bare: list[float] = []
        for n in range(APPENDS):
            start = time.perf_counter()
            async with service.db.transaction() as conn:
                await conn.execute("INSERT INTO bare (body) VALUES (?)", (json.dumps({"n": n}),))
            bare.append((time.perf_counter() - start) * 1000)

        ids = []
        for _ in range(MATCHES):
            mid, _ = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
            for _ in range(ACTIONS_PER_MATCH):
                await service.submit(mid, await _valid(service, mid, rng), user_id=None)
            ids.append(mid)
        for mid in ids:
            service.unload(mid)
        service.unload(match_id)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for mid in ids:
            await service.state(mid)
        gc.collect()
        after = tracemalloc.take_snapshot()
        loaded = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        as_json = [json.dumps((await service.state(mid)).to_json()) for mid in ids[:100]]
        json_bytes = sum(len(text) + 49 for text in as_json) / len(as_json)
        tracemalloc.stop()
        await service.db.close()
    print("\nMatch store (WAL; each action one transaction with its state digest)\n")
    print(HEADER)
    print(row("append an accepted action (submit)", appends))
    print(row("baseline: bare one-row INSERT transaction", bare))
    print(f"\nMemory per idle match, {MATCHES} matches of {ACTIONS_PER_MATCH} actions loaded (tracemalloc):")
    print(f"  live states: {loaded / MATCHES / 1024:.1f} KB per match")
    print(f"  baseline, the same state as a JSON string: {json_bytes / 1024:.1f} KB per match")
