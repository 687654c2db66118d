"""A match on the fake wire, as the match cog tests start and read it: a challenge accepted, the
thread's board message, a player's panel, its buttons' ids and labels, and the app's queued edits
settled."""

from __future__ import annotations

import random
from typing import Any

from bot.app import App
from bot.client import ArbiterBot
from engine.match.simulate import game_seed
from tests.cogs.match.discord_player import quick
from tests.discord.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_ID,
    FakeDiscord,
    Json,
    flatten_components,
    start_bot,
    walk_components,
)


async def started(
    fake: FakeDiscord, app: App, game: str = "duelmasters", seed: int = 3
) -> tuple[ArbiterBot, int]:
    """Alice challenges Bob; Bob presses Accept. The bot and the thread's id."""
    app.challenges.randomness = lambda: random.Random(seed)
    app.challenges.match_seed = lambda: game_seed(seed, 1)
    bot = await start_bot(fake, ArbiterBot(app))
    quick(bot)
    fake.add_user(CAROL, "carol")
    challenged = await fake.run_slash("match challenge", user_id=ALICE, game=game, opponent=BOB)
    assert "challenges" in challenged.embeds[0]["description"], challenged.embeds
    assert f"<@{BOB}>" in challenged.content
    accept = next(c for c in challenged.custom_ids if c.startswith("mc:a:"))
    accepted = await fake.press(challenged.message_id or 0, accept, user_id=BOB)
    assert "begins" in accepted.content, accepted.describe()
    threads = [c for c in fake.channels.values() if c.get("parent_id") == str(CHANNEL_ID)]
    assert len(threads) == 1
    return bot, int(threads[0]["id"])


def board_message(fake: FakeDiscord, thread_id: int) -> Json:
    """The thread's board: its one message laid out with components (the mentions are plain text)."""
    return next(m for m in fake.messages_in(thread_id) if m["components"])


def panel(fake: FakeDiscord, user_id: int) -> Json:
    """The player's DM panel as it is now (the latest message with offers)."""
    return [m for m in fake.dm_messages(user_id) if m["components"] or m["embeds"]][-1]


def custom_ids(message: Json) -> list[str]:
    return [c["custom_id"] for c in flatten_components(message["components"]) if c["custom_id"]]


def labels(message: Json) -> dict[str, str]:
    out = {}
    for item in walk_components(message["components"]):
        if item.get("custom_id"):
            out[item["custom_id"]] = item.get("label") or item.get("placeholder") or ""
    return out


async def app_drain(fake: FakeDiscord) -> None:
    """Wait for the board and panel edits queued by the last action."""
    for bot in fake.bots:
        tables: Any = getattr(bot, "match_places", None)
        if tables is not None:
            await tables.drain()


CAROL = 1_300_000_000_000_000_044
