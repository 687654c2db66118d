"""Tournaments: events, registration, decklists, Swiss rounds, result reporting, top cut, standings,
exports, the round timer and the audit log, over the store and the pure engine (:mod:`engine.tournament`).

The use cases are plain ``async`` functions, one module per area, each taking the
:class:`~.context.TournamentContext` (the store, the clock, the card data for decklists, the lock and
the caches) as its first argument and calling the functions it needs by name: :mod:`.events`,
:mod:`.players`, :mod:`.decklists`, :mod:`.rounds`, :mod:`.results` (with :mod:`.recording`: a
result written and its round closed), :mod:`.topcut`, :mod:`.reminders`, :mod:`.export`. They stand on
:mod:`.loading` (an event loaded in a transaction, as :mod:`.state`'s :class:`EventState`),
:mod:`.checks` (who may ask, a name's shape), :mod:`.summaries` (the results of :mod:`.info` built
from a loaded event) and :mod:`.deck_rules`. :mod:`.service`'s :class:`TournamentService` is the one
entry the transports hold: each of its methods is one use case, given the service's context. The
rules live in the engine: the lifecycle and its predicates (:mod:`engine.tournament.lifecycle`),
result reporting (:mod:`engine.tournament.reporting`) and the export's content
(:mod:`engine.tournament.export`).

Every use case is ``async``, takes the :class:`Actor` who asks (their id, their guild, and whether the
transport judged them a tournament organizer: the Discord cog from the guild's organizer role or admin
rights, the console for its one local user) and returns plain frozen dataclasses that any transport
renders. A refusal is a :class:`~engine.tournament.TournamentError` (an
:class:`~engine.errors.ArbiterError`) with one sentence, raised inside the use case's one transaction, so
the database is left exactly as it was. Organizer-only use cases refuse everyone else with a sentence,
and every organizer action is written to the audit log (:meth:`TournamentService.log`) in the same
transaction as the action itself.

Decisions where issue 6 is silent, made for an organizer running a 64-player Friday event:

- **Events** open registration when they are created (announce, then people join); organizers can close
  and reopen it until the event starts. Names are unique among a guild's unfinished events (a weekly
  "Friday Vanguard" can be reused once last week's is finished), compared without case and spacing.
  An event is never deleted: :meth:`~TournamentService.cancel_event` finishes it, so its log survives.
- **Registration**: the capacity limits self-registration only; organizers may add players beyond it
  or while registration is closed (a judge's call, logged). Players cannot self-register once the event
  has started: organizers add late entries, who start in the next round to be paired and take a match
  loss (0–2 in games) for each round they missed, as the engine models.
- **Rounds** are fixed when the event starts: the configured number, else ``max(3, ceil(log2(players)))``
  of the players registered then; late entries do not add rounds. Organizers may change the number
  while the Swiss is running (never below the rounds already paired). :meth:`start_event` does not pair
  round 1: the organizer pairs each round with :meth:`pair_next_round` (round 1 is random from the event's
  seed, every round reproducible from it; the seed's SHA-256 is shown from the start and the seed itself
  is in the export once the event is finished).
- **Decklists** are optional (weekly store events often do not collect them); :meth:`start_event`
  reports who has none and whose list breaks the deck rules. A list that cannot be parsed is refused
  with the parser's sentence; a list that parses but breaks a deck rule is stored with its problems,
  shown to the player and the organizers (card data may be incomplete; the organizer decides). After the
  start, players cannot change their list; organizers still can (a judge's fix, logged). Every list of
  an event is checked with the deck rules chosen when it was created (:mod:`.deck_rules`: the game's
  rules document by default, or e.g. Duel Masters' ``english-tcg``), fixed for the event so that no
  two lists are judged differently; the summary names the rules applied.
- **Results**: a player reports W-L-D from their own side for their match of the open round; the
  opponent confirms it, or reports the same result (which confirms it), or disputes it (reporting a
  different result disputes it too). The reporter may correct their own report until it is confirmed.
  A disputed match waits for an organizer. Only confirmed results count: a round closes when every
  match has one, and standings default to the last closed round. Players may report a double loss
  (Vanguard's time-up policy) like any result, subject to the opponent's confirmation. A result of no
  games at all (0-0-0) is refused unless it is a double loss: an intentional draw is 0-0-3 (0-0-1 in
  best-of-1). Organizers enter or override any Swiss result of any round until the top cut is seeded.
- **Drops**: before the start a drop is an unregistration (the registration and decklist are deleted).
  During the Swiss a drop takes effect from the next pairing; if the player's match of the open round
  has no result it is conceded 0–2 (0–1 in best-of-1) and confirmed, and if the opponent had already
  reported, the drop confirms that report. The player stays in the standings and in their opponents'
  tiebreakers. During the top cut a drop concedes the player's bracket match.
- **Top cut**: started by an organizer after the last Swiss round closes (an event without a top cut
  finishes by itself then). Seeds are the final Swiss standings without dropped players. A bracket
  match's winner is recorded by an organizer or reported by the loser (a player may report only their
  own loss: no confirmation is needed for that); the final's winner finishes the event.
- **Timer**: each round starts its clock when it is paired, with the event's round length at that
  moment. :meth:`due_reminders` posts "10 minutes left" (rounds longer than 10 minutes) and "time";
  when both are due at once (the bot was offline), only "time" is posted. Organizers can extend or
  shorten the open round (:meth:`adjust_round_time`); reminders not yet due again are re-armed.
- **Visibility**: events, players, pairings, results and standings are public in the guild; a player
  sees only their own decklist, organizers all of them; the audit log and the decklist export are for
  organizers; the JSON/CSV export includes decklists only when an organizer asks.
"""

from engine.tournament.export import decimal4, match_json, standing_json
from engine.tournament.lifecycle import EventStatus
from engine.tournament.reporting import ReportKey, report_key

from .deck_rules import deck_rules_choices
from .info import (
    DEFAULT_ROUND_MINUTES,
    MAX_DECKLIST_CHARS,
    MAX_NAME_LENGTH,
    STATUSES,
    TOP_CUTS,
    UNSET,
    WARNING_MINUTES,
    Actor,
    AuditEntry,
    BracketMatchInfo,
    DecklistInfo,
    DropOutcome,
    EventChoice,
    EventExport,
    EventInfo,
    MatchInfo,
    PlayerInfo,
    Reminder,
    ReportOutcome,
    ResultInfo,
    RoundInfo,
    StandingsInfo,
    StartOutcome,
    TopCutInfo,
    UserId,
)
from .service import TournamentService

__all__ = [
    "DEFAULT_ROUND_MINUTES",
    "MAX_DECKLIST_CHARS",
    "MAX_NAME_LENGTH",
    "STATUSES",
    "TOP_CUTS",
    "UNSET",
    "WARNING_MINUTES",
    "Actor",
    "AuditEntry",
    "BracketMatchInfo",
    "DecklistInfo",
    "DropOutcome",
    "EventChoice",
    "EventExport",
    "EventInfo",
    "EventStatus",
    "MatchInfo",
    "PlayerInfo",
    "Reminder",
    "ReportKey",
    "ReportOutcome",
    "ResultInfo",
    "RoundInfo",
    "StandingsInfo",
    "StartOutcome",
    "TopCutInfo",
    "TournamentService",
    "UserId",
    "decimal4",
    "deck_rules_choices",
    "match_json",
    "report_key",
    "standing_json",
]
