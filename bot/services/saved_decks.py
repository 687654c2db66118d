"""Saved decks: a player keeps decklists under names, per game, to bring to a match with two taps.

Decks belong to the player, not to a server: the same player sees the same decks in every server
(what a server admin does never touches them). A list is read when it is saved (an unreadable list is
refused with the line that fails), so a saved deck always parses; whether it is legal is checked when
it is brought to a match, against the card data the match's server sees.
"""

from __future__ import annotations

from bot.store.database import Database
from bot.store.deck_repo import DeckLimitReached, DeckRepository, SavedDeck
from engine.decks import parse_decklist
from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.text import shortened, unseen

NAME_LENGTH = 50
"""The longest deck name."""
DECKS_PER_GAME = 50
"""How many decks a player may keep per game."""


def _name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise ArbiterError("Give the deck a name.")
    if any(unseen(ch) for ch in clean):
        raise ArbiterError("A deck name is one line of text, without control or direction characters.")
    if len(clean) > NAME_LENGTH:
        raise ArbiterError(f"A deck name is at most {NAME_LENGTH} characters.")
    return clean


class SavedDecks:
    """Save, list, show, rename and delete a player's decks."""

    def __init__(self, database: Database) -> None:
        self.repo = DeckRepository(database)

    async def save(self, user_id: int, game: str, name: str, text: str) -> tuple[SavedDeck, bool]:
        """Save a decklist under a name (replacing the player's deck of that name for the game);
        returns the deck and whether it replaced one."""
        key = resolve_game(game).key
        clean = _name(name)
        parse_decklist(key, text)  # a DeckError names the line that cannot be read
        try:
            return await self.repo.save_deck(user_id, key, clean, text.strip(), limit=DECKS_PER_GAME)
        except DeckLimitReached as full:
            raise ArbiterError(
                f"You already keep {full.limit} {resolve_game(key).name} decks; delete one first."
            ) from None

    async def list(self, user_id: int, game: str | None = None) -> list[SavedDeck]:
        """The player's decks (of one game, or all), by game and name."""
        return await self.repo.decks(user_id, None if game is None else resolve_game(game).key)

    async def get(self, user_id: int, game: str, name: str) -> SavedDeck:
        """One of the player's decks by name; a miss names the decks they have."""
        key = resolve_game(game).key
        deck = await self.repo.deck(user_id, key, name)
        if deck is None:
            raise ArbiterError(await self._missing(user_id, key, name))
        return deck

    async def rename(self, user_id: int, game: str, old: str, new: str) -> SavedDeck:
        key = resolve_game(game).key
        clean = _name(new)
        if await self.repo.deck(user_id, key, old) is None:
            raise ArbiterError(await self._missing(user_id, key, old))
        existing = await self.repo.deck(user_id, key, clean)
        if existing is not None and existing.name.casefold() != " ".join(old.split()).casefold():
            raise ArbiterError(f"You already have a deck called {shortened(existing.name, NAME_LENGTH)}.")
        await self.repo.rename_deck(user_id, key, old, clean)
        return await self.get(user_id, key, clean)

    async def delete(self, user_id: int, game: str, name: str) -> str:
        """Delete a deck; returns its name as it was saved."""
        key = resolve_game(game).key
        deck = await self.repo.deck(user_id, key, name)
        if deck is None:
            raise ArbiterError(await self._missing(user_id, key, name))
        await self.repo.delete_deck(user_id, key, name)
        return deck.name

    async def _missing(self, user_id: int, game: str, name: str) -> str:
        label = resolve_game(game).name
        decks = await self.repo.decks(user_id, game)
        shown = shortened(" ".join(name.split()), NAME_LENGTH)
        if not decks:
            return f"You have no saved {label} decks yet."
        names = ", ".join(shortened(deck.name, NAME_LENGTH) for deck in decks[:10])
        return f"You have no {label} deck called '{shown}'; yours: {names}."
