"""Swiss pairing benchmark: time per round of :func:`engine.tournament.pair_round` for 64, 512 and
2,048 players over full events with random results (draws included), beside plain
``networkx.max_weight_matching`` over the whole field measured in the same run, on the same rounds.

The baseline is the textbook approach: one complete graph of the active players (plus a bye vertex
when the field is odd), weight ``BIG - ((points difference)² + REMATCH × times met)``, maximum
cardinality. It runs in a child process with a time budget per round; a round over budget is
reported as "> N s" (the child is stopped).

Target (ISSUE, 2-core machine): a 512-player round pairs in under one second.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time
from collections.abc import Sequence

import networkx as nx

from bench.stats import HEADER, percentile, row
from engine.tournament import EventConfig, MatchResult, Pairing, Player, compute_standings, pair_round
from engine.tournament.model import default_rounds
from engine.tournament.pairing import History

SIZES = {64: 5, 512: 3, 2048: 2}  # players: events simulated (every round of each is timed)
BASELINE_ROUNDS = {64: [2, 3, 4, 5, 6], 512: [2, 5, 9], 2048: [2, 6]}  # rounds of the first event
BASELINE_BUDGET_S = 60.0
TARGET_MS = 1000.0


def _result(rng: random.Random, round_number: int, table: Pairing) -> MatchResult:
    if table.player_b is None:
        return MatchResult.bye(round_number, table.player_a)
    roll = rng.random()
    if roll < 0.45:
        return MatchResult(round_number, table.player_a, table.player_b, 2, rng.choice([0, 1]))
    if roll < 0.9:
        return MatchResult(round_number, table.player_a, table.player_b, rng.choice([0, 1]), 2)
    return MatchResult(round_number, table.player_a, table.player_b, 1, 1, 1)


def _event(size: int, seed: int) -> tuple[list[float], list[tuple[list[Player], list[MatchResult], int]]]:
    """Play one event; return the pairing time per round (ms) and each round's inputs."""
    rng = random.Random(seed)
    players = [Player(f"p{i:04d}", f"Player {i}") for i in range(size)]
    config = EventConfig(rounds=default_rounds(size))
    results: list[MatchResult] = []
    times: list[float] = []
    states = []
    for round_number in range(1, default_rounds(size) + 1):
        states.append((players, list(results), round_number))
        start = time.perf_counter()
        tables = pair_round(players, results, round_number, seed, config)
        times.append((time.perf_counter() - start) * 1000)
        results.extend(_result(rng, round_number, t) for t in tables)
        if round_number == 2:  # a few drops make later fields odd now and then
            players = [
                Player(p.id, p.name, dropped_after_round=2) if i % 37 == 5 else p
                for i, p in enumerate(players)
            ]
    return times, states


def _baseline_inputs(
    players: list[Player], results: list[MatchResult], round_number: int
) -> tuple[list[str], dict[str, int], list[tuple[str, str, int]]]:
    standings = compute_standings(players, results, through_round=round_number - 1)
    by_id = {p.id: p for p in players}
    active = [r.player_id for r in standings if by_id[r.player_id].is_active(round_number)]
    points = {r.player_id: r.match_points for r in standings}
    history = History.of(results)
    met = [(a, b, n) for a, counter in history.met.items() for b, n in counter.items() if a < b]
    return active, points, met


def _networkx_round(active: list[str], points: dict[str, int], met: list[tuple[str, str, int]]) -> float:
    """Plain max_weight_matching over the whole field; returns the time (ms), graph build included."""
    start = time.perf_counter()
    times_met = {(a, b): n for a, b, n in met}
    times_met.update({(b, a): n for a, b, n in met})
    spread = (max(points[p] for p in active) - min(points[p] for p in active)) ** 2
    rematch = (spread + 1) * len(active)
    big = rematch * 4
    graph = nx.Graph()
    for i, a in enumerate(active):
        for b in active[i + 1 :]:
            cost = (points[a] - points[b]) ** 2 + rematch * times_met.get((a, b), 0)
            graph.add_edge(a, b, weight=big - cost)
        if len(active) % 2:
            graph.add_edge(a, "<bye>", weight=big)
    nx.max_weight_matching(graph, maxcardinality=True)
    return (time.perf_counter() - start) * 1000


def _child(queue: mp.Queue, args: tuple[list[str], dict[str, int], list[tuple[str, str, int]]]) -> None:
    queue.put(_networkx_round(*args))


def _timed_baseline(args: tuple[list[str], dict[str, int], list[tuple[str, str, int]]]) -> float | None:
    """The baseline's time (ms) in a child process, or ``None`` past the budget."""
    ctx = mp.get_context("fork")
    queue: mp.Queue = ctx.Queue()
    process = ctx.Process(target=_child, args=(queue, args))
    process.start()
    process.join(BASELINE_BUDGET_S)
    if process.is_alive():
        process.terminate()
        process.join()
        return None
    return queue.get()


def _over_budget_row(name: str, done: Sequence[float], total: int) -> str:
    shown = f"> {BASELINE_BUDGET_S:.0f} s"
    p50 = f"{percentile(done, 50):>8.0f}" if done else f"{shown:>8}"
    return f"| {name:<52} | {total:>6} | {p50} | {shown:>8} | {shown:>8} | {'-':>8} |"


def main() -> None:
    print("\n## Swiss pairing: time per round (ms), full events with random results\n")
    print(HEADER)
    summary: dict[int, float] = {}
    for size, events in SIZES.items():
        samples: list[float] = []
        first_states: list[tuple[list[Player], list[MatchResult], int]] = []
        for seed in range(events):
            times, states = _event(size, seed)
            samples.extend(times)
            if seed == 0:
                first_states = states
        summary[size] = percentile(samples, 95)
        print(row(f"pair_round, {size} players ({default_rounds(size)} rounds x {events})", samples))
        baseline: list[float] = []
        timed_out = 0
        wanted = [s for s in first_states if s[2] in BASELINE_ROUNDS[size]]
        for players, results, round_number in wanted:
            if timed_out:
                timed_out += 1  # a later round of the same field: do not spend the budget again
                continue
            took = _timed_baseline(_baseline_inputs(players, results, round_number))
            if took is None:
                timed_out += 1
            else:
                baseline.append(took)
        name = f"networkx.max_weight_matching, whole field, {size}"
        print(_over_budget_row(name, baseline, len(wanted)) if timed_out else row(name, baseline))
    verdict = "met" if summary[512] < TARGET_MS else "MISSED"
    print(f"\nTarget: a 512-player round under {TARGET_MS:.0f} ms: p95 {summary[512]:.1f} ms ({verdict}).")


if __name__ == "__main__":
    main()
