"""Loading an event inside a use case's transaction: the event of the actor's server by its id, its
players and rounds, and only the matches the use case needs."""

from __future__ import annotations

from bot.store.tournament_repo import EventRow, MatchRow, PlayerRow
from engine.tournament import TournamentError

from .context import TournamentContext
from .info import Actor, UserId
from .state import EventState

Matches = int | str | None
"""Which matches to load: ``"all"``, ``"current"`` (the last round paired), one round's number, or
``None``. (A result only needs its round: loading every match of a 512-player event for each report
would make reporting a round quadratic.)"""


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


async def load_event(
    ctx: TournamentContext, actor: Actor, event_id: int, *, matches: Matches = "all"
) -> EventState:
    """An event of the actor's guild with its players and rounds, and the ``matches`` asked for;
    refused with a sentence when the guild has no such event."""
    number = event_number(event_id)
    event = await ctx.repo.event(number) if number is not None else None
    if event is None or event.guild_id != actor.guild_id:
        raise TournamentError(f"There is no event {str(event_id)[:20]} in this server.")
    return await load(ctx, event, matches)


async def load(ctx: TournamentContext, event: EventRow, matches: Matches) -> EventState:
    """``event`` with its players, its rounds and the ``matches`` asked for."""
    rounds = await ctx.repo.rounds(event.id)
    if matches == "current":
        matches = rounds[-1].number if rounds else None
    loaded: list[MatchRow] = []
    if matches == "all":
        loaded = await ctx.repo.matches(event.id)
    elif isinstance(matches, int):
        loaded = await ctx.repo.matches(event.id, matches)
    return EventState(event, await ctx.repo.players(event.id), rounds, loaded, matches)


async def reload(ctx: TournamentContext, state: EventState) -> EventState:
    """The same event loaded again, with the same matches, after the use case changed it."""
    event = await ctx.repo.event(state.event.id) or state.event
    return await load(ctx, event, state.loaded)


def player_row(state: EventState, player: UserId) -> PlayerRow:
    """A registered player of the event, refused with a sentence otherwise."""
    row = state.by_id.get(str(player))
    if row is None:
        raise TournamentError(f"That player is not registered in {state.event.name}.")
    return row
