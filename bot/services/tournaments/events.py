"""Events: the organizer role, creating and configuring events, finding them, and their status
(registration open or closed, cancelled), every status check through the engine's lifecycle."""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Any

from engine.games import resolve_game
from engine.text import shortened
from engine.tournament import DEFAULT_FLOOR, MatchFormat, TournamentError, default_rounds
from engine.tournament.export import fraction_text
from engine.tournament.lifecycle import Command, EventStatus, require, swiss_ends_event

from .checks import check_name, require_organizer
from .context import TournamentContext
from .deck_rules import event_deck_rules
from .info import DEFAULT_ROUND_MINUTES, TOP_CUTS, UNSET, Actor, EventChoice, EventInfo, _Unset
from .loading import event_number, load_event, reload
from .state import floor_of
from .summaries import event_info

# organizer role -----------------------------------------------------------------------------------


async def organizer_role(ctx: TournamentContext, guild_id: int) -> int | None:
    """The guild's tournament-organizer role id (cached in memory after the first read)."""
    if guild_id not in ctx.roles:
        async with ctx.lock:
            ctx.roles[guild_id] = await ctx.repo.organizer_role(guild_id)
    return ctx.roles[guild_id]


async def set_organizer_role(ctx: TournamentContext, actor: Actor, role_id: int | None) -> int | None:
    """Server admins set (or with ``None`` clear) the guild's tournament-organizer role."""
    if not actor.is_admin:
        raise TournamentError("Only server admins can set the tournament organizer role.")
    async with ctx.write():
        await ctx.repo.set_organizer_role(actor.guild_id, role_id)
        await ctx.audit(actor, None, "organizer role", f"set to {role_id}" if role_id else "cleared")
    ctx.roles[actor.guild_id] = role_id
    return role_id


# events -------------------------------------------------------------------------------------------


async def create_event(
    ctx: TournamentContext,
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
    deck_rules: str | None = None,
) -> EventInfo:
    """Organizers create an event, with registration open. ``game`` is any name of a game
    (``vanguard``, ``cfv``...); ``rounds`` ``None`` means ``max(3, ceil(log2(players)))`` at the start.
    ``deck_rules`` names the deck rules every decklist of the event is checked with, where the game
    has a choice (Duel Masters: ``english-tcg``); ``None`` or '' is the game's rules document. Fixed
    at creation, so that every list of the event is checked alike."""
    require_organizer(actor, "create events")
    name = check_name(name)
    game_key = resolve_game(game).key
    fmt = check_format(format)
    check_settings(rounds=rounds, top_cut=top_cut, round_minutes=round_minutes, capacity=capacity)
    floor = floor_of(tiebreaker_floor)
    rules = event_deck_rules(game_key, deck_rules)
    async with ctx.write():
        if await ctx.repo.live_event_named(actor.guild_id, name) is not None:
            raise TournamentError(f"This server already has an unfinished event named {name}.")
        event_id = await ctx.repo.insert_event(
            guild_id=actor.guild_id,
            channel_id=channel_id,
            name=name,
            game=game_key,
            format=fmt.value,
            rounds=rounds,
            top_cut=top_cut,
            round_minutes=round_minutes,
            capacity=capacity,
            tiebreaker_floor=fraction_text(floor),
            seed=seed if seed is not None else secrets.token_hex(16),
            created_by=actor.user_id,
            created_at=ctx.now(),
            deck_rules=rules,
        )
        await ctx.audit(
            actor,
            event_id,
            "create",
            f"{name}: {game_key}, {fmt.value}, rounds {rounds or 'auto'}, top cut {top_cut or 'none'},"
            f" {round_minutes} min rounds, capacity {capacity or 'none'}, floor {float(floor):g}"
            + (f", deck rules {rules}" if rules else ""),
        )
        ctx.names_changed(actor.guild_id)
        state = await load_event(ctx, actor, event_id, matches=None)
    return event_info(state)


