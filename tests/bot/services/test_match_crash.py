"""Crash safety: a process storing match actions is killed with SIGKILL at random moments, 50 times.
After every restart each action it reported accepted is in the store, and the state loaded from the
latest snapshot plus replay equals a full replay from the seed."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.services.matches import MatchService
from bot.store.database import Database
from engine.match.actions import parse_action
from engine.match.replay import replay_from
from engine.match.setup import new_match
from tests.engine.match.demo import DEMO_SPEC, demo_decks

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
RUNS = 50


def _run_and_kill(db: Path, match_id: int, seed: int, rng: random.Random) -> list[int]:
    """Start a worker, let it accept a few actions, kill it at a random moment; the versions it reported."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.services.match_crash_worker", str(db), str(match_id), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    reported: list[int] = []
    buffer = b""
    deadline = time.monotonic() + 60
    kill_after = rng.randint(1, 40)  # accepted actions to wait for, then a random extra delay
    try:
        while time.monotonic() < deadline and len(reported) < kill_after:
            ready, _, _ = select.select([worker.stdout], [], [], 1)
            if not ready:
                continue
            chunk = os.read(worker.stdout.fileno(), 4096)
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            reported.extend(int(line.split()[1]) for line in lines if line.startswith(b"accepted"))
        time.sleep(rng.random() * 0.02)
    finally:
        worker.send_signal(signal.SIGKILL)
        rest, _ = worker.communicate(timeout=30)
    buffer += rest
    reported.extend(int(line.split()[1]) for line in buffer.split(b"\n") if line.startswith(b"accepted"))
    return reported


async def test_sigkill_loses_no_accepted_action(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.sqlite3"
    service = MatchService(await Database.open(db_path))
    match_id, _ = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks(size=30))
    stored = await service.repo.match(match_id)
    assert stored is not None
    await service.db.close()
    rng = random.Random(2026)
    accepted: set[int] = set()
    for run in range(RUNS):
        accepted.update(_run_and_kill(db_path, match_id, seed=run, rng=rng))
        reopened = MatchService(await Database.open(db_path))
        try:
            stored_actions = await reopened.repo.actions(match_id)
            seqs = [a.seq for a in stored_actions]
            assert seqs == list(range(len(seqs))), "the log has a gap"
            assert accepted <= set(seqs), f"run {run}: accepted actions lost: {sorted(accepted - set(seqs))}"
            loaded = await reopened.state(match_id)
            first = new_match(DEMO_SPEC, ["Alice", "Bob"], demo_decks(size=30), stored.seed)
            full = replay_from(first, [parse_action(a.action) for a in stored_actions])
            assert loaded.to_json() == full.to_json()
        finally:
            await reopened.db.close()
    assert len(accepted) > RUNS  # the workers really made progress between kills
