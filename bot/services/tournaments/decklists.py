"""Decklists: a player submits theirs (checked with the event's deck rules and the card data its
server sees), sees it; organizers see, fix and export every list of the event."""

from __future__ import annotations

import io

from bot.store.tournament_repo import EventRow, PlayerRow
from engine.games import resolve_game
from engine.tournament import TournamentError
from engine.tournament.lifecycle import EventStatus
from engine.tournament.wording import count

from .checks import require_organizer
from .context import TournamentContext
from .deck_rules import deck_rules_label
from .info import MAX_DECKLIST_CHARS, Actor, DecklistInfo, UserId
from .loading import load_event
from .state import EventState
from .summaries import deck_info


async def validate_deck(
    ctx: TournamentContext, game: str, text: str, guild_id: int, rules: str = ""
) -> tuple[bool | None, str, tuple[str, ...]]:
    """Check a decklist with :mod:`engine.decks` where it has the game's deck rules: the event's
    ``rules`` ('' the rules document's; the summary names the rules applied where the game has a
    choice), with card data from ``deck_lookup`` where there is some: the shared cards and those of
    the event's server ``guild_id``. A list that cannot be parsed is refused, and one whose cards
    are mostly not in the card data is neither valid nor invalid (None: its summary starts "Not
    checked")."""
    try:
        from engine.decks import DeckError, check_deck, deck_format, parse_decklist
    except ImportError:
        return None, "Not checked: there are no deck rules yet.", ()
    try:
        deck_format(game).rules_named(rules)
    except DeckError as error:
        return None, f"Not checked: {error}", ()
    try:
        decklist = parse_decklist(game, text)
    except DeckError as error:
        raise TournamentError(str(error)) from None
    records = None
    if ctx.deck_lookup is not None:
        names = [entry.name for _, entry in decklist.all_entries()]
        records = await ctx.deck_lookup(resolve_game(game), names, guild_id)
    report = check_deck(game, decklist, None if records is None else records.get, rules=rules)
    if report.verdict == "unchecked":  # most of the list is not in the card data: neither way
        return None, report.summary(), tuple(report.problems)
    return report.ok, report.summary(), tuple(report.problems)


async def submit_decklist(
    ctx: TournamentContext, actor: Actor, event_id: int, text: str, *, user_id: UserId | None = None
) -> DecklistInfo:
    """A player submits (or replaces) their decklist as text; organizers may submit for anyone.

    Validated with the event's deck rules where :mod:`engine.decks` provides the game's; locked for
    players once the event starts, except that a late entry may submit theirs until their first
    round is paired."""
    target = actor.user_id if user_id is None else str(user_id)
    if target != actor.user_id:
        require_organizer(actor, "submit another player's decklist")
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise TournamentError("The decklist is empty.")
    if len(text) > MAX_DECKLIST_CHARS:
        raise TournamentError(f"A decklist can be at most {MAX_DECKLIST_CHARS:,} characters long.")
    # Parsed and checked (card data read) before the write: no parsing while the transaction is held.
    before, _, _ = deck_target(await load_event(ctx, actor, event_id, matches=None), actor, target)
    valid, summary, problems = await validate_deck(ctx, before.game, text, before.guild_id, before.deck_rules)
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        e = state.event
        _, row, late_open = deck_target(state, actor, target)
        started = e.status.started
        await ctx.repo.upsert_decklist(
            e.id,
            target,
            text=text,
            valid=valid,
            summary=summary,
            problems=problems,
            locked=started and not late_open,
            submitted_by=actor.user_id,
            at=ctx.now(),
        )
        if target != actor.user_id or started:
            await ctx.audit(actor, e.id, "decklist", f"submitted for {row.name} ({target})")
        decks = await ctx.repo.decklists(e.id, target)
    return deck_info(state, decks[0])


def deck_target(state: EventState, actor: Actor, target: str) -> tuple[EventRow, PlayerRow, bool]:
    """The event, the player whose list is submitted and whether a late entry may still submit it;
    refuses when the list is locked."""
    e = state.event
    row = state.by_id.get(target)
    if row is None:
        who = "You are" if target == actor.user_id else "That player is"
        raise TournamentError(f"{who} not registered in {e.name}.")
    started = e.status.started
    # A late entry submits their own list until their first round is paired.
    late_open = e.status is EventStatus.RUNNING and row.late_from_round > max(1, state.current_round)
    if started and not actor.is_organizer and not late_open:
        raise TournamentError(f"{e.name} has started: decklists are locked.")
    if e.status is EventStatus.FINISHED:
        raise TournamentError(f"{e.name} is finished: decklists are locked.")
    return e, row, late_open


async def decklist(
    ctx: TournamentContext, actor: Actor, event_id: int, user_id: UserId | None = None
) -> DecklistInfo:
    """A player's own decklist; organizers may see anyone's."""
    target = actor.user_id if user_id is None else str(user_id)
    if target != actor.user_id:
        require_organizer(actor, "see other players' decklists")
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
        decks = await ctx.repo.decklists(state.event.id, target)
    if not decks:
        who = "You have" if target == actor.user_id else f"{state.name_of(target)} has"
        raise TournamentError(f"{who} not submitted a decklist for {state.event.name}.")
    return deck_info(state, decks[0])


async def decklists(ctx: TournamentContext, actor: Actor, event_id: int) -> list[DecklistInfo]:
    """Every submitted decklist, in registration order (organizers)."""
    require_organizer(actor, "see every decklist")
    async with ctx.lock:
        state = await load_event(ctx, actor, event_id, matches=None)
        decks = await ctx.repo.decklists(state.event.id)
    return [deck_info(state, d) for d in decks]


async def export_decklists(ctx: TournamentContext, actor: Actor, event_id: int) -> str:
    """Every decklist as one text file for deck checks (organizers; logged), players without a
    list named at the end."""
    require_organizer(actor, "export decklists")
    async with ctx.write():
        state = await load_event(ctx, actor, event_id, matches=None)
        decks = await ctx.repo.decklists(state.event.id)
        await ctx.audit(actor, state.event.id, "export decklists", count(len(decks), "decklist"))
    out = io.StringIO()
    players = count(len(state.players), "player")
    out.write(f"# {state.event.name}: decklists ({len(decks)} of {players})\n")
    out.write(f"# Deck rules: {deck_rules_label(state.event.game, state.event.deck_rules)}\n")
    have = set()
    for d in decks:
        have.add(d.player_id)
        status = {None: "not checked", True: "legal", False: "ILLEGAL"}[d.valid]
        out.write(
            f"\n## {state.name_of(d.player_id)} ({d.player_id}), {status}, submitted {d.submitted_at}\n"
        )
        for problem in d.problems:
            out.write(f"! {problem}\n")
        out.write(d.text.rstrip() + "\n")
    missing = [p.name for p in state.players if p.player_id not in have]
    if missing:
        out.write("\n# No decklist: " + ", ".join(missing) + "\n")
    return out.getvalue()
