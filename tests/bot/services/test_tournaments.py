"""TournamentService over a real SQLite file: every use case, refusals that leave the database
unchanged, permissions, disputes, drops after pairing, late entries, the top cut, the round timer, the
audit log, exports, and a 64-player, 6-round event with drops and late entries checked every round."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import tempfile
from collections import Counter
from collections.abc import AsyncIterator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import App
from bot.services.tournaments import (
    UNSET,
    Actor,
    ReportKey,
    TournamentService,
    decimal4,
)
from bot.store.database import Database
from bot.store.migrations import MIGRATIONS
from engine.errors import ArbiterError
from engine.tournament import TournamentError, default_rounds, standing_key
from tests.bot.services.tournament_helpers import (
    GUILD,
    ORG,
    T0,
    Clock,
    event_with,
    play_round,
    player,
    refused,
)
from tests.engine.decks.published_lists import DM_DARK_FIRE
from tests.property_costs import MATCHES

OTHER_GUILD = 11
ADMIN = Actor("901", GUILD, is_admin=True)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "tournaments.sqlite3")
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(db: Database, clock: Clock) -> TournamentService:
    return TournamentService(db, clock=clock)


# events -----------------------------------------------------------------------------------------


async def test_create_list_and_autocomplete_several_events(service: TournamentService, db: Database) -> None:
    friday = await service.create_event(
        ORG, "Friday Vanguard", "cfv", channel_id=5, top_cut=8, round_minutes=40, capacity=32
    )
    assert (friday.game, friday.format.value, friday.top_cut, friday.capacity) == ("vanguard", "bo3", 8, 32)
    assert friday.status == "registration" and friday.registration_open
    assert friday.rounds is None and friday.swiss_rounds == 3
    assert len(friday.seed_hash) == 64
    cup = await service.create_event(ORG, "Duel Masters Cup", "dm", format="bo1")
    await service.create_event(Actor("1", OTHER_GUILD, is_organizer=True), "Elsewhere", "fow")

    names = [e.name for e in await service.list_events(GUILD)]
    assert names == ["Friday Vanguard", "Duel Masters Cup"]
    assert [c.name for c in await service.event_choices(GUILD, "")] == ["Duel Masters Cup", "Friday Vanguard"]
    assert [c.name for c in await service.event_choices(GUILD, "fri")] == ["Friday Vanguard"]
    assert [c.name for c in await service.event_choices(GUILD, "cup")] == ["Duel Masters Cup"]
    assert (await service.event_choices(GUILD, "vang"))[0].value == str(friday.id)
    assert [c.name for c in await service.event_choices(OTHER_GUILD, "")] == ["Elsewhere"]

    assert (await service.find_event(GUILD, str(cup.id))).name == "Duel Masters Cup"
    assert (await service.find_event(GUILD, "  friday   VANGUARD ")).id == friday.id
    with pytest.raises(TournamentError, match="no event named Elsewhere"):
        await service.find_event(GUILD, "Elsewhere")
    with pytest.raises(TournamentError, match="no event"):
        await service.event(ORG, (await service.list_events(OTHER_GUILD))[0].id)

    await refused(db, service.create_event(ORG, "friday  vanguard", "gr"), "already has an unfinished event")
    await refused(db, service.create_event(player(1), "Mine", "gr"), "Only tournament organizers")
    await refused(db, service.create_event(ORG, "X", "chess"), "know the game 'chess'", error=ArbiterError)
    await refused(db, service.create_event(ORG, "X", "gr", top_cut=6), "top cut is none")
    await refused(db, service.create_event(ORG, "X", "gr", format="bo5"), "not a match format")
    await refused(db, service.create_event(ORG, "X", "gr", tiebreaker_floor="2"), "between 0 and 1")
    await refused(db, service.create_event(ORG, "   ", "gr"), "cannot be empty")

    # A finished event's name can be used again; autocomplete follows at once.
    await service.cancel_event(ORG, friday.id)
    assert (await service.event(ORG, friday.id)).status == "finished"
    assert [c.name for c in await service.event_choices(GUILD, "")][-1] == "Friday Vanguard"
    again = await service.create_event(ORG, "Friday Vanguard", "cfv")
    assert (await service.find_event(GUILD, "Friday Vanguard")).id == again.id
    assert [e.id for e in await service.list_events(GUILD, include_finished=True)] == [
        friday.id,
        cup.id,
        again.id,
    ]


async def test_configure_event(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 5, start=False)
    info = await service.configure_event(ORG, event_id, rounds=5, top_cut=4, round_minutes=30, capacity=None)
    assert (info.rounds, info.top_cut, info.round_minutes, info.capacity) == (5, 4, 30, None)
    info = await service.configure_event(ORG, event_id, name="Friday Night", tiebreaker_floor=0.25)
    assert info.name == "Friday Night" and info.tiebreaker_floor == Fraction(1, 4)
    await refused(db, service.configure_event(ORG, event_id), "Nothing to change")
    await refused(db, service.configure_event(player(1), event_id, rounds=3), "Only tournament organizers")
    await service.start_event(ORG, event_id)
    await refused(db, service.configure_event(ORG, event_id, format="bo1"), "format cannot change")
    await refused(db, service.configure_event(ORG, event_id, capacity=8), "capacity cannot change")
    await refused(db, service.configure_event(ORG, event_id, tiebreaker_floor="0.4"), "floor cannot change")
    await play_round(service, event_id)
    await play_round(service, event_id)
    await refused(db, service.configure_event(ORG, event_id, rounds=1), "already paired")
    assert (await service.configure_event(ORG, event_id, rounds=4, channel_id=77)).swiss_rounds == 4
    assert "configure" in [entry.action for entry in await service.log(ORG, event_id)]
    assert UNSET is type(UNSET)()  # one marker


async def test_cutting_the_swiss_short_finishes_an_event_without_top_cut(service: TournamentService) -> None:
    event_id = await event_with(service, 4)
    await play_round(service, event_id)
    info = await service.configure_event(ORG, event_id, rounds=1)
    assert info.status == "finished" and info.swiss_done


# registration -----------------------------------------------------------------------------------


async def test_registration_capacity_and_organizer_adds(service: TournamentService, db: Database) -> None:
    event = await service.create_event(ORG, "Small", "gr", capacity=2)
    await service.register(player(1), event.id, "Ann")
    await refused(db, service.register(player(1), event.id, "Ann again"), "already registered")
    await service.register(player(2), event.id, "Bob")
    await refused(db, service.register(player(3), event.id, "Cid"), r"Small is full \(2 players\)")
    # Organizers may go beyond the capacity.
    added = await service.add_player(ORG, event.id, 3, "Cid")
    assert (added.user_id, added.name, added.late_from_round) == ("3", "Cid", 1)
    await refused(db, service.add_player(ORG, event.id, 3, "Cid"), "Cid is already registered")
    await refused(db, service.add_player(player(1), event.id, 4, "Dee"), "Only tournament organizers")

    closed = await service.close_registration(ORG, event.id)
    assert closed.status == "closed"
    await refused(db, service.close_registration(ORG, event.id), "already closed")
    await service.drop(player(2), event.id)  # before the start: an unregistration
    await refused(db, service.register(player(2), event.id, "Bob"), "Registration for Small is closed")
    await service.add_player(ORG, event.id, 4, "Dee")
    await service.open_registration(ORG, event.id)
    await refused(db, service.open_registration(ORG, event.id), "already open")
    await refused(db, service.open_registration(player(1), event.id), "Only tournament organizers")
    await refused(db, service.register(player(5), event.id, "Eve"), "full")

    outcome = await service.remove_player(ORG, event.id, 4)
    assert outcome.after_round is None and "no longer registered" in outcome.message
    await refused(db, service.remove_player(player(1), event.id, 3), "Only tournament organizers")
    await refused(db, service.drop(player(1), event.id, 3), "Only tournament organizers can drop other")
    await refused(db, service.drop(player(9), event.id), "You are not registered")
    assert [p.name for p in await service.players(player(1), event.id)] == ["Ann", "Cid"]
    await service.start_event(ORG, event.id)
    await refused(db, service.register(player(6), event.id, "Fay"), "closed: the event has started")
    await refused(db, service.open_registration(ORG, event.id), "it has started")
    actions = [entry.action for entry in await service.log(ORG, event.id)]
    assert actions == [
        "create",
        "add player",
        "close registration",
        "add player",
        "open registration",
        "remove player",
        "start",
    ]


async def test_concurrent_registrations_never_double_register(service: TournamentService) -> None:
    event = await service.create_event(ORG, "Rush", "gr", capacity=5)
    outcomes = await asyncio.gather(
        *(service.register(player(n % 8), event.id, f"P{n}") for n in range(20)), return_exceptions=True
    )
    registered = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(registered) == 5
    assert all(isinstance(o, TournamentError) for o in outcomes if isinstance(o, BaseException))
    assert len({p.user_id for p in await service.players(ORG, event.id)}) == 5


# decklists --------------------------------------------------------------------------------------


def _expected_validation(game: str, text: str) -> tuple[str, bool | None]:
    """What engine.decks says about a list today: ``("refused", None)``, ``("unchecked", None)`` or
    ``("checked", ok)`` (the lead's deck rules may or may not cover the game yet)."""
    from engine.decks import DeckError, check_deck, deck_format, parse_decklist

    try:
        deck_format(game)
    except DeckError:
        return "unchecked", None
    try:
        deck = parse_decklist(game, text)
    except DeckError:
        return "refused", None
    return "checked", check_deck(game, deck).ok


async def test_decklists_visibility_lock_and_export(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 3, start=False)
    text = "4 Blaster Blade\n4 Wingal\n"
    kind, ok = _expected_validation("vanguard", text)
    if kind == "refused":
        await refused(db, service.submit_decklist(player(1), event_id, text), ".")
        return
    deck = await service.submit_decklist(player(1), event_id, text)
    assert deck.text == text.strip() and deck.player_name == "P1" and not deck.locked
    assert deck.valid is ok
    if kind == "unchecked":
        assert deck.summary.startswith("Not checked")
    await service.submit_decklist(player(1), event_id, text + "4 Gancelot\n")  # replaced before the start
    assert "Gancelot" in (await service.decklist(player(1), event_id)).text
    await service.submit_decklist(ORG, event_id, "1 Wingal", user_id=2)

    await refused(db, service.submit_decklist(player(3), event_id, "  \n "), "empty")
    await refused(db, service.submit_decklist(player(3), event_id, "x" * 20_001), "at most 20,000")
    await refused(
        db, service.submit_decklist(player(3), event_id, "1 A", user_id=1), "Only tournament organizers"
    )
    await refused(db, service.submit_decklist(player(7), event_id, "1 A"), "You are not registered")
    with pytest.raises(TournamentError, match="Only tournament organizers can see other"):
        await service.decklist(player(3), event_id, 1)
    with pytest.raises(TournamentError, match="You have not submitted"):
        await service.decklist(player(3), event_id)
    with pytest.raises(TournamentError, match="Only tournament organizers"):
        await service.decklists(player(1), event_id)
    assert (await service.decklist(ORG, event_id, 2)).text == "1 Wingal"
    assert [d.user_id for d in await service.decklists(ORG, event_id)] == ["1", "2"]

    start = await service.start_event(ORG, event_id)
    assert start.missing_decklists == ("P3",)
    assert all(d.locked for d in await service.decklists(ORG, event_id))
    await refused(db, service.submit_decklist(player(1), event_id, "1 Wingal"), "decklists are locked")
    # An organizer can still fix one after the start; it is logged.
    await service.submit_decklist(ORG, event_id, "2 Wingal", user_id=1)
    assert (await service.decklist(player(1), event_id)).text == "2 Wingal"

    exported = await service.export_decklists(ORG, event_id)
    assert "## P1 (1)" in exported and "2 Wingal" in exported and "# No decklist: P3" in exported
    with pytest.raises(TournamentError, match="Only tournament organizers"):
        await service.export_decklists(player(1), event_id)
    actions = [e.action for e in await service.log(ORG, event_id)]
    assert actions.count("decklist") == 2 and "export decklists" in actions


async def test_a_list_the_parser_refuses_changes_nothing(service: TournamentService, db: Database) -> None:
    """Where the deck rules cover the game, an unparsable list is refused with the parser's sentence
    and changes nothing; where they do not (yet), it is stored as not checked."""
    event = await service.create_event(ORG, "DM night", "dm")
    await service.register(player(1), event.id, "P1")
    text = "this is not a decklist at all"
    kind, ok = _expected_validation("duelmasters", text)
    if kind == "refused":
        await refused(db, service.submit_decklist(player(1), event.id, text), ".")
    else:
        deck = await service.submit_decklist(player(1), event.id, text)
        assert deck.valid is ok and deck.summary


# deck rules per event ---------------------------------------------------------------------------

GENERAL_RULES = "the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2)"
ENGLISH_TCG_RULES = "the English TCG's rules (a main deck of at least 40 cards)"


async def test_an_event_checks_every_decklist_with_its_deck_rules(
    service: TournamentService, db: Database
) -> None:
    """A 44-card Duel Masters list as published for the English TCG: an event created with
    ``english-tcg`` accepts it, one with the rules document's deck rules (the default) refuses it, and
    each summary, the event's info and both exports say which deck rules applied."""
    tcg = await service.create_event(ORG, "DM English", "dm", deck_rules="English-TCG", seed="s")
    document = await service.create_event(ORG, "DM Document", "dm", seed="s")
    named = await service.create_event(ORG, "DM General", "dm", deck_rules="general", seed="s")
    assert (tcg.deck_rules, tcg.deck_rules_label) == ("english-tcg", ENGLISH_TCG_RULES)
    assert (document.deck_rules, document.deck_rules_label) == ("", GENERAL_RULES)
    assert (named.deck_rules, named.deck_rules_label) == ("", GENERAL_RULES)  # the default, by its name
    vanguard = await service.create_event(ORG, "Vanguard", "cfv", seed="s")
    assert (vanguard.deck_rules, vanguard.deck_rules_label) == ("", "the game's rules document")

    for event in (tcg, document):
        await service.register(player(1), event.id, "P1")
    accepted = await service.submit_decklist(player(1), tcg.id, DM_DARK_FIRE)
    assert accepted.valid is True and accepted.problems == ()
    assert accepted.summary.splitlines()[:2] == [
        "Legal deck by the counts only (main deck 44).",  # this service has no card data
        f"Deck rules: {ENGLISH_TCG_RULES}.",
    ]
    refused_deck = await service.submit_decklist(player(1), document.id, DM_DARK_FIRE)
    assert refused_deck.valid is False
    assert refused_deck.problems == ("The main deck needs exactly 40 cards (100.2); it has 44 cards.",)
    assert f"Deck rules: {GENERAL_RULES}." in refused_deck.summary

    again = await service.event(ORG, tcg.id)  # read back from the store
    assert (again.deck_rules, again.deck_rules_label) == ("english-tcg", ENGLISH_TCG_RULES)
    assert "deck rules english-tcg" in (await service.log(ORG, tcg.id))[0].detail
    exported = await service.export(ORG, tcg.id)
    assert exported.data["event"]["deck_rules"] == {"name": "english-tcg", "label": ENGLISH_TCG_RULES}
    assert json.loads(exported.files["dm-english.json"])["event"]["deck_rules"]["name"] == "english-tcg"
    default_export = await service.export(player(1), document.id)
    assert default_export.data["event"]["deck_rules"] == {"name": "", "label": GENERAL_RULES}
    lists = await service.export_decklists(ORG, tcg.id)
    assert lists.splitlines()[1] == f"# Deck rules: {ENGLISH_TCG_RULES}"


async def test_unknown_deck_rules_are_refused_and_create_no_event(
    service: TournamentService, db: Database
) -> None:
    await refused(
        db,
        service.create_event(ORG, "DM night", "dm", deck_rules="ocg"),
        r"^The deck rules of this game are 'general' or 'english-tcg' \(the first is the default\);"
        r" not 'ocg'\.$",
    )
    await refused(
        db,
        service.create_event(ORG, "Friday", "vanguard", deck_rules="english-tcg"),
        r"^This game has one set of deck rules; there is no choice of 'english-tcg'\.$",
    )
    assert await service.list_events(GUILD) == []


async def test_migration_10_keeps_existing_events_on_the_rules_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database Arbiter left at schema 9 (built by the same migration code, stopped there), with a
    Duel Masters event and a decklist: upgraded, the event has the rules document's deck rules, and a
    list submitted now is checked with them."""
    path = tmp_path / "schema9.sqlite3"
    with monkeypatch.context() as patch:
        patch.setattr("bot.store.database.MIGRATIONS", MIGRATIONS[:9])
        old = await Database.open(path)
    try:
        assert await old.schema_version() == 9
        async with old.transaction() as conn:
            await conn.execute(
                "INSERT INTO tournament_events (id, guild_id, name, norm_name, game, format, round_minutes,"
                " seed, created_by) VALUES (7, ?, 'DM night', 'dm night', 'duelmasters', 'bo3', 50, 's', ?)",
                (GUILD, ORG.user_id),
            )
    finally:
        await old.close()

    db = await Database.open(path)
    try:
        assert await db.schema_version() == len(MIGRATIONS) >= 10
        service = TournamentService(db, clock=Clock())
        event = await service.event(ORG, 7)
        assert event.name == "DM night" and event.deck_rules == ""
        assert (
            event.deck_rules_label == "the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2)"
        )
        await service.register(player(1), 7, "P1")
        deck = await service.submit_decklist(player(1), 7, DM_DARK_FIRE)
        assert deck.valid is False and "(100.2); it has 44 cards" in deck.problems[0]
        # new events choose, beside the old one
        tcg = await service.create_event(ORG, "DM English", "dm", deck_rules="english-tcg")
        assert (await service.event(ORG, tcg.id)).deck_rules == "english-tcg"
    finally:
        await db.close()


# start and pairing ------------------------------------------------------------------------------


async def test_start_fixes_rounds_and_pairing_refusals(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 9, start=False, top_cut=8)
    await refused(db, service.pair_next_round(ORG, event_id), "has not started yet")
    await refused(db, service.start_event(player(1), event_id), "Only tournament organizers")
    started = await service.start_event(ORG, event_id)
    assert started.event.rounds == default_rounds(9) == 4
    assert started.event.status == "running" and started.missing_decklists == tuple(
        f"P{n}" for n in range(1, 10)
    )
    await refused(db, service.start_event(ORG, event_id), "already started")
    await refused(db, service.pair_next_round(player(1), event_id), "Only tournament organizers")

    rnd = await service.pair_next_round(ORG, event_id)
    assert rnd.number == 1 and len(rnd.matches) == 5 and rnd.matches[-1].is_bye
    assert rnd.matches[-1].finished and rnd.matches[-1].state == "bye"
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(str(n) for n in range(1, 10))
    await refused(db, service.pair_next_round(ORG, event_id), "Round 1 is still open: 4 matches have no")
    assert (await service.event(ORG, event_id)).label == "Friday Vanguard (round 1 of 4)"


async def test_start_refusals(service: TournamentService, db: Database) -> None:
    lonely = await event_with(service, 1, start=False)
    await refused(db, service.start_event(ORG, lonely), "needs at least two players")
    await service.cancel_event(ORG, lonely)
    small = await event_with(service, 5, start=False, top_cut=8)
    await refused(db, service.start_event(ORG, small), "A top 8 needs at least 8 players")


async def test_round_one_is_random_from_the_seed_and_reproducible(tmp_path: Path) -> None:
    async def pairings(name: str, seed: str) -> list[tuple[str, str | None]]:
        database = await Database.open(tmp_path / f"{name}.sqlite3")
        try:
            svc = TournamentService(database, clock=Clock())
            event_id = await event_with(svc, 16, seed=seed)
            rnd = await svc.pair_next_round(ORG, event_id)
            return [(m.player_a, m.player_b) for m in rnd.matches]
        finally:
            await database.close()

    first, again = await pairings("a", "seed-1"), await pairings("b", "seed-1")
    assert first == again
    others = {tuple(await pairings(f"c{n}", f"seed-{n}")) for n in range(2, 6)}
    assert len(others | {tuple(first)}) > 1
    registration_order = [(str(n), str(n + 1)) for n in range(1, 17, 2)]
    assert first != registration_order


# results ----------------------------------------------------------------------------------------


async def test_report_confirm_and_round_closing(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    one, two = rnd.matches
    a, b = player(one.player_a), player(one.player_b)  # type: ignore[arg-type]

    reported = await service.report_result(a, event_id, 2, 1)
    assert reported.state == "reported" and reported.notify == (one.player_b,)
    assert reported.match.score_for(one.player_a) == (2, 1, 0)
    assert reported.match.score_for(one.player_b) == (1, 2, 0)
    await refused(db, service.confirm_result(a, event_id), "your opponent must confirm")
    # The reporter may correct an unconfirmed report.
    corrected = await service.report_result(a, event_id, 2, 0)
    assert "corrected" in corrected.message and corrected.match.result.text == "2-0-0"  # type: ignore[union-attr]
    confirmed = await service.confirm_result(b, event_id)
    assert confirmed.state == "confirmed" and not confirmed.round_closed
    await refused(db, service.report_result(b, event_id, 2, 0), "already confirmed; ask an organizer")
    await refused(db, service.confirm_result(b, event_id), "already confirmed")

    missing = await service.missing(player(1), event_id)
    assert [m.table for m in missing] == [two.table] and missing[0].state == "unreported"
    c, d = player(two.player_a), player(two.player_b)  # type: ignore[arg-type]
    await refused(db, service.confirm_result(c, event_id), "no result has been reported")
    await refused(db, service.dispute_result(c, event_id), "no result has been reported")
    # Two matching reports confirm each other (from each reporter's own side).
    await service.report_result(d, event_id, 1, 1, 1)
    closing = await service.report_result(c, event_id, 1, 1, 1)
    assert closing.state == "confirmed" and closing.round_closed and "Round 1 is complete" in closing.message
    assert await service.missing(ORG, event_id) == []
    assert (await service.pairings(player(1), event_id)).closed
    await refused(db, service.report_result(a, event_id, 2, 0), "no round open")
    standings = await service.standings(player(1), event_id)
    assert standings.through_round == 1
    assert {r.player_id: r.match_points for r in standings.rows} == {
        one.player_a: 3,
        one.player_b: 0,
        two.player_a: 1,
        two.player_b: 1,
    }


async def test_bad_results_are_refused_and_change_nothing(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 3)
    rnd = await service.pair_next_round(ORG, event_id)
    match, bye = rnd.matches
    a = player(match.player_a)
    await refused(db, service.report_result(a, event_id, 3, 0), "3–0 is not a possible game record in a bo3")
    await refused(db, service.report_result(a, event_id, 2, 2), "not a possible game record")
    await refused(db, service.report_result(a, event_id, 0, 0, 0), "an intentional draw is 0-0-3")
    await refused(db, service.report_result(a, event_id, -1, 2), "cannot be negative")
    await refused(db, service.report_result(a, event_id, 1, 0, 12), "that many drawn games")
    await refused(db, service.report_result(player(bye.player_a), event_id, 2, 0), "bye")
    await refused(db, service.report_result(player(77), event_id, 2, 0), "You are not registered")
    await refused(db, service.report_result(Actor(match.player_a, OTHER_GUILD), event_id, 2, 0), "no event")
    await refused(
        db, service.enter_result(player(1), event_id, match.player_a, 2, 0), "Only tournament organizers"
    )
    await refused(db, service.enter_result(ORG, event_id, bye.player_a, 2, 0), "bye is always a win")
    await refused(db, service.enter_result(ORG, event_id, match.player_a, 2, 0, round_number=2), "no round 2")
    await refused(db, service.enter_result(ORG, event_id, "nobody", 2, 0), "not registered")


async def test_disputes_flag_organizers_who_decide(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    one, two = rnd.matches
    a, b = player(one.player_a), player(one.player_b)  # type: ignore[arg-type]
    await service.report_result(a, event_id, 2, 0)
    differs = await service.report_result(b, event_id, 2, 1)  # b claims the win
    assert differs.state == "disputed" and differs.flag_organizers and differs.notify == (one.player_a,)
    assert "P" in (differs.match.result.note or "")  # type: ignore[union-attr]
    await refused(db, service.report_result(a, event_id, 2, 0), "disputed; an organizer will decide")
    await refused(db, service.confirm_result(b, event_id), "disputed")

    c, d = player(two.player_a), player(two.player_b)  # type: ignore[arg-type]
    await service.report_result(c, event_id, 2, 1)
    await refused(db, service.dispute_result(c, event_id), "You reported this result yourself")
    disputed = await service.dispute_result(d, event_id, "   I won   game three  ")
    assert disputed.flag_organizers and disputed.match.result.note.endswith("I won game three")  # type: ignore[union-attr]
    await refused(db, service.dispute_result(d, event_id), "already disputed")
    assert [m.state for m in await service.missing(ORG, event_id)] == ["disputed", "disputed"]

    decided = await service.enter_result(ORG, event_id, one.player_b, 2, 1)
    assert decided.match.result.overridden_by == ORG.user_id  # type: ignore[union-attr]
    assert decided.match.score_for(one.player_b) == (2, 1, 0)
    final = await service.enter_result(ORG, event_id, two.player_a, 1, 2)
    assert final.round_closed
    log = await service.log(ORG, event_id)
    overrides = [e for e in log if e.action == "override result"]
    a_name, b_name = f"P{one.player_a}", f"P{one.player_b}"
    assert len(overrides) == 2 and f"was {a_name} 2-0-0 {b_name} (disputed)" in overrides[0].detail
    # Organizers can also enter a result nobody reported, and override an old round.
    rnd2 = await service.pair_next_round(ORG, event_id)
    entered = await service.enter_result(ORG, event_id, rnd2.matches[0].player_a, 0, 0, 0, double_loss=True)
    assert entered.match.result.double_loss and entered.message.startswith("Result entered")  # type: ignore[union-attr]
    old_round = await service.enter_result(ORG, event_id, one.player_a, 2, 0, round_number=1)
    assert not old_round.round_closed and not (await service.pairings(ORG, event_id)).closed
    assert (await service.pairings(ORG, event_id, 1)).matches[0].score_for(one.player_a) == (2, 0, 0)
    with pytest.raises(TournamentError, match="Only tournament organizers"):
        await service.log(player(1), event_id)


async def test_double_loss_reported_by_players(service: TournamentService) -> None:
    event_id = await event_with(service, 2)
    rnd = await service.pair_next_round(ORG, event_id)
    m = rnd.matches[0]
    await service.report_result(player(m.player_a), event_id, 1, 0, 1, double_loss=True)
    done = await service.confirm_result(player(m.player_b), event_id)
    assert done.round_closed and done.match.result.text == "1-0-1 double loss"  # type: ignore[union-attr]
    rows = (await service.standings(ORG, event_id)).rows
    assert [r.match_points for r in rows] == [0, 0] and all(r.record == "0-1-0" for r in rows)


async def test_simultaneous_reports_confirm_once(service: TournamentService) -> None:
    event_id = await event_with(service, 2)
    m = (await service.pair_next_round(ORG, event_id)).matches[0]
    first, second = await asyncio.gather(
        service.report_result(player(m.player_a), event_id, 2, 1),
        service.report_result(player(m.player_b), event_id, 1, 2),
    )
    assert {first.state, second.state} == {"reported", "confirmed"}
    assert (await service.pairings(ORG, event_id)).closed


# drops and late entries -------------------------------------------------------------------------


async def test_drop_after_pairing_concedes_and_stays_in_tiebreakers(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 4)
    rnd = await service.pair_next_round(ORG, event_id)
    one, two = rnd.matches
    dropper = one.player_b
    outcome = await service.drop(player(dropper), event_id)  # type: ignore[arg-type]
    assert outcome.after_round == 1 and outcome.conceded is not None
    assert outcome.conceded.score_for(dropper) == (0, 2, 0) and outcome.conceded.finished
    assert "will not be paired again" in outcome.message
    await refused(db, service.drop(player(dropper), event_id), "already dropped")  # type: ignore[arg-type]
    # The opponent had reported: the drop confirms that report.
    await service.report_result(player(two.player_a), event_id, 2, 1)
    confirmed = await service.drop(ORG, event_id, two.player_b)
    assert confirmed.conceded is not None and confirmed.conceded.score_for(two.player_a) == (2, 1, 0)
    assert confirmed.round_closed
    assert (await service.event(ORG, event_id)).players == 2
    rnd2 = await service.pair_next_round(ORG, event_id)
    assert sorted(p for m in rnd2.matches for p in m.players) == sorted([one.player_a, two.player_a])
    rows = {r.player_id: r for r in (await service.standings(ORG, event_id)).rows}
    assert rows[dropper].dropped and rows[one.player_a].opponents == (dropper,)  # type: ignore[index]
    assert "drop player" in [e.action for e in await service.log(ORG, event_id)]


async def test_drop_between_rounds_and_reported_by_dropper(service: TournamentService) -> None:
    event_id = await event_with(service, 6)
    await play_round(service, event_id)
    outcome = await service.drop(player(1), event_id)
    assert outcome.after_round == 1 and outcome.conceded is None
    rnd = await service.pair_next_round(ORG, event_id)
    assert "1" not in [p for m in rnd.matches for p in m.players] and rnd.matches[-1].is_bye
    # The dropper had reported (unconfirmed): the report stands and the opponent confirms it.
    m = rnd.matches[0]
    await service.report_result(player(m.player_a), event_id, 0, 2)
    left = await service.drop(player(m.player_a), event_id)
    assert left.conceded is None
    assert (await service.pairings(ORG, event_id)).match_of(m.player_a).state == "reported"  # type: ignore[union-attr]
    await service.confirm_result(player(m.player_b), event_id)  # type: ignore[arg-type]


async def test_late_entry_takes_losses_and_enters_next_round(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 4, rounds=3)
    await play_round(service, event_id)
    await service.pair_next_round(ORG, event_id)
    late = await service.add_player(ORG, event_id, 50, "Latecomer")
    assert late.late_from_round == 3
    rnd2 = await service.pairings(ORG, event_id)
    assert "50" not in [p for m in rnd2.matches for p in m.players]
    for m in rnd2.matches:
        await service.enter_result(ORG, event_id, m.player_a, 2, 0)
    rows = {r.player_id: r for r in (await service.standings(ORG, event_id)).rows}
    assert (rows["50"].record, rows["50"].rounds_played, rows["50"].games_played) == ("0-2-0", 2, 4)
    rnd3 = await service.pair_next_round(ORG, event_id)
    assert "50" in [p for m in rnd3.matches for p in m.players]
    await refused(db, service.add_player(ORG, event_id, 51, "Too late"), "late entry would play none")
    await refused(db, service.add_player(player(1), event_id, 52, "X"), "Only tournament organizers")
    assert any("late entry from round 3" in e.detail for e in await service.log(ORG, event_id))


# standings, top cut ------------------------------------------------------------------------------


async def test_standings_rounds_and_refusals(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 8)
    assert (await service.standings(player(1), event_id)).through_round == 0
    await play_round(service, event_id, lambda table: (2, 0, 0))
    await service.pair_next_round(ORG, event_id)
    standings = await service.standings(player(1), event_id)
    assert standings.through_round == 1 and not standings.final
    assert [r.match_points for r in standings.rows] == [3, 3, 3, 3, 0, 0, 0, 0]
    with pytest.raises(TournamentError, match="round 2 is not closed"):
        await service.standings(player(1), event_id, through_round=2)
    assert len(await service.rounds(player(1), event_id)) == 2
    my = await service.my_match(player(1), event_id)
    assert my is not None and "1" in my.players
    with pytest.raises(TournamentError, match="has no round 3"):
        await service.pairings(player(1), event_id, 3)


async def test_top_cut_single_elimination(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 8, top_cut=4)
    await refused(db, service.start_top_cut(ORG, event_id), "round 3 is not complete")
    for _ in range(3):
        await play_round(service, event_id, lambda table: (2, 1, 0) if table % 2 else (0, 2, 0))
    assert (await service.event(ORG, event_id)).status == "running"
    await refused(db, service.pair_next_round(ORG, event_id), "start the top cut")
    await refused(db, service.start_top_cut(player(1), event_id), "Only tournament organizers")
    standings = (await service.standings(ORG, event_id)).rows
    assert standings and (await service.standings(ORG, event_id)).final
    cut = await service.start_top_cut(ORG, event_id)
    seeds = [r.player_id for r in standings[:4]]
    assert [(m.player_a, m.player_b) for m in cut.rounds[0]] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert (cut.size, cut.current_round, cut.champion) == (4, 1, None)
    await refused(db, service.start_top_cut(ORG, event_id), "not in its Swiss rounds")
    await refused(
        db, service.enter_result(ORG, event_id, seeds[0], 2, 0, round_number=1), "Swiss results are final"
    )
    first, second = cut.rounds[0]
    # A player cannot report their own win; the loser or an organizer can.
    await refused(
        db, service.record_top_cut_winner(player(first.player_a), event_id, first.player_a), "who lost"
    )
    after = await service.record_top_cut_winner(player(first.player_b), event_id, first.player_a)
    assert after.rounds[0][0].winner == first.player_a and "beats" in after.message
    await refused(
        db, service.record_top_cut_winner(ORG, event_id, first.player_a), "already recorded as the winner"
    )
    # A drop in the top cut concedes the bracket match.
    dropped = await service.drop(player(second.player_a), event_id)
    assert "concedes" in dropped.message
    cut = await service.top_cut(player(3), event_id)
    assert cut.current_round == 2 and len(cut.rounds) == 2
    final = cut.current_matches[0]
    assert {final.player_a, final.player_b} == {first.player_a, second.player_b}
    done = await service.record_top_cut_winner(ORG, event_id, final.player_b)
    assert (
        done.champion == final.player_b and done.event.status == "finished" and "wins Friday" in done.message
    )
    await refused(db, service.drop(player(1), event_id), "finished")
    assert (await service.event(ORG, event_id)).status == "finished"


async def test_organizers_correct_a_top_cut_result_until_its_winner_plays_on(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 8, top_cut=4)
    for _ in range(3):
        await play_round(service, event_id, lambda table: (2, 1, 0) if table % 2 else (0, 2, 0))
    cut = await service.start_top_cut(ORG, event_id)
    first, second = cut.rounds[0]
    await service.record_top_cut_winner(player(first.player_b), event_id, first.player_a)
    # The loser reported by mistake: an organizer names the real winner.
    corrected = await service.record_top_cut_winner(ORG, event_id, first.player_b)
    assert corrected.rounds[0][0].winner == first.player_b and "Corrected" in corrected.message
    # A player cannot correct; only organizers can.
    await refused(
        db, service.record_top_cut_winner(player(first.player_a), event_id, first.player_a), "no undecided"
    )
    await service.record_top_cut_winner(ORG, event_id, second.player_a)
    final = (await service.top_cut(ORG, event_id)).current_matches[0]
    assert {final.player_a, final.player_b} == {first.player_b, second.player_a}
    done = await service.record_top_cut_winner(ORG, event_id, first.player_b)
    assert done.champion == first.player_b and done.event.status == "finished"
    # Round 1's winners have played on: their matches can no longer be corrected.
    await refused(db, service.record_top_cut_winner(ORG, event_id, first.player_a), "already played on")
    # The final itself can be corrected after the event finished; the champion changes.
    fixed = await service.record_top_cut_winner(ORG, event_id, second.player_a)
    assert fixed.champion == second.player_a and fixed.event.status == "finished"
    assert "wins Friday Vanguard" in fixed.message
    log = [e for e in await service.log(ORG, event_id) if e.action == "top cut correction"]
    assert len(log) == 2


async def test_a_top_cut_cancelled_midway_no_longer_changes(service: TournamentService, db: Database) -> None:
    event_id = await event_with(service, 8, top_cut=4)
    for _ in range(3):
        await play_round(service, event_id, lambda table: (2, 1, 0) if table % 2 else (0, 2, 0))
    cut = await service.start_top_cut(ORG, event_id)
    first = cut.rounds[0][0]
    await service.record_top_cut_winner(ORG, event_id, first.player_a)
    await service.cancel_event(ORG, event_id)
    for winner in (first.player_b, cut.rounds[0][1].player_a):
        await refused(
            db, service.record_top_cut_winner(ORG, event_id, winner), "cancelled during its top cut"
        )


async def test_a_late_entry_submits_a_decklist_until_their_first_round(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 4, rounds=3)
    await play_round(service, event_id)
    late = await service.add_player(ORG, event_id, 50, "Latecomer")
    assert late.late_from_round == 2
    await refused(db, service.submit_decklist(player(1), event_id, "4 Wingal"), "decklists are locked")
    deck = await service.submit_decklist(player(50), event_id, "4 Wingal")
    assert deck.text == "4 Wingal" and not deck.locked
    await service.submit_decklist(player(50), event_id, "3 Wingal")  # replaced before their round
    await service.pair_next_round(ORG, event_id)
    assert (await service.decklist(player(50), event_id)).locked
    await refused(db, service.submit_decklist(player(50), event_id, "2 Wingal"), "decklists are locked")
    assert (await service.decklist(ORG, event_id, 50)).text == "3 Wingal"


async def test_automatic_rounds_after_the_start_count_the_players_registered_then(
    service: TournamentService,
) -> None:
    event_id = await event_with(service, 16)
    assert (await service.event(ORG, event_id)).swiss_rounds == default_rounds(16) == 4
    await play_round(service, event_id)
    await service.add_player(ORG, event_id, 50, "Latecomer")
    await service.configure_event(ORG, event_id, rounds=6)
    info = await service.configure_event(ORG, event_id, rounds=None)
    assert info.swiss_rounds == 4  # 17 players would be 5 rounds; the start fixed 16


async def test_event_without_top_cut_finishes_after_last_round(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 4, rounds=2)
    await play_round(service, event_id)
    await play_round(service, event_id)
    info = await service.event(ORG, event_id)
    assert info.status == "finished" and info.finished_at is not None
    await refused(db, service.pair_next_round(ORG, event_id), "Swiss rounds are over")
    await refused(db, service.start_top_cut(ORG, event_id), "has no top cut")
    await refused(db, service.report_result(player(1), event_id, 2, 0), "no round open")


# the round timer ----------------------------------------------------------------------------------


async def test_round_timer_reminders(service: TournamentService, clock: Clock, db: Database) -> None:
    event = await service.create_event(ORG, "Timed", "cfv", round_minutes=50, channel_id=42, seed="t")
    for n in range(1, 5):
        await service.register(player(n), event.id, f"P{n}")
    await service.start_event(ORG, event.id)
    rnd = await service.pair_next_round(ORG, event.id)
    assert rnd.started_at == T0 and rnd.ends_at == T0 + timedelta(minutes=50)
    assert rnd.seconds_left(T0 + timedelta(minutes=20)) == 30 * 60
    assert await service.due_reminders(T0 + timedelta(minutes=39)) == []
    ten = await service.due_reminders(T0 + timedelta(minutes=40))
    assert [(r.kind, r.channel_id, r.round) for r in ten] == [("10min", 42, 1)]
    assert "10 minutes left" in ten[0].message and "tables 1, 2" in ten[0].message
    assert sorted(ten[0].waiting_on) == ["1", "2", "3", "4"]
    assert await service.due_reminders(T0 + timedelta(minutes=45)) == []
    m = rnd.matches[0]
    await service.enter_result(ORG, event.id, m.player_a, 2, 0)
    time_up = await service.due_reminders(T0 + timedelta(minutes=50))
    assert [r.kind for r in time_up] == ["time"] and "time!" in time_up[0].message
    assert "table 2." in time_up[0].message and m.player_a not in time_up[0].waiting_on
    assert await service.due_reminders(T0 + timedelta(minutes=90)) == []
    # Extending the round re-arms what is no longer due.
    clock.now = T0 + timedelta(minutes=52)
    extended = await service.adjust_round_time(ORG, event.id, 15)
    assert extended.minutes == 65
    assert [r.kind for r in await service.due_reminders(T0 + timedelta(minutes=55))] == ["10min"]
    assert [r.kind for r in await service.due_reminders(T0 + timedelta(minutes=65))] == ["time"]
    await refused(db, service.adjust_round_time(player(1), event.id, 5), "Only tournament organizers")
    await refused(db, service.adjust_round_time(ORG, event.id, -100), "between 1 minute and 24 hours")
    # A round that closes needs no reminder; the next one starts its own clock.
    await service.enter_result(ORG, event.id, rnd.matches[1].player_a, 1, 2)
    clock.now = T0 + timedelta(minutes=70)
    await service.pair_next_round(ORG, event.id)
    # The bot was offline past both: only "time" is posted.
    late = await service.due_reminders(T0 + timedelta(minutes=200))
    assert [(r.kind, r.round) for r in late] == [("time", 2)]
    assert await service.due_reminders(T0 + timedelta(minutes=300)) == []


async def test_no_reminder_before_ten_minutes_in_short_rounds(service: TournamentService) -> None:
    event_id = await event_with(service, 2, round_minutes=8)
    await service.pair_next_round(ORG, event_id)
    assert await service.due_reminders(T0 + timedelta(minutes=1)) == []
    assert [r.kind for r in await service.due_reminders(T0 + timedelta(minutes=8))] == ["time"]


# organizer role, export, app ----------------------------------------------------------------------


async def test_organizer_role_per_guild(service: TournamentService, db: Database) -> None:
    assert await service.organizer_role(GUILD) is None
    await refused(db, service.set_organizer_role(ORG, 123), "Only server admins")
    assert await service.set_organizer_role(ADMIN, 123) == 123
    assert await service.organizer_role(GUILD) == 123
    assert await service.organizer_role(OTHER_GUILD) is None
    fresh = TournamentService(db)  # a restart reads it back
    assert await fresh.organizer_role(GUILD) == 123
    await service.set_organizer_role(ADMIN, None)
    assert await service.organizer_role(GUILD) is None
    assert [e.detail for e in await service.guild_log(ADMIN)] == ["set to 123", "cleared"]
    assert Actor(1, GUILD, is_admin=True).is_organizer


async def test_export_json_and_csv(service: TournamentService) -> None:
    event = await service.create_event(ORG, "Export Night", "fow", seed="e")
    names = ['=HYPERLINK("x")', "Bob", "Cid", "Dee", "Eve"]
    for n, name in enumerate(names, start=1):
        await service.register(player(n), event.id, name)
    await service.submit_decklist(player(2), event.id, "4 Aesop")
    await service.start_event(ORG, event.id)
    for _ in range(3):
        await play_round(service, event.id)
    export = await service.export(ORG, event.id)
    data = export.data
    assert data["event"]["status"] == "finished" and data["event"]["seed"] == "e"
    assert len(data["rounds"]) == 3 and all(r["closed"] for r in data["rounds"])
    row = data["standings"]["rows"][0]
    for key in ("rank", "points", "record", "omw", "gwp", "ogw", "mwp", "exact", "opponents"):
        assert key in row
    assert Fraction(row["exact"]["omw"]) == Fraction(row["exact"]["omw"])
    assert row["omw"] == decimal4(Fraction(row["exact"]["omw"]))
    assert [d["name"] for d in data["decklists"]] == ["Bob"]
    files = export.files
    assert set(files) == {
        "export-night.json",
        "export-night-standings.csv",
        "export-night-rounds.csv",
        "export-night-decklists.csv",
    }
    assert json.loads(files["export-night.json"]) == data
    table = list(csv.DictReader(io.StringIO(files["export-night-standings.csv"])))
    assert len(table) == 5 and set(table[0]) >= {"rank", "omw", "gwp", "ogw"}
    assert "'=HYPERLINK" in files["export-night-standings.csv"]
    rounds = list(csv.DictReader(io.StringIO(files["export-night-rounds.csv"])))
    assert len(rounds) == 9 and sum(r["name_b"] == "BYE" for r in rounds) == 3
    # Players get everything but the decklists.
    public = await service.export(player(1), event.id)
    assert "decklists" not in public.data and not any("decklists" in f for f in public.files)
    assert [e.action for e in await service.log(ORG, event.id)].count("export") == 1


def test_decimal4_rounds_half_up() -> None:
    assert decimal4(Fraction(1, 3)) == "0.3333"
    assert decimal4(Fraction(2, 3)) == "0.6667"
    assert decimal4(Fraction(1)) == "1.0000"
    assert decimal4(Fraction(33, 100)) == "0.3300"
    assert decimal4(Fraction(123455, 1000000)) == "0.1235"


async def test_app_has_the_tournament_service(app: App) -> None:
    assert isinstance(app.tournaments, TournamentService)
    event = await app.tournaments.create_event(ORG, "Via the app", "gr")
    assert (await app.tournaments.event_choices(GUILD, "via"))[0].id == event.id
    assert app.tournaments.deck_lookup is not None


# a 64-player event ------------------------------------------------------------------------------


async def test_64_players_six_rounds_with_drops_and_late_entries(
    service: TournamentService, clock: Clock
) -> None:
    """Every round: everyone active is paired exactly once, nobody dropped or not yet entered is
    paired, no rematch (a rematch-free pairing always exists here), at most one bye per player, and
    the standings are sorted by the tiebreaker chain."""
    rng = random.Random(64)
    event_id = await event_with(service, 64, seed="friday-64")
    info = await service.event(ORG, event_id)
    assert info.swiss_rounds == 6
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    dropped: dict[str, int] = {}
    late: dict[str, int] = {}
    for number in range(1, 7):
        if number in (2, 4):
            pid = str(1000 + number)
            await service.add_player(ORG, event_id, pid, f"Late {number}")
            late[pid] = number
        rnd = await service.pair_next_round(ORG, event_id)
        clock.advance(50)
        players = {p.user_id: p for p in await service.players(ORG, event_id)}
        active = {pid for pid, p in players.items() if p.late_from_round <= number and pid not in dropped}
        seated = [pid for m in rnd.matches for pid in m.players]
        assert sorted(seated) == sorted(active)
        for m in rnd.matches:
            if m.is_bye:
                byes[m.player_a] += 1
                continue
            pair = frozenset(m.players)
            assert pair not in met, f"rematch in round {number}: {sorted(pair)}"
            met.add(pair)
        assert max(byes.values(), default=0) <= 1
        # Two players drop right after the pairing (conceding), one between rounds.
        for pid in rng.sample(sorted(active - set(late)), 2 if number < 6 else 0):
            outcome = await service.drop(player(pid), event_id)
            dropped[pid] = number
            assert outcome.after_round == number
        for m in (await service.pairings(ORG, event_id)).matches:
            if m.finished:
                continue
            result = rng.choice([(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1), (0, 0, 3)])
            if rng.random() < 0.5:
                await service.report_result(player(m.player_a), event_id, *result)
                await service.confirm_result(player(m.player_b), event_id)  # type: ignore[arg-type]
            else:
                await service.enter_result(ORG, event_id, m.player_b, result[1], result[0], result[2])  # type: ignore[arg-type]
        if number == 3:
            pid = sorted(active - set(dropped) - set(late))[0]
            await service.drop(ORG, event_id, pid)
            dropped[pid] = number
        standings = await service.standings(ORG, event_id)
        assert standings.through_round == number
        keys = [standing_key(row, "friday-64") for row in standings.rows]
        assert keys == sorted(keys)
        assert [row.rank for row in standings.rows] == list(range(1, len(standings.rows) + 1))
        rows = {row.player_id: row for row in standings.rows}
        for pid, entered in late.items():
            assert rows[pid].losses >= entered - 1
        for pid in dropped:
            assert rows[pid].dropped
    final = await service.event(ORG, event_id)
    assert final.status == "finished" and final.players == 66 - len(dropped)


# hypothesis: small random events through the service ---------------------------------------------


@settings(MATCHES, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(min_value=2, max_value=11),
    seed=st.text(alphabet="abcdef0123456789", min_size=1, max_size=6),
    drop_rolls=st.lists(st.floats(min_value=0, max_value=1), min_size=6, max_size=6),
)
def test_random_small_events_keep_the_invariants(count: int, seed: str, drop_rolls: list[float]) -> None:
    """Random small events: every active player paired once per round, byes at most once per player
    when the field allows it, results confirmed close every round, standings sorted."""

    async def run(path: Path) -> None:
        database = await Database.open(path)
        try:
            svc = TournamentService(database, clock=Clock())
            event_id = await event_with(svc, count, seed=seed)
            rounds = (await svc.event(ORG, event_id)).swiss_rounds
            rng = random.Random(seed)
            byes: Counter[str] = Counter()
            out: set[str] = set()
            for number in range(1, rounds + 1):
                rnd = await svc.pair_next_round(ORG, event_id)
                seated = sorted(p for m in rnd.matches for p in m.players)
                assert seated == sorted(str(n) for n in range(1, count + 1) if str(n) not in out)
                for m in rnd.matches:
                    if m.is_bye:
                        byes[m.player_a] += 1
                assert max(byes.values(), default=0) <= 1
                for m in rnd.matches:
                    if not m.finished:
                        w = rng.choice([(2, 0, 0), (0, 2, 0), (1, 1, 1)])
                        await svc.enter_result(ORG, event_id, m.player_a, *w)
                assert (await svc.pairings(ORG, event_id)).closed
                remaining = count - len(out)
                if number < rounds and remaining > 2 and drop_rolls[number % 6] < 0.3:
                    pid = sorted(set(seated) - out)[0]
                    await svc.drop(player(pid), event_id)
                    out.add(pid)
                rows = (await svc.standings(ORG, event_id)).rows
                keys = [standing_key(r, seed) for r in rows]
                assert keys == sorted(keys)
        finally:
            await database.close()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "t.sqlite3"))


async def test_a_confirmation_of_a_report_corrected_meanwhile_is_refused(
    db: Database, service: TournamentService
) -> None:
    """A Confirm button carries the report it showed; a correction in between makes it refuse,
    checked in the same transaction as the confirmation (nothing changes)."""
    event_id = await event_with(service, 2)
    match = (await service.pair_next_round(ORG, event_id)).matches[0]
    a, b = player(match.player_a), player(match.player_b or "")
    await service.report_result(a, event_id, 2, 0, 0)
    shown = ReportKey(match.round, match.table, "2-0-0")
    await service.report_result(a, event_id, 2, 1, 0)
    await refused(db, service.confirm_result(b, event_id, expected=shown), "corrected since")
    await refused(db, service.dispute_result(b, event_id, "no", expected=shown), "corrected since")
    now = ReportKey(match.round, match.table, "2-1-0")
    assert (await service.confirm_result(b, event_id, expected=now)).round_closed


async def test_a_decklist_is_parsed_and_checked_before_the_write_transaction(
    db: Database, clock: Clock
) -> None:
    seen: list[bool] = []

    async def lookup(game: Any, names: list[str], guild_id: int | None) -> dict[str, Any]:
        assert guild_id == GUILD  # the event's server: its own cards are checked too
        seen.append(db.connection.in_transaction)
        return {}

    service = TournamentService(db, clock=clock, deck_lookup=lookup)
    event_id = await event_with(service, 2, start=False)
    await service.submit_decklist(player(1), event_id, "4 Blaster Blade\n4 Wingal")
    assert seen == [False]
    await refused(
        db, service.submit_decklist(player(2), event_id, "4 " + "a - " * 100), "at most 300 characters"
    )
    await refused(db, service.submit_decklist(player(3), event_id, "4 Wingal"), "not registered")
    assert seen == [False]


async def test_numbers_past_sqlite_integers_are_refused_with_a_sentence(
    service: TournamentService, db: Database
) -> None:
    event_id = await event_with(service, 4)
    await service.pair_next_round(ORG, event_id)
    big = 2**63
    for n, call in enumerate(
        (
            service.event(ORG, big),
            service.event(ORG, -big),
            service.pairings(ORG, event_id, big),
            service.adjust_round_time(ORG, event_id, big),
            service.configure_event(ORG, event_id, rounds=big),
            service.configure_event(ORG, event_id, top_cut=big),
            service.configure_event(ORG, event_id, capacity=big),
            service.configure_event(ORG, event_id, round_minutes=big),
            service.configure_event(ORG, event_id, channel_id=big),
            service.create_event(ORG, "Big", "vanguard", channel_id=big),
            service.find_event(GUILD, "²"),
            service.find_event(GUILD, "9" * 25),
        )
    ):
        try:
            await refused(db, call, r"^[^\n]{1,200}$", ArbiterError)
        except BaseException as error:
            raise AssertionError(n) from error


async def test_earlier_standings_of_a_finished_event_are_not_final(service: TournamentService) -> None:
    event_id = await event_with(service, 4, rounds=2)
    await play_round(service, event_id)
    await play_round(service, event_id)
    assert (await service.standings(ORG, event_id)).final
    assert not (await service.standings(ORG, event_id, 1)).final


async def test_a_top_cut_shrinks_when_drops_leave_too_few_players(service: TournamentService) -> None:
    event_id = await event_with(service, 8, rounds=2, top_cut=8)
    await play_round(service, event_id)
    await service.drop(player(8), event_id)
    await play_round(service, event_id)
    cut = await service.start_top_cut(ORG, event_id)
    assert "Top 4" in cut.message and "7 are still in" in cut.message
    assert (await service.event(ORG, event_id)).top_cut == 4