def check_format(value: MatchFormat | str) -> MatchFormat:
    """A match format as typed (``bo3``, ``BO1``), refused with a sentence."""
    try:
        return MatchFormat(str(value).lower())
    except ValueError:
        raise TournamentError(
            f"'{shortened(str(value), 20)}' is not a match format: use bo1 or bo3."
        ) from None


def check_settings(
    *,
    rounds: int | _Unset | None = UNSET,
    top_cut: int | _Unset = UNSET,
    round_minutes: int | _Unset = UNSET,
    capacity: int | _Unset | None = UNSET,
) -> None:
    """Refuse a setting out of its range (those left out are not checked)."""
    if isinstance(rounds, int) and not 1 <= rounds <= 30:
        raise TournamentError("An event has between 1 and 30 Swiss rounds.")
    if isinstance(top_cut, int) and top_cut not in TOP_CUTS:
        raise TournamentError("The top cut is none (0), 4, 8 or 16 players.")
    if isinstance(round_minutes, int) and not 1 <= round_minutes <= 24 * 60:
        raise TournamentError("A round lasts between 1 minute and 24 hours.")
    if isinstance(capacity, int) and not 2 <= capacity <= 10_000:
        raise TournamentError("The capacity is between 2 and 10,000 players.")


async def configure_event(
    ctx: TournamentContext,
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
    any time (it applies from the next round; see :func:`.reminders.adjust_round_time` for the open one)."""
    require_organizer(actor, "change an event")
    check_settings(rounds=rounds, top_cut=top_cut, round_minutes=round_minutes, capacity=capacity)
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        e = state.event
        started = e.status.started
        require(Command.CONFIGURE, e.status, e.name)
        changes: dict[str, Any] = {}
        if not isinstance(name, _Unset):
            cleaned = check_name(name)
            other = await ctx.repo.live_event_named(e.guild_id, cleaned)
            if other is not None and other.id != e.id:
                raise TournamentError(f"This server already has an unfinished event named {cleaned}.")
            changes["name"] = cleaned
        if not isinstance(channel_id, _Unset):
            changes["channel_id"] = channel_id
        if not isinstance(format, _Unset):
            fmt = check_format(format)
            if started and fmt.value != e.format:
                raise TournamentError("The match format cannot change after the event has started.")
            changes["format"] = fmt.value
        if not isinstance(tiebreaker_floor, _Unset):
            floor = floor_of(tiebreaker_floor)
            if started and floor != Fraction(e.tiebreaker_floor):
                raise TournamentError("The tiebreaker floor cannot change after the event has started.")
            changes["tiebreaker_floor"] = fraction_text(floor)
        if not isinstance(capacity, _Unset):
            if started:
                raise TournamentError("The capacity cannot change after the event has started.")
            changes["capacity"] = capacity
        if not isinstance(rounds, _Unset):
            if e.status is EventStatus.TOPCUT:
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
            if e.status is EventStatus.TOPCUT:
                raise TournamentError("The top cut is already seeded; its size cannot change.")
            changes["top_cut"] = top_cut
        if not isinstance(round_minutes, _Unset):
            changes["round_minutes"] = round_minutes
        if not changes:
            raise TournamentError("Nothing to change: name a setting and its new value.")
        await ctx.repo.update_event(e.id, **changes)
        await ctx.audit(
            actor,
            e.id,
            "configure",
            ", ".join(f"{k} {v if v is not None else 'none'}" for k, v in changes.items()),
        )
        ctx.names_changed(e.guild_id)
        state = await reload(ctx, state)
        if swiss_ends_event(state):
            # The Swiss was cut short to the rounds already played: without a top cut that is the end.
            await ctx.repo.update_event(e.id, status=EventStatus.FINISHED, finished_at=ctx.now())
            state = await reload(ctx, state)
    return event_info(state)


async def event(ctx: TournamentContext, actor: Actor, event_id: int) -> EventInfo:
    """One event of the actor's guild."""
    async with ctx.lock:
        return event_info(await load_event(ctx, actor, event_id, matches=None))


async def list_events(
    ctx: TournamentContext, guild_id: int, *, include_finished: bool = False
) -> list[EventInfo]:
    """The guild's events (unfinished ones, or all), oldest first."""
    async with ctx.lock:
        rows = await ctx.repo.events(guild_id, include_finished=include_finished)
        actor = Actor("", guild_id)
        return [event_info(await load_event(ctx, actor, row.id, matches=None)) for row in rows]


async def find_event(ctx: TournamentContext, guild_id: int, ref: str | int) -> EventInfo:
    """An event by id (what autocomplete sends) or by name (an unfinished one first, else the
    latest finished one of that name)."""
    text = str(ref).strip()
    actor = Actor("", guild_id)
    async with ctx.lock:
        number = event_number(text)
        if number is not None:
            event = await ctx.repo.event(number)
            if event is not None and event.guild_id == guild_id:
                return event_info(await load_event(ctx, actor, event.id, matches=None))
        event = await ctx.repo.latest_event_named(guild_id, text)
        if event is None:
            raise TournamentError(f"This server has no event named {shortened(text, 80)}.")
        return event_info(await load_event(ctx, actor, event.id, matches=None))


async def event_choices(
    ctx: TournamentContext, guild_id: int, current: str = "", *, limit: int = 25
) -> list[EventChoice]:
    """Autocomplete: the guild's unfinished events (then its latest finished ones) whose name
    contains ``current``, prefix matches first. Answered from memory after one query per guild."""
    if guild_id not in ctx.names:
        async with ctx.lock:
            rows = await ctx.repo.event_names(guild_id)
            ctx.names[guild_id] = [EventChoice(i, n, s) for i, n, s in rows]
    typed = " ".join(current.split()).casefold()
    choices = ctx.names[guild_id]
    hits = [c for c in choices if typed in c.name.casefold()]
    hits.sort(
        key=lambda c: (c.status is EventStatus.FINISHED, not c.name.casefold().startswith(typed), -c.id)
    )
    return hits[:limit]


async def set_status(
    ctx: TournamentContext, actor: Actor, event_id: int, command: Command, target: EventStatus
) -> EventInfo:
    """Organizers move an event to ``target`` where the lifecycle allows ``command``."""
    action = command.value
    require_organizer(actor, f"{action} events")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        require(command, state.event.status, state.event.name)
        await ctx.repo.update_event(state.event.id, status=target)
        await ctx.audit(actor, state.event.id, action, f"status {state.event.status} -> {target}")
        ctx.names_changed(actor.guild_id)
        state = await reload(ctx, state)
    return event_info(state)


async def open_registration(ctx: TournamentContext, actor: Actor, event_id: int) -> EventInfo:
    """Organizers (re)open registration, until the event starts."""
    return await set_status(ctx, actor, event_id, Command.OPEN_REGISTRATION, EventStatus.REGISTRATION)


async def close_registration(ctx: TournamentContext, actor: Actor, event_id: int) -> EventInfo:
    """Organizers close registration (players can no longer register; organizers still add)."""
    return await set_status(ctx, actor, event_id, Command.CLOSE_REGISTRATION, EventStatus.CLOSED)


async def cancel_event(ctx: TournamentContext, actor: Actor, event_id: int) -> EventInfo:
    """Organizers end an event early: it is finished as it stands (nothing is deleted)."""
    require_organizer(actor, "cancel events")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        require(Command.CANCEL, state.event.status, state.event.name)
        await ctx.repo.update_event(state.event.id, status=EventStatus.FINISHED, finished_at=ctx.now())
        await ctx.audit(actor, state.event.id, "cancel", f"ended during {state.event.status}")
        ctx.names_changed(actor.guild_id)
        state = await reload(ctx, state)
    return event_info(state)
