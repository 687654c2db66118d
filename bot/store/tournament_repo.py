"""Repository of tournaments: events, registrations, decklists, rounds, matches, results, the top cut,
reminders sent, the audit log and the per-guild organizer role (schema: migration 4).

Every method leaves transactions to the caller (its writes run on the store's writer, inside them):
:class:`~bot.services.tournaments.TournamentService` opens one transaction per use case, so a refused
action (an exception inside it) leaves the database unchanged. The schema's keys make the worst
mistakes impossible whatever the caller does: a player is registered once per event
(``PRIMARY KEY (event_id, player_id)``), seated once per round (``tournament_seats``), and a match
has one result row (``PRIMARY KEY (match_id)``) that is confirmed, disputed or overridden in place.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.database import Database
from engine.tournament import TournamentError
from engine.tournament.lifecycle import EventStatus
from engine.tournament.reporting import ResultStatus


@dataclass(frozen=True, slots=True)
class EventRow:
    id: int
    guild_id: int
    channel_id: int | None
    name: str
    game: str
    format: str
    rounds: int | None
    top_cut: int
    round_minutes: int
    capacity: int | None
    status: EventStatus
    tiebreaker_floor: str
    seed: str
    created_by: str
    created_at: str
    started_at: str | None
    finished_at: str | None
    deck_rules: str = ""
    """The name of the deck rules the event's decklists are checked with ('': the rules document's)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player_id: str
    name: str
    late_from_round: int
    dropped_after_round: int | None
    registered_by: str
    registered_at: str
    seq: int


@dataclass(frozen=True, slots=True)
class DecklistRow:
    player_id: str
    text: str
    valid: bool | None
    summary: str
    problems: tuple[str, ...]
    locked: bool
    submitted_by: str
    submitted_at: str


@dataclass(frozen=True, slots=True)
class RoundRow:
    number: int
    started_at: str
    minutes: int
    closed_at: str | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    wins_a: int
    wins_b: int
    draws: int
    double_loss: bool
    status: ResultStatus
    reported_by: str
    reported_at: str
    confirmed_by: str | None
    confirmed_at: str | None
    disputed_by: str | None
    note: str | None
    overridden_by: str | None


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    round: int
    table_no: int
    player_a: str
    player_b: str | None
    result: ResultRow | None


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    guild_id: int
    event_id: int | None
    actor: str
    action: str
    detail: str
    at: str


@dataclass(frozen=True, slots=True)
class OpenRoundRow:
    """An open round of a running event, for the round timer."""

    event: EventRow
    round: RoundRow


_EVENT_COLUMNS = (
    "id, guild_id, channel_id, name, game, format, rounds, top_cut, round_minutes, capacity, status,"
    " tiebreaker_floor, seed, created_by, created_at, started_at, finished_at, deck_rules"
)
_EVENT_UPDATABLE = frozenset(
    {
        "channel_id",
        "name",
        "norm_name",
        "format",
        "rounds",
        "top_cut",
        "round_minutes",
        "capacity",
        "status",
        "tiebreaker_floor",
        "started_at",
        "finished_at",
    }
)
_MATCH_SELECT = (
    "SELECT m.id, m.round, m.table_no, m.player_a, m.player_b, r.wins_a, r.wins_b, r.draws, r.double_loss,"
    " r.status, r.reported_by, r.reported_at, r.confirmed_by, r.confirmed_at, r.disputed_by, r.note,"
    " r.overridden_by FROM tournament_matches m LEFT JOIN tournament_results r ON r.match_id = m.id"
)


def norm_name(name: str) -> str:
    """An event name compared case- and space-insensitively."""
    return " ".join(name.split()).casefold()


def _event(row: Sequence[Any]) -> EventRow:
    values = list(row)
    values[10] = EventStatus(values[10])
    return EventRow(*values)


