"""Pieces every cog shares: the app behind an interaction, the game option's choices and autocomplete
helpers."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import App
from bot.render import limits
from engine.errors import ArbiterError
from engine.games import GAMES, Game


def app_of(interaction: discord.Interaction) -> App:
    """The :class:`~bot.app.App` of the bot that received ``interaction``."""
    return interaction.client.app  # type: ignore[attr-defined]


GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.key) for g in GAMES.values()]


async def game_for_autocomplete(app: App, interaction: discord.Interaction) -> Game | None:
    """The game an autocomplete is about: the option being typed, else the server's default."""
    named = getattr(interaction.namespace, "game", None)
    try:
        return await app.guilds.game_for(interaction.guild_id, named)
    except ArbiterError:
        return None


def to_choices(items: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """At most 25 choices, names and values cut to Discord's 100 characters."""
    return [
        app_commands.Choice(name=limits.truncate(name, limits.CHOICE_TEXT), value=value[: limits.CHOICE_TEXT])
        for name, value in items[: limits.CHOICES]
        if name and value
    ]
