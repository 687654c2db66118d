"""What a match's places show, for a transport that keeps them current (Discord: the public board in a
thread, each player's private panel in their DMs): the board with its picture, one seat's panel with
its offers, and whom the game waits for. Every panel is rebuilt from the match, never stored."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any

from bot.actions import matches as ma
from bot.app import App
from bot.render import match as mr
from bot.reply import Reply, answer
from engine.games import resolve_game
from engine.match.offers import Offer
from engine.match.state import MatchStatus
from engine.match.view import waiting_for


@dataclass(frozen=True)
class Table:
    """A match as its places need it: the players (user id and name by seat), its game's name, the
    version shown, and whom it waits for (None once it is over)."""

    match_id: int
    game: str
    players: tuple[tuple[int | None, str], ...]
    version: int
    waiting: int | None
    playing: bool

    @property
    def title(self) -> str:
        """The thread's name: the players and the game."""
        names = " vs ".join(name for _, name in self.players)
        return f"{names} · {self.game} #{self.match_id}"[:100]


@dataclass(frozen=True)
class SeatPanel:
    """One seat's private panel as of ``version``: the match's result once it is over (None while it is
    played: the panel is laid out from the view and the offers), its offers (numbered from 1 in this
    order) and the view they were read from."""

    table: Table
    seat: int
    result: Reply | None
    offers: tuple[Offer, ...]
    view: dict[str, Any]

    @property
    def version(self) -> int:
        return self.table.version


async def table(app: App, match_id: int) -> Table:
    """The match as its places need it, now."""
    state = await app.matches.state(match_id)
    users = await app.matches.user_ids(match_id)
    seen = await app.matches.view_for(match_id, None)
    playing = state.status == MatchStatus.PLAYING
    return Table(
        match_id,
        resolve_game(state.match.spec.key).name,
        tuple(zip(users, state.match.players, strict=True)),
        state.version,
        waiting_for(seen) if playing else None,
        playing,
    )


async def board(app: App, match_id: int) -> Reply:
    """The public board (the result once the match is over), with the board picture unless the
    match's server turned it off (``/settings board-picture``). Beside its picture, which shows the
    cards, the board says each side in counts; without it, every face-up card. The picture is drawn
    in a worker thread, so that presses of other matches are answered meanwhile."""
    challenge = await app.challenges.of_match(match_id)
    if challenge is not None and not await app.guilds.board_picture(challenge.guild_id):
        reply = await ma.board_reply(app, match_id, None, picture=False)
        return replace(reply, panel=replace(reply.panel, files=()))
    return await ma.board_reply(app, match_id, None, counts=True, picture=True)


async def seat_panel(app: App, match_id: int, seat: int, info: Table | None = None) -> SeatPanel:
    """``seat``'s private panel: hand, known cards and numbered offers (the result once it is over);
    ``info``: the match's :class:`Table` now, when the caller has it."""
    info = info or await table(app, match_id)
    seen = await app.matches.view_for(match_id, seat)
    if not info.playing:
        result = mr.result_panel(await app.matches.view_for(match_id, None), match_id=match_id)
        return SeatPanel(info, seat, answer(result), (), seen)
    return SeatPanel(info, seat, None, await app.matches.offers_for(match_id, seat), seen)


class Places:
    """A match's places as of one version: whom it waits for, the public board (with its picture) and
    each seat's panel, each built at most once, when first asked for, and shared by every message
    showing it (docs/architecture.md, "A press costs little more than the action"). A newer version
    of the match is a new :class:`Places`."""

    def __init__(self, app: App, match_id: int, table: Table) -> None:
        self.app = app
        self.match_id = match_id
        self.table = table
        self._board: asyncio.Task[Reply] | None = None
        self._seats: dict[int, SeatPanel] = {}

    @property
    def version(self) -> int:
        return self.table.version

    async def board(self) -> Reply:
        """The public board (:func:`board`), built once however many ask at the same time."""
        if self._board is None or (self._board.done() and self._board.exception() is not None):
            self._board = asyncio.ensure_future(board(self.app, self.match_id))
        return await asyncio.shield(self._board)

    async def seat(self, seat: int) -> SeatPanel:
        """``seat``'s panel (:func:`seat_panel`)."""
        found = self._seats.get(seat)
        if found is None:
            found = self._seats[seat] = await seat_panel(self.app, self.match_id, seat, self.table)
        return found


class PlacesCache:
    """The newest :class:`Places` of each match a transport shows; :meth:`forget` lets a match go once
    it is over."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._newest: dict[int, Places] = {}

    async def of(self, match_id: int) -> Places:
        """The match's places as of its version now."""
        state = await self.app.matches.state(match_id)
        found = self._newest.get(match_id)
        if found is not None and found.version == state.version:
            return found
        made = Places(self.app, match_id, await table(self.app, match_id))
        if made.table.playing:  # an ended match's places are built when asked for, and not kept
            self._newest[match_id] = made
        else:
            self._newest.pop(match_id, None)
        return made

    def forget(self, match_id: int) -> None:
        """Keep nothing of ``match_id``."""
        self._newest.pop(match_id, None)

    def __len__(self) -> int:
        return len(self._newest)


async def seen(app: App, match_id: int, where: int | None, user_id: int) -> None:
    """Refuse, with one sentence, a match that may not be asked about from server ``where`` (``None``:
    a DM) by ``user_id``: one of another server, or in a DM one the user does not play."""
    await app.matches.seen_from(match_id, where, user_id)


async def seat_of(app: App, match_id: int, user_id: int, where: int | None) -> int | None:
    """The seat ``user_id`` plays in the match, or None for anyone else (a spectator), asked from
    server ``where`` (``None``: a DM). A match of another server, or in a DM one the user does not
    play, is refused with one sentence (:meth:`~bot.services.matches.MatchService.seen_from`)."""
    users = (await app.matches.seen_from(match_id, where, user_id)).player_ids
    return users.index(user_id) if user_id in users else None


LOW_SECONDS = 60
"""A player with less time than this on the clock is warned once."""


@dataclass(frozen=True)
class ClockAlert:
    """What a match's thread says about the clock: ``low`` (the player to act has less than a minute
    left, mentioned) or ``out`` (their time is up; the opponent, mentioned, may claim the win)."""

    match_id: int
    seat: int
    kind: str
    text: str
    mention: int | None


async def clock_alert(app: App, match_id: int) -> ClockAlert | None:
    """The clock's news for a match being played, if any (none while paused or stopped)."""
    info = await app.clock.info(match_id)
    if info is None or info.paused or info.running is None:
        return None
    state = await app.matches.state(match_id)
    if state.status != MatchStatus.PLAYING:
        return None
    users = await app.matches.user_ids(match_id)
    seat = info.running
    names = state.match.players
    left = info.left[seat]
    if left < 0:
        other = 1 - seat
        text = (
            f"{names[seat]} is out of time in match #{match_id}: {names[other]} may claim the win"
            " with `/match clock claim`."
        )
        return ClockAlert(match_id, seat, "out", text, users[other])
    if left < LOW_SECONDS:
        text = f"{names[seat]}, less than a minute is left on your clock in match #{match_id}."
        return ClockAlert(match_id, seat, "low", text, users[seat])
    return None
