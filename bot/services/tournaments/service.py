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


class UseCase(Generic[P, R]):
    """A use case offered as a method: ``service.report(...)`` calls ``results.report(context, ...)``
    with the service's context first, with the function's signature and docstring."""

    def __init__(self, function: Callable[Concatenate[TournamentContext, P], R]) -> None:
        self.function = function
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, service: None, owner: type) -> UseCase[P, R]: ...

    @overload
    def __get__(self, service: TournamentService, owner: type) -> Callable[P, R]: ...

    def __get__(self, service: TournamentService | None, owner: type) -> UseCase[P, R] | Callable[P, R]:
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
    organizer_role = UseCase(_events.organizer_role)
    set_organizer_role = UseCase(_events.set_organizer_role)
    create_event = UseCase(_events.create_event)
    configure_event = UseCase(_events.configure_event)
    event = UseCase(_events.event)
    list_events = UseCase(_events.list_events)
    find_event = UseCase(_events.find_event)
    event_choices = UseCase(_events.event_choices)
    open_registration = UseCase(_events.open_registration)
    close_registration = UseCase(_events.close_registration)
    cancel_event = UseCase(_events.cancel_event)

    # players
    register = UseCase(_players.register)
    add_player = UseCase(_players.add_player)
    remove_player = UseCase(_players.remove_player)
    drop = UseCase(_players.drop)
    players = UseCase(_players.players)
    find_player = UseCase(_players.find_player)

    # decklists
    submit_decklist = UseCase(_decklists.submit_decklist)
    decklist = UseCase(_decklists.decklist)
    decklists = UseCase(_decklists.decklists)
    export_decklists = UseCase(_decklists.export_decklists)

    # the Swiss
    start_event = UseCase(_rounds.start_event)
    pair_next_round = UseCase(_rounds.pair_next_round)
    pairings = UseCase(_rounds.pairings)
    rounds = UseCase(_rounds.rounds)
    my_match = UseCase(_rounds.my_match)
    missing = UseCase(_rounds.missing)
    outstanding = UseCase(_rounds.outstanding)
    standings = UseCase(_rounds.standings)

    # results
    report = UseCase(_results.report)
    enter = UseCase(_results.enter)
    report_result = UseCase(_results.report_result)
    confirm_result = UseCase(_results.confirm_result)
    dispute_result = UseCase(_results.dispute_result)
    enter_result = UseCase(_results.enter_result)

    # the top cut
    start_top_cut = UseCase(_topcut.start_top_cut)
    open_top_cut = UseCase(_topcut.open_top_cut)
    top_cut = UseCase(_topcut.top_cut)
    record_top_cut_winner = UseCase(_topcut.record_top_cut_winner)

    # the round timer
    adjust_round_time = UseCase(_reminders.adjust_round_time)
    due_reminders = UseCase(_reminders.due_reminders)

    # the audit log and the export
    log = UseCase(_export.log)
    guild_log = UseCase(_export.guild_log)
    export = UseCase(_export.export)

    # what a transport may ask before it shows a round or the standings
    pairings_refusal = staticmethod(_summaries.pairings_refusal)
    standings_refusal = staticmethod(_summaries.standings_refusal)
