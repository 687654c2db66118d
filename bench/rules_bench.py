"""Rules benchmark: import time, id lookup, search and autocomplete latency across the four games,
beside an in-process baseline (a linear ``str.find`` scan over all rule texts) measured in the same
run on the same queries."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from bench.stats import HEADER, row, time_async, time_sync
from bot.config import RULES_DIR
from bot.services.rules import RulesService
from bot.services.rules_import import import_rules
from bot.store.database import Database
from engine.games import GAMES
from engine.rules.search import STOPWORDS, tokenize

QUERIES_PER_GAME = 300
SEED = 20261121


def _typed_variants(rule_id: str, rng: random.Random) -> str:
    forms = [rule_id, rule_id.upper(), rule_id.replace("-", " ").replace(".", " "), f"rule {rule_id}"]
    return rng.choice(forms)


def _typo(word: str, rng: random.Random) -> str:
    if len(word) < 5:
        return word
    i = rng.randrange(1, len(word) - 1)
    return word[:i] + word[i + 1 :]


async def main() -> None:
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as folder:
        import_ms: list[float] = []
        for run in range(3):
            db = await Database.open(Path(folder) / f"import{run}.sqlite3")
            start = time.perf_counter()
            report = await import_rules(db, RULES_DIR)
            import_ms.append((time.perf_counter() - start) * 1000)
            assert not report.failed, report.summary()
            await db.close()

        db = await Database.open(Path(folder) / "import0.sqlite3")
        service = RulesService(db)
        start = time.perf_counter()
        await service.load()
        load_ms = (time.perf_counter() - start) * 1000

        id_queries: list[tuple[str, str]] = []
        search_queries: list[tuple[str, str]] = []
        prefixes: list[tuple[str, str]] = []
        corpus: list[str] = []
        for game in service.games():
            index = service.game_index(game).default
            briefs = index.briefs
            words = [
                w
                for b in briefs
                for w in tokenize(f"{b.title or ''} {b.text}")
                if len(w) > 3 and w not in STOPWORDS and not w.isdigit()
            ]
            corpus.extend(f"{b.title or ''}\n{b.text}".casefold() for b in briefs)
            for _ in range(QUERIES_PER_GAME):
                brief = rng.choice(briefs)
                id_queries.append((game.key, _typed_variants(brief.rule_id, rng)))
                picked = rng.sample(words, rng.randint(1, 4))
                if rng.random() < 0.2:
                    picked[0] = _typo(picked[0], rng)
                search_queries.append((game.key, " ".join(picked)))
                target = rng.choice(briefs)
                cut = rng.randint(1, len(target.rule_id))
                prefixes.append(
                    (game.key, target.rule_id[:cut] if rng.random() < 0.7 else (target.title or "")[:4])
                )

        lookup = await time_async(id_queries, lambda q: service.get(GAMES[q[0]], q[1]))
        search = await time_async(search_queries, lambda q: service.search(GAMES[q[0]], q[1]))
        autocomplete = time_sync(prefixes, lambda q: service.autocomplete_rule(GAMES[q[0]], q[1]))

        def scan(query: tuple[str, str]) -> int:
            words = query[1].casefold().split()
            return sum(1 for text in corpus if all(text.find(w) >= 0 for w in words))

        baseline = time_sync(search_queries, scan)
        await db.close()

    print("\nRules benchmark (all four games; ids, searches and prefixes drawn from the documents)\n")
    print(HEADER)
    print(row("import all 5 documents (fresh database)", import_ms))
    print(row("load in-memory indexes", [load_ms]))
    print(row("id lookup (typed forms, incl. answer)", lookup))
    print(row("full-text search (FTS5 bm25, 1-4 words)", search))
    print(row("autocomplete (ids and headings)", autocomplete))
    print(row("baseline: linear str.find scan, same queries", baseline))
