"""Generated command lines for `arbiter`: every subcommand with odd words in every place. The parser
and the commands that need no database answer with one sentence (exit 2) or do their job; nothing
raises, and nothing runs unbounded (counts have ranges)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import _query_words_last, build_parser, main
from tests.hostile.common import one_sentence
from tests.property_costs import SERVICE

ODD_WORDS = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "-",
            "--",
            "-1",
            "0",
            "1",
            "2",
            "²",
            "١٢",
            "9" * 20,
            "-" + "9" * 20,
            "1e9",
            "0x10",
            "nan",
            "spectator",
            "--json",
            "--limit",
            "--db",
            "-civ:fire",
            "cost<=3",
            "\x00",
            "\ud800",
            "a" * 5000,
            "vanguard",
            "dm",
            "fow",
            "gr",
            "json",
            "csv",
            "/nonexistent/file.json",
        ]
    ),
    st.text(max_size=30),
)

COMMANDS = [
    ["run"],
    ["console"],
    ["sync"],
    ["import"],
    ["rules", "get"],
    ["rules", "search"],
    ["rules", "list"],
    ["cards", "import"],
    ["cards", "get"],
    ["cards", "search"],
    ["cards", "alias"],
    ["match", "verify"],
    ["match", "export"],
    ["match", "simulate"],
    ["deck", "check"],
    ["tournament", "simulate"],
    ["keyword"],
]
OPTIONS = [
    "--limit",
    "--page",
    "--viewer",
    "--games",
    "--seed",
    "--players",
    "--rounds",
    "--drops",
    "--late",
    "--top-cut",
    "--guild",
    "--edition",
    "--format",
    "--game",
    "--schema",
]

argvs = st.tuples(
    st.sampled_from(COMMANDS),
    st.lists(ODD_WORDS, max_size=4),
    st.lists(st.tuples(st.sampled_from(OPTIONS), ODD_WORDS), max_size=3),
).map(lambda parts: [*parts[0], *parts[1], *(word for pair in parts[2] for word in pair)])


def _parse(argv: list[str]) -> argparse.Namespace | None:
    try:
        return build_parser().parse_args(_query_words_last(argv))
    except SystemExit as exited:
        assert exited.code in (0, 2)
        return None


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=argvs)
def test_any_command_line_parses_or_gets_one_sentence(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = _parse(argv)
    error = capsys.readouterr().err.strip()
    if args is None:
        if error:  # --help prints usage and exits 0 with nothing on stderr
            one_sentence(error.splitlines()[-1])
        return
    # What parsed is bounded: every count is in its range, every number is an int.
    for name in ("limit", "page", "games", "players", "rounds", "drops", "late"):
        value = getattr(args, name, None)
        assert value is None or (isinstance(value, int) and 0 <= value <= 100_000), (name, value)
    guild = getattr(args, "guild", None)
    assert guild is None or 0 < guild < 2**63


cheap_runs = st.one_of(
    st.tuples(st.just(["match", "verify"]), st.lists(ODD_WORDS, min_size=1, max_size=2)),
    st.tuples(
        st.just(["match", "simulate"]),
        st.tuples(
            st.sampled_from(["vanguard", "dm", "fow", "gr", "mtg", "", "²"]), st.sampled_from(["1", "2"])
        ).map(lambda pair: [pair[0], "--games", pair[1], "--seed", "3"]),
    ),
    st.tuples(
        st.just(["tournament", "simulate"]),
        st.tuples(
            st.sampled_from(["2", "3", "8"]),
            st.sampled_from(["0", "1", "3", "9"]),
            st.sampled_from(["0", "1", "2"]),
            st.sampled_from(["0", "4", "8"]),
            st.sampled_from(["vanguard", "dm", "nonsense"]),
        ).map(
            lambda t: ["--players", t[0], "--drops", t[1], "--late", t[2], "--top-cut", t[3], "--game", t[4]]
        ),
    ),
).map(lambda parts: [*parts[0], *parts[1]])


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=cheap_runs)
def test_commands_without_a_database_answer_or_refuse_in_one_sentence(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code: int | str | None
    try:
        code = main([*argv, "--json"] if argv[0] == "tournament" else argv)
    except SystemExit as exited:
        code = exited.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    if code == 2:
        one_sentence(err.strip().splitlines()[-1])
    else:
        assert "Traceback" not in err
        if argv[0] == "tournament":
            assert json.loads(out)["standings"]


def test_a_bad_export_file_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for content in (
        "",
        "{",
        "[]",
        '{"game": 5}',
        "\x00" * 10,
        json.dumps({"game": "vanguard", "actions": "x"}),
    ):
        path = tmp_path / "export.json"
        path.write_text(content, encoding="utf-8")
        # 2: not readable as an export; 1: read, and it does not verify. One sentence either way.
        assert main(["match", "verify", str(path)]) in (1, 2)
        out, err = capsys.readouterr()
        one_sentence((out + err).strip())
