"""The four games through the match service on a real SQLite file: every action stored before it is
accepted, the state rebuilt from the store (snapshots and replay) equal to the live one at any point,
including the games' own board data and the card stats, and the finished match's export verifies."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.services.matches import SNAPSHOT_EVERY, MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.games import game_keys
from engine.match.games import game_definition
from engine.match.simulate import check_invariants, game_seed
from engine.match.state import state_digest
from engine.match.verify import verify_export


@pytest.mark.parametrize("game", game_keys())
async def test_a_whole_game_survives_restarts_and_verifies(tmp_path: Path, game: str) -> None:
    definition = game_definition(game)
    rng = random.Random(f"store-{game}")
    path = tmp_path / "matches.sqlite3"
    service = MatchService(await Database.open(path))
    decks = [definition.random_deck(rng) for _ in range(2)]
    match_id, state = await service.create(definition.spec, ["Ann", "Ben"], decks, seed=game_seed(1, 1))
    restarts = 0
    every = SNAPSHOT_EVERY // 2 + 7
    restarted = 0  # the version of the last restart: the automatic passes after a press move it by several
    while not state.ended:
        assert state.version < 5000, f"{game} did not end"
        for action in definition.random_actions(state, rng):
            try:
                state = (await service.submit(match_id, action, user_id=None)).state
            except ArbiterError:
                continue
            break
        else:
            raise AssertionError(f"{game}: no action accepted at version {state.version}")
        if state.version // every > restarted // every or state.ended:
            restarted = state.version
            # A restart: a new process opens the same file and rebuilds the match from the store.
            await service.db.close()
            service = MatchService(await Database.open(path))
            rebuilt = await service.state(match_id)
            assert state_digest(rebuilt) == state_digest(state) and rebuilt == state
            check_invariants(rebuilt, definition)
            restarts += 1
    assert restarts >= 2 and state.end_reason
    assert any(ref.stats for ref in state.match.table), "the generated decks carry card stats"
    export = await service.export(match_id)
    assert verify_export(export).ok
    for viewer in (0, 1, None):
        lines = await service.lines_for(match_id, viewer)
        assert " first. " in lines[0] and len(lines) > state.version // 2
    if game == "duelmasters":
        assert "shield zone 5" in lines[0] and "hand 5" in lines[0]
    await service.db.close()
