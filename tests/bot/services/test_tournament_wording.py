"""How the tournament's replies, audit lines and exports word what they count, over a real SQLite file:
an override quotes the earlier result the way it words the new one (same player order, with the
players' names), one round is "round 1" and not "rounds 1-1", and one of anything is singular."""

from __future__ import annotations

from collections.abc import AsyncIterator
from fractions import Fraction
from pathlib import Path

import pytest

from bot import actions
from bot.app import App
from bot.render import tournament as tr
from bot.services.tournaments import TournamentService
from bot.store.database import Database
from engine.tournament import TournamentError, start_top_cut
from engine.tournament.standings import Standing
from engine.tournament.wording import count, each_round, round_span
from tests.bot.services.tournament_helpers import GUILD, ORG, Clock, event_with, play_round, player


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "tournaments.sqlite3")
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def service(db: Database) -> TournamentService:
    return TournamentService(db, clock=Clock())


async def _overrides(service: TournamentService, event_id: int) -> list[str]:
    return [e.detail for e in await service.log(ORG, event_id) if e.action == "override result"]


async def test_an_override_quotes_the_earlier_report_in_the_order_of_the_new_one(
    service: TournamentService,
) -> None:
    event_id = await event_with(service, 2)
    m = (await service.pair_next_round(ORG, event_id)).matches[0]
    a, b = m.player_a, m.player_b
    assert b is not None
    # b reports a 1-2 loss from b's side: a won 2-1. The organizer then gives b the match, 2-1.
    await service.report_result(player(b), event_id, 1, 2)
    await service.enter_result(ORG, event_id, b, 2, 1)
    assert await _overrides(service, event_id) == [
        f"round 1: P{a} 1-2-0 P{b}, was P{a} 2-1-0 P{b} (reported)"
    ]
    # the result's note says the same, for whoever reads the match later
    table = (await service.pairings(ORG, event_id, 1)).matches[0]
    assert table.result is not None and table.result.note == f"was P{a} 2-1-0 P{b} (reported)"


async def test_an_override_of_a_double_loss_says_so_on_both_sides(service: TournamentService) -> None:
    event_id = await event_with(service, 2)
    m = (await service.pair_next_round(ORG, event_id)).matches[0]
    a, b = m.player_a, m.player_b
    await service.enter_result(ORG, event_id, a, 0, 0, 0, double_loss=True)
    await service.enter_result(ORG, event_id, a, 2, 0, round_number=1)
    assert await _overrides(service, event_id) == [
        f"round 1: P{a} 2-0-0 P{b}, was P{a} 0-0-0 P{b} (double loss, confirmed)"
    ]


def test_counts_and_round_spans() -> None:
    assert [count(n, "table") for n in (0, 1, 2)] == ["0 tables", "1 table", "2 tables"]
    assert count(1, "entry", "entries") == "1 entry" and count(3, "entry", "entries") == "3 entries"
    assert [round_span(1, 1), round_span(1, 3), round_span(2, 2)] == ["round 1", "rounds 1-3", "round 2"]
    assert [each_round(1, 1), each_round(1, 2)] == ["round 1", "each of rounds 1-2"]


async def test_a_late_entry_after_one_round_takes_a_loss_for_round_1(app: App) -> None:
    event_id = await event_with(app.tournaments, 4, rounds=3)
    await play_round(app.tournaments, event_id)
    reply = await actions.tournament_add_player(app, ORG, event_id, "50", "Latecomer")
    assert reply.panel.body.endswith("Late entry: paired from round 2, with a loss for round 1.")
    await app.tournaments.pair_next_round(ORG, event_id)
    later = await actions.tournament_add_player(app, ORG, event_id, "51", "Later")
    assert later.panel.body.endswith("paired from round 3, with a loss for each of rounds 1-2.")
    details = [e.detail for e in await app.tournaments.log(ORG, event_id) if e.action == "add player"]
    assert details[-2:] == [
        "Latecomer (50), late entry from round 2 (a loss for round 1)",
        "Later (51), late entry from round 3 (a loss for each of rounds 1-2)",
    ]
    assert not any("rounds 1-1" in d for d in details)


async def test_one_of_anything_is_singular(app: App) -> None:
    service = app.tournaments
    service.clock = Clock()  # the round's clock stands still: whole minutes left
    event = await service.create_event(ORG, "Tiny", "vanguard", rounds=1, round_minutes=1, seed="s")
    assert tr.events_panel(await service.list_events(GUILD)).footer == "1 event"
    joined = await actions.tournament_register(app, player(1), event.id, "P1")
    assert "(1 player)" in joined.panel.body
    info = await service.event(ORG, event.id)
    fields = dict(tr.event_fields(info))
    assert fields["Round length"] == "1 minute"
    automatic = await service.create_event(ORG, "Auto", "vanguard", seed="s")
    await service.register(player(1), automatic.id, "P1")
    assert dict(tr.event_fields(await service.event(ORG, automatic.id)))["Swiss rounds"] == (
        "auto (3 for 1 player)"
    )
    panel, _ = tr.players_panel(info, await service.players(ORG, event.id))
    assert (panel.footer or "").startswith("1 player")
    await service.submit_decklist(player(1), event.id, "4 Blaster Blade")
    await service.register(player(2), event.id, "P2")
    decklists = await service.export_decklists(ORG, event.id)
    assert decklists.startswith("# Tiny: decklists (1 of 2 players)")
    log_panel, _ = tr.log_panel(info, (await service.log(ORG, event.id))[:1])
    assert (log_panel.footer or "").startswith("1 entry,")
    assert any(e.detail == "1 decklist" for e in await service.log(ORG, event.id))

    started = await service.start_event(ORG, event.id)
    assert started.message.startswith("Tiny has started: 2 players, 1 Swiss round.")
    assert "1 Swiss round of" in tr.start_post(started).content
    assert "1 minute each" in tr.start_post(started).content
    rnd = await service.pair_next_round(ORG, event.id)
    assert "(1 table, 1 minute, ends" in tr.pairing_posts(rnd)[0].content
    clock = await actions.tournament_time(app, ORG, event.id, 1)
    assert "now lasts 2 minutes (+1); 2 minutes left." in clock.panel.body
    assert "clock +1 minute," in clock.posts[0].content
    shorter = await actions.tournament_time(app, ORG, event.id, -1)
    assert "now lasts 1 minute (-1); 1 minute left." in shorter.panel.body


def test_a_top_cut_short_of_players_says_how_many_are_still_in() -> None:
    zero = Fraction(0)
    rows = [
        Standing(rank, p, p, 3, 1, 0, 0, 0, 1, 2, 2, zero, zero, zero, zero, (), p != "a")
        for rank, p in enumerate("abcd", 1)
    ]
    with pytest.raises(TournamentError, match=r"only 1 is still in the event\."):
        start_top_cut(rows, 4)
