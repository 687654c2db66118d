"""The tournament service as use cases: every method of :class:`TournamentService` is one use case
function given the service's context, with that function's signature; and the sentences a transport
asks for before it shows a round or the standings are the ones the use cases refuse with."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.services.tournaments import Actor, TournamentService
from bot.services.tournaments.service import UseCase
from bot.store.database import Database
from engine.tournament import TournamentError

GUILD = 10
ORG = Actor("900", GUILD, is_organizer=True)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TournamentService]:
    database = await Database.open(tmp_path / "tournaments.sqlite3")
    try:
        yield TournamentService(database, clock=lambda: datetime(2025, 3, 7, 18, 0, tzinfo=UTC))
    finally:
        await database.close()


def test_every_method_is_one_use_case_with_its_signature() -> None:
    offered = {name: item for name, item in vars(TournamentService).items() if isinstance(item, UseCase)}
    assert len(offered) > 40
    for name, item in offered.items():
        function = item.function
        assert function.__module__.startswith("bot.services.tournaments."), name
        parameters = list(inspect.signature(function).parameters.values())
        assert parameters[0].name == "ctx", name
        assert item.__doc__ == function.__doc__, name


async def test_a_method_calls_its_function_with_the_service_context(service: TournamentService) -> None:
    event = await service.create_event(ORG, "Friday Vanguard", "vanguard", seed="s")
    assert (await service.event(ORG, event.id)).name == "Friday Vanguard"
    service.clock = lambda: datetime(2030, 1, 1, tzinfo=UTC)
    assert service.context.clock() == datetime(2030, 1, 1, tzinfo=UTC)


async def _refusal(call: object) -> str:
    with pytest.raises(TournamentError) as refused:
        await call  # type: ignore[misc]
    return str(refused.value)


async def test_the_refusals_a_transport_asks_for_are_the_use_cases(service: TournamentService) -> None:
    event = await service.create_event(ORG, "Friday Vanguard", "vanguard", seed="s")
    for n in range(1, 5):
        await service.register(Actor(str(n), GUILD), event.id, f"P{n}")
    await service.start_event(ORG, event.id)

    info = await service.event(ORG, event.id)
    sentence = service.pairings_refusal(info, info.name, None)
    assert sentence == "Friday Vanguard has no round paired yet."
    assert sentence == await _refusal(service.pairings(ORG, event.id))

    await service.pair_next_round(ORG, event.id)
    info = await service.event(ORG, event.id)
    assert service.pairings_refusal(info, info.name, 1) is None
    assert service.pairings_refusal(info, info.name, None) is None
    sentence = service.pairings_refusal(info, info.name, 2)
    assert sentence == "Friday Vanguard has no round 2 yet."
    assert sentence == await _refusal(service.pairings(ORG, event.id, 2))

    assert service.standings_refusal(info, info.name, None) is None
    assert service.standings_refusal(info, info.name, 0) is None
    sentence = service.standings_refusal(info, info.name, 1)
    assert sentence == "Standings exist through round 0 of Friday Vanguard; round 1 is not closed."
    assert sentence == await _refusal(service.standings(ORG, event.id, 1))
