"""Recording a Swiss result: what a reporting transition did, written to the match's one result
row, and then the round closed when every match has a confirmed result (the event finished when that
was its last Swiss round and it has no top cut)."""

from __future__ import annotations

from typing import Any

from engine.tournament.lifecycle import EventStatus, closing_round_ends_event
from engine.tournament.reporting import Kind, ResultStatus, Transition

from .context import TournamentContext
from .info import ReportOutcome
from .loading import reload
from .state import EventState, confirmed
from .summaries import match_info

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


async def persist_step(ctx: TournamentContext, match_id: int, step: Transition) -> None:
    """Write what a reporting transition did to a match's one result row."""
    after, before = step.after.result, step.before.result
    if step.kind is Kind.UNCHANGED or after is None:
        return
    now = ctx.now()
    if before is None:
        await ctx.repo.insert_result(
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
        name: getattr(after, name) for name in _RESULT_FIELDS if getattr(after, name) != getattr(before, name)
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
        await ctx.repo.update_result(match_id, **fields)


async def confirmed_outcome(
    ctx: TournamentContext, state: EventState, match_id: int, what: str
) -> ReportOutcome:
    """The outcome of a result just confirmed (``what``: "Result confirmed", "Result entered"...),
    the round closed and the event finished if that completed them."""
    state = await reload(ctx, state)
    closed, finished = await close_round_if_done(ctx, state)
    if closed or finished:
        state = await reload(ctx, state)
    info = match_info(state, state.find(match_id))
    message = f"{what}: {info.line}."
    if closed:
        message += f" Round {info.round} is complete."
    if finished:
        message += f" {state.event.name} is finished."
    return ReportOutcome(info, ResultStatus.CONFIRMED, message, round_closed=closed, event_finished=finished)


async def close_round_if_done(ctx: TournamentContext, state: EventState) -> tuple[bool, bool]:
    """Close the open round when every match has a confirmed result; finish the event when that
    was the last Swiss round and there is no top cut. Returns ``(closed, finished)``."""
    if not state.round_open:
        return False, False
    number = state.current_round
    if not all(confirmed(m) for m in await ctx.repo.matches(state.event.id, number)):
        return False, False
    now = ctx.now()
    await ctx.repo.update_round(state.event.id, number, closed_at=now)
    finished = closing_round_ends_event(state, number)
    if finished:
        await ctx.repo.update_event(state.event.id, status=EventStatus.FINISHED, finished_at=now)
    ctx.names_changed(state.event.guild_id)
    return True, finished
