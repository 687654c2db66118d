"""The `arbiter` command as a user runs it (real processes, real database files)."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from bot.app import App
from bot.config import Settings
from bot.console import Console

ARBITER = [sys.executable, "-m", "bot.cli"]
ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID"}}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ARBITER + args, cwd=cwd, env=_env(), input=stdin, capture_output=True, text=True, timeout=120
    )


def test_run_without_token_and_without_terminal_explains_how_to_set_it(tmp_path: Path) -> None:
    result = _run(["run", "--db", str(tmp_path / "db.sqlite3")], tmp_path)
    assert result.returncode == 2
    assert "No DISCORD_TOKEN is set" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_without_token_on_a_terminal_opens_the_console(settings: Settings, tmp_path: Path) -> None:
    pid, fd = pty.fork()
    if pid == 0:  # child: the terminal's side
        os.chdir(tmp_path)
        os.execve(sys.executable, [*ARBITER, "run", "--db", str(settings.database_path)], _env())
    output = b""
    try:
        os.write(fd, b"/rule vanguard 1.2.2.1\n/quit\n")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
    finally:
        _, status = os.waitpid(pid, 0)
    text = output.decode("utf-8", "replace")
    assert "opening the offline console" in text
    assert "1.2.2.1" in text and "six or more cards in his or her damage zone" in text
    assert os.waitstatus_to_exitcode(status) == 0


def test_rules_get_json(settings: Settings, tmp_path: Path) -> None:
    result = _run(["rules", "get", "gr", "3 13 d", "--json", "--db", str(settings.database_path)], tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == "3-13d" and data["game"] == "gateruler"
    assert "Gateruler Comprehensive Rules" in data["document"]


def test_rules_get_unknown_id_fails_with_a_sentence(settings: Settings, tmp_path: Path) -> None:
    result = _run(["rules", "get", "vanguard", "42.42.42", "--db", str(settings.database_path)], tmp_path)
    assert result.returncode == 1
    assert "There is no rule '42.42.42'" in result.stdout


def test_rules_search_reads_one_query_per_line_from_stdin(settings: Settings, tmp_path: Path) -> None:
    queries = 'priority chase\n903.2a\n"NEAR( *\n'
    result = _run(
        ["rules", "search", "fow", "-", "--limit", "3", "--db", str(settings.database_path)],
        tmp_path,
        queries,
    )
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["query"] for line in lines] == ["priority chase", "903.2a", '"NEAR( *']
    assert lines[1]["results"][0]["id"] == "903.2a"
    for line in lines:
        assert len(line["results"]) <= 3
        for hit in line["results"]:
            assert set(hit) >= {"id", "title", "score", "game", "document"}


def test_keyword_json_and_unknown_game(settings: Settings, tmp_path: Path) -> None:
    result = _run(["keyword", "dm", "blocker", "--json", "--db", str(settings.database_path)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["keyword"].lower().startswith("blocker")
    bad = _run(["keyword", "magic", "flying", "--db", str(settings.database_path)], tmp_path)
    assert bad.returncode == 2 and "I don't know the game 'magic'" in bad.stderr


def test_import_reports_each_document(tmp_path: Path) -> None:
    db = tmp_path / "fresh.sqlite3"
    first = _run(["import", "--db", str(db)], tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.count("imported") == 5
    second = _run(["import", "--db", str(db)], tmp_path)
    assert second.stdout.count("unchanged") == 5


async def test_console_answers_like_the_bot(app: App) -> None:
    console = Console(app)
    text = await console.handle("/rule vanguard 1.2.2.1")
    assert "six or more cards" in text and "Vanguard Comprehensive Rules" in text
    assert "Which game?" in await console.handle("/rule 1.2.2.1")
    assert "Vanguard" in await console.handle("/settings game cfv")
    assert "six or more cards" in await console.handle("/rule 1.2.2.1")
    search = await console.handle("/rules search gr destroy unit")
    assert "1." in search and "Gateruler" in search
    assert "Blocker" in await console.handle("/keyword dm blocker")
    assert "Unknown command" in await console.handle("/frobnicate")
    assert "/rule" in await console.handle("/help")
    assert "gateruler" in await console.handle("/games")
    long_rule = await console.handle("/rule fow 1411")
    if "page 1/" in long_rule:
        assert "page 2/" in await console.handle("/page 2")
