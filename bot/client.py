"""The discord.py bot: loads the cogs and their persistent components; syncs commands on demand."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import App
from bot.config import Settings
from engine.errors import ArbiterError

log = logging.getLogger("arbiter.client")

COGS = ("cogs.rules", "cogs.settings", "cogs.cards", "cogs.tournament", "cogs.match")

INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    use_external_emojis=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)
"""What the invite asks for (the README states its integer): answers with embeds and pictures, and a
thread per match."""

ALLOWED_MENTIONS = discord.AllowedMentions.none()
"""The bot's default pings nobody: echoed text (rule queries, card names, ``[[<@id>]]``) never pings
anyone. A message that means to ping states its own ``allowed_mentions`` (built by the presenter from
the reply's :class:`~bot.reply.Mentions`)."""


class ArbiterBot(commands.Bot):
    """The bot. Holds the :class:`~bot.app.App` that cogs call into."""

    def __init__(self, app: App, *, intents: discord.Intents | None = None) -> None:
        if intents is None:
            intents = discord.Intents.default()
            intents.message_content = app.settings.inline_cards
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=ALLOWED_MENTIONS,
            help_command=None,
        )
        self.app = app
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        """Load every cog; each registers its persistent buttons, so old messages keep working.

        Commands are not synced here (Discord limits command creates per day): use ``arbiter sync``.
        """
        for extension in COGS:
            await self.load_extension(extension)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Answer every failed command with one sentence; log unexpected failures. A refusal that a
        command let through (an :class:`~engine.errors.ArbiterError`) is answered with its sentence."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(error, app_commands.CheckFailure):
            message = "You need the Manage Server permission for that."
        elif isinstance(cause, ArbiterError):
            message = str(cause)
        else:
            log.error("command failed", exc_info=error)
            message = "Something went wrong on my side; the error is logged for the operator."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=ALLOWED_MENTIONS)
        else:
            await interaction.response.send_message(message, ephemeral=True)


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Register the slash commands with Discord: globally, or instantly in one server."""
    app = await App.open(settings, import_documents=False)
    bot = ArbiterBot(app)
    try:
        await bot.login(settings.discord_token or "")
        target = guild_id or settings.dev_guild_id
        if target:
            guild = discord.Object(id=target)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            print(f"Synced {len(synced)} commands to server {target}.")
        else:
            synced = await bot.tree.sync()
            print(f"Synced {len(synced)} commands globally (Discord may take a while to show them).")
    finally:
        await bot.close()
        await app.close()
    return 0


def run_bot(settings: Settings) -> int:
    """Connect to Discord and serve until interrupted."""

    async def main() -> None:
        app = await App.open(settings)
        bot = ArbiterBot(app)
        try:
            async with bot:
                await bot.start(settings.discord_token or "")
        finally:
            await app.close()

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN.")
        return 2
    except KeyboardInterrupt:
        pass
    return 0
