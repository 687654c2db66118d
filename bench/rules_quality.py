"""Rules search quality: recall@k and MRR of ``RulesService.search`` on the question sets in
``bench/questions/*.toml`` and ``bench/questions/players/*.toml`` (questions as players type them,
reported per split: ``dev`` for tuning, ``test`` for nothing but measuring), beside the full-text
first stage alone (bm25, the order rules search gave before the feature ranking) and a naive
baseline, all measured in the same run on the same questions.

Each question is phrased the way players ask in Discord and lists the rule ids that answer it. A
question is a hit at k when any of its relevant ids is among the first k results; recall@k is the
share of questions hit at k, and MRR the mean of 1/rank of the first relevant result (0 when none is
in the top 10).

The baseline scores every rule of the game's default rules document by how many distinct query words
(lowercased, stop words dropped) occur among the words of its title and text, ranks by that score
(document order breaks ties) and keeps the first 10 with a score above 0. It is what "search by
counting matching words" gives, so the ranking has to beat it to earn its complexity.
"""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench.stats import HEADER, row, time_async, time_sync
from bot.config import RULES_DIR
from bot.services.rules import RulesService
from bot.services.rules_import import import_rules
from bot.store.database import Database
from bot.store.rules_repo import RuleBrief
from engine.games import GAMES
from engine.rules.search import STOPWORDS, tokenize

QUESTIONS_DIR = Path(__file__).parent / "questions"
PLAYERS_DIR = QUESTIONS_DIR / "players"
"""The second set: questions as players type them (slang, misspellings, other games' words), each
marked ``split = "dev"`` or ``"test"``; a quarter are test questions that no tuning looks at."""
SPLITS = ("dev", "test")
LIMIT = 10
KS = (1, 5, 10)


@dataclass(frozen=True)
class Question:
    game: str
    text: str
    relevant: tuple[str, ...]
    note: str | None = None
    split: str = "dev"


def load_questions(folder: Path = QUESTIONS_DIR) -> dict[str, list[Question]]:
    """Every question file in ``folder``, keyed by game (the file name is the game key).

    Raises ``ValueError`` naming the file and question at fault for anything malformed.
    """
    games: dict[str, list[Question]] = {}
    for path in sorted(folder.glob("*.toml")):
        game = path.stem
        if game not in GAMES:
            raise ValueError(f"{path.name}: '{game}' is not a game key ({', '.join(GAMES)})")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"{path.name}: {error}") from error
        unknown = set(data) - {"question"}
        if unknown:
            raise ValueError(f"{path.name}: unexpected top-level keys {sorted(unknown)}")
        entries = data.get("question")
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"{path.name}: no [[question]] tables")
        questions: list[Question] = []
        for number, entry in enumerate(entries, start=1):
            where = f"{path.name} question {number}"
            extra = set(entry) - {"text", "relevant", "note", "split"}
            if extra:
                raise ValueError(f"{where}: unexpected keys {sorted(extra)}")
            text = entry.get("text")
            relevant = entry.get("relevant")
            note = entry.get("note")
            if not isinstance(text, str) or not text.strip():
                raise ValueError(f"{where}: 'text' must be a non-empty string")
            if (
                not isinstance(relevant, list)
                or not relevant
                or not all(isinstance(r, str) and r.strip() for r in relevant)
            ):
                raise ValueError(f"{where}: 'relevant' must be a non-empty list of rule ids")
            if len(set(relevant)) != len(relevant):
                raise ValueError(f"{where}: 'relevant' lists an id twice")
            if note is not None and not isinstance(note, str):
                raise ValueError(f"{where}: 'note' must be a string")
            split = entry.get("split", "dev")
            if split not in SPLITS:
                raise ValueError(f"{where}: 'split' must be one of {', '.join(SPLITS)}")
            questions.append(Question(game, text, tuple(relevant), note, split))
        texts = [q.text.casefold() for q in questions]
        if len(set(texts)) != len(texts):
            raise ValueError(f"{path.name}: the same question text appears twice")
        games[game] = questions
    return games


