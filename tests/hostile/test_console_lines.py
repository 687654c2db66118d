"""Hostile console lines on a real database: every answer is text (the console never raises), odd
numbers and names get one sentence, and the rules answers the numbers and games people type."""

from __future__ import annotations

import random

from bot.app import App
from bot.console import Console
from engine.errors import ArbiterError
from engine.games import resolve_game
from tests.hostile.common import dump


def _body(answer: str) -> list[str]:
    return [row for row in answer.splitlines() if row.strip("=") and row not in {"Sorry", "Which game?"}]


async def test_rule_with_a_game_and_no_number_asks_for_the_number(app: App) -> None:
    answer = await Console(app).handle("/rule fow")
    assert "rule number" in answer and "Which game" not in answer


def test_an_unknown_game_gets_the_closest_suggestion() -> None:
    for typed, key in (
        ("vangard", "vanguard"),
        ("forceofwil", "forceofwill"),
        ("duel master", "duelmasters"),
    ):
        try:
            resolve_game(typed)
        except ArbiterError as error:
            assert f"Did you mean `{key}`" in str(error) and "\n" not in str(error)
        else:
            raise AssertionError(typed)


async def test_an_unpaired_surrogate_in_a_rules_search_is_answered(app: App) -> None:
    console = Console(app)
    answer = await console.handle("/rules search gr \ud800 card \udfff draw")
    assert answer and "Traceback" not in answer


_WORDS = [
    "/tournament",
    "info",
    "pairings",
    "time",
    "settings",
    "rounds:9",
    "top:",
    "/rule",
    "/page",
    "gr",
    "fow",
]
_WORDS += ["²", "-1", "0", str(2**63), "9" * 25, "round:²", "\ud800", "<@1>", "**", "'", '"', "x" * 300]


async def test_any_console_line_is_answered_and_a_refusal_changes_nothing(app: App) -> None:
    rng = random.Random(13)
    console = Console(app)
    await console.handle("/tournament create Friday cfv")
    for _ in range(150):
        line = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 6)))
        before = await dump(app.db)
        answer = await console.handle(line)
        assert isinstance(answer, str) and "Traceback" not in answer and "invalid literal" not in answer
        if answer.startswith("Sorry") or "takes a number" in answer:
            assert len(_body(answer)) == 1, (line, answer)
            assert await dump(app.db) == before, line
