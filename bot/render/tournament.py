"""Tournament answers as transport-neutral :class:`~bot.reply.Reply` values: panels (embeds in Discord,
text in the console), posts for the event's channel with the only users they may mention, pagers and
confirm prompts.

Everything here stays within Discord's limits through :mod:`bot.render.limits` and
:func:`~bot.render.panel.make_panel`; nothing imports discord. Decisions a player on a phone cares about:

- Standings are one line per player (rank, name, points and record, then OMW%, GW% and OGW%), twenty
  per page, rather than a wide monospace table that a phone would wrap or scroll sideways.
- Percentages are shown with two decimals, rounded half up from the exact fractions the engine
  computes (the same values as the export's four-place decimals).
- Pairings posted in the event's channel mention the paired players (that is how a player learns their
  table); each post stays under 2,000 characters and mentions at most 80 users (Discord caps an
  allowed-mentions list at 100), so a 512-player round is a handful of posts.
- Player names are the users' display names, with Discord's markdown characters escaped so that a name
  like ``*star*`` is shown as typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from fractions import Fraction

from bot.render import limits
from bot.render.panel import Panel, make_panel
from bot.reply import Mentions, Pager, Post, Prompt, Reply, answer, post
from bot.services.tournaments import (
    AuditEntry,
    DecklistInfo,
    DropOutcome,
    EventInfo,
    MatchInfo,
    PlayerInfo,
    ReportOutcome,
    RoundInfo,
    StandingsInfo,
    StartOutcome,
    TopCutInfo,
    report_key,
)
from engine.games import GAMES
from engine.tournament.lifecycle import EventStatus
from engine.tournament.reporting import ResultStatus
from engine.tournament.wording import count

STANDINGS_PER_PAGE = 20
LINES_PER_PAGE = 25
TABLES_PER_POST = 40
"""Tables per pairings post: at most 80 mentions, below Discord's 100 per allowed-mentions list."""
NAME_WIDTH = 40
DECK_IN_EMBED = 3500
"""A decklist longer than this is attached as a text file instead of shown in the embed."""

STATE_MARKS = {
    ResultStatus.CONFIRMED: "✅",
    ResultStatus.REPORTED: "⏳ awaiting confirmation",
    ResultStatus.DISPUTED: "⚠️ disputed",
    "unreported": "",
    "bye": "",
}

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]])")


# small pieces ------------------------------------------------------------------------------------------


def escape(text: str) -> str:
    """``text`` with Discord's markdown characters escaped (user-chosen names)."""
    return _MARKDOWN.sub(r"\\\1", text)


def name(text: str | None, width: int = NAME_WIDTH) -> str:
    """A player's name for display: cut to ``width`` and escaped."""
    return escape(limits.truncate(text or "?", width))


def mention(player_id: str | None, fallback: str | None = None) -> str:
    """``<@id>`` for a Discord user id, else the escaped name (console guests)."""
    if player_id is not None and player_id.isdigit():
        return f"<@{player_id}>"
    return name(fallback or player_id)


def user_ids(player_ids: Sequence[str | None]) -> tuple[int, ...]:
    """The Discord user ids among ``player_ids``, in order, without repeats."""
    out: list[int] = []
    for pid in player_ids:
        if pid is not None and pid.isdigit() and int(pid) not in out:
            out.append(int(pid))
    return tuple(out)


def percent(value: Fraction) -> str:
    """``0.61979…`` as ``61.98%``, rounded half up from the exact fraction."""
    whole = int(value * 10_000 + Fraction(1, 2))
    return f"{whole // 100}.{whole % 100:02d}%"


def floor_text(value: Fraction) -> str:
    """A tiebreaker floor as a percentage: ``33%``, or ``33.33%`` when it is not a whole percent."""
    hundred = value * 100
    return f"{hundred.numerator}%" if hundred.denominator == 1 else percent(value)


