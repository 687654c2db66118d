"""The round timer: adjusting the open round's clock, and the reminders due across every guild."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.tournament import TournamentError

from .checks import require_organizer
from .context import TournamentContext
from .info import WARNING_MINUTES, Actor, Reminder, RoundInfo
from .loading import load_event, reload
from .state import confirmed, iso, parse_time
from .summaries import round_info


async def adjust_round_time(ctx: TournamentContext, actor: Actor, event_id: int, minutes: int) -> RoundInfo:
    """Organizers add (or with a negative number, take) minutes to the open round's clock (a deck
    check, a late start). Reminders that are no longer due will be sent again."""
    require_organizer(actor, "change the round clock")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches="current")
        if not state.round_open:
            raise TournamentError(f"{state.event.name} has no round open.")
        row = state.rounds[-1]
        new = row.minutes + int(minutes)
        if not 1 <= new <= 24 * 60:
            raise TournamentError("A round lasts between 1 minute and 24 hours.")
        await ctx.repo.update_round(state.event.id, row.number, minutes=new)
        ends = parse_time(row.started_at) + timedelta(minutes=new)
        now = ctx.clock()
        sent = await ctx.repo.reminders_sent(state.event.id, row.number)
        if sent and now < ends:
            await ctx.repo.clear_reminders(state.event.id, row.number)
            if now >= ends - timedelta(minutes=WARNING_MINUTES) and "10min" in sent:
                await ctx.repo.mark_reminder(state.event.id, row.number, "10min", iso(now))
        await ctx.audit(
            actor, state.event.id, "round clock", f"round {row.number}: {minutes:+d} min, now {new} min"
        )
        state = await reload(ctx, state)
    return round_info(state, row.number)


async def due_reminders(ctx: TournamentContext, now: datetime | None = None) -> list[Reminder]:
    """The round-timer messages due at ``now`` across every guild, marked as sent (so each is
    returned once): "10 minutes left" and "time"."""
    now = now or ctx.clock()
    out: list[Reminder] = []
    async with ctx.write():
        for open_round in await ctx.repo.open_rounds():
            event, rnd = open_round.event, open_round.round
            ends = parse_time(rnd.started_at) + timedelta(minutes=rnd.minutes)
            sent = await ctx.repo.reminders_sent(event.id, rnd.number)
            due: list[str] = []
            if "time" not in sent and now >= ends:
                due = ["time"]
            elif (
                "10min" not in sent
                and rnd.minutes > WARNING_MINUTES
                and now >= ends - timedelta(minutes=WARNING_MINUTES)
            ):
                due = ["10min"]
            if not due:
                continue
            kinds = ["10min", "time"] if due == ["time"] else due
            for kind in kinds:
                await ctx.repo.mark_reminder(event.id, rnd.number, kind, iso(now))
            matches = await ctx.repo.matches(event.id, rnd.number)
            waiting = tuple(
                pid
                for m in matches
                if not confirmed(m)
                for pid in (m.player_a, m.player_b)
                if pid is not None
            )
            tables = [str(m.table_no) for m in matches if not confirmed(m)]
            if due == ["time"]:
                message = (
                    f"{event.name}, round {rnd.number}: time! Finish the game as your game's"
                    " end-of-round procedure says, then report your result."
                )
            else:
                message = f"{event.name}, round {rnd.number}: {WARNING_MINUTES} minutes left."
            if tables:
                message += f" Still playing: table{'s' if len(tables) > 1 else ''} {', '.join(tables)}."
            out.append(
                Reminder(
                    event.id,
                    event.guild_id,
                    event.channel_id,
                    event.name,
                    rnd.number,
                    due[0],
                    message,
                    waiting,
                )
            )
    return out
