"""Hostile tournament calls on a real SQLite file: any integers (past 2**63 too) and any text for
every setting, id and name. Each call succeeds or is refused with the project's own error in one
sentence, and a refusal leaves every table as it was."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services.tournaments import Actor, TournamentService
from bot.store.database import Database
from engine.errors import ArbiterError
from tests.hostile.common import UNSEEN_TEXTS, dump, one_sentence
from tests.property_costs import SERVICE

GUILD = 10
ORG = Actor("900", GUILD, is_organizer=True)

_ints = st.one_of(
    st.integers(-5, 40), st.integers(-(2**80), 2**80), st.sampled_from([2**63, 2**63 - 1, -(2**63)])
)
_texts = st.one_of(
    st.text(max_size=120),
    st.sampled_from(["²", "9" * 25, "\ud800", "bo5", "-1", "1", *UNSEEN_TEXTS]),
)

Call = Callable[[TournamentService, int], Awaitable[Any]]

_calls: st.SearchStrategy[Call] = st.one_of(
    st.builds(lambda n: lambda s, e: s.event(ORG, n), _ints),
    st.builds(lambda t: lambda s, e: s.find_event(GUILD, t), _texts),
    st.builds(lambda n: lambda s, e: s.configure_event(ORG, e, rounds=n), _ints),
    st.builds(lambda n: lambda s, e: s.configure_event(ORG, e, top_cut=n), _ints),
    st.builds(lambda n: lambda s, e: s.configure_event(ORG, e, capacity=n), _ints),
    st.builds(lambda n: lambda s, e: s.configure_event(ORG, e, round_minutes=n), _ints),
    st.builds(lambda n: lambda s, e: s.configure_event(ORG, e, channel_id=n), _ints),
    st.builds(lambda t: lambda s, e: s.configure_event(ORG, e, format=t), _texts),
    st.builds(lambda t: lambda s, e: s.configure_event(ORG, e, name=t), _texts),
    st.builds(lambda t, n: lambda s, e: s.create_event(ORG, t, "vanguard", rounds=n), _texts, _ints),
    st.builds(lambda t: lambda s, e: s.register(Actor(t[:20] or "x", GUILD), e, t), _texts),
    st.builds(lambda n: lambda s, e: s.pairings(ORG, e, n), _ints),
    st.builds(lambda n: lambda s, e: s.standings(ORG, e, n), _ints),
    st.builds(lambda n: lambda s, e: s.adjust_round_time(ORG, e, n), _ints),
    st.builds(lambda t: lambda s, e: s.submit_decklist(Actor("1", GUILD), e, t), st.text(max_size=3000)),
    st.builds(
        lambda a, b, c: lambda s, e: s.report_result(Actor("1", GUILD), e, a, b, c), _ints, _ints, _ints
    ),
    st.builds(lambda t: lambda s, e: s.drop(ORG, e, t), _texts),
)


@settings(SERVICE, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(calls=st.lists(_calls, min_size=1, max_size=4))
def test_any_tournament_call_succeeds_or_is_refused_cleanly(tmp_path: Path, calls: list[Call]) -> None:
    async def scenario() -> None:
        database = await Database.open(tmp_path / "hostile-tournament.sqlite3")
        try:
            service = TournamentService(database, clock=lambda: datetime(2025, 3, 7, 18, tzinfo=UTC))
            events = await service.list_events(GUILD)
            if events:
                event_id = events[0].id
            else:
                event_id = (await service.create_event(ORG, "Base", "vanguard", seed="s")).id
                for n in range(1, 5):
                    await service.register(Actor(str(n), GUILD), event_id, f"P{n}")
            for call in calls:
                before = await dump(database)
                try:
                    await call(service, event_id)
                except ArbiterError as error:
                    one_sentence(str(error))
                    assert await dump(database) == before
        finally:
            await database.close()

    asyncio.run(scenario())
