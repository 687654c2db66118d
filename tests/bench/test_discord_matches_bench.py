"""The Discord matches benchmark runs end to end on a small load, with Discord's limits on (its numbers
are make bench's job): every press of the burst moves its match and is measured to its response, its
presser's panel, the opponent's panel and the board; the REST requests per action and the matches
they carry are worked out; the human-paced run presses too; the service alone gives the baseline."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import discord_matches_bench as bench


async def test_a_small_run_plays_every_match_and_measures_each_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in (
        ("MATCHES", 3),
        ("ROUNDS", 2),
        ("HUMAN_SECONDS", 3.0),
        ("HUMAN_MAX", 3),
        ("HUMAN_GAP", 0.5),
    ):
        monkeypatch.setattr(bench, name, value)
    runs = await bench.discord_runs(tmp_path)
    burst = runs["burst"]
    assert len(burst.presses) == 6 and not [p for p in burst.presses if p.refused], (
        "every press moved its match"
    )
    times = bench.measure(runs["watch"], burst.presses)
    assert len(times.response) == len(times.panel) == len(times.opponent) == len(times.board) == 6, (
        times.missing
    )
    assert all(0 <= a <= p + 1 for a, p in zip(times.response, times.panel, strict=True)), (
        "panel after response"
    )
    assert 0 < runs["per_action"] <= 4 and runs["carried"] >= 1
    assert runs["human"].presses and not runs["human"].stuck
    baseline, seconds, _ = await bench.service_run(tmp_path, 6)
    assert len(baseline) == 6 and seconds > 0
