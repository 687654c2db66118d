"""Repository of matches: the match row, its append-only action log and periodic snapshots.

Each action is stored with its log lines per viewer (:data:`Lines`: the spectator's, then each
seat's), and the match row with its opening's lines, so the log is read without a replay; rows stored
before migration 12 have none (``None``), and :meth:`MatchRepository.store_lines` fills them in.

``(match_id, seq)`` is the primary key of the action log and the match row's ``version`` only moves
forward by one under a compare-and-set, so an action is stored at most once per version even if two
processes race (docs/architecture.md, "One writer per match").
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.store.database import Database


class StaleVersionError(Exception):
    """Another action was stored for this version first."""


Lines = list[list[str]]
"""Log lines per viewer: the spectator's first, then seat 0's, seat 1's... (one line per event for
every viewer, so each list is as long as the others)."""

NO_LINES = "[]"
"""What an action without events stores as its lines (no viewer reads a line of it), so that the
newest lines are found without reading it (:meth:`MatchRepository.recent_lines`)."""


def lines_json(lines: Lines) -> str:
    """Lines as stored: :data:`NO_LINES` when there are none."""
    if not any(lines):
        return NO_LINES
    return json.dumps(lines, ensure_ascii=False, separators=(",", ":"))


def _lines(text: str | None) -> Lines | None:
    if text is None:
        return None
    loaded: Lines = json.loads(text)
    return loaded


@dataclass(frozen=True)
class StoredMatch:
    id: int
    guild_id: int | None
    channel_id: int | None
    game: str
    spec: dict[str, Any]
    players: list[str]
    player_ids: list[int | None]
    decks: list[dict[str, list[list[str]]]]
    first_player: int | None
    seed: bytes
    seed_hash: str
    status: str
    version: int
    export_consent: list[int]
    opening_lines: Lines | None = None
    """The opening's lines per viewer (:data:`Lines`); ``None`` for a match stored before they were."""


@dataclass(frozen=True)
class StoredAction:
    seq: int
    actor: int | None
    action: dict[str, Any]
    digest: str
    created_at: str


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, spec, players, player_ids, decks, first_player, seed, seed_hash,"
    " status, version, export_consent, opening_lines"
)


