"""The top cut: seeding it from the final Swiss standings, showing it, and recording each bracket
match's winner (reported by the loser or entered by an organizer, who may also correct it)."""

from __future__ import annotations

from engine.tournament import TopCut, TournamentError
from engine.tournament import start_top_cut as bracket_of
from engine.tournament.lifecycle import Command, EventStatus, can_start_top_cut, require, swiss_over
from engine.tournament.reporting import CutDecision, decide_cut

from .checks import require_organizer
from .context import TournamentContext
from .info import Actor, TopCutInfo, UserId
from .loading import load, load_event, reload
from .state import EventState
from .summaries import standings_info, top_cut_info


async def start_top_cut(ctx: TournamentContext, actor: Actor, event_id: int) -> TopCutInfo:
    """Organizers seed the top cut from the final Swiss standings (not dropped players), in
    bracket order (top 8: 1v8, 4v5, 2v7, 3v6)."""
    require_organizer(actor, "start the top cut")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="all")
        return await seed_cut(ctx, actor, state)


async def seed_cut(ctx: TournamentContext, actor: Actor, state: EventState) -> TopCutInfo:
    """Seed the top cut of the event loaded with every match, in the running transaction."""
    e = state.event
    if not e.top_cut:
        raise TournamentError(f"{e.name} has no top cut.")
    require(Command.START_TOP_CUT, e.status, e.name)
    if not swiss_over(state):
        raise TournamentError(
            f"The top cut starts after the last Swiss round: round {state.swiss_rounds} is not complete."
        )
    standings = standings_info(state)
    # Drops after the start may leave fewer players than the cut accepted then: the cut shrinks
    # to the largest bracket that the players still in fill, instead of refusing until the
    # organizer changes the setting.
    still_in = sum(1 for row in standings.rows if not row.dropped)
    size, shrank = e.top_cut, ""
    if still_in < size:
        size = max((s for s in (16, 8, 4, 2) if s <= still_in), default=0)
        if not size:
            raise TournamentError(f"A top cut needs two players still in {e.name}; {still_in} is.")
        shrank = f" (a top {e.top_cut} needs {e.top_cut} players; {still_in} are still in)"
        await ctx.repo.update_event(e.id, top_cut=size)
    cut = bracket_of(list(standings.rows), size)
    await ctx.repo.save_top_cut(e.id, cut.seeds, cut.winners)
    await ctx.repo.update_event(e.id, status=EventStatus.TOPCUT)
    seeds = ", ".join(f"{i + 1}. {state.name_of(p)}" for i, p in enumerate(cut.seeds))
    await ctx.audit(actor, e.id, "top cut", f"top {size} seeded{shrank}: {seeds}")
    ctx.names_changed(actor.guild_id)
    state = await reload(ctx, state)
    return top_cut_info(state, cut, f"Top {size} of {e.name} seeded{shrank}.")


async def open_top_cut(ctx: TournamentContext, actor: Actor, event_id: int) -> tuple[TopCutInfo, bool]:
    """The bracket; an organizer asking once the Swiss rounds are over seeds it first
    (:func:`start_top_cut`). ``True`` when it was just seeded."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        if can_start_top_cut(state) and actor.is_organizer:
            state = await load(ctx, state.event, "all")
            return await seed_cut(ctx, actor, state), True
        return top_cut_info(state, await load_cut(ctx, state)), False


async def top_cut(ctx: TournamentContext, actor: Actor, event_id: int) -> TopCutInfo:
    """The top cut bracket."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
        cut = await load_cut(ctx, state)
    return top_cut_info(state, cut)


async def record_top_cut_winner(
    ctx: TournamentContext, actor: Actor, event_id: int, winner: UserId
) -> TopCutInfo:
    """The winner of a bracket match of the current cut round: entered by an organizer, or reported
    by the loser (a player can report only their own loss). The final's winner finishes the event.
    An organizer naming the recorded loser of a decided match corrects it, as long as its winner
    has not played on (:meth:`TopCut.correct_winner`); a corrected final changes the champion."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        return await cut_winner(ctx, actor, state, str(winner))


async def cut_winner(ctx: TournamentContext, actor: Actor, state: EventState, winner: str) -> TopCutInfo:
    """Record (or, by an organizer, correct) ``winner``'s bracket match, in the running transaction."""
    e = state.event
    finished = e.status is EventStatus.FINISHED
    seeded = finished and await ctx.repo.top_cut(e.id) is not None
    if not (actor.is_organizer and seeded):
        require(Command.TOP_CUT_RESULT, e.status, e.name)
    cut = await load_cut(ctx, state)
    decision = decide_cut(
        cut,
        actor.user_id,
        winner,
        organizer=actor.is_organizer,
        finished=finished,
        winner_name=state.name_of(winner),
        event_name=e.name,
    )
    message = await save_cut(ctx, actor, state, cut, decision)
    state = await reload(ctx, state)
    return top_cut_info(state, decision.cut, message)


async def load_cut(ctx: TournamentContext, state: EventState) -> TopCut:
    """The event's bracket as stored, refused when it has none seeded."""
    stored = await ctx.repo.top_cut(state.event.id)
    if stored is None:
        raise TournamentError(f"{state.event.name} has no top cut seeded.")
    seeds, winners = stored
    return TopCut(tuple(seeds), tuple(tuple(w) for w in winners))


async def save_cut(
    ctx: TournamentContext, actor: Actor, state: EventState, before: TopCut, decision: CutDecision
) -> str:
    """Store a top cut result (the final's winner finishes the event) or an organizer's correction
    (a corrected final changes the champion), log it and word it."""
    cut, winner, loser = decision.cut, decision.winner, decision.loser
    await ctx.repo.save_top_cut(state.event.id, cut.seeds, cut.winners)
    if loser is None:
        message = f"Corrected: {state.name_of(winner)} won that top cut match."
        if before.champion is not None and cut.champion != before.champion:
            message += f" {state.name_of(cut.champion)} wins {state.event.name}."
        await ctx.audit(actor, state.event.id, "top cut correction", message)
        return message
    message = f"{state.name_of(winner)} beats {state.name_of(loser)} in the top cut."
    if cut.champion is not None:
        await ctx.repo.update_event(state.event.id, status=EventStatus.FINISHED, finished_at=ctx.now())
        ctx.names_changed(state.event.guild_id)
        message += f" {state.name_of(winner)} wins {state.event.name}!"
    who = "organizer" if actor.user_id not in (winner, loser) else "loser"
    await ctx.audit(actor, state.event.id, "top cut result", f"{message} (recorded by the {who})")
    return message


async def cut_seeded(ctx: TournamentContext, state: EventState) -> bool:
    """Whether a finished event had its top cut seeded (its Swiss results are then final)."""
    e = state.event
    if e.status is not EventStatus.FINISHED or not e.top_cut:
        return False
    return await ctx.repo.top_cut(e.id) is not None


async def in_cut(ctx: TournamentContext, state: EventState) -> bool:
    """Whether results of the event go to its bracket: the top cut, or a finished event whose
    cut was seeded (organizers' corrections)."""
    return state.event.status is EventStatus.TOPCUT or await cut_seeded(ctx, state)
