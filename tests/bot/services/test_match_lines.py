"""A match's log lines as stored with each action (migration 12), on a real SQLite file: random games
of the four games played through the service read, for every viewer, what a full replay of the log
renders (the whole log and its last lines); a match stored before lines were (rows without them) is
replayed once and its lines filled in; what never changes about a match is read from the store once,
and :meth:`MatchService.forget` drops all the service keeps for a match."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.services.matches import MatchService
from bot.store.database import Database
from bot.store.migrations import MIGRATIONS
from bot.store.stops_repo import SavedStops
from engine.errors import ArbiterError
from engine.games import game_keys
from engine.match.actions import BaseAction, Concede, Note
from engine.match.apply import apply
from engine.match.games import game_definition
from engine.match.simulate import game_seed
from engine.match.state import MatchState
from tests.bot.services.match_reads import VIEWERS, counted, reads, replayed

USERS = (1, 2)
COUNTS = (1, 2, 6, 25, 10**6)
"""How many last lines are asked for: one, a few, a board's six, many, and more than the log has."""


async def assert_lines_replay(service: MatchService, match_id: int) -> None:
    """Every viewer's whole log and last lines, read from the store, are the full replay's."""
    expected = await replayed(service, match_id)
    for viewer in VIEWERS:
        assert await service.lines_for(match_id, viewer) == expected[viewer]
        for count in COUNTS:
            assert await service.recent_lines(match_id, viewer, count) == expected[viewer][-count:]


def _playing(state: MatchState, rng: random.Random, game: str) -> BaseAction:
    """A random action the engine accepts now, as a random player picks it."""
    for action in game_definition(game).random_actions(state, rng):
        try:
            apply(state, action)
        except ArbiterError:
            continue
        return action
    raise AssertionError(f"{game}: no action accepted at version {state.version}")


async def _play(
    service: MatchService, game: str, seed: int, *, check_every: int = 0
) -> tuple[int, MatchState]:
    """A random game through the service, Ann's saved stops (full control) set as it starts; the
    lines checked against a replay every ``check_every`` versions."""
    definition = game_definition(game)
    rng = random.Random(f"lines-{game}-{seed}")
    if definition.stops is not None:
        await service.stops.save(USERS[0], game, SavedStops(None, True))
    decks = [definition.random_deck(rng) for _ in range(2)]
    match_id, state = await service.create(
        definition.spec, ["Ann", "Ben"], decks, player_ids=list(USERS), seed=game_seed(seed, 1)
    )
    checked = 0
    while not state.ended:
        assert state.version < 5000, f"{game} did not end"
        action = _playing(state, rng, game)
        state = (await service.submit(match_id, action, user_id=USERS[action.actor])).state
        if check_every and state.version - checked >= check_every:
            checked = state.version
            await assert_lines_replay(service, match_id)
    return match_id, state


@pytest.mark.parametrize("game", game_keys())
async def test_stored_lines_are_what_a_full_replay_renders(tmp_path: Path, game: str) -> None:
    service = MatchService(await Database.open(tmp_path / "lines.sqlite3"))
    try:
        for seed in (1, 2):
            match_id, state = await _play(service, game, seed, check_every=37)
            await assert_lines_replay(service, match_id)
            log = await service.repo.actions(match_id)
            assert state.ended
            if game_definition(game).stops is not None:
                assert log[0].action["type"] == "set_stops", "the starting stops have their lines"
            assert any(entry.action.get("auto") for entry in log), "automatic passes have their lines"
            assert len(await service.lines_for(match_id, None)) > len(log) // 2
    finally:
        await service.db.close()


async def test_a_short_log_starts_with_the_opening(tmp_path: Path) -> None:
    """Before any action, and after one, the last lines reach back into the opening's."""
    service = MatchService(await Database.open(tmp_path / "lines.sqlite3"))
    try:
        definition = game_definition("vanguard")
        rng = random.Random(3)
        decks = [definition.random_deck(rng) for _ in range(2)]
        match_id, state = await service.create(definition.spec, ["Ann", "Ben"], decks, seed=game_seed(3, 1))
        await assert_lines_replay(service, match_id)
        opening = await service.lines_for(match_id, None)
        assert opening and " first. " in opening[0]
        await service.submit(match_id, Note(actor=1, version=state.version, text="gl hf"), user_id=None)
        whole = await service.lines_for(match_id, 1)
        assert any("gl hf" in line for line in whole[len(opening) :])
        assert await service.recent_lines(match_id, 1, len(whole) - 1) == whole[1:]
        await assert_lines_replay(service, match_id)
        assert await service.recent_lines(match_id, None, 0) == []
        with pytest.raises(ArbiterError, match="has no seat 2"):
            await service.recent_lines(match_id, 2, 6)
    finally:
        await service.db.close()


