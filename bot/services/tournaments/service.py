""":class:`TournamentService`: the one entry the transports hold (``App.tournaments``). It owns the
use cases' :class:`~.context.TournamentContext` and offers each use case of the modules
(:mod:`.events`, :mod:`.players`, :mod:`.decklists`, :mod:`.rounds`, :mod:`.results`, :mod:`.topcut`,
:mod:`.reminders`, :mod:`.export`) as a method, in one line that names the function it calls."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import Concatenate, Generic, ParamSpec, TypeVar, cast, overload

from bot.store.database import Database
from bot.store.tournament_repo import TournamentRepository

from . import decklists as _decklists
from . import events as _events
from . import export as _export
from . import players as _players
from . import reminders as _reminders
from . import results as _results
from . import rounds as _rounds
from . import summaries as _summaries
from . import topcut as _topcut
from .context import DeckLookup, TournamentContext

P = ParamSpec("P")
R = TypeVar("R")


class use_case(Generic[P, R]):
    """A use case offered as a method: ``service.report(...)`` calls ``results.report(context, ...)``
    with the service's context first, with the function's signature and docstring."""

    def __init__(self, function: Callable[Concatenate[TournamentContext, P], R]) -> None:
        self.function = function
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, service: None, owner: type) -> use_case[P, R]: ...

    @overload
    def __get__(self, service: TournamentService, owner: type) -> Callable[P, R]: ...

    def __get__(self, service: TournamentService | None, owner: type) -> use_case[P, R] | Callable[P, R]:
        if service is None:
            return self
        return cast(Callable[P, R], functools.partial(self.function, service.context))


class TournamentService:
    """Tournament use cases over the store. One instance per process (``App.tournaments``).

    ``clock`` gives the current time (UTC), replaceable in tests and simulations. ``deck_lookup``
    (optional) fetches card data for a decklist's names among the cards the event's server sees,
    ``(game, names, guild_id) -> {name: CardRecord}`` or ``None`` when that server sees no card data
    of the game (``App`` passes ``CardsService.deck_lookup``), so that
    :func:`engine.decks.check_deck` can check what needs card data.
    """

    def __init__(
        self,
        database: Database,
        *,
        clock: Callable[[], datetime] | None = None,
        deck_lookup: DeckLookup | None = None,
    ) -> None:
        self.context = TournamentContext.over(database, clock=clock, deck_lookup=deck_lookup)

    @property
    def db(self) -> Database:
        return self.context.db

    @property
    def repo(self) -> TournamentRepository:
        return self.context.repo

    @property
    def clock(self) -> Callable[[], datetime]:
        """The current time (UTC) as the use cases read it."""
        return self.context.clock

    @clock.setter
    def clock(self, clock: Callable[[], datetime]) -> None:
        self.context.clock = clock

    @property
    def deck_lookup(self) -> DeckLookup | None:
        """Card data for decklists (see the class docstring)."""
        return self.context.deck_lookup

    @deck_lookup.setter
    def deck_lookup(self, lookup: DeckLookup | None) -> None:
        self.context.deck_lookup = lookup

    # events
    organizer_role = use_case(_events.organizer_role)
    set_organizer_role = use_case(_events.set_organizer_role)
    create_event = use_case(_events.create_event)
    configure_event = use_case(_events.configure_event)
    event = use_case(_events.event)
    list_events = use_case(_events.list_events)
    find_event = use_case(_events.find_event)
    event_choices = use_case(_events.event_choices)
    open_registration = use_case(_events.open_registration)
    close_registration = use_case(_events.close_registration)
    cancel_event = use_case(_events.cancel_event)

    # players
    register = use_case(_players.register)
    add_player = use_case(_players.add_player)
    remove_player = use_case(_players.remove_player)
    drop = use_case(_players.drop)
    players = use_case(_players.players)
    find_player = use_case(_players.find_player)

    # decklists
    submit_decklist = use_case(_decklists.submit_decklist)
    decklist = use_case(_decklists.decklist)
    decklists = use_case(_decklists.decklists)
    export_decklists = use_case(_decklists.export_decklists)

    # the Swiss
    start_event = use_case(_rounds.start_event)
    pair_next_round = use_case(_rounds.pair_next_round)
    pairings = use_case(_rounds.pairings)
    rounds = use_case(_rounds.rounds)
    my_match = use_case(_rounds.my_match)
    missing = use_case(_rounds.missing)
    outstanding = use_case(_rounds.outstanding)
    standings = use_case(_rounds.standings)

    # results
    report = use_case(_results.report)
    enter = use_case(_results.enter)
    report_result = use_case(_results.report_result)
    confirm_result = use_case(_results.confirm_result)
    dispute_result = use_case(_results.dispute_result)
    enter_result = use_case(_results.enter_result)

    # the top cut
    start_top_cut = use_case(_topcut.start_top_cut)
    open_top_cut = use_case(_topcut.open_top_cut)
    top_cut = use_case(_topcut.top_cut)
    record_top_cut_winner = use_case(_topcut.record_top_cut_winner)

    # the round timer
    adjust_round_time = use_case(_reminders.adjust_round_time)
    due_reminders = use_case(_reminders.due_reminders)

    # the audit log and the export
    log = use_case(_export.log)
    guild_log = use_case(_export.guild_log)
    export = use_case(_export.export)

    # what a transport may ask before it shows a round or the standings
    pairings_refusal = staticmethod(_summaries.pairings_refusal)
    standings_refusal = staticmethod(_summaries.standings_refusal)
