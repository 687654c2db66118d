"""Matches on Discord, as one extension:

- :mod:`cogs.match.commands`: ``/match`` and ``/deck``;
- :mod:`cogs.match.components`: the buttons, menus and forms of the board and the players' panels,
  and how the board and a panel look as messages;
- :mod:`cogs.match.forms`: the numbers and text an offer asks for, typed in forms;
- :mod:`cogs.match.places`: a match's places (its thread, board and DM panels) kept current, and
  :func:`~cogs.match.places.act`, the one way a command or a press moves a match on.

Imports point one way: commands -> components -> places (the places are given their layouts when
the extension loads), so no module of the package imports one that imports it.
"""

from __future__ import annotations

from discord.ext import commands

from bot.app import App
from cogs.match.commands import MatchCog
from cogs.match.components import DYNAMIC_ITEMS, DiscordLayouts
from cogs.match.places import MatchPlaces


async def setup(bot: commands.Bot) -> None:
    """Load the extension: the match places of the bot, the cog, and the persistent components."""
    app: App = bot.app  # type: ignore[attr-defined]
    bot.match_places = MatchPlaces(bot, app, DiscordLayouts())  # type: ignore[attr-defined]
    await bot.add_cog(MatchCog(bot, app))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
