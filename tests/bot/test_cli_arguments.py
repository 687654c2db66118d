"""The `arbiter` command's arguments: odd numbers get one sentence, and a query may start with a dash."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import _query_words_last, build_parser, main


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert len(error) < 200 and "Traceback" not in error
    return error


def test_a_negated_term_is_part_of_the_card_query() -> None:
    parser = build_parser()
    args = parser.parse_args(
        _query_words_last(["cards", "search", "dm", "-civ:fire", "cost<=3", "--limit", "5"])
    )
    assert (args.game, args.query, args.limit) == ("dm", "-civ:fire cost<=3", 5)
    args = parser.parse_args(_query_words_last(["cards", "search", "--json", "dm", "civ:fire", "-t:spell"]))
    assert (args.game, args.query, args.json) == ("dm", "civ:fire -t:spell", True)


def test_odd_numbers_on_the_command_line_get_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--limit is a number from 1 to 100" in _refused(
        ["cards", "search", "dm", "x", "--limit", "0"], capsys
    )
    assert "--page" in _refused(["cards", "search", "dm", "x", "--page", str(10**20)], capsys)
    assert "--limit" in _refused(["rules", "search", "gr", "x", "--limit", "²"], capsys)
    assert "--viewer" in _refused(["match", "export", "1", "--viewer", "-1"], capsys)
    assert "--viewer" in _refused(["match", "export", "1", "--viewer", "x"], capsys)
    assert "match id" in _refused(["match", "export", "9" * 20], capsys)


def test_a_missing_match_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "export", "7", "--viewer", "0", "--db", str(tmp_path / "a.sqlite3")]) == 2
    assert capsys.readouterr().err.strip() == "There is no match 7."


@pytest.mark.parametrize("command", ["sync", "run"])
def test_without_a_network_sync_and_run_say_one_sentence(command: str, tmp_path: Path) -> None:
    """`arbiter sync` and `arbiter run` with a token and no way to reach Discord (an unresolvable API
    address): one sentence, no traceback, no library warnings."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_PATH", "DEV_GUILD_ID"}}
    code = (
        "import discord.http as h; h.Route.BASE = 'https://nowhere.invalid/api/v10';"
        "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    env.update(PYTHONPATH=str(root), DISCORD_TOKEN="x.y.z", LOG_LEVEL="ERROR")
    result = subprocess.run(
        [sys.executable, "-c", code, command, "--db", str(tmp_path / "a.sqlite3")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if "INFO" not in line]
    assert len(lines) == 1 and lines[0].startswith("Cannot reach Discord"), result.stderr
