"""A press on Discord costs the same reads late in a long match as early in it (real discord.py, only
the wire faked; every statement SQLite runs counted on the database's own connections): the press
answered, the action stored, the presser's panel, the opponent's panel and the board brought up to
date, with no replay and nothing re-read that cannot have changed."""

from __future__ import annotations

import random
from collections import Counter

from bot.app import App
from engine.match.offers import offers
from tests.bot.services.match_reads import advance, counted, reads
from tests.cogs.match.discord_player import dm_panel, open_offer
from tests.cogs.match.helpers import app_drain, started
from tests.discord.fake_discord import ALICE, BOB, FakeDiscord

GAME = "duelmasters"
LONG = 520
"""Actions in the long match (over 500)."""
USERS = (ALICE, BOB)


async def _press(fake: FakeDiscord, app: App) -> list[str]:
    """Alice flips a coin from her DM panel (behind More), and every edit it brings is sent: the
    statements that ran."""
    number = next(
        n for n, offer in enumerate(offers(await app.matches.state(1), 0), 1) if offer.type == "coin"
    )
    before = (await app.matches.state(1)).version
    async with counted(app.db) as statements:
        await open_offer(fake, ALICE, int(dm_panel(fake, ALICE)["id"]), number)
        await app_drain(fake)
    assert (await app.matches.state(1)).version == before + 1
    return statements


def _kinds(statements: list[str]) -> Counter[str]:
    """How many statements of each kind ran (their first words), in whatever order the press's tasks
    ran them; the card index's own watch (``PRAGMA data_version``, four times a second) is not the
    press's."""
    return Counter(
        " ".join(sql.split()[:4]) for sql in statements if not sql.startswith("PRAGMA data_version")
    )


async def test_a_press_late_in_a_long_match_reads_what_one_early_reads(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    bot, _ = await started(fake, app, GAME)
    bot.get_cog("MatchCog").clock_watch.cancel()  # type: ignore[union-attr]  # its ticks read too
    rng = random.Random(4)
    await advance(app, 1, USERS, rng, 10)
    await _press(fake, app)  # the first press reads where the places are shown, once
    await advance(app, 1, USERS, rng, 20)
    early = await _press(fake, app)
    await advance(app, 1, USERS, rng, LONG)
    late = await _press(fake, app)

    state = await app.matches.state(1)
    assert state.version > LONG and state.board.turn > 5, "a long match, played"
    assert _kinds(early) == _kinds(late), "the same statements, writes too"
    tables = [sql.split(" FROM ", 1)[1].split()[0] for sql in reads(late)]
    assert "match_snapshots" not in tables and "matches" not in tables, "nothing that never changes"
    assert all(" LIMIT " in sql for sql in reads(late) if "match_actions" in sql), "only the log's end"
