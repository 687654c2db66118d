"""What each command does, shared by the Discord cogs and the offline console.

Each action resolves the game, calls a service and renders a :class:`~bot.render.panel.Panel`.
Errors meant for users (:class:`~engine.errors.ArbiterError`) become a one-sentence panel.
"""

from __future__ import annotations

import asyncio

from bot.app import App
from bot.render.card_image import render_card
from bot.render.cards import CARDS_PER_PAGE, card_panel, results_panel
from bot.render.cards import miss_panel as card_miss_panel
from bot.render.panel import Panel, Target, make_panel
from bot.render.rules import keyword_panel, miss_panel, rule_panel, search_panel
from bot.services.cards import CardMiss
from bot.services.rules import LookupMiss, SearchResults
from engine.cards.query import compile_query, parse
from engine.errors import ArbiterError
from engine.games import resolve_game

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
        if target.kind in {"card", "cards"}:
            return await _open_card_target(app, target)
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


# cards -------------------------------------------------------------------------------------------


async def card(app: App, guild_id: int | None, game: str | None, name: str, *, image: bool = False) -> Panel:
    """``/card``: a card by name, misspelled or not; ``image`` attaches a rendering of its face."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        answer = await app.cards.get(resolved, name)
    except ArbiterError as error:
        return error_panel(str(error))
    if isinstance(answer, CardMiss):
        return card_miss_panel(answer, resolved.key)
    picture = await asyncio.to_thread(render_card, answer.stored.card) if image else None
    return card_panel(answer, image=picture)


async def card_query_problem(app: App, guild_id: int | None, game: str | None, query: str) -> Panel | None:
    """The error panel for a query that cannot run (unknown game, bad syntax), checked before the
    slow part so that the error can still be private; ``None`` when the query is fine."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        compile_query(parse(query), resolved.key)
    except ArbiterError as error:
        return error_panel(str(error))
    return None


async def cards_search(app: App, guild_id: int | None, game: str | None, query: str) -> Panel:
    """``/cards search``: the query language; results paged, the query saved for the buttons."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        results = await app.cards.search(resolved, query, per_page=CARDS_PER_PAGE)
        search_id = 0
        if results.total > CARDS_PER_PAGE:
            search_id = await app.guilds.repo.save_search(resolved.key, None, query[:1000], kind="cards")
    except ArbiterError as error:
        return error_panel(str(error))
    return results_panel(results, search_id=search_id)


async def _open_card_target(app: App, target: Target) -> Panel:
    if target.kind == "card":
        view = await app.cards.view(target.card_id)
        return card_panel(view) if view else error_panel("That card is no longer in the database.")
    saved = await app.guilds.repo.saved_search(target.search_id, kind="cards")
    if saved is None:
        return error_panel("That search has expired; run /cards search again.")
    game_key, _, query = saved
    results = await app.cards.search(resolve_game(game_key), query, page=target.page, per_page=CARDS_PER_PAGE)
    return results_panel(results, search_id=target.search_id)


async def cards_import(
    app: App, guild_id: int | None, game: str | None, format_name: str, data: bytes, filename: str
) -> Panel:
    """``/cards import``: load a card file (admins); all or nothing."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        summary = await app.cards.import_data(resolved, format_name, data, filename)
    except ArbiterError as error:
        return error_panel(f"Nothing was imported. {error}")
    return make_panel("Cards imported", summary.sentence(), private=True)


async def card_alias(
    app: App, guild_id: int | None, game: str | None, alias: str, card_name: str | None, user_id: int | None
) -> Panel:
    """``/cards alias``: add a nickname for a card, or remove it when no card is given."""
    try:
        resolved = await app.guilds.game_for(guild_id, game)
        if card_name and card_name.strip():
            message = await app.cards.set_alias(resolved, alias, card_name, user_id)
        else:
            message = await app.cards.remove_alias(resolved, alias)
    except ArbiterError as error:
        return error_panel(str(error))
    return make_panel("Card aliases", message, private=True)
