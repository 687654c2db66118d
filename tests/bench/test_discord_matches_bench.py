"""The Discord matches benchmark runs end to end on a small load (its numbers are make bench's job)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import discord_matches_bench as bench


async def test_a_small_run_plays_every_match_and_measures_each_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "MATCHES", 3)
    monkeypatch.setattr(bench, "ROUNDS", 2)
    answered, updated, elapsed = await bench.discord_run(tmp_path)
    assert len(answered) == len(updated) == 6 and elapsed > 0
    assert all(0 <= a <= u + 1 for a, u in zip(answered, updated, strict=True)), "updated after answered"
    baseline, _ = await bench.service_run(tmp_path, len(answered))
    assert len(baseline) == 6
