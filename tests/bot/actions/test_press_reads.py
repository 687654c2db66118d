"""A press costs the same late in a long match as early in it (real SQLite, every statement counted on
the database's own connections): the action stored, the public board built (its last lines read from
the end of the log, its notes from what the challenge kept) and a seat's last lines, with no replay,
no deck check and no re-reading of what never changes about the match."""

from __future__ import annotations

import random

from bot.actions import matches as ma
from bot.app import App
from bot.render.match import LAST_LINES
from bot.services.challenges import DeckChoice, Started
from engine.match.actions import Note
from engine.match.simulate import game_seed
from tests.bot.services.match_reads import VIEWERS, advance, counted, reads, replayed

GAME = "duelmasters"
GUILD = 11
ANN, BEN = (1, "Ann"), (2, "Ben")
USERS = (ANN[0], BEN[0])
LONG = 520
"""Actions in the long match (over 500)."""


async def _press(app: App, match_id: int) -> tuple[list[str], list[str]]:
    """One press, counted: Ann's note stored, the public board built, Ann's last lines read. Returns
    the statements run, and the lines Ann reads."""
    state = await app.matches.state(match_id)
    async with counted(app.db) as statements:
        await app.matches.submit(match_id, Note(actor=0, version=state.version, text="gg"), user_id=ANN[0])
        board = await ma.board_reply(app, match_id, None, counts=True)
        lines = await app.matches.recent_lines(match_id, 0, LAST_LINES)
    assert not board.refused and "gg" in lines[-1]
    return statements, lines


async def test_a_press_late_in_a_long_match_reads_what_one_early_reads(app: App) -> None:
    app.challenges.randomness = lambda: random.Random(4)
    app.challenges.match_seed = lambda: game_seed(4, 1)
    challenge = await app.challenges.challenge(
        guild_id=GUILD,
        channel_id=5,
        game=GAME,
        challenger=ANN,
        deck=DeckChoice("practice"),
        opponent=BEN,
    )
    started = await app.challenges.accept(GUILD, challenge.id, BEN, DeckChoice("practice"))
    assert isinstance(started, Started)
    match_id = started.match_id

    async def deck_checked(*_: object) -> list[str]:
        raise AssertionError("a deck was checked on a press")

    app.challenges.problems = deck_checked  # type: ignore[method-assign]
    rng = random.Random(4)
    await advance(app, match_id, USERS, rng, 10)
    early, _ = await _press(app, match_id)
    await advance(app, match_id, USERS, rng, LONG)
    late, lines = await _press(app, match_id)

    state = await app.matches.state(match_id)
    assert state.version > LONG and state.board.turn > 5, "a long match, played"
    assert len(reads(early)) == len(reads(late)) and len(early) == len(late)
    assert [sql.split()[:4] for sql in early] == [sql.split()[:4] for sql in late], "the same statements"
    tables = [sql.split(" FROM ", 1)[1].split()[0] for sql in reads(late)]
    assert "matches" not in tables and "match_snapshots" not in tables, "nothing that never changes"
    assert all(" LIMIT " in sql for sql in reads(late) if "match_actions" in sql), "only the log's end"
    assert tables.count("match_actions") == 2, "the board's lines and the seat's"
    expected = await replayed(app.matches, match_id)
    assert lines == expected[0][-LAST_LINES:]
    for viewer in VIEWERS:
        assert await app.matches.lines_for(match_id, viewer) == expected[viewer]
