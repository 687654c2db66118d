"""What every tournament use case works with, passed to it explicitly: the store, the clock, the card
data for decklists, the lock that serialises use cases and the caches that follow their commits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.store.database import Database
from bot.store.tournament_repo import TournamentRepository
from engine.games import Game

from .info import Actor, EventChoice
from .state import iso

DeckLookup = Callable[[Game, list[str], int | None], Awaitable[Mapping[str, Any] | None]]
"""Card data for a decklist's names as the server ``guild_id`` sees it (``CardsService.deck_lookup``)."""


def utc_now() -> datetime:
    """The current moment, in UTC: the clock of a running bot."""
    return datetime.now(UTC)


@dataclass(slots=True)
class TournamentContext:
    """The tournament use cases' shared context. One per process (inside ``App.tournaments``).

    ``clock`` gives the current time (UTC), replaceable in tests and simulations. ``deck_lookup``
    (optional) fetches card data for a decklist's names among the cards the event's server sees,
    ``(game, names, guild_id) -> {name: CardRecord}`` or ``None`` when that server sees no card data
    of the game (``App`` passes ``CardsService.deck_lookup``), so that
    :func:`engine.decks.check_deck` can check what needs card data.
    """

    db: Database
    repo: TournamentRepository
    clock: Callable[[], datetime] = utc_now
    deck_lookup: DeckLookup | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Serialises the use cases: each one's reads and writes see one consistent state."""
    names: dict[int, list[EventChoice]] = field(default_factory=dict)
    """Event names per guild for autocomplete, loaded once per guild and dropped on change."""
    roles: dict[int, int | None] = field(default_factory=dict)
    """The organizer role per guild, loaded once per guild."""
    changed_guilds: set[int] = field(default_factory=set)
    """Guilds whose event names the running transaction changed (their cache goes after a commit)."""

    @classmethod
    def over(
        cls,
        database: Database,
        *,
        clock: Callable[[], datetime] | None = None,
        deck_lookup: DeckLookup | None = None,
    ) -> TournamentContext:
        """The context of the use cases over ``database``."""
        return cls(database, TournamentRepository(database), clock or utc_now, deck_lookup)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[None]:
        """One use case's transaction: everything or nothing; caches follow only a commit."""
        async with self.lock:
            self.changed_guilds.clear()
            try:
                async with self.db.transaction():
                    yield
            except BaseException:
                self.changed_guilds.clear()
                raise
            for guild_id in self.changed_guilds:
                self.names.pop(guild_id, None)
            self.changed_guilds.clear()

    def now(self) -> str:
        """The current moment as stored."""
        return iso(self.clock())

    def names_changed(self, guild_id: int) -> None:
        """The guild's event names or statuses change in this transaction: autocomplete reloads them."""
        self.changed_guilds.add(guild_id)

    async def audit(self, actor: Actor, event_id: int | None, action: str, detail: str) -> None:
        """Write an organizer's action to the audit log, in the running transaction."""
        await self.repo.audit(actor.guild_id, event_id, actor.user_id, action, detail, self.now())