def score_key(match: MatchInfo) -> str:
    """The reported result of ``match`` as a short fingerprint (``2-1-0`` or ``0-0-0d``)."""
    return report_key(match.result)


def format_name(info: EventInfo) -> str:
    return "best-of-1" if info.format.value == "bo1" else "best-of-3"


def game_name(key: str) -> str:
    game = GAMES.get(key)
    return game.name if game else key


def paginate(
    lines: Sequence[str], per_page: int = LINES_PER_PAGE, limit: int = limits.PAGE_BODY
) -> list[str]:
    """Lines grouped into pages of at most ``per_page`` lines and ``limit`` characters (a longer line
    is cut). Always at least one page."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = limits.truncate(line, limit)
        if current and (len(current) >= per_page or size + 1 + len(line) > limit):
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current or not pages:
        pages.append("\n".join(current))
    return pages


def _page_footer(base: str, page: int, pages: int) -> str:
    return f"{base} · page {page + 1}/{pages}" if pages > 1 else base


def _clamp(page: int, pages: int) -> int:
    return max(0, min(page, pages - 1))


def message_panel(title: str, body: str, *, private: bool = False) -> Panel:
    return make_panel(title, body, private=private)


# events -----------------------------------------------------------------------------------------------


def event_fields(info: EventInfo) -> list[tuple[str, str]]:
    """The settings of an event as embed fields."""
    if info.rounds is not None:
        rounds = str(info.rounds)
    else:
        rounds = f"auto ({info.swiss_rounds} for {count(info.players, 'player')})"
    players = str(info.players) + (f" ({info.dropped} dropped)" if info.dropped else "")
    if info.capacity:
        players += f" of {info.capacity}"
    fields = [
        ("Game", game_name(info.game)),
        ("Format", format_name(info)),
        ("Swiss rounds", rounds),
        ("Top cut", f"top {info.top_cut}" if info.top_cut else "none"),
        ("Round length", count(info.round_minutes, "minute")),
        ("Tiebreaker floor", floor_text(info.tiebreaker_floor)),
        ("Deck rules", info.deck_rules_label or "the game's rules document"),
        ("Players", players),
        ("Status", info.label.removeprefix(info.name).strip(" ()")),
    ]
    if info.channel_id:
        fields.append(("Channel", f"<#{info.channel_id}>"))
    return fields


def event_panel(info: EventInfo, message: str, *, private: bool = False) -> Panel:
    """One event: a sentence about what just happened, then its settings."""
    return make_panel(
        info.name,
        message,
        fields=event_fields(info),
        footer=f"Event {info.id} · seed SHA-256 {info.seed_hash}",
        private=private,
    )


def events_panel(events: Sequence[EventInfo]) -> Panel:
    """The server's unfinished events."""
    if not events:
        return make_panel(
            "Tournaments", "This server has no event running. Organizers create one with /tournament create."
        )
    lines = [
        f"**{name(e.name, 80)}** · {game_name(e.game)} · {format_name(e)} · "
        f"{e.label.removeprefix(e.name).strip(' ()')} · {e.players} player{'s' if e.players != 1 else ''}"
        for e in events
    ]
    return make_panel("Tournaments", paginate(lines, 40)[0], footer=count(len(events), "event"))


def players_panel(info: EventInfo, players: Sequence[PlayerInfo], page: int = 0) -> tuple[Panel, Pager]:
    """Everyone registered, in registration order."""
    lines = []
    for i, p in enumerate(players, 1):
        notes = []
        if p.late_from_round > 1:
            notes.append(f"late, from round {p.late_from_round}")
        if p.dropped:
            notes.append(f"dropped after round {p.dropped_after_round}")
        if p.has_decklist:
            notes.append("decklist")
        lines.append(f"{i}. {name(p.name)}" + (f" · {', '.join(notes)}" if notes else ""))
    pages = paginate(lines or ["Nobody has registered yet."], 40)
    page = _clamp(page, len(pages))
    panel = make_panel(
        f"{info.name}: players",
        pages[page],
        footer=_page_footer(
            count(info.players, "player") + (f", {info.dropped} dropped" if info.dropped else ""),
            page,
            len(pages),
        ),
        commands=[f'/tournament players "{info.name}" page:{page + 2}'] if page + 1 < len(pages) else [],
    )
    return panel, Pager("players", info.id, 0, page, len(pages))


