"""Matches in the store: append-only log, versions, snapshots, replay, export and verification
(real SQLite files; the engine's demo game from tests/engine/match/demo.py)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services.matches import SNAPSHOT_EVERY, MatchError, MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.actions import BaseAction, Concede, Draw, parse_action
from engine.match.apply import apply
from engine.match.replay import replay_from
from engine.match.setup import new_match
from engine.match.verify import verify_export
from tests.engine.match.demo import DEMO_SPEC, demo_decks, random_action
from tests.property_costs import MATCHES


async def _service(path: Path) -> MatchService:
    return MatchService(await Database.open(path))


def _valid_actions(state, rng: random.Random, count: int) -> list[BaseAction]:  # type: ignore[no-untyped-def]
    """``count`` random actions that the engine accepts, in order (no concession)."""
    chosen: list[BaseAction] = []
    while len(chosen) < count:
        action = random_action(state, rng, allow_end=False)
        try:
            state, _ = apply(state, action)
        except ArbiterError:
            continue
        chosen.append(action)
    return chosen


async def test_actions_are_stored_and_the_state_replays_after_a_restart(tmp_path: Path) -> None:
    service = await _service(tmp_path / "m.sqlite3")
    match_id, _ = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks(), player_ids=[1, 2])
    rng = random.Random(7)
    for _ in range(SNAPSHOT_EVERY * 2 + 7):
        action = _valid_actions(await service.state(match_id), rng, 1)[0]
        await service.submit(match_id, action, user_id=[1, 2][action.actor])
    live = (await service.state(match_id)).to_json()
    await service.db.close()

    reopened = await _service(tmp_path / "m.sqlite3")
    assert (await reopened.repo.latest_snapshot(match_id))[0] == SNAPSHOT_EVERY * 2  # type: ignore[index]
    assert (await reopened.state(match_id)).to_json() == live
    stored = await reopened.repo.match(match_id)
    assert stored is not None and stored.version == SNAPSHOT_EVERY * 2 + 7
    first = new_match(DEMO_SPEC, ["Alice", "Bob"], demo_decks(), stored.seed)
    full = replay_from(first, [parse_action(a.action) for a in await reopened.repo.actions(match_id)])
    assert full.to_json() == live
    await reopened.db.close()


async def test_stale_and_duplicate_submissions_apply_once(tmp_path: Path) -> None:
    service = await _service(tmp_path / "m.sqlite3")
    match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    active = state.board.active
    same = Draw(actor=active, version=0, count=1)
    results = await asyncio.gather(
        service.submit(match_id, same, user_id=None),
        service.submit(match_id, same, user_id=None),
        return_exceptions=True,
    )
    accepted = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(accepted) == 1 and len(refused) == 1
    assert isinstance(refused[0], ArbiterError) and str(refused[0]).endswith(".")
    assert len(await service.repo.actions(match_id)) == 1
    with pytest.raises(ArbiterError):
        await service.submit(match_id, Draw(actor=active, version=0, count=1), user_id=None)  # an old click
    with pytest.raises(ArbiterError, match="not valid"):
        await service.submit(match_id, {"type": "draw", "actor": 0, "version": "soon"}, user_id=None)
    assert (await service.repo.match(match_id)).version == 1  # type: ignore[union-attr]
    await service.db.close()


async def test_another_process_acting_first_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    first = await _service(path)
    second = await _service(path)
    match_id, state = await first.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    await second.state(match_id)  # both processes have the match in memory at version 0
    active = state.board.active
    await first.submit(match_id, Draw(actor=active, version=0, count=1), user_id=None)
    with pytest.raises(MatchError, match="Someone acted first"):
        await second.submit(match_id, Draw(actor=active, version=0, count=2), user_id=None)
    assert [a.action["count"] for a in await second.repo.actions(match_id)] == [1]
    await first.db.close()
    await second.db.close()


async def test_the_acting_seat_is_bound_to_the_user_who_acts(tmp_path: Path) -> None:
    service = await _service(tmp_path / "m.sqlite3")
    match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks(), player_ids=[11, 22])
    active = state.board.active
    owner, other = [11, 22][active], [11, 22][1 - active]
    for user in (other, None, 99):
        with pytest.raises(MatchError, match="can act for that seat") as refused:
            await service.submit(match_id, Draw(actor=active, version=0, count=1), user_id=user)
        assert "\n" not in str(refused.value) and str(refused.value).endswith(".")
    with pytest.raises(MatchError, match="no seat 5"):
        await service.submit(match_id, Draw(actor=5, version=0, count=1), user_id=owner)
    assert await service.repo.actions(match_id) == []
    await service.submit(match_id, Draw(actor=active, version=0, count=1), user_id=owner)
    assert len(await service.repo.actions(match_id)) == 1
    await service.db.close()


async def test_a_cache_behind_the_store_reloads_on_a_version_conflict(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    first = await _service(path)
    second = await _service(path)
    match_id, state = await first.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    await second.state(match_id)  # cached at version 0
    active = state.board.active
    await first.submit(match_id, Draw(actor=active, version=0, count=1), user_id=None)
    # the next valid action, made against the board the store holds, is accepted by the lagging process
    await second.submit(match_id, Draw(actor=active, version=1, count=1), user_id=None)
    assert (await second.state(match_id)).version == 2
    # the first process is behind now: an action against its old board is refused with one sentence
    with pytest.raises(MatchError, match="try again with the current board") as refused:
        await first.submit(match_id, Draw(actor=active, version=1, count=1), user_id=None)
    assert "\n" not in str(refused.value)
    assert (await first.state(match_id)).version == 2  # reloaded: the next click works
    await first.submit(match_id, Draw(actor=active, version=2, count=1), user_id=None)
    assert [a.seq for a in await second.repo.actions(match_id)] == [0, 1, 2]
    with pytest.raises(MatchError, match="no match"):
        await first.submit(10**20, Draw(actor=active, version=2, count=1), user_id=None)
    with pytest.raises(MatchError, match="no match"):
        await first.export(10**20)
    await first.db.close()
    await second.db.close()


async def test_export_verify_and_tamper_detection(tmp_path: Path) -> None:
    service = await _service(tmp_path / "m.sqlite3")
    match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    rng = random.Random(11)
    for action in _valid_actions(state, rng, 40):
        await service.submit(match_id, action, user_id=None)
    with pytest.raises(MatchError, match="once it has ended"):
        await service.export(match_id)
    await service.consent_to_export(match_id, 0)
    await service.consent_to_export(match_id, 1)
    early = await service.export(match_id)
    assert early["seed"] is None and len(early["actions"]) == 40
    assert not verify_export(early).ok  # no seed yet: nothing to check the shuffles against
    version = (await service.state(match_id)).version
    await service.submit(match_id, Concede(actor=1, version=version), user_id=None)
    export = await service.export(match_id)
    assert verify_export(export).ok
    assert verify_export(json.loads(json.dumps(export))).ok
    forged = json.loads(json.dumps(export))
    forged["seed"] = "00" * 32
    assert "does not match the hash" in verify_export(forged).message
    swapped = json.loads(json.dumps(export))
    swapped["decks"][0]["deck"][0], swapped["decks"][0]["deck"][1] = (
        swapped["decks"][0]["deck"][1],
        swapped["decks"][0]["deck"][0],
    )
    result = verify_export(swapped)
    assert not result.ok and result.divergence is not None
    await service.db.close()


async def test_per_viewer_logs_name_only_known_cards(tmp_path: Path) -> None:
    service = await _service(tmp_path / "m.sqlite3")
    match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    active = state.board.active
    await service.submit(match_id, Draw(actor=active, version=0, count=3), user_id=None)
    own = " ".join(await service.lines_for(match_id, active))
    other = " ".join(await service.lines_for(match_id, 1 - active))
    spectator = " ".join(await service.lines_for(match_id, None))
    hand = [c for c in (await service.view_for(match_id, active))["zones"] if c]
    assert hand  # the view is the engine's per-viewer structure
    drawn = own.split("You draw ", 1)[1] if "You draw " in own else ""
    assert drawn, own
    assert "draws 3 cards" in other and drawn.split(",")[0] not in other
    assert drawn.split(",")[0] not in spectator
    await service.db.close()


async def test_cli_verify_prints_ok_or_the_first_divergence(tmp_path: Path) -> None:
    import subprocess
    import sys

    service = await _service(tmp_path / "m.sqlite3")
    match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
    for action in _valid_actions(state, random.Random(3), 25):
        await service.submit(match_id, action, user_id=None)
    await service.submit(match_id, Concede(actor=0, version=25), user_id=None)
    export = await service.export(match_id)
    await service.db.close()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(export), encoding="utf-8")
    bad = tmp_path / "bad.json"
    export["actions"][10]["digest"] = "0" * 64
    bad.write_text(json.dumps(export), encoding="utf-8")
    root = Path(__file__).resolve().parents[3]

    def verify(path: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.cli", "match", "verify", str(path)],
            capture_output=True,
            text=True,
            cwd=root,
            timeout=120,
        )

    ok = verify(good)
    assert ok.returncode == 0 and ok.stdout.startswith(
        "OK: the seed matches its hash and all 26 actions replay"
    )
    diverged = verify(bad)
    assert diverged.returncode == 1 and "Action 10 gives a different state" in diverged.stdout
    missing = verify(tmp_path / "nope.json")
    assert missing.returncode == 2 and "Cannot read" in missing.stderr


@settings(MATCHES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), count=st.integers(min_value=0, max_value=120))
def test_store_round_trip_gives_an_equal_state(tmp_path: Path, seed: int, count: int) -> None:
    """Whatever was played, reopening the store (snapshot plus replay) gives the state in memory."""

    async def play() -> None:
        path = tmp_path / f"rt-{seed}-{count}.sqlite3"
        service = await _service(path)
        match_id, state = await service.create(DEMO_SPEC, ["Alice", "Bob"], demo_decks())
        for action in _valid_actions(state, random.Random(seed), count):
            await service.submit(match_id, action, user_id=None)
        live = (await service.state(match_id)).to_json()
        await service.db.close()
        reopened = await _service(path)
        try:
            assert (await reopened.state(match_id)).to_json() == live
        finally:
            await reopened.db.close()

    asyncio.run(play())


async def test_a_match_whose_log_no_longer_replays_says_so_in_one_sentence(tmp_path: Path) -> None:
    """A stored action the rules now refuse (a log from an earlier version of the rules) makes the
    match unreadable with one sentence, never a traceback."""
    database = await Database.open(tmp_path / "older.sqlite3")
    try:
        service = MatchService(database)
        match_id, _ = await service.create(DEMO_SPEC, ["Ann", "Ben"], demo_decks())
        async with database.transaction() as conn:  # a move the rules refuse: a draw by nobody's seat
            await conn.execute(
                "INSERT INTO match_actions (match_id, seq, actor, action, digest) VALUES (?, 0, 5, ?, 'x')",
                (match_id, '{"type":"draw","actor":5,"version":0,"count":1}'),
            )
            await conn.execute("UPDATE matches SET version = 1 WHERE id = ?", (match_id,))
        service.unload(match_id)
        with pytest.raises(ArbiterError, match="began under an earlier version of Arbiter") as refused:
            await service.state(match_id)
        assert "\n" not in str(refused.value)
    finally:
        await database.close()
