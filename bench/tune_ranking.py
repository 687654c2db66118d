"""Fitting the rules ranking's weights (``engine.rules.ranking.WEIGHTS``) on the dev questions.

Reads the older question set (``bench/questions/*.toml``) and only the ``dev`` split of the players'
set: the ``test`` split is never loaded here, so what ``python -m bench quality`` reports on it stays
a measurement. Each question's candidates and features are computed once; coordinate ascent then
tries each weight on a grid, keeping a change only when the objective (recall@1 + recall@5 + MRR,
the mean over the four games) improves. It prints the weights to put into ``WEIGHTS`` and the
objective before and after.

With ``--folds K`` it also estimates how well the fitting generalises: the dev questions are cut into
K folds, the weights are fitted on all folds but one and scored on the one left out, and the held-out
recall@1, recall@5 and MRR per game are printed beside the in-sample ones. A change to the features
earns its place when the held-out scores rise, not only the fitted ones.
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


def _scores(ranks: Sequence[int | None]) -> tuple[float, float, float]:
    """Recall@1, recall@5 and MRR (top 10) of some first-relevant ranks."""
    n = max(1, len(ranks))
    return (
        sum(1 for r in ranks if r == 1) / n,
        sum(1 for r in ranks if r is not None and r <= 5) / n,
        sum(1 / r for r in ranks if r is not None) / n,
    )


def _ranks_per_game(cases: Sequence[Case], weights: Sequence[float]) -> dict[str, list[int | None]]:
    per_game: dict[str, list[int | None]] = {}
    for case in cases:
        per_game.setdefault(case.game, []).append(_rank(case, weights))
    return per_game


def objective(cases: Sequence[Case], weights: Sequence[float]) -> float:
    """Mean over games of recall@1 + recall@5 + MRR (top 10)."""
    per_game = _ranks_per_game(cases, weights)
    return sum(sum(_scores(ranks)) for ranks in per_game.values()) / max(1, len(per_game))


def fit(cases: Sequence[Case], start: Sequence[float]) -> list[float]:
    """Coordinate ascent on the grid from ``start``: a change is kept only when the objective rises."""
    weights = list(start)
    best = objective(cases, weights)
    for _ in range(PASSES):
        changed = False
        for i in range(len(weights)):
            for value in GRID:
                trial = list(weights)
                trial[i] = value
                found = objective(cases, trial)
                if found > best + 1e-9:
                    best, weights, changed = found, trial, True
        if not changed:
            break
    return weights


def cross_validate(cases: Sequence[Case], start: Sequence[float], folds: int) -> None:
    """Fit on all folds but one, score the one left out; print held-out and in-sample scores per game."""
    held_out: dict[str, list[int | None]] = {}
    for fold in range(folds):
        train = [c for n, c in enumerate(cases) if n % folds != fold]
        scored = [c for n, c in enumerate(cases) if n % folds == fold]
        weights = fit(train, start)
        for game, ranks in _ranks_per_game(scored, weights).items():
            held_out.setdefault(game, []).extend(ranks)
    in_sample = _ranks_per_game(cases, fit(cases, start))
    print(f"\n{folds}-fold cross-validation on the dev questions (recall@1 / recall@5 / MRR)")
    print("| game | n | held out | fitted on all |")
    print("|---|---|---|---|")
    for game in sorted(held_out):
        out, fitted = _scores(held_out[game]), _scores(in_sample[game])
        print(
            f"| {game} | {len(held_out[game])} | "
            + " / ".join(f"{v:.2f}" for v in out)
            + " | "
            + " / ".join(f"{v:.2f}" for v in fitted)
            + " |"
        )


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


async def main(folds: int = 0) -> None:
    older = load_questions()
    players = {
        game: [q for q in items if q.split == "dev"] for game, items in load_questions(PLAYERS_DIR).items()
    }
    async with imported_rules() as service:
        cases = await _cases(service, older) + await _cases(service, players)
    current = [WEIGHTS[name] for name in FEATURES]
    weights = fit(cases, current)
    start, best = objective(cases, current), objective(cases, weights)
    print(f"{len(cases)} dev questions; objective {start:.3f} -> {best:.3f} (recall@1 + recall@5 + MRR)")
    print("WEIGHTS = {")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f'    "{name}": {value},')
    print("}")
    if folds > 1:
        cross_validate(cases, current, folds)


if __name__ == "__main__":
    import argparse
    import asyncio

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=0, help="also cross-validate with this many folds")
    asyncio.run(main(parser.parse_args().folds))
