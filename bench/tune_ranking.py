"""Fitting the rules ranking's weights (``engine.rules.ranking.WEIGHTS``) on the dev questions.

Reads the older question set (``bench/questions/*.toml``) and only the ``dev`` split of the players'
set: the ``test`` split is never loaded here, so what ``python -m bench quality`` reports on it stays
a measurement. Each question's candidates and features are computed once; coordinate ascent then
tries each weight on a grid, keeping a change only when the objective (recall@1 + recall@5 + MRR,
the mean over the four games) improves. It prints the weights to put into ``WEIGHTS`` and the
objective before and after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bench.rules_quality import PLAYERS_DIR, Question, imported_rules, load_questions
from bot.services.rules import RulesService
from engine.games import GAMES
from engine.rules.ranking import FEATURES, WEIGHTS, RuleRef

GRID = (-5.0, -3.0, -2.0, -1.0, -0.5, 0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 13.0)
PASSES = 4


@dataclass(frozen=True)
class Case:
    game: str
    relevant: frozenset[str]
    vectors: list[tuple[RuleRef, list[float]]]
    """Candidates in full-text order, each with its features."""


def _rank(case: Case, weights: Sequence[float]) -> int | None:
    scored = [
        (-sum(w * v for w, v in zip(weights, vector, strict=True)), n, ref)
        for n, (ref, vector) in enumerate(case.vectors)
    ]
    scored.sort()
    for position, (_, _, ref) in enumerate(scored[:10], start=1):
        if ref[1] in case.relevant:
            return position
    return None


def objective(cases: Sequence[Case], weights: Sequence[float]) -> float:
    """Mean over games of recall@1 + recall@5 + MRR (top 10)."""
    per_game: dict[str, list[int | None]] = {}
    for case in cases:
        per_game.setdefault(case.game, []).append(_rank(case, weights))
    total = 0.0
    for ranks in per_game.values():
        n = len(ranks)
        total += sum(1 for r in ranks if r == 1) / n
        total += sum(1 for r in ranks if r is not None and r <= 5) / n
        total += sum(1 / r for r in ranks if r is not None) / n
    return total / max(1, len(per_game))


async def _cases(service: RulesService, questions: dict[str, list[Question]]) -> list[Case]:
    cases: list[Case] = []
    for game, items in questions.items():
        game_index = service.game_index(GAMES[game])
        index = game_index.default
        ranking = game_index.ranking(index)
        for question in items:
            if question.split != "dev":
                continue
            reading = game_index.lexicon.read(question.text)
            candidates, linked = await service.candidates(game_index, index, reading)
            vectors = ranking.features(reading, candidates, linked)
            order = sorted(vectors, key=lambda ref: -candidates.get(ref, 0.0))
            cases.append(Case(game, frozenset(question.relevant), [(ref, vectors[ref]) for ref in order]))
    return cases


async def main() -> None:
    older = load_questions()
    players = {
        game: [q for q in items if q.split == "dev"] for game, items in load_questions(PLAYERS_DIR).items()
    }
    async with imported_rules() as service:
        cases = await _cases(service, older) + await _cases(service, players)
    weights = [WEIGHTS[name] for name in FEATURES]
    start = best = objective(cases, weights)
    for _ in range(PASSES):
        changed = False
        for i in range(len(FEATURES)):
            for value in GRID:
                trial = list(weights)
                trial[i] = value
                found = objective(cases, trial)
                if found > best + 1e-9:
                    best, weights, changed = found, trial, True
        if not changed:
            break
    print(f"{len(cases)} dev questions; objective {start:.3f} -> {best:.3f} (recall@1 + recall@5 + MRR)")
    print("WEIGHTS = {")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f'    "{name}": {value},')
    print("}")


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
