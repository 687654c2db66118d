"""The plain results the tournament use cases return to transports (frozen dataclasses any transport
renders), the :class:`Actor` who asks, and the service's settings' limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any, Final

from engine.tournament import MatchFormat, Standing
from engine.tournament.lifecycle import STARTED, EventStatus, can_register, swiss_over
from engine.tournament.reporting import ReportKey, ResultStatus, report_key

__all__ = ["ReportKey", "report_key"]

UserId = int | str
"""A Discord user id (or any stable id of a person); stored as text."""

STATUSES: Final = tuple(s.value for s in EventStatus)
TOP_CUTS: Final = (0, 4, 8, 16)
DEFAULT_ROUND_MINUTES: Final = 50
WARNING_MINUTES: Final = 10
MAX_NAME_LENGTH: Final = 80
MAX_DECKLIST_CHARS: Final = 20_000


class _Unset:
    """The "leave unchanged" marker of :meth:`TournamentService.configure_event`."""

    _instance: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()


# results returned to transports -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks: a user of a guild, and whether the transport judged them an organizer (Discord: the
    guild's organizer role or administrator rights) or a guild admin (who may set the organizer role)."""

    user_id: str
    guild_id: int
    is_organizer: bool = False
    is_admin: bool = False

    def __init__(self, user_id: UserId, guild_id: int, is_organizer: bool = False, is_admin: bool = False):
        object.__setattr__(self, "user_id", str(user_id))
        object.__setattr__(self, "guild_id", int(guild_id))
        object.__setattr__(self, "is_organizer", bool(is_organizer or is_admin))
        object.__setattr__(self, "is_admin", bool(is_admin))


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event as everyone may see it."""

    id: int
    guild_id: int
    channel_id: int | None
    name: str
    game: str
    format: MatchFormat
    rounds: int | None
    """The configured (before the start) or fixed (from the start) number of Swiss rounds."""
    swiss_rounds: int
    """The rounds the event has or will have: ``rounds``, else ``default_rounds(players)``."""
    top_cut: int
    round_minutes: int
    capacity: int | None
    status: EventStatus
    tiebreaker_floor: Fraction
    seed_hash: str
    created_by: str
    created_at: str
    started_at: str | None
    finished_at: str | None
    players: int
    """Registered players who have not dropped."""
    dropped: int
    current_round: int
    """The last Swiss round paired (0 before round 1)."""
    round_open: bool
    deck_rules: str = ""
    """The name of the deck rules its decklists are checked with ('': the game's rules document)."""
    deck_rules_label: str = ""
    """Those deck rules for people (``the English TCG's rules (a main deck of at least 40 cards)``)."""

    @property
    def registration_open(self) -> bool:
        return can_register(self)

    @property
    def started(self) -> bool:
        return self.status in STARTED and self.started_at is not None

    @property
    def swiss_done(self) -> bool:
        """Every Swiss round is paired and closed."""
        return self.started and swiss_over(self)

    @property
    def label(self) -> str:
        """``Name (status)`` as autocomplete and lists show it."""
        state = {
            EventStatus.REGISTRATION: "registration open",
            EventStatus.CLOSED: "registration closed",
            EventStatus.RUNNING: f"round {self.current_round} of {self.swiss_rounds}"
            if self.current_round
            else "started",
            EventStatus.TOPCUT: "top cut",
            EventStatus.FINISHED: "finished",
        }[self.status]
        return f"{self.name} ({state})"


@dataclass(frozen=True, slots=True)
class EventChoice:
    """An autocomplete entry: ``value`` is the event id as text."""

    id: int
    name: str
    status: EventStatus

    @property
    def value(self) -> str:
        return str(self.id)

    @property
    def label(self) -> str:
        return f"{self.name} · {self.status}"


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    user_id: str
    name: str
    late_from_round: int
    dropped_after_round: int | None
    registered_at: str
    has_decklist: bool

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None


@dataclass(frozen=True, slots=True)
class DecklistInfo:
    """A submitted decklist with its validation. ``valid`` is ``None`` when it was not checked."""

    event_id: int
    user_id: str
    player_name: str
    text: str
    valid: bool | None
    summary: str
    problems: tuple[str, ...]
    locked: bool
    submitted_by: str
    submitted_at: str


@dataclass(frozen=True, slots=True)
class ResultInfo:
    """A match's result, ``wins_a``/``wins_b`` from the sides of the match's ``player_a``/``player_b``.

    ``status``: ``reported`` (awaiting the opponent), ``confirmed`` or ``disputed``."""

    wins_a: int
    wins_b: int
    draws: int
    double_loss: bool
    status: ResultStatus
    reported_by: str
    confirmed_by: str | None
    disputed_by: str | None
    note: str | None
    overridden_by: str | None

    @property
    def text(self) -> str:
        score = f"{self.wins_a}-{self.wins_b}-{self.draws}"
        return f"{score} double loss" if self.double_loss else score


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """One table of a Swiss round; ``player_b`` is ``None`` for the bye."""

    round: int
    table: int
    player_a: str
    name_a: str
    player_b: str | None
    name_b: str | None
    result: ResultInfo | None

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    @property
    def finished(self) -> bool:
        """Whether the match has a confirmed result (a bye always has)."""
        return self.result is not None and self.result.status == ResultStatus.CONFIRMED

    @property
    def state(self) -> str:
        """``bye``, ``unreported``, ``reported``, ``confirmed`` or ``disputed``."""
        if self.is_bye:
            return "bye"
        return "unreported" if self.result is None else self.result.status

    def score_for(self, player: UserId) -> tuple[int, int, int] | None:
        """``(wins, losses, draws)`` from ``player``'s side, ``None`` without a result."""
        if self.result is None:
            return None
        r = self.result
        if str(player) == self.player_a:
            return r.wins_a, r.wins_b, r.draws
        return r.wins_b, r.wins_a, r.draws

    def opponent(self, player: UserId) -> str | None:
        return self.player_b if str(player) == self.player_a else self.player_a

    @property
    def line(self) -> str:
        """``Table 3: Alice vs Bob — 2-1-0 (confirmed)``, as text transports print it."""
        if self.is_bye:
            return f"Table {self.table}: {self.name_a} has the bye"
        text = f"Table {self.table}: {self.name_a} vs {self.name_b}"
        if self.result is not None:
            text += f" — {self.result.text} ({self.result.status})"
        return text


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """A Swiss round: its tables (the bye last), its clock and whether it is closed."""

    event: EventInfo
    number: int
    matches: tuple[MatchInfo, ...]
    started_at: datetime
    minutes: int
    closed: bool

    @property
    def ends_at(self) -> datetime:
        return self.started_at + timedelta(minutes=self.minutes)

    def seconds_left(self, now: datetime) -> int:
        return max(0, int((self.ends_at - now).total_seconds()))

    @property
    def missing(self) -> tuple[MatchInfo, ...]:
        return tuple(m for m in self.matches if not m.finished)

    def match_of(self, player: UserId) -> MatchInfo | None:
        return next((m for m in self.matches if str(player) in m.players), None)


@dataclass(frozen=True, slots=True)
class StartOutcome:
    event: EventInfo
    missing_decklists: tuple[str, ...]
    """Names of players without a decklist."""
    invalid_decklists: tuple[str, ...]
    """Names of players whose decklist breaks a deck rule."""
    message: str


@dataclass(frozen=True, slots=True)
class ReportOutcome:
    """What a report, confirmation, dispute or organizer entry did.

    ``notify``: user ids the transport should tell (the opponent who must confirm); ``flag_organizers``:
    the match is disputed and the organizers should be told."""

    match: MatchInfo
    state: str
    message: str
    notify: tuple[str, ...] = ()
    flag_organizers: bool = False
    round_closed: bool = False
    event_finished: bool = False


@dataclass(frozen=True, slots=True)
class DropOutcome:
    user_id: str
    name: str
    after_round: int | None
    """The last Swiss round the player took part in; ``None`` when the drop was an unregistration."""
    conceded: MatchInfo | None
    message: str
    round_closed: bool = False


@dataclass(frozen=True, slots=True)
class StandingsInfo:
    """Standings after ``through_round`` (0: before round 1); rows are the engine's, formulas in
    :mod:`engine.tournament.standings` (MTR Appendix C)."""

    event: EventInfo
    through_round: int
    rows: tuple[Standing, ...]
    final: bool


@dataclass(frozen=True, slots=True)
class BracketMatchInfo:
    round: int
    slot: int
    seed_a: int
    player_a: str
    name_a: str
    seed_b: int
    player_b: str
    name_b: str
    winner: str | None


@dataclass(frozen=True, slots=True)
class TopCutInfo:
    event: EventInfo
    size: int
    rounds: tuple[tuple[BracketMatchInfo, ...], ...]
    """Every round of the bracket known so far (round 1 first)."""
    current_round: int | None
    champion: str | None
    champion_name: str | None
    message: str = ""

    @property
    def current_matches(self) -> tuple[BracketMatchInfo, ...]:
        return () if self.current_round is None else self.rounds[self.current_round - 1]


@dataclass(frozen=True, slots=True)
class Reminder:
    """A round-timer message to post in the event's channel; ``waiting_on`` lists the players whose
    match has no confirmed result (the transport may mention them)."""

    event_id: int
    guild_id: int
    channel_id: int | None
    event_name: str
    round: int
    kind: str
    """``10min`` or ``time``."""
    message: str
    waiting_on: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    at: str
    actor: str
    action: str
    detail: str
    event_id: int | None

    @property
    def line(self) -> str:
        return f"{self.at}  {self.actor}  {self.action}: {self.detail}"


@dataclass(frozen=True, slots=True)
class EventExport:
    """``data`` is the JSON document; ``files`` maps file names to their text (the JSON and the CSVs)."""

    data: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)
