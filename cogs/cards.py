"""Card commands: ``/card``, ``/cards search``, ``/cards import``, ``/cards alias``, and inline
``[[card]]`` lookups in messages when the operator enables them."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import actions
from bot.app import App
from bot.render.limits import EMBEDS_PER_MESSAGE
from bot.reply import NO_MENTIONS, Kind, refusal
from cogs.common import GAME_CHOICES, game_for_autocomplete, to_choices
from cogs.components import DYNAMIC_ITEMS
from cogs.presenter import allowed_mentions, embed_for, present
from engine.cards.importers import FORMATS
from engine.errors import ArbiterError
from engine.games import UnknownGameError, resolve_game

log = logging.getLogger("arbiter.cogs.cards")

INLINE = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")
MAX_INLINE = 3
MAX_ATTACHMENT = 25 * 1024 * 1024
FORMAT_CHOICES = [
    app_commands.Choice(name=f"{name}: {imp.description}"[:100], value=name) for name, imp in FORMATS.items()
]


def inline_requests(content: str) -> list[tuple[str | None, str]]:
    """``[[name]]`` and ``[[game:name]]`` in a message, at most three, as ``(game, name)``."""
    found: list[tuple[str | None, str]] = []
    for match in INLINE.finditer(content):
        inside = match.group(1).strip()
        game: str | None = None
        if ":" in inside:
            prefix, rest = inside.split(":", 1)
            try:
                game = resolve_game(prefix).key
                inside = rest.strip()
            except UnknownGameError:
                game = None
        if inside:
            found.append((game, inside))
        if len(found) == MAX_INLINE:
            break
    return found


class CardsCog(commands.Cog):
    """Card lookups for everyone; a server's own cards and aliases for its admins (Manage Server); the
    shared cards for the bot's owners only."""

    cards_group = app_commands.Group(name="cards", description="Search and manage cards")

    def __init__(self, bot: commands.Bot, app: App) -> None:
        self.bot = bot
        self.app = app

    @app_commands.command(name="card", description="Show a card by name, even misspelled")
    @app_commands.describe(
        name="Card name", game="Game (default: the server's game)", image="Attach a drawing of the card face"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def card(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        game: str | None = None,
        image: bool = False,
    ) -> None:
        if image:
            await interaction.response.defer(thinking=True)
        await present(
            interaction, await actions.card(self.app, interaction.guild_id, game, name, image=image)
        )

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, current)

    async def _card_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Card names for an autocomplete, in the game being typed or the server's."""
        game = await game_for_autocomplete(self.app, interaction)
        if game is None:
            return []
        choices = self.app.cards.autocomplete(game, current, interaction.guild_id)
        return to_choices([(c.name, c.value) for c in choices])

    @cards_group.command(name="search", description='Search cards: power>=10000 race:dragon "draw a card"')
    @app_commands.describe(
        query="Query, e.g. t:unit cost<=3 -keyword:flying", game="Game (default: the server's game)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def search(
        self,
        interaction: discord.Interaction,
        query: app_commands.Range[str, 1, 500],
        game: str | None = None,
    ) -> None:
        problem = await actions.card_query_problem(self.app, interaction.guild_id, game, query)
        if problem is not None:
            await present(interaction, problem)
            return
        await interaction.response.defer(thinking=True)
        await present(interaction, await actions.cards_search(self.app, interaction.guild_id, game, query))

    @cards_group.command(name="import", description="Load this server's own cards (Manage Server)")
    @app_commands.describe(
        file="The card data file", format="Its format", game="Game (default: the server's game)"
    )
    @app_commands.choices(format=FORMAT_CHOICES, game=GAME_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def import_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        format: str,
        game: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if file.size > MAX_ATTACHMENT:
            reply = refusal("That file is larger than 25 MB; import it with `arbiter cards import`.")
        else:
            try:
                data = await file.read()
            except discord.HTTPException:
                reply = refusal("I could not download that file from Discord; try again.")
            else:
                reply = await actions.cards_import(
                    self.app, interaction.guild_id, game, format, data, file.filename, interaction.user.id
                )
        await present(interaction, reply)

    @cards_group.command(name="alias", description="Give a card a nickname, or remove one (Manage Server)")
    @app_commands.describe(
        alias="The nickname", card="The card it finds; leave empty to remove the nickname", game="Game"
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def alias(
        self,
        interaction: discord.Interaction,
        alias: app_commands.Range[str, 1, 100],
        card: app_commands.Range[str, 1, 100] | None = None,
        game: str | None = None,
    ) -> None:
        reply = await actions.card_alias(
            self.app, interaction.guild_id, game, alias, card, interaction.user.id
        )
        await present(interaction, reply)

    @alias.autocomplete("card")
    async def alias_card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, current)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Inline ``[[card]]`` lookups (operator opt-in: INLINE_CARDS and the Message Content intent)."""
        if not self.app.settings.inline_cards or message.author.bot or "[[" not in message.content:
            return
        requests = inline_requests(message.content)
        if not requests:
            return
        guild_id = message.guild.id if message.guild else None
        embeds: list[discord.Embed] = []
        lines: list[str] = []
        for game, name in requests:
            try:
                resolved = await self.app.guilds.game_for(guild_id, game)
            except ArbiterError as error:
                lines.append(str(error))
                break
            reply = await actions.card(self.app, guild_id, resolved.key, name)
            if reply.kind is Kind.ANSWER:
                embeds.append(embed_for(reply.panel))
            else:
                lines.append(reply.panel.body.splitlines()[0])
        await message.reply(
            content="\n".join(lines)[:2000] or None,
            embeds=embeds[:EMBEDS_PER_MESSAGE],
            mention_author=False,
            allowed_mentions=allowed_mentions(NO_MENTIONS),  # echoed names ping nobody
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(CardsCog(bot, bot.app))  # type: ignore[attr-defined]
