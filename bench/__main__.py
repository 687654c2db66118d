"""`python -m bench [NAME ...]`: run every benchmark (or the named ones) and print its table.

Names: rules, quality, cards, card_reload, match, match_panels, match_store, pairing, board_image,
two_process, discord_matches, typed_matches."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from bench.board_image_bench import main as board_image_main
from bench.card_reload_bench import main as card_reload_main
from bench.cards_bench import main as cards_main
from bench.discord_matches_bench import main as discord_matches_main
from bench.match_bench import main as match_main
from bench.match_panels_bench import main as match_panels_main
from bench.match_store_bench import main as match_store_main
from bench.pairing_bench import main as pairing_main
from bench.rules_bench import main as rules_main
from bench.rules_quality import main as quality_main
from bench.two_process_bench import main as two_process_main
from bench.typed_matches_bench import main as typed_matches_main

BENCHES: dict[str, Callable[[], object]] = {
    "rules": lambda: asyncio.run(rules_main()),
    "quality": lambda: asyncio.run(quality_main()),
    "cards": lambda: asyncio.run(cards_main()),
    "card_reload": lambda: asyncio.run(card_reload_main()),
    "match": match_main,
    "match_panels": match_panels_main,
    "match_store": lambda: asyncio.run(match_store_main()),
    "pairing": pairing_main,
    "board_image": board_image_main,
    "two_process": lambda: asyncio.run(two_process_main()),
    "discord_matches": lambda: asyncio.run(discord_matches_main()),
    "typed_matches": lambda: asyncio.run(typed_matches_main()),
}

if __name__ == "__main__":
    names = sys.argv[1:] or list(BENCHES)
    unknown = [name for name in names if name not in BENCHES]
    if unknown:
        sys.exit(f"No benchmark {', '.join(unknown)}; the benchmarks are {', '.join(BENCHES)}.")
    for name in names:
        BENCHES[name]()
