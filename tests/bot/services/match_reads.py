"""What tests of a match's stored lines and reads share: the statements SQLite runs, counted on the
real connections (its trace callback), and the log as a full replay renders it, apart from the
service."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from bot.app import App
from bot.services.matches import SNAPSHOT_EVERY, MatchService
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.actions import BaseAction, Note, parse_action
from engine.match.apply import apply
from engine.match.events import Event
from engine.match.games import game_definition
from engine.match.render import Viewer, render_all
from engine.match.setup import new_match, opening_events
from engine.match.spec import GameSpec
from engine.match.state import CardRef, MatchState
from engine.match.stops import automatic_passes

VIEWERS: tuple[Viewer, ...] = (None, 0, 1)
"""The spectator and both seats."""


WATCH = "PRAGMA data_version"
"""What the card index's own watch runs four times a second, whatever else happens: not a press's."""


@asynccontextmanager
async def counted(db: Database) -> AsyncIterator[list[str]]:
    """Every statement SQLite runs on the database's connections while inside (its trace callback),
    but the card index's watch (:data:`WATCH`)."""
    seen: list[str] = []

    def note(sql: str) -> None:
        if not sql.startswith(WATCH):
            seen.append(sql)

    connections = [db.reader] if db.reader is db.writer else [db.reader, db.writer]
    for connection in connections:
        await connection.set_trace_callback(note)
    try:
        yield seen
    finally:
        for connection in connections:
            await connection.set_trace_callback(None)


async def replayed(service: MatchService, match_id: int) -> dict[Viewer, list[str]]:
    """The log as a full replay renders it, apart from the service: the match set up again from its
    stored seed and decks, every stored action applied, every event rendered per viewer."""
    stored = await service.repo.match(match_id)
    assert stored is not None
    spec = GameSpec.model_validate(stored.spec)
    decks = [
        {zone: [CardRef.from_json(card) for card in cards] for zone, cards in deck.items()}
        for deck in stored.decks
    ]
    state = new_match(spec, stored.players, decks, stored.seed, first_player=stored.first_player)
    events: list[Event] = opening_events(state)
    for entry in await service.repo.actions(match_id):
        state, made = apply(state, parse_action(entry.action))
        events += made
    return {viewer: render_all(events, state, viewer) for viewer in VIEWERS}


def reads(statements: Sequence[str]) -> list[str]:
    """The statements that read (queries), of those :func:`counted` saw."""
    return [sql for sql in statements if sql.lstrip().upper().startswith(("SELECT", "WITH"))]


def going_on(state: MatchState, rng: random.Random) -> BaseAction:
    """A random accepted action after which the match goes on (with its automatic passes); a note
    when every action would end it."""
    for action in game_definition(state.match.spec.key).random_actions(state, rng):
        try:
            after, _ = apply(state, action)
        except ArbiterError:
            continue
        if not after.ended and not any(done.ended for _, done, _ in automatic_passes(after)):
            return action
    return Note(actor=0, version=state.version, text="still here")


async def advance(
    app: App, match_id: int, users: Sequence[int], rng: random.Random, until: int
) -> MatchState:
    """Play on through the service (seat N acting as ``users[N]``) until the match has ``until``
    actions, and on until the next action stores no snapshot, so that two presses compared both
    store none; the state then."""
    state = await app.matches.state(match_id)
    while state.version < until or state.version % SNAPSHOT_EVERY not in range(5, SNAPSHOT_EVERY - 10):
        action = going_on(state, rng)
        state = (await app.matches.submit(match_id, action, user_id=users[action.actor])).state
        assert not state.ended
    return state
