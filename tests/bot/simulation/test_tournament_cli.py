"""`arbiter tournament simulate`: a whole event through the service layer on a real SQLite file, as
text and JSON, with one player's tiebreakers checked by hand against the MTR Appendix C formulas."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main

FLOOR = Fraction(33, 100)


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["tournament", "simulate", *args])
    except SystemExit as exited:  # refused by the argument parser, with one sentence
        code = int(exited.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def event64() -> dict[str, Any]:
    """`arbiter tournament simulate --players 64 --seed 7 --json`, run once for the module."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tournament", "simulate", "--players", "64", "--seed", "7", "--json"]) == 0
    return json.loads(out.getvalue())


def test_64_players_seed_7_prints_six_rounds(event64: dict[str, Any]) -> None:
    assert set(event64) >= {"rounds", "standings"}
    assert [r["round"] for r in event64["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert event64["event"]["swiss_rounds"] == 6 and event64["event"]["status"] == "finished"
    assert len(event64["standings"]) == 64
    for number, rnd in enumerate(event64["rounds"], start=1):
        seated = [p for m in rnd["matches"] for p in (m["player_a"], m["player_b"]) if p]
        assert len(seated) == len(set(seated)), f"someone is paired twice in round {number}"
        assert all(m["result"] is not None or m["bye"] for m in rnd["matches"])
    results = [m["result"] for r in event64["rounds"] for m in r["matches"] if m["result"]]
    assert any(r["double_loss"] for r in results), "at least one double loss"
    assert any(r["wins_a"] == r["wins_b"] and not r["double_loss"] for r in results), "draws"
    assert sum(len(r["drops"]) for r in event64["rounds"]) == 4  # the default: one player in 16
    assert sum(row["dropped"] for row in event64["standings"]) == 4
    roster = {p["player"]: p for p in event64["players"]}
    assert len(roster) == 64 and all(p["late_from_round"] == 1 for p in roster.values())
    assert {p for p, r in roster.items() if r["dropped_after_round"]} == {
        row["player"] for row in event64["standings"] if row["dropped"]
    }
    rows = event64["standings"]
    assert [row["rank"] for row in rows] == list(range(1, 65))
    keys = [(-row["points"], *(-Fraction(row["exact"][k]) for k in ("omw", "gwp", "ogw"))) for row in rows]
    assert keys == sorted(keys)


def _hand_tally(data: dict[str, Any]) -> tuple[dict[str, list[int]], dict[str, list[str]]]:
    """From the rounds alone: per player [match points, rounds, game points, games], and opponents."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    opponents: dict[str, list[str]] = defaultdict(list)
    for rnd in data["rounds"]:
        for m in rnd["matches"]:
            a, b = m["player_a"], m["player_b"]
            if m["bye"]:
                tally[a][0] += 3
                tally[a][1] += 1
                tally[a][2] += 6  # a bye is a 2-0 win (MTR Appendix C, "Byes")
                tally[a][3] += 2
                continue
            r = m["result"]
            for me, mine, theirs in ((a, r["wins_a"], r["wins_b"]), (b, r["wins_b"], r["wins_a"])):
                # A double loss gives both players 0 match points; otherwise more games won wins.
                points = 0 if r["double_loss"] else 3 if mine > theirs else 1 if mine == theirs else 0
                tally[me][0] += points
                tally[me][1] += 1
                tally[me][2] += 3 * mine + r["draws"]
                tally[me][3] += mine + theirs + r["draws"]
            opponents[a].append(b)
            opponents[b].append(a)
    return tally, opponents


def _pct(points: int, possible: int) -> Fraction:
    return max(FLOOR, Fraction(points, possible)) if possible else FLOOR


def test_hand_check_of_tiebreakers(event64: dict[str, Any]) -> None:
    """MTR Appendix C by hand, from the printed rounds: MWP = max(0.33, MP / 3R), GWP = max(0.33,
    GP / 3G), OMW and OGW the averages of the opponents' floored MWP and GWP (byes are no opponent)."""
    tally, opponents = _hand_tally(event64)
    rows = {row["player"]: row for row in event64["standings"]}
    dropped = {row["player"] for row in event64["standings"] if row["dropped"]}
    # The winner, someone who met a dropped player, and someone who had a bye.
    winner = event64["standings"][0]["player"]
    met_dropped = next(p for p, opps in sorted(opponents.items()) if set(opps) & dropped and p not in dropped)
    had_bye = next(m["player_a"] for r in event64["rounds"] for m in r["matches"] if m["bye"])
    for pid in (winner, met_dropped, had_bye):
        mp, rounds, gp, games = tally[pid]
        mwp = {p: _pct(t[0], 3 * t[1]) for p, t in tally.items()}
        gwp = {p: _pct(t[2], 3 * t[3]) for p, t in tally.items()}
        opps = opponents[pid]
        omw = sum((mwp[o] for o in opps), Fraction(0)) / len(opps)
        ogw = sum((gwp[o] for o in opps), Fraction(0)) / len(opps)
        row = rows[pid]
        assert (row["points"], row["rounds"], row["game_points"], row["games"]) == (mp, rounds, gp, games)
        assert row["opponents"] == opps
        assert Fraction(row["exact"]["mwp"]) == mwp[pid]
        assert Fraction(row["exact"]["gwp"]) == gwp[pid]
        assert Fraction(row["exact"]["omw"]) == omw
        assert Fraction(row["exact"]["ogw"]) == ogw
        for key, value in (("omw", omw), ("gwp", gwp[pid]), ("ogw", ogw)):
            assert abs(float(row[key]) - float(value)) <= 0.00005
            assert len(row[key].split(".")[1]) == 4


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--players", "9", "--seed", "x", "--late", "1", "--top-cut", "4")
    assert code == 0 and err == ""
    assert out.startswith("Simulated event x: vanguard, bo3, 10 players, 4 Swiss rounds, top 4, seed x")
    for number in range(1, 5):
        assert f"\nRound {number}\n" in out
    assert "has the bye" in out and "double loss" in out and "Late entries: Player 10" in out
    assert "Dropped: " in out
    assert "Rank  Player" in out and "OMW" in out and "OGW" in out
    assert "\nTop 4\n" in out and "Champion: Player" in out


def test_same_seed_same_event_and_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ("--players", "12", "--rounds", "3", "--drops", "2", "--seed", "abc", "--format", "bo1", "--json")
    _, first, _ = simulate(capsys, *args)
    _, second, _ = simulate(capsys, *args)
    assert first == second
    data = json.loads(first)
    assert data["event"]["format"] == "bo1" and len(data["rounds"]) == 3
    assert sum(len(r["drops"]) for r in data["rounds"]) == 2
    results = [m["result"] for r in data["rounds"] for m in r["matches"] if m["result"]]
    assert all(max(r["wins_a"], r["wins_b"]) <= 1 for r in results)
    # --db keeps the event in a file of one's choice.
    path = tmp_path / "kept.sqlite3"
    code, _, _ = simulate(capsys, "--players", "4", "--seed", "k", "--db", str(path))
    assert code == 0 and path.is_file()


def test_bad_arguments_get_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--players", "4", "--drops", "3")
    assert code == 2 and out == "" and "4 players allow between 0 and 2 drops." in err
    code, out, err = simulate(capsys, "--players", "1")
    assert code == 2 and err.strip().splitlines()[-1].endswith("--players is a number from 2 to 4,096")
    code, _, err = simulate(capsys, "--players", "4", "--game", "chess")
    assert code == 2 and "chess" in err