@pytest.mark.parametrize("game", ["duelmasters", "forceofwill"])
async def test_a_match_stored_before_its_lines_is_replayed_once(tmp_path: Path, game: str) -> None:
    """Rows without lines (a database from before migration 12): the log is replayed, reads as a full
    replay renders it, and the lines found are stored, so the next read replays nothing."""
    path = tmp_path / "old.sqlite3"
    service = MatchService(await Database.open(path))
    match_id, _ = await _play(service, game, 5)
    expected = await replayed(service, match_id)
    async with service.db.transaction() as conn:
        await conn.execute(
            "UPDATE match_actions SET lines = NULL WHERE match_id = ? AND seq % 3 <> 1", (match_id,)
        )
        await conn.execute("UPDATE matches SET opening_lines = NULL WHERE id = ?", (match_id,))
    await service.db.close()

    reopened = MatchService(await Database.open(path))
    try:
        assert (await reopened.repo.match(match_id)).opening_lines is None  # type: ignore[union-attr]
        assert any(lines is None for _, lines in await reopened.repo.lines(match_id))
        assert await reopened.recent_lines(match_id, 1, 6) == expected[1][-6:]
        assert all(lines is not None for _, lines in await reopened.repo.lines(match_id)), "filled in"
        assert (await reopened.repo.match(match_id)).opening_lines is not None  # type: ignore[union-attr]
        for viewer in VIEWERS:
            assert await reopened.lines_for(match_id, viewer) == expected[viewer]
    finally:
        await reopened.db.close()

    again = MatchService(await Database.open(path))  # a row without lines, then only the opening's
    try:
        async with again.db.transaction() as conn:
            await conn.execute(
                "UPDATE match_actions SET lines = NULL WHERE match_id = ? AND seq = 0", (match_id,)
            )
            await conn.execute("UPDATE matches SET opening_lines = NULL WHERE id = ?", (match_id,))
        for viewer in VIEWERS:
            assert await again.lines_for(match_id, viewer) == expected[viewer]
        await assert_lines_replay(again, match_id)
    finally:
        await again.db.close()


async def test_what_never_changes_is_read_once_and_forgotten_on_request(tmp_path: Path) -> None:
    service = MatchService(await Database.open(tmp_path / "once.sqlite3"))
    try:
        definition = game_definition("gateruler")
        rng = random.Random(9)
        decks = [definition.random_deck(rng) for _ in range(2)]
        match_id, state = await service.create(
            definition.spec, ["Ann", "Ben"], decks, player_ids=list(USERS), guild_id=7, seed=game_seed(9, 1)
        )
        assert await service.seat_of(match_id, USERS[1]) == 1  # the first read of the match's row
        async with counted(service.db) as statements:
            assert await service.seat_of(match_id, USERS[0]) == 0
            assert await service.user_ids(match_id) == list(USERS)
            assert (await service.seen_from(match_id, 7, None)).player_ids == USERS
            await service.state(match_id)
        assert reads(statements) == [
            sql for sql in statements if "match_snapshots" in sql or "match_actions" in sql
        ], "the match's row is not read again (only the live state is loaded)"
        with pytest.raises(ArbiterError, match="There is no match #"):
            await service.seen_from(match_id, 8, None)

        # What changes is read from the store: the export consent, then the end of the match.
        for seat in (0, 1):
            await service.consent_to_export(match_id, seat)
        assert (await service.export(match_id))["seed"] is None
        state = await service.state(match_id)
        await service.submit(match_id, Concede(actor=0, version=state.version), user_id=USERS[0])
        assert (await service.export(match_id))["seed"] == game_seed(9, 1).hex()

        # forget: nothing is kept, and the match is read from the store again at its next use.
        ended = await service.state(match_id)
        service.forget(match_id)
        assert match_id not in service._live and match_id not in service._identities
        assert match_id not in service._locks
        async with counted(service.db) as statements:
            assert await service.seat_of(match_id, USERS[1]) == 1
        assert any("FROM matches" in sql for sql in reads(statements)), "read again after forget"
        assert await service.state(match_id) == ended
        await assert_lines_replay(service, match_id)

        # A lock someone holds is kept (its holder still needs it); the rest goes.
        async with service._lock(match_id):
            service.forget(match_id)
            assert match_id in service._locks and match_id not in service._live
        service.forget(match_id)
        assert match_id not in service._locks
    finally:
        await service.db.close()


async def test_a_match_from_a_database_before_migration_12_reads_as_its_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database Arbiter left at schema 11 (built by the same migration code, stopped there) holding a
    match and its log as that schema stores them: upgraded, its log reads as a full replay renders
    it, and the lines found are stored."""
    played = MatchService(await Database.open(tmp_path / "new.sqlite3"))
    match_id, _ = await _play(played, "vanguard", 6)
    match_columns = (
        "id, guild_id, channel_id, game, spec, players, player_ids, decks, first_player, seed, seed_hash,"
        " status, version, export_consent, created_at, ended_at"
    )
    action_columns = "match_id, seq, actor, action, digest, created_at"
    match_rows = await played.db.fetchall(f"SELECT {match_columns} FROM matches")
    action_rows = await played.db.fetchall(f"SELECT {action_columns} FROM match_actions")
    await played.db.close()

    path = tmp_path / "schema11.sqlite3"
    with monkeypatch.context() as patch:
        patch.setattr("bot.store.database.MIGRATIONS", MIGRATIONS[:11])
        old = await Database.open(path)
    try:
        assert await old.schema_version() == 11
        async with old.transaction() as conn:
            marks = ", ".join("?" * 16)
            await conn.executemany(f"INSERT INTO matches ({match_columns}) VALUES ({marks})", match_rows)
            await conn.executemany(
                f"INSERT INTO match_actions ({action_columns}) VALUES (?, ?, ?, ?, ?, ?)", action_rows
            )
    finally:
        await old.close()

    service = MatchService(await Database.open(path))
    try:
        assert await service.db.schema_version() == len(MIGRATIONS) >= 12
        assert all(lines is None for _, lines in await service.repo.lines(match_id))
        await assert_lines_replay(service, match_id)
        assert all(lines is not None for _, lines in await service.repo.lines(match_id))
        assert (await service.repo.match(match_id)).opening_lines is not None  # type: ignore[union-attr]
    finally:
        await service.db.close()