# registration and decklists ---------------------------------------------------------------------------


def drop_panel(outcome: DropOutcome) -> Panel:
    """A drop or an unregistration, shown to the asker only."""
    return make_panel(
        "Dropped" if outcome.after_round is not None else "Registration", outcome.message, private=True
    )


def start_panel(outcome: StartOutcome) -> Panel:
    """The organizer's view of the start: who has no decklist or an illegal one."""
    fields = []
    if outcome.missing_decklists:
        fields.append(("No decklist", ", ".join(name(n, 32) for n in outcome.missing_decklists)))
    if outcome.invalid_decklists:
        fields.append(
            ("Decklist breaks the deck rules", ", ".join(name(n, 32) for n in outcome.invalid_decklists))
        )
    info = outcome.event
    return make_panel(
        info.name,
        outcome.message + " Pair round 1 with /tournament pair.",
        fields=fields + event_fields(info),
        footer=f"Event {info.id} · seed SHA-256 {info.seed_hash}",
        private=True,
    )


def start_post(outcome: StartOutcome) -> Post:
    info = outcome.event
    return post(
        info.channel_id,
        f"**{escape(info.name)}** has started: {count(info.players, 'player')},"
        f" {count(info.swiss_rounds, 'Swiss round')} of {format_name(info)},"
        f" {count(info.round_minutes, 'minute')} each"
        + (f", then a top {info.top_cut}" if info.top_cut else "")
        + ". Decklists are locked; round 1 pairings follow.",
    )


def decklist_panel(deck: DecklistInfo, *, event_name: str, submitted: bool = False) -> Panel:
    """A decklist with its validation, always private. A long list comes as a text file."""
    status = {None: "not checked", True: "legal", False: "breaks the deck rules"}[deck.valid]
    head = "Decklist saved" if submitted else f"{name(deck.player_name)}'s decklist"
    fields = [("Check", limits.truncate(f"{status}: {deck.summary}", limits.FIELD_VALUE))]
    if deck.problems:
        fields.append(("Problems", "\n".join(f"• {p}" for p in deck.problems)))
    footer = f"{event_name} · submitted {deck.submitted_at}" + (" · locked" if deck.locked else "")
    text = deck.text.replace("```", "'''")
    long = len(text) > DECK_IN_EMBED
    body = "The list is attached." if long else f"```\n{text}\n```"
    panel = make_panel(head, body, fields=fields, footer=footer, private=True)
    if long:
        panel = replace(panel, files=((f"decklist-{deck.user_id}.txt", deck.text.encode()),))
    return panel


def file_panel(title: str, body: str, files: dict[str, str], *, private: bool = True) -> Panel:
    """An answer carrying text files (exports)."""
    panel = make_panel(title, body, private=private)
    return replace(panel, files=tuple((n, text.encode()) for n, text in files.items()))


# rounds -----------------------------------------------------------------------------------------------


def verdict(m: MatchInfo) -> str:
    """The result as people say it: ``Alice wins 2-1``, ``draw 1-1-1``, ``double loss``."""
    r = m.result
    if m.is_bye:
        return f"{name(m.name_a)} has the bye"
    if r is None:
        return "no result yet"
    if r.double_loss:
        return f"double loss ({r.wins_a}-{r.wins_b}-{r.draws})"
    tail = f"-{r.draws}" if r.draws else ""
    if r.wins_a > r.wins_b:
        return f"{name(m.name_a)} wins {r.wins_a}-{r.wins_b}{tail}"
    if r.wins_b > r.wins_a:
        return f"{name(m.name_b)} wins {r.wins_b}-{r.wins_a}{tail}"
    return f"draw {r.wins_a}-{r.wins_b}{tail}"


