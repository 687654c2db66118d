"""Tournaments: events, registration, decklists, Swiss rounds, result reporting, top cut, standings,
exports, the round timer and the audit log, over the store and the pure engine (:mod:`engine.tournament`).

Every use case is ``async``, takes the :class:`Actor` who asks (their id, their guild, and whether the
transport judged them a tournament organizer: the Discord cog from the guild's organizer role or admin
rights, the console for its one local user) and returns plain frozen dataclasses that any transport
renders. A refusal is a :class:`~engine.tournament.TournamentError` (an
:class:`~engine.errors.ArbiterError`) with one sentence, raised inside the use case's one transaction, so
the database is left exactly as it was. Organizer-only use cases refuse everyone else with a sentence,
and every organizer action is written to the audit log (:meth:`TournamentService.log`) in the same
transaction as the action itself.

Decisions where issue 6 is silent, made for an organizer running a 64-player Friday event:

- **Events** open registration when they are created (announce, then people join); organizers can close
  and reopen it until the event starts. Names are unique among a guild's unfinished events (a weekly
  "Friday Vanguard" can be reused once last week's is finished), compared without case and spacing.
  An event is never deleted: :meth:`~TournamentService.cancel_event` finishes it, so its log survives.
- **Registration**: the capacity limits self-registration only; organizers may add players beyond it
  or while registration is closed (a judge's call, logged). Players cannot self-register once the event
  has started: organizers add late entries, who start in the next round to be paired and take a match
  loss (0–2 in games) for each round they missed, as the engine models.
- **Rounds** are fixed when the event starts: the configured number, else ``max(3, ceil(log2(players)))``
  of the players registered then; late entries do not add rounds. Organizers may change the number
  while the Swiss is running (never below the rounds already paired). :meth:`start_event` does not pair
  round 1: the organizer pairs each round with :meth:`pair_next_round` (round 1 is random from the event's
  seed, every round reproducible from it; the seed's SHA-256 is shown from the start and the seed itself
  is in the export once the event is finished).
- **Decklists** are optional (weekly store events often do not collect them); :meth:`start_event`
  reports who has none and whose list breaks the deck rules. A list that cannot be parsed is refused
  with the parser's sentence; a list that parses but breaks a deck rule is stored with its problems,
  shown to the player and the organizers (card data may be incomplete; the organizer decides). After the
  start, players cannot change their list; organizers still can (a judge's fix, logged).
- **Results**: a player reports W-L-D from their own side for their match of the open round; the
  opponent confirms it, or reports the same result (which confirms it), or disputes it (reporting a
  different result disputes it too). The reporter may correct their own report until it is confirmed.
  A disputed match waits for an organizer. Only confirmed results count: a round closes when every
  match has one, and standings default to the last closed round. Players may report a double loss
  (Vanguard's time-up policy) like any result, subject to the opponent's confirmation. A result of no
  games at all (0-0-0) is refused unless it is a double loss: an intentional draw is 0-0-3 (0-0-1 in
  best-of-1). Organizers enter or override any Swiss result of any round until the top cut is seeded.
- **Drops**: before the start a drop is an unregistration (the registration and decklist are deleted).
  During the Swiss a drop takes effect from the next pairing; if the player's match of the open round
  has no result it is conceded 0–2 (0–1 in best-of-1) and confirmed, and if the opponent had already
  reported, the drop confirms that report. The player stays in the standings and in their opponents'
  tiebreakers. During the top cut a drop concedes the player's bracket match.
- **Top cut**: started by an organizer after the last Swiss round closes (an event without a top cut
  finishes by itself then). Seeds are the final Swiss standings without dropped players. A bracket
  match's winner is recorded by an organizer or reported by the loser (a player may report only their
  own loss: no confirmation is needed for that); the final's winner finishes the event.
- **Timer**: each round starts its clock when it is paired, with the event's round length at that
  moment. :meth:`due_reminders` posts "10 minutes left" (rounds longer than 10 minutes) and "time";
  when both are due at once (the bot was offline), only "time" is posted. Organizers can extend or
  shorten the open round (:meth:`adjust_round_time`); reminders not yet due again are re-armed.
- **Visibility**: events, players, pairings, results and standings are public in the guild; a player
  sees only their own decklist, organizers all of them; the audit log and the decklist export are for
  organizers; the JSON/CSV export includes decklists only when an organizer asks.
"""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any, Final

from bot.store.database import Database
from bot.store.tournament_repo import (
    AuditRow,
    DecklistRow,
    EventRow,
    MatchRow,
    PlayerRow,
    ResultRow,
    RoundRow,
    TournamentRepository,
)
from engine.games import Game, resolve_game
from engine.tournament import (
    DEFAULT_FLOOR,
    EventConfig,
    MatchFormat,
    MatchResult,
    Player,
    Standing,
    TopCut,
    TournamentError,
    compute_standings,
    default_rounds,
    pair_round,
    start_top_cut,
)

UserId = int | str
"""A Discord user id (or any stable id of a person); stored as text."""

STATUSES: Final = ("registration", "closed", "running", "topcut", "finished")
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
    status: str
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

    @property
    def registration_open(self) -> bool:
        return self.status == "registration"

    @property
    def started(self) -> bool:
        return self.status in ("running", "topcut", "finished") and self.started_at is not None

    @property
    def swiss_done(self) -> bool:
        """Every Swiss round is paired and closed."""
        return self.started and self.current_round >= self.swiss_rounds and not self.round_open

    @property
    def label(self) -> str:
        """``Name (status)`` as autocomplete and lists show it."""
        state = {
            "registration": "registration open",
            "closed": "registration closed",
            "running": f"round {self.current_round} of {self.swiss_rounds}"
            if self.current_round
            else "started",
            "topcut": "top cut",
            "finished": "finished",
        }[self.status]
        return f"{self.name} ({state})"


@dataclass(frozen=True, slots=True)
class EventChoice:
    """An autocomplete entry: ``value`` is the event id as text."""

    id: int
    name: str
    status: str

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
    status: str
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
        return self.result is not None and self.result.status == "confirmed"

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


# internal -----------------------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def _floor(value: Fraction | float | str | int) -> Fraction:
    try:
        return EventConfig(tiebreaker_floor=value).tiebreaker_floor  # type: ignore[arg-type]
    except (ValueError, ZeroDivisionError):
        raise TournamentError(f"{value!r} is not a tiebreaker floor (write a number like 0.33).") from None


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def decimal4(value: Fraction) -> str:
    """A percentage as a decimal with 4 places (``0.6198``), rounded half up from the exact value."""
    scaled = value * 10_000
    whole = int(scaled + Fraction(1, 2)) if scaled >= 0 else -int(-scaled + Fraction(1, 2))
    return f"{whole // 10_000}.{whole % 10_000:04d}"


@dataclass(slots=True)
class _State:
    """One event as loaded inside a use case's transaction."""

    event: EventRow
    players: list[PlayerRow]
    rounds: list[RoundRow]
    matches: list[MatchRow]
    loaded: int | str | None = "all"
    """Which matches are loaded: ``"all"``, one round's number or ``None`` (see ``_state``)."""

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
            elif m.result is not None and m.result.status == "confirmed":
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

    def last_closed_round(self) -> int:
        closed = [r.number for r in self.rounds if r.closed_at is not None]
        return max(closed, default=0)


@dataclass(frozen=True)
class ReportKey:
    """A report as a player saw it: its round, table and score (``2-1-0``, ``0-0-0d`` for a double
    loss, as :func:`report_key` writes it)."""

    round: int
    table: int
    score: str


def report_key(result: ResultInfo | ResultRow | None) -> str:
    """A reported result as a short fingerprint: ``2-1-0``, or ``0-0-0d`` for a double loss."""
    if result is None:
        return "none"
    return f"{result.wins_a}-{result.wins_b}-{result.draws}{'d' if result.double_loss else ''}"


def _check_expected(match: MatchRow, expected: ReportKey | None) -> None:
    if expected is None:
        return
    if (match.round, match.table_no) != (expected.round, expected.table):
        raise TournamentError("This report is from an earlier round; nothing was changed.")
    if match.result is not None and match.result.status != "reported":
        raise TournamentError(f"This match's result is already {match.result.status}.")
    if report_key(match.result) != expected.score:
        raise TournamentError("The report was corrected since: answer the newest one.")


