"""Decklists into the decks a match starts with: each card carrying the stats its game's procedures
automate with, read from the imported card data (a card without data carries none, and the
procedures that need a number ask the players for it)."""

from __future__ import annotations

from bot.services.cards import CardsService
from engine.decks import deck_format, parse_decklist
from engine.games import resolve_game
from engine.match.games import card_stats
from engine.match.state import CardRef


async def match_deck(
    cards: CardsService, game: str, text: str, guild_id: int | None
) -> dict[str, list[CardRef]]:
    """A decklist's cards by starting zone, for :meth:`bot.services.matches.MatchService.create`.

    Cards are found by the name as written (exact names, faces and aliases:
    :meth:`CardsService.deck_lookup`) among the cards the match's server ``guild_id`` sees (the
    shared ones and its own; ``None`` outside a server: the shared ones), and read with the game's
    ``stats_from_record``
    (:func:`engine.match.games.card_stats`). A list that cannot be read raises a
    :class:`engine.decks.DeckError` naming the line; legality is :func:`engine.decks.check_deck`'s."""
    key = resolve_game(game).key
    deck = parse_decklist(key, text)
    names = [entry.name for _, entry in deck.all_entries()]
    records = await cards.deck_lookup(resolve_game(key), names, guild_id)
    return deck_format(key).zones(deck, None if records is None else records.get, card_stats(key))