def _match(row: Sequence[Any]) -> MatchRow:
    result = None
    if row[5] is not None:
        result = ResultRow(
            wins_a=row[5],
            wins_b=row[6],
            draws=row[7],
            double_loss=bool(row[8]),
            status=ResultStatus(row[9]),
            reported_by=row[10],
            reported_at=row[11],
            confirmed_by=row[12],
            confirmed_at=row[13],
            disputed_by=row[14],
            note=row[15],
            overridden_by=row[16],
        )
    return MatchRow(row[0], row[1], row[2], row[3], row[4], result)


MAX_INTEGER = 2**63 - 1
"""SQLite's largest integer; a larger one cannot be stored or even compared in a query."""


def _bounded(params: Iterable[Any]) -> tuple[Any, ...]:
    """The parameters of a statement, refused with a sentence when a number does not fit SQLite (it
    would raise OverflowError: no id, round, count or minute count of a tournament is that large) or
    a text is no valid Unicode (an unpaired surrogate, which SQLite's UTF-8 cannot hold)."""
    values = tuple(params)
    for value in values:
        if isinstance(value, int) and not -MAX_INTEGER <= value <= MAX_INTEGER:
            shown = str(value)
            raise TournamentError(f"{shown[:12]}… is too large a number for a tournament.")
        if isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # an unpaired surrogate: no UTF-8, so SQLite cannot take it
                raise TournamentError(
                    "That text has a character that cannot be stored; type it again."
                ) from None
    return values