class TournamentService:
    """Tournament use cases over the store. One instance per process (``App.tournaments``).

    ``clock`` gives the current time (UTC), replaceable in tests and simulations. ``deck_lookup``
    (optional) fetches card data for a decklist's names, ``(game, names) -> {name: CardRecord}`` or
    ``None`` when the game has no card data (``App`` passes ``CardsService.deck_lookup``), so that
    :func:`engine.decks.check_deck` can check what needs card data.
    """

    def __init__(
        self,
        database: Database,
        *,
        clock: Callable[[], datetime] | None = None,
        deck_lookup: Callable[[Game, list[str]], Awaitable[Mapping[str, Any] | None]] | None = None,
    ) -> None:
        self.db = database
        self.repo = TournamentRepository(database)
        self.clock = clock or (lambda: datetime.now(UTC))
        self.deck_lookup = deck_lookup
        self._lock = asyncio.Lock()
        """Serialises this service's use cases: each one's reads and writes see one consistent state."""
        self._names: dict[int, list[EventChoice]] = {}
        """Event names per guild for autocomplete, loaded once per guild and dropped on change."""
        self._roles: dict[int, int | None] = {}
        self._dirty: set[int] = set()

    # plumbing -------------------------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[None]:
        """One use case's transaction: everything or nothing; caches follow only a commit."""
        async with self._lock:
            self._dirty.clear()
            try:
                async with self.db.transaction():
                    yield
            except BaseException:
                self._dirty.clear()
                raise
            for guild_id in self._dirty:
                self._names.pop(guild_id, None)
            self._dirty.clear()

    def _now(self) -> str:
        return _iso(self.clock())

    async def _audit(self, actor: Actor, event_id: int | None, action: str, detail: str) -> None:
        await self.repo.audit(actor.guild_id, event_id, actor.user_id, action, detail, self._now())

    @staticmethod
    def _require_organizer(actor: Actor, what: str) -> None:
        if not actor.is_organizer:
            raise TournamentError(f"Only tournament organizers can {what}.")

    async def _state(self, actor: Actor, event_id: int, *, matches: int | str | None = "all") -> _State:
        """Load an event of the actor's guild with its players and rounds, and the matches a use case
        needs: ``"all"``, ``"current"`` (the last round paired), one round's number, or ``None``.
        (A result only needs its round: loading every match of a 512-player event for each report
        would make reporting a round quadratic.)"""
        event = await self.repo.event(int(event_id))
        if event is None or event.guild_id != actor.guild_id:
            raise TournamentError(f"There is no event {event_id} in this server.")
        return await self._load(event, matches)

    async def _load(self, event: EventRow, matches: int | str | None) -> _State:
        rounds = await self.repo.rounds(event.id)
        if matches == "current":
            matches = rounds[-1].number if rounds else None
        loaded: list[MatchRow] = []
        if matches == "all":
            loaded = await self.repo.matches(event.id)
        elif isinstance(matches, int):
            loaded = await self.repo.matches(event.id, matches)
        return _State(event, await self.repo.players(event.id), rounds, loaded, matches)

    async def _reload(self, state: _State) -> _State:
        event = await self.repo.event(state.event.id) or state.event
        return await self._load(event, state.loaded)

    def _info(self, state: _State) -> EventInfo:
        e = state.event
        return EventInfo(
            id=e.id,
            guild_id=e.guild_id,
            channel_id=e.channel_id,
            name=e.name,
            game=e.game,
            format=MatchFormat(e.format),
            rounds=e.rounds,
            swiss_rounds=state.swiss_rounds,
            top_cut=e.top_cut,
            round_minutes=e.round_minutes,
            capacity=e.capacity,
            status=e.status,
            tiebreaker_floor=Fraction(e.tiebreaker_floor),
            seed_hash=hashlib.sha256(e.seed.encode()).hexdigest(),
            created_by=e.created_by,
            created_at=e.created_at,
            started_at=e.started_at,
            finished_at=e.finished_at,
            players=state.active_count,
            dropped=len(state.players) - state.active_count,
            current_round=state.current_round,
            round_open=state.round_open,
        )

    def _match_info(self, state: _State, m: MatchRow) -> MatchInfo:
        result = None
        if m.result is not None:
            r = m.result
            result = ResultInfo(
                r.wins_a,
                r.wins_b,
                r.draws,
                r.double_loss,
                r.status,
                r.reported_by,
                r.confirmed_by,
                r.disputed_by,
                r.note,
                r.overridden_by,
            )
        return MatchInfo(
            m.round,
            m.table_no,
            m.player_a,
            state.name_of(m.player_a) or m.player_a,
            m.player_b,
            state.name_of(m.player_b),
            result,
        )

    def _round_info(self, state: _State, number: int) -> RoundInfo:
        row = next((r for r in state.rounds if r.number == number), None)
        if row is None:
            raise TournamentError(f"{state.event.name} has no round {number} yet.")
        matches = tuple(self._match_info(state, m) for m in state.matches if m.round == number)
        return RoundInfo(
            self._info(state),
            number,
            matches,
            _parse_time(row.started_at),
            row.minutes,
            row.closed_at is not None,
        )

    def _player_row(self, state: _State, player: UserId) -> PlayerRow:
        row = state.by_id.get(str(player))
        if row is None:
            raise TournamentError(f"That player is not registered in {state.event.name}.")
        return row

    @staticmethod
    def _check_name(name: str, what: str = "An event name") -> str:
        cleaned = " ".join(str(name).split())
        if not cleaned:
            raise TournamentError(f"{what} cannot be empty.")
        if len(cleaned) > MAX_NAME_LENGTH:
            raise TournamentError(f"{what} can be at most {MAX_NAME_LENGTH} characters long.")
        return cleaned

    # organizer role -------------------------------------------------------------------------------

    async def organizer_role(self, guild_id: int) -> int | None:
        """The guild's tournament-organizer role id (cached in memory after the first read)."""
        if guild_id not in self._roles:
            async with self._lock:
                self._roles[guild_id] = await self.repo.organizer_role(guild_id)
        return self._roles[guild_id]

    async def set_organizer_role(self, actor: Actor, role_id: int | None) -> int | None:
        """Server admins set (or with ``None`` clear) the guild's tournament-organizer role."""
        if not actor.is_admin:
            raise TournamentError("Only server admins can set the tournament organizer role.")
        async with self._write():
            await self.repo.set_organizer_role(actor.guild_id, role_id)
            await self._audit(actor, None, "organizer role", f"set to {role_id}" if role_id else "cleared")
        self._roles[actor.guild_id] = role_id
        return role_id

    # events ---------------------------------------------------------------------------------------

    async def create_event(
        self,
        actor: Actor,
        name: str,
        game: str,
        *,
        channel_id: int | None = None,
        format: MatchFormat | str = MatchFormat.BO3,
        rounds: int | None = None,
        top_cut: int = 0,
        round_minutes: int = DEFAULT_ROUND_MINUTES,
        capacity: int | None = None,
        tiebreaker_floor: Fraction | float | str = DEFAULT_FLOOR,
        seed: str | None = None,
    ) -> EventInfo:
        """Organizers create an event, with registration open. ``game`` is any name of a game
        (``vanguard``, ``cfv``...); ``rounds`` ``None`` means ``max(3, ceil(log2(players)))`` at the start."""
        self._require_organizer(actor, "create events")
        name = self._check_name(name)
        game_key = resolve_game(game).key
        fmt = self._check_format(format)
        self._check_settings(rounds=rounds, top_cut=top_cut, round_minutes=round_minutes, capacity=capacity)
        floor = _floor(tiebreaker_floor)
        async with self._write():
            if await self.repo.live_event_named(actor.guild_id, name) is not None:
                raise TournamentError(f"This server already has an unfinished event named {name}.")
            event_id = await self.repo.insert_event(
                guild_id=actor.guild_id,
                channel_id=channel_id,
                name=name,
                game=game_key,
                format=fmt.value,
                rounds=rounds,
                top_cut=top_cut,
                round_minutes=round_minutes,
                capacity=capacity,
                tiebreaker_floor=_fraction_text(floor),
                seed=seed if seed is not None else secrets.token_hex(16),
                created_by=actor.user_id,
                created_at=self._now(),
            )
            await self._audit(
                actor,
                event_id,
                "create",
                f"{name}: {game_key}, {fmt.value}, rounds {rounds or 'auto'}, top cut {top_cut or 'none'},"
                f" {round_minutes} min rounds, capacity {capacity or 'none'}, floor {float(floor):g}",
            )
            self._dirty.add(actor.guild_id)
            state = await self._state(actor, event_id, matches=None)
        return self._info(state)

    @staticmethod
    def _check_format(value: MatchFormat | str) -> MatchFormat:
        try:
            return MatchFormat(str(value).lower())
        except ValueError:
            raise TournamentError(f"{value!r} is not a match format: use bo1 or bo3.") from None

    @staticmethod
    def _check_settings(
        *,
        rounds: int | _Unset | None = UNSET,
        top_cut: int | _Unset = UNSET,
        round_minutes: int | _Unset = UNSET,
        capacity: int | _Unset | None = UNSET,
    ) -> None:
        if isinstance(rounds, int) and not 1 <= rounds <= 30:
            raise TournamentError("An event has between 1 and 30 Swiss rounds.")
        if isinstance(top_cut, int) and top_cut not in TOP_CUTS:
            raise TournamentError("The top cut is none (0), 4, 8 or 16 players.")
        if isinstance(round_minutes, int) and not 1 <= round_minutes <= 24 * 60:
            raise TournamentError("A round lasts between 1 minute and 24 hours.")
        if isinstance(capacity, int) and not 2 <= capacity <= 10_000:
            raise TournamentError("The capacity is between 2 and 10,000 players.")

    async def configure_event(
        self,
        actor: Actor,
        event_id: int,
        *,
        name: str | _Unset = UNSET,
        channel_id: int | _Unset | None = UNSET,
        format: MatchFormat | str | _Unset = UNSET,
        rounds: int | _Unset | None = UNSET,
        top_cut: int | _Unset = UNSET,
        round_minutes: int | _Unset = UNSET,
        capacity: int | _Unset | None = UNSET,
        tiebreaker_floor: Fraction | float | str | _Unset = UNSET,
    ) -> EventInfo:
        """Organizers change an event's settings (arguments left out stay as they are).

        The format, capacity and floor are fixed at the start; the rounds can change while the Swiss
        runs (never below the rounds already paired); the top cut until it is seeded; the round length
        any time (it applies from the next round; see :meth:`adjust_round_time` for the open one)."""
        self._require_organizer(actor, "change an event")
        self._check_settings(rounds=rounds, top_cut=top_cut, round_minutes=round_minutes, capacity=capacity)
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            started = e.status in ("running", "topcut", "finished")
            if e.status == "finished":
                raise TournamentError(f"{e.name} is finished; its settings can no longer change.")
            changes: dict[str, Any] = {}
            if not isinstance(name, _Unset):
                cleaned = self._check_name(name)
                other = await self.repo.live_event_named(e.guild_id, cleaned)
                if other is not None and other.id != e.id:
                    raise TournamentError(f"This server already has an unfinished event named {cleaned}.")
                changes["name"] = cleaned
            if not isinstance(channel_id, _Unset):
                changes["channel_id"] = channel_id
            if not isinstance(format, _Unset):
                fmt = self._check_format(format)
                if started and fmt.value != e.format:
                    raise TournamentError("The match format cannot change after the event has started.")
                changes["format"] = fmt.value
            if not isinstance(tiebreaker_floor, _Unset):
                floor = _floor(tiebreaker_floor)
                if started and floor != Fraction(e.tiebreaker_floor):
                    raise TournamentError("The tiebreaker floor cannot change after the event has started.")
                changes["tiebreaker_floor"] = _fraction_text(floor)
            if not isinstance(capacity, _Unset):
                if started:
                    raise TournamentError("The capacity cannot change after the event has started.")
                changes["capacity"] = capacity
            if not isinstance(rounds, _Unset):
                if e.status == "topcut":
                    raise TournamentError("The Swiss rounds are over; the number of rounds cannot change.")
                if started and rounds is None:
                    # Automatic means what the start fixed: the players registered then (late entries
                    # do not count; dropped players did).
                    rounds = default_rounds(sum(1 for p in state.players if p.late_from_round <= 1))
                if rounds is not None and rounds < state.current_round:
                    raise TournamentError(
                        f"{state.current_round} rounds are already paired; the event cannot have fewer."
                    )
                changes["rounds"] = rounds
            if not isinstance(top_cut, _Unset):
                if e.status == "topcut":
                    raise TournamentError("The top cut is already seeded; its size cannot change.")
                changes["top_cut"] = top_cut
            if not isinstance(round_minutes, _Unset):
                changes["round_minutes"] = round_minutes
            if not changes:
                raise TournamentError("Nothing to change: name a setting and its new value.")
            await self.repo.update_event(e.id, **changes)
            await self._audit(
                actor,
                e.id,
                "configure",
                ", ".join(f"{k} {v if v is not None else 'none'}" for k, v in changes.items()),
            )
            self._dirty.add(e.guild_id)
            state = await self._reload(state)
            if (
                state.event.status == "running"
                and not state.event.top_cut
                and state.current_round >= state.swiss_rounds
                and not state.round_open
            ):
                # The Swiss was cut short to the rounds already played: without a top cut that is the end.
                await self.repo.update_event(e.id, status="finished", finished_at=self._now())
                state = await self._reload(state)
        return self._info(state)

    async def event(self, actor: Actor, event_id: int) -> EventInfo:
        """One event of the actor's guild."""
        async with self._lock:
            return self._info(await self._state(actor, event_id, matches=None))

    async def list_events(self, guild_id: int, *, include_finished: bool = False) -> list[EventInfo]:
        """The guild's events (unfinished ones, or all), oldest first."""
        async with self._lock:
            rows = await self.repo.events(guild_id, include_finished=include_finished)
            actor = Actor("", guild_id)
            return [self._info(await self._state(actor, row.id, matches=None)) for row in rows]

    async def find_event(self, guild_id: int, ref: str | int) -> EventInfo:
        """An event by id (what autocomplete sends) or by name (an unfinished one first, else the
        latest finished one of that name)."""
        text = str(ref).strip()
        actor = Actor("", guild_id)
        async with self._lock:
            if text.isdigit():
                event = await self.repo.event(int(text))
                if event is not None and event.guild_id == guild_id:
                    return self._info(await self._state(actor, event.id, matches=None))
            event = await self.repo.latest_event_named(guild_id, text)
            if event is None:
                raise TournamentError(f"This server has no event named {text[:80]}.")
            return self._info(await self._state(actor, event.id, matches=None))

    async def event_choices(self, guild_id: int, current: str = "", *, limit: int = 25) -> list[EventChoice]:
        """Autocomplete: the guild's unfinished events (then its latest finished ones) whose name
        contains ``current``, prefix matches first. Answered from memory after one query per guild."""
        if guild_id not in self._names:
            async with self._lock:
                rows = await self.repo.event_names(guild_id)
                self._names[guild_id] = [EventChoice(i, n, s) for i, n, s in rows]
        typed = " ".join(current.split()).casefold()
        choices = self._names[guild_id]
        hits = [c for c in choices if typed in c.name.casefold()]
        hits.sort(key=lambda c: (c.status == "finished", not c.name.casefold().startswith(typed), -c.id))
        return hits[:limit]

    async def _set_status(
        self, actor: Actor, event_id: int, allowed: dict[str, str], target: str, action: str
    ) -> EventInfo:
        self._require_organizer(actor, f"{action} events")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            if state.event.status not in allowed:
                raise TournamentError(
                    f"{state.event.name} cannot {action}: " + _status_reason(state.event.status, action)
                )
            await self.repo.update_event(state.event.id, status=target)
            await self._audit(actor, state.event.id, action, f"status {state.event.status} -> {target}")
            self._dirty.add(actor.guild_id)
            state = await self._reload(state)
        return self._info(state)

    async def open_registration(self, actor: Actor, event_id: int) -> EventInfo:
        """Organizers (re)open registration, until the event starts."""
        return await self._set_status(actor, event_id, {"closed": ""}, "registration", "open registration")

    async def close_registration(self, actor: Actor, event_id: int) -> EventInfo:
        """Organizers close registration (players can no longer register; organizers still add)."""
        return await self._set_status(actor, event_id, {"registration": ""}, "closed", "close registration")

    async def cancel_event(self, actor: Actor, event_id: int) -> EventInfo:
        """Organizers end an event early: it is finished as it stands (nothing is deleted)."""
        self._require_organizer(actor, "cancel events")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            if state.event.status == "finished":
                raise TournamentError(f"{state.event.name} is already finished.")
            await self.repo.update_event(state.event.id, status="finished", finished_at=self._now())
            await self._audit(actor, state.event.id, "cancel", f"ended during {state.event.status}")
            self._dirty.add(actor.guild_id)
            state = await self._reload(state)
        return self._info(state)

    # registration ---------------------------------------------------------------------------------

    async def register(self, actor: Actor, event_id: int, display_name: str) -> PlayerInfo:
        """A player registers themselves while registration is open and the event is not full."""
        name = self._check_name(display_name, "A player name")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            if actor.user_id in state.by_id:
                raise TournamentError(f"You are already registered in {e.name}.")
            if e.status != "registration":
                raise TournamentError(f"Registration for {e.name} is {_closed_reason(e.status)}.")
            if e.capacity is not None and len(state.players) >= e.capacity:
                raise TournamentError(f"{e.name} is full ({e.capacity} players).")
            await self.repo.insert_player(
                e.id, actor.user_id, name, late_from_round=1, registered_by=actor.user_id, at=self._now()
            )
            state = await self._reload(state)
        return self._player_info(state, actor.user_id)

    async def add_player(self, actor: Actor, event_id: int, user_id: UserId, display_name: str) -> PlayerInfo:
        """Organizers add a player, beyond the capacity or with registration closed if need be. Once
        the event runs this is a late entry: the player starts in the next round to be paired and
        takes a match loss for each earlier round."""
        self._require_organizer(actor, "add players")
        name = self._check_name(display_name, "A player name")
        player_id = str(user_id)
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            if player_id in state.by_id:
                raise TournamentError(f"{state.by_id[player_id].name} is already registered in {e.name}.")
            if e.status in ("topcut", "finished"):
                raise TournamentError(f"{e.name}'s Swiss rounds are over; nobody can enter now.")
            late_from = 1
            if e.status == "running":
                late_from = state.current_round + 1
                if late_from > state.swiss_rounds:
                    raise TournamentError(
                        f"All {state.swiss_rounds} Swiss rounds of {e.name} are paired;"
                        " a late entry would play none."
                    )
            await self.repo.insert_player(
                e.id, player_id, name, late_from_round=late_from, registered_by=actor.user_id, at=self._now()
            )
            detail = f"{name} ({player_id})"
            if late_from > 1:
                detail += f", late entry from round {late_from} (losses for rounds 1-{late_from - 1})"
            await self._audit(actor, e.id, "add player", detail)
            state = await self._reload(state)
        return self._player_info(state, player_id)

    async def remove_player(self, actor: Actor, event_id: int, user_id: UserId) -> DropOutcome:
        """Organizers remove a player: before the start the registration is deleted; after it, the
        player is dropped (see :meth:`drop`) so that their results stay in the tiebreakers."""
        self._require_organizer(actor, "remove players")
        return await self.drop(actor, event_id, user_id)

    async def drop(self, actor: Actor, event_id: int, user_id: UserId | None = None) -> DropOutcome:
        """A player drops themselves, or an organizer drops anyone (see the module docstring)."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "drop other players")
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            e = state.event
            row = state.by_id.get(target)
            if row is None:
                who = "You are" if target == actor.user_id else "That player is"
                raise TournamentError(f"{who} not registered in {e.name}.")
            if e.status in ("registration", "closed"):
                await self.repo.delete_player(e.id, target)
                if target != actor.user_id or actor.is_organizer:
                    await self._audit(actor, e.id, "remove player", f"{row.name} ({target}) before the start")
                return DropOutcome(
                    target, row.name, None, None, f"{row.name} is no longer registered in {e.name}."
                )
            if e.status == "finished":
                raise TournamentError(f"{e.name} is finished; there is nothing to drop from.")
            if e.status == "topcut":
                return await self._drop_from_top_cut(actor, state, row)
            if row.dropped_after_round is not None:
                raise TournamentError(f"{row.name} already dropped from {e.name}.")
            after = state.current_round
            conceded: MatchRow | None = None
            closed = finished = False
            match = state.match_of(target, after) if state.round_open else None
            if match is not None and match.player_b is not None:
                if match.result is None:
                    need = state.fmt.games_to_win
                    wins_a, wins_b = (0, need) if match.player_a == target else (need, 0)
                    await self.repo.insert_result(
                        match.id,
                        wins_a=wins_a,
                        wins_b=wins_b,
                        draws=0,
                        double_loss=False,
                        status="confirmed",
                        reported_by=actor.user_id,
                        at=self._now(),
                        confirmed_by=actor.user_id,
                        note=f"{row.name} dropped and conceded",
                    )
                    conceded = match
                elif match.result.status == "reported" and match.result.reported_by != target:
                    await self.repo.update_result(
                        match.id, status="confirmed", confirmed_by=target, confirmed_at=self._now()
                    )
                    conceded = match
            if row.late_from_round > after + 1:
                after = row.late_from_round - 1
            await self.repo.set_dropped(e.id, target, after)
            if target != actor.user_id:
                await self._audit(actor, e.id, "drop player", f"{row.name} ({target}) after round {after}")
            state = await self._reload(state)
            if conceded is not None:
                closed, finished = await self._close_round_if_done(state)
                state = await self._reload(state)
        message = f"{row.name} dropped from {e.name} after round {after}; they will not be paired again."
        info = None
        if conceded is not None:
            info = self._match_info(state, next(m for m in state.matches if m.id == conceded.id))
            wins, losses, draws = info.score_for(target) or (0, 0, 0)
            message += f" Their round {after} match is recorded as {wins}-{losses}-{draws}."
        if closed:
            message += f" Round {after} is complete."
        if finished:
            message += f" {e.name} is finished."
        return DropOutcome(target, row.name, after, info, message, closed)

    async def players(self, actor: Actor, event_id: int) -> list[PlayerInfo]:
        """Everyone registered, in registration order (dropped players flagged)."""
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = {d.player_id for d in await self.repo.decklists(state.event.id)}
        return [self._player_info(state, p.player_id, decks) for p in state.players]

    def _player_info(self, state: _State, player_id: str, decks: set[str] | None = None) -> PlayerInfo:
        p = state.by_id[player_id]
        return PlayerInfo(
            p.player_id,
            p.name,
            p.late_from_round,
            p.dropped_after_round,
            p.registered_at,
            bool(decks and player_id in decks),
        )

    # decklists ------------------------------------------------------------------------------------

    async def _validate_deck(self, game: str, text: str) -> tuple[bool | None, str, tuple[str, ...]]:
        """Check a decklist with :mod:`engine.decks` where it has the game's deck rules (with card data
        from ``deck_lookup`` where there is some); a list that cannot be parsed is refused."""
        try:
            from engine.decks import DeckError, check_deck, deck_format, parse_decklist
        except ImportError:
            return None, "Not checked: there are no deck rules yet.", ()
        try:
            deck_format(game)
        except DeckError as error:
            return None, f"Not checked: {error}", ()
        try:
            decklist = parse_decklist(game, text)
        except DeckError as error:
            raise TournamentError(str(error)) from None
        records = None
        if self.deck_lookup is not None:
            names = [entry.name for _, entry in decklist.all_entries()]
            records = await self.deck_lookup(resolve_game(game), names)
        report = check_deck(game, decklist, None if records is None else records.get)
        return report.ok, report.summary(), tuple(report.problems)

    async def submit_decklist(
        self, actor: Actor, event_id: int, text: str, *, user_id: UserId | None = None
    ) -> DecklistInfo:
        """A player submits (or replaces) their decklist as text; organizers may submit for anyone.

        Validated with the game's deck rules where :mod:`engine.decks` provides them; locked for
        players once the event starts, except that a late entry may submit theirs until their first
        round is paired."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "submit another player's decklist")
        text = text.replace("\r\n", "\n").strip()
        if not text:
            raise TournamentError("The decklist is empty.")
        if len(text) > MAX_DECKLIST_CHARS:
            raise TournamentError(f"A decklist can be at most {MAX_DECKLIST_CHARS:,} characters long.")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            row = state.by_id.get(target)
            if row is None:
                who = "You are" if target == actor.user_id else "That player is"
                raise TournamentError(f"{who} not registered in {e.name}.")
            started = e.status in ("running", "topcut", "finished")
            # A late entry submits their own list until their first round is paired.
            late_open = e.status == "running" and row.late_from_round > max(1, state.current_round)
            if started and not actor.is_organizer and not late_open:
                raise TournamentError(f"{e.name} has started: decklists are locked.")
            if e.status == "finished":
                raise TournamentError(f"{e.name} is finished: decklists are locked.")
            valid, summary, problems = await self._validate_deck(e.game, text)
            await self.repo.upsert_decklist(
                e.id,
                target,
                text=text,
                valid=valid,
                summary=summary,
                problems=problems,
                locked=started and not late_open,
                submitted_by=actor.user_id,
                at=self._now(),
            )
            if target != actor.user_id or started:
                await self._audit(actor, e.id, "decklist", f"submitted for {row.name} ({target})")
            decks = await self.repo.decklists(e.id, target)
        return self._deck_info(state, decks[0])

    def _deck_info(self, state: _State, d: DecklistRow) -> DecklistInfo:
        return DecklistInfo(
            state.event.id,
            d.player_id,
            state.name_of(d.player_id) or d.player_id,
            d.text,
            d.valid,
            d.summary,
            d.problems,
            d.locked,
            d.submitted_by,
            d.submitted_at,
        )

    async def decklist(self, actor: Actor, event_id: int, user_id: UserId | None = None) -> DecklistInfo:
        """A player's own decklist; organizers may see anyone's."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "see other players' decklists")
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id, target)
        if not decks:
            who = "You have" if target == actor.user_id else f"{state.name_of(target)} has"
            raise TournamentError(f"{who} not submitted a decklist for {state.event.name}.")
        return self._deck_info(state, decks[0])

    async def decklists(self, actor: Actor, event_id: int) -> list[DecklistInfo]:
        """Every submitted decklist, in registration order (organizers)."""
        self._require_organizer(actor, "see every decklist")
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id)
        return [self._deck_info(state, d) for d in decks]

    async def export_decklists(self, actor: Actor, event_id: int) -> str:
        """Every decklist as one text file for deck checks (organizers; logged), players without a
        list named at the end."""
        self._require_organizer(actor, "export decklists")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id)
            await self._audit(actor, state.event.id, "export decklists", f"{len(decks)} decklists")
        out = io.StringIO()
        out.write(f"# {state.event.name}: decklists ({len(decks)} of {len(state.players)} players)\n")
        have = set()
        for d in decks:
            have.add(d.player_id)
            status = {None: "not checked", True: "legal", False: "ILLEGAL"}[d.valid]
            out.write(
                f"\n## {state.name_of(d.player_id)} ({d.player_id}), {status}, submitted {d.submitted_at}\n"
            )
            for problem in d.problems:
                out.write(f"! {problem}\n")
            out.write(d.text.rstrip() + "\n")
        missing = [p.name for p in state.players if p.player_id not in have]
        if missing:
            out.write("\n# No decklist: " + ", ".join(missing) + "\n")
        return out.getvalue()

    # the Swiss ------------------------------------------------------------------------------------

    async def start_event(self, actor: Actor, event_id: int) -> StartOutcome:
        """Organizers start the event: registration closes, decklists lock, the number of Swiss rounds
        is fixed (the configured one, else ``max(3, ceil(log2(players)))``). Round 1 is then paired
        with :meth:`pair_next_round`."""
        self._require_organizer(actor, "start events")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            if e.status not in ("registration", "closed"):
                raise TournamentError(f"{e.name} has already started.")
            count = len(state.players)
            if count < 2:
                raise TournamentError(f"{e.name} needs at least two players to start; it has {count}.")
            if e.top_cut and count < e.top_cut:
                raise TournamentError(
                    f"A top {e.top_cut} needs at least {e.top_cut} players; {e.name} has {count}."
                )
            rounds = e.rounds if e.rounds is not None else default_rounds(count)
            await self.repo.update_event(e.id, status="running", rounds=rounds, started_at=self._now())
            await self.repo.lock_decklists(e.id)
            decks = {d.player_id: d for d in await self.repo.decklists(e.id)}
            await self._audit(
                actor, e.id, "start", f"{count} players, {rounds} Swiss rounds, decklists locked"
            )
            self._dirty.add(actor.guild_id)
            state = await self._reload(state)
        missing = tuple(p.name for p in state.players if p.player_id not in decks)
        invalid = tuple(
            p.name for p in state.players if p.player_id in decks and decks[p.player_id].valid is False
        )
        message = f"{e.name} has started: {count} players, {rounds} Swiss rounds."
        if missing:
            message += f" {len(missing)} without a decklist."
        if invalid:
            message += f" {len(invalid)} with a decklist that breaks the deck rules."
        return StartOutcome(self._info(state), missing, invalid, message)

    async def pair_next_round(self, actor: Actor, event_id: int) -> RoundInfo:
        """Organizers pair the next Swiss round and start its clock.

        Round 1 is random from the event's seed; later rounds are paired by :func:`pair_round`
        (score groups, no rematch whenever possible, the bye to the lowest-ranked player without one).
        Refused while the current round is open or when the Swiss rounds are over."""
        self._require_organizer(actor, "pair rounds")
        async with self._write():
            state = await self._state(actor, event_id, matches="all")
            e = state.event
            if e.status in ("registration", "closed"):
                raise TournamentError(f"{e.name} has not started yet; start it first.")
            if e.status != "running":
                raise TournamentError(f"{e.name}'s Swiss rounds are over.")
            if state.round_open:
                missing = sum(
                    1 for m in state.matches if m.round == state.current_round and not _confirmed(m)
                )
                raise TournamentError(
                    f"Round {state.current_round} is still open: {missing} match"
                    f"{'es have' if missing != 1 else ' has'} no confirmed result yet."
                )
            number = state.current_round + 1
            if number > state.swiss_rounds:
                nxt = "start the top cut" if e.top_cut else "the event is over"
                raise TournamentError(f"All {state.swiss_rounds} Swiss rounds have been played; {nxt}.")
            pairings = pair_round(
                state.engine_players(), state.engine_results(), number, e.seed, state.config
            )
            await self.repo.insert_round(e.id, number, started_at=self._now(), minutes=e.round_minutes)
            await self.repo.lock_decklists(e.id)  # late entries' lists lock with their first round
            bye = None
            for p in pairings:
                match_id = await self.repo.insert_match(e.id, number, p.table, p.player_a, p.player_b)
                if p.player_b is None:
                    bye = p.player_a
                    await self.repo.insert_result(
                        match_id,
                        wins_a=state.fmt.games_to_win,
                        wins_b=0,
                        draws=0,
                        double_loss=False,
                        status="confirmed",
                        reported_by="bye",
                        at=self._now(),
                        confirmed_by="bye",
                    )
            detail = f"round {number}: {len(pairings)} tables"
            if bye is not None:
                detail += f", bye {state.name_of(bye)}"
            await self._audit(actor, e.id, "pair", detail)
            self._dirty.add(actor.guild_id)
            state = await self._reload(state)
        return self._round_info(state, number)

    async def pairings(self, actor: Actor, event_id: int, round_number: int | None = None) -> RoundInfo:
        """A round's tables and results (default: the current round)."""
        async with self._lock:
            state = await self._state(
                actor, event_id, matches=round_number if round_number is not None else "current"
            )
        number = round_number if round_number is not None else state.current_round
        if number < 1:
            raise TournamentError(f"{state.event.name} has no round paired yet.")
        return self._round_info(state, number)

    async def rounds(self, actor: Actor, event_id: int) -> list[RoundInfo]:
        """Every Swiss round so far."""
        async with self._lock:
            state = await self._state(actor, event_id, matches="all")
        return [self._round_info(state, r.number) for r in state.rounds]

    async def my_match(self, actor: Actor, event_id: int) -> MatchInfo | None:
        """The actor's match in the current round, ``None`` when they are not paired in it."""
        async with self._lock:
            state = await self._state(actor, event_id, matches="current")
        m = state.match_of(actor.user_id, state.current_round)
        return self._match_info(state, m) if m else None

    async def missing(self, actor: Actor, event_id: int) -> list[MatchInfo]:
        """The current round's matches without a confirmed result (unreported, awaiting
        confirmation or disputed)."""
        async with self._lock:
            state = await self._state(actor, event_id, matches="current")
        return [
            self._match_info(state, m)
            for m in state.matches
            if m.round == state.current_round and not _confirmed(m)
        ]

    # results --------------------------------------------------------------------------------------

    def _check_score(self, state: _State, wins: int, losses: int, draws: int, double_loss: bool) -> None:
        if min(wins, losses, draws) < 0:
            raise TournamentError("Game counts cannot be negative.")
        if draws > 9:
            raise TournamentError("A match cannot have that many drawn games.")
        if wins == losses == draws == 0 and not double_loss:
            unplayed = "0-0-3" if state.fmt is MatchFormat.BO3 else "0-0-1"
            raise TournamentError(f"A result needs at least one game; an intentional draw is {unplayed}.")
        MatchResult(1, "a", "b", wins, losses, draws, double_loss).validate(state.fmt)

    def _open_match(self, state: _State, player: str) -> MatchRow:
        e = state.event
        if e.status != "running" or not state.round_open:
            if e.status == "topcut":
                raise TournamentError(
                    f"{e.name} is in its top cut: a top cut match is reported by naming its winner."
                )
            raise TournamentError(f"{e.name} has no round open for results.")
        match = state.match_of(player, state.current_round)
        if match is None:
            raise TournamentError(
                f"{state.name_of(player) or 'That player'} is not paired in round {state.current_round}."
            )
        if match.player_b is None:
            raise TournamentError(
                f"Round {state.current_round} is a bye for {state.name_of(player)}: it is already a win."
            )
        return match

    async def report_result(
        self,
        actor: Actor,
        event_id: int,
        wins: int,
        losses: int,
        draws: int = 0,
        *,
        double_loss: bool = False,
    ) -> ReportOutcome:
        """A player reports their match of the open round, W-L-D from their own side.

        The opponent then confirms; if the opponent had already reported the same result this
        confirms it, and a different result disputes it (organizers decide)."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            if actor.user_id not in state.by_id:
                raise TournamentError(f"You are not registered in {state.event.name}.")
            match = self._open_match(state, actor.user_id)
            self._check_score(state, wins, losses, draws, double_loss)
            mine_a = match.player_a == actor.user_id
            wins_a, wins_b = (wins, losses) if mine_a else (losses, wins)
            opponent = match.player_b if mine_a else match.player_a
            assert opponent is not None
            now = self._now()
            r = match.result
            if r is None:
                await self.repo.insert_result(
                    match.id,
                    wins_a=wins_a,
                    wins_b=wins_b,
                    draws=draws,
                    double_loss=double_loss,
                    status="reported",
                    reported_by=actor.user_id,
                    at=now,
                )
                state = await self._reload(state)
                info = self._match_info(state, _find(state, match.id))
                return ReportOutcome(
                    info,
                    "reported",
                    f"Result reported: {_side_text(wins, losses, draws, double_loss)}. "
                    f"{state.name_of(opponent)} must confirm it.",
                    notify=(opponent,),
                )
            if r.status == "confirmed":
                raise TournamentError(
                    "This match's result is already confirmed; ask an organizer to change it."
                )
            if r.status == "disputed":
                raise TournamentError("This match's result is disputed; an organizer will decide it.")
            same = (r.wins_a, r.wins_b, r.draws, r.double_loss) == (wins_a, wins_b, draws, double_loss)
            if r.reported_by == actor.user_id:
                await self.repo.update_result(
                    match.id,
                    wins_a=wins_a,
                    wins_b=wins_b,
                    draws=draws,
                    double_loss=double_loss,
                    reported_at=now,
                )
                state = await self._reload(state)
                info = self._match_info(state, _find(state, match.id))
                return ReportOutcome(
                    info,
                    "reported",
                    f"Report corrected: {_side_text(wins, losses, draws, double_loss)}. "
                    f"{state.name_of(opponent)} must confirm it.",
                    notify=(opponent,),
                )
            if same:
                await self.repo.update_result(
                    match.id, status="confirmed", confirmed_by=actor.user_id, confirmed_at=now
                )
                return await self._after_confirm(state, match.id, "Result confirmed")
            theirs = f"{r.wins_a}-{r.wins_b}-{r.draws}" if mine_a else f"{r.wins_b}-{r.wins_a}-{r.draws}"
            note = (
                f"{state.name_of(opponent)} reported {theirs} (from {state.name_of(actor.user_id)}'s side"
                f"{', double loss' if r.double_loss else ''}); {state.name_of(actor.user_id)} reported "
                f"{_side_text(wins, losses, draws, double_loss)}"
            )
            await self.repo.update_result(match.id, status="disputed", disputed_by=actor.user_id, note=note)
            state = await self._reload(state)
            info = self._match_info(state, _find(state, match.id))
            return ReportOutcome(
                info,
                "disputed",
                "Your report differs from your opponent's: the result is disputed"
                " and the organizers are flagged.",
                notify=(opponent,),
                flag_organizers=True,
            )

    async def confirm_result(
        self, actor: Actor, event_id: int, *, expected: ReportKey | None = None
    ) -> ReportOutcome:
        """A player confirms the result their opponent reported for their match of the open round.
        ``expected`` (a button's): the report the player saw; any other report is refused, checked
        inside the same transaction, so a report corrected meanwhile is never confirmed unseen."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            if actor.user_id not in state.by_id:
                raise TournamentError(f"You are not registered in {state.event.name}.")
            match = self._open_match(state, actor.user_id)
            _check_expected(match, expected)
            r = match.result
            if r is None:
                raise TournamentError("Nothing to confirm: no result has been reported for your match yet.")
            if r.status == "confirmed":
                raise TournamentError("This match's result is already confirmed.")
            if r.status == "disputed":
                raise TournamentError("This match's result is disputed; an organizer will decide it.")
            if r.reported_by == actor.user_id:
                raise TournamentError("You reported this result; your opponent must confirm it.")
            await self.repo.update_result(
                match.id, status="confirmed", confirmed_by=actor.user_id, confirmed_at=self._now()
            )
            return await self._after_confirm(state, match.id, "Result confirmed")

    async def dispute_result(
        self, actor: Actor, event_id: int, reason: str = "", *, expected: ReportKey | None = None
    ) -> ReportOutcome:
        """A player disputes the result their opponent reported; the organizers are flagged.
        ``expected`` as for :meth:`confirm_result`."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            if actor.user_id not in state.by_id:
                raise TournamentError(f"You are not registered in {state.event.name}.")
            match = self._open_match(state, actor.user_id)
            _check_expected(match, expected)
            r = match.result
            if r is None:
                raise TournamentError("Nothing to dispute: no result has been reported for your match yet.")
            if r.status != "reported":
                raise TournamentError(f"This match's result is already {r.status}.")
            if r.reported_by == actor.user_id:
                raise TournamentError("You reported this result yourself; report again to correct it.")
            note = " ".join(reason.split())[:300] or "disputed without a reason"
            await self.repo.update_result(
                match.id,
                status="disputed",
                disputed_by=actor.user_id,
                note=f"{state.name_of(actor.user_id)}: {note}",
            )
            state = await self._reload(state)
            info = self._match_info(state, _find(state, match.id))
            opponent = info.opponent(actor.user_id)
        return ReportOutcome(
            info,
            "disputed",
            "The result is disputed; the organizers are flagged and will decide it.",
            notify=(opponent,) if opponent else (),
            flag_organizers=True,
        )

    async def enter_result(
        self,
        actor: Actor,
        event_id: int,
        user_id: UserId,
        wins: int,
        losses: int,
        draws: int = 0,
        *,
        double_loss: bool = False,
        round_number: int | None = None,
    ) -> ReportOutcome:
        """Organizers enter or override the result of ``user_id``'s match (W-L-D from that player's
        side) in ``round_number`` (default: the current round); it is confirmed at once. Refused once
        the top cut is seeded (the Swiss results are then final)."""
        self._require_organizer(actor, "enter or override results")
        async with self._write():
            state = await self._state(
                actor, event_id, matches=round_number if round_number is not None else "current"
            )
            e = state.event
            if e.status in ("registration", "closed"):
                raise TournamentError(f"{e.name} has not started yet.")
            if e.status == "topcut" or (
                e.status == "finished" and e.top_cut and await self.repo.top_cut(e.id)
            ):
                raise TournamentError("The top cut is seeded: the Swiss results are final.")
            player = self._player_row(state, user_id).player_id
            number = round_number if round_number is not None else state.current_round
            if not 1 <= number <= state.current_round:
                raise TournamentError(f"{e.name} has no round {number} paired.")
            match = state.match_of(player, number)
            if match is None:
                raise TournamentError(f"{state.name_of(player)} was not paired in round {number}.")
            if match.player_b is None:
                raise TournamentError(
                    f"{state.name_of(player)} had the bye in round {number}; a bye is always a win."
                )
            self._check_score(state, wins, losses, draws, double_loss)
            wins_a, wins_b = (wins, losses) if match.player_a == player else (losses, wins)
            now = self._now()
            r = match.result
            text = (
                f"{state.name_of(match.player_a)} {wins_a}-{wins_b}-{draws} {state.name_of(match.player_b)}"
            )
            text += " (double loss)" if double_loss else ""
            if r is None:
                await self.repo.insert_result(
                    match.id,
                    wins_a=wins_a,
                    wins_b=wins_b,
                    draws=draws,
                    double_loss=double_loss,
                    status="confirmed",
                    reported_by=actor.user_id,
                    at=now,
                    confirmed_by=actor.user_id,
                )
                action, detail = "enter result", f"round {number}: {text}"
            else:
                before = (
                    f"{r.wins_a}-{r.wins_b}-{r.draws}{' double loss' if r.double_loss else ''} ({r.status})"
                )
                await self.repo.update_result(
                    match.id,
                    wins_a=wins_a,
                    wins_b=wins_b,
                    draws=draws,
                    double_loss=double_loss,
                    status="confirmed",
                    confirmed_by=actor.user_id,
                    confirmed_at=now,
                    overridden_by=actor.user_id,
                    note=f"was {before}" + (f"; {r.note}" if r.note else ""),
                )
                action, detail = "override result", f"round {number}: {text}, was {before}"
            await self._audit(actor, e.id, action, detail)
            return await self._after_confirm(
                state, match.id, "Result entered" if r is None else "Result overridden"
            )

    async def _after_confirm(self, state: _State, match_id: int, what: str) -> ReportOutcome:
        state = await self._reload(state)
        closed, finished = await self._close_round_if_done(state)
        if closed or finished:
            state = await self._reload(state)
        info = self._match_info(state, _find(state, match_id))
        message = f"{what}: {info.line}."
        if closed:
            message += f" Round {info.round} is complete."
        if finished:
            message += f" {state.event.name} is finished."
        return ReportOutcome(info, "confirmed", message, round_closed=closed, event_finished=finished)

    async def _close_round_if_done(self, state: _State) -> tuple[bool, bool]:
        """Close the open round when every match has a confirmed result; finish the event when that
        was the last Swiss round and there is no top cut. Returns ``(closed, finished)``."""
        if not state.round_open:
            return False, False
        number = state.current_round
        if not all(_confirmed(m) for m in await self.repo.matches(state.event.id, number)):
            return False, False
        now = self._now()
        await self.repo.update_round(state.event.id, number, closed_at=now)
        finished = (
            state.event.status == "running" and number >= state.swiss_rounds and not state.event.top_cut
        )
        if finished:
            await self.repo.update_event(state.event.id, status="finished", finished_at=now)
        self._dirty.add(state.event.guild_id)
        return True, finished

    # standings ------------------------------------------------------------------------------------

    async def standings(self, actor: Actor, event_id: int, through_round: int | None = None) -> StandingsInfo:
        """Standings after ``through_round`` (default: the last closed round), every tiebreaker
        computed by :func:`compute_standings` (MTR Appendix C: match points, then OMW%, GW%, OGW%,
        each opponent's percentage raised to the event's floor; byes are no opponent; dropped players
        stay in their opponents' tiebreakers)."""
        async with self._lock:
            state = await self._state(actor, event_id, matches="all")
        return self._standings(state, through_round)

    def _standings(self, state: _State, through_round: int | None = None) -> StandingsInfo:
        last = state.last_closed_round()
        through = last if through_round is None else through_round
        if not 0 <= through <= last:
            raise TournamentError(
                f"Standings exist through round {last} of {state.event.name}; round {through} is not closed."
            )
        results = [r for r in state.engine_results() if r.round <= through]
        rows = compute_standings(
            state.engine_players(), results, state.config, through_round=through, seed=state.event.seed
        )
        final = state.event.status in ("topcut", "finished") or (
            through >= state.swiss_rounds and state.event.status != "registration"
        )
        return StandingsInfo(self._info(state), through, tuple(rows), final)

    # top cut --------------------------------------------------------------------------------------

    async def start_top_cut(self, actor: Actor, event_id: int) -> TopCutInfo:
        """Organizers seed the top cut from the final Swiss standings (not dropped players), in
        bracket order (top 8: 1v8, 4v5, 2v7, 3v6)."""
        self._require_organizer(actor, "start the top cut")
        async with self._write():
            state = await self._state(actor, event_id, matches="all")
            e = state.event
            if not e.top_cut:
                raise TournamentError(f"{e.name} has no top cut.")
            if e.status != "running":
                raise TournamentError(f"{e.name} is not in its Swiss rounds (it is {e.status}).")
            if state.current_round < state.swiss_rounds or state.round_open:
                raise TournamentError(
                    f"The top cut starts after the last Swiss round:"
                    f" round {state.swiss_rounds} is not complete."
                )
            standings = self._standings(state)
            cut = start_top_cut(list(standings.rows), e.top_cut)
            await self.repo.save_top_cut(e.id, cut.seeds, cut.winners)
            await self.repo.update_event(e.id, status="topcut")
            seeds = ", ".join(f"{i + 1}. {state.name_of(p)}" for i, p in enumerate(cut.seeds))
            await self._audit(actor, e.id, "top cut", f"top {e.top_cut} seeded: {seeds}")
            self._dirty.add(actor.guild_id)
            state = await self._reload(state)
        return self._top_cut_info(state, cut, f"Top {e.top_cut} of {e.name} seeded.")

    async def top_cut(self, actor: Actor, event_id: int) -> TopCutInfo:
        """The top cut bracket."""
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            cut = await self._load_cut(state)
        return self._top_cut_info(state, cut)

    async def _load_cut(self, state: _State) -> TopCut:
        stored = await self.repo.top_cut(state.event.id)
        if stored is None:
            raise TournamentError(f"{state.event.name} has no top cut seeded.")
        seeds, winners = stored
        return TopCut(tuple(seeds), tuple(tuple(w) for w in winners))

    async def record_top_cut_winner(self, actor: Actor, event_id: int, winner: UserId) -> TopCutInfo:
        """The winner of a bracket match of the current cut round: entered by an organizer, or reported
        by the loser (a player can report only their own loss). The final's winner finishes the event.
        An organizer naming the recorded loser of a decided match corrects it, as long as its winner
        has not played on (:meth:`TopCut.correct_winner`); a corrected final changes the champion."""
        winner_id = str(winner)
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            finished = state.event.status == "finished"
            seeded = finished and await self.repo.top_cut(state.event.id) is not None
            if state.event.status != "topcut" and not (actor.is_organizer and seeded):
                raise TournamentError(f"{state.event.name} is not in its top cut.")
            cut = await self._load_cut(state)
            if finished and cut.champion is None:
                raise TournamentError(
                    f"{state.event.name} was cancelled during its top cut: its bracket no longer changes."
                )
            if actor.is_organizer and (
                finished
                or not any(
                    winner_id in (m.player_a, m.player_b) and m.winner is None for m in cut.current_matches()
                )
            ):
                cut, message = await self._correct_cut(actor, state, cut, winner_id)
                state = await self._reload(state)
                return self._top_cut_info(state, cut, message)
            match = next(
                (
                    m
                    for m in cut.current_matches()
                    if winner_id in (m.player_a, m.player_b) and m.winner is None
                ),
                None,
            )
            if match is None:
                raise TournamentError(
                    f"{state.name_of(winner_id) or 'That player'} has no undecided top cut match."
                )
            loser = match.player_b if match.player_a == winner_id else match.player_a
            if not actor.is_organizer and actor.user_id != loser:
                raise TournamentError(
                    "A top cut result is reported by the player who lost it, or by an organizer."
                )
            cut, message = await self._record_cut(actor, state, cut, winner_id, loser)
            state = await self._reload(state)
        return self._top_cut_info(state, cut, message)

    async def _record_cut(
        self, actor: Actor, state: _State, cut: TopCut, winner: str, loser: str
    ) -> tuple[TopCut, str]:
        cut = cut.record_winner(winner)
        await self.repo.save_top_cut(state.event.id, cut.seeds, cut.winners)
        message = f"{state.name_of(winner)} beats {state.name_of(loser)} in the top cut."
        if cut.champion is not None:
            await self.repo.update_event(state.event.id, status="finished", finished_at=self._now())
            self._dirty.add(state.event.guild_id)
            message += f" {state.name_of(winner)} wins {state.event.name}!"
        who = "organizer" if actor.user_id not in (winner, loser) else "loser"
        await self._audit(actor, state.event.id, "top cut result", f"{message} (recorded by the {who})")
        return cut, message

    async def _correct_cut(self, actor: Actor, state: _State, cut: TopCut, winner: str) -> tuple[TopCut, str]:
        """An organizer's correction of a decided bracket match (logged)."""
        before = cut.champion
        cut = cut.correct_winner(winner)
        await self.repo.save_top_cut(state.event.id, cut.seeds, cut.winners)
        message = f"Corrected: {state.name_of(winner)} won that top cut match."
        if before is not None and cut.champion != before:
            message += f" {state.name_of(cut.champion)} wins {state.event.name}."
        await self._audit(actor, state.event.id, "top cut correction", message)
        return cut, message

    async def _drop_from_top_cut(self, actor: Actor, state: _State, row: PlayerRow) -> DropOutcome:
        cut = await self._load_cut(state)
        match = next(
            (
                m
                for m in cut.current_matches()
                if row.player_id in (m.player_a, m.player_b) and m.winner is None
            ),
            None,
        )
        if match is None:
            raise TournamentError(f"{row.name} has no top cut match left to drop from.")
        winner = match.player_b if match.player_a == row.player_id else match.player_a
        _, message = await self._record_cut(actor, state, cut, winner, row.player_id)
        return DropOutcome(row.player_id, row.name, None, None, f"{row.name} dropped and concedes: {message}")

    def _top_cut_info(self, state: _State, cut: TopCut, message: str = "") -> TopCutInfo:
        rounds = []
        for number in range(1, cut.total_rounds + 1):
            matches = cut.matches(number)
            if not matches:
                break
            rounds.append(
                tuple(
                    BracketMatchInfo(
                        m.round,
                        m.slot,
                        m.seed_a,
                        m.player_a,
                        state.name_of(m.player_a) or m.player_a,
                        m.seed_b,
                        m.player_b,
                        state.name_of(m.player_b) or m.player_b,
                        m.winner,
                    )
                    for m in matches
                )
            )
        return TopCutInfo(
            self._info(state),
            cut.size,
            tuple(rounds),
            cut.current_round(),
            cut.champion,
            state.name_of(cut.champion),
            message,
        )

    # the round timer ------------------------------------------------------------------------------

    async def adjust_round_time(self, actor: Actor, event_id: int, minutes: int) -> RoundInfo:
        """Organizers add (or with a negative number, take) minutes to the open round's clock (a deck
        check, a late start). Reminders that are no longer due will be sent again."""
        self._require_organizer(actor, "change the round clock")
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            if not state.round_open:
                raise TournamentError(f"{state.event.name} has no round open.")
            row = state.rounds[-1]
            new = row.minutes + int(minutes)
            if not 1 <= new <= 24 * 60:
                raise TournamentError("A round lasts between 1 minute and 24 hours.")
            await self.repo.update_round(state.event.id, row.number, minutes=new)
            ends = _parse_time(row.started_at) + timedelta(minutes=new)
            now = self.clock()
            sent = await self.repo.reminders_sent(state.event.id, row.number)
            if sent and now < ends:
                await self.repo.clear_reminders(state.event.id, row.number)
                if now >= ends - timedelta(minutes=WARNING_MINUTES) and "10min" in sent:
                    await self.repo.mark_reminder(state.event.id, row.number, "10min", _iso(now))
            await self._audit(
                actor, state.event.id, "round clock", f"round {row.number}: {minutes:+d} min, now {new} min"
            )
            state = await self._reload(state)
        return self._round_info(state, row.number)

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """The round-timer messages due at ``now`` across every guild, marked as sent (so each is
        returned once): "10 minutes left" and "time"."""
        now = now or self.clock()
        out: list[Reminder] = []
        async with self._write():
            for open_round in await self.repo.open_rounds():
                event, rnd = open_round.event, open_round.round
                ends = _parse_time(rnd.started_at) + timedelta(minutes=rnd.minutes)
                sent = await self.repo.reminders_sent(event.id, rnd.number)
                due: list[str] = []
                if "time" not in sent and now >= ends:
                    due = ["time"]
                elif (
                    "10min" not in sent
                    and rnd.minutes > WARNING_MINUTES
                    and now >= ends - timedelta(minutes=WARNING_MINUTES)
                ):
                    due = ["10min"]
                if not due:
                    continue
                kinds = ["10min", "time"] if due == ["time"] else due
                for kind in kinds:
                    await self.repo.mark_reminder(event.id, rnd.number, kind, _iso(now))
                matches = await self.repo.matches(event.id, rnd.number)
                waiting = tuple(
                    pid
                    for m in matches
                    if not _confirmed(m)
                    for pid in (m.player_a, m.player_b)
                    if pid is not None
                )
                tables = [str(m.table_no) for m in matches if not _confirmed(m)]
                if due == ["time"]:
                    message = (
                        f"{event.name}, round {rnd.number}: time! Finish the game as your game's"
                        " end-of-round procedure says, then report your result."
                    )
                else:
                    message = f"{event.name}, round {rnd.number}: {WARNING_MINUTES} minutes left."
                if tables:
                    message += f" Still playing: table{'s' if len(tables) > 1 else ''} {', '.join(tables)}."
                out.append(
                    Reminder(
                        event.id,
                        event.guild_id,
                        event.channel_id,
                        event.name,
                        rnd.number,
                        due[0],
                        message,
                        waiting,
                    )
                )
        return out

    # export and log -------------------------------------------------------------------------------

    async def log(self, actor: Actor, event_id: int) -> list[AuditEntry]:
        """The event's audit log, oldest first (organizers)."""
        self._require_organizer(actor, "read the audit log")
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            rows = await self.repo.audit_log(state.event.id)
        return [_audit_entry(r) for r in rows]

    async def guild_log(self, actor: Actor) -> list[AuditEntry]:
        """Organizer actions of the guild outside any event (the organizer role)."""
        self._require_organizer(actor, "read the audit log")
        async with self._lock:
            rows = await self.repo.guild_audit_log(actor.guild_id)
        return [_audit_entry(r) for r in rows]

    async def export(self, actor: Actor, event_id: int) -> EventExport:
        """The event as JSON and CSV: settings, every round's pairings and results, the standings
        with every tiebreaker (exact fractions and 4-place decimals), the top cut; the decklists too
        when an organizer asks (logged); the seed once the event is finished."""
        async with self._write():
            state = await self._state(actor, event_id, matches="all")
            decks = await self.repo.decklists(state.event.id) if actor.is_organizer else []
            cut = await self.repo.top_cut(state.event.id)
            if actor.is_organizer:
                await self._audit(actor, state.event.id, "export", "with decklists")
        return build_export(self, state, decks, cut, include_decklists=actor.is_organizer)


def _status_reason(status: str, action: str) -> str:
    return {
        "registration": "registration is already open.",
        "closed": "registration is already closed.",
        "running": "it has started.",
        "topcut": "it is in its top cut.",
        "finished": "it is finished.",
    }[status]


def _closed_reason(status: str) -> str:
    return "closed: the event has started" if status in ("running", "topcut", "finished") else "closed"


def _confirmed(m: MatchRow) -> bool:
    return m.player_b is None or (m.result is not None and m.result.status == "confirmed")


def _find(state: _State, match_id: int) -> MatchRow:
    return next(m for m in state.matches if m.id == match_id)


def _side_text(wins: int, losses: int, draws: int, double_loss: bool) -> str:
    text = f"{wins}-{losses}-{draws}"
    return f"{text} (double loss)" if double_loss else text


def _audit_entry(r: AuditRow) -> AuditEntry:
    return AuditEntry(r.at, r.actor, r.action, r.detail, r.event_id)


def standing_json(row: Standing) -> dict[str, Any]:
    """One standings row with every tiebreaker as a 4-place decimal and as an exact fraction."""
    return {
        "rank": row.rank,
        "player": row.player_id,
        "name": row.name,
        "points": row.match_points,
        "record": row.record,
        "wins": row.wins,
        "losses": row.losses,
        "draws": row.draws,
        "byes": row.byes,
        "rounds": row.rounds_played,
        "game_points": row.game_points,
        "games": row.games_played,
        "mwp": decimal4(row.mwp),
        "omw": decimal4(row.omw),
        "gwp": decimal4(row.gwp),
        "ogw": decimal4(row.ogw),
        "exact": {
            "mwp": _fraction_text(row.mwp),
            "omw": _fraction_text(row.omw),
            "gwp": _fraction_text(row.gwp),
            "ogw": _fraction_text(row.ogw),
        },
        "opponents": list(row.opponents),
        "dropped": row.dropped,
    }


def match_json(m: MatchInfo) -> dict[str, Any]:
    """One table of a round as JSON."""
    out: dict[str, Any] = {
        "table": m.table,
        "player_a": m.player_a,
        "name_a": m.name_a,
        "player_b": m.player_b,
        "name_b": m.name_b,
        "bye": m.is_bye,
    }
    if m.result is not None and not m.is_bye:
        r = m.result
        out["result"] = {
            "wins_a": r.wins_a,
            "wins_b": r.wins_b,
            "draws": r.draws,
            "double_loss": r.double_loss,
            "status": r.status,
            "reported_by": r.reported_by,
            "confirmed_by": r.confirmed_by,
            "overridden_by": r.overridden_by,
        }
    else:
        out["result"] = None
    return out


def build_export(
    service: TournamentService,
    state: _State,
    decks: Sequence[DecklistRow],
    cut: tuple[list[str], list[list[str | None]]] | None,
    *,
    include_decklists: bool,
) -> EventExport:
    """The JSON document and CSV files of an event (see :meth:`TournamentService.export`)."""
    import json

    info = service._info(state)
    standings = service._standings(state)
    rounds = [service._round_info(state, r.number) for r in state.rounds]
    e = state.event
    data: dict[str, Any] = {
        "event": {
            "id": e.id,
            "name": e.name,
            "game": e.game,
            "format": e.format,
            "swiss_rounds": info.swiss_rounds,
            "top_cut": e.top_cut,
            "round_minutes": e.round_minutes,
            "status": e.status,
            "tiebreaker_floor": decimal4(info.tiebreaker_floor),
            "seed_sha256": info.seed_hash,
            "seed": e.seed if e.status == "finished" else None,
            "created_at": e.created_at,
            "started_at": e.started_at,
            "finished_at": e.finished_at,
        },
        "players": [
            {
                "player": p.player_id,
                "name": p.name,
                "late_from_round": p.late_from_round,
                "dropped_after_round": p.dropped_after_round,
            }
            for p in state.players
        ],
        "rounds": [
            {"round": r.number, "closed": r.closed, "matches": [match_json(m) for m in r.matches]}
            for r in rounds
        ],
        "standings": {
            "through_round": standings.through_round,
            "rows": [standing_json(s) for s in standings.rows],
        },
        "top_cut": None,
    }
    if cut is not None:
        top = service._top_cut_info(state, TopCut(tuple(cut[0]), tuple(tuple(w) for w in cut[1])))
        data["top_cut"] = {
            "seeds": cut[0],
            "rounds": [
                [
                    {
                        "seed_a": m.seed_a,
                        "player_a": m.player_a,
                        "seed_b": m.seed_b,
                        "player_b": m.player_b,
                        "winner": m.winner,
                    }
                    for m in matches
                ]
                for matches in top.rounds
            ],
            "champion": top.champion,
        }
    if include_decklists:
        data["decklists"] = [
            {
                "player": d.player_id,
                "name": state.name_of(d.player_id),
                "valid": d.valid,
                "problems": list(d.problems),
                "text": d.text,
            }
            for d in decks
        ]
    slug = "".join(ch if ch.isalnum() else "-" for ch in e.name.lower()).strip("-") or f"event-{e.id}"
    files = {f"{slug}.json": json.dumps(data, ensure_ascii=False, indent=1)}
    files[f"{slug}-standings.csv"] = _csv(
        ["rank", "player", "name", "points", "record", "omw", "gwp", "ogw", "mwp", "dropped"],
        [
            [
                s.rank,
                s.player_id,
                s.name,
                s.match_points,
                s.record,
                decimal4(s.omw),
                decimal4(s.gwp),
                decimal4(s.ogw),
                decimal4(s.mwp),
                "yes" if s.dropped else "",
            ]
            for s in standings.rows
        ],
    )
    files[f"{slug}-rounds.csv"] = _csv(
        [
            "round",
            "table",
            "player_a",
            "name_a",
            "player_b",
            "name_b",
            "wins_a",
            "wins_b",
            "draws",
            "double_loss",
            "status",
        ],
        [
            [
                r.number,
                m.table,
                m.player_a,
                m.name_a,
                m.player_b or "",
                m.name_b or "BYE",
                *(
                    (
                        m.result.wins_a,
                        m.result.wins_b,
                        m.result.draws,
                        "yes" if m.result.double_loss else "",
                        m.result.status,
                    )
                    if m.result
                    else ("", "", "", "", "unreported")
                ),
            ]
            for r in rounds
            for m in r.matches
        ],
    )
    if include_decklists:
        files[f"{slug}-decklists.csv"] = _csv(
            ["player", "name", "valid", "problems", "decklist"],
            [
                [
                    d.player_id,
                    state.name_of(d.player_id),
                    {None: "", True: "yes", False: "no"}[d.valid],
                    "; ".join(d.problems),
                    d.text,
                ]
                for d in decks
            ],
        )
    return EventExport(data, files)


def _csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_csv_safe(v) for v in row])
    return out.getvalue()


