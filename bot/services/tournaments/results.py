"""Results: a player's report, the opponent's confirmation or dispute, an organizer's entry or
override. Each use case loads the match, calls the engine's pure transition
(:mod:`engine.tournament.reporting`), records what it returns (:mod:`.recording`) and words the
outcome. :func:`report` and :func:`enter` are the front doors that choose between the Swiss and the
top cut (:mod:`.topcut`), so that no transport has to."""

from __future__ import annotations

from bot.store.tournament_repo import MatchRow
from engine.tournament import TournamentError
from engine.tournament import reporting as rules
from engine.tournament.lifecycle import Command, EventStatus, can_report, require
from engine.tournament.reporting import Kind, ReportKey, ResultStatus, side_text

from .checks import require_organizer
from .context import TournamentContext
from .info import Actor, ReportOutcome, TopCutInfo, UserId
from .loading import load_event, player_row, reload
from .recording import confirmed_outcome, persist_step
from .state import EventState
from .summaries import match_info
from .topcut import cut_seeded, cut_winner, in_cut, load_cut


async def report(
    ctx: TournamentContext,
    actor: Actor,
    event_id: int,
    wins: int,
    losses: int,
    draws: int,
    *,
    double_loss: bool = False,
) -> ReportOutcome | TopCutInfo:
    """A player reports their match, W-L-D from their own side: in the Swiss as
    :func:`report_result`; in the top cut the player who lost reports (e.g. 0-2) and the bracket
    moves on at once (a top cut match needs a winner)."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        if state.event.status is EventStatus.TOPCUT:
            cut = await load_cut(ctx, state)
            winner = rules.cut_report_winner(cut, actor.user_id, wins, losses, draws, double_loss)
            return await cut_winner(ctx, actor, state, winner)
        return await report_swiss(ctx, actor, state, wins, losses, draws, double_loss)


async def enter(
    ctx: TournamentContext,
    actor: Actor,
    event_id: int,
    player_id: str,
    wins: int,
    losses: int,
    draws: int,
    *,
    double_loss: bool = False,
    round_number: int | None = None,
) -> ReportOutcome | TopCutInfo:
    """Organizers enter or override ``player_id``'s result, W-L-D from that player's side: in the
    Swiss as :func:`enter_result`; in the top cut (or a finished event whose cut was seeded) it
    records, or corrects, the winner of the player's bracket match."""
    require_organizer(actor, "enter or override results")
    async with ctx.write():
        state = await load_event(
            ctx, actor, event_id, matches=round_number if round_number is not None else "current"
        )
        if await in_cut(ctx, state):
            cut = await load_cut(ctx, state)
            winner = rules.cut_entry_winner(
                cut, actor.user_id, str(player_id), wins, losses, draws, double_loss
            )
            return await cut_winner(ctx, actor, state, winner)
        return await enter_swiss(
            ctx, actor, state, str(player_id), wins, losses, draws, double_loss, round_number
        )


def open_match(state: EventState, player: str) -> MatchRow:
    """``player``'s match of the open round (not a bye), refused with a sentence otherwise."""
    e = state.event
    require(Command.REPORT, e.status, e.name)
    if not can_report(state):
        raise TournamentError(f"{e.name} has no round open for results.")
    match = state.match_of(player, state.current_round)
    if match is None:
        raise TournamentError(
            f"{state.name_of(player) or 'That player'} is not paired in round {state.current_round}."
        )
    if match.player_b is None:
        raise TournamentError(
            f"Round {state.current_round} is a bye for {state.name_of(player)}: it is already a win."
        )
    return match


def require_registered(state: EventState, actor: Actor) -> None:
    """Refuse an actor who is not registered in the event."""
    if actor.user_id not in state.by_id:
        raise TournamentError(f"You are not registered in {state.event.name}.")


async def report_result(
    ctx: TournamentContext,
    actor: Actor,
    event_id: int,
    wins: int,
    losses: int,
    draws: int = 0,
    *,
    double_loss: bool = False,
) -> ReportOutcome:
    """A player reports their match of the open round, W-L-D from their own side.

    The opponent then confirms; if the opponent had already reported the same result this
    confirms it, and a different result disputes it (organizers decide)."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        return await report_swiss(ctx, actor, state, wins, losses, draws, double_loss)


async def report_swiss(
    ctx: TournamentContext,
    actor: Actor,
    state: EventState,
    wins: int,
    losses: int,
    draws: int,
    double_loss: bool,
) -> ReportOutcome:
    """A player's report of their Swiss match, in the running transaction (see :func:`report_result`)."""
    require_registered(state, actor)
    match = open_match(state, actor.user_id)
    rules.check_score(state.fmt, wins, losses, draws, double_loss)
    step = rules.report(state.table(match), actor.user_id, wins, losses, draws, double_loss)
    await persist_step(ctx, match.id, step)
    if step.kind is Kind.CONFIRMED:
        return await confirmed_outcome(ctx, state, match.id, "Result confirmed")
    opponent = step.after.opponent(actor.user_id)
    state = await reload(ctx, state)
    info = match_info(state, state.find(match.id))
    if step.kind is Kind.DISPUTED:
        return ReportOutcome(
            info,
            ResultStatus.DISPUTED,
            "Your report differs from your opponent's: the result is disputed"
            " and the organizers are flagged.",
            notify=(opponent,),
            flag_organizers=True,
        )
    what = "Result reported" if step.kind is Kind.REPORTED else "Report corrected"
    return ReportOutcome(
        info,
        ResultStatus.REPORTED,
        f"{what}: {side_text(wins, losses, draws, double_loss)}. {state.name_of(opponent)} must confirm it.",
        notify=(opponent,),
    )