def _table_line(m: MatchInfo) -> str:
    if m.is_bye:
        return f"**{m.table}.** {name(m.name_a)} has the bye"
    line = f"**{m.table}.** {name(m.name_a)} vs {name(m.name_b)}"
    if m.result is not None:
        line += f" — {verdict(m)} {STATE_MARKS.get(m.result.status, m.result.status)}".rstrip()
    return line


def round_panel(rnd: RoundInfo, now: datetime, page: int = 0) -> tuple[Panel, Pager]:
    """A round's tables and results, paged."""
    info = rnd.event
    pages = paginate([_table_line(m) for m in rnd.matches], 30)
    page = _clamp(page, len(pages))
    done = len(rnd.matches) - len(rnd.missing)
    if rnd.closed:
        clock = "complete"
    else:
        left = rnd.seconds_left(now)
        clock = f"{left // 60} min left" if left else "time is up"
        clock += f" · {done}/{len(rnd.matches)} results"
    panel = make_panel(
        f"{info.name}: round {rnd.number} of {info.swiss_rounds}",
        pages[page],
        footer=_page_footer(f"{count(len(rnd.matches), 'table')} · {clock}", page, len(pages)),
        commands=[f'/tournament pairings "{info.name}" {rnd.number} page:{page + 2}']
        if page + 1 < len(pages)
        else [],
    )
    return panel, Pager("pairings", info.id, rnd.number, page, len(pages))


def pairing_posts(rnd: RoundInfo) -> list[Post]:
    """The round's pairings for the event's channel: each paired player mentioned, the bye last,
    within 2,000 characters and :data:`TABLES_PER_POST` tables per post."""
    info = rnd.event
    ends = int(rnd.ends_at.timestamp())
    header = (
        f"**{escape(info.name)}: round {rnd.number} of {info.swiss_rounds}**"
        f" ({count(len(rnd.matches), 'table')}, "
        f"{count(rnd.minutes, 'minute')}, ends <t:{ends}:t>). Report with `/tournament report`."
    )
    lines = []
    for m in rnd.matches:
        if m.is_bye:
            lines.append((f"Table {m.table}: {mention(m.player_a, m.name_a)} has the bye", m.players))
        else:
            lines.append(
                (
                    f"Table {m.table}: {mention(m.player_a, m.name_a)} vs {mention(m.player_b, m.name_b)}",
                    m.players,
                )
            )
    return [replace(post, play_event=info.id) for post in _posts(info.channel_id, header, lines)]


def _posts(channel_id: int | None, header: str, lines: Sequence[tuple[str, tuple[str, ...]]]) -> list[Post]:
    """``header`` then ``lines`` in as few posts as the limits allow; each post mentions the players of
    its own lines only."""
    posts: list[Post] = []
    players: list[str | None] = []
    text, count = header, 0
    for line, who in lines:
        if count >= TABLES_PER_POST or len(text) + 1 + len(line) > limits.CONTENT:
            posts.append(post(channel_id, text, user_ids(players)))
            text, players, count = "", [], 0
        text = f"{text}\n{line}" if text else line
        players.extend(who)
        count += 1
    if text:
        posts.append(post(channel_id, text, user_ids(players)))
    return posts