def baseline_rank(briefs: Sequence[RuleBrief], query: str, limit: int = LIMIT) -> list[str]:
    """Rule ids ranked by the number of distinct query words their title and text contain."""
    tokens = list(dict.fromkeys(tokenize(query)))
    words = [t for t in tokens if t not in STOPWORDS] or tokens
    if not words:
        return []
    scored: list[tuple[int, int, str]] = []
    for order, brief in enumerate(briefs):
        present = set(tokenize(f"{brief.title or ''} {brief.text}"))
        score = sum(1 for w in words if w in present)
        if score:
            scored.append((-score, order, brief.rule_id))
    scored.sort()
    return [rule_id for _, _, rule_id in scored[:limit]]


def first_rank(ranked: Sequence[str], relevant: Sequence[str]) -> int | None:
    """1-based rank of the first relevant id in ``ranked``, or ``None``."""
    wanted = set(relevant)
    for rank, rule_id in enumerate(ranked, start=1):
        if rule_id in wanted:
            return rank
    return None


@dataclass
class Score:
    """Recall@k and MRR over a set of questions."""

    ranks: list[int | None] = field(default_factory=list)

    def add(self, rank: int | None) -> None:
        self.ranks.append(rank)

    def recall(self, k: int) -> float:
        if not self.ranks:
            return float("nan")
        return sum(1 for r in self.ranks if r is not None and r <= k) / len(self.ranks)

    @property
    def mrr(self) -> float:
        if not self.ranks:
            return float("nan")
        return sum(1 / r for r in self.ranks if r is not None) / len(self.ranks)


METHODS = ("ranked", "bm25", "baseline")
"""``ranked``: ``RulesService.search`` as the bot answers; ``bm25``: its first stage alone (the
question's words and player words in the full-text index, in bm25 order, as rules search ranked
before the feature ranking); ``baseline``: counting the question's words in each rule."""


@dataclass(frozen=True)
class Outcome:
    question: Question
    found: dict[str, list[str]]
    """Each method's first ``LIMIT`` rule ids."""
    corrections: dict[str, str]

    def rank(self, method: str) -> int | None:
        return first_rank(self.found[method], self.question.relevant)


def _table_header() -> str:
    ks = " | ".join(f"{f'recall@{k}':>9}" for k in KS)
    rule = "|".join("-" * 11 for _ in KS)
    return (
        f"| {'game':<12} | {'ranking':<8} | {'n':>3} | {ks} | {'MRR':>5} |\n"
        f"|{'-' * 14}|{'-' * 10}|{'-' * 5}|{rule}|{'-' * 7}|"
    )


def _table_row(game: str, method: str, score: Score) -> str:
    ks = " | ".join(f"{score.recall(k):>9.2f}" for k in KS)
    return f"| {game:<12} | {method:<8} | {len(score.ranks):>3} | {ks} | {score.mrr:>5.3f} |"


def _label(service: RulesService, game: str, rule_id: str) -> str:
    game_index = service.game_index(GAMES[game])
    for index in (game_index.default, *game_index.updates):
        brief = index.by_id.get(rule_id)
        if brief is not None:
            words = brief.title or " ".join(brief.text.split())
            return f"{rule_id} {words[:70]}{'…' if len(words) > 70 else ''}"
    return rule_id


async def _outcomes(service: RulesService, questions: dict[str, list[Question]]) -> dict[str, list[Outcome]]:
    """Each question searched by the full-text search and by the baseline."""
    outcomes: dict[str, list[Outcome]] = {}
    for game, items in questions.items():
        game_index = service.game_index(GAMES[game])
        known = {i for index in (game_index.default, *game_index.updates) for i in index.by_id}
        missing = sorted({r for q in items for r in q.relevant if r not in known})
        if missing:
            raise ValueError(f"{game}: relevant ids not in the imported rules: {missing}")
        briefs = game_index.default.briefs
        results: list[Outcome] = []
        for question in items:
            found = await service.search(GAMES[game], question.text, limit=LIMIT)
            candidates, _ = await service.candidates(
                game_index, game_index.default, game_index.lexicon.read(question.text)
            )
            first_stage = sorted(candidates, key=lambda ref: -candidates[ref])[:LIMIT]
            results.append(
                Outcome(
                    question=question,
                    found={
                        "ranked": [r.rule_id for r in found.results],
                        "bm25": [rule_id for _, rule_id in first_stage],
                        "baseline": baseline_rank(briefs, question.text, LIMIT),
                    },
                    corrections=dict(found.corrections),
                )
            )
        outcomes[game] = results
    return outcomes