class MatchRepository:
    def __init__(self, database: Database) -> None:
        self.db = database

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        game: str,
        spec: dict[str, Any],
        players: list[str],
        player_ids: list[int | None],
        decks: list[dict[str, list[list[str]]]],
        first_player: int | None,
        seed: bytes,
        seed_hash: str,
        opening_lines: Lines | None = None,
    ) -> int:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, spec, players, player_ids, decks,"
                " first_player, seed, seed_hash, opening_lines) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game,
                    json.dumps(spec),
                    json.dumps(players),
                    json.dumps(player_ids),
                    json.dumps(decks),
                    first_player,
                    seed,
                    seed_hash,
                    None if opening_lines is None else lines_json(opening_lines),
                ),
            )
            return int(cursor.lastrowid or 0)

    async def match(self, match_id: int) -> StoredMatch | None:
        row = await self.db.fetchone(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        if row is None:
            return None
        return StoredMatch(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            game=row[3],
            spec=json.loads(row[4]),
            players=json.loads(row[5]),
            player_ids=json.loads(row[6]),
            decks=json.loads(row[7]),
            first_player=row[8],
            seed=bytes(row[9]),
            seed_hash=row[10],
            status=row[11],
            version=row[12],
            export_consent=json.loads(row[13]),
            opening_lines=_lines(row[14]),
        )

    async def append(
        self,
        match_id: int,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        digest: str,
        *,
        snapshot: dict[str, Any] | None = None,
        ended: bool = False,
        lines: Lines | None = None,
    ) -> None:
        """Store an accepted action at ``seq`` (the version it was made against), with its log lines
        per viewer (:data:`Lines`), atomically.

        Raises :class:`StaleVersionError` if the match is no longer at that version.
        """
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1,"
                " status = CASE WHEN ? THEN 'ended' ELSE status END,"
                " ended_at = CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE ended_at END"
                " WHERE id = ? AND version = ?",
                (ended, ended, match_id, seq),
            )
            if cursor.rowcount != 1:
                raise StaleVersionError(seq)
            try:
                await conn.execute(
                    "INSERT INTO match_actions (match_id, seq, actor, action, digest, lines)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        match_id,
                        seq,
                        actor,
                        json.dumps(action, separators=(",", ":")),
                        digest,
                        None if lines is None else lines_json(lines),
                    ),
                )
            except sqlite3.IntegrityError:
                raise StaleVersionError(seq) from None
            if snapshot is not None:
                await conn.execute(
                    "INSERT OR REPLACE INTO match_snapshots (match_id, seq, state) VALUES (?, ?, ?)",
                    (match_id, seq + 1, json.dumps(snapshot, separators=(",", ":"))),
                )

    async def version(self, match_id: int) -> int | None:
        """The stored version of a match (how many actions it has), or ``None`` if there is none."""
        row = await self.db.fetchone("SELECT version FROM matches WHERE id = ?", (match_id,))
        return None if row is None else int(row[0])

    async def actions(self, match_id: int, after: int = -1) -> list[StoredAction]:
        rows = await self.db.fetchall(
            "SELECT seq, actor, action, digest, created_at FROM match_actions WHERE match_id = ? AND seq > ?"
            " ORDER BY seq",
            (match_id, after),
        )
        return [StoredAction(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    async def lines(self, match_id: int) -> list[tuple[int, Lines | None]]:
        """Every action's ``(seq, lines)``, in order; ``None`` for an action stored without them."""
        rows = await self.db.fetchall(
            "SELECT seq, lines FROM match_actions WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        return [(int(row[0]), _lines(row[1])) for row in rows]

    async def recent_lines(self, match_id: int, count: int) -> list[tuple[int, Lines | None]]:
        """The newest ``count`` actions that have lines (or may: ``None``, stored without them), newest
        last, in one query that reads from the end of the log: actions without events are passed over
        in the index, and each action read gives every viewer at least one line."""
        rows = await self.db.fetchall(
            "SELECT seq, lines FROM match_actions WHERE match_id = ? AND (lines IS NULL OR lines <> ?)"
            " ORDER BY seq DESC LIMIT ?",
            (match_id, NO_LINES, count),
        )
        return [(int(row[0]), _lines(row[1])) for row in reversed(rows)]

    async def store_lines(self, match_id: int, lines: Mapping[int, Lines], opening: Lines | None) -> None:
        """Fill in the lines of actions (by seq) and of the opening stored without them (a match from
        before migration 12, replayed once); lines already stored are kept."""
        async with self.db.transaction() as conn:
            await conn.executemany(
                "UPDATE match_actions SET lines = ? WHERE match_id = ? AND seq = ? AND lines IS NULL",
                [(lines_json(made), match_id, seq) for seq, made in lines.items()],
            )
            if opening is not None:
                await conn.execute(
                    "UPDATE matches SET opening_lines = ? WHERE id = ? AND opening_lines IS NULL",
                    (lines_json(opening), match_id),
                )

    async def playing(self, user_id: int, game: str) -> list[tuple[int, int]]:
        """The matches of a game in play where ``user_id`` holds a seat: ``(match id, seat)`` pairs."""
        rows = await self.db.fetchall(
            "SELECT m.id, s.key FROM matches AS m, json_each(m.player_ids) AS s"
            " WHERE m.status = 'playing' AND m.game = ? AND s.value = ? ORDER BY m.id",
            (game, user_id),
        )
        return [(int(row[0]), int(row[1])) for row in rows]

    async def latest_snapshot(self, match_id: int) -> tuple[int, dict[str, Any]] | None:
        """``(version, state JSON)`` of the newest snapshot, if any."""
        row = await self.db.fetchone(
            "SELECT seq, state FROM match_snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,)
        )
        return (int(row[0]), json.loads(row[1])) if row else None

    async def add_export_consent(self, match_id: int, seat: int) -> list[int]:
        async with self.db.transaction() as conn:
            async with conn.execute("SELECT export_consent FROM matches WHERE id = ?", (match_id,)) as cursor:
                row = await cursor.fetchone()
            consent = sorted(set(json.loads(row[0]) if row else []) | {seat})
            await conn.execute(
                "UPDATE matches SET export_consent = ? WHERE id = ?", (json.dumps(consent), match_id)
            )
        return consent