class TournamentRepository:
    """SQL for the tournament tables; no rules here (the service and the engine decide)."""

    def __init__(self, database: Database) -> None:
        self.db = database

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return list(await self.db.fetchall(sql, _bounded(params)))

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return await self.db.fetchone(sql, _bounded(params))

    async def _run(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self.db.connection.execute(sql, _bounded(params))
        try:
            return (
                int(cursor.lastrowid or 0) if sql.lstrip().upper().startswith("INSERT") else cursor.rowcount
            )
        finally:
            await cursor.close()

    # guilds -------------------------------------------------------------------------------------

    async def organizer_role(self, guild_id: int) -> int | None:
        row = await self._one(
            "SELECT organizer_role_id FROM tournament_guilds WHERE guild_id = ?", (guild_id,)
        )
        return row[0] if row else None

    async def set_organizer_role(self, guild_id: int, role_id: int | None) -> None:
        await self._run(
            "INSERT INTO tournament_guilds (guild_id, organizer_role_id) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET organizer_role_id = excluded.organizer_role_id",
            (guild_id, role_id),
        )

    # events -------------------------------------------------------------------------------------

    async def insert_event(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        name: str,
        game: str,
        format: str,
        rounds: int | None,
        top_cut: int,
        round_minutes: int,
        capacity: int | None,
        tiebreaker_floor: str,
        seed: str,
        created_by: str,
        created_at: str,
        deck_rules: str = "",
    ) -> int:
        return await self._run(
            "INSERT INTO tournament_events (guild_id, channel_id, name, norm_name, game, format, rounds,"
            " top_cut, round_minutes, capacity, tiebreaker_floor, seed, created_by, created_at, deck_rules)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                name,
                norm_name(name),
                game,
                format,
                rounds,
                top_cut,
                round_minutes,
                capacity,
                tiebreaker_floor,
                seed,
                created_by,
                created_at,
                deck_rules,
            ),
        )

    async def event(self, event_id: int) -> EventRow | None:
        row = await self._one(f"SELECT {_EVENT_COLUMNS} FROM tournament_events WHERE id = ?", (event_id,))
        return _event(row) if row else None

    async def live_event_named(self, guild_id: int, name: str) -> EventRow | None:
        row = await self._one(
            f"SELECT {_EVENT_COLUMNS} FROM tournament_events"
            " WHERE guild_id = ? AND norm_name = ? AND status != ?",
            (guild_id, norm_name(name), EventStatus.FINISHED),
        )
        return _event(row) if row else None

    async def latest_event_named(self, guild_id: int, name: str) -> EventRow | None:
        row = await self._one(
            f"SELECT {_EVENT_COLUMNS} FROM tournament_events WHERE guild_id = ? AND norm_name = ?"
            " ORDER BY status = ?, id DESC LIMIT 1",
            (guild_id, norm_name(name), EventStatus.FINISHED),
        )
        return _event(row) if row else None

    async def events(self, guild_id: int, *, include_finished: bool = False) -> list[EventRow]:
        params: tuple[object, ...]
        where, params = " AND status != ?", (guild_id, EventStatus.FINISHED)
        if include_finished:
            where, params = "", (guild_id,)
        rows = await self._all(
            f"SELECT {_EVENT_COLUMNS} FROM tournament_events WHERE guild_id = ?{where} ORDER BY id", params
        )
        return [_event(row) for row in rows]

    async def event_names(
        self, guild_id: int, *, finished_limit: int = 25
    ) -> list[tuple[int, str, EventStatus]]:
        """``(id, name, status)`` of the guild's unfinished events and its latest finished ones."""
        finished = EventStatus.FINISHED
        rows = await self._all(
            "SELECT id, name, status FROM tournament_events WHERE guild_id = ? AND status != ?"
            " UNION ALL SELECT * FROM (SELECT id, name, status FROM tournament_events"
            " WHERE guild_id = ? AND status = ? ORDER BY id DESC LIMIT ?)",
            (guild_id, finished, guild_id, finished, finished_limit),
        )
        return [(row[0], row[1], EventStatus(row[2])) for row in rows]

    async def update_event(self, event_id: int, **fields: Any) -> None:
        unknown = set(fields) - _EVENT_UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        if "name" in fields:
            fields["norm_name"] = norm_name(fields["name"])
        assignments = ", ".join(f"{key} = ?" for key in fields)
        await self._run(
            f"UPDATE tournament_events SET {assignments} WHERE id = ?", (*fields.values(), event_id)
        )

    # players ------------------------------------------------------------------------------------

    async def players(self, event_id: int) -> list[PlayerRow]:
        rows = await self._all(
            "SELECT player_id, name, late_from_round, dropped_after_round, registered_by, registered_at, seq"
            " FROM tournament_players WHERE event_id = ? ORDER BY seq",
            (event_id,),
        )
        return [PlayerRow(*row) for row in rows]

    async def insert_player(
        self, event_id: int, player_id: str, name: str, *, late_from_round: int, registered_by: str, at: str
    ) -> None:
        await self._run(
            "INSERT INTO tournament_players (event_id, player_id, name, late_from_round, registered_by,"
            " registered_at, seq) VALUES (?, ?, ?, ?, ?, ?,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_players WHERE event_id = ?))",
            (event_id, player_id, name, late_from_round, registered_by, at, event_id),
        )

    async def delete_player(self, event_id: int, player_id: str) -> int:
        return await self._run(
            "DELETE FROM tournament_players WHERE event_id = ? AND player_id = ?", (event_id, player_id)
        )

    async def set_dropped(self, event_id: int, player_id: str, after_round: int | None) -> None:
        await self._run(
            "UPDATE tournament_players SET dropped_after_round = ? WHERE event_id = ? AND player_id = ?",
            (after_round, event_id, player_id),
        )

    # decklists ----------------------------------------------------------------------------------

    async def decklists(self, event_id: int, player_id: str | None = None) -> list[DecklistRow]:
        sql = (
            "SELECT d.player_id, d.text, d.valid, d.summary, d.problems, d.locked, d.submitted_by,"
            " d.submitted_at FROM tournament_decklists d JOIN tournament_players p"
            " ON p.event_id = d.event_id AND p.player_id = d.player_id WHERE d.event_id = ?"
        )
        params: list[Any] = [event_id]
        if player_id is not None:
            sql += " AND d.player_id = ?"
            params.append(player_id)
        rows = await self._all(sql + " ORDER BY p.seq", params)
        return [
            DecklistRow(
                player_id=row[0],
                text=row[1],
                valid=None if row[2] is None else bool(row[2]),
                summary=row[3],
                problems=tuple(json.loads(row[4])),
                locked=bool(row[5]),
                submitted_by=row[6],
                submitted_at=row[7],
            )
            for row in rows
        ]

    async def upsert_decklist(
        self,
        event_id: int,
        player_id: str,
        *,
        text: str,
        valid: bool | None,
        summary: str,
        problems: Sequence[str],
        locked: bool,
        submitted_by: str,
        at: str,
    ) -> None:
        await self._run(
            "INSERT INTO tournament_decklists (event_id, player_id, text, valid, summary, problems, locked,"
            " submitted_by, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (event_id, player_id) DO UPDATE SET text = excluded.text, valid = excluded.valid,"
            " summary = excluded.summary, problems = excluded.problems, locked = excluded.locked,"
            " submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at",
            (
                event_id,
                player_id,
                text,
                None if valid is None else int(valid),
                summary,
                json.dumps(list(problems)),
                int(locked),
                submitted_by,
                at,
            ),
        )

    async def lock_decklists(self, event_id: int) -> None:
        await self._run("UPDATE tournament_decklists SET locked = 1 WHERE event_id = ?", (event_id,))

    # rounds, matches, results -------------------------------------------------------------------

    async def rounds(self, event_id: int) -> list[RoundRow]:
        rows = await self._all(
            "SELECT number, started_at, minutes, closed_at FROM tournament_rounds WHERE event_id = ?"
            " ORDER BY number",
            (event_id,),
        )
        return [RoundRow(*row) for row in rows]

    async def insert_round(self, event_id: int, number: int, *, started_at: str, minutes: int) -> None:
        await self._run(
            "INSERT INTO tournament_rounds (event_id, number, started_at, minutes) VALUES (?, ?, ?, ?)",
            (event_id, number, started_at, minutes),
        )

    async def update_round(self, event_id: int, number: int, **fields: Any) -> None:
        unknown = set(fields) - {"started_at", "minutes", "closed_at"}
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        assignments = ", ".join(f"{key} = ?" for key in fields)
        await self._run(
            f"UPDATE tournament_rounds SET {assignments} WHERE event_id = ? AND number = ?",
            (*fields.values(), event_id, number),
        )

    async def matches(self, event_id: int, round_number: int | None = None) -> list[MatchRow]:
        sql = _MATCH_SELECT + " WHERE m.event_id = ?"
        params: list[Any] = [event_id]
        if round_number is not None:
            sql += " AND m.round = ?"
            params.append(round_number)
        rows = await self._all(sql + " ORDER BY m.round, m.table_no", params)
        return [_match(row) for row in rows]

    async def insert_match(
        self, event_id: int, round_number: int, table_no: int, player_a: str, player_b: str | None
    ) -> int:
        match_id = await self._run(
            "INSERT INTO tournament_matches (event_id, round, table_no, player_a, player_b)"
            " VALUES (?, ?, ?, ?, ?)",
            (event_id, round_number, table_no, player_a, player_b),
        )
        for player in (player_a, player_b):
            if player is not None:
                await self._run(
                    "INSERT INTO tournament_seats (event_id, round, player_id, match_id) VALUES (?, ?, ?, ?)",
                    (event_id, round_number, player, match_id),
                )
        return match_id

    async def insert_result(
        self,
        match_id: int,
        *,
        wins_a: int,
        wins_b: int,
        draws: int,
        double_loss: bool,
        status: ResultStatus,
        reported_by: str,
        at: str,
        confirmed_by: str | None = None,
        note: str | None = None,
    ) -> None:
        await self._run(
            "INSERT INTO tournament_results (match_id, wins_a, wins_b, draws, double_loss, status,"
            " reported_by, reported_at, confirmed_by, confirmed_at, note)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                wins_a,
                wins_b,
                draws,
                int(double_loss),
                status,
                reported_by,
                at,
                confirmed_by,
                at if confirmed_by is not None else None,
                note,
            ),
        )

    async def update_result(self, match_id: int, **fields: Any) -> None:
        allowed = {
            "wins_a",
            "wins_b",
            "draws",
            "double_loss",
            "status",
            "reported_by",
            "reported_at",
            "confirmed_by",
            "confirmed_at",
            "disputed_by",
            "note",
            "overridden_by",
        }
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        if "double_loss" in fields:
            fields["double_loss"] = int(fields["double_loss"])
        assignments = ", ".join(f"{key} = ?" for key in fields)
        await self._run(
            f"UPDATE tournament_results SET {assignments} WHERE match_id = ?", (*fields.values(), match_id)
        )

    # top cut ------------------------------------------------------------------------------------

    async def top_cut(self, event_id: int) -> tuple[list[str], list[list[str | None]]] | None:
        row = await self._one("SELECT seeds, winners FROM tournament_topcut WHERE event_id = ?", (event_id,))
        return (json.loads(row[0]), json.loads(row[1])) if row else None

    async def save_top_cut(
        self, event_id: int, seeds: Sequence[str], winners: Sequence[Sequence[str | None]]
    ) -> None:
        await self._run(
            "INSERT INTO tournament_topcut (event_id, seeds, winners) VALUES (?, ?, ?)"
            " ON CONFLICT (event_id) DO UPDATE SET seeds = excluded.seeds, winners = excluded.winners",
            (event_id, json.dumps(list(seeds)), json.dumps([list(w) for w in winners])),
        )

    # timer --------------------------------------------------------------------------------------

    async def open_rounds(self) -> list[OpenRoundRow]:
        """The open round of every running event (every guild), for the round timer."""
        columns = ", ".join(f"e.{c.strip()}" for c in _EVENT_COLUMNS.split(","))
        rows = await self._all(
            f"SELECT {columns}, r.number, r.started_at, r.minutes, r.closed_at FROM tournament_rounds r"
            " JOIN tournament_events e ON e.id = r.event_id"
            " WHERE r.closed_at IS NULL AND e.status = ? ORDER BY e.id, r.number",
            (EventStatus.RUNNING,),
        )
        width = len(_EVENT_COLUMNS.split(","))
        return [OpenRoundRow(_event(row[:width]), RoundRow(*row[width:])) for row in rows]

    async def reminders_sent(self, event_id: int, round_number: int) -> set[str]:
        rows = await self._all(
            "SELECT kind FROM tournament_reminders WHERE event_id = ? AND round = ?", (event_id, round_number)
        )
        return {row[0] for row in rows}

    async def mark_reminder(self, event_id: int, round_number: int, kind: str, at: str) -> None:
        await self._run(
            "INSERT OR IGNORE INTO tournament_reminders (event_id, round, kind, sent_at) VALUES (?, ?, ?, ?)",
            (event_id, round_number, kind, at),
        )

    async def clear_reminders(self, event_id: int, round_number: int) -> None:
        await self._run(
            "DELETE FROM tournament_reminders WHERE event_id = ? AND round = ?", (event_id, round_number)
        )

    # audit --------------------------------------------------------------------------------------

    async def audit(
        self, guild_id: int, event_id: int | None, actor: str, action: str, detail: str, at: str
    ) -> None:
        await self._run(
            "INSERT INTO tournament_audit (guild_id, event_id, actor, action, detail, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, event_id, actor, action, detail, at),
        )

    async def audit_log(self, event_id: int) -> list[AuditRow]:
        rows = await self._all(
            "SELECT id, guild_id, event_id, actor, action, detail, at FROM tournament_audit"
            " WHERE event_id = ? ORDER BY id",
            (event_id,),
        )
        return [AuditRow(*row) for row in rows]

    async def guild_audit_log(self, guild_id: int) -> list[AuditRow]:
        """Organizer actions of a guild that belong to no event (the organizer role)."""
        rows = await self._all(
            "SELECT id, guild_id, event_id, actor, action, detail, at FROM tournament_audit"
            " WHERE guild_id = ? AND event_id IS NULL ORDER BY id",
            (guild_id,),
        )
        return [AuditRow(*row) for row in rows]