async def confirm_result(
    ctx: TournamentContext, actor: Actor, event_id: int, *, expected: ReportKey | None = None
) -> ReportOutcome:
    """A player confirms the result their opponent reported for their match of the open round.
    ``expected`` (a button's): the report the player saw; any other report is refused, checked
    inside the same transaction, so a report corrected meanwhile is never confirmed unseen. A key
    naming its ``player`` is refused to anyone else."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        match = answerable(state, actor, expected)
        step = rules.confirm(state.table(match), actor.user_id)
        await persist_step(ctx, match.id, step)
        return await confirmed_outcome(ctx, state, match.id, "Result confirmed")


def answerable(state: EventState, actor: Actor, expected: ReportKey | None) -> MatchRow:
    """The actor's match whose report they answer, refused when it is not the one they saw."""
    if expected is not None and expected.player is not None:
        # A button naming its player: the checks a stale or repeated click meets, before the round's.
        if actor.user_id != expected.player:
            raise TournamentError("Only the opponent named in this report can answer it.")
        mine = state.match_of(actor.user_id, state.current_round)
        if mine is None:
            raise TournamentError("This report is from an earlier round; nothing was changed.")
        rules.check_expected(state.table(mine), expected, actor.user_id)
    require_registered(state, actor)
    match = open_match(state, actor.user_id)
    rules.check_expected(state.table(match), expected, actor.user_id)
    return match


async def dispute_result(
    ctx: TournamentContext,
    actor: Actor,
    event_id: int,
    reason: str = "",
    *,
    expected: ReportKey | None = None,
) -> ReportOutcome:
    """A player disputes the result their opponent reported; the organizers are flagged.
    ``expected`` as for :func:`confirm_result`."""
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        match = answerable(state, actor, expected)
        step = rules.dispute(state.table(match), actor.user_id, reason)
        await persist_step(ctx, match.id, step)
        state = await reload(ctx, state)
        info = match_info(state, state.find(match.id))
        opponent = info.opponent(actor.user_id)
    return ReportOutcome(
        info,
        ResultStatus.DISPUTED,
        "The result is disputed; the organizers are flagged and will decide it.",
        notify=(opponent,) if opponent else (),
        flag_organizers=True,
    )


async def enter_result(
    ctx: TournamentContext,
    actor: Actor,
    event_id: int,
    user_id: UserId,
    wins: int,
    losses: int,
    draws: int = 0,
    *,
    double_loss: bool = False,
    round_number: int | None = None,
) -> ReportOutcome:
    """Organizers enter or override the result of ``user_id``'s match (W-L-D from that player's
    side) in ``round_number`` (default: the current round); it is confirmed at once. Refused once
    the top cut is seeded (the Swiss results are then final)."""
    require_organizer(actor, "enter or override results")
    async with ctx.write():
        state = await load_event(
            ctx, actor, event_id, matches=round_number if round_number is not None else "current"
        )
        return await enter_swiss(
            ctx, actor, state, str(user_id), wins, losses, draws, double_loss, round_number
        )


async def enter_swiss(
    ctx: TournamentContext,
    actor: Actor,
    state: EventState,
    user_id: str,
    wins: int,
    losses: int,
    draws: int,
    double_loss: bool,
    round_number: int | None,
) -> ReportOutcome:
    """An organizer's Swiss result, in the running transaction (see :func:`enter_result`)."""
    e = state.event
    require(Command.ENTER_RESULT, e.status, e.name)
    if await cut_seeded(ctx, state):
        raise TournamentError("The top cut is seeded: the Swiss results are final.")
    player = player_row(state, user_id).player_id
    number = round_number if round_number is not None else state.current_round
    if not 1 <= number <= state.current_round:
        raise TournamentError(f"{e.name} has no round {number} paired.")
    match = state.match_of(player, number)
    if match is None:
        raise TournamentError(f"{state.name_of(player)} was not paired in round {number}.")
    table = state.table(match)
    step = rules.enter(table, actor.user_id, player, wins, losses, draws, double_loss)
    rules.check_score(state.fmt, wins, losses, draws, double_loss)
    # Both results in the table's player order, with the names: what the organizer entered from
    # one player's side and what was reported from either side read the same way.
    text = rules.table_text(table, step.result) + (" (double loss)" if double_loss else "")
    await persist_step(ctx, match.id, step)
    if step.before.result is None:
        action, detail = "enter result", f"round {number}: {text}"
    else:
        action, detail = (
            "override result",
            f"round {number}: {text}, was {rules.describe(table, step.before.result)}",
        )
    await ctx.audit(actor, e.id, action, detail)
    return await confirmed_outcome(
        ctx, state, match.id, "Result entered" if step.before.result is None else "Result overridden"
    )
