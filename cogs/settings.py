"""``/settings``: per-server preferences, for server admins (Manage Server)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import actions
from bot.app import App
from cogs.common import GAME_CHOICES
from cogs.presenter import present


class SettingsCog(commands.Cog):
    settings_group = app_commands.Group(
        name="settings",
        description="Server settings (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, app: App) -> None:
        self.app = app

    @settings_group.command(name="game", description="Set the game commands use when none is given")
    @app_commands.describe(game="The server's default game; leave empty to clear it")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def game(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await present(interaction, await actions.set_game(self.app, interaction.guild_id, game))

    @settings_group.command(name="board-picture", description="Whether match boards carry the board picture")
    @app_commands.describe(shown="Show the picture on every match board of this server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def board_picture(self, interaction: discord.Interaction, shown: bool) -> None:
        await present(interaction, await actions.set_board_picture(self.app, interaction.guild_id, shown))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot.app))  # type: ignore[attr-defined]
