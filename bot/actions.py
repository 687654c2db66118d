"""What each command does, shared by the Discord cogs and the offline console.

Each action resolves the game, calls a service and renders a :class:`~bot.render.panel.Panel`.
Errors meant for users (:class:`~engine.errors.ArbiterError`) become a one-sentence panel.
"""

from __future__ import annotations

from bot.app import App
from bot.render.panel import Panel, Target, make_panel
from bot.render.rules import keyword_panel, miss_panel, rule_panel, search_panel
from bot.services.rules import LookupMiss, SearchResults
from engine.errors import ArbiterError

SEARCH_LIMIT = 25


def error_panel(message: str) -> Panel:
    return make_panel("Sorry", message, private=True)


async def rule(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None = None
) -> Panel:
    """``/rule``: a rule by id as people type it (or a heading's title)."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        if not query.strip():
            return error_panel("Give a rule number, for example 3-13d or 903.2a.")
        answer = await app.rules.get(resolved, query, edition)
    except ArbiterError as error:
        return error_panel(str(error))
    if isinstance(answer, LookupMiss):
        return miss_panel(answer, resolved.key)
    return rule_panel(answer)


async def open_target(app: App, target: Target) -> Panel:
    """A button's destination: a rule page or a saved search page."""
    try:
        if target.kind == "rule":
            view = await app.rules.view(target.document_id, target.rule_id)
            if view is None:
                return error_panel("That rule is no longer in the imported documents.")
            return rule_panel(view, target.page)
        saved = await app.guilds.repo.saved_search(target.search_id)
        if saved is None:
            return error_panel("That search has expired; run /rules search again.")
        game_key, edition, query = saved
        results = await _search(app, None, game_key, query, edition)
        return search_panel(results, target.page, search_id=target.search_id)
    except ArbiterError as error:
        return error_panel(str(error))


async def _search(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None
) -> SearchResults:
    resolved = await app.guilds.game_for(guild_id, game)
    return await app.rules.search(resolved, query, limit=SEARCH_LIMIT, edition=edition)


async def search(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None = None
) -> Panel:
    """``/rules search``: ranked full-text results, saved so that their pages survive a restart."""
    try:
        if not query.strip():
            return error_panel("Type some words to search for.")
        results = await _search(app, guild_id, game, query, edition)
        search_id = 0
        if len(results.results) > 5:
            search_id = await app.guilds.repo.save_search(results.game.key, edition, query[:500])
    except ArbiterError as error:
        return error_panel(str(error))
    return search_panel(results, 0, search_id=search_id)


async def keyword(app: App, guild_id: int | None, game: str | None, name: str) -> Panel:
    """``/keyword``: a keyword or keyword ability by name, typo-tolerant."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        if not name.strip():
            return error_panel("Give a keyword name, for example Deadly or Intercept.")
        answer = await app.rules.keyword(resolved, name)
    except ArbiterError as error:
        return error_panel(str(error))
    if isinstance(answer, LookupMiss):
        return miss_panel(answer, resolved.key)
    return keyword_panel(answer)


async def set_game(app: App, guild_id: int | None, game: str | None) -> Panel:
    """``/settings game``: set or clear the server's default game."""
    if guild_id is None:
        return error_panel("Server settings can only be changed in a server.")
    try:
        chosen = await app.guilds.set_default_game(guild_id, game)
    except ArbiterError as error:
        return error_panel(str(error))
    if chosen is None:
        return make_panel("Settings", "This server no longer has a default game.", private=True)
    return make_panel(
        "Settings",
        f"The default game of this server is now **{chosen.name}**: commands can leave out the game.",
        private=True,
    )
