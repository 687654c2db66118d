"""Tournament actions, shared by ``cogs/tournament.py`` and the console.

Each takes the :class:`~bot.services.tournaments.Actor` (who asks, their guild, whether the transport
judged them an organizer) and an event as typed (its id, which autocomplete sends, or its name) and
returns a :class:`~bot.reply.Reply`; every refusal (:class:`~engine.errors.ArbiterError`) becomes a
one-sentence private reply through :func:`~bot.actions.common.replies`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from bot.actions.common import replies
from bot.app import App
from bot.render import tournament as tr
from bot.reply import Post, Prompt, Reply, answer, post
from bot.services.tournaments import Actor, EventInfo, ReportKey, TopCutInfo
from engine.errors import ArbiterError
from engine.text import shortened
from engine.tournament import DEFAULT_FLOOR
from engine.tournament.wording import count, each_round

_SCORE = re.compile(r"^\s*(\d{1,2})\s*[-–:/ ]\s*(\d{1,2})(?:\s*[-–:/ ]\s*(\d{1,2}))?\s*$")


def parse_score(text: str) -> tuple[int, int, int]:
    """``"2-1"``, ``"2-1-0"``, ``"2 1"``, ``"1–1–1"`` as ``(wins, losses, draws)``; a clear error else."""
    match = _SCORE.match(text or "")
    if match is None:
        raise ArbiterError(
            f"'{shortened(text or '', 20)}' is not a result: write your games as wins-losses-draws,"
            " e.g. 2-1 or 1-1-1."
        )
    return int(match[1]), int(match[2]), int(match[3] or 0)


async def _event(app: App, actor: Actor, ref: str | int) -> EventInfo:
    if not str(ref).strip():
        raise ArbiterError("Name the event (the event option suggests this server's events).")
    return await app.tournaments.find_event(actor.guild_id, ref)


async def _player_id(app: App, actor: Actor, info: EventInfo, ref: str) -> str:
    """A registered player by id or by name (case-insensitive), as the console types them."""
    return await app.tournaments.find_player(actor, info.id, ref)


def parse_floor(value: int | float | str) -> Fraction:
    """A tiebreaker floor typed as a percentage (``33``, ``33.5``, ``33%``) as the fraction the
    service stores (``33/100``); a clear one-sentence error outside 0 to 100."""
    text = str(value).strip().removesuffix("%").strip()
    try:
        percent = Fraction(text)
    except (ValueError, ZeroDivisionError):
        percent = Fraction(-1)
    if not 0 <= percent <= 100:
        raise ArbiterError(
            f"The tiebreaker floor is a percentage from 0 to 100, not {text[:20] or 'nothing'}"
            " (the Magic rules use 33)."
        )
    return percent / 100


@replies
async def tournament_create(
    app: App,
    actor: Actor,
    name: str,
    game: str | None,
    *,
    channel_id: int | None,
    format: str = "bo3",
    rounds: int | None = None,
    top_cut: int = 0,
    round_minutes: int = 50,
    capacity: int | None = None,
    floor: int | float | str | None = None,
    deck_rules: str | None = None,
) -> Reply:
    """``/tournament create``: the event opens registration at once; the channel it is created in is
    where pairings and reminders go. ``floor`` is the tiebreaker floor as a percentage (default 33);
    ``deck_rules`` names the deck rules its decklists are checked with (default: the game's rules
    document; Duel Masters: ``english-tcg``)."""
    tiebreaker_floor = DEFAULT_FLOOR if floor is None else parse_floor(floor)
    resolved = await app.guilds.game_for(actor.guild_id, game)
    info = await app.tournaments.create_event(
        actor,
        name,
        resolved.key,
        channel_id=channel_id,
        format=format,
        rounds=rounds,
        top_cut=top_cut,
        round_minutes=round_minutes,
        capacity=capacity,
        tiebreaker_floor=tiebreaker_floor,
        deck_rules=deck_rules,
    )
    return answer(
        tr.event_panel(
            info,
            f"**{tr.escape(info.name)}** is open for registration: players join with /tournament register.",
        )
    )


@replies
async def tournament_settings(
    app: App,
    actor: Actor,
    event: str | int,
    *,
    format: str | None = None,
    rounds: int | None = None,
    top_cut: int | None = None,
    round_minutes: int | None = None,
    capacity: int | None = None,
    floor: int | float | str | None = None,
) -> Reply:
    """``/tournament settings`` (organizers): change an event's settings through
    :meth:`~bot.services.tournaments.TournamentService.configure_event` and show the result, privately.

    ``None`` leaves a setting as it is; ``rounds`` 0 means automatic (``max(3, ceil(log2(players)))``
    at the start), ``capacity`` 0 means no limit, ``top_cut`` 0 means none and ``floor`` is a
    percentage. The service refuses what the event's state no longer allows (the format, capacity and
    floor after the start, fewer rounds than are paired...), in one sentence and changing nothing."""
    info = await _event(app, actor, event)
    changes: dict[str, Any] = {}
    said: list[str] = []
    if format is not None:
        changes["format"] = format
        said.append("best-of-1" if format.lower() == "bo1" else "best-of-3")
    if rounds is not None:
        changes["rounds"] = rounds or None
        said.append(f"{rounds} Swiss rounds" if rounds else "automatic Swiss rounds")
    if top_cut is not None:
        changes["top_cut"] = top_cut
        said.append(f"top {top_cut}" if top_cut else "no top cut")
    if round_minutes is not None:
        changes["round_minutes"] = round_minutes
        said.append(f"{round_minutes}-minute rounds")
    if capacity is not None:
        changes["capacity"] = capacity or None
        said.append(f"capacity {capacity}" if capacity else "no capacity limit")
    if floor is not None:
        changes["tiebreaker_floor"] = parse_floor(floor)
        said.append(f"tiebreaker floor {tr.floor_text(changes['tiebreaker_floor'])}")
    info = await app.tournaments.configure_event(actor, info.id, **changes)
    return answer(
        tr.event_panel(
            info, f"Settings of **{tr.escape(info.name)}** changed: {', '.join(said)}.", private=True
        )
    )


@replies
async def tournament_list(app: App, guild_id: int) -> Reply:
    """``/tournament list``: the server's unfinished events."""
    return answer(tr.events_panel(await app.tournaments.list_events(guild_id)))


