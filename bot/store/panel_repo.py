"""Which message shows which panel of a match (migration 8): the public board in its thread, each
player's private panel in their DMs. A transport edits the same message after each action instead of
sending a new one, and after a restart finds it here; the panel's content is always rebuilt from the
match (its view, log, offers and clock), never stored.

Also the users whose DMs are closed, so that a failed direct message is recorded once and not retried
on every action (Discord counts failed requests against the bot)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.database import Database

PUBLIC = -1
"""The seat value of a panel every viewer shares (the board)."""


@dataclass(frozen=True)
class PanelMessage:
    """Where a panel of a match is shown, and the match version it last showed."""

    match_id: int
    kind: str
    seat: int
    channel_id: int
    message_id: int
    version: int


class PanelRepository:
    def __init__(self, database: Database) -> None:
        self.db = database

    async def record(self, message: PanelMessage) -> None:
        """Remember (or move) the message showing a panel."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO match_panels (match_id, kind, seat, channel_id, message_id, version)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, kind, seat) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " version = excluded.version",
                (
                    message.match_id,
                    message.kind,
                    message.seat,
                    message.channel_id,
                    message.message_id,
                    message.version,
                ),
            )

    async def panels(self, match_id: int) -> list[PanelMessage]:
        return [
            PanelMessage(*row)
            for row in await self.db.fetchall(
                "SELECT match_id, kind, seat, channel_id, message_id, version FROM match_panels"
                " WHERE match_id = ? ORDER BY kind, seat",
                (match_id,),
            )
        ]

    async def of_kind(self, kind: str) -> list[PanelMessage]:
        """Every panel of that kind (every match's board), oldest match first."""
        return [
            PanelMessage(*row)
            for row in await self.db.fetchall(
                "SELECT match_id, kind, seat, channel_id, message_id, version FROM match_panels"
                " WHERE kind = ? ORDER BY match_id, seat",
                (kind,),
            )
        ]

    async def of_kind_playing(self, kind: str, playing: str) -> list[PanelMessage]:
        """The panels of that kind of the matches whose status is ``playing`` (the matches in play),
        oldest match first: an index on the matches' status keeps it to those, however many ended."""
        return [
            PanelMessage(*row)
            for row in await self.db.fetchall(
                "SELECT p.match_id, p.kind, p.seat, p.channel_id, p.message_id, p.version"
                " FROM matches AS m JOIN match_panels AS p ON p.match_id = m.id"
                " WHERE m.status = ? AND p.kind = ? ORDER BY p.match_id, p.seat",
                (playing, kind),
            )
        ]

    async def shown(self, match_id: int, version: int, kind: str, seat: int = PUBLIC) -> None:
        """The panel now shows ``version`` (a later edit with an older version is stale)."""
        await self.shown_all(match_id, version, [(kind, seat)])

    async def shown_all(self, match_id: int, version: int, panels: Sequence[tuple[str, int]]) -> None:
        """Several panels of a match (``(kind, seat)`` each) now show ``version``, in one write."""
        if not panels:
            return
        async with self.db.transaction() as conn:
            await conn.executemany(
                "UPDATE match_panels SET version = max(version, ?)"
                " WHERE match_id = ? AND kind = ? AND seat = ?",
                [(version, match_id, kind, seat) for kind, seat in panels],
            )

    async def dm_closed(self, user_id: int) -> bool:
        return await self.db.fetchone("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,)) is not None

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Record that a user's DMs are closed (a failed DM), or open again (a DM went through)."""
        async with self.db.transaction() as conn:
            if closed:
                await conn.execute("INSERT OR IGNORE INTO closed_dms (user_id) VALUES (?)", (user_id,))
            else:
                await conn.execute("DELETE FROM closed_dms WHERE user_id = ?", (user_id,))
