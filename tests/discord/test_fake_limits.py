"""Discord's rate limits in the fake wire (``fake.limits = DiscordLimits(...)``), through real discord.py.

With limits on, the REST seam runs discord.py's own ``HTTPClient.request`` over a fake session, so its
per-route buckets, its global lock and its 429 retries are the library's. The windows are shortened
where a test would otherwise wait; no test asserts on how long anything took.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.ext import commands

from cogs.message_edits import MessageEditor

from . import fake_discord as harness
from .fake_discord import (
    ALICE,
    CHANNEL_ID,
    GUILD_ID,
    DiscordLimits,
    FakeDiscord,
    RecordedRequest,
    start_bot,
)

fake_discord = harness.fake_discord

CREATE = "POST /channels/{channel_id}/messages"
ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class LimitsBot(commands.Bot):
    """A bot with one slash command answered with a message and a follow-up (both interaction-token)."""

    def __init__(self, *, max_ratelimit_timeout: float | None = None) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=ALLOWED_MENTIONS,
            help_command=None,
            max_ratelimit_timeout=max_ratelimit_timeout,
        )

        @self.tree.command(name="ping", description="Answers twice")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True)
            await interaction.followup.send("pong again", ephemeral=True)


def guild_channels(fake: FakeDiscord, count: int) -> list[tuple[int, int]]:
    """``count`` guild channels, each holding one message of the bot: ``(channel id, message id)``."""
    out = []
    for _ in range(count):
        channel_id = fake.new_id()
        fake.add_channel(channel_id, guild_id=GUILD_ID, name=f"c{channel_id % 1000}")
        message = fake.add_bot_message(channel_id, [], content="hello")
        out.append((channel_id, int(message["id"])))
    return out


def limited(fake: FakeDiscord, since: int) -> list[RecordedRequest]:
    return [r for r in fake.requests[since:] if r.status == 429]


async def test_the_51st_rest_request_within_a_second_gets_a_global_429_and_is_delivered_after(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    bot = await start_bot(fake, LimitsBot())
    places = guild_channels(fake, 51)
    fake.limits = DiscordLimits()  # 50 REST requests a second, 5 new messages per channel per 5 s
    since = len(fake.requests)

    fetched = await asyncio.gather(
        *(bot.get_partial_messageable(c).fetch_message(m) for c, m in places)  # 51 at once
    )

    assert [m.id for m in fetched] == [m for _, m in places]  # every one delivered
    refused = limited(fake, since)
    assert len(refused) == 1
    assert refused[0].response["global"] is True and refused[0].response["retry_after"] > 0
    assert [r.status for r in fake.requests[since:] if r.path == refused[0].path] == [429, 200]
    counts = fake.request_counts(since)
    assert counts["rest"] == 51 and counts["rest_other"] == 51 and counts["rate_limited"] == 1


async def test_interaction_responses_and_webhooks_are_never_rate_limited(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    await start_bot(fake, LimitsBot())
    fake.limits = DiscordLimits(rest_per_second=2)
    since = len(fake.requests)

    results = [fake.feed(fake.slash_payload("ping", user_id=ALICE)) for _ in range(60)]
    await fake.settle()

    assert all(r.acknowledged and len(r.followups) == 1 for r in results)
    counts = fake.request_counts(since)
    assert counts["interaction_response"] == 60 and counts["interaction_webhook"] == 60
    assert counts["rest"] == 0 and counts["rate_limited"] == 0


async def test_a_sixth_message_in_a_channel_waits_for_the_window_and_is_delivered(
    fake_discord: FakeDiscord,
) -> None:
    """discord.py reads the bucket headers of the first answers and holds the sixth message until the
    channel's window is over: no 429. Another channel is not held."""
    fake = fake_discord
    bot = await start_bot(fake, LimitsBot())
    fake.limits = DiscordLimits(channel_window=0.3)
    other = guild_channels(fake, 1)[0][0]
    since = len(fake.requests)
    channel = bot.get_partial_messageable(CHANNEL_ID)

    sent = await asyncio.gather(
        *(channel.send(f"message {n}") for n in range(6)),
        bot.get_partial_messageable(other).send("elsewhere"),
    )

    assert sorted(m.content for m in sent[:6]) == [f"message {n}" for n in range(6)]
    assert (
        len(fake.messages_in(CHANNEL_ID)) == 6 and len(fake.messages_in(other)) == 2
    )  # its own and "elsewhere"
    counts = fake.request_counts(since)
    assert counts["message_create"] == 7 and counts["rate_limited"] == 0
    answers = [r.response for r in fake.requests_to(CREATE)[-7:]]
    assert all(a is not None for a in answers)


async def fill_channel(fake: FakeDiscord, bot: commands.Bot, channel_id: int) -> list[asyncio.Task[Any]]:
    """Send five messages into ``channel_id`` at once and return once Discord has answered them all; the
    sends are still running (discord.py sleeps out the exhausted bucket after the fifth answer)."""
    before = len(fake.requests_to(CREATE))
    channel = bot.get_partial_messageable(channel_id)
    tasks = [asyncio.create_task(channel.send(f"message {n}")) for n in range(5)]
    while sum(r.status == 200 for r in fake.requests_to(CREATE)[before:]) < 5:
        await asyncio.sleep(0.001)
    return tasks


