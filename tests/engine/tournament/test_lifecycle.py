"""The lifecycle's predicates on an event's progress: the checks the use cases and the transports
share, read from any object with a status, a top cut and its rounds."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tournament.lifecycle import (
    EventStatus,
    can_register,
    can_report,
    can_start_top_cut,
    closing_round_ends_event,
    last_closed_round,
    round_closed,
    round_paired,
    swiss_ends_event,
    swiss_over,
)


@dataclass(frozen=True)
class Event:
    status: EventStatus = EventStatus.RUNNING
    top_cut: int = 0
    swiss_rounds: int = 3
    current_round: int = 0
    round_open: bool = False


def test_registration_is_open_only_before_it_closes_or_the_event_starts() -> None:
    assert can_register(Event(EventStatus.REGISTRATION))
    assert not any(can_register(Event(s)) for s in EventStatus if s is not EventStatus.REGISTRATION)


def test_rounds_paired_and_closed() -> None:
    before = Event(current_round=0)
    assert last_closed_round(before) == 0 and round_closed(before, 0) and not round_paired(before, 1)
    open_two = Event(current_round=2, round_open=True)
    assert last_closed_round(open_two) == 1
    assert round_paired(open_two, 2) and not round_paired(open_two, 3) and not round_paired(open_two, 0)
    assert round_closed(open_two, 1) and not round_closed(open_two, 2) and not round_closed(open_two, -1)


def test_reporting_follows_the_open_round() -> None:
    assert can_report(Event(current_round=1, round_open=True))
    assert not can_report(Event(current_round=1))
    assert not can_report(Event(EventStatus.TOPCUT, current_round=3, round_open=True))


def test_the_end_of_the_swiss() -> None:
    done = Event(current_round=3)
    assert swiss_over(done) and not swiss_over(Event(current_round=3, round_open=True))
    assert swiss_ends_event(done) and not swiss_ends_event(Event(top_cut=8, current_round=3))
    assert can_start_top_cut(Event(top_cut=8, current_round=3))
    assert not can_start_top_cut(done)
    assert not can_start_top_cut(Event(top_cut=8, current_round=3, round_open=True))
    assert not can_start_top_cut(Event(EventStatus.TOPCUT, top_cut=8, current_round=3))
    assert closing_round_ends_event(Event(current_round=3, round_open=True), 3)
    assert not closing_round_ends_event(Event(current_round=2, round_open=True), 2)
    assert not closing_round_ends_event(Event(top_cut=4, current_round=3, round_open=True), 3)
