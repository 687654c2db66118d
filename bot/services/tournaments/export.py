"""The audit log and the event's export: this loads the event and hands plain data to the engine's
export (:mod:`engine.tournament.export`), which writes the JSON document and the CSV files."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction

from bot.store.tournament_repo import DecklistRow
from engine.tournament import TopCut
from engine.tournament import export as content
from engine.tournament.lifecycle import EventStatus

from .checks import require_organizer
from .context import TournamentContext
from .deck_rules import deck_rules_label
from .info import Actor, AuditEntry, EventExport
from .loading import load_event
from .state import EventState, audit_entry
from .summaries import round_info, standings_info


async def log(ctx: TournamentContext, actor: Actor, event_id: int) -> list[AuditEntry]:
    """The event's audit log, oldest first (organizers)."""
    require_organizer(actor, "read the audit log")
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
        rows = await ctx.repo.audit_log(state.event.id)
    return [audit_entry(r) for r in rows]


async def guild_log(ctx: TournamentContext, actor: Actor) -> list[AuditEntry]:
    """Organizer actions of the guild outside any event (the organizer role)."""
    require_organizer(actor, "read the audit log")
    async with ctx.lock:
        rows = await ctx.repo.guild_audit_log(actor.guild_id)
    return [audit_entry(r) for r in rows]


async def export(ctx: TournamentContext, actor: Actor, event_id: int) -> EventExport:
    """The event as JSON and CSV: settings, every round's pairings and results, the standings
    with every tiebreaker (exact fractions and 4-place decimals), the top cut; the decklists too
    when an organizer asks (logged); the seed once the event is finished."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="all")
        decks = await ctx.repo.decklists(state.event.id) if actor.is_organizer else []
        cut = await ctx.repo.top_cut(state.event.id)
        if actor.is_organizer:
            await ctx.audit(actor, state.event.id, "export", "with decklists")
    return build_export(state, decks, cut, include_decklists=actor.is_organizer)


def build_export(
    state: EventState,
    decks: Sequence[DecklistRow],
    cut: tuple[list[str], list[list[str | None]]] | None,
    *,
    include_decklists: bool,
) -> EventExport:
    """The export's content of the event loaded with every match (``cut``: the bracket as stored)."""
    e = state.event
    standings = standings_info(state)
    event = content.EventData(
        id=e.id,
        name=e.name,
        game=e.game,
        format=e.format,
        swiss_rounds=state.swiss_rounds,
        top_cut=e.top_cut,
        round_minutes=e.round_minutes,
        status=e.status,
        tiebreaker_floor=Fraction(e.tiebreaker_floor),
        seed_sha256=hashlib.sha256(e.seed.encode()).hexdigest(),
        seed=e.seed if e.status is EventStatus.FINISHED else None,
        created_at=e.created_at,
        started_at=e.started_at,
        finished_at=e.finished_at,
        deck_rules=e.deck_rules,
        deck_rules_label=deck_rules_label(e.game, e.deck_rules),
    )
    rounds = [
        content.RoundData(info.number, info.closed, info.matches)
        for info in (round_info(state, r.number) for r in state.rounds)
    ]
    decklists = None
    if include_decklists:
        decklists = [
            content.DecklistData(d.player_id, state.name_of(d.player_id), d.valid, d.problems, d.text)
            for d in decks
        ]
    out = content.build_export(
        event,
        state.engine_players(),
        rounds,
        standings.rows,
        standings.through_round,
        None if cut is None else TopCut(tuple(cut[0]), tuple(tuple(w) for w in cut[1])),
        decklists,
    )
    return EventExport(out.data, out.files)
