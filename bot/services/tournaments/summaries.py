"""The plain results transports render (:mod:`.info`), built from an event as a use case loaded it:
pure functions of the loaded :class:`~.state.EventState`, with no store and no clock."""

from __future__ import annotations

import hashlib
from fractions import Fraction

from bot.store.tournament_repo import DecklistRow, MatchRow
from engine.tournament import MatchFormat, TopCut, TournamentError, compute_standings
from engine.tournament.lifecycle import (
    EventStatus,
    Progress,
    last_closed_round,
    round_closed,
    round_paired,
)

from .deck_rules import deck_rules_label
from .info import (
    BracketMatchInfo,
    DecklistInfo,
    EventInfo,
    MatchInfo,
    PlayerInfo,
    ResultInfo,
    RoundInfo,
    StandingsInfo,
    TopCutInfo,
)
from .state import EventState, parse_time


def event_info(state: EventState) -> EventInfo:
    """The event's settings and progress."""
    e = state.event
    return EventInfo(
        id=e.id,
        guild_id=e.guild_id,
        channel_id=e.channel_id,
        name=e.name,
        game=e.game,
        format=MatchFormat(e.format),
        rounds=e.rounds,
        swiss_rounds=state.swiss_rounds,
        top_cut=e.top_cut,
        round_minutes=e.round_minutes,
        capacity=e.capacity,
        status=EventStatus(e.status),
        tiebreaker_floor=Fraction(e.tiebreaker_floor),
        seed_hash=hashlib.sha256(e.seed.encode()).hexdigest(),
        created_by=e.created_by,
        created_at=e.created_at,
        started_at=e.started_at,
        finished_at=e.finished_at,
        players=state.active_count,
        dropped=len(state.players) - state.active_count,
        current_round=state.current_round,
        round_open=state.round_open,
        deck_rules=e.deck_rules,
        deck_rules_label=deck_rules_label(e.game, e.deck_rules),
    )


def match_info(state: EventState, m: MatchRow) -> MatchInfo:
    """A Swiss match with its players' names and its result."""
    result = None
    if m.result is not None:
        r = m.result
        result = ResultInfo(
            r.wins_a,
            r.wins_b,
            r.draws,
            r.double_loss,
            r.status,
            r.reported_by,
            r.confirmed_by,
            r.disputed_by,
            r.note,
            r.overridden_by,
        )
    return MatchInfo(
        m.round,
        m.table_no,
        m.player_a,
        state.name_of(m.player_a) or m.player_a,
        m.player_b,
        state.name_of(m.player_b),
        result,
    )


def round_info(state: EventState, number: int) -> RoundInfo:
    """A Swiss round's tables and results (of the matches loaded), refused when it is not paired."""
    row = next((r for r in state.rounds if r.number == number), None)
    if row is None:
        raise TournamentError(f"{state.event.name} has no round {number} yet.")
    matches = tuple(match_info(state, m) for m in state.matches if m.round == number)
    return RoundInfo(
        event_info(state),
        number,
        matches,
        parse_time(row.started_at),
        row.minutes,
        row.closed_at is not None,
    )


def pairings_refusal(event: Progress, name: str, round_number: int | None) -> str | None:
    """Why the tables of round ``round_number`` (default: the current round) of the event ``name``
    cannot be shown: it is not paired yet. ``None`` when they can."""
    number = round_number if round_number is not None else event.current_round
    if number < 1:
        return f"{name} has no round paired yet."
    if not round_paired(event, number):
        return f"{name} has no round {number} yet."
    return None


def standings_refusal(event: Progress, name: str, through_round: int | None) -> str | None:
    """Why the standings after round ``through_round`` (default: the last closed round) of the event
    ``name`` cannot be shown: that round is not closed. ``None`` when they can."""
    if through_round is None or round_closed(event, through_round):
        return None
    last = last_closed_round(event)
    return f"Standings exist through round {last} of {name}; round {through_round} is not closed."


def standings_info(state: EventState, through_round: int | None = None) -> StandingsInfo:
    """The standings after ``through_round`` (default: the last closed round), which must be closed;
    needs every match loaded."""
    refused = standings_refusal(state, state.event.name, through_round)
    if refused is not None:
        raise TournamentError(refused)
    last = last_closed_round(state)
    through = last if through_round is None else through_round
    results = [r for r in state.engine_results() if r.round <= through]
    rows = compute_standings(
        state.engine_players(), results, state.config, through_round=through, seed=state.event.seed
    )
    # Final only through the last closed round: an earlier round of a finished event is not final.
    final = through == last and (
        state.event.status in (EventStatus.TOPCUT, EventStatus.FINISHED)
        or (through >= state.swiss_rounds and state.event.status != EventStatus.REGISTRATION)
    )
    return StandingsInfo(event_info(state), through, tuple(rows), final)


def top_cut_info(state: EventState, cut: TopCut, message: str = "") -> TopCutInfo:
    """The bracket with the players' names, and the sentence of what just happened in it."""
    rounds = [
        tuple(
            BracketMatchInfo(
                m.round,
                m.slot,
                m.seed_a,
                m.player_a,
                state.name_of(m.player_a) or m.player_a,
                m.seed_b,
                m.player_b,
                state.name_of(m.player_b) or m.player_b,
                m.winner,
            )
            for m in matches
        )
        for matches in cut.known_rounds()
    ]
    return TopCutInfo(
        event_info(state),
        cut.size,
        tuple(rounds),
        cut.current_round(),
        cut.champion,
        state.name_of(cut.champion),
        message,
    )


def player_info(state: EventState, player_id: str, decks: set[str] | None = None) -> PlayerInfo:
    """A registered player; ``decks``: the players who submitted a decklist."""
    p = state.by_id[player_id]
    return PlayerInfo(
        p.player_id,
        p.name,
        p.late_from_round,
        p.dropped_after_round,
        p.registered_at,
        bool(decks and player_id in decks),
    )


def deck_info(state: EventState, d: DecklistRow) -> DecklistInfo:
    """A submitted decklist with its player's name and its check."""
    return DecklistInfo(
        state.event.id,
        d.player_id,
        state.name_of(d.player_id) or d.player_id,
        d.text,
        d.valid,
        d.summary,
        d.problems,
        d.locked,
        d.submitted_by,
        d.submitted_at,
    )
