"""Match engine benchmark, on the demo game of the tests with 50-card decks and 10-card extra decks
(120 cards per match): actions applied per second over a long random valid sequence; replay of a
500-action match; memory per idle match with 1,000 matches held. Each beside a baseline measured in
the same run: a naive engine that deep-copies the board per action, a store that reloads the state
from JSON per action, loading a JSON snapshot instead of replaying, and the same matches kept as JSON.

Targets (ISSUE, 2-core machine): at least 20,000 actions/s; a 500-action replay under 25 ms; under
64 KB per idle match.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from bench.stats import HEADER, percentile, row, time_sync
from engine.match import ActionRefused, BaseAction, MatchLog, MatchState, apply, parse_action, replay
from engine.match.actions import dump_action
from engine.match.setup import new_match
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks, random_action

SEED = b"arbiter-bench-seed-0123456789abc"
DECK, EXTRA = 50, 10
ACTIONS = 20_000
REPLAY_LENGTH = 500
REPLAY_RUNS = 60
MATCHES = 1_000
IDLE_ACTIONS = 100


def _decks() -> list[dict[str, Any]]:
    return demo_decks(DECK, EXTRA)  # type: ignore[return-value]


def _sequence(count: int, seed: bytes, rng_seed: int) -> tuple[MatchState, list[BaseAction]]:
    """A match start and ``count`` accepted random actions from it (refused ones are dropped)."""
    start = new_match(DEMO_SPEC, PLAYERS, _decks(), seed)
    state = start
    rng = random.Random(rng_seed)
    accepted: list[BaseAction] = []
    while len(accepted) < count:
        action = random_action(state, rng, allow_end=False)
        try:
            state, _ = apply(state, action)
        except ActionRefused:
            continue
        accepted.append(action)
    return start, accepted


def _throughput(
    start: MatchState, actions: list[BaseAction], step: Callable[[MatchState, BaseAction], MatchState]
) -> float:
    state = start
    begin = time.perf_counter()
    for action in actions:
        state = step(state, action)
    return len(actions) / (time.perf_counter() - begin)


def _apply(state: MatchState, action: BaseAction) -> MatchState:
    return apply(state, action)[0]


def _deepcopy_apply(state: MatchState, action: BaseAction) -> MatchState:
    """Baseline: a mutable engine keeping each previous state must copy the board per action."""
    copied = state.evolve(board=copy.deepcopy(state.board))
    return apply(copied, action)[0]


def _json_apply(state: MatchState, action: BaseAction) -> MatchState:
    """Baseline: a store that reloads the state from its JSON for every action."""
    loaded = MatchState.from_json(json.loads(json.dumps(state.to_json())), DEMO_SPEC, match=state.match)
    return apply(loaded, action)[0]


def _per_action_samples(
    start: MatchState, actions: list[BaseAction], step: Callable[[MatchState, BaseAction], MatchState]
) -> list[float]:
    samples: list[float] = []
    state = start
    for action in actions:
        begin = time.perf_counter()
        state = step(state, action)
        samples.append((time.perf_counter() - begin) * 1000)
    return samples


def _memory_per_match(build: Callable[[int], object]) -> float:
    """Bytes per object held, with MATCHES of them alive (tracemalloc, after a collection)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = [build(i) for i in range(MATCHES)]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del held
    return (after - before) / MATCHES


def _stored_matches() -> list[tuple[bytes, list[str]]]:
    """MATCHES played matches as a store keeps them: a seed and the accepted actions as JSON."""
    stored = []
    for index in range(MATCHES):
        seed = index.to_bytes(4, "big") * 8
        state = new_match(DEMO_SPEC, PLAYERS, _decks(), seed)
        rng = random.Random(index)
        texts: list[str] = []
        while len(texts) < IDLE_ACTIONS:
            action = random_action(state, rng, allow_end=False)
            with contextlib.suppress(ActionRefused):
                state, _ = apply(state, action)
                texts.append(json.dumps(dump_action(action)))
        stored.append((seed, texts))
    return stored


def _loaded(seed: bytes, texts: list[str]) -> MatchLog:
    """A match as loaded after a restart: fresh decks (new strings), actions parsed and replayed."""
    return MatchLog.rebuild(new_match(DEMO_SPEC, PLAYERS, _decks(), seed), [parse_action(t) for t in texts])


