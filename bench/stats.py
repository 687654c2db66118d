"""Latency statistics and table printing for the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def percentile(samples: Sequence[float], pct: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def row(name: str, samples_ms: Sequence[float]) -> str:
    return (
        f"| {name:<52} | {len(samples_ms):>6} | {percentile(samples_ms, 50):>8.3f} | "
        f"{percentile(samples_ms, 95):>8.3f} | {percentile(samples_ms, 99):>8.3f} | "
        f"{statistics.fmean(samples_ms):>8.3f} |"
    )


HEADER = (
    f"| {'measurement (ms)':<52} | {'n':>6} | {'p50':>8} | {'p95':>8} | {'p99':>8} | {'mean':>8} |\n"
    f"|{'-' * 54}|{'-' * 8}|{'-' * 10}|{'-' * 10}|{'-' * 10}|{'-' * 10}|"
)


async def time_async(items: Sequence[T], call: Callable[[T], Awaitable[object]]) -> list[float]:
    samples: list[float] = []
    for item in items:
        start = time.perf_counter()
        await call(item)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def time_sync(items: Sequence[T], call: Callable[[T], object]) -> list[float]:
    samples: list[float] = []
    for item in items:
        start = time.perf_counter()
        call(item)
        samples.append((time.perf_counter() - start) * 1000)
    return samples
