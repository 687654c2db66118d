"""A match's turn clock: each player has an allowance per turn and a bank.

The clock runs for the seat the game waits for (:func:`engine.match.view.waiting_for`: the turn
player, or the opponent while they decide, e.g. guard or block). In each turn a player's first
:attr:`ClockSettings.per_turn` seconds are free; time beyond them comes out of their bank. A player
whose bank is spent is out of time: their opponent may claim the win, which ends the match with a
time-out (:class:`engine.match.actions.TimeOut`). A pause needs both players: one asks, the other
agrees; either resumes. Nothing is charged while paused, or after the match ends.

The clock is stored with the match (``match_clocks``), so a restart loses no time: the running seat
and since when are in the row, and time keeps counting while the bot is down.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.services.matches import Accepted, MatchService
from bot.store.clock_repo import ClockRepository, ClockRow
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.actions import TimeOut
from engine.match.state import MatchState, MatchStatus
from engine.match.view import spectator_view, waiting_for


@dataclass(frozen=True)
class ClockSettings:
    """Seconds free per turn, and each player's bank."""

    per_turn: int = 180
    bank: int = 1200


@dataclass(frozen=True)
class ClockInfo:
    """The clock now: each seat's time left (seconds, negative when out), who it runs for, paused."""

    left: tuple[float, float]
    running: int | None
    paused: bool
    pause_request: int | None
    per_turn: int

    def text(self, players: tuple[str, ...]) -> str:
        parts = [f"{name} {_clock(left)}" for name, left in zip(players, self.left, strict=True)]
        state = (
            "paused"
            if self.paused
            else ("stopped" if self.running is None else f"running for {players[self.running]}")
        )
        return f"Clock ({state}; {self.per_turn // 60} min free per turn): " + ", ".join(parts)


def _clock(seconds: float) -> str:
    sign = "-" if seconds < 0 else ""
    whole = int(abs(seconds))
    return f"{sign}{whole // 60}:{whole % 60:02d}"


class MatchClock:
    """Start, advance, read, pause and claim a match's clock.

    :meth:`after` is part of every accepted action: the application registers it with
    :meth:`MatchService.on_accept <bot.services.matches.MatchService.on_accept>`, which runs it inside
    the transaction that stores the action, so an action is never stored without its clock step, nor
    a clock handed over for an action that was not."""

    def __init__(
        self, database: Database, matches: MatchService, *, now: Callable[[], float] = time.time
    ) -> None:
        self.db = database
        self.repo = ClockRepository(database)
        self.matches = matches
        self.now = now

    async def start(self, match_id: int, state: MatchState, settings: ClockSettings | None = None) -> None:
        """Start a match's clock, running for the seat the game waits for."""
        settings = settings or ClockSettings()
        row = ClockRow(
            settings.per_turn,
            [float(settings.bank)] * 2,
            [0.0, 0.0],
            state.board.turn,
            None,
            None,
            False,
            None,
        )
        self._run(row, state)
        await self.repo.save(match_id, row)

    def _charge(self, row: ClockRow) -> None:
        """Charge the running seat for the time since the clock last moved."""
        now = self.now()
        if row.running is not None and row.since is not None and not row.paused:
            row.used[row.running] += max(0.0, now - row.since)
        row.since = now

    def _run(self, row: ClockRow, state: MatchState) -> None:
        """After a state change: a new turn settles the last turn's overtime into the banks; then the
        clock runs for whoever the game waits for (nobody once the match is over)."""
        if state.board.turn != row.turn:
            for seat in (0, 1):
                row.bank[seat] -= max(0.0, row.used[seat] - row.per_turn)
            row.used = [0.0, 0.0]
            row.turn = state.board.turn
        row.running = waiting_for(spectator_view(state)) if state.status == MatchStatus.PLAYING else None
        row.since = self.now()

    async def after(self, match_id: int, accepted: Accepted) -> None:
        """Move the clock on for an accepted action: charge the seat it ran for, then run it for the
        seat the game now waits for. Runs inside the transaction that stores the action."""
        async with self.db.transaction():
            row = await self.repo.row(match_id)
            if row is None:
                return
            self._charge(row)
            self._run(row, accepted.state)
            await self.repo.save(match_id, row)

    def _left(self, row: ClockRow) -> tuple[float, float]:
        used = list(row.used)
        if row.running is not None and row.since is not None and not row.paused:
            used[row.running] += max(0.0, self.now() - row.since)
        left = [row.bank[seat] - max(0.0, used[seat] - row.per_turn) for seat in (0, 1)]
        return left[0], left[1]

    async def info(self, match_id: int) -> ClockInfo | None:
        row = await self.repo.row(match_id)
        if row is None:
            return None
        return ClockInfo(self._left(row), row.running, row.paused, row.pause_request, row.per_turn)

    async def _require(self, match_id: int) -> ClockRow:
        row = await self.repo.row(match_id)
        if row is None:
            raise ArbiterError(f"Match #{match_id} has no clock.")
        return row

    async def claim(self, match_id: int, seat: int) -> Accepted:
        """``seat`` claims the win because the opponent is out of time."""
        row = await self._require(match_id)
        state = await self.matches.state(match_id)
        if state.status != MatchStatus.PLAYING:
            raise ArbiterError(f"Match #{match_id} is already over.")
        other = 1 - seat
        left = self._left(row)[other]
        if left >= 0:
            raise ArbiterError(f"{state.match.players[other]} still has {_clock(left)} on the clock.")
        stored = await self.matches.user_ids(match_id)
        return await self.matches.submit(
            match_id, TimeOut(actor=other, version=state.version), user_id=stored[other], clock=True
        )

    async def pause(self, match_id: int, seat: int) -> ClockInfo:
        """Ask for a pause, or agree to the opponent's request (then the clock stops)."""
        async with self.db.transaction():
            row = await self._require(match_id)
            if row.paused:
                raise ArbiterError("The clock is already paused.")
            self._charge(row)
            if row.pause_request is None or row.pause_request == seat:
                row.pause_request = seat
            else:
                row.paused, row.pause_request = True, None
            await self.repo.save(match_id, row)
        info = await self.info(match_id)
        assert info is not None
        return info

    async def resume(self, match_id: int, seat: int) -> ClockInfo:
        """Restart a paused clock (either player), or withdraw one's own pause request."""
        async with self.db.transaction():
            row = await self._require(match_id)
            if not row.paused and row.pause_request != seat:
                raise ArbiterError("The clock is not paused.")
            row.paused, row.pause_request = False, None
            row.since = self.now()
            await self.repo.save(match_id, row)
        info = await self.info(match_id)
        assert info is not None
        return info
