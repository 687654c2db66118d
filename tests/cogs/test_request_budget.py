"""The bot token's request budget (cogs/message_edits.RequestBudget): never more requests in any one
second than it allows, the next one waiting for the oldest to age out, and no wait while it has room.
Time is a fake clock that a sleep moves on."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.message_edits import RequestBudget


class Clock:
    """Time that passes only when slept."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds


def _budget(per_second: int) -> tuple[RequestBudget, Clock]:
    clock = Clock()
    return RequestBudget(per_second, clock=clock, sleep=clock.sleep), clock


async def test_a_full_second_waits_for_its_oldest_request_to_age_out() -> None:
    budget, clock = _budget(50)
    for _ in range(50):
        await budget.take()
    assert clock.slept == 0 and budget.in_last_second() == 50
    await budget.take()
    assert clock.now == pytest.approx(1.0), "the 51st waits for the first to be a second old"
    clock.now = 5.0
    assert budget.in_last_second() == 0
    await budget.take()
    assert clock.now == 5.0, "room again: no wait"


@given(
    per_second=st.integers(min_value=1, max_value=8),
    gaps=st.lists(st.floats(min_value=0, max_value=0.7), min_size=1, max_size=60),
)
def test_no_second_holds_more_requests_than_the_budget(per_second: int, gaps: list[float]) -> None:
    budget, clock = _budget(per_second)
    made: list[float] = []

    async def run() -> None:
        for gap in gaps:
            clock.now += gap
            asked = clock.now
            await budget.take()
            assert clock.now >= asked
            made.append(clock.now)

    asyncio.run(run())
    for start in made:
        within = [at for at in made if start <= at < start + 1.0]
        assert len(within) <= per_second, (start, within)


async def test_requests_waiting_together_go_one_slot_each() -> None:
    budget, clock = _budget(2)
    for _ in range(2):
        await budget.take()
    waiting = [asyncio.create_task(budget.take()) for _ in range(3)]
    await asyncio.gather(*waiting)
    assert budget.in_last_second() <= 2 and clock.now >= 1.0


def test_a_budget_allows_at_least_one_request() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        RequestBudget(0)
