"""The tournament service tests' table: a server, its organizer, a settable clock, players, events
played round by round, and a check that a refused action changes no row."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.services.tournaments import (
    Actor,
    TournamentService,
)
from bot.store.database import Database
from engine.tournament import TournamentError

T0 = datetime(2025, 3, 7, 18, 0, tzinfo=UTC)


TABLES = (
    "tournament_guilds",
    "tournament_events",
    "tournament_players",
    "tournament_decklists",
    "tournament_rounds",
    "tournament_reminders",
    "tournament_matches",
    "tournament_seats",
    "tournament_results",
    "tournament_topcut",
    "tournament_audit",
)

GUILD = 10


ORG = Actor("900", GUILD, is_organizer=True)


class Clock:
    """A settable clock for the service."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> datetime:
        self.now += timedelta(minutes=minutes)
        return self.now


def player(n: int | str) -> Actor:
    return Actor(str(n), GUILD)


async def dump(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every tournament table, to compare before and after a refused action."""
    out = {}
    for table in TABLES:
        async with db.connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2") as cursor:
            out[table] = [tuple(row) for row in await cursor.fetchall()]
    return out


async def refused(
    db: Database, action: Awaitable[Any], match: str, error: type[Exception] = TournamentError
) -> None:
    """The action is refused with a sentence matching ``match`` and changes nothing."""
    before = await dump(db)
    with pytest.raises(error, match=match):
        await action
    assert await dump(db) == before


async def event_with(service: TournamentService, count: int, *, start: bool = True, **options: Any) -> int:
    """An event with players 1..count registered (names P1..), started unless told otherwise."""
    options.setdefault("seed", "s")
    event = await service.create_event(ORG, "Friday Vanguard", "vanguard", **options)
    for n in range(1, count + 1):
        await service.register(player(n), event.id, f"P{n}")
    if start:
        await service.start_event(ORG, event.id)
    return event.id


async def play_round(
    service: TournamentService, event_id: int, result: Callable[[int], tuple[int, int, int]] | None = None
) -> None:
    """Pair the next round and report every match (player A reports, B confirms)."""
    rnd = await service.pair_next_round(ORG, event_id)
    for m in rnd.matches:
        if m.is_bye or m.finished:
            continue
        wins, losses, draws = result(m.table) if result else (2, 1, 0)
        await service.report_result(player(m.player_a), event_id, wins, losses, draws)
        await service.confirm_result(player(m.player_b), event_id)
