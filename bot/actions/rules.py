"""Rules actions: ``/rule``, ``/rules search``, ``/keyword`` and the pages of a saved rules search."""

from __future__ import annotations

from bot.actions.common import replies
from bot.app import App
from bot.render.panel import Target
from bot.render.rules import keyword_panel, miss_panel, rule_panel, search_panel
from bot.reply import Reply, answer, miss, refusal
from bot.services.rules import LookupMiss, SearchResults

SEARCH_LIMIT = 25


def clean(text: str) -> str:
    """User text as it may be searched and stored: unpaired surrogates (which no UTF-8 encoder
    accepts: saving such a search failed) dropped."""
    return "".join(ch for ch in text if not "\ud800" <= ch <= "\udfff")


@replies
async def rule(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None = None
) -> Reply:
    """``/rule``: a rule by id as people type it (or a heading's title)."""
    query = clean(query)
    resolved = await app.guilds.game_for(guild_id, game)
    if not query.strip():
        return refusal("Give a rule number, for example 3-13d or 903.2a.")
    found = await app.rules.get(resolved, query, edition)
    if isinstance(found, LookupMiss):
        return miss(miss_panel(found, resolved.key))
    return answer(rule_panel(found))


async def _search(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None
) -> SearchResults:
    resolved = await app.guilds.game_for(guild_id, game)
    return await app.rules.search(resolved, query, limit=SEARCH_LIMIT, edition=edition)


@replies
async def search(
    app: App, guild_id: int | None, game: str | None, query: str, edition: str | None = None
) -> Reply:
    """``/rules search``: ranked full-text results, saved so that their pages survive a restart."""
    query = clean(query)
    if not query.strip():
        return refusal("Type some words to search for.")
    results = await _search(app, guild_id, game, query, edition)
    search_id = 0
    if len(results.results) > 5:
        search_id = await app.guilds.repo.save_search(results.game.key, edition, query[:500])
    return answer(search_panel(results, 0, search_id=search_id))


@replies
async def keyword(app: App, guild_id: int | None, game: str | None, name: str) -> Reply:
    """``/keyword``: a keyword or keyword ability by name, typo-tolerant."""
    name = clean(name)
    resolved = await app.guilds.game_for(guild_id, game)
    if not name.strip():
        return refusal("Give a keyword name, for example Deadly or Intercept.")
    found = await app.rules.keyword(resolved, name)
    if isinstance(found, LookupMiss):
        return miss(miss_panel(found, resolved.key))
    return answer(keyword_panel(found))


async def open_rules_target(app: App, target: Target) -> Reply:
    """A rules button's destination: a rule at a page, or a page of a saved rules search."""
    if target.kind == "rule":
        view = await app.rules.view(target.document_id, target.rule_id)
        if view is None:
            return refusal("That rule is no longer in the imported documents.")
        return answer(rule_panel(view, target.page))
    saved = await app.guilds.repo.saved_search(target.search_id)
    if saved is None:
        return refusal("That search has expired; run /rules search again.")
    game_key, edition, query = saved
    results = await _search(app, None, game_key, query, edition)
    return answer(search_panel(results, target.page, search_id=target.search_id))