def missing_panel(rnd: RoundInfo, now: datetime) -> Panel:
    """The open round's matches without a confirmed result, with what each is waiting for."""
    info = rnd.event
    lines = []
    for m in rnd.missing:
        if m.result is None:
            state = "no result reported"
        elif m.result.status is ResultStatus.REPORTED:
            reporter = m.result.reported_by
            waiting = m.name_b if reporter == m.player_a else m.name_a
            state = f"awaiting {name(waiting)}'s confirmation"
        else:
            state = "⚠️ disputed: an organizer decides with /tournament result"
            if m.result.note:
                state += f" ({limits.truncate(m.result.note, 200)})"
        lines.append(f"**{m.table}.** {name(m.name_a)} vs {name(m.name_b)} — {state}")
    if rnd.closed or not lines:
        body = f"Every match of round {rnd.number} has a confirmed result."
    else:
        body = paginate(lines, 40)[0]
        if len(lines) > 40:
            body += f"\n… and {len(lines) - 40} more."
    left = rnd.seconds_left(now)
    clock = "complete" if rnd.closed else (f"{left // 60} min left" if left else "time is up")
    return make_panel(
        f"{info.name}: round {rnd.number}, {len(rnd.missing)} match{'es' if len(rnd.missing) != 1 else ''} "
        "without a result",
        body,
        footer=f"{count(len(rnd.matches), 'table')} · {clock}",
    )


def _closing(event: EventInfo, number: int, closed: bool) -> str:
    if not closed:
        return ""
    text = f" Round {number} is complete."
    return text + (" The event is finished." if event.status is EventStatus.FINISHED else "")


def report_answer(outcome: ReportOutcome, event: EventInfo, reporter: str) -> Reply:
    """A player's report: who won, and the opponent's confirm prompt when one is needed.
    ``event`` is the event as it is after the report."""
    m = outcome.match
    if outcome.flag_organizers:
        return disputed_answer(outcome, event)
    if outcome.state != ResultStatus.REPORTED:
        return outcome_answer(outcome, event, "Confirmed: both players reported the same result")
    opponent = m.opponent(reporter) or ""
    reporter_name, opponent_name = (m.name_a, m.name_b) if reporter == m.player_a else (m.name_b, m.name_a)
    body = (
        f"{name(reporter_name)} reports: **{verdict(m)}**.\n{name(opponent_name)}: confirm or dispute with"
        " the buttons below (or /tournament confirm)."
    )
    mentions = user_ids([opponent])
    return answer(
        make_panel(f"{event.name}: round {m.round}, table {m.table}", body),
        prompt=Prompt(event.id, m.round, m.table, opponent, score_key(m)),
        content=f"{mention(opponent)}, please confirm this result." if mentions else "",
        mentions=Mentions(users=mentions),
    )


def disputed_answer(outcome: ReportOutcome, event: EventInfo) -> Reply:
    """A disputed match: the organizers are flagged (the transport mentions their role)."""
    m = outcome.match
    note = m.result.note if m.result and m.result.note else ""
    body = f"{outcome.message}\n{_table_line(m)}"
    if note:
        body += f"\n> {escape(limits.truncate(note, 300))}"
    body += f"\nOrganizers: decide with `/tournament result` (round {m.round})."
    return answer(
        make_panel(f"{event.name}: round {m.round}, table {m.table} disputed", body),
        content=f"⚠️ {escape(event.name)}: round {m.round}, table {m.table} needs an organizer.",
        mentions=Mentions(organizers=True),
    )


def outcome_answer(outcome: ReportOutcome, event: EventInfo, what: str | None = None) -> Reply:
    """A confirmed result (a confirmation or an organizer's entry); ``event`` as it is afterwards."""
    m = outcome.match
    if what is None:
        r = m.result
        what = "Overridden by an organizer" if r is not None and r.overridden_by else "Confirmed"
        if r is not None and not r.overridden_by and r.reported_by == r.confirmed_by:
            what = "Entered by an organizer"
    body = f"{what}: **{verdict(m)}**.{_closing(event, m.round, outcome.round_closed)}"
    return answer(
        make_panel(f"{event.name}: round {m.round}, table {m.table}", f"{body}\n{_table_line(m)}"),
        posts=round_closed_posts(event, m.round, outcome.round_closed),
    )


