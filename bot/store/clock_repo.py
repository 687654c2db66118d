"""Repository of match clocks (``match_clocks``, migration 8): each player's bank and time used this
turn, the seat the clock runs for and since when, and a pause."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.database import Database


@dataclass
class ClockRow:
    """A match's clock as stored (see :mod:`bot.services.match_clock` for what each field means)."""

    per_turn: int
    bank: list[float]
    used: list[float]
    turn: int
    running: int | None
    since: float | None
    paused: bool
    pause_request: int | None


class ClockRepository:
    def __init__(self, database: Database) -> None:
        self.db = database

    async def row(self, match_id: int) -> ClockRow | None:
        """The match's clock, or ``None`` for a match without one. Inside a transaction it reads
        what the transaction sees, so a read-modify-write of the clock is one unit."""
        row = await self.db.fetchone(
            "SELECT per_turn, bank, used, turn, running, since, paused, pause_request FROM match_clocks"
            " WHERE match_id = ?",
            (match_id,),
        )
        if row is None:
            return None
        per_turn, bank, used, turn, running, since, paused, request = row
        return ClockRow(
            per_turn, json.loads(bank), json.loads(used), turn, running, since, bool(paused), request
        )

    async def save(self, match_id: int, row: ClockRow) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO match_clocks (match_id, per_turn, bank, used, turn, running, since, paused,"
                " pause_request) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET"
                " per_turn = excluded.per_turn, bank = excluded.bank, used = excluded.used,"
                " turn = excluded.turn, running = excluded.running, since = excluded.since,"
                " paused = excluded.paused, pause_request = excluded.pause_request",
                (
                    match_id,
                    row.per_turn,
                    json.dumps(row.bank),
                    json.dumps(row.used),
                    row.turn,
                    row.running,
                    row.since,
                    int(row.paused),
                    row.pause_request,
                ),
            )
