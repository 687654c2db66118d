"""Echoed text pings nobody: every payload the bot sends states its own ``allowed_mentions``, built
only from the mentions a feature means to make (through real discord.py, only the wire faked)."""

from __future__ import annotations

import discord

from bot.app import App
from bot.client import ALLOWED_MENTIONS, ArbiterBot
from tests.discord.fake_discord import ALICE, FakeDiscord, start_bot

NOTHING = {"parse": []}


def pings_nobody(allowed: dict[str, object]) -> bool:
    """No @everyone, no role, no user, no reply ping."""
    return (
        allowed.get("parse") == []
        and not allowed.get("users")
        and not allowed.get("roles")
        and (not allowed.get("replied_user"))
    )


def test_the_bot_default_pings_nobody() -> None:
    assert ALLOWED_MENTIONS.to_dict() == NOTHING


async def test_inline_lookup_of_a_mention_pings_nobody(fake_discord: FakeDiscord, cards_app: App) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    cards_app.settings.inline_cards = True
    await start_bot(fake_discord, ArbiterBot(cards_app, intents=intents))
    before = len(fake_discord.requests)
    replies = await fake_discord.run_message("[[dm:<@123>]] [[dm:@everyone]] [[dm:<@&77>]]", author_id=ALICE)
    assert len(replies) == 1 and "<@123>" in replies[0]["content"]
    sent = [r.json for r in fake_discord.requests[before:] if r.key == "POST /channels/{channel_id}/messages"]
    assert sent and all(pings_nobody(body["allowed_mentions"]) for body in sent)


async def test_rules_queries_with_mentions_ping_nobody(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    for query in ("@everyone destroyed", "<@123> rest a unit", "<@&77> @here draw"):
        found = await fake_discord.run_slash("rules search", user_id=ALICE, query=query, game="gateruler")
        assert found.callback["data"]["allowed_mentions"] == NOTHING, query
    rule = await fake_discord.run_slash("rule", user_id=ALICE, id="<@123>", game="gateruler")
    assert rule.callback["data"]["allowed_mentions"] == NOTHING