def round_closed_posts(event: EventInfo, number: int | None, closed: bool) -> tuple[Post, ...]:
    """A note in the event's channel when the last result of a round comes in, saying what comes
    next; ``event`` as it is after that result."""
    if not closed or number is None:
        return ()
    text = f"**{escape(event.name)}**: round {number} is complete."
    if event.status is EventStatus.FINISHED:
        text += " The event is finished: see `/tournament standings`."
    elif number >= event.swiss_rounds:
        text += " That was the last Swiss round: organizers seed the top cut with `/tournament topcut`."
    else:
        text += f" Organizers: pair round {number + 1} with `/tournament pair`."
    return (post(event.channel_id, text),)


def drop_answer(outcome: DropOutcome, event: EventInfo) -> Reply:
    """A drop; ``event`` as it is afterwards (a conceded match may have closed the round)."""
    return answer(
        drop_panel(outcome), posts=round_closed_posts(event, outcome.after_round, outcome.round_closed)
    )


# standings and the top cut ----------------------------------------------------------------------------


def standings_panel(info: StandingsInfo, page: int = 0) -> tuple[Panel, Pager]:
    """Standings, twenty players a page: rank, player, points (record), OMW%, GW%, OGW%."""
    event = info.event
    lines = []
    for row in info.rows:
        line = (
            f"**{row.rank}.** {name(row.name, 32)} — **{row.match_points}**"
            f" {'pt' if row.match_points == 1 else 'pts'} ({row.record})"
            f" · OMW {percent(row.omw)} · GW {percent(row.gwp)} · OGW {percent(row.ogw)}"
        )
        if row.dropped:
            line += " · dropped"
        lines.append(line)
    if not lines:
        lines = ["Nobody is registered."]
    pages = paginate(lines, STANDINGS_PER_PAGE)
    page = _clamp(page, len(pages))
    when = (
        "final"
        if info.final
        else (f"after round {info.through_round}" if info.through_round else "before round 1")
    )
    floor = percent(event.tiebreaker_floor)
    base = f"{count(len(info.rows), 'player')} · {when} · tiebreakers: OMW%, GW%, OGW% (floor {floor})"
    panel = make_panel(
        f"{event.name}: standings",
        pages[page],
        footer=_page_footer(base, page, len(pages)),
        commands=[f'/tournament standings "{event.name}" page:{page + 2}'] if page + 1 < len(pages) else [],
    )
    return panel, Pager("standings", event.id, info.through_round, page, len(pages))


CUT_ROUND_NAMES = {1: "Final", 2: "Semifinals", 3: "Quarterfinals", 4: "Round of 16"}


def cut_round_name(info: TopCutInfo, number: int) -> str:
    total = info.size.bit_length() - 1
    return CUT_ROUND_NAMES.get(total - number + 1, f"Round {number}")


def topcut_panel(info: TopCutInfo) -> Panel:
    """The bracket: each round's matches with seeds and winners."""
    fields = []
    for number, matches in enumerate(info.rounds, 1):
        lines = []
        for m in matches:
            line = f"({m.seed_a}) {name(m.name_a, 30)} vs ({m.seed_b}) {name(m.name_b, 30)}"
            if m.winner is not None:
                winner = m.name_a if m.winner == m.player_a else m.name_b
                line += f" — **{name(winner, 30)}** wins"
            lines.append(line)
        fields.append((cut_round_name(info, number), "\n".join(lines)))
    if info.champion is not None:
        body = f"🏆 **{name(info.champion_name)}** wins {escape(info.event.name)}!"
    else:
        body = "The player who loses a top cut match reports it with `/tournament report` (e.g. 0-2)."
        if info.message:
            body = f"{escape(info.message)}\n{body}"
    return make_panel(f"{info.event.name}: top {info.size}", body, fields=fields)


