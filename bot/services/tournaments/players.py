"""Players: registration, late entries, drops (with the concessions they make), and finding a
player of an event by name."""

from __future__ import annotations

from bot.store.tournament_repo import PlayerRow
from engine.text import shortened
from engine.tournament import TournamentError
from engine.tournament.lifecycle import Command, EventStatus, require
from engine.tournament.reporting import Kind, concede, concede_cut
from engine.tournament.wording import each_round

from .checks import check_name, require_organizer
from .context import TournamentContext
from .info import Actor, DropOutcome, PlayerInfo, UserId
from .loading import load_event, reload
from .recording import close_round_if_done, persist_step
from .state import EventState
from .summaries import match_info, player_info
from .topcut import load_cut, save_cut


async def register(ctx: TournamentContext, actor: Actor, event_id: int, display_name: str) -> PlayerInfo:
    """A player registers themselves while registration is open and the event is not full."""
    name = check_name(display_name, "A player name")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        e = state.event
        if actor.user_id in state.by_id:
            raise TournamentError(f"You are already registered in {e.name}.")
        require(Command.REGISTER, e.status, e.name)
        if e.capacity is not None and len(state.players) >= e.capacity:
            raise TournamentError(f"{e.name} is full ({e.capacity} players).")
        await ctx.repo.insert_player(
            e.id, actor.user_id, name, late_from_round=1, registered_by=actor.user_id, at=ctx.now()
        )
        state = await reload(ctx, state)
    return player_info(state, actor.user_id)


async def add_player(
    ctx: TournamentContext, actor: Actor, event_id: int, user_id: UserId, display_name: str
) -> PlayerInfo:
    """Organizers add a player, beyond the capacity or with registration closed if need be. Once
    the event runs this is a late entry: the player starts in the next round to be paired and
    takes a match loss for each earlier round."""
    require_organizer(actor, "add players")
    name = check_name(display_name, "A player name")
    player_id = str(user_id)
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        e = state.event
        if player_id in state.by_id:
            raise TournamentError(f"{state.by_id[player_id].name} is already registered in {e.name}.")
        require(Command.ADD_PLAYER, e.status, e.name)
        late_from = 1
        if e.status is EventStatus.RUNNING:
            late_from = state.current_round + 1
            if late_from > state.swiss_rounds:
                raise TournamentError(
                    f"All {state.swiss_rounds} Swiss rounds of {e.name} are paired;"
                    " a late entry would play none."
                )
        await ctx.repo.insert_player(
            e.id, player_id, name, late_from_round=late_from, registered_by=actor.user_id, at=ctx.now()
        )
        detail = f"{name} ({player_id})"
        if late_from > 1:
            detail += f", late entry from round {late_from} (a loss for {each_round(1, late_from - 1)})"
        await ctx.audit(actor, e.id, "add player", detail)
        state = await reload(ctx, state)
    return player_info(state, player_id)


async def remove_player(ctx: TournamentContext, actor: Actor, event_id: int, user_id: UserId) -> DropOutcome:
    """Organizers remove a player: before the start the registration is deleted; after it, the
    player is dropped (see :func:`drop`) so that their results stay in the tiebreakers."""
    require_organizer(actor, "remove players")
    return await drop(ctx, actor, event_id, user_id)


async def drop(
    ctx: TournamentContext, actor: Actor, event_id: int, user_id: UserId | None = None
) -> DropOutcome:
    """A player drops themselves, or an organizer drops anyone (see the module docstring)."""
    target = actor.user_id if user_id is None else str(user_id)
    if target != actor.user_id:
        require_organizer(actor, "drop other players")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        e = state.event
        row = state.by_id.get(target)
        if row is None:
            who = "You are" if target == actor.user_id else "That player is"
            raise TournamentError(f"{who} not registered in {e.name}.")
        if e.status.before_start:
            await ctx.repo.delete_player(e.id, target)
            if target != actor.user_id or actor.is_organizer:
                await ctx.audit(actor, e.id, "remove player", f"{row.name} ({target}) before the start")
            return DropOutcome(
                target, row.name, None, None, f"{row.name} is no longer registered in {e.name}."
            )
        require(Command.DROP, e.status, e.name)
        if e.status is EventStatus.TOPCUT:
            return await drop_from_top_cut(ctx, actor, state, row)
        if row.dropped_after_round is not None:
            raise TournamentError(f"{row.name} already dropped from {e.name}.")
        after = state.current_round
        conceded: int | None = None
        closed = finished = False
        match = state.match_of(target, after) if state.round_open else None
        if match is not None and match.player_b is not None:
            step = concede(state.table(match), target, actor.user_id, state.fmt)
            if step.kind is not Kind.UNCHANGED:
                await persist_step(ctx, match.id, step)
                conceded = match.id
        if row.late_from_round > after + 1:
            after = row.late_from_round - 1
        await ctx.repo.set_dropped(e.id, target, after)
        if target != actor.user_id:
            await ctx.audit(actor, e.id, "drop player", f"{row.name} ({target}) after round {after}")
        state = await reload(ctx, state)
        if conceded is not None:
            closed, finished = await close_round_if_done(ctx, state)
            state = await reload(ctx, state)
    message = f"{row.name} dropped from {e.name} after round {after}; they will not be paired again."
    info = None
    if conceded is not None:
        info = match_info(state, state.find(conceded))
        wins, losses, draws = info.score_for(target) or (0, 0, 0)
        message += f" Their round {after} match is recorded as {wins}-{losses}-{draws}."
    if closed:
        message += f" Round {after} is complete."
    if finished:
        message += f" {e.name} is finished."
    return DropOutcome(target, row.name, after, info, message, closed)


async def players(ctx: TournamentContext, actor: Actor, event_id: int) -> list[PlayerInfo]:
    """Everyone registered, in registration order (dropped players flagged)."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
        decks = {d.player_id for d in await ctx.repo.decklists(state.event.id)}
    return [player_info(state, p.player_id, decks) for p in state.players]


async def drop_from_top_cut(
    ctx: TournamentContext, actor: Actor, state: EventState, row: PlayerRow
) -> DropOutcome:
    cut = await load_cut(ctx, state)
    decision = concede_cut(cut, row.player_id, row.name)
    message = await save_cut(ctx, actor, state, cut, decision)
    return DropOutcome(row.player_id, row.name, None, None, f"{row.name} dropped and concedes: {message}")


async def find_player(ctx: TournamentContext, actor: Actor, event_id: int, ref: str) -> str:
    """A registered player's id, from their id or their name (case-insensitive, when one player
    has it). Digits that name nobody are returned as an id for the use case to judge."""
    text = " ".join(str(ref).split())
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
    if text in state.by_id:
        return text
    folded = text.casefold()
    named = [p for p in state.players if p.name.casefold() == folded]
    if len(named) == 1:
        return named[0].player_id
    if text.isascii() and text.isdigit():
        return text
    raise TournamentError(f"{state.event.name} has no player named {shortened(text, 80)}.")
