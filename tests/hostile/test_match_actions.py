"""Hostile match input: any JSON for an action, any seat and user, on a real SQLite file. Every answer
is the project's own error with one short sentence, and a refusal leaves the database as it was."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services.matches import MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.actions import parse_action
from tests.engine.match.demo import DEMO_SPEC, demo_decks
from tests.hostile.common import dump, one_sentence
from tests.property_costs import SERVICE

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.text(max_size=300),
    st.sampled_from(["draw", "move", "shuffle", "concede", "pass", "coin", "die"]),
)
_json = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
_actions = st.fixed_dictionaries(
    {},
    optional={
        "type": st.one_of(
            st.sampled_from(["draw", "move", "concede", "flip", "counter"]), st.text(max_size=400)
        ),
        "actor": _scalars,
        "version": _scalars,
        "count": _scalars,
        "zone": _scalars,
        "card": _json,
    },
)


def test_refusals_of_action_json_are_short() -> None:
    for data in (
        {"type": "nope", "actor": 0, "version": 0},
        {"type": "x" * 5000},
        {"type": "draw", "actor": "9" * 500},
    ):
        try:
            parse_action(data)
        except ArbiterError as error:
            one_sentence(str(error), limit=120)
            assert "draw', 'move'" not in str(error)
        else:
            raise AssertionError(data)


@settings(SERVICE, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.one_of(_actions, _json, st.text(max_size=500)),
    user=st.one_of(st.none(), st.integers(-(2**70), 2**70)),
)
def test_any_action_json_from_any_user_is_answered_or_refused_cleanly(
    tmp_path: Path, data: Any, user: int | None
) -> None:
    async def scenario() -> None:
        database = await Database.open(tmp_path / "hostile-match.sqlite3")
        try:
            service = MatchService(database)
            existing = await service.repo.version(1)
            if existing is None:
                await service.create(DEMO_SPEC, ["Ann", "Ben"], demo_decks(), player_ids=[11, 22])
            before = await dump(database)
            raw = data if isinstance(data, (dict, str)) else json.dumps(data)
            try:
                await service.submit(1, raw, user_id=user)
            except ArbiterError as error:
                one_sentence(str(error))
                assert await dump(database) == before
        finally:
            await database.close()

    asyncio.run(scenario())