def _print_scores(outcomes: dict[str, list[Outcome]]) -> None:
    """Recall@k and MRR per game (and overall) of each method, side by side."""
    print(_table_header())
    overall = {method: Score() for method in METHODS}
    for game, results in outcomes.items():
        for method in METHODS:
            score = Score()
            for outcome in results:
                score.add(outcome.rank(method))
                overall[method].add(outcome.rank(method))
            print(_table_row(game, method, score))
    for method in METHODS:
        print(_table_row("overall", method, overall[method]))


@asynccontextmanager
async def imported_rules() -> AsyncIterator[RulesService]:
    """A rules service over a fresh database with every rules document imported."""
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "rules.sqlite3")
        try:
            report = await import_rules(db, RULES_DIR)
            assert not report.failed, report.summary()
            service = RulesService(db)
            await service.load()
            yield service
        finally:
            await db.close()


async def main() -> None:
    questions = load_questions()
    players = load_questions(PLAYERS_DIR)
    async with imported_rules() as service:
        outcomes = await _outcomes(service, questions)
        print("\nRules search quality: recall@k and MRR on bench/questions/*.toml (top 10)")
        print(
            "ranked = RulesService.search; bm25 = its full-text first stage alone; "
            "baseline = count of query words in each rule's text\n"
        )
        _print_scores(outcomes)
        player_outcomes = await _outcomes(service, players)
        for split in SPLITS:
            chosen = {
                game: [o for o in results if o.question.split == split]
                for game, results in player_outcomes.items()
            }
            print(
                f"\nQuestions as players type them (bench/questions/players/), {split} split"
                + (": no tuning looks at it" if split == "test" else "")
                + "\n"
            )
            _print_scores(chosen)

        asked = [(game, q.text) for game, items in players.items() for q in items]
        briefs = {game: service.game_index(GAMES[game]).default.briefs for game in players}
        await service.search(GAMES[asked[0][0]], asked[0][1])
        timed = await time_async(asked, lambda q: service.search(GAMES[q[0]], q[1], limit=LIMIT))
        naive = time_sync(asked, lambda q: baseline_rank(briefs[q[0]], q[1], LIMIT))
        print("\nSearch latency on the players' questions (both splits), beside the baseline\n")
        print(HEADER)
        print(row("RulesService.search (fts candidates, ranking)", timed))
        print(row("baseline: count query words in every rule", naive))

        missed = [o for results in outcomes.values() for o in results if o.rank("ranked") is None]
        print(f"\nMissed by the ranking (no relevant id in the top {LIMIT}): {len(missed)}\n")
        for outcome in missed:
            q = outcome.question
            ranked = outcome.found["ranked"]
            first = _label(service, q.game, ranked[0]) if ranked else "(no results)"
            base = f"rank {outcome.rank('baseline')}" if outcome.rank("baseline") else "missed too"
            print(f"- [{q.game}] {q.text!r}")
            print(f"    wanted {', '.join(q.relevant)}; first instead: {first}")
            fixed = ", ".join(f"{k}->{v}" for k, v in outcome.corrections.items())
            print(f"    baseline: {base}" + (f"; corrections: {fixed}" if fixed else ""))

        late = [o for results in outcomes.values() for o in results if (o.rank("ranked") or 1) > 1]
        print(f"\nFound by the ranking but not first: {len(late)}\n")
        for outcome in late:
            q = outcome.question
            first = _label(service, q.game, outcome.found["ranked"][0])
            print(f"- [{q.game}] {q.text!r}: rank {outcome.rank('ranked')}; first: {first}")


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
