"""Commands a turn, as players feel it: whole matches of each game typed in the offline console
(:func:`tests.bot.console_player.typed_matches`, the suite's typed players on a real database), five
seeds a game, with the game's default stops, beside the same seeds played with every stop on (full
control: a match before stops, the baseline). A command is a ``/match take``; a pass of priority is
one at a window that is not a decision the rules ask for (block, guard, a Shield Trigger)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.app import App
from bot.config import Settings
from tests.bot.console_player import Typed, typed_matches

GAMES = ("duelmasters", "forceofwill", "gateruler", "vanguard")
SEEDS = range(1, 6)


def _row(game: str, stops: str, played: list[Typed]) -> str:
    turns = sum(typed.turns for typed in played)
    commands = sum(typed.commands for typed in played)
    passes = sum(typed.passes for typed in played)
    return (
        f"| {game:<12} | {stops:<22} | {turns:>5} | {commands:>8} | {commands / turns:>8.1f} | "
        f"{passes:>6} | {passes / commands:>6.0%} |"
    )


async def main() -> None:
    print(f"\n## Commands a turn: typed whole matches, {len(SEEDS)} seeds a game\n")
    print(
        f"| {'game':<12} | {'stops':<22} | {'turns':>5} | {'commands':>8} | {'per turn':>8} | "
        f"{'passes':>6} | {'share':>6} |"
    )
    print(f"|{'-' * 14}|{'-' * 24}|{'-' * 7}|{'-' * 10}|{'-' * 10}|{'-' * 8}|{'-' * 8}|")
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-typed-") as folder:
        settings = Settings(
            discord_token=None,
            database_path=Path(folder) / "typed.sqlite3",
            rules_dir=Path(__file__).resolve().parents[1] / "data" / "rules",
            _env_file=None,  # type: ignore[call-arg]
        )
        app = await App.open(settings)
        try:
            for game in GAMES:
                default = await typed_matches(app, game, SEEDS, ("Ann", "Ben"))
                full = await typed_matches(app, game, SEEDS, ("Cat", "Dan"), full=True)
                print(_row(game, "default stops", default))
                print(_row(game, "every stop (baseline)", full))
        finally:
            await app.close()
