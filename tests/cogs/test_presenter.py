"""The Discord presenter (cogs/presenter.py) through real discord.py with only the wire faked: one
command answers with whatever reply the test sets, and the test reads what Discord received."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.client import ALLOWED_MENTIONS
from bot.render.panel import make_panel
from bot.reply import (
    REFUSAL_TITLE,
    DirectMessage,
    Fallback,
    Mentions,
    Post,
    Reply,
    answer,
    refusal,
    thread,
)
from cogs.presenter import COLOUR, ERROR_COLOUR, Delivery, present
from tests.discord.fake_discord import ALICE, BOB, CHANNEL_ID, FakeDiscord, start_bot


class ReplyBot(commands.Bot):
    """A bot with one command, ``/say``, that presents :attr:`reply` and keeps the delivery."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=ALLOWED_MENTIONS,
            help_command=None,
        )
        self.reply: Reply = answer(make_panel("Hello", "World"))
        self.delivery: Delivery | None = None

    async def setup_hook(self) -> None:
        @self.tree.command(name="say", description="Present the test's reply")
        async def say(interaction: discord.Interaction) -> None:
            self.delivery = await present(interaction, self.reply)


async def _bot(fake: FakeDiscord, reply: Reply) -> ReplyBot:
    bot = await start_bot(fake, ReplyBot())
    bot.reply = reply
    return bot


async def test_a_refusal_is_private_with_the_error_colour(fake_discord: FakeDiscord) -> None:
    await _bot(fake_discord, refusal("That event has ended."))
    refused = await fake_discord.run_slash("say", user_id=ALICE)
    assert refused.ephemeral
    (embed,) = refused.embeds
    assert embed["title"] == REFUSAL_TITLE and embed["description"] == "That event has ended."
    assert embed["color"] == ERROR_COLOUR.value


async def test_an_answer_is_public_with_the_usual_colour(fake_discord: FakeDiscord) -> None:
    await _bot(fake_discord, answer(make_panel("Standings", "1. Alice")))
    shown = await fake_discord.run_slash("say", user_id=ALICE)
    assert not shown.ephemeral
    assert shown.embeds[0]["color"] == COLOUR.value
    assert shown.callback is not None
    assert shown.callback["data"]["allowed_mentions"] == {"parse": []}  # no text, nothing to ping


async def test_a_reply_may_ping_only_its_own_mentions(fake_discord: FakeDiscord) -> None:
    echoed = f"<@{ALICE}>, <@{BOB}> wrote @everyone and <@&77> in his deck name"
    await _bot(
        fake_discord, answer(make_panel("Report", "2-1"), content=echoed, mentions=Mentions(users=(ALICE,)))
    )
    shown = await fake_discord.run_slash("say", user_id=BOB)
    assert shown.content == echoed
    assert shown.callback is not None
    assert shown.callback["data"]["allowed_mentions"] == {"parse": [], "users": [ALICE]}


async def test_posts_go_to_a_thread_with_their_own_mentions(fake_discord: FakeDiscord) -> None:
    board = Post(
        thread(CHANNEL_ID), f"<@{ALICE}> to act", Mentions(users=(ALICE,)), make_panel("Board", "Turn 3")
    )
    bot = await _bot(fake_discord, answer(make_panel("Played", "Ok"), posts=(board,)))
    await fake_discord.run_slash("say", user_id=ALICE)
    (sent,) = fake_discord.requests_to("POST /channels/{channel_id}/messages")
    assert sent.json["content"] == f"<@{ALICE}> to act" and sent.json["embeds"][0]["title"] == "Board"
    assert sent.json["allowed_mentions"] == {"parse": [], "users": [ALICE]}
    assert bot.delivery == Delivery()


async def test_a_direct_message_is_delivered(fake_discord: FakeDiscord) -> None:
    hand = DirectMessage(ALICE, "Your hand", make_panel("Hand", "Blaster Blade"))
    bot = await _bot(fake_discord, answer(make_panel("Drawn", "Alice draws a card."), dms=(hand,)))
    shown = await fake_discord.run_slash("say", user_id=ALICE)
    (dm,) = fake_discord.dm_messages(ALICE)
    assert dm["content"] == "Your hand" and dm["embeds"][0]["description"] == "Blaster Blade"
    assert shown.followups == [] and bot.delivery == Delivery()


async def test_a_closed_dm_is_shown_privately_to_the_asker(fake_discord: FakeDiscord) -> None:
    fake_discord.close_dms(BOB)
    hand = DirectMessage(BOB, "Your hand", make_panel("Hand", "Blaster Blade"))
    bot = await _bot(fake_discord, answer(make_panel("Drawn", "Bob draws a card."), dms=(hand,)))
    shown = await fake_discord.run_slash("say", user_id=BOB)
    assert fake_discord.dm_messages(BOB) == []
    (fallback,) = shown.followups
    assert fallback["flags"] & 64 and fallback["content"] == "Your hand"
    assert fallback["embeds"][0]["description"] == "Blaster Blade"
    assert bot.delivery == Delivery(failed_dms=(BOB,))


async def test_a_closed_dm_can_be_told_to_the_asker_instead(fake_discord: FakeDiscord) -> None:
    fake_discord.close_dms(BOB)
    notice = DirectMessage(BOB, "You are paired with Alice.", fallback=Fallback.TELL_ASKER)
    bot = await _bot(fake_discord, answer(make_panel("Paired", "Round 1"), dms=(notice,)))
    shown = await fake_discord.run_slash("say", user_id=ALICE)
    (told,) = shown.followups
    assert told["flags"] & 64 and f"<@{BOB}>" in told["content"] and "Alice" not in told["content"]
    assert told["allowed_mentions"] == {"parse": []}  # naming Bob does not ping him
    assert bot.delivery == Delivery(failed_dms=(BOB,))
