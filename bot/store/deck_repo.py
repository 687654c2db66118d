"""Repository of saved decks and challenges (migration 8)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.store.database import SQLITE_MAX_INT, Database


@dataclass(frozen=True)
class SavedDeck:
    """A player's decklist, kept under a name per game."""

    id: int
    user_id: int
    game: str
    name: str
    text: str
    updated_at: str


@dataclass(frozen=True)
class StoredChallenge:
    """A challenge row as stored; decks are ``{"kind", "name", "text"}`` objects."""

    id: int
    guild_id: int
    channel_id: int | None
    game: str
    challenger_id: int
    challenger_name: str
    opponent_id: int | None
    opponent_name: str | None
    challenger_deck: dict[str, Any]
    opponent_deck: dict[str, Any] | None
    status: str
    match_id: int | None
    tournament_id: int | None
    round: int | None
    table_number: int | None
    created_at: str
    expires_at: str
    deck_problems: list[list[str]] | None = None
    """Why each deck (the challenger's, the accepter's) is not legal, as found when the challenge was
    accepted (empty lists: both legal); ``None`` before that, or for a challenge accepted before they
    were kept (migration 12)."""


def norm_name(name: str) -> str:
    """A deck name compared without case or repeated spaces."""
    return " ".join(name.split()).casefold()


_DECK = "id, user_id, game, name, text, updated_at"
_CHALLENGE = (
    "id, guild_id, channel_id, game, challenger_id, challenger_name, opponent_id, opponent_name,"
    " challenger_deck, opponent_deck, status, match_id, tournament_id, round, table_number, created_at,"
    " expires_at, deck_problems"
)


_JSON_COLUMNS = ("opponent_deck", "deck_problems")
"""The challenge columns stored as JSON."""


def _challenge(row: Any) -> StoredChallenge:
    values = list(row)
    values[8] = json.loads(values[8])
    values[9] = None if values[9] is None else json.loads(values[9])
    values[17] = None if values[17] is None else json.loads(values[17])
    return StoredChallenge(*values)


