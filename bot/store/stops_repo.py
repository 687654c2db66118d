"""Repository of each player's saved stops per game (``match_stops``): the windows where they hold
priority in that game's matches (:mod:`engine.match.stops`), and full control. A new match starts
with them; the game's defaults stand for a player who saved none."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.database import Database


@dataclass(frozen=True)
class SavedStops:
    """A player's stops for one game: ``stops`` the window names (None: the game's defaults)."""

    stops: frozenset[str] | None
    full_control: bool


class StopsRepository:
    def __init__(self, database: Database) -> None:
        self.db = database

    async def get(self, user_id: int, game: str) -> SavedStops | None:
        """A player's saved stops for a game, or None when they saved none."""
        row = await self.db.fetchone(
            "SELECT stops, full_control FROM match_stops WHERE user_id = ? AND game = ?", (user_id, game)
        )
        if row is None:
            return None
        stops = None if row[0] is None else frozenset(str(name) for name in json.loads(row[0]))
        return SavedStops(stops, bool(row[1]))

    async def save(self, user_id: int, game: str, saved: SavedStops) -> None:
        """Remember a player's stops for a game (replacing what they saved before)."""
        stops = None if saved.stops is None else json.dumps(sorted(saved.stops))
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO match_stops (user_id, game, stops, full_control) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, game) DO UPDATE SET stops = excluded.stops,"
                " full_control = excluded.full_control,"
                " updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
                (user_id, game, stops, int(saved.full_control)),
            )
