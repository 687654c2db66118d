"""Board picture benchmark: the spectator's picture of STATES states of each game, taken every few
actions of random games (played as ``engine.match.simulate`` plays them); render time (view to PNG
bytes) p50/p95 and PNG size p50/p95. Beside them, measured in the same run: the card image of
``bot/render/card_image`` (a 420 px card face, and the 140 px board thumbnail) for cards named like the
states' cards, and the same pictures saved as plain RGB PNGs instead of the fixed palette.

Targets (ISSUE): under 300 KB per picture; fast enough to send after every action.
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable
from typing import Any

from bench.stats import HEADER, percentile, row
from bot.render.board_image import board_image, board_png
from bot.render.card_image import render_board_thumbnail, render_card
from engine.cards.model import CardRecord
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import load_definitions
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.view import view

STATES = 300
EVERY = 3
"""A state is kept every EVERY accepted actions."""
CARDS = 60
SEED = 20261127


def _views(game: str) -> list[dict[str, Any]]:
    """STATES spectator views of random games of ``game``."""
    definition = load_definitions()[game]
    views: list[dict[str, Any]] = []
    number = 0
    while len(views) < STATES:
        number += 1
        rng = random.Random(f"bench-board:{SEED}:{game}:{number}")
        decks = [definition.random_deck(rng) for _ in PLAYERS]
        state = new_match(definition.spec, PLAYERS, decks, game_seed(SEED, number))
        accepted = 0
        while state.status == "playing" and len(views) < STATES:
            for action in definition.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                accepted += 1
                break
            else:
                break  # a stalled game (the simulator's error); the next game goes on
            if accepted % EVERY == 0 or state.status != "playing":
                views.append(view(state, None))
    return views


def _cards(game: str, views: list[dict[str, Any]]) -> list[CardRecord]:
    """Up to CARDS records named like the named cards of the views (the baseline's input)."""
    names = sorted({card["name"] for v in views for z in v["zones"] for card in z["cards"] if "name" in card})
    return [
        CardRecord(game=game, code=f"BENCH-{index:03d}", name=name, types=["Unit"], text="Bench card.")
        for index, name in enumerate(names[:CARDS])
    ]


def _measure(items: list[Any], call: Callable[[Any], bytes]) -> tuple[list[float], list[float]]:
    """Milliseconds and kilobytes per item."""
    times: list[float] = []
    sizes: list[float] = []
    for item in items:
        start = time.perf_counter()
        data = call(item)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data) / 1024)
    return times, sizes


def _rgb_png(seen: dict[str, Any]) -> bytes:
    buffer = io.BytesIO()
    board_image(seen).save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def main() -> None:
    print(f"\nBoard picture: the spectator's view of {STATES} states per game (every {EVERY} actions)\n")
    timing: list[str] = []
    sizing: list[str] = []
    for game in load_definitions():
        views = _views(game)
        board_png(views[0])  # fonts loaded before timing
        cards = _cards(game, views)
        times, sizes = _measure(views, board_png)
        rgb_times, rgb_sizes = _measure(views[:60], _rgb_png)
        card_times, card_sizes = _measure(cards, render_card)
        thumb_times, thumb_sizes = _measure(cards, render_board_thumbnail)
        timing += [
            row(f"{game}: board picture (view -> PNG)", times),
            row(f"{game}: baseline: board as plain RGB PNG", rgb_times),
            row(f"{game}: baseline: card image, 420 px face", card_times),
            row(f"{game}: baseline: card thumbnail, 140 px", thumb_times),
        ]
        sizing += [
            _size_line(f"{game}: board picture", sizes, "< 300"),
            _size_line(f"{game}: baseline: board as plain RGB PNG", rgb_sizes),
            _size_line(f"{game}: baseline: card image, 420 px face", card_sizes),
            _size_line(f"{game}: baseline: card thumbnail, 140 px", thumb_sizes),
        ]
    print(HEADER)
    print("\n".join(timing))
    print()
    print(f"| {'PNG size (KB)':<52} | {'n':>6} | {'p50':>8} | {'p95':>8} | {'max':>8} | {'target':>8} |")
    print(f"|{'-' * 54}|{'-' * 8}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|")
    print("\n".join(sizing))


def _size_line(label: str, sizes: list[float], target: str = "") -> str:
    return (
        f"| {label:<52} | {len(sizes):>6} | {percentile(sizes, 50):>8.1f} | {percentile(sizes, 95):>8.1f} | "
        f"{max(sizes):>8.1f} | {target:>8} |"
    )


if __name__ == "__main__":
    main()
