"""Checking a decklist with the card data a server sees: the use case behind ``arbiter deck check``.

The engine checks (:func:`engine.decks.check_deck`); this module reads the card data for the list's
names (:meth:`CardsService.deck_lookup`: exact names, faces and aliases only) and, for a name the card
data does not know, asks the card lookup people use (:meth:`CardsService.get`) for a close name to
offer: "Tiny Violett (did you mean Tiny Violet?)". A close name is offered, never checked in the
card's place.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.services.cards import CardMiss, CardsService
from engine.cards.model import CardRecord
from engine.cards.names import normalise_name
from engine.decks import Decklist, DeckReport, check_deck, deck_format, parse_decklist
from engine.games import Game

MAX_SUGGESTED = 20
"""Unknown names looked up for a did-you-mean per check (a list of 50 unknown names stays quick)."""
MAX_OFFERED = 3
"""Close names offered per unknown name."""


def with_faces(deck: Decklist, records: Mapping[str, CardRecord]) -> dict[str, CardRecord]:
    """The records by the names the checks use: an entry written with its faces (``Ruler // J-ruler``)
    whose first face is not found is the card another face names exactly (one card, two faces)."""
    found = dict(records)
    for _, entry in deck.all_entries():
        if entry.name in found:
            continue
        for face in entry.faces:
            if face in found:
                found[entry.name] = found[face]
                break
    return found


async def did_you_mean(
    cards: CardsService, game: Game, names: list[str], guild_id: int | None = None
) -> dict[str, list[str]]:
    """Close card names for names the card data does not know (the first :data:`MAX_SUGGESTED`)."""
    offered: dict[str, list[str]] = {}
    for name in names[:MAX_SUGGESTED]:
        result = await cards.get(game, name, guild_id)
        if isinstance(result, CardMiss):
            close = [label for _, label in result.candidates][:MAX_OFFERED]
        else:
            close = [result.stored.card.name]
        close = [label for label in close if normalise_name(label) != normalise_name(name)]
        if close:
            offered[name] = close
    return offered


async def check_decklist(
    cards: CardsService,
    game: Game,
    text: str,
    *,
    rules: str | None = None,
    guild_id: int | None = None,
) -> DeckReport:
    """Parse and check a decklist (:class:`engine.decks.DeckError` names a line that cannot be read,
    or lists the game's deck rules for an unknown ``rules``), with the card data the server
    ``guild_id`` sees and a did-you-mean for each name it does not know."""
    deck_format(game.key).rules_named(rules)  # an unknown name is refused before any lookup
    deck = parse_decklist(game.key, text)
    names = [name for _, entry in deck.all_entries() for name in (entry.name, *entry.faces)]
    records = await cards.deck_lookup(game, names, guild_id)
    if records is None:
        return check_deck(game.key, deck, None, rules=rules)
    found = with_faces(deck, records)
    unknown = sorted({entry.name for _, entry in deck.all_entries() if entry.name not in found})
    suggestions = await did_you_mean(cards, game, unknown, guild_id)
    return check_deck(game.key, deck, found.get, rules=rules, suggestions=suggestions)
