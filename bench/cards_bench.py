"""Card benchmark: import throughput, then name resolution, autocomplete and query search latency with
every public data set in ../shared/carddata imported (about 17,000 records), and again with 100,000
generated cards; each beside a baseline of plain ``rapidfuzz.process.extractOne`` over all names,
measured in the same run on the same inputs."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from rapidfuzz import fuzz, process

from bench.stats import HEADER, row, time_async, time_sync
from bot.config import RULES_DIR
from bot.services.cards import CardsService
from bot.services.rules import RulesService
from bot.services.rules_import import import_rules
from bot.store.database import Database
from engine.cards.model import CardRecord
from engine.games import GAMES

CARDDATA = Path(__file__).resolve().parents[1].parent / "shared" / "carddata"
DATA_SETS = (
    ("forceofwill", "fowsim", "fowsim-cards.json"),
    ("duelmasters", "dm-tcg", "dm-tcg-cards.json"),
    ("duelmasters", "dm-cockatrice", "dm-ocg-cards.csv"),
    ("vanguard", "cfv-d", "cfv-d-cards.json"),
)
QUERIES = {
    "forceofwill": ["cost<=2", "t:resonator atk>=1000", '"draw a card"', "race:dragon -t:ruler", "flying"],
    "duelmasters": ["power>=6000", "civ:fire cost<=3", "race:dragon", '"shield trigger"', "t:spell blocker"],
    "vanguard": ["grade:3", "power>=10000", "trigger:critical", "nation:dragon", '"counter blast"'],
    "gateruler": ["deadly", "t:unit", '"deal damage"'],
}
SAMPLES = 1000
SEED = 20261121


def _typo(name: str, rng: random.Random) -> str:
    chars = list(name)
    for _ in range(rng.randint(0, 2)):
        if len(chars) > 3:
            chars.pop(rng.randrange(len(chars)))
    text = "".join(chars)
    return text.lower() if rng.random() < 0.5 else text


def _inputs(names: list[tuple[str, str]], rng: random.Random) -> list[tuple[str, str]]:
    picked = [rng.choice(names) for _ in range(SAMPLES)]
    return [(game, _typo(name, rng) if rng.random() < 0.5 else name) for game, name in picked]


async def _measure(
    service: CardsService, names: list[tuple[str, str]], label: str, rng: random.Random
) -> list[str]:
    inputs = _inputs(names, rng)
    prefixes = [(g, n[: rng.randint(2, min(8, len(n)))]) for g, n in inputs]
    by_game: dict[str, list[str]] = {}
    for game, name in names:
        by_game.setdefault(game, []).append(name)
    resolve = await time_async(inputs, lambda q: service.get(GAMES[q[0]], q[1]))
    complete = time_sync(prefixes, lambda q: service.autocomplete(GAMES[q[0]], q[1]))
    queries = [(g, q) for g, qs in QUERIES.items() if g in by_game for q in qs] * 20
    search = await time_async(queries, lambda q: service.search(GAMES[q[0]], q[1]))
    baseline = time_sync(inputs, lambda q: process.extractOne(q[1], by_game[q[0]], scorer=fuzz.WRatio))
    return [
        row(f"{label}: name resolution", resolve),
        row(f"{label}: autocomplete", complete),
        row(f"{label}: query search (page of 10)", search),
        row(f"{label}: baseline extractOne(WRatio)", baseline),
    ]


def _generated(count: int, words: list[str], rng: random.Random) -> list[CardRecord]:
    cards = []
    seen: set[str] = set()
    while len(cards) < count:
        name = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        if name.casefold() in seen:
            continue
        seen.add(name.casefold())
        n = len(cards)
        cards.append(
            CardRecord(
                game="vanguard",
                code=f"GEN-{n:06d}",
                name=name,
                types=["Normal Unit"],
                stats={
                    "grade": n % 4,
                    "power": 5000 + (n % 9) * 1000,
                    "nation": rng.choice(["Dragon Empire", "Keter Sanctuary"]),
                },
                text=" ".join(rng.choice(words) for _ in range(12)),
            )
        )
    return cards


async def main() -> None:
    rng = random.Random(SEED)
    lines: list[str] = []
    if not CARDDATA.is_dir():
        print(f"\nCard benchmark skipped: {CARDDATA} is absent (the public data sets live there).")
        return
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "cards.sqlite3")
        await import_rules(db, RULES_DIR)
        rules = RulesService(db)
        await rules.load()
        service = CardsService(db, rules)
        await service.import_bundled(RULES_DIR)
        import_rows = []
        for game, format_name, filename in DATA_SETS:
            start = time.perf_counter()
            summary = await service.import_path(GAMES[game], format_name, CARDDATA / filename)
            seconds = time.perf_counter() - start
            import_rows.append(
                f"| {'import ' + filename:<45} | {summary.records:>6} | {seconds * 1000:>8.0f} ms | "
                f"{summary.records / seconds:>8.0f} cards/s |"
            )
        names = []
        for game in GAMES:
            names.extend((game, n) for _, n, _, _ in await service.repo.name_rows(game))
        total = await service.repo.count()
        lines.extend(await _measure(service, names, f"all data sets ({total} cards)", rng))

        words = sorted({w for _, n in names for w in n.split() if w.isalpha() and len(w) > 2})
        generated = _generated(100_000 - await service.repo.count("vanguard"), words, rng)
        start = time.perf_counter()
        async with db.transaction():
            await service.repo.upsert(generated, "generated")
        seconds = time.perf_counter() - start
        import_rows.append(
            f"| {'store generated cards (one transaction)':<45} | {len(generated):>6} | "
            f"{seconds * 1000:>8.0f} ms | {len(generated) / seconds:>8.0f} cards/s |"
        )
        await service.load("vanguard")
        big = [("vanguard", n) for _, n, _, _ in await service.repo.name_rows("vanguard")]
        lines.extend(await _measure(service, big, f"{len(big)} cards, one game", rng))
        await db.close()
    print("\nCard import throughput\n")
    print(f"| {'what':<45} | {'cards':>6} | {'time':>11} | {'rate':>14} |")
    print(f"|{'-' * 47}|{'-' * 8}|{'-' * 13}|{'-' * 16}|")
    print("\n".join(import_rows))
    print("\nCard lookups (1,000 names, half with typos; prefixes of 2-8 characters)\n")
    print(HEADER)
    print("\n".join(lines))
