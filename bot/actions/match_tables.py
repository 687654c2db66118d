"""What a match's places show, for a transport that keeps them current (Discord: the public board in a
thread, each player's private panel in their DMs): the board with its picture, one seat's panel with
its offers, and whom the game waits for. Every panel is rebuilt from the match, never stored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.actions import matches as ma
from bot.app import App
from bot.render import match as mr
from bot.reply import Reply, answer
from engine.games import resolve_game
from engine.match.offers import Offer, offers
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
    """One seat's private panel as of ``version``: the reply to show, its offers (numbered from 1 in
    this order) and the view they were read from."""

    table: Table
    seat: int
    reply: Reply
    offers: tuple[Offer, ...]
    view: dict[str, Any]

    @property
    def version(self) -> int:
        return self.table.version


async def table(app: App, match_id: int) -> Table:
    state = await app.matches.state(match_id)
    users = await app.matches.user_ids(match_id)
    seen = await app.matches.view_for(match_id, None)
    playing = state.status == "playing"
    return Table(
        match_id,
        resolve_game(state.match.spec.key).name,
        tuple(zip(users, state.match.players, strict=True)),
        state.version,
        waiting_for(seen) if playing else None,
        playing,
    )


async def board(app: App, match_id: int) -> Reply:
    """The public board (the result once the match is over), with the board picture."""
    return await ma.match_board(app, match_id)


async def seat_panel(app: App, match_id: int, seat: int) -> SeatPanel:
    """``seat``'s private panel: hand, known cards and numbered offers (the result once it is over)."""
    state = await app.matches.state(match_id)
    info = await table(app, match_id)
    seen = await app.matches.view_for(match_id, seat)
    if state.status != "playing":
        result = mr.result_panel(await app.matches.view_for(match_id, None), match_id=match_id)
        return SeatPanel(info, seat, answer(result), (), seen)
    listed = tuple(offers(state, seat))
    panel = mr.hand_panel(seen, listed, match_id=match_id, seat=seat)
    return SeatPanel(info, seat, answer(panel), listed, seen)


async def seat_of(app: App, match_id: int, user_id: int) -> int | None:
    """The seat ``user_id`` plays in the match, or None for anyone else (a spectator)."""
    users = await app.matches.user_ids(match_id)
    return users.index(user_id) if user_id in users else None