def topcut_missing_panel(info: TopCutInfo) -> Panel:
    """The current top cut round's matches without a winner (``/tournament missing`` in the cut)."""
    waiting = [m for m in info.current_matches if m.winner is None]
    if info.current_round is None:
        body = f"The top cut is decided: {name(info.champion_name)} wins."
        title = f"{info.event.name}: top {info.size}, finished"
    else:
        lines = [f"({m.seed_a}) {name(m.name_a, 30)} vs ({m.seed_b}) {name(m.name_b, 30)}" for m in waiting]
        body = "\n".join(lines) or "Every match of this round has a winner."
        body += "\nThe player who loses reports it with `/tournament report` (e.g. 0-2)."
        title = (
            f"{info.event.name}: {cut_round_name(info, info.current_round).lower()}, "
            f"{len(waiting)} match{'es' if len(waiting) != 1 else ''} without a winner"
        )
    return make_panel(title, body)


def topcut_posts(info: TopCutInfo) -> list[Post]:
    """The current bracket round for the event's channel, mentioning its players; or the champion."""
    event = info.event
    if info.champion is not None:
        return [
            post(
                event.channel_id,
                f"🏆 {mention(info.champion, info.champion_name)} wins **{escape(event.name)}**!",
                user_ids([info.champion]),
            )
        ]
    if info.current_round is None:
        return []
    header = f"**{escape(event.name)}: top {info.size}, {cut_round_name(info, info.current_round).lower()}**"
    lines = [
        (
            f"({m.seed_a}) {mention(m.player_a, m.name_a)} vs ({m.seed_b}) {mention(m.player_b, m.name_b)}",
            (m.player_a, m.player_b),
        )
        for m in info.current_matches
        if m.winner is None
    ]
    return _posts(event.channel_id, header, lines)


def topcut_round_started(info: TopCutInfo) -> bool:
    """Whether the bracket's current round has no result yet (it just began)."""
    return info.current_round is not None and all(m.winner is None for m in info.current_matches)


# the audit log ----------------------------------------------------------------------------------------


def log_panel(info: EventInfo | None, entries: Sequence[AuditEntry], page: int = 0) -> tuple[Panel, Pager]:
    """An audit log, newest first, for organizers: the event's, or with ``info`` ``None`` the server's
    own (the organizer role)."""
    lines = [
        f"`{e.at.replace('T', ' ').rstrip('Z')}` {mention(e.actor)} **{escape(e.action)}**: "
        f"{escape(limits.truncate(e.detail, 300))}"
        for e in reversed(entries)
    ]
    pages = paginate(lines or ["Nothing logged yet."], 15)
    page = _clamp(page, len(pages))
    title = f"{info.name}: audit log" if info is not None else "Server audit log (outside events)"
    command = f'/tournament log "{info.name}"' if info is not None else "/tournament log"
    panel = make_panel(
        title,
        pages[page],
        footer=_page_footer(f"{count(len(entries), 'entry', 'entries')}, newest first", page, len(pages)),
        commands=[f"{command} page:{page + 2}"] if page + 1 < len(pages) else [],
        private=True,
    )
    return panel, Pager("log", info.id if info is not None else 0, 0, page, len(pages))


# reminders --------------------------------------------------------------------------------------------


def reminder_posts(channel_id: int | None, message: str, waiting: Sequence[str], *, ping: bool) -> list[Post]:
    """A round-timer reminder; with ``ping`` the players still playing are mentioned (at time), in as
    many posts as the limits need."""
    if not ping or not user_ids(list(waiting)):
        return [post(channel_id, limits.truncate(message, limits.CONTENT))]
    people = [(mention(pid), (pid,)) for pid in waiting if pid.isdigit()]
    posts = []
    players: list[str | None] = []
    text = limits.truncate(message, 1000) + "\nStill playing:"
    for piece, who in people:
        if len(players) >= 2 * TABLES_PER_POST or len(text) + 1 + len(piece) > limits.CONTENT:
            posts.append(post(channel_id, text, user_ids(players)))
            text, players = "", []
        text = f"{text} {piece}" if text else piece
        players.extend(who)
    posts.append(post(channel_id, text, user_ids(players)))
    return posts
