"""One event as a use case loads it inside its transaction (:class:`EventState`), and the small
conversions between the store's rows, the engine's records and the transports' results."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

from bot.store.tournament_repo import AuditRow, EventRow, MatchRow, PlayerRow, ResultRow, RoundRow
from engine.tournament import (
    EventConfig,
    MatchFormat,
    MatchResult,
    Player,
    TournamentError,
    default_rounds,
)
from engine.tournament.export import fraction_text
from engine.tournament.lifecycle import EventStatus
from engine.tournament.reporting import Result, ResultStatus, Table

from .info import AuditEntry


def iso(moment: datetime) -> str:
    """A moment as stored: UTC, to the second."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def floor_of(value: Fraction | float | str | int) -> Fraction:
    """A tiebreaker floor as the engine checks it, refused with a sentence."""
    try:
        return EventConfig(tiebreaker_floor=value).tiebreaker_floor  # type: ignore[arg-type]
    except (ValueError, ZeroDivisionError):
        raise TournamentError(f"{value!r} is not a tiebreaker floor (write a number like 0.33).") from None


__all__ = ["fraction_text"]


def confirmed(m: MatchRow) -> bool:
    """Whether a match counts: a bye, or a confirmed result."""
    return m.player_b is None or (m.result is not None and m.result.status == ResultStatus.CONFIRMED)


def audit_entry(r: AuditRow) -> AuditEntry:
    return AuditEntry(r.at, r.actor, r.action, r.detail, r.event_id)


@dataclass(slots=True)
class EventState:
    """One event as loaded inside a use case's transaction."""

    event: EventRow
    players: list[PlayerRow]
    rounds: list[RoundRow]
    matches: list[MatchRow]
    loaded: int | str | None = "all"
    """Which matches are loaded: ``"all"``, one round's number or ``None`` (see :mod:`.loading`)."""

    @property
    def status(self) -> EventStatus:
        return EventStatus(self.event.status)

    @property
    def top_cut(self) -> int:
        return self.event.top_cut

    @property
    def by_id(self) -> dict[str, PlayerRow]:
        return {p.player_id: p for p in self.players}

    @property
    def current_round(self) -> int:
        return self.rounds[-1].number if self.rounds else 0

    @property
    def round_open(self) -> bool:
        return bool(self.rounds) and self.rounds[-1].closed_at is None

    @property
    def config(self) -> EventConfig:
        return EventConfig(
            format=MatchFormat(self.event.format),
            rounds=self.swiss_rounds,
            tiebreaker_floor=Fraction(self.event.tiebreaker_floor),
        )

    @property
    def fmt(self) -> MatchFormat:
        return MatchFormat(self.event.format)

    @property
    def active_count(self) -> int:
        return sum(1 for p in self.players if p.dropped_after_round is None)

    @property
    def swiss_rounds(self) -> int:
        return self.event.rounds if self.event.rounds is not None else default_rounds(self.active_count)

    def name_of(self, player_id: str | None) -> str | None:
        if player_id is None:
            return None
        row = self.by_id.get(player_id)
        return row.name if row else player_id

    def engine_players(self) -> list[Player]:
        return [Player(p.player_id, p.name, p.dropped_after_round, p.late_from_round) for p in self.players]

    def engine_results(self) -> list[MatchResult]:
        if self.loaded != "all":
            raise RuntimeError("engine_results needs every match loaded")
        out = []
        for m in self.matches:
            if m.player_b is None:
                out.append(MatchResult.bye(m.round, m.player_a))
            elif m.result is not None and m.result.status == ResultStatus.CONFIRMED:
                r = m.result
                out.append(
                    MatchResult(m.round, m.player_a, m.player_b, r.wins_a, r.wins_b, r.draws, r.double_loss)
                )
        return out

    def match_of(self, player_id: str, round_number: int) -> MatchRow | None:
        return next(
            (m for m in self.matches if m.round == round_number and player_id in (m.player_a, m.player_b)),
            None,
        )

    def find(self, match_id: int) -> MatchRow:
        """A loaded match by id."""
        return next(m for m in self.matches if m.id == match_id)

    def table(self, m: MatchRow) -> Table:
        """A match as the reporting engine sees it."""
        return Table(
            m.round,
            m.table_no,
            m.player_a,
            m.player_b,
            None if m.result is None else engine_result(m.result),
            self.name_of(m.player_a) or m.player_a,
            (self.name_of(m.player_b) or m.player_b) if m.player_b else "",
        )


def engine_result(r: ResultRow) -> Result:
    return Result(
        r.wins_a,
        r.wins_b,
        r.draws,
        r.double_loss,
        ResultStatus(r.status),
        r.reported_by,
        r.confirmed_by,
        r.disputed_by,
        r.note,
        r.overridden_by,
    )