class DeckRepository:
    """Saved decks (per user and game) and challenges (per server)."""

    def __init__(self, database: Database) -> None:
        self.db = database

    # Saved decks ---------------------------------------------------------------------------------

    async def decks(self, user_id: int, game: str | None = None) -> list[SavedDeck]:
        query = f"SELECT {_DECK} FROM saved_decks WHERE user_id = ?"
        params: tuple[Any, ...] = (user_id,)
        if game is not None:
            query += " AND game = ?"
            params += (game,)
        return [
            SavedDeck(*row) for row in await self.db.fetchall(query + " ORDER BY game, norm_name", params)
        ]

    async def deck(self, user_id: int, game: str, name: str) -> SavedDeck | None:
        row = await self.db.fetchone(
            f"SELECT {_DECK} FROM saved_decks WHERE user_id = ? AND game = ? AND norm_name = ?",
            (user_id, game, norm_name(name)),
        )
        return None if row is None else SavedDeck(*row)

    async def save_deck(
        self, user_id: int, game: str, name: str, text: str, *, limit: int
    ) -> tuple[SavedDeck, bool]:
        """Save (or replace, by name) a deck; returns it and whether it replaced one. Refuses past
        ``limit`` decks per game by returning the count instead (checked by the caller)."""
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE saved_decks SET name = ?, text = ?,"
                " updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
                " WHERE user_id = ? AND game = ? AND norm_name = ?",
                (name, text, user_id, game, norm_name(name)),
            )
            replaced = cursor.rowcount > 0
            if not replaced:
                async with conn.execute(
                    "SELECT count(*) FROM saved_decks WHERE user_id = ? AND game = ?", (user_id, game)
                ) as counting:
                    row = await counting.fetchone()
                if row is not None and row[0] >= limit:
                    raise DeckLimitReached(limit)
                await conn.execute(
                    "INSERT INTO saved_decks (user_id, game, name, norm_name, text) VALUES (?, ?, ?, ?, ?)",
                    (user_id, game, name, norm_name(name), text),
                )
        deck = await self.deck(user_id, game, name)
        assert deck is not None
        return deck, replaced

    async def rename_deck(self, user_id: int, game: str, old: str, new: str) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE saved_decks SET name = ?, norm_name = ?,"
                " updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
                " WHERE user_id = ? AND game = ? AND norm_name = ?",
                (new, norm_name(new), user_id, game, norm_name(old)),
            )
            return cursor.rowcount > 0

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM saved_decks WHERE user_id = ? AND game = ? AND norm_name = ?",
                (user_id, game, norm_name(name)),
            )
            return cursor.rowcount > 0

    # Challenges ----------------------------------------------------------------------------------

    async def create_challenge(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        game: str,
        challenger: tuple[int, str],
        opponent: tuple[int, str] | None,
        deck: dict[str, Any],
        created_at: str,
        expires_at: str,
        tournament: tuple[int, int, int] | None = None,
    ) -> int:
        tournament_id, round_number, table = tournament or (None, None, None)
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO challenges (guild_id, channel_id, game, challenger_id, challenger_name,"
                " opponent_id, opponent_name, challenger_deck, tournament_id, round, table_number,"
                " created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game,
                    challenger[0],
                    challenger[1],
                    None if opponent is None else opponent[0],
                    None if opponent is None else opponent[1],
                    json.dumps(deck, ensure_ascii=False),
                    tournament_id,
                    round_number,
                    table,
                    created_at,
                    expires_at,
                ),
            )
            return int(cursor.lastrowid or 0)

    async def challenge(self, challenge_id: int) -> StoredChallenge | None:
        if not 0 < challenge_id <= SQLITE_MAX_INT:
            return None  # no such id (and past what SQLite can even compare)
        row = await self.db.fetchone(f"SELECT {_CHALLENGE} FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else _challenge(row)

    async def challenges(self, guild_id: int, statuses: tuple[str, ...]) -> list[StoredChallenge]:
        marks = ", ".join("?" for _ in statuses)
        return [
            _challenge(row)
            for row in await self.db.fetchall(
                f"SELECT {_CHALLENGE} FROM challenges WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
                (guild_id, *statuses),
            )
        ]

    async def tournament_games(self, event_id: int, round_number: int, table: int) -> list[StoredChallenge]:
        """The games a tournament pairing played in the bot, in order."""
        rows = await self.db.fetchall(
            f"SELECT {_CHALLENGE} FROM challenges WHERE tournament_id = ? AND round = ?"
            " AND table_number = ? AND match_id IS NOT NULL ORDER BY id",
            (event_id, round_number, table),
        )
        return [_challenge(row) for row in rows]

    async def challenge_of_match(self, match_id: int) -> StoredChallenge | None:
        row = await self.db.fetchone(f"SELECT {_CHALLENGE} FROM challenges WHERE match_id = ?", (match_id,))
        return None if row is None else _challenge(row)

    async def set_deck_problems(self, challenge_id: int, problems: list[list[str]]) -> None:
        """Keep the problems of a challenge's decks found after it was accepted (one accepted before
        they were kept, migration 12), unless some are kept already."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET deck_problems = ? WHERE id = ? AND deck_problems IS NULL",
                (json.dumps(problems, ensure_ascii=False), challenge_id),
            )

    async def set_challenge(self, challenge_id: int, *, expect: str, **changes: Any) -> bool:
        """Change a challenge only if its status is still ``expect`` (a compare-and-set: two accepts
        of one challenge start one match). Returns whether it changed."""
        columns = {"status", "opponent_id", "opponent_name", "opponent_deck", "match_id", "deck_problems"}
        if not set(changes) <= columns:
            raise ValueError(f"unknown challenge columns {sorted(set(changes) - columns)}")
        values = [
            json.dumps(v, ensure_ascii=False) if k in _JSON_COLUMNS and v is not None else v
            for k, v in changes.items()
        ]
        assignments = ", ".join(f"{name} = ?" for name in changes)
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE challenges SET {assignments} WHERE id = ? AND status = ?",
                (*values, challenge_id, expect),
            )
            return cursor.rowcount > 0


class DeckLimitReached(Exception):
    """A player already keeps the most decks allowed for a game."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit
