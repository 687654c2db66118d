"""The Swiss: starting the event, pairing each round, the rounds' tables, what is still to be played,
and the standings."""

from __future__ import annotations

from engine.tournament import TournamentError, default_rounds, pair_round
from engine.tournament.lifecycle import Command, EventStatus, require, swiss_over
from engine.tournament.reporting import ResultStatus
from engine.tournament.wording import count as counted

from .checks import require_organizer
from .context import TournamentContext
from .info import Actor, MatchInfo, RoundInfo, StandingsInfo, StartOutcome, TopCutInfo
from .loading import load_event, reload
from .state import confirmed
from .summaries import event_info, match_info, pairings_refusal, round_info, standings_info, top_cut_info
from .topcut import in_cut, load_cut

# the Swiss ----------------------------------------------------------------------------------------


async def start_event(ctx: TournamentContext, actor: Actor, event_id: int) -> StartOutcome:
    """Organizers start the event: registration closes, decklists lock, the number of Swiss rounds
    is fixed (the configured one, else ``max(3, ceil(log2(players)))``). Round 1 is then paired
    with :func:`pair_next_round`."""
    require_organizer(actor, "start events")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        e = state.event
        require(Command.START, e.status, e.name)
        count = len(state.players)
        if count < 2:
            raise TournamentError(f"{e.name} needs at least two players to start; it has {count}.")
        if e.top_cut and count < e.top_cut:
            raise TournamentError(
                f"A top {e.top_cut} needs at least {e.top_cut} players; {e.name} has {count}."
            )
        rounds = e.rounds if e.rounds is not None else default_rounds(count)
        await ctx.repo.update_event(e.id, status=EventStatus.RUNNING, rounds=rounds, started_at=ctx.now())
        await ctx.repo.lock_decklists(e.id)
        decks = {d.player_id: d for d in await ctx.repo.decklists(e.id)}
        await ctx.audit(
            actor, e.id, "start", f"{count} players, {counted(rounds, 'Swiss round')}, decklists locked"
        )
        ctx.names_changed(actor.guild_id)
        state = await reload(ctx, state)
    missing = tuple(p.name for p in state.players if p.player_id not in decks)
    invalid = tuple(
        p.name for p in state.players if p.player_id in decks and decks[p.player_id].valid is False
    )
    message = f"{e.name} has started: {count} players, {counted(rounds, 'Swiss round')}."
    if missing:
        message += f" {len(missing)} without a decklist."
    if invalid:
        message += f" {len(invalid)} with a decklist that breaks the deck rules."
    return StartOutcome(event_info(state), missing, invalid, message)


async def pair_next_round(ctx: TournamentContext, actor: Actor, event_id: int) -> RoundInfo:
    """Organizers pair the next Swiss round and start its clock.

    Round 1 is random from the event's seed; later rounds are paired by :func:`pair_round`
    (score groups, no rematch whenever possible, the bye to the lowest-ranked player without one).
    Refused while the current round is open or when the Swiss rounds are over."""
    require_organizer(actor, "pair rounds")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="all")
        e = state.event
        require(Command.PAIR, e.status, e.name)
        if state.round_open:
            missing = sum(1 for m in state.matches if m.round == state.current_round and not confirmed(m))
            raise TournamentError(
                f"Round {state.current_round} is still open: {missing} match"
                f"{'es have' if missing != 1 else ' has'} no confirmed result yet."
            )
        number = state.current_round + 1
        if swiss_over(state):
            nxt = "start the top cut" if e.top_cut else "the event is over"
            raise TournamentError(f"All {state.swiss_rounds} Swiss rounds have been played; {nxt}.")
        pairings = pair_round(state.engine_players(), state.engine_results(), number, e.seed, state.config)
        await ctx.repo.insert_round(e.id, number, started_at=ctx.now(), minutes=e.round_minutes)
        await ctx.repo.lock_decklists(e.id)  # late entries' lists lock with their first round
        bye = None
        for p in pairings:
            match_id = await ctx.repo.insert_match(e.id, number, p.table, p.player_a, p.player_b)
            if p.player_b is None:
                bye = p.player_a
                await ctx.repo.insert_result(
                    match_id,
                    wins_a=state.fmt.games_to_win,
                    wins_b=0,
                    draws=0,
                    double_loss=False,
                    status=ResultStatus.CONFIRMED,
                    reported_by="bye",
                    at=ctx.now(),
                    confirmed_by="bye",
                )
        detail = f"round {number}: {counted(len(pairings), 'table')}"
        if bye is not None:
            detail += f", bye {state.name_of(bye)}"
        await ctx.audit(actor, e.id, "pair", detail)
        ctx.names_changed(actor.guild_id)
        state = await reload(ctx, state)
    return round_info(state, number)


async def pairings(
    ctx: TournamentContext, actor: Actor, event_id: int, round_number: int | None = None
) -> RoundInfo:
    """A round's tables and results (default: the current round)."""
    async with ctx.lock:
        state = await load_event(
            ctx, actor, event_id, matches=round_number if round_number is not None else "current"
        )
    refused = pairings_refusal(state, state.event.name, round_number)
    if refused is not None:
        raise TournamentError(refused)
    return round_info(state, round_number if round_number is not None else state.current_round)


async def rounds(ctx: TournamentContext, actor: Actor, event_id: int) -> list[RoundInfo]:
    """Every Swiss round so far."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches="all")
    return [round_info(state, r.number) for r in state.rounds]


async def my_match(ctx: TournamentContext, actor: Actor, event_id: int) -> MatchInfo | None:
    """The actor's match in the current round, ``None`` when they are not paired in it."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches="current")
    m = state.match_of(actor.user_id, state.current_round)
    return match_info(state, m) if m else None


async def missing(ctx: TournamentContext, actor: Actor, event_id: int) -> list[MatchInfo]:
    """The current round's matches without a confirmed result (unreported, awaiting
    confirmation or disputed)."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches="current")
    return [
        match_info(state, m) for m in state.matches if m.round == state.current_round and not confirmed(m)
    ]


async def outstanding(ctx: TournamentContext, actor: Actor, event_id: int) -> RoundInfo | TopCutInfo:
    """What is still to be played: the current Swiss round (its :attr:`RoundInfo.missing`), or in
    the top cut (or after it) the bracket, whose current matches without a winner are missing."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches="current")
        if await in_cut(ctx, state):
            return top_cut_info(state, await load_cut(ctx, state))
    if state.current_round < 1:
        raise TournamentError(f"{state.event.name} has no round paired yet.")
    return round_info(state, state.current_round)


# standings ----------------------------------------------------------------------------------------


async def standings(
    ctx: TournamentContext, actor: Actor, event_id: int, through_round: int | None = None
) -> StandingsInfo:
    """Standings after ``through_round`` (default: the last closed round), every tiebreaker
    computed by :func:`compute_standings` (MTR Appendix C: match points, then OMW%, GW%, OGW%,
    each opponent's percentage raised to the event's floor; byes are no opponent; dropped players
    stay in their opponents' tiebreakers)."""
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches="all")
    return standings_info(state, through_round)
