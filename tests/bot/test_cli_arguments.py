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
