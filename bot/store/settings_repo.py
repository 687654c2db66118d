"""Repository of per-guild settings and saved searches."""

from __future__ import annotations

from bot.store.database import Database


class SettingsRepository:
    """Per-guild preferences (the default game) and searches that paged answers refer back to."""

    def __init__(self, database: Database) -> None:
        self.db = database

    async def default_game(self, guild_id: int) -> str | None:
        row = await self.db.fetchone(
            "SELECT default_game FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return row[0] if row else None

    async def set_default_game(self, guild_id: int, game: str | None) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, default_game) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET default_game = excluded.default_game",
                (guild_id, game),
            )

    async def board_picture(self, guild_id: int) -> bool:
        """Whether the server's match boards carry the board picture (yes unless turned off)."""
        row = await self.db.fetchone(
            "SELECT board_picture FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(row[0]) if row else True

    async def set_board_picture(self, guild_id: int, shown: bool) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, board_picture) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET board_picture = excluded.board_picture",
                (guild_id, int(shown)),
            )

    async def save_search(
        self, game: str, edition: str | None, query: str, kind: str = "rules", *, guild_id: int | None = None
    ) -> int:
        """Remember a search so that the buttons of its answer can page it after a restart: a rules
        search with its ``edition``, a card search (``kind="cards"``) with the server it was made in
        (``guild_id``; ``None`` outside a server)."""
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO saved_searches (game, edition, query, kind, guild_id) VALUES (?, ?, ?, ?, ?)",
                (game, edition, query, kind, guild_id or None),
            )
            return int(cursor.lastrowid or 0)

    async def saved_search(self, search_id: int, kind: str = "rules") -> tuple[str, str | None, str] | None:
        """A saved search's ``(game, edition, query)``."""
        row = await self.db.fetchone(
            "SELECT game, edition, query FROM saved_searches WHERE id = ? AND kind = ?", (search_id, kind)
        )
        return (row[0], row[1], row[2]) if row else None

    async def saved_card_search(self, search_id: int) -> tuple[str, int | None, str] | None:
        """A saved card search's ``(game, guild_id, query)``: the server it was made in, ``None``
        outside a server."""
        row = await self.db.fetchone(
            "SELECT game, guild_id, query FROM saved_searches WHERE id = ? AND kind = 'cards'", (search_id,)
        )
        return (row[0], None if row[1] is None else int(row[1]), row[2]) if row else None
