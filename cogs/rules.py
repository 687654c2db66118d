"""Slash commands for the comprehensive rules: ``/rule``, ``/rules search`` and ``/keyword``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import actions
from bot.app import App
from cogs.common import GAME_CHOICES, game_for_autocomplete, to_choices
from cogs.components import DYNAMIC_ITEMS
from cogs.presenter import present


class RulesCog(commands.Cog):
    """Rules lookups. Every answer names the document and edition it quotes."""

    rules_group = app_commands.Group(name="rules", description="Search the comprehensive rules")

    def __init__(self, bot: commands.Bot, app: App) -> None:
        self.bot = bot
        self.app = app

    @app_commands.command(
        name="rule", description="Show a rule by its number, typed any way (3-13d, 903.2a, 1.2.2.1)"
    )
    @app_commands.describe(
        id="Rule number, e.g. 3 13 d, CR 903.2a, section 7",
        game="Game (default: the server's game)",
        edition="An older edition's version (default: the newest)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def rule(
        self,
        interaction: discord.Interaction,
        id: app_commands.Range[str, 1, 100],
        game: str | None = None,
        edition: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await present(interaction, await actions.rule(self.app, interaction.guild_id, game, id, edition))

    @rule.autocomplete("id")
    async def rule_id_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = await game_for_autocomplete(self.app, interaction)
        if game is None:
            return []
        edition = getattr(interaction.namespace, "edition", None)
        return to_choices(
            [(c.name, c.value) for c in self.app.rules.autocomplete_rule(game, current, edition)]
        )

    @rule.autocomplete("edition")
    async def rule_edition_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = await game_for_autocomplete(self.app, interaction)
        if game is None:
            return []
        return to_choices([(c.name, c.value) for c in self.app.rules.autocomplete_edition(game, current)])

    @rules_group.command(name="search", description="Full-text search of the comprehensive rules")
    @app_commands.describe(
        query="Words to look for; typos and synonyms are handled",
        game="Game (default: the server's game)",
        edition="An older edition's version (default: the newest)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def search(
        self,
        interaction: discord.Interaction,
        query: app_commands.Range[str, 1, 200],
        game: str | None = None,
        edition: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await present(interaction, await actions.search(self.app, interaction.guild_id, game, query, edition))

    @app_commands.command(name="keyword", description="Explain a keyword or keyword ability")
    @app_commands.describe(
        name="Keyword name, e.g. Deadly, Intercept, Blocker", game="Game (default: the server's game)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def keyword(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        game: str | None = None,
    ) -> None:
        await present(interaction, await actions.keyword(self.app, interaction.guild_id, game, name))

    @keyword.autocomplete("name")
    async def keyword_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = await game_for_autocomplete(self.app, interaction)
        if game is None:
            return []
        return to_choices([(c.name, c.value) for c in self.app.rules.autocomplete_keyword(game, current)])


async def setup(bot: commands.Bot) -> None:
    app: App = bot.app  # type: ignore[attr-defined]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(RulesCog(bot, app))
