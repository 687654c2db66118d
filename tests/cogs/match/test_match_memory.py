"""What the bot keeps of a match ends with it (real discord.py, only the wire faked; a real App on a
real SQLite file): once a match is over and its last edits are sent, its places, lock, mentions, queued
edits and live state are let go, and the clock watch reads only the matches in play."""

from __future__ import annotations

from typing import Any

from bot.app import App
from engine.match.state import MatchStatus
from tests.cogs.match.helpers import app_drain, board_message, started
from tests.discord.fake_discord import ALICE, BOB, FakeDiscord, message_text


async def test_a_match_that_ends_is_let_go_once_its_last_edits_are_sent(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    bot, thread_id = await started(fake, app)
    places: Any = bot.match_places  # type: ignore[attr-defined]
    await app.matches.state(1)
    assert places.kept()["places"] == 1 and places.editor.tracked() == 0

    await fake.run_slash("match concede", user_id=ALICE, match=1)
    await app_drain(fake)

    stored = await app.matches.repo.match(1)
    assert stored is not None and stored.status == MatchStatus.ENDED
    assert "over" in message_text(board_message(fake, thread_id)).lower(), "the board's last edit was sent"
    assert all(count == 0 for count in places.kept().values()), places.kept()
    assert places.editor.tracked() == 0, "the editor keeps nothing of the ended match's messages"
    assert app.matches.kept() == 0, "nor does the match service"
    assert await places.check_clocks() == 0


async def test_the_clock_watch_reads_only_matches_in_play(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    await started(fake, app)
    assert [board.match_id for board in await app.panels.boards_in_play()] == [1]
    await fake.run_slash("match concede", user_id=BOB, match=1)
    await app_drain(fake)
    assert await app.panels.boards_in_play() == []
    assert [board.match_id for board in await app.panels.boards()] == [1], "the board is still recorded"
