"""The service's front doors that choose between the Swiss and the top cut (report, enter, outstanding,
open_top_cut, find_player) and report keys naming their player, over a real SQLite file; and a
property: any sequence of reports, confirmations, disputes, drops and overrides leaves one result row
per match, and a refused action changes nothing."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.services.tournaments import (
    Actor,
    EventStatus,
    ReportKey,
    ReportOutcome,
    RoundInfo,
    TopCutInfo,
    TournamentService,
    report_key,
)
from bot.store.database import Database
from engine.tournament import TournamentError
from tests.bot.services.tournament_helpers import ORG, Clock, dump, event_with, play_round, player, refused
from tests.property_costs import MATCHES


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


async def _to_top_cut(service: TournamentService, size: int = 4) -> int:
    event_id = await event_with(service, 8, top_cut=size)
    for _ in range(3):
        await play_round(service, event_id)
    return event_id


async def test_report_in_the_swiss_is_report_result(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    m = rnd.matches[0]
    outcome = await service.report(player(m.player_a), event_id, 2, 1, 0)
    assert isinstance(outcome, ReportOutcome)
    assert (outcome.state, outcome.notify) == ("reported", (m.player_b,))
    done = await service.report(player(m.player_b), event_id, 1, 2, 0)
    assert isinstance(done, ReportOutcome) and done.state == "confirmed"


async def test_report_in_the_top_cut_is_made_by_the_loser(service: TournamentService, db: Database) -> None:
    event_id = await _to_top_cut(service)
    cut, seeded = await service.open_top_cut(ORG, event_id)
    assert seeded and cut.current_round == 1
    first = cut.current_matches[0]
    loser = player(first.player_b)
    await refused(db, service.report(loser, event_id, 1, 1, 0), "needs a winner: report the games")
    await refused(db, service.report(loser, event_id, 0, 0, 0, double_loss=True), "needs a winner")
    await refused(db, service.report(loser, event_id, 2, 0, 0), "the player who lost reports")
    after = await service.report(loser, event_id, 0, 2, 0)
    assert isinstance(after, TopCutInfo)
    assert after.rounds[0][0].winner == first.player_a
    assert "beats" in after.message
    await refused(db, service.report(loser, event_id, 0, 2, 0), "You have no undecided match")


async def test_open_top_cut_shows_it_once_seeded_and_to_players(service: TournamentService) -> None:
    event_id = await _to_top_cut(service)
    with pytest.raises(TournamentError, match="no top cut seeded"):
        await service.open_top_cut(player(1), event_id)
    cut, seeded = await service.open_top_cut(ORG, event_id)
    assert seeded and cut.event.status is EventStatus.TOPCUT
    again, seeded_again = await service.open_top_cut(ORG, event_id)
    assert not seeded_again and again.rounds == cut.rounds


async def test_enter_records_corrects_and_overrides(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    m = rnd.matches[0]
    await refused(db, service.enter(player(1), event_id, m.player_a, 2, 0, 0), "Only tournament organizers")
    swiss = await service.enter(ORG, event_id, m.player_a, 2, 0, 0)
    assert isinstance(swiss, ReportOutcome) and swiss.message.startswith("Result entered")
    again = await service.enter(ORG, event_id, m.player_a, 0, 2, 0, round_number=1)
    assert isinstance(again, ReportOutcome) and again.message.startswith("Result overridden")


async def test_enter_in_the_top_cut_names_the_winner_and_corrects_a_final(
    service: TournamentService, db: Database
) -> None:
    event_id = await _to_top_cut(service)
    cut, _ = await service.open_top_cut(ORG, event_id)
    first, second = cut.current_matches
    await refused(db, service.enter(ORG, event_id, first.player_a, 1, 1, 0), "needs a winner")
    await service.enter(ORG, event_id, first.player_a, 2, 0, 0)
    # A loss names the opponent as winner.
    await service.enter(ORG, event_id, second.player_a, 0, 2, 0)
    cut = await service.top_cut(ORG, event_id)
    assert cut.rounds[0][1].winner == second.player_b
    final = cut.current_matches[0]
    done = await service.enter(ORG, event_id, final.player_a, 2, 1, 0)
    assert isinstance(done, TopCutInfo) and done.champion == final.player_a
    assert done.event.status is EventStatus.FINISHED
    # After the end an organizer's entry corrects the final (the event's cut was seeded).
    fixed = await service.enter(ORG, event_id, final.player_a, 0, 2, 0)
    assert isinstance(fixed, TopCutInfo) and fixed.champion == final.player_b
    assert fixed.message.startswith("Corrected:")


async def test_a_cancelled_event_without_a_seeded_cut_takes_swiss_entries(service: TournamentService) -> None:
    event_id = await event_with(service, 4, top_cut=4)
    rnd = await service.pair_next_round(ORG, event_id)
    await service.cancel_event(ORG, event_id)
    m = rnd.matches[0]
    outcome = await service.enter(ORG, event_id, m.player_a, 2, 0, 0)
    assert isinstance(outcome, ReportOutcome)


async def test_outstanding_is_the_round_or_the_bracket(service: TournamentService) -> None:
    event_id = await event_with(service, 8, top_cut=4)
    with pytest.raises(TournamentError, match="has no round paired yet"):
        await service.outstanding(player(1), event_id)
    await service.pair_next_round(ORG, event_id)
    rnd = await service.outstanding(player(1), event_id)
    assert isinstance(rnd, RoundInfo) and len(rnd.missing) == 4
    for _ in range(2):
        for m in (await service.pairings(ORG, event_id)).missing:
            await service.enter_result(ORG, event_id, m.player_a, 2, 0, 0)
        await service.pair_next_round(ORG, event_id)
    for m in (await service.pairings(ORG, event_id)).missing:
        await service.enter_result(ORG, event_id, m.player_a, 2, 0, 0)
    await service.open_top_cut(ORG, event_id)
    bracket = await service.outstanding(player(1), event_id)
    assert isinstance(bracket, TopCutInfo) and bracket.current_round == 1


async def test_find_player_by_id_or_name(service: TournamentService) -> None:
    event_id = await event_with(service, 3, start=False)
    assert await service.find_player(ORG, event_id, "2") == "2"
    assert await service.find_player(ORG, event_id, "  p3 ") == "3"
    assert await service.find_player(ORG, event_id, "12345") == "12345"
    with pytest.raises(TournamentError, match=r"Friday Vanguard has no player named Zed\."):
        await service.find_player(ORG, event_id, "Zed")


async def test_report_keys_naming_their_player(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    m = rnd.matches[0]
    a, b = player(m.player_a), player(m.player_b)
    await service.report_result(a, event_id, 2, 0, 0)
    mine = await service.my_match(b, event_id)
    assert mine is not None
    key = ReportKey(m.round, m.table, report_key(mine.result), m.player_b)
    # A stranger, or the reporter, pressing the opponent's button.
    await refused(db, service.confirm_result(player(m.player_a), event_id, expected=key), "Only the opponent")
    await refused(db, service.dispute_result(ORG, event_id, expected=key), "Only the opponent")
    # A corrected report makes the key stale.
    await service.report_result(a, event_id, 2, 1, 0)
    await refused(db, service.confirm_result(b, event_id, expected=key), "corrected since")
    mine = await service.my_match(b, event_id)
    assert mine is not None
    key = ReportKey(m.round, m.table, report_key(mine.result), m.player_b)
    done = await service.confirm_result(b, event_id, expected=key)
    assert done.state == "confirmed"
    await refused(db, service.dispute_result(b, event_id, expected=key), "already confirmed")
    # Once the round has closed and the next is paired, the key is from an earlier round.
    for other in (await service.pairings(ORG, event_id)).missing:
        await service.enter_result(ORG, event_id, other.player_a, 2, 0, 0)
    await service.pair_next_round(ORG, event_id)
    await refused(db, service.confirm_result(b, event_id, expected=key), "earlier round")
    # The three-field key keeps working.
    old = ReportKey(key.round, key.table, key.score)
    assert old.player is None


async def test_a_key_for_a_closed_round_is_refused_before_the_round_check(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 2)
    rnd = await service.pair_next_round(ORG, event_id)
    m = rnd.matches[0]
    await service.report_result(player(m.player_a), event_id, 2, 0, 0)
    key = ReportKey(1, m.table, "2-0-0", m.player_b)
    await service.confirm_result(player(m.player_b), event_id)
    await refused(db, service.confirm_result(player(m.player_b), event_id, expected=key), "already confirmed")


# property: one result per match, refusals change nothing -------------------------------------------

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["report", "confirm", "dispute", "enter", "drop"]),
        st.integers(0, 4),  # who: players 1..4, or 0 for the organizer
        st.sampled_from([(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 1, 1), (0, 0, 3), (0, 0, 0)]),
    ),
    max_size=12,
)


def _call(
    service: TournamentService,
    event_id: int,
    what: str,
    actor: Actor,
    target: str,
    score: tuple[int, int, int],
) -> Awaitable[object]:
    """One action of a player (or the organizer, who enters results and drops players)."""
    if what == "report":
        return service.report(actor, event_id, *score)
    if what == "confirm":
        return service.confirm_result(actor, event_id)
    if what == "dispute":
        return service.dispute_result(actor, event_id, "no")
    if what == "enter":
        return service.enter(ORG, event_id, target, *score)
    return service.drop(actor, event_id, target if actor is ORG else None)


@settings(MATCHES)
@given(actions=ACTIONS)
async def test_any_sequence_leaves_one_result_per_match(
    actions: list[tuple[str, int, tuple[int, int, int]]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        await _run_sequence(Path(folder) / "t.sqlite3", actions)


async def _run_sequence(path: Path, actions: list[tuple[str, int, tuple[int, int, int]]]) -> None:
    database = await Database.open(path)
    try:
        service = TournamentService(database)
        event_id = await event_with(service, 4, rounds=1)
        await service.pair_next_round(ORG, event_id)
        for what, who, (wins, losses, draws) in actions:
            actor = ORG if who == 0 else player(who)
            target = str(who or 1)
            call = _call(service, event_id, what, actor, target, (wins, losses, draws))
            before = await dump(database)
            confirmed_before = {row[0]: row for row in before["tournament_results"] if row[5] == "confirmed"}
            try:
                await call
            except TournamentError:
                assert await dump(database) == before
                continue
            after = await dump(database)
            results = after["tournament_results"]
            assert len({row[0] for row in results}) == len(results) <= len(after["tournament_matches"])
            for row in results:
                if row[0] in confirmed_before and row != confirmed_before[row[0]]:
                    # Only an organizer's entry changes a confirmed result.
                    assert what == "enter"
                assert row[5] in ("reported", "confirmed", "disputed")
    finally:
        await database.close()
