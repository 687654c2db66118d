"""An event's lifecycle: its statuses, which use case each status allows, and the sentence that
refuses the others.

An event opens registration when it is created, may close and reopen it, starts (``running``, the
Swiss rounds), may seed a top cut (``topcut``) and ends ``finished`` (a cancelled event too)::

    registration <-> closed -> running -> topcut -> finished
         \\____________\\__________\\___________________^

The statuses are stored as their string values (SQLite), so :class:`EventStatus` is a
:class:`~enum.StrEnum`: a stored ``"running"`` and ``EventStatus.RUNNING`` compare equal.

:data:`REFUSALS` is the table of the lifecycle: for each :class:`Command`, the statuses that refuse it
and the one sentence each shows (``{name}`` is the event's name, ``{status}`` its status). A status not
named for a command allows it.

The predicates at the end (:func:`can_register`, :func:`can_report`, :func:`can_start_top_cut`,
:func:`swiss_over`...) name the checks on an event's progress that more than one place makes:
its status with its rounds (the last one paired, whether it is open, how many the Swiss has). They
read any :class:`Progress`: the event a use case loaded, or the one a transport was shown. Checks that
depend on more (a seeded cut, who asks) stay with the use case.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final, Protocol

from engine.tournament.errors import TournamentError


class EventStatus(StrEnum):
    """Where an event is in its life, as stored."""

    REGISTRATION = "registration"
    CLOSED = "closed"
    RUNNING = "running"
    TOPCUT = "topcut"
    FINISHED = "finished"

    @property
    def started(self) -> bool:
        """Whether the event has started (its Swiss rounds, its top cut or its end)."""
        return self in STARTED

    @property
    def before_start(self) -> bool:
        """Whether the event has not started (registration open or closed)."""
        return not self.started


STARTED: Final = frozenset({EventStatus.RUNNING, EventStatus.TOPCUT, EventStatus.FINISHED})
"""The statuses of an event that has started."""


class Command(StrEnum):
    """A use case whose permission depends on the event's status."""

    OPEN_REGISTRATION = "open registration"
    CLOSE_REGISTRATION = "close registration"
    CANCEL = "cancel"
    CONFIGURE = "configure"
    REGISTER = "register"
    ADD_PLAYER = "add player"
    DROP = "drop"
    START = "start"
    PAIR = "pair"
    REPORT = "report"
    ENTER_RESULT = "enter result"
    START_TOP_CUT = "start top cut"
    TOP_CUT_RESULT = "top cut result"


def status_reason(status: EventStatus) -> str:
    """Why an event in ``status`` cannot change its registration (the end of the sentence)."""
    return {
        EventStatus.REGISTRATION: "registration is already open.",
        EventStatus.CLOSED: "registration is already closed.",
        EventStatus.RUNNING: "it has started.",
        EventStatus.TOPCUT: "it is in its top cut.",
        EventStatus.FINISHED: "it is finished.",
    }[status]


def closed_reason(status: EventStatus) -> str:
    """How registration is closed in ``status``: ``closed``, or ``closed: the event has started``."""
    return "closed: the event has started" if status.started else "closed"


def _cannot(action: str, *statuses: EventStatus) -> dict[EventStatus, str]:
    return {s: f"{{name}} cannot {action}: {status_reason(s)}" for s in statuses}


def _each(sentence: str, *statuses: EventStatus) -> dict[EventStatus, str]:
    return dict.fromkeys(statuses, sentence)


_R, _C, _RUN, _TOP, _FIN = (
    EventStatus.REGISTRATION,
    EventStatus.CLOSED,
    EventStatus.RUNNING,
    EventStatus.TOPCUT,
    EventStatus.FINISHED,
)

