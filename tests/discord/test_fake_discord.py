"""Tests of the FakeDiscord harness itself, driven through a tiny bot defined here.

The tiny bot is deliberately *not* Arbiter's real bot: it only exists to exercise
each path of the harness (sync, slash commands, groups, autocomplete, persistent
views, DynamicItem, selects, modals, DMs, on_message, limits, deadlines, errors).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any, Literal

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from . import fake_discord as harness
from .fake_discord import (
    ADMIN,
    ALICE,
    BOB,
    CHANNEL_ID,
    GUILD_ID,
    FakeDiscord,
    embed_problems,
    message_problems,
    open_fake_discord,
    restart_bot,
    start_bot,
)

# Make the harness fixture visible in this module (a conftest would normally do this).
fake_discord = harness.fake_discord

ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
RULE_NAMES = [
    f"{n}. {topic}" for n, topic in enumerate(["Priority", "Stack", "Combat", "Mulligan", "Upkeep"] * 6, 100)
]
GAMES = ["Gate Ruler", "Force of Will", "Cardfight!! Vanguard", "Duel Masters"]
log = logging.getLogger("arbiter.tinybot")


# ---------------------------------------------------------------------------
# The tiny bot
# ---------------------------------------------------------------------------
class DeckView(discord.ui.View):
    """Persistent view: timeout=None, explicit custom_ids, registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Draw", style=discord.ButtonStyle.primary, custom_id="deck:v1:draw")
    async def draw(self, interaction: discord.Interaction, button: discord.ui.Button[DeckView]) -> None:
        await interaction.response.send_message(f"{interaction.user.mention} drew a card.", ephemeral=True)

    @discord.ui.button(label="Shuffle", custom_id="deck:v1:shuffle")
    async def shuffle(self, interaction: discord.Interaction, button: discord.ui.Button[DeckView]) -> None:
        await interaction.response.edit_message(content="Deck shuffled.", view=self)


class AddCardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"card:v1:add:(?P<card_id>[0-9]+)"
):
    """State carried in the custom_id; survives restarts through add_dynamic_items."""

    def __init__(self, card_id: int) -> None:
        super().__init__(discord.ui.Button(label="Add to deck", custom_id=f"card:v1:add:{card_id}"))
        self.card_id = card_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> AddCardButton:
        return cls(int(match["card_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Added card #{self.card_id}.", ephemeral=True)


class RuleView(discord.ui.View):
    """Attached to the ephemeral rule embed."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Previous", custom_id="rule:v1:prev")
    async def prev(self, interaction: discord.Interaction, button: discord.ui.Button[RuleView]) -> None:
        await interaction.response.edit_message(content="previous rule", view=self)

    @discord.ui.button(label="Next", custom_id="rule:v1:next")
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[RuleView]) -> None:
        await interaction.response.edit_message(content="next rule", view=self)


class GameSelect(discord.ui.Select["PickView"]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=g, value=g.lower().replace(" ", "-")) for g in GAMES]
        super().__init__(custom_id="pick:v1:game", placeholder="Choose a game", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        self.disabled = True
        await interaction.response.edit_message(content=f"Game: {self.values[0]}", view=self.view)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=180)
        self.add_item(GameSelect())


class FeedbackModal(discord.ui.Modal, title="Send feedback"):
    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Feedback", custom_id="feedback:v1:text", style=discord.TextStyle.long, max_length=500
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"Thanks for: {self.text.value}", ephemeral=True)


class FeedbackView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Give feedback", custom_id="feedback:v1:open")
    async def open(self, interaction: discord.Interaction, button: discord.ui.Button[FeedbackView]) -> None:
        await interaction.response.send_modal(FeedbackModal())


class TinyCog(commands.Cog):
    rules = app_commands.Group(name="rules", description="Rules lookup")
    settings = app_commands.Group(name="settings", description="Server settings")

    def __init__(self, bot: TinyBot) -> None:
        self.bot = bot

    @app_commands.command(name="rule", description="Show one rule")
    async def rule(self, interaction: discord.Interaction, number: str) -> None:
        embed = discord.Embed(title=f"Rule {number}", description=f"Text of rule {number}, ask <@{BOB}>.")
        embed.set_footer(text="Gate Ruler comprehensive rules")
        await interaction.response.send_message(
            f"<@{BOB}> @everyone", embed=embed, view=RuleView(), ephemeral=True
        )

    @rules.command(name="search", description="Search the rules")
    async def rules_search(self, interaction: discord.Interaction, query: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hits = [r for r in RULE_NAMES if query.lower() in r.lower()]
        await interaction.edit_original_response(content=f"{len(hits)} rules match {query!r}.")

    @rules_search.autocomplete("query")
    async def rules_search_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        hits = [r for r in RULE_NAMES if current.lower() in r.lower()]
        if self.bot.autocomplete_cap is not None:
            hits = hits[: self.bot.autocomplete_cap]
        return [app_commands.Choice(name=h, value=h) for h in hits]

    @settings.command(name="game", description="Set the server's default game")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings_game(
        self, interaction: discord.Interaction, name: Literal["Gate Ruler", "Force of Will"]
    ) -> None:
        await interaction.response.send_message(f"Default game set to {name}.", ephemeral=True)

    @settings_game.error
    async def settings_game_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message("You need Manage Server for that.", ephemeral=True)
        else:
            log.error("settings game failed", exc_info=error)

    @app_commands.command(name="whoami", description="Show the invocation context")
    async def whoami(self, interaction: discord.Interaction) -> None:
        channel = getattr(interaction.channel, "name", None) or "DM"
        is_member = isinstance(interaction.user, discord.Member)
        await interaction.response.send_message(
            f"guild={interaction.guild_id} user={interaction.user.id} "
            f"admin={interaction.permissions.administrator} member={is_member} channel={channel}",
            ephemeral=True,
        )

    @app_commands.command(name="deck", description="Post a deck panel")
    async def deck(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Your deck:", view=DeckView())

    @app_commands.command(name="card", description="Show a card")
    async def card(
        self, interaction: discord.Interaction, card_id: app_commands.Range[int, 1, 99999]
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AddCardButton(card_id))
        await interaction.response.send_message(f"Card #{card_id}", view=view)

    @app_commands.command(name="pick", description="Pick a game")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick a game:", view=PickView())

    @app_commands.command(name="feedback", description="Send feedback")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Tell us what you think:", view=FeedbackView())

    @app_commands.command(name="remind", description="DM me a reminder")
    async def remind(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("Reminder: your match starts soon.")
        except discord.Forbidden as exc:
            if exc.code != 50007:
                raise
            await interaction.response.send_message("I can't DM you; please open your DMs.", ephemeral=True)
            return
        await interaction.response.send_message("Sent you a DM.", ephemeral=True)

    @app_commands.command(name="export", description="Export a deck file")
    async def export(self, interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(b"4 Black Lotus\n"), filename="deck.txt")
        await interaction.response.send_message("Here is your deck.", file=file, ephemeral=True)

    @app_commands.command(name="long", description="An over-long embed")
    async def long(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=discord.Embed(title="Long", description="x" * 5000))

    @app_commands.command(name="slow", description="Answers after a delay")
    async def slow(self, interaction: discord.Interaction) -> None:
        if self.bot.defer_slow:
            await interaction.response.defer(thinking=True)
        await asyncio.sleep(self.bot.slow_delay)
        if self.bot.defer_slow:
            await interaction.followup.send("Done, slowly.")
        else:
            await interaction.response.send_message("Done, slowly.")

    @app_commands.command(name="silent", description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        return None

    @app_commands.command(name="crash", description="Raises")
    async def crash(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @commands.command(name="ping")
    async def ping(self, ctx: commands.Context[TinyBot]) -> None:
        await ctx.send("pong")

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        for name in re.findall(r"\[\[(.+?)\]\]", message.content):
            await message.channel.send(f"Card: {name} (in {message.guild.name if message.guild else 'DM'})")


async def guild_tools(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"tools for {interaction.guild_id}", ephemeral=True)


class TinyBot(commands.Bot):
    def __init__(self, *, message_content: bool = True, sync_on_start: bool = True) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        super().__init__(
            command_prefix="!", intents=intents, allowed_mentions=ALLOWED_MENTIONS, help_command=None
        )
        self.sync_on_start = sync_on_start
        self.autocomplete_cap: int | None = 25
        self.slow_delay = 0.0
        self.defer_slow = False
        self.register_deck_view = True

    async def setup_hook(self) -> None:
        await self.add_cog(TinyCog(self))
        guild = discord.Object(GUILD_ID)
        self.tree.add_command(
            app_commands.Command(name="tools", description="Guild-only tools", callback=guild_tools),
            guild=guild,
        )
        if self.register_deck_view:
            self.add_view(DeckView())
        self.add_view(FeedbackView())
        self.add_dynamic_items(AddCardButton)
        if self.sync_on_start:
            await self.tree.sync()
            await self.tree.sync(guild=guild)


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> TinyBot:
    return await start_bot(fake_discord, TinyBot())


# ---------------------------------------------------------------------------
# Start-up and sync
# ---------------------------------------------------------------------------
async def test_login_runs_setup_hook_and_syncs_global_and_guild_commands(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    assert bot.user is not None and bot.user.id == harness.BOT_USER_ID
    assert bot.application_id == harness.APPLICATION_ID
    assert [r.key for r in fake_discord.requests[:2]] == ["GET /users/@me", "GET /oauth2/applications/@me"]

    (global_put,) = fake_discord.requests_to("PUT /applications/{application_id}/commands")
    names = sorted(c["name"] for c in global_put.json)
    assert names == sorted(
        [
            "rule",
            "rules",
            "settings",
            "whoami",
            "deck",
            "card",
            "pick",
            "feedback",
            "remind",
            "export",
            "long",
            "slow",
            "silent",
            "crash",
        ]
    )
    rules = next(c for c in global_put.json if c["name"] == "rules")
    (search,) = rules["options"]
    assert (search["name"], search["type"]) == ("search", 1)
    query = search["options"][0]
    assert {k: query[k] for k in ("name", "type", "required", "autocomplete")} == {
        "name": "query",
        "type": 3,
        "required": True,
        "autocomplete": True,
    }
    card = next(c for c in global_put.json if c["name"] == "card")
    assert card["options"][0]["min_value"] == 1 and card["options"][0]["max_value"] == 99999
    settings = next(c for c in global_put.json if c["name"] == "settings")
    game_choices = settings["options"][0]["options"][0]["choices"]
    assert [c["value"] for c in game_choices] == ["Gate Ruler", "Force of Will"]

    (guild_put,) = fake_discord.requests_to("PUT /applications/{application_id}/guilds/{guild_id}/commands")
    assert guild_put.path == f"/applications/{harness.APPLICATION_ID}/guilds/{GUILD_ID}/commands"
    assert [c["name"] for c in guild_put.json] == ["tools"]
    synced = fake_discord.synced_commands(GUILD_ID)
    assert synced[0]["application_id"] == str(harness.APPLICATION_ID) and synced[0]["id"].isdigit()


async def test_unknown_route_is_an_assertion_naming_the_route(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    with pytest.raises(AssertionError, match=r"no handler for GET /guilds/\{guild_id\}"):
        await bot.fetch_guild(GUILD_ID)
    with pytest.raises(AssertionError, match="no handler"):
        fake_discord.check()


# ---------------------------------------------------------------------------
# Slash commands
# ---------------------------------------------------------------------------
async def test_slash_command_with_string_option_sends_ephemeral_embed_and_view(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    result = await fake_discord.run_slash("rule", user_id=ALICE, number="101.2")

    assert result.callback_type == 4
    assert result.ephemeral
    assert result.embeds == [
        {
            "title": "Rule 101.2",
            "description": f"Text of rule 101.2, ask <@{BOB}>.",
            "footer": {"text": "Gate Ruler comprehensive rules"},
            "type": "rich",
            "flags": 0,
        }
    ]
    assert result.custom_ids == ["rule:v1:prev", "rule:v1:next"]
    assert result.callback is not None
    assert result.callback["data"]["allowed_mentions"] == {"parse": ["users"]}
    # the option reached the command with its wire type from to_dict()
    option = result.payload["data"]["options"][0]
    assert option == {"name": "number", "type": 3, "value": "101.2"}


async def test_subcommand_of_a_group_defers_then_edits_original(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    payload = fake_discord.slash_payload("rules search", user_id=ALICE, query="stack")
    assert payload["data"]["name"] == "rules"
    assert payload["data"]["options"] == [
        {"name": "search", "type": 1, "options": [{"name": "query", "type": 3, "value": "stack"}]}
    ]

    result = await fake_discord.run(payload)

    assert result.callback_type == 5
    assert [r.key for r in result.responses] == [
        "POST /interactions/{webhook_id}/{webhook_token}/callback",
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    ]
    assert result.content == "6 rules match 'stack'."
    assert result.ephemeral  # chosen at defer()
    assert not result.message["flags"] & harness.LOADING


async def test_guild_context_permissions_and_dm_context(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    alice = await fake_discord.run_slash("whoami", user_id=ALICE)
    admin = await fake_discord.run_slash("whoami", user_id=ADMIN)
    in_dm = await fake_discord.run_slash("whoami", user_id=BOB, dm=True)

    assert alice.content == f"guild={GUILD_ID} user={ALICE} admin=False member=True channel=general"
    assert admin.content == f"guild={GUILD_ID} user={ADMIN} admin=True member=True channel=general"
    assert in_dm.content == f"guild=None user={BOB} admin=False member=False channel=DM"


async def test_permission_check_admin_versus_member(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    denied = await fake_discord.run_slash("settings game", user_id=ALICE, name="Gate Ruler")
    allowed = await fake_discord.run_slash("settings game", user_id=ADMIN, name="Force of Will")

    assert denied.content == "You need Manage Server for that."
    assert allowed.content == "Default game set to Force of Will."
    with pytest.raises(ValueError, match="not one of its choices"):
        fake_discord.slash_payload("settings game", user_id=ADMIN, name="Magic")


async def test_guild_only_command_carries_guild_id(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    payload = fake_discord.slash_payload("tools", user_id=ALICE)
    assert payload["data"]["guild_id"] == str(GUILD_ID)
    result = await fake_discord.run(payload)
    assert result.content == f"tools for {GUILD_ID}"


async def test_payload_factory_rejects_impossible_input(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    with pytest.raises(TypeError, match="requires option 'number'"):
        fake_discord.slash_payload("rule", user_id=ALICE)
    with pytest.raises(TypeError, match="no option 'nope'"):
        fake_discord.slash_payload("rule", user_id=ALICE, number="1", nope=2)
    with pytest.raises(ValueError, match="is a group"):
        fake_discord.slash_payload("rules", user_id=ALICE)
    with pytest.raises(ValueError, match="above max_value"):
        fake_discord.slash_payload("card", user_id=ALICE, card_id=100000)
    with pytest.raises(ValueError, match="no app command named 'nope'"):
        fake_discord.slash_payload("nope", user_id=ALICE)


# ---------------------------------------------------------------------------
# Autocomplete
# ---------------------------------------------------------------------------
async def test_autocomplete_returns_choices(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    choices = await fake_discord.autocomplete("rules search", "query", "mull")

    assert [c["name"] for c in choices] == [r for r in RULE_NAMES if "Mulligan" in r]
    (interaction,) = fake_discord.interactions.values()
    assert interaction.callback_type == 8
    focused = interaction.payload["data"]["options"][0]["options"][0]
    assert focused == {"name": "query", "type": 3, "value": "mull", "focused": True}


async def test_more_than_25_autocomplete_choices_is_flagged(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    bot.autocomplete_cap = None  # the mutation: forget to slice [:25]

    choices = await fake_discord.autocomplete("rules search", "query", "")

    assert len(choices) == 30
    assert fake_discord.violations and "30 autocomplete choices (max 25)" in str(fake_discord.violations[0])
    with pytest.raises(AssertionError, match=r"30 autocomplete choices \(max 25\)"):
        fake_discord.check()


# ---------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------
async def test_persistent_view_button_works_after_restart(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    posted = await fake_discord.run_slash("deck", user_id=ALICE)
    assert posted.custom_ids == ["deck:v1:draw", "deck:v1:shuffle"]
    assert not posted.ephemeral

    new_bot = await restart_bot(fake_discord, TinyBot(sync_on_start=False))
    assert bot.is_closed() and fake_discord.bot is new_bot

    drawn = await fake_discord.press(posted.message_id, "deck:v1:draw", user_id=BOB)
    assert drawn.content == f"<@{BOB}> drew a card."
    assert drawn.ephemeral
    shuffled = await fake_discord.press(posted.message_id, "deck:v1:shuffle", user_id=BOB)
    assert shuffled.callback_type == 7
    assert fake_discord.message(posted.message_id)["content"] == "Deck shuffled."


async def test_persistent_view_not_registered_is_caught(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    posted = await fake_discord.run_slash("deck", user_id=ALICE)
    restarted = TinyBot(sync_on_start=False)
    restarted.register_deck_view = False  # the mutation: forget bot.add_view(DeckView())
    await restart_bot(fake_discord, restarted)

    await fake_discord.press(posted.message_id, "deck:v1:draw", user_id=BOB)

    with pytest.raises(AssertionError, match=r"'deck:v1:draw'.*was never acknowledged"):
        fake_discord.check()


async def test_dynamic_item_after_restart(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    posted = await fake_discord.run_slash("card", user_id=ALICE, card_id=4242)
    assert posted.custom_ids == ["card:v1:add:4242"]
    await restart_bot(fake_discord, TinyBot(sync_on_start=False))

    added = await fake_discord.press(posted.message_id, "card:v1:add:4242", user_id=ALICE)

    assert added.content == "Added card #4242."
    assert added.ephemeral


async def test_select_updates_the_message(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    posted = await fake_discord.run_slash("pick", user_id=ALICE)
    assert posted.components == [{"custom_id": "pick:v1:game", "label": None, "type": 3, "disabled": False}]

    chosen = await fake_discord.select(posted.message_id, "pick:v1:game", ["force-of-will"], user_id=ALICE)

    assert chosen.callback_type == 7
    assert chosen.message_id == posted.message_id
    latest = fake_discord.message(posted.message_id)
    assert latest["content"] == "Game: force-of-will"
    assert harness.flatten_components(latest["components"])[0]["disabled"] is True
    with pytest.raises(ValueError, match="disabled"):
        fake_discord.component_payload(
            posted.message_id, "pick:v1:game", user_id=ALICE, values=["gate-ruler"]
        )
    with pytest.raises(ValueError, match="has no component 'nope'"):
        fake_discord.component_payload(posted.message_id, "nope", user_id=ALICE)


async def test_button_opens_modal_and_submit_follows_up(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    posted = await fake_discord.run_slash("feedback", user_id=ALICE)

    opened = await fake_discord.press(posted.message_id, "feedback:v1:open", user_id=ALICE)
    assert opened.callback_type == 9
    assert opened.modal is not None and opened.modal["title"] == "Send feedback"
    modal_id = opened.modal["custom_id"]  # random: read back from the recorded callback
    # A client submits only the inputs the open modal has, as the user it was shown to.
    with pytest.raises(ValueError, match="no input"):
        fake_discord.modal_payload(modal_id, {"feedback:v1:text": "ok", "nope": "x"})
    with pytest.raises(ValueError, match="is required"):
        fake_discord.modal_payload(modal_id, {})
    with pytest.raises(ValueError, match="open for user"):
        fake_discord.modal_payload(modal_id, {"feedback:v1:text": "ok"}, user_id=BOB)

    submitted = await fake_discord.submit_modal(modal_id, {"feedback:v1:text": "Great bot"})

    assert submitted.payload["data"] == {
        "custom_id": modal_id,
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "feedback:v1:text", "value": "Great bot"}]}
        ],
    }
    assert submitted.payload["message"]["id"] == str(posted.message_id)
    assert submitted.callback_type == 5
    assert submitted.content == "Thanks for: Great bot"
    assert submitted.ephemeral
    # the first follow-up after a "thinking" defer replaces the loading message
    assert submitted.message_id == submitted.original_message_id
    # Answered, the modal closed: it is submitted again only once the bot shows it again.
    with pytest.raises(ValueError, match="answered and closed"):
        fake_discord.modal_payload(modal_id, {"feedback:v1:text": "again"})
    reopened = await fake_discord.press(posted.message_id, "feedback:v1:open", user_id=ALICE)
    assert reopened.modal is not None
    again = await fake_discord.submit_modal(reopened.modal["custom_id"], {"feedback:v1:text": "Still great"})
    assert again.content == "Thanks for: Still great"


async def test_ephemeral_message_is_only_clickable_by_its_owner(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    result = await fake_discord.run_slash("rule", user_id=ALICE, number="1")
    with pytest.raises(ValueError, match="ephemeral"):
        fake_discord.component_payload(result.message_id, "rule:v1:next", user_id=BOB)
    pressed = await fake_discord.press(result.message_id, "rule:v1:next", user_id=ALICE)
    assert pressed.content == "next rule"


# ---------------------------------------------------------------------------
# DMs, files, messages
# ---------------------------------------------------------------------------
async def test_dm_is_sent(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    result = await fake_discord.run_slash("remind", user_id=ALICE)

    assert result.content == "Sent you a DM."
    (open_dm,) = fake_discord.requests_to("POST /users/@me/channels")
    assert open_dm.json == {"recipient_id": ALICE}
    assert [m["content"] for m in fake_discord.dm_messages(ALICE)] == ["Reminder: your match starts soon."]


async def test_dm_refused_with_50007_is_handled(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    fake_discord.close_dms(BOB)

    result = await fake_discord.run_slash("remind", user_id=BOB)

    assert result.content == "I can't DM you; please open your DMs."
    (attempt,) = fake_discord.requests_to("POST /channels/{channel_id}/messages")
    assert (attempt.status, attempt.error) == (403, (50007, "Cannot send messages to this user"))
    assert fake_discord.dm_messages(BOB) == []


async def test_injected_failure_that_the_bot_does_not_handle_is_surfaced(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    fake_discord.fail("POST /users/@me/channels", status=403, code=50278, message="No mutual guilds")

    await fake_discord.run_slash("remind", user_id=ALICE)

    with pytest.raises(AssertionError, match="Ignoring exception in command 'remind'") as failure:
        fake_discord.check()
    original = failure.value.__cause__
    assert isinstance(original, app_commands.CommandInvokeError)
    assert isinstance(original.original, discord.Forbidden) and original.original.code == 50278


async def test_file_upload_decodes_payload_json(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    result = await fake_discord.run_slash("export", user_id=ALICE)

    (callback,) = result.responses
    assert callback.files == ["deck.txt"]
    assert callback.json["data"]["content"] == "Here is your deck."
    assert result.message["attachments"][0]["filename"] == "deck.txt"


async def test_inline_card_with_message_content_intent(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    replies = await fake_discord.run_message("look at [[Black Lotus]]", author_id=ALICE)

    assert [m["content"] for m in replies] == ["Card: Black Lotus (in Test Guild)"]
    assert replies[0]["channel_id"] == str(CHANNEL_ID)
    posted = fake_discord.requests_to("POST /channels/{channel_id}/messages")[0]
    assert posted.json["allowed_mentions"] == {"parse": ["users"]}
    pong = await fake_discord.run_message("!ping", author_id=BOB)
    assert [m["content"] for m in pong] == ["pong"]


async def test_inline_card_without_message_content_intent(fake_discord: FakeDiscord) -> None:
    await start_bot(fake_discord, TinyBot(message_content=False))

    assert await fake_discord.run_message("look at [[Black Lotus]]", author_id=ALICE) == []
    mentioned = await fake_discord.run_message("[[Sol Ring]]", author_id=ALICE, mentions_bot=True)
    in_dm = await fake_discord.run_message("[[Mox Pearl]]", author_id=ALICE, dm=True)

    assert [m["content"] for m in mentioned] == ["Card: Sol Ring (in Test Guild)"]
    assert [m["content"] for m in in_dm] == ["Card: Mox Pearl (in DM)"]


# ---------------------------------------------------------------------------
# The checks bite
# ---------------------------------------------------------------------------
async def test_over_long_embed_description_is_rejected_and_flagged(
    fake_discord: FakeDiscord, bot: TinyBot
) -> None:
    result = await fake_discord.run_slash("long", user_id=ALICE)

    (attempt,) = result.responses
    assert (attempt.status, attempt.error[0]) == (400, 50035)
    assert not result.acknowledged
    with pytest.raises(AssertionError) as failure:
        fake_discord.check()
    text = str(failure.value)
    assert "embeds[0].description is 5000 characters (max 4096)" in text
    assert "was never acknowledged" in text
    assert isinstance(failure.value.__cause__, app_commands.CommandInvokeError)


async def test_late_reply_gets_10062(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    fake_discord.response_deadline = 0.08
    bot.slow_delay = 0.12

    result = await fake_discord.run_slash("slow", user_id=ALICE)

    (attempt,) = result.responses
    assert (attempt.status, attempt.error) == (404, (10062, "Unknown interaction"))
    with pytest.raises(AssertionError, match="never acknowledged") as failure:
        fake_discord.check()
    cause = failure.value.__cause__
    assert isinstance(cause, app_commands.CommandInvokeError) and isinstance(cause.original, discord.NotFound)


async def test_deferring_a_slow_command_meets_the_deadline(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    # The deferral comes first thing; a deadline of a second leaves a busy test machine room for it.
    fake_discord.response_deadline = 1.0
    bot.slow_delay = 1.2
    bot.defer_slow = True

    result = await fake_discord.run_slash("slow", user_id=ALICE)

    assert result.callback_type == 5
    assert result.content == "Done, slowly."
    assert fake_discord.problems() == []


async def test_never_acknowledged_interaction_is_flagged(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    result = await fake_discord.run_slash("silent", user_id=ALICE)

    assert not result.acknowledged
    with pytest.raises(AssertionError, match=r"command /silent .* was never acknowledged"):
        fake_discord.check()
    fake_discord.check()  # reported once: the teardown check passes


async def test_exception_in_command_is_surfaced_with_cause(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    await fake_discord.run_slash("crash", user_id=ALICE)

    with pytest.raises(AssertionError, match="Ignoring exception in command 'crash'") as failure:
        fake_discord.check()
    cause = failure.value.__cause__
    assert isinstance(cause, app_commands.CommandInvokeError)
    assert isinstance(cause.original, RuntimeError) and str(cause.original) == "boom"


async def test_second_acknowledgement_gets_40060(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    payload = fake_discord.slash_payload("whoami", user_id=ALICE)
    fake_discord.feed(payload)
    fake_discord.feed(payload)  # a duplicate delivery: two handlers answer the same interaction
    await fake_discord.settle()

    statuses = [
        (r.status, r.error and r.error[0]) for r in fake_discord.interactions[int(payload["id"])].responses
    ]
    assert statuses == [(200, None), (400, 40060)]
    with pytest.raises(AssertionError, match="40060"):
        fake_discord.check()


async def test_project_logger_errors_fail_the_check(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    try:
        raise KeyError("card")
    except KeyError:
        logging.getLogger("arbiter.cards").exception("lookup failed")

    with pytest.raises(AssertionError, match=r"'arbiter\.cards' recorded an ERROR: lookup failed") as failure:
        fake_discord.check()
    assert isinstance(failure.value.__cause__, KeyError)


async def test_fixture_teardown_check_bites_and_closes_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    original = HTTPClient.request
    with pytest.raises(AssertionError, match="never acknowledged"):
        async with open_fake_discord(monkeypatch) as fake:
            started = await start_bot(fake, TinyBot(sync_on_start=False))
            assert HTTPClient.request is not original
            fake.feed(fake.slash_payload("silent", user_id=ALICE))  # teardown settles it
    assert started.is_closed()
    assert fake.interactions and not any(r.acknowledged for r in fake.interactions.values())


def test_install_without_monkeypatch_restores_the_seams() -> None:
    originals = (HTTPClient.request, AsyncWebhookAdapter.request)
    fake = FakeDiscord()
    fake.install()
    assert (HTTPClient.request, AsyncWebhookAdapter.request) != originals
    with pytest.raises(RuntimeError, match="already installed"):
        fake.install()
    fake.uninstall()
    assert (HTTPClient.request, AsyncWebhookAdapter.request) == originals


def test_message_limits() -> None:
    assert message_problems({"content": "x" * 2000}, creating=True) == []
    assert message_problems({"content": "x" * 2001}, creating=True) == [
        "content is 2001 characters (max 2000)"
    ]
    assert message_problems({}, creating=True) == ["cannot send an empty message"]
    assert message_problems({}, creating=False) == []
    six_rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"r{i}"}]}
        for i in range(6)
    ]
    assert "6 action rows (max 5)" in message_problems({"components": six_rows}, creating=True)
    crowded = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                {"type": 3, "custom_id": "same", "options": [{"label": "o", "value": "o"}]},
            ],
        }
    ]
    problems = message_problems({"components": crowded}, creating=True)
    assert "components[0]: a select menu must be alone in its action row" in problems
    assert "components custom_id 'same' is used twice" in problems
    assert embed_problems({"fields": [{"name": "", "value": "v"}] * 26})[0] == [
        "embed has 26 fields (max 25)",
        *[f"embed.fields[{i}].name is 0 characters (min 1)" for i in range(26)],
    ]
    big = {"title": "t" * 256, "description": "d" * 4096, "footer": {"text": "f" * 2000}}
    assert "embeds total 6352 characters (max 6000)" in message_problems({"embeds": [big]}, creating=True)
    assert harness.modal_problems(
        {
            "title": "x" * 46,
            "custom_id": "m",
            "components": [
                {"type": 1, "components": [{"type": 4, "custom_id": "t", "label": "l", "style": 1}]}
            ],
        }
    ) == ["modal title is 46 characters (max 45)"]


# ---------------------------------------------------------------------------
# Components V2 (ui.LayoutView): Discord's limits for a layout
# ---------------------------------------------------------------------------
V2 = harness.COMPONENTS_V2


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


def _container(*children: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 17, "components": list(children)}]


def test_layout_limits() -> None:
    """A message with the IS_COMPONENTS_V2 flag: no content or embeds, 40 components counted
    recursively, 4,000 characters of text displays in all, sections of one to three texts with a
    button or thumbnail beside them, pictures of files the message attaches, custom ids as ever."""

    def problems(components: list[dict[str, Any]], **body: Any) -> list[str]:
        return message_problems({"flags": V2, "components": components, **body}, creating=True)

    texts = [{"type": 10, "content": f"line {n}"} for n in range(39)]
    assert problems(_container(*texts)) == []  # 1 container + 39 texts
    assert problems(_container(*texts, {"type": 10, "content": "one more"})) == [
        "41 components (max 40, counted recursively)"
    ]
    rows = [{"type": 1, "components": [_button(f"b{n}{m}") for m in range(5)]} for n in range(7)]
    assert "43 components (max 40, counted recursively)" in problems(_container(*rows))
    long = [{"type": 10, "content": "x" * 2000}, {"type": 10, "content": "y" * 2001}]
    assert problems(_container(*long)) == ["text displays total 4001 characters (max 4000)"]
    assert problems(_container(*texts[:2]), content="hello") == [
        "content and embeds cannot be used with the IS_COMPONENTS_V2 flag"
    ]
    assert problems(_container(*texts[:2]), embeds=[{"title": "t"}]) == [
        "content and embeds cannot be used with the IS_COMPONENTS_V2 flag"
    ]
    section = {"type": 9, "components": [{"type": 10, "content": "card"}], "accessory": _button("play")}
    assert problems(_container(section)) == []
    assert problems(_container({**section, "components": [{"type": 10, "content": "t"}] * 4})) == [
        "components[0].components[0] has 4 texts (1..3)"
    ]
    bare = {"type": 9, "components": [{"type": 10, "content": "card"}]}
    assert problems(_container(bare)) == ["components[0].components[0] has no accessory"]
    menu = {"type": 3, "custom_id": "m", "options": [{"label": "o", "value": "o"}]}
    assert problems(_container({**section, "accessory": menu})) == [
        "components[0].components[0].accessory is type 3, not a button or thumbnail"
    ]
    assert problems([_button("alone")]) == [
        "components[0] is type 2, which cannot be used at the top of a layout"
    ]
    assert problems(_container(*_container(section))) == [
        "components[0].components[0] is type 17, which cannot be used in a container"
    ]
    assert problems(_container({"type": 10, "content": ""})) == [
        "components[0].components[0].content is 0 characters (min 1)"
    ]
    twice = {"type": 1, "components": [_button("play")]}
    assert problems(_container(section, twice)) == ["components custom_id 'play' is used twice"]
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}
    attached = [{"id": 0, "filename": "board.png"}]
    assert problems(_container(gallery), attachments=attached) == []
    assert problems(_container(gallery)) == [
        "components[0].components[0].items[0] refers to attachment://board.png, which the message does not"
        " attach ([])"
    ]
    crowded = {"type": 12, "items": gallery["items"] * 11}
    assert problems(_container(crowded), attachments=attached) == [
        "components[0].components[0] has 11 media items (1..10)"
    ]


def test_an_edit_into_a_layout_clears_the_message_and_a_layout_stays_one() -> None:
    """Discord turns a message into a layout only when its text and embeds are cleared in the same
    edit, and never turns a layout back."""
    embed_message = {"content": "hi", "embeds": [{"title": "board"}], "flags": 0, "attachments": []}
    layout = _container({"type": 10, "content": "board"})
    switch = {"flags": V2, "components": layout}
    assert message_problems(switch, creating=False, stored=embed_message) == [
        "a layout needs the message's content cleared (content: null)",
        "a layout needs the message's embeds cleared (embeds: [])",
    ]
    assert (
        message_problems({**switch, "content": None, "embeds": []}, creating=False, stored=embed_message)
        == []
    )
    stored_layout = {"content": "", "embeds": [], "flags": V2, "components": layout, "attachments": []}
    assert message_problems({"content": "back", "components": []}, creating=False, stored=stored_layout) == [
        "content and embeds cannot be used with the IS_COMPONENTS_V2 flag",
        "a layout with no components",
    ]
    assert message_problems({"flags": 0, "components": layout}, creating=False, stored=stored_layout) == [
        "the IS_COMPONENTS_V2 flag cannot be removed from a message"
    ]
    # an edit of a layout's components alone, its flag unsaid, is still checked as a layout
    assert message_problems({"components": [_button("x")]}, creating=False, stored=stored_layout) == [
        "components[0] is type 2, which cannot be used at the top of a layout"
    ]
    gallery = _container({"type": 12, "items": [{"media": {"url": "attachment://b.png"}}]})
    with_picture = {**stored_layout, "attachments": [{"id": "7", "filename": "b.png"}]}
    assert message_problems({"components": gallery}, creating=False, stored=with_picture) == []
    kept = {"components": gallery, "attachments": [{"id": "7"}]}
    assert message_problems(kept, creating=False, stored=with_picture) == []
    dropped = {"components": gallery, "attachments": []}
    assert message_problems(dropped, creating=False, stored=with_picture) != []


class Pressed(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"v2:press:(?P<n>\d+)"):
    """A button in a layout's section, routed by its custom id after a restart."""

    def __init__(self, n: int) -> None:
        self.n = n
        super().__init__(discord.ui.Button(label=f"Press {n}", custom_id=f"v2:press:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Pressed:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(discord.ui.Container(discord.ui.TextDisplay(f"pressed {self.n}")))
        await interaction.response.edit_message(view=view)


def _layout(text: str, picture: str | None = None) -> discord.ui.LayoutView:
    container: discord.ui.Container[Any] = discord.ui.Container(discord.ui.TextDisplay(text))
    if picture is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}")))
    container.add_item(discord.ui.Section("a card", accessory=Pressed(1)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


async def test_layouts_through_the_wire(fake_discord: FakeDiscord) -> None:
    """discord.py sends a LayoutView with the flag; the fake stores it, checks its picture against the
    files sent, routes a press in a section after a restart, refuses an edit back into an embed and an
    edit into a layout that leaves the embed."""
    fake = fake_discord
    bot = await start_bot(fake, TinyBot(sync_on_start=False))
    bot.add_dynamic_items(Pressed)
    channel = bot.get_partial_messageable(CHANNEL_ID)
    picture = discord.File(io.BytesIO(b"png"), filename="board.png")
    sent = await channel.send(view=_layout("the board", "board.png"), file=picture)
    stored = fake.message(sent.id)
    assert (
        stored["flags"] & V2 and not stored["content"] and stored["attachments"][0]["filename"] == "board.png"
    )
    assert harness.message_text(stored) == "the board\na card\nPress 1"

    bot = await restart_bot(fake, TinyBot(sync_on_start=False))
    bot.add_dynamic_items(Pressed)
    pressed = await fake.press(sent.id, "v2:press:1", user_id=ALICE)
    assert pressed.callback_type == 7 and pressed.text == "pressed 1"
    assert fake.message(sent.id)["flags"] & V2, "the flag stays"

    channel = bot.get_partial_messageable(CHANNEL_ID)
    with pytest.raises(discord.HTTPException, match="does not attach"):
        await channel.send(view=_layout("no file", "board.png"))
    with pytest.raises(discord.HTTPException, match="content and embeds cannot be used"):
        await channel.get_partial_message(sent.id).edit(embed=discord.Embed(title="back"))
    old = await channel.send(embed=discord.Embed(title="an embed board"))
    with pytest.raises(discord.HTTPException, match="embeds cleared"):
        await old.edit(view=_layout("now a layout"))
    await old.edit(content=None, embed=None, view=_layout("now a layout"))
    assert fake.message(old.id)["flags"] & V2 and not fake.message(old.id)["embeds"]
    with pytest.raises(AssertionError, match="does not attach"):
        fake.check()
