"""Stops through the match service on a real SQLite file (:mod:`bot.services.matches`): the service
makes the automatic passes itself after an action, stores each in the log marked ``auto`` with its
clock step, in the action's transaction; a transport cannot claim one; the passes replay after a
restart and in an export; undo takes the action back with its passes; and each player's stops per
game are saved, start their next matches and update the ones in play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app import App
from bot.services.matches import Accepted, MatchError, MatchService
from bot.store.database import Database
from engine.match.actions import AcceptUndo, PassPriority, RequestUndo, SetStops
from engine.match.games import game_definition
from engine.match.games.forceofwill.actions import Mulligan
from engine.match.games.forceofwill.spec import MAIN, S_MAIN
from engine.match.state import MatchState
from engine.match.verify import verify_export

ANN, BEN = 101, 202
"""The players' user ids (seat 0 and 1)."""


async def _act(matches: MatchService, match_id: int, action: object, user: int) -> MatchState:
    return (await matches.submit(match_id, action, user_id=user)).state  # type: ignore[arg-type]


async def _fow(matches: MatchService, seed: str = "stops") -> tuple[int, MatchState]:
    """A Force of Will match between Ann (first) and Ben, both keeping: Ann's main phase."""
    definition = game_definition("forceofwill")
    rng = random.Random(seed)
    decks = [definition.random_deck(rng) for _ in range(2)]
    match_id, state = await matches.create(
        definition.spec, ["Ann", "Ben"], decks, player_ids=[ANN, BEN], first_player=0, seed=bytes(32)
    )
    for seat, user in ((0, ANN), (1, BEN)):
        mulligan = Mulligan(actor=seat, version=state.version, cards=())
        state = (await matches.submit(match_id, mulligan, user_id=user)).state
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 0)
    return match_id, state


async def test_the_service_passes_for_the_players_without_a_stop(app: App) -> None:
    """Ann passes her main phase: Ben's priority in it, both end phases and Ben's draw phase pass by
    themselves, each stored as a pass marked auto with its clock step, and the clock runs for Ben."""
    steps: list[int] = []

    async def count(match_id: int, accepted: Accepted) -> None:
        steps.append(accepted.state.version)

    app.matches.on_accept(count)
    match_id, state = await _fow(app.matches)
    steps.clear()
    accepted = await app.matches.submit(match_id, PassPriority(actor=0, version=state.version), user_id=ANN)
    after = accepted.state
    assert (after.board.turn, after.board.active, after.board.phase, after.board.step) == (2, 1, MAIN, S_MAIN)
    assert accepted.passes and all(action.auto for action in accepted.passes)
    assert steps == list(range(state.version + 1, after.version + 1))  # one clock step per action
    log = await app.matches.repo.actions(match_id)
    assert [entry.action.get("auto", False) for entry in log[state.version :]] == [False] + [True] * len(
        accepted.passes
    )
    assert all("auto" not in entry.action for entry in log[: state.version])
    clock = await app.clock.info(match_id)
    assert clock is not None and clock.running == 1
    lines = await app.matches.lines_for(match_id, 0)
    assert "Ben passes priority to you." in lines


async def test_a_transport_cannot_claim_an_automatic_pass(app: App) -> None:
    match_id, state = await _fow(app.matches)
    auto = PassPriority(actor=0, version=state.version, auto=True)
    with pytest.raises(MatchError, match="Only the match passes by itself"):
        await app.matches.submit(match_id, auto, user_id=ANN)


async def test_automatic_passes_replay_after_a_restart_and_in_the_export(tmp_path: Path) -> None:
    path = tmp_path / "stops.sqlite3"
    matches = MatchService(await Database.open(path))
    match_id, state = await _fow(matches)
    state = await _act(matches, match_id, PassPriority(actor=0, version=state.version), ANN)
    await matches.db.close()
    matches = MatchService(await Database.open(path))
    assert await matches.state(match_id) == state
    concede = {"type": "concede", "actor": 1, "version": state.version}
    await matches.submit(match_id, concede, user_id=BEN)
    export = await matches.export(match_id)
    assert any(entry["action"].get("auto") for entry in export["actions"])
    assert verify_export(export).ok
    await matches.db.close()


async def test_undo_takes_the_action_back_with_its_passes(app: App) -> None:
    match_id, before = await _fow(app.matches)
    state = await _act(app.matches, match_id, PassPriority(actor=0, version=before.version), ANN)
    assert state.board.active == 1
    state = await _act(app.matches, match_id, RequestUndo(actor=0, version=state.version), ANN)
    accepted = await app.matches.submit(match_id, AcceptUndo(actor=1, version=state.version), user_id=BEN)
    assert accepted.passes == ()  # after an undo the game waits for a press
    assert accepted.state.board.content() == before.board.content()
    assert accepted.state.board.priority == 0


async def test_saved_stops_start_the_next_matches_and_update_the_ones_in_play(app: App) -> None:
    """Ben stops in Ann's main phase too: saved for Force of Will, set in his match in play (a logged
    set_stops), and in his next match from its start; Ann keeps the defaults."""
    first_id, state = await _fow(app.matches, "one")
    saved, updated = await app.matches.save_stops(BEN, "fow", add="opp_main")
    assert updated == [first_id] and saved.stops is not None and "opp_main" in saved.stops
    state = await app.matches.state(first_id)
    assert state.stops is not None and "opp_main" in (state.stops[1].stops or ())
    assert isinstance(state.last_action, SetStops) and state.last_action.actor == 1
    after = await _act(app.matches, first_id, PassPriority(actor=0, version=state.version), ANN)
    assert (after.board.phase, after.board.step, after.board.priority) == (MAIN, S_MAIN, 1)
    assert after.board.active == 0  # Ben holds priority in Ann's main phase
    second_id, start = await _fow(app.matches, "two")
    log = await app.matches.repo.actions(second_id)
    assert log[0].action["type"] == "set_stops" and log[0].actor == 1
    assert start.stops is not None and start.stops[0].stops is None
    assert await app.matches.saved_stops(ANN, "forceofwill") is None
    saved, _ = await app.matches.save_stops(BEN, "forceofwill", defaults=True)
    assert saved.stops is None
    with pytest.raises(Exception, match="no window called 'lunch'"):
        await app.matches.save_stops(BEN, "fow", add="lunch")