REFUSALS: Final[Mapping[Command, Mapping[EventStatus, str]]] = {
    Command.OPEN_REGISTRATION: _cannot("open registration", _R, _RUN, _TOP, _FIN),
    Command.CLOSE_REGISTRATION: _cannot("close registration", _C, _RUN, _TOP, _FIN),
    Command.CANCEL: {_FIN: "{name} is already finished."},
    Command.CONFIGURE: {_FIN: "{name} is finished; its settings can no longer change."},
    Command.REGISTER: {
        _C: "Registration for {name} is closed.",
        **_each("Registration for {name} is closed: the event has started.", _RUN, _TOP, _FIN),
    },
    Command.ADD_PLAYER: _each("{name}'s Swiss rounds are over; nobody can enter now.", _TOP, _FIN),
    Command.DROP: {_FIN: "{name} is finished; there is nothing to drop from."},
    Command.START: _each("{name} has already started.", _RUN, _TOP, _FIN),
    Command.PAIR: {
        **_each("{name} has not started yet; start it first.", _R, _C),
        **_each("{name}'s Swiss rounds are over.", _TOP, _FIN),
    },
    Command.REPORT: {
        **_each("{name} has no round open for results.", _R, _C, _FIN),
        _TOP: "{name} is in its top cut: a top cut match is reported by naming its winner.",
    },
    Command.ENTER_RESULT: {
        **_each("{name} has not started yet.", _R, _C),
        _TOP: "The top cut is seeded: the Swiss results are final.",
    },
    Command.START_TOP_CUT: _each("{name} is not in its Swiss rounds (it is {status}).", _R, _C, _TOP, _FIN),
    Command.TOP_CUT_RESULT: _each("{name} is not in its top cut.", _R, _C, _RUN, _FIN),
}


def allowed(command: Command) -> frozenset[EventStatus]:
    """The statuses in which ``command`` is allowed."""
    return frozenset(s for s in EventStatus if s not in REFUSALS[command])


def allows(command: Command, status: EventStatus | str) -> bool:
    """Whether an event in ``status`` allows ``command``."""
    return EventStatus(status) not in REFUSALS[command]


def refusal(command: Command, status: EventStatus | str, name: str) -> str | None:
    """The sentence refusing ``command`` for the event ``name`` in ``status``; ``None`` if allowed."""
    status = EventStatus(status)
    template = REFUSALS[command].get(status)
    return None if template is None else template.format(name=name, status=status.value)


def require(command: Command, status: EventStatus | str, name: str) -> None:
    """Raise :class:`TournamentError` with the lifecycle's sentence unless ``status`` allows ``command``."""
    sentence = refusal(command, status, name)
    if sentence is not None:
        raise TournamentError(sentence)


# predicates on an event's progress -----------------------------------------------------------------


class Progress(Protocol):
    """What the predicates read of an event: its status, its top cut and its Swiss rounds."""

    @property
    def status(self) -> EventStatus: ...

    @property
    def top_cut(self) -> int:
        """The top cut's size (0: none)."""
        ...

    @property
    def swiss_rounds(self) -> int:
        """The Swiss rounds the event has or will have."""
        ...

    @property
    def current_round(self) -> int:
        """The last Swiss round paired (0 before round 1)."""
        ...

    @property
    def round_open(self) -> bool:
        """Whether the last round paired still waits for results."""
        ...


def can_register(event: Progress) -> bool:
    """Whether players may register themselves (the capacity aside)."""
    return allows(Command.REGISTER, event.status)


def last_closed_round(event: Progress) -> int:
    """The last Swiss round whose every match has a confirmed result (0: none). Rounds close in
    order: only the last one paired can be open."""
    return event.current_round - (1 if event.round_open else 0)


def round_paired(event: Progress, number: int) -> bool:
    """Whether Swiss round ``number`` has been paired (its tables exist)."""
    return 1 <= number <= event.current_round


def round_closed(event: Progress, number: int) -> bool:
    """Whether the standings exist through round ``number`` (0: before round 1)."""
    return 0 <= number <= last_closed_round(event)


def swiss_over(event: Progress) -> bool:
    """Whether every Swiss round is paired and closed."""
    return event.current_round >= event.swiss_rounds and not event.round_open


def can_report(event: Progress) -> bool:
    """Whether the Swiss takes results: the event runs and its last round paired is open."""
    return event.status is EventStatus.RUNNING and event.round_open


def can_start_top_cut(event: Progress) -> bool:
    """Whether the top cut can be seeded now: the event has one, and its Swiss is over."""
    return bool(event.top_cut) and allows(Command.START_TOP_CUT, event.status) and swiss_over(event)


def swiss_ends_event(event: Progress) -> bool:
    """Whether the event is over with its Swiss: it runs, has no top cut and every round is closed."""
    return event.status is EventStatus.RUNNING and not event.top_cut and swiss_over(event)


def closing_round_ends_event(event: Progress, number: int) -> bool:
    """Whether closing Swiss round ``number`` ends the event: the last Swiss round, and no top cut."""
    return event.status is EventStatus.RUNNING and number >= event.swiss_rounds and not event.top_cut
