"""Card actions: ``/card``, ``/cards search``, ``/cards import``, ``/cards alias`` and the pages of a
saved card search."""

from __future__ import annotations

import asyncio

from bot.actions.common import refusing, replies
from bot.app import App
from bot.render.card_image import render_card
from bot.render.cards import CARDS_PER_PAGE, card_panel, results_panel
from bot.render.cards import miss_panel as card_miss_panel
from bot.render.panel import Target, make_panel
from bot.reply import Reply, answer, miss, refusal
from bot.services.cards import CardMiss
from engine.cards.query import compile_query, parse
from engine.games import resolve_game


@replies
async def card(app: App, guild_id: int | None, game: str | None, name: str, *, image: bool = False) -> Reply:
    """``/card``: a card by name, misspelled or not; ``image`` attaches a rendering of its face."""
    resolved = await app.guilds.game_for(guild_id, game)
    found = await app.cards.get(resolved, name, guild_id)
    if isinstance(found, CardMiss):
        return miss(card_miss_panel(found, resolved.key))
    picture = await asyncio.to_thread(render_card, found.stored.card) if image else None
    return answer(card_panel(found, image=picture))


@replies
async def card_query_problem(app: App, guild_id: int | None, game: str | None, query: str) -> Reply | None:
    """The refusal for a query that cannot run (unknown game, bad syntax), checked before the slow
    part so that the refusal can still be private; ``None`` when the query is fine."""
    resolved = await app.guilds.game_for(guild_id, game)
    compile_query(parse(query), resolved.key)
    return None


@replies
async def cards_search(app: App, guild_id: int | None, game: str | None, query: str) -> Reply:
    """``/cards search``: the query language; results paged, the query saved for the buttons."""
    resolved = await app.guilds.game_for(guild_id, game)
    results = await app.cards.search(resolved, query, per_page=CARDS_PER_PAGE, guild_id=guild_id)
    search_id = 0
    if results.total > CARDS_PER_PAGE:
        # saved with its server: its pages show that server's own cards, and only there
        search_id = await app.guilds.repo.save_search(
            resolved.key, None, query[:1000], kind="cards", guild_id=guild_id
        )
    return answer(results_panel(results, search_id=search_id))


async def open_cards_target(app: App, target: Target, guild_id: int | None) -> Reply:
    """A card button's destination, for a button pressed in the server ``guild_id`` (``None``: a
    direct message): a card that server sees (a shared card or its own), or a page of a card search
    made in that server."""
    if target.kind == "card":
        view = await app.cards.view(target.card_id, guild_id=guild_id)
        if view is None:
            return refusal("That card is no longer in the card data this server sees.")
        return answer(card_panel(view))
    saved = await app.guilds.repo.saved_card_search(target.search_id)
    if saved is None:
        return refusal("That search has expired; run /cards search again.")
    game_key, searched_in, query = saved
    if searched_in != (guild_id or None):
        return refusal("That search was made in another server; run /cards search here.")
    results = await app.cards.search(
        resolve_game(game_key), query, page=target.page, per_page=CARDS_PER_PAGE, guild_id=guild_id
    )
    return answer(results_panel(results, search_id=target.search_id))


@refusing("Nothing was imported.")
async def cards_import(
    app: App,
    guild_id: int | None,
    game: str | None,
    format_name: str,
    data: bytes,
    filename: str,
    user_id: int | None = None,
) -> Reply:
    """``/cards import``: load a card file; all or nothing. The bot's owners (``OWNER_IDS``) change
    the shared cards; a server admin's cards are that server's own, seen only there."""
    resolved = await app.guilds.game_for(guild_id, game)
    shared = user_id is not None and user_id in app.settings.owner_ids
    if not shared and not guild_id:
        return refusal("Import cards in a server: outside one only the bot's owners may import.")
    summary = await app.cards.import_data(
        resolved, format_name, data, filename, guild_id=None if shared else guild_id
    )
    where = "for every server" if shared else "for this server only"
    return answer(make_panel("Cards imported", f"{summary.sentence()} ({where})", private=True))


@replies
async def card_alias(
    app: App, guild_id: int | None, game: str | None, alias: str, card_name: str | None, user_id: int | None
) -> Reply:
    """``/cards alias``: add a nickname for a card, or remove it when no card is given."""
    resolved = await app.guilds.game_for(guild_id, game)
    if not guild_id:
        return refusal("Card aliases belong to a server: use /cards alias in one.")
    if card_name and card_name.strip():
        message = await app.cards.set_alias(resolved, alias, card_name, user_id, guild_id)
    else:
        message = await app.cards.remove_alias(resolved, alias, guild_id)
    return answer(make_panel("Card aliases", message, private=True))