@replies
async def tournament_info(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament info``: one event's settings and state."""
    info = await _event(app, actor, event)
    return answer(tr.event_panel(info, info.label))


@replies
async def tournament_registration(app: App, actor: Actor, event: str | int, *, open_: bool) -> Reply:
    """``/tournament registration open|close`` (organizers)."""
    info = await _event(app, actor, event)
    if open_:
        info = await app.tournaments.open_registration(actor, info.id)
        return answer(tr.event_panel(info, "Registration is open: players join with /tournament register."))
    info = await app.tournaments.close_registration(actor, info.id)
    return answer(tr.event_panel(info, "Registration is closed; organizers can still add players."))


@replies
async def tournament_register(app: App, actor: Actor, event: str | int, display_name: str) -> Reply:
    """``/tournament register``: the asker joins the event under their display name."""
    info = await _event(app, actor, event)
    player = await app.tournaments.register(actor, info.id, display_name)
    after = await app.tournaments.event(actor, info.id)
    seats = f"{after.players} of {count(after.capacity, 'player')}" if after.capacity else ""
    return answer(
        tr.message_panel(
            after.name,
            f"{tr.name(player.name)} is registered ({seats or count(after.players, 'player')})."
            " Submit your decklist"
            " with /tournament decklist submit; drop with /tournament drop.",
            private=True,
        )
    )


@replies
async def tournament_drop(app: App, actor: Actor, event: str | int, player: str | None = None) -> Reply:
    """``/tournament drop``: the asker drops (or an organizer drops ``player``); after pairings the
    current match is conceded."""
    info = await _event(app, actor, event)
    target = None if player is None else await _player_id(app, actor, info, player)
    outcome = await app.tournaments.drop(actor, info.id, target)
    return tr.drop_answer(outcome, await app.tournaments.event(actor, info.id))


@replies
async def tournament_add_player(
    app: App, actor: Actor, event: str | int, player_id: str, display_name: str
) -> Reply:
    """``/tournament player add`` (organizers): beyond the capacity or with registration closed if
    need be; once the event runs, a late entry who takes a loss for each round missed."""
    info = await _event(app, actor, event)
    player = await app.tournaments.add_player(actor, info.id, player_id, display_name)
    text = f"{tr.name(player.name)} is added to {tr.escape(info.name)}."
    if player.late_from_round > 1:
        text += (
            f" Late entry: paired from round {player.late_from_round}, with a loss for"
            f" {each_round(1, player.late_from_round - 1)}."
        )
    return answer(tr.message_panel(info.name, text, private=True))


@replies
async def tournament_remove_player(app: App, actor: Actor, event: str | int, player: str) -> Reply:
    """``/tournament player remove`` (organizers): a registration deleted before the start, a drop after."""
    info = await _event(app, actor, event)
    target = await _player_id(app, actor, info, player)
    outcome = await app.tournaments.remove_player(actor, info.id, target)
    return tr.drop_answer(outcome, await app.tournaments.event(actor, info.id))


@replies
async def tournament_players(app: App, actor: Actor, event: str | int, page: int = 0) -> Reply:
    """``/tournament players``: everyone registered, paged."""
    info = await _event(app, actor, event)
    panel, pager = tr.players_panel(info, await app.tournaments.players(actor, info.id), page)
    return answer(panel, pager=pager)


@replies
async def tournament_submit_decklist(
    app: App, actor: Actor, event: str | int, text: str, player: str | None = None
) -> Reply:
    """``/tournament decklist submit``: save and check a decklist; the summary is private."""
    info = await _event(app, actor, event)
    target = None if player is None else await _player_id(app, actor, info, player)
    deck = await app.tournaments.submit_decklist(actor, info.id, text, user_id=target)
    return answer(tr.decklist_panel(deck, event_name=info.name, submitted=True))


@replies
async def tournament_decklist(app: App, actor: Actor, event: str | int, player: str | None = None) -> Reply:
    """``/tournament decklist view``: one's own list; organizers anyone's. Always private."""
    info = await _event(app, actor, event)
    target = None if player is None else await _player_id(app, actor, info, player)
    deck = await app.tournaments.decklist(actor, info.id, target)
    return answer(tr.decklist_panel(deck, event_name=info.name))


@replies
async def tournament_export_decklists(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament decklist export`` (organizers): every list in one text file, for deck checks."""
    info = await _event(app, actor, event)
    text = await app.tournaments.export_decklists(actor, info.id)
    count = sum(1 for line in text.splitlines() if line.startswith("## "))
    return answer(
        tr.file_panel(
            f"{info.name}: decklists",
            f"{count} decklist{'s' if count != 1 else ''} attached.",
            {f"{_slug(info.name)}-decklists.txt": text},
        )
    )


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")[:60] or "event"


@replies
async def tournament_start(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament start`` (organizers): registration closes, decklists lock, the rounds are fixed.
    The organizer sees who has no or an illegal decklist; the channel gets an announcement."""
    info = await _event(app, actor, event)
    outcome = await app.tournaments.start_event(actor, info.id)
    return answer(tr.start_panel(outcome), posts=(tr.start_post(outcome),))


@replies
async def tournament_pair(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament pair`` (organizers): the next Swiss round, posted in the event's channel with
    mentions of the paired players."""
    info = await _event(app, actor, event)
    rnd = await app.tournaments.pair_next_round(actor, info.id)
    panel, pager = tr.round_panel(rnd, app.tournaments.clock())
    return answer(replace(panel, private=True), posts=tuple(tr.pairing_posts(rnd)), pager=pager)


@replies
async def tournament_pairings(
    app: App, actor: Actor, event: str | int, round_number: int | None = None, page: int = 0
) -> Reply:
    """``/tournament pairings``: a round's tables and results (default: the current round), paged."""
    info = await _event(app, actor, event)
    rnd = await app.tournaments.pairings(actor, info.id, round_number or None)
    panel, pager = tr.round_panel(rnd, app.tournaments.clock(), page)
    return answer(panel, pager=pager)


def _cut_answer(cut: TopCutInfo) -> Reply:
    """The bracket after a top cut result; the channel hears of a new round or the champion."""
    posts = tr.topcut_posts(cut) if cut.champion is not None or tr.topcut_round_started(cut) else []
    return answer(tr.topcut_panel(cut), posts=tuple(posts))


@replies
async def tournament_report(
    app: App, actor: Actor, event: str | int, result: str, *, double_loss: bool = False
) -> Reply:
    """``/tournament report``: W-L-D from the reporter's side; the opponent confirms. In the top cut
    the player who lost reports (e.g. 0-2) and the bracket moves on at once."""
    info = await _event(app, actor, event)
    wins, losses, draws = parse_score(result)
    outcome = await app.tournaments.report(actor, info.id, wins, losses, draws, double_loss=double_loss)
    if isinstance(outcome, TopCutInfo):
        return _cut_answer(outcome)
    after = await app.tournaments.event(actor, info.id) if outcome.round_closed else info
    return tr.report_answer(outcome, after, actor.user_id)


def _expected(prompt: Prompt | None) -> ReportKey | None:
    """The report a button showed, checked again inside the service's transaction."""
    return None if prompt is None else ReportKey(prompt.round, prompt.table, prompt.score, prompt.player)


@replies
async def tournament_confirm(
    app: App, actor: Actor, event: str | int, *, prompt: Prompt | None = None
) -> Reply:
    """``/tournament confirm`` (or the Confirm button of a report): the opponent's report stands."""
    info = await _event(app, actor, event)
    outcome = await app.tournaments.confirm_result(actor, info.id, expected=_expected(prompt))
    after = await app.tournaments.event(actor, info.id) if outcome.round_closed else info
    return tr.outcome_answer(outcome, after)


@replies
async def tournament_dispute(
    app: App, actor: Actor, event: str | int, reason: str = "", *, prompt: Prompt | None = None
) -> Reply:
    """``/tournament dispute`` (or the Dispute button): the organizers are flagged and decide."""
    info = await _event(app, actor, event)
    outcome = await app.tournaments.dispute_result(actor, info.id, reason, expected=_expected(prompt))
    return tr.disputed_answer(outcome, info)


@replies
async def tournament_result(
    app: App,
    actor: Actor,
    event: str | int,
    player: str,
    result: str,
    *,
    round_number: int | None = None,
    double_loss: bool = False,
) -> Reply:
    """``/tournament result`` (organizers): enter or override ``player``'s match, W-L-D from that
    player's side (any Swiss round); in the top cut it records the match's winner."""
    info = await _event(app, actor, event)
    if not actor.is_organizer:
        raise ArbiterError("Only tournament organizers can enter or override results.")
    target = await _player_id(app, actor, info, player)
    wins, losses, draws = parse_score(result)
    outcome = await app.tournaments.enter(
        actor, info.id, target, wins, losses, draws, double_loss=double_loss, round_number=round_number
    )
    if isinstance(outcome, TopCutInfo):
        return _cut_answer(outcome)
    after = await app.tournaments.event(actor, info.id) if outcome.round_closed else info
    return tr.outcome_answer(outcome, after)


@replies
async def tournament_missing(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament missing``: the current round's matches still without a confirmed result; in the
    top cut, its current round's matches without a winner."""
    info = await _event(app, actor, event)
    outstanding = await app.tournaments.outstanding(actor, info.id)
    if isinstance(outstanding, TopCutInfo):
        return answer(tr.topcut_missing_panel(outstanding))
    return answer(tr.missing_panel(outstanding, app.tournaments.clock()))


@replies
async def tournament_standings(
    app: App, actor: Actor, event: str | int, page: int = 0, round_number: int | None = None
) -> Reply:
    """``/tournament standings``: after the last complete round (or ``round_number``), paged."""
    info = await _event(app, actor, event)
    standings = await app.tournaments.standings(actor, info.id, round_number or None)
    panel, pager = tr.standings_panel(standings, page)
    return answer(panel, pager=pager)


@replies
async def tournament_topcut(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament topcut``: the bracket. After the last Swiss round, an organizer's first call seeds
    it from the standings and posts the first round with mentions of its players."""
    info = await _event(app, actor, event)
    cut_info, seeded = await app.tournaments.open_top_cut(actor, info.id)
    return answer(tr.topcut_panel(cut_info), posts=tuple(tr.topcut_posts(cut_info)) if seeded else ())


@replies
async def tournament_export(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament export``: the event as JSON and CSV files (decklists too for organizers)."""
    info = await _event(app, actor, event)
    export = await app.tournaments.export(actor, info.id)
    extra = " Decklists are included." if actor.is_organizer else ""
    return answer(
        tr.file_panel(
            f"{info.name}: export",
            f"Rounds, results and standings with every tiebreaker, as JSON and CSV.{extra}",
            export.files,
        )
    )


@replies
async def tournament_log(app: App, actor: Actor, event: str | int | None, page: int = 0) -> Reply:
    """``/tournament log`` (organizers): every organizer action on the event, newest first; without an
    event (or event id 0, from a page button), the server's own entries (the organizer role)."""
    if event is None or str(event).strip() in ("", "0"):
        panel, pager = tr.log_panel(None, await app.tournaments.guild_log(actor), page)
        return answer(panel, pager=pager)
    info = await _event(app, actor, event)
    panel, pager = tr.log_panel(info, await app.tournaments.log(actor, info.id), page)
    return answer(panel, pager=pager)


@replies
async def tournament_time(app: App, actor: Actor, event: str | int, minutes: int) -> Reply:
    """``/tournament time`` (organizers): add (or take) minutes on the open round's clock."""
    info = await _event(app, actor, event)
    rnd = await app.tournaments.adjust_round_time(actor, info.id, minutes)
    left = rnd.seconds_left(app.tournaments.clock()) // 60
    return answer(
        tr.message_panel(
            info.name,
            f"Round {rnd.number} now lasts {count(rnd.minutes, 'minute')} ({minutes:+d});"
            f" {count(left, 'minute')} left.",
            private=True,
        ),
        posts=(
            post(
                info.channel_id,
                f"**{tr.escape(info.name)}**: round {rnd.number} clock {minutes:+d}"
                f" minute{'' if abs(minutes) == 1 else 's'},"
                f" ends <t:{int(rnd.ends_at.timestamp())}:t>.",
            ),
        ),
    )


@replies
async def tournament_cancel(app: App, actor: Actor, event: str | int) -> Reply:
    """``/tournament cancel`` (organizers): end the event as it stands; nothing is deleted."""
    info = await _event(app, actor, event)
    info = await app.tournaments.cancel_event(actor, info.id)
    return answer(tr.event_panel(info, f"{tr.escape(info.name)} is ended; its results and log are kept."))


@replies
async def tournament_organizer_role(app: App, actor: Actor, role_id: int | None) -> Reply:
    """``/tournament organizer-role set`` (server admins): who may run events besides admins."""
    role = await app.tournaments.set_organizer_role(actor, role_id)
    text = (
        f"Members with <@&{role}> are now tournament organizers (as is anyone with Manage Server)."
        if role
        else "The organizer role is cleared: only members with Manage Server run events."
    )
    return answer(tr.message_panel("Tournament organizers", text, private=True))


async def tournament_reminders(app: App, now: datetime | None = None) -> list[Post]:
    """The round-timer posts due now across every server: "10 minutes left" to the channel, and at
    time the players still playing mentioned, so they report."""
    posts: list[Post] = []
    for reminder in await app.tournaments.due_reminders(now):
        posts.extend(
            tr.reminder_posts(
                reminder.channel_id, reminder.message, reminder.waiting_on, ping=reminder.kind == "time"
            )
        )
    return posts