def _csv_safe(value: Any) -> Any:
    """Keep a spreadsheet from running user text as a formula (a name like ``=HYPERLINK(...)``)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@") and not _is_number(value):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# simulation -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimulatedRound:
    """A simulated Swiss round: its final tables, who entered late before it and who dropped in it."""

    info: RoundInfo
    late_entries: tuple[str, ...]
    drops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Simulation:
    event: EventInfo
    rounds: tuple[SimulatedRound, ...]
    standings: StandingsInfo
    top_cut: TopCutInfo | None
    players: tuple[PlayerInfo, ...] = ()
    """The roster: every player with when they entered and dropped."""


_BO3_OUTCOMES: Final = (
    ((2, 0, 0), 30),
    ((2, 1, 0), 25),
    ((1, 2, 0), 25),
    ((0, 2, 0), 30),
    ((1, 1, 1), 8),
    ((1, 1, 0), 5),
    ((1, 0, 1), 4),
    ((0, 0, 3), 2),
)
_BO1_OUTCOMES: Final = (((1, 0, 0), 45), ((0, 1, 0), 45), ((0, 0, 1), 10))


async def simulate_event(
    database: Database,
    *,
    players: int,
    rounds: int | None = None,
    drops: int | None = None,
    late: int = 0,
    seed: str = "0",
    top_cut: int = 0,
    game: str = "vanguard",
    format: MatchFormat | str = MatchFormat.BO3,
    guild_id: int = 0,
) -> Simulation:
    """Run a whole event through :class:`TournamentService` on ``database`` with random results drawn
    from ``seed``: registrations, the start, every round paired, reported and confirmed the ways players
    do (a report confirmed, two matching reports, a dispute settled by an organizer, an organizer's
    entry), draws, at least one double loss, ``drops`` drops (default: one player in 16, at least one;
    some right after a pairing, conceding their match, some between rounds), ``late`` late entries, and
    the top cut when ``top_cut`` is 4, 8 or 16. The clock is simulated (50-minute rounds from a fixed
    date), so the same arguments always give the same event."""
    import random

    if players < 2:
        raise TournamentError("A simulated event needs at least two players.")
    drops = max(1, players // 16) if drops is None else drops
    if not 0 <= drops <= players - 2:
        raise TournamentError(f"{players} players allow between 0 and {players - 2} drops.")
    if late < 0:
        raise TournamentError("The number of late entries cannot be negative.")
    rng = random.Random(f"arbiter-simulation:{seed}")
    moment = [datetime(2025, 1, 3, 18, 0, tzinfo=UTC)]
    service = TournamentService(database, clock=lambda: moment[0])
    organizer = Actor("organizer", guild_id, is_organizer=True)
    event = await service.create_event(
        organizer,
        f"Simulated event {seed}",
        game,
        format=format,
        rounds=rounds,
        top_cut=top_cut,
        seed=str(seed),
    )
    ids = [f"{100 + i}" for i in range(1, players + 1)]
    width = len(str(players + late))
    for index, pid in enumerate(ids, start=1):
        await service.register(Actor(pid, guild_id), event.id, f"Player {index:0{width}d}")
    started = await service.start_event(organizer, event.id)
    total = started.event.swiss_rounds
    fmt = started.event.format
    outcomes = _BO3_OUTCOMES if fmt is MatchFormat.BO3 else _BO1_OUTCOMES

    drop_plan: dict[int, list[tuple[str, bool]]] = {}
    for pid in rng.sample(ids, drops):
        at = rng.randint(1, total)
        # A drop after the last round of an event without a top cut would come after its end.
        right_away = rng.random() < 0.5 or (at == total and not top_cut)
        drop_plan.setdefault(at, []).append((pid, right_away))
    late_plan: dict[int, list[str]] = {}
    if total > 1:
        for index in range(late):
            late_plan.setdefault(rng.randint(2, total), []).append(f"{100 + players + index + 1}")
    double_loss_round = rng.randint(1, total)
    played: list[SimulatedRound] = []
    for number in range(1, total + 1):
        entered = []
        for pid in late_plan.get(number, []):
            name = f"Player {int(pid) - 100:0{width}d}"
            await service.add_player(organizer, event.id, pid, name)
            entered.append(name)
        current = await service.pair_next_round(organizer, event.id)
        moment[0] += timedelta(minutes=5)
        dropped: list[str] = []
        planned = drop_plan.get(number, [])
        for pid, right_away in planned:
            if right_away:
                outcome = await service.drop(Actor(pid, guild_id), event.id)
                dropped.append(outcome.name)
        need_double_loss = number == double_loss_round
        for match in current.matches:
            if match.is_bye or match.player_b is None:
                continue
            if any(pid in match.players and right_away for pid, right_away in planned):
                continue  # conceded by the drop
            a, b = Actor(match.player_a, guild_id), Actor(match.player_b, guild_id)
            if need_double_loss:
                await service.report_result(a, event.id, 0, 0, 0, double_loss=True)
                await service.confirm_result(b, event.id)
                need_double_loss = False
                continue
            score = rng.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[0]
            wins, losses, draws = score
            way = rng.random()
            if way < 0.7:
                await service.report_result(a, event.id, wins, losses, draws)
                await service.confirm_result(b, event.id)
            elif way < 0.85:
                await service.report_result(b, event.id, losses, wins, draws)
                await service.report_result(a, event.id, wins, losses, draws)
            elif way < 0.95:
                await service.report_result(a, event.id, wins, losses, draws)
                await service.dispute_result(b, event.id, "we remember it differently")
                await service.enter_result(organizer, event.id, match.player_a, wins, losses, draws)
            else:
                await service.enter_result(organizer, event.id, match.player_a, wins, losses, draws)
        moment[0] += timedelta(minutes=45)
        for pid, right_away in planned:
            if not right_away:
                outcome = await service.drop(Actor(pid, guild_id), event.id)
                dropped.append(outcome.name)
        moment[0] += timedelta(minutes=10)
        info = await service.pairings(organizer, event.id, number)
        played.append(SimulatedRound(info, tuple(entered), tuple(dropped)))
    standings = await service.standings(organizer, event.id)
    cut_info: TopCutInfo | None = None
    if top_cut:
        cut_info = await service.start_top_cut(organizer, event.id)
        while cut_info.current_round is not None:
            for match in cut_info.current_matches:
                if match.winner is not None:
                    continue
                winner, loser = (
                    (match.player_a, match.player_b)
                    if rng.random() < 0.6
                    else (match.player_b, match.player_a)
                )
                reporter = Actor(loser, guild_id) if rng.random() < 0.5 else organizer
                cut_info = await service.record_top_cut_winner(reporter, event.id, winner)
    return Simulation(
        await service.event(organizer, event.id),
        tuple(played),
        standings,
        cut_info,
        tuple(await service.players(organizer, event.id)),
    )


def simulation_json(sim: Simulation) -> dict[str, Any]:
    """A simulation as JSON: the event, every round (late entries, drops, tables and results), the
    roster (when each player entered and dropped), the final standings with every tiebreaker
    (4-place decimals and exact fractions) and the top cut."""
    e = sim.event
    data: dict[str, Any] = {
        "event": {
            "name": e.name,
            "game": e.game,
            "format": e.format.value,
            "swiss_rounds": e.swiss_rounds,
            "top_cut": e.top_cut,
            "tiebreaker_floor": decimal4(e.tiebreaker_floor),
            "status": e.status,
        },
        "rounds": [
            {
                "round": r.info.number,
                "late_entries": list(r.late_entries),
                "drops": list(r.drops),
                "matches": [match_json(m) for m in r.info.matches],
            }
            for r in sim.rounds
        ],
        "players": [
            {
                "player": p.user_id,
                "name": p.name,
                "late_from_round": p.late_from_round,
                "dropped_after_round": p.dropped_after_round,
            }
            for p in sim.players
        ],
        "standings": [standing_json(row) for row in sim.standings.rows],
        "top_cut": None,
    }
    if sim.top_cut is not None:
        data["top_cut"] = {
            "rounds": [
                [
                    {
                        "seed_a": m.seed_a,
                        "name_a": m.name_a,
                        "seed_b": m.seed_b,
                        "name_b": m.name_b,
                        "winner": m.winner,
                    }
                    for m in matches
                ]
                for matches in sim.top_cut.rounds
            ],
            "champion": sim.top_cut.champion_name,
        }
    return data
