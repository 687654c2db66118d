"""The plumbing every tournament use case shares: the service's state (store, clock, caches), one
transaction per use case, loading an event, the audit log, and building the transports' results."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from bot.store.database import Database
from bot.store.tournament_repo import EventRow, MatchRow, PlayerRow, TournamentRepository
from engine.games import Game
from engine.text import unseen
from engine.tournament import MatchFormat, TopCut, TournamentError, compute_standings
from engine.tournament.lifecycle import EventStatus
from engine.tournament.reporting import CutDecision, Kind, ResultStatus, Transition

from .deck_rules import deck_rules_label
from .info import (
    MAX_NAME_LENGTH,
    Actor,
    BracketMatchInfo,
    EventChoice,
    EventInfo,
    MatchInfo,
    ReportOutcome,
    ResultInfo,
    RoundInfo,
    StandingsInfo,
    TopCutInfo,
    UserId,
)
from .state import EventState, confirmed, iso, parse_time

_RESULT_FIELDS = (
    "wins_a",
    "wins_b",
    "draws",
    "double_loss",
    "status",
    "confirmed_by",
    "disputed_by",
    "note",
    "overridden_by",
)
"""The fields of a result a transition may change (the timestamps follow from what it did)."""


def event_number(ref: object) -> int | None:
    """An event id as typed or sent (``12``, ``"12"``), or ``None`` if it cannot be one: only ASCII
    digits (``"²"`` is a digit to :meth:`str.isdigit` but no number to :func:`int`), at most 18 of
    them (SQLite's integers end at 2**63)."""
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref if 0 < ref <= 10**18 else None
    text = str(ref).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        return None
    return int(text)


DeckLookup = Callable[[Game, list[str], int | None], Awaitable[Mapping[str, Any] | None]]
"""Card data for a decklist's names as the server ``guild_id`` sees it (``CardsService.deck_lookup``)."""


class ServiceBase:
    """What every part of :class:`~bot.services.tournaments.TournamentService` stands on.

    ``clock`` gives the current time (UTC), replaceable in tests and simulations. ``deck_lookup``
    (optional) fetches card data for a decklist's names among the cards the event's server sees,
    ``(game, names, guild_id) -> {name: CardRecord}`` or ``None`` when that server sees no card data
    of the game (``App`` passes ``CardsService.deck_lookup``), so that
    :func:`engine.decks.check_deck` can check what needs card data.
    """

    def __init__(
        self,
        database: Database,
        *,
        clock: Callable[[], datetime] | None = None,
        deck_lookup: DeckLookup | None = None,
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
        return iso(self.clock())

    async def _audit(self, actor: Actor, event_id: int | None, action: str, detail: str) -> None:
        await self.repo.audit(actor.guild_id, event_id, actor.user_id, action, detail, self._now())

    @staticmethod
    def _require_organizer(actor: Actor, what: str) -> None:
        if not actor.is_organizer:
            raise TournamentError(f"Only tournament organizers can {what}.")

    async def _state(self, actor: Actor, event_id: int, *, matches: int | str | None = "all") -> EventState:
        """Load an event of the actor's guild with its players and rounds, and the matches a use case
        needs: ``"all"``, ``"current"`` (the last round paired), one round's number, or ``None``.
        (A result only needs its round: loading every match of a 512-player event for each report
        would make reporting a round quadratic.)"""
        number = event_number(event_id)
        event = await self.repo.event(number) if number is not None else None
        if event is None or event.guild_id != actor.guild_id:
            raise TournamentError(f"There is no event {str(event_id)[:20]} in this server.")
        return await self._load(event, matches)

    async def _load(self, event: EventRow, matches: int | str | None) -> EventState:
        rounds = await self.repo.rounds(event.id)
        if matches == "current":
            matches = rounds[-1].number if rounds else None
        loaded: list[MatchRow] = []
        if matches == "all":
            loaded = await self.repo.matches(event.id)
        elif isinstance(matches, int):
            loaded = await self.repo.matches(event.id, matches)
        return EventState(event, await self.repo.players(event.id), rounds, loaded, matches)

    async def _reload(self, state: EventState) -> EventState:
        event = await self.repo.event(state.event.id) or state.event
        return await self._load(event, state.loaded)

    def _info(self, state: EventState) -> EventInfo:
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
            status=EventStatus(e.status),
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
            deck_rules=e.deck_rules,
            deck_rules_label=deck_rules_label(e.game, e.deck_rules),
        )

    def _match_info(self, state: EventState, m: MatchRow) -> MatchInfo:
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

    def _round_info(self, state: EventState, number: int) -> RoundInfo:
        row = next((r for r in state.rounds if r.number == number), None)
        if row is None:
            raise TournamentError(f"{state.event.name} has no round {number} yet.")
        matches = tuple(self._match_info(state, m) for m in state.matches if m.round == number)
        return RoundInfo(
            self._info(state),
            number,
            matches,
            parse_time(row.started_at),
            row.minutes,
            row.closed_at is not None,
        )

    def _player_row(self, state: EventState, player: UserId) -> PlayerRow:
        row = state.by_id.get(str(player))
        if row is None:
            raise TournamentError(f"That player is not registered in {state.event.name}.")
        return row

    @staticmethod
    def _check_name(name: str, what: str = "An event name") -> str:
        """``name`` on one line, its spaces collapsed and the characters that would change how the text
        around it shows (controls, direction overrides) left out: a Discord display name may hold
        them, and a name is repeated in every pairing and standing."""
        cleaned = " ".join(
            "".join(" " if ch.isspace() else ch for ch in str(name) if not unseen(ch) or ch.isspace()).split()
        )
        if not cleaned:
            raise TournamentError(f"{what} cannot be empty.")
        if len(cleaned) > MAX_NAME_LENGTH:
            raise TournamentError(f"{what} can be at most {MAX_NAME_LENGTH} characters long.")
        return cleaned

    async def _persist(self, match_id: int, step: Transition) -> None:
        """Write what a reporting transition did to a match's one result row."""
        after, before = step.after.result, step.before.result
        if step.kind is Kind.UNCHANGED or after is None:
            return
        now = self._now()
        if before is None:
            await self.repo.insert_result(
                match_id,
                wins_a=after.wins_a,
                wins_b=after.wins_b,
                draws=after.draws,
                double_loss=after.double_loss,
                status=after.status,
                reported_by=after.reported_by,
                at=now,
                confirmed_by=after.confirmed_by,
                note=after.note,
            )
            return
        fields: dict[str, Any] = {
            name: getattr(after, name)
            for name in _RESULT_FIELDS
            if getattr(after, name) != getattr(before, name)
        }
        if step.kind is Kind.CORRECTED:
            fields.update(
                wins_a=after.wins_a,
                wins_b=after.wins_b,
                draws=after.draws,
                double_loss=after.double_loss,
                reported_at=now,
            )
        if step.kind in (Kind.CONFIRMED, Kind.OVERRIDDEN):
            fields.update(status=after.status, confirmed_by=after.confirmed_by, confirmed_at=now)
        if fields:
            await self.repo.update_result(match_id, **fields)

    async def _after_confirm(self, state: EventState, match_id: int, what: str) -> ReportOutcome:
        state = await self._reload(state)
        closed, finished = await self._close_round_if_done(state)
        if closed or finished:
            state = await self._reload(state)
        info = self._match_info(state, state.find(match_id))
        message = f"{what}: {info.line}."
        if closed:
            message += f" Round {info.round} is complete."
        if finished:
            message += f" {state.event.name} is finished."
        return ReportOutcome(
            info, ResultStatus.CONFIRMED, message, round_closed=closed, event_finished=finished
        )

    async def _close_round_if_done(self, state: EventState) -> tuple[bool, bool]:
        """Close the open round when every match has a confirmed result; finish the event when that
        was the last Swiss round and there is no top cut. Returns ``(closed, finished)``."""
        if not state.round_open:
            return False, False
        number = state.current_round
        if not all(confirmed(m) for m in await self.repo.matches(state.event.id, number)):
            return False, False
        now = self._now()
        await self.repo.update_round(state.event.id, number, closed_at=now)
        finished = (
            state.event.status == EventStatus.RUNNING
            and number >= state.swiss_rounds
            and not state.event.top_cut
        )
        if finished:
            await self.repo.update_event(state.event.id, status=EventStatus.FINISHED, finished_at=now)
        self._dirty.add(state.event.guild_id)
        return True, finished

    def _standings(self, state: EventState, through_round: int | None = None) -> StandingsInfo:
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
        # Final only through the last closed round: an earlier round of a finished event is not final.
        final = through == last and (
            state.event.status in (EventStatus.TOPCUT, EventStatus.FINISHED)
            or (through >= state.swiss_rounds and state.event.status != EventStatus.REGISTRATION)
        )
        return StandingsInfo(self._info(state), through, tuple(rows), final)

    async def _load_cut(self, state: EventState) -> TopCut:
        stored = await self.repo.top_cut(state.event.id)
        if stored is None:
            raise TournamentError(f"{state.event.name} has no top cut seeded.")
        seeds, winners = stored
        return TopCut(tuple(seeds), tuple(tuple(w) for w in winners))

    async def _save_cut(self, actor: Actor, state: EventState, before: TopCut, decision: CutDecision) -> str:
        """Store a top cut result (the final's winner finishes the event) or an organizer's correction
        (a corrected final changes the champion), log it and word it."""
        cut, winner, loser = decision.cut, decision.winner, decision.loser
        await self.repo.save_top_cut(state.event.id, cut.seeds, cut.winners)
        if loser is None:
            message = f"Corrected: {state.name_of(winner)} won that top cut match."
            if before.champion is not None and cut.champion != before.champion:
                message += f" {state.name_of(cut.champion)} wins {state.event.name}."
            await self._audit(actor, state.event.id, "top cut correction", message)
            return message
        message = f"{state.name_of(winner)} beats {state.name_of(loser)} in the top cut."
        if cut.champion is not None:
            await self.repo.update_event(state.event.id, status=EventStatus.FINISHED, finished_at=self._now())
            self._dirty.add(state.event.guild_id)
            message += f" {state.name_of(winner)} wins {state.event.name}!"
        who = "organizer" if actor.user_id not in (winner, loser) else "loser"
        await self._audit(actor, state.event.id, "top cut result", f"{message} (recorded by the {who})")
        return message

    def _top_cut_info(self, state: EventState, cut: TopCut, message: str = "") -> TopCutInfo:
        rounds = [
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
            for matches in cut.known_rounds()
        ]
        return TopCutInfo(
            self._info(state),
            cut.size,
            tuple(rounds),
            cut.current_round(),
            cut.champion,
            state.name_of(cut.champion),
            message,
        )