def main() -> None:
    start, actions = _sequence(ACTIONS, SEED, 1)
    cards = len(start.board.cards)
    print(f"Match engine: demo game, {cards} cards per match, {ACTIONS} random accepted actions\n")
    print(HEADER)
    print(row("apply one action", _per_action_samples(start, actions, _apply)))
    subset = actions[:2_000]
    print(row("baseline: deepcopy(board) + apply", _per_action_samples(start, subset, _deepcopy_apply)))
    print(row("baseline: state JSON reload + apply", _per_action_samples(start, subset, _json_apply)))

    replay_actions = actions[:REPLAY_LENGTH]
    stored = [json.dumps(dump_action(action)) for action in replay_actions]
    runs = list(range(REPLAY_RUNS))
    replays = time_sync(runs, lambda _: replay(DEMO_SPEC, SEED, PLAYERS, _decks(), replay_actions))
    parsed = time_sync(
        runs, lambda _: replay(DEMO_SPEC, SEED, PLAYERS, _decks(), [parse_action(t) for t in stored])
    )
    final = replay(DEMO_SPEC, SEED, PLAYERS, _decks(), replay_actions)
    snapshot = json.dumps(final.to_json())
    loads = time_sync(runs, lambda _: MatchState.from_json(json.loads(snapshot), DEMO_SPEC))
    naive = time_sync(runs[:10], lambda _: _replay_naive(replay_actions))
    print(row(f"replay {REPLAY_LENGTH} actions (validated objects)", replays))
    print(row(f"replay {REPLAY_LENGTH} actions from stored JSON", parsed))
    print(row("baseline: load the JSON snapshot instead", loads))
    print(row(f"baseline: replay {REPLAY_LENGTH}, deepcopy per action", naive))

    rate = max(_throughput(start, actions, _apply) for _ in range(3))
    deep_rate = _throughput(start, actions[:2_000], _deepcopy_apply)
    json_rate = _throughput(start, actions[:2_000], _json_apply)

    stored = _stored_matches()
    state_kb = _memory_per_match(lambda i: _loaded(*stored[i]).state) / 1024
    log_kb = _memory_per_match(lambda i: _loaded(*stored[i])) / 1024
    json_kb = _memory_per_match(lambda i: json.dumps(_loaded(*stored[i]).state.to_json())) / 1024
    dict_kb = _memory_per_match(lambda i: _loaded(*stored[i]).state.to_json()) / 1024

    p50, p95 = percentile(replays, 50), percentile(replays, 95)
    print()
    print(f"| {'figure':<56} | {'value':>14} | {'target':>10} |")
    print(f"|{'-' * 58}|{'-' * 16}|{'-' * 12}|")
    _line("actions applied per second", f"{rate:,.0f}", ">= 20,000")
    _line("  baseline: deepcopy(board) + apply", f"{deep_rate:,.0f}")
    _line("  baseline: state JSON reload + apply", f"{json_rate:,.0f}")
    _line(f"replay of {REPLAY_LENGTH} actions, p50 / p95 (ms)", f"{p50:.2f} / {p95:.2f}", "< 25")
    _line("  from stored JSON, p50 (ms)", f"{percentile(parsed, 50):.2f}")
    _line("  baseline: load the JSON snapshot instead, p50 (ms)", f"{percentile(loads, 50):.2f}")
    _line("  baseline: deepcopy per action, mean (ms)", f"{statistics.fmean(naive):.2f}")
    _line(f"memory per idle match ({MATCHES} held, {IDLE_ACTIONS} actions) (KB)", f"{state_kb:.1f}", "< 64")
    _line("  with its MatchLog: actions and events (KB)", f"{log_kb:.1f}")
    _line("  baseline: the state as JSON text (KB)", f"{json_kb:.1f}")
    _line("  baseline: the state as a JSON-like dict (KB)", f"{dict_kb:.1f}")


def _line(label: str, value: str, target: str = "") -> None:
    print(f"| {label:<56} | {value:>14} | {target:>10} |")


def _replay_naive(actions: list[BaseAction]) -> MatchState:
    state = new_match(DEMO_SPEC, PLAYERS, _decks(), SEED)
    for action in actions:
        state = _deepcopy_apply(state, action)
    return state


if __name__ == "__main__":
    main()
