"""The options of ``/tournament`` (events and scores, with their autocomplete and choices) and who
asks (:func:`actor_for`: the asker as the tournament service sees them)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import App
from bot.render import limits
from bot.services.tournaments import Actor
from cogs.common import app_of, to_choices

FORMAT_CHOICES = [
    app_commands.Choice(name="Best-of-3", value="bo3"),
    app_commands.Choice(name="Best-of-1", value="bo1"),
]
TOP_CUT_CHOICES = [
    app_commands.Choice(name="None", value=0),
    app_commands.Choice(name="Top 4", value=4),
    app_commands.Choice(name="Top 8", value=8),
    app_commands.Choice(name="Top 16", value=16),
]
SCORES = (
    ("2-0", "you won 2-0"),
    ("2-1", "you won 2-1"),
    ("1-2", "you lost 1-2"),
    ("0-2", "you lost 0-2"),
    ("1-0", "you won (best-of-1, or 1-0 at time)"),
    ("0-1", "you lost (best-of-1, or 0-1 at time)"),
    ("1-1-1", "a draw, one game each and one drawn"),
    ("1-1", "a draw at time, one game each"),
    ("0-0-3", "intentional draw (best-of-3)"),
    ("0-0-1", "intentional draw (best-of-1)"),
    ("2-0-1", "you won 2-0 with a drawn game"),
    ("0-2-1", "you lost 0-2 with a drawn game"),
)


# who asks ---------------------------------------------------------------------------------------------


async def actor_for(app: App, interaction: discord.Interaction) -> Actor:
    """The asker as the service sees them: a server admin is whoever has Manage Server; an organizer
    is an admin or a member with the server's tournament-organizer role."""
    permissions = interaction.permissions
    admin = permissions.manage_guild or permissions.administrator
    organizer = admin
    guild_id = interaction.guild_id or 0
    if not organizer and guild_id:
        role_id = await app.tournaments.organizer_role(guild_id)
        user = interaction.user
        organizer = (
            role_id is not None and isinstance(user, discord.Member) and user.get_role(role_id) is not None
        )
    return Actor(interaction.user.id, guild_id, is_organizer=organizer, is_admin=admin)


# options ----------------------------------------------------------------------------------------------


class EventOption(app_commands.Transformer):
    """An event of this server, typed by name or picked from the autocomplete (which sends its id)."""

    @property
    def max_value(self) -> int:
        return limits.CHOICE_TEXT

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        choices = await app_of(interaction).tournaments.event_choices(interaction.guild_id, value)
        return to_choices([(c.label, c.value) for c in choices])


class ScoreOption(app_commands.Transformer):
    """A result as W-L-D from the reporter's side; suggestions explain each."""

    @property
    def max_value(self) -> int:
        return 20

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        typed = value.strip()
        hits = [(f"{score} · {meaning}", score) for score, meaning in SCORES if score.startswith(typed)]
        if typed and not hits:
            hits = [(typed, typed)]
        return to_choices(hits)


EventRef = app_commands.Transform[str, EventOption]
Score = app_commands.Transform[str, ScoreOption]