async def test_another_process_meets_the_channel_limit_as_a_429_and_delivers_after(
    fake_discord: FakeDiscord,
) -> None:
    """A second process on the same token knows no bucket yet: its first message in a full channel is
    answered 429 (not global), which discord.py waits out before sending it again."""
    fake = fake_discord
    first = await start_bot(fake, LimitsBot())
    fake.limits = DiscordLimits(channel_window=0.5)
    sending = await fill_channel(fake, first, CHANNEL_ID)
    second = await start_bot(fake, LimitsBot())
    since = len(fake.requests)

    await second.get_partial_messageable(CHANNEL_ID).send("message 5")
    await asyncio.gather(*sending)

    assert [(r.key, r.status) for r in fake.requests[since:]] == [(CREATE, 429), (CREATE, 200)]
    refused = fake.requests[since]
    assert refused.response["global"] is False
    assert refused.response["message"] == "You are being rate limited."
    assert len(fake.messages_in(CHANNEL_ID)) == 6


async def test_rate_limited_is_raised_when_the_wait_is_longer_than_max_ratelimit_timeout(
    fake_discord: FakeDiscord,
) -> None:
    """With ``max_ratelimit_timeout`` (at least 30 s in discord.py) a longer wait raises
    ``discord.RateLimited``: before the request when the client knows the bucket, after a 429 when not."""
    fake = fake_discord
    careful = await start_bot(fake, LimitsBot(max_ratelimit_timeout=30.0))
    fake.limits = DiscordLimits(channel_window=120.0)
    elsewhere = guild_channels(fake, 1)[0][0]
    await careful.get_partial_messageable(elsewhere).send("first")
    since = len(fake.requests)
    with pytest.raises(discord.RateLimited):  # its bucket resets in 120 s: discord.py refuses at once
        await careful.get_partial_messageable(elsewhere).send("second")
    assert fake.requests[since:] == []  # never sent

    sending = await fill_channel(fake, await start_bot(fake, LimitsBot()), CHANNEL_ID)
    since = len(fake.requests)
    with pytest.raises(discord.RateLimited) as raised:  # a bucket it does not know: Discord says 429
        await careful.get_partial_messageable(CHANNEL_ID).send("too soon")
    assert raised.value.retry_after > 30
    assert [r.status for r in fake.requests[since:]] == [429]
    for task in sending:
        task.cancel()
    await asyncio.gather(*sending, return_exceptions=True)


async def test_after_five_429s_discord_py_raises_http_exception_429(fake_discord: FakeDiscord) -> None:
    """One request a window and thirty at once: a request refused five times raises HTTPException 429
    (discord.py tries five times), after sleeping out each global 429."""
    fake = fake_discord
    bot = await start_bot(fake, LimitsBot())
    places = guild_channels(fake, 30)
    fake.limits = DiscordLimits(rest_per_second=1, rest_window=0.05)
    since = len(fake.requests)

    outcomes = await asyncio.gather(
        *(bot.get_partial_messageable(c).fetch_message(m) for c, m in places), return_exceptions=True
    )

    failed = [o for o in outcomes if isinstance(o, BaseException)]
    delivered = [o for o in outcomes if isinstance(o, discord.Message)]
    assert failed and delivered and len(failed) + len(delivered) == 30
    assert all(isinstance(o, discord.HTTPException) and o.status == 429 for o in failed)
    by_path: dict[str, list[int | None]] = {}
    for r in fake.requests[since:]:
        by_path.setdefault(r.path, []).append(r.status)
    assert sorted(len(s) for s in by_path.values() if 200 not in s) == [5] * len(failed)
    assert fake.request_counts(since)["rest"] == len(delivered)


async def test_request_counts_by_kind(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    bot = await start_bot(fake, LimitsBot())
    fake.limits = DiscordLimits()
    since = len(fake.requests)
    dm = await (await bot.create_dm(discord.Object(ALICE))).send("hello")  # type: ignore[arg-type]
    await dm.edit(content="hello again")
    await fake.run_slash("ping", user_id=ALICE)

    counts = fake.request_counts(since)
    assert counts["dm_channel"] == 1 and counts["message_create"] == 1 and counts["message_edit"] == 1
    assert counts["interaction_response"] == 1 and counts["interaction_webhook"] == 1
    assert counts["rest"] == 3 and counts["rate_limited"] == 0


async def test_the_message_editor_delivers_the_newest_state_of_every_message_under_the_limits(
    fake_discord: FakeDiscord,
) -> None:
    """The bot's MessageEditor (real sleeps, no spacing) edits 16 messages in 4 channels, each several
    times, with 3 REST requests allowed a window: discord.py waits out the global 429s, some edits
    fail after five tries (HTTPException 429) and the editor tries them again; in the end every
    message shows its newest version."""
    fake = fake_discord
    bot = await start_bot(fake, LimitsBot())
    channels = [c for c, _ in guild_channels(fake, 4)]
    messages = [(c, int(fake.add_bot_message(c, [], content="v0")["id"])) for c in channels for _ in range(4)]
    fake.limits = DiscordLimits(rest_per_second=3, rest_window=0.05)
    editor = MessageEditor(bot, interval=0.0, max_backoff=2.0)
    since = len(fake.requests)

    def build(message_id: int, version: int) -> Any:
        async def edit() -> dict[str, Any]:
            return {"content": f"{message_id} v{version}"}

        return edit

    for version in (1, 2, 3):
        for channel_id, message_id in messages:
            editor.submit(channel_id, message_id, version, build(message_id, version))
        await asyncio.sleep(0.02)  # the matches move on while edits are under way
    await asyncio.wait_for(editor.drain(), timeout=60)

    assert {fake.message(m)["content"] for _, m in messages} == {f"{m} v3" for _, m in messages}
    assert fake.request_counts(since)["rate_limited"] > 0
    await editor.close()
