"""Result reporting as pure transitions (engine.tournament.reporting) and the event lifecycle: examples
citing the behaviour, and properties over any sequence of reports, corrections, confirmations,
disputes, drops and organizer entries by either player or the organizer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.tournament import MatchFormat, TopCut, TournamentError
from engine.tournament.lifecycle import Command, EventStatus, allowed, allows, refusal
from engine.tournament.reporting import (
    Kind,
    ReportKey,
    ResultStatus,
    Table,
    Transition,
    check_expected,
    concede,
    confirm,
    cut_entry_winner,
    cut_report_winner,
    decide_cut,
    dispute,
    enter,
    report,
    report_key,
)

A, B, ORG = "a", "b", "org"
TABLE = Table(1, 1, A, B, None, "Alice", "Bob")


# examples ------------------------------------------------------------------------------------------


def test_a_report_then_the_opponents_confirmation() -> None:
    step = report(TABLE, A, 2, 1, 0)
    assert step.kind is Kind.REPORTED and step.result.status is ResultStatus.REPORTED
    assert (step.result.wins_a, step.result.wins_b) == (2, 1)
    done = confirm(step.after, B)
    assert done.result.status is ResultStatus.CONFIRMED and done.result.confirmed_by == B


def test_reports_are_from_the_reporters_side() -> None:
    assert report(TABLE, B, 2, 0, 0).result.score == (0, 2, 0, False)


def test_the_same_result_from_the_opponent_confirms_a_different_one_disputes() -> None:
    reported = report(TABLE, A, 2, 1, 0).after
    assert report(reported, B, 1, 2, 0).kind is Kind.CONFIRMED
    disputed = report(reported, B, 2, 1, 0)
    assert disputed.kind is Kind.DISPUTED
    assert disputed.result.note == "Alice reported 1-2-0 (from Bob's side); Bob reported 2-1-0"


def test_the_reporter_corrects_until_answered() -> None:
    reported = report(TABLE, A, 2, 1, 0).after
    corrected = report(reported, A, 2, 0, 0)
    assert corrected.kind is Kind.CORRECTED and corrected.result.score == (2, 0, 0, False)
    with pytest.raises(TournamentError, match=r"You reported this result; your opponent must confirm it\."):
        confirm(corrected.after, A)
    with pytest.raises(TournamentError, match="report again to correct it"):
        dispute(corrected.after, A)


def test_answered_results_change_only_by_an_organizer() -> None:
    confirmed = confirm(report(TABLE, A, 2, 1, 0).after, B).after
    with pytest.raises(TournamentError, match="already confirmed; ask an organizer"):
        report(confirmed, A, 2, 0, 0)
    disputed = dispute(report(TABLE, A, 2, 1, 0).after, B, "  no   way ").after
    assert disputed.result is not None and disputed.result.note == "Bob: no way"
    with pytest.raises(TournamentError, match="disputed; an organizer will decide it"):
        report(disputed, B, 1, 2, 0)
    override = enter(disputed, ORG, B, 2, 0, 0)
    assert override.kind is Kind.OVERRIDDEN
    assert override.result.note == "was Alice 2-1-0 Bob (disputed); Bob: no way"
    assert override.result.overridden_by == ORG and override.result.status is ResultStatus.CONFIRMED


def test_a_drop_concedes_or_confirms_the_opponents_report() -> None:
    conceded = concede(TABLE, A, A, MatchFormat.BO3)
    assert conceded.result.score == (0, 2, 0, False) and conceded.result.note == "Alice dropped and conceded"
    assert concede(TABLE, B, ORG, MatchFormat.BO1).result.score == (1, 0, 0, False)
    reported = report(TABLE, B, 2, 0, 0).after
    assert concede(reported, A, A, MatchFormat.BO3).result.confirmed_by == A
    own = report(TABLE, A, 2, 0, 0).after
    assert concede(own, A, A, MatchFormat.BO3).kind is Kind.UNCHANGED


def test_a_bye_cannot_be_reported_or_entered() -> None:
    bye = Table(2, 5, A, None, None, "Alice")
    with pytest.raises(TournamentError, match="Round 2 is a bye for Alice"):
        report(bye, A, 2, 0, 0)
    with pytest.raises(TournamentError, match="had the bye in round 2"):
        enter(bye, ORG, A, 2, 0, 0)


def test_report_keys_refuse_stale_answers() -> None:
    reported = report(TABLE, A, 2, 1, 0).after
    key = ReportKey(1, 1, report_key(reported.result), B)
    check_expected(reported, key, B)
    with pytest.raises(TournamentError, match="Only the opponent named"):
        check_expected(reported, key, A)
    with pytest.raises(TournamentError, match="earlier round"):
        check_expected(reported, ReportKey(0, 1, key.score), B)
    with pytest.raises(TournamentError, match="corrected since"):
        check_expected(report(reported, A, 2, 0, 0).after, key, B)


def test_top_cut_reports_by_the_loser_and_entries_by_organizers() -> None:
    cut = TopCut(("s1", "s2", "s3", "s4"))
    with pytest.raises(TournamentError, match="needs a winner: report"):
        cut_report_winner(cut, "s4", 1, 1)
    with pytest.raises(TournamentError, match="the player who lost reports"):
        cut_report_winner(cut, "s4", 2, 0)
    assert cut_report_winner(cut, "s4", 0, 2) == "s1"
    assert cut_entry_winner(cut, ORG, "s4", 0, 2) == "s1"
    with pytest.raises(TournamentError, match="who lost it, or by an organizer"):
        decide_cut(cut, "s1", "s1", organizer=False)
    decided = decide_cut(cut, "s4", "s1", organizer=False)
    assert decided.loser == "s4" and decided.cut.winners == (("s1", None),)
    corrected = decide_cut(decided.cut, ORG, "s4", organizer=True)
    assert corrected.corrected and corrected.cut.winners == (("s4", None),)
    with pytest.raises(TournamentError, match="Cup was cancelled during its top cut"):
        decide_cut(cut, ORG, "s1", organizer=True, finished=True, event_name="Cup")


def test_the_lifecycle_table() -> None:
    assert allowed(Command.OPEN_REGISTRATION) == {EventStatus.CLOSED}
    assert allowed(Command.PAIR) == {EventStatus.RUNNING}
    assert allows(Command.ENTER_RESULT, "finished")
    assert EventStatus("running") == "running" and EventStatus.RUNNING.started
    assert refusal(Command.REGISTER, EventStatus.TOPCUT, "Cup") == (
        "Registration for Cup is closed: the event has started."
    )
    assert refusal(Command.CLOSE_REGISTRATION, "closed", "Cup") == (
        "Cup cannot close registration: registration is already closed."
    )
    assert refusal(Command.START_TOP_CUT, "topcut", "Cup") == "Cup is not in its Swiss rounds (it is topcut)."
    assert refusal(Command.START, "registration", "Cup") is None


# properties ----------------------------------------------------------------------------------------

SCORES = st.sampled_from([(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3)])
ACTION = st.tuples(
    st.sampled_from(["report", "confirm", "dispute", "enter", "drop"]),
    st.sampled_from([A, B, ORG]),
    SCORES,
)


def _apply(table: Table, action: tuple[str, str, tuple[int, int, int]]) -> Transition:
    what, who, (wins, losses, draws) = action
    if what == "enter":
        return enter(table, ORG, who if who != ORG else A, wins, losses, draws)
    if who == ORG:
        raise TournamentError("The organizer is not a player of this table.")
    if what == "report":
        return report(table, who, wins, losses, draws)
    if what == "confirm":
        return confirm(table, who)
    if what == "dispute":
        return dispute(table, who, "no")
    return concede(table, who, who, MatchFormat.BO3)


@given(st.lists(ACTION, max_size=20))
def test_any_sequence_keeps_one_coherent_result(actions: list[tuple[str, str, tuple[int, int, int]]]) -> None:
    table = TABLE
    for action in actions:
        before = table
        try:
            step = _apply(table, action)
        except TournamentError:
            assert table == before  # a refusal changes nothing
            continue
        assert step.before == before
        table = step.after
        r = table.result
        assert r is not None  # every accepted action leaves exactly one result
        assert r.reported_by in (A, B, ORG)
        assert (table.round, table.number, table.player_a, table.player_b) == (1, 1, A, B)
        old = before.result
        if old is not None and old.status is not ResultStatus.REPORTED and step.kind is not Kind.UNCHANGED:
            # A confirmed or disputed result changes only by an organizer's entry.
            assert step.kind is Kind.OVERRIDDEN and r.overridden_by == ORG
        if r.status is ResultStatus.CONFIRMED and step.kind is Kind.CONFIRMED:
            assert r.confirmed_by != r.reported_by or r.reported_by == ORG
        if r.status is ResultStatus.DISPUTED:
            assert r.disputed_by in (A, B) and r.disputed_by != r.reported_by


@given(st.lists(ACTION, max_size=12), st.sampled_from([A, B]), SCORES)
def test_once_confirmed_only_an_override_changes_it(
    actions: list[tuple[str, str, tuple[int, int, int]]], who: str, score: tuple[int, int, int]
) -> None:
    table = enter(TABLE, ORG, who, *score).after
    for action in actions:
        try:
            step = _apply(table, action)
        except TournamentError:
            continue
        if step.after != table:
            assert action[0] == "enter"
        table = step.after
        assert table.result is not None and table.result.status is ResultStatus.CONFIRMED
