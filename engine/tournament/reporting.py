"""Result reporting as pure transitions: a Swiss table's result and an action give the new result, or a
:class:`~engine.tournament.TournamentError` with one sentence and nothing changed.

A table has at most one result. A player reports W-L-D from their own side (``reported``); the opponent
confirms it, or reports the same result (which confirms it), or disputes it (reporting a different
result disputes it too). The reporter may correct their own report until it is answered. A
``confirmed`` or ``disputed`` result changes only by an organizer's entry (:func:`enter`), which
confirms at once. A player who drops concedes their unreported match, or confirms a report their
opponent made (:func:`concede`).

The top cut has no confirmation: the player who lost reports, or an organizer names the winner
(:func:`cut_report_winner`, :func:`cut_entry_winner`, :func:`decide_cut`).

The store persists what a transition returns (:class:`Transition`); the service words the outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from engine.tournament.errors import TournamentError
from engine.tournament.model import MatchFormat, MatchResult, PlayerId
from engine.tournament.topcut import BracketMatch, TopCut


class ResultStatus(StrEnum):
    """Where a reported result stands, as stored."""

    REPORTED = "reported"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"


class Kind(StrEnum):
    """What a transition did to a table's result."""

    REPORTED = "reported"
    CORRECTED = "corrected"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    ENTERED = "entered"
    OVERRIDDEN = "overridden"
    CONCEDED = "conceded"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class Result:
    """A table's result, ``wins_a``/``wins_b`` from the sides of its ``player_a``/``player_b``."""

    wins_a: int
    wins_b: int
    draws: int
    double_loss: bool
    status: ResultStatus
    reported_by: str
    confirmed_by: str | None = None
    disputed_by: str | None = None
    note: str | None = None
    overridden_by: str | None = None

    @property
    def score(self) -> tuple[int, int, int, bool]:
        return self.wins_a, self.wins_b, self.draws, self.double_loss


@dataclass(frozen=True, slots=True)
class Table:
    """A table of a Swiss round with its result; ``player_b`` is ``None`` for the bye. The names are
    what the sentences and notes show."""

    round: int
    number: int
    player_a: PlayerId
    player_b: PlayerId | None
    result: Result | None = None
    name_a: str = ""
    name_b: str = ""

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    def name(self, player: PlayerId) -> str:
        if player == self.player_a:
            return self.name_a or player
        return self.name_b or player

    def opponent(self, player: PlayerId) -> PlayerId:
        """The other player of a table that is not a bye."""
        other = self.player_b if player == self.player_a else self.player_a
        if other is None:
            raise TournamentError(
                f"Round {self.round} is a bye for {self.name(player)}: it is already a win."
            )
        return other

    def from_side(self, player: PlayerId, wins: int, losses: int) -> tuple[int, int]:
        """``(wins_a, wins_b)`` for a score ``player`` gives from their own side."""
        return (wins, losses) if player == self.player_a else (losses, wins)


@dataclass(frozen=True, slots=True)
class Transition:
    """A table before and after an action, and what the action did."""

    before: Table
    after: Table
    kind: Kind

    @property
    def result(self) -> Result:
        """The result after the action (every transition leaves one)."""
        if self.after.result is None:
            raise RuntimeError("a transition always leaves a result")
        return self.after.result


class Scored(Protocol):
    """Anything with a result's score (a :class:`Result`, a stored row, a transport's view)."""

    @property
    def wins_a(self) -> int: ...
    @property
    def wins_b(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def double_loss(self) -> bool: ...


def report_key(result: Scored | None) -> str:
    """A reported result as a short fingerprint: ``2-1-0``, or ``0-0-0d`` for a double loss."""
    if result is None:
        return "none"
    return f"{result.wins_a}-{result.wins_b}-{result.draws}{'d' if result.double_loss else ''}"


@dataclass(frozen=True)
class ReportKey:
    """A report as a player saw it: its round, table and score (``2-1-0``, ``0-0-0d`` for a double
    loss, as :func:`report_key` writes it), and the opponent it asked to answer (``player``)."""

    round: int
    table: int
    score: str
    player: str | None = None


def side_text(wins: int, losses: int, draws: int, double_loss: bool) -> str:
    """``2-1-0``, or ``0-0-0 (double loss)``."""
    text = f"{wins}-{losses}-{draws}"
    return f"{text} (double loss)" if double_loss else text


def check_score(fmt: MatchFormat, wins: int, losses: int, draws: int, double_loss: bool) -> None:
    """Refuse a W-L-D the format cannot have (0-0-0 only as a double loss)."""
    if min(wins, losses, draws) < 0:
        raise TournamentError("Game counts cannot be negative.")
    if draws > 9:
        raise TournamentError("A match cannot have that many drawn games.")
    if wins == losses == draws == 0 and not double_loss:
        unplayed = "0-0-3" if fmt is MatchFormat.BO3 else "0-0-1"
        raise TournamentError(f"A result needs at least one game; an intentional draw is {unplayed}.")
    MatchResult(1, "a", "b", wins, losses, draws, double_loss).validate(fmt)


def check_expected(table: Table, expected: ReportKey | None, by: PlayerId | None = None) -> None:
    """Refuse an answer to a report other than the one the player saw (a stale or repeated button):
    another opponent, an earlier round, a result already answered, a corrected report."""
    if expected is None:
        return
    if expected.player is not None and by is not None and by != expected.player:
        raise TournamentError("Only the opponent named in this report can answer it.")
    if (table.round, table.number) != (expected.round, expected.table):
        raise TournamentError("This report is from an earlier round; nothing was changed.")
    if table.result is not None and table.result.status is not ResultStatus.REPORTED:
        raise TournamentError(f"This match's result is already {table.result.status}.")
    if report_key(table.result) != expected.score:
        raise TournamentError("The report was corrected since: answer the newest one.")


def _with(table: Table, result: Result, kind: Kind) -> Transition:
    return Transition(table, replace(table, result=result), kind)


def report(
    table: Table, by: PlayerId, wins: int, losses: int, draws: int, double_loss: bool = False
) -> Transition:
    """``by`` reports W-L-D from their own side: a first report, a correction of their own report,
    a confirmation (the opponent's report, the same result) or a dispute (a different one)."""
    opponent = table.opponent(by)
    wins_a, wins_b = table.from_side(by, wins, losses)
    r = table.result
    if r is None:
        new = Result(wins_a, wins_b, draws, double_loss, ResultStatus.REPORTED, by)
        return _with(table, new, Kind.REPORTED)
    if r.status is ResultStatus.CONFIRMED:
        raise TournamentError("This match's result is already confirmed; ask an organizer to change it.")
    if r.status is ResultStatus.DISPUTED:
        raise TournamentError("This match's result is disputed; an organizer will decide it.")
    if r.reported_by == by:
        new = replace(r, wins_a=wins_a, wins_b=wins_b, draws=draws, double_loss=double_loss)
        return _with(table, new, Kind.CORRECTED)
    if r.score == (wins_a, wins_b, draws, double_loss):
        return _with(table, replace(r, status=ResultStatus.CONFIRMED, confirmed_by=by), Kind.CONFIRMED)
    mine_a = by == table.player_a
    theirs = f"{r.wins_a}-{r.wins_b}-{r.draws}" if mine_a else f"{r.wins_b}-{r.wins_a}-{r.draws}"
    me = table.name(by)
    note = (
        f"{table.name(opponent)} reported {theirs} (from {me}'s side"
        f"{', double loss' if r.double_loss else ''}); {me} reported "
        f"{side_text(wins, losses, draws, double_loss)}"
    )
    return _with(table, replace(r, status=ResultStatus.DISPUTED, disputed_by=by, note=note), Kind.DISPUTED)


def confirm(table: Table, by: PlayerId) -> Transition:
    """``by`` confirms the result their opponent reported."""
    r = table.result
    if r is None:
        raise TournamentError("Nothing to confirm: no result has been reported for your match yet.")
    if r.status is ResultStatus.CONFIRMED:
        raise TournamentError("This match's result is already confirmed.")
    if r.status is ResultStatus.DISPUTED:
        raise TournamentError("This match's result is disputed; an organizer will decide it.")
    if r.reported_by == by:
        raise TournamentError("You reported this result; your opponent must confirm it.")
    return _with(table, replace(r, status=ResultStatus.CONFIRMED, confirmed_by=by), Kind.CONFIRMED)


def dispute(table: Table, by: PlayerId, reason: str = "") -> Transition:
    """``by`` disputes the result their opponent reported; an organizer decides it."""
    r = table.result
    if r is None:
        raise TournamentError("Nothing to dispute: no result has been reported for your match yet.")
    if r.status is not ResultStatus.REPORTED:
        raise TournamentError(f"This match's result is already {r.status}.")
    if r.reported_by == by:
        raise TournamentError("You reported this result yourself; report again to correct it.")
    note = " ".join(reason.split())[:300] or "disputed without a reason"
    new = replace(r, status=ResultStatus.DISPUTED, disputed_by=by, note=f"{table.name(by)}: {note}")
    return _with(table, new, Kind.DISPUTED)


def table_text(table: Table, result: Scored) -> str:
    """A table's result in the order of its players, with their names: ``Alice 2-1-0 Bob``; the
    order never depends on who reported it, so two results of one table compare at a glance."""
    name_b = table.name_b or (table.player_b or "")
    return f"{table.name(table.player_a)} {result.wins_a}-{result.wins_b}-{result.draws} {name_b}"


def describe(table: Table, result: Result) -> str:
    """``Alice 2-1-0 Bob (reported)`` or ``Alice 0-0-0 Bob (double loss, confirmed)``: an earlier
    result as an override quotes it, worded as :func:`table_text` words the new one."""
    loss = "double loss, " if result.double_loss else ""
    return f"{table_text(table, result)} ({loss}{result.status})"


def enter(
    table: Table,
    by: str,
    player: PlayerId,
    wins: int,
    losses: int,
    draws: int,
    double_loss: bool = False,
) -> Transition:
    """An organizer ``by`` enters (no result yet) or overrides (any result) ``player``'s match, W-L-D
    from ``player``'s side; the result is confirmed at once."""
    if table.player_b is None:
        raise TournamentError(
            f"{table.name(player)} had the bye in round {table.round}; a bye is always a win."
        )
    wins_a, wins_b = table.from_side(player, wins, losses)
    r = table.result
    if r is None:
        new = Result(wins_a, wins_b, draws, double_loss, ResultStatus.CONFIRMED, by, confirmed_by=by)
        return _with(table, new, Kind.ENTERED)
    new = replace(
        r,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
        double_loss=double_loss,
        status=ResultStatus.CONFIRMED,
        confirmed_by=by,
        overridden_by=by,
        note=f"was {describe(table, r)}" + (f"; {r.note}" if r.note else ""),
    )
    return _with(table, new, Kind.OVERRIDDEN)


def concede(table: Table, player: PlayerId, by: str, fmt: MatchFormat) -> Transition:
    """``player`` drops (``by`` themselves or an organizer) during their match: an unreported match is
    conceded 0-2 (0-1 in best-of-1) and confirmed; a report by their opponent is confirmed by them;
    anything else is left as it is (:attr:`Kind.UNCHANGED`)."""
    opponent = table.opponent(player)
    r = table.result
    if r is None:
        need = fmt.games_to_win
        wins_a, wins_b = table.from_side(opponent, need, 0)
        note = f"{table.name(player)} dropped and conceded"
        new = Result(wins_a, wins_b, 0, False, ResultStatus.CONFIRMED, by, confirmed_by=by, note=note)
        return _with(table, new, Kind.CONCEDED)
    if r.status is ResultStatus.REPORTED and r.reported_by != player:
        return _with(table, replace(r, status=ResultStatus.CONFIRMED, confirmed_by=player), Kind.CONFIRMED)
    return Transition(table, table, Kind.UNCHANGED)


# the top cut ----------------------------------------------------------------------------------------


def _other(match: BracketMatch, player: PlayerId) -> PlayerId:
    return match.player_b if match.player_a == player else match.player_a


def cut_opponent(cut: TopCut, player: PlayerId, *, organizer: bool = False, own: bool = True) -> PlayerId:
    """``player``'s opponent in their undecided match of the current cut round; for an organizer
    (correcting a result), in the latest bracket match ``player`` played. ``own``: whether the
    player asks about themselves (it words the refusal)."""
    for m in cut.current_matches():
        if m.winner is None and player in (m.player_a, m.player_b):
            return _other(m, player)
    if organizer:
        for number in range(cut.total_rounds, 0, -1):
            for m in cut.matches(number):
                if player in (m.player_a, m.player_b):
                    return _other(m, player)
    who = "You have" if own else "That player has"
    raise TournamentError(f"{who} no undecided match in the current top cut round.")


def _needs_winner(wins: int, losses: int, double_loss: bool, sentence: str) -> None:
    if double_loss or wins == losses:
        raise TournamentError(sentence)


def cut_report_winner(
    cut: TopCut, by: PlayerId, wins: int, losses: int, draws: int = 0, double_loss: bool = False
) -> PlayerId:
    """The winner a player's top cut report names: the player who lost reports (e.g. 0-2), so the
    winner is their opponent."""
    _needs_winner(
        wins, losses, double_loss, "A top cut match needs a winner: report the games you won and lost."
    )
    if wins > losses:
        raise TournamentError("In the top cut the player who lost reports the match (e.g. 0-2).")
    return cut_opponent(cut, by)


def cut_entry_winner(
    cut: TopCut,
    by: str,
    player: PlayerId,
    wins: int,
    losses: int,
    draws: int = 0,
    double_loss: bool = False,
) -> PlayerId:
    """The winner an organizer ``by``'s top cut entry names: ``player`` for a win, else their opponent
    (their undecided match, or for a correction their latest one)."""
    _needs_winner(wins, losses, double_loss, "A top cut match needs a winner.")
    return player if wins > losses else cut_opponent(cut, player, organizer=True, own=player == by)


@dataclass(frozen=True, slots=True)
class CutDecision:
    """A top cut result: the new bracket; ``loser`` is ``None`` for an organizer's correction."""

    cut: TopCut
    winner: PlayerId
    loser: PlayerId | None

    @property
    def corrected(self) -> bool:
        return self.loser is None


def undecided_match(matches: Sequence[BracketMatch], player: PlayerId) -> BracketMatch | None:
    """``player``'s undecided match among ``matches``."""
    return next((m for m in matches if player in (m.player_a, m.player_b) and m.winner is None), None)


def decide_cut(
    cut: TopCut,
    by: str,
    winner: PlayerId,
    *,
    organizer: bool,
    finished: bool = False,
    winner_name: str | None = None,
    event_name: str = "The event",
) -> CutDecision:
    """Record ``winner`` in the bracket: the winner of their undecided match of the current round,
    named by the loser or an organizer; or, by an organizer when ``winner`` has no undecided match
    (or the event is finished), a correction of a decided match (:meth:`TopCut.correct_winner`)."""
    if finished and cut.champion is None:
        raise TournamentError(
            f"{event_name} was cancelled during its top cut: its bracket no longer changes."
        )
    match = undecided_match(cut.current_matches(), winner)
    if organizer and (finished or match is None):
        return CutDecision(cut.correct_winner(winner), winner, None)
    if match is None:
        raise TournamentError(f"{winner_name or 'That player'} has no undecided top cut match.")
    loser = _other(match, winner)
    if not organizer and by != loser:
        raise TournamentError("A top cut result is reported by the player who lost it, or by an organizer.")
    return CutDecision(cut.record_winner(winner), winner, loser)


def concede_cut(cut: TopCut, player: PlayerId, name: str) -> CutDecision:
    """``player`` drops during the top cut: their undecided match goes to their opponent."""
    match = undecided_match(cut.current_matches(), player)
    if match is None:
        raise TournamentError(f"{name} has no top cut match left to drop from.")
    winner = _other(match, player)
    return CutDecision(cut.record_winner(winner), winner, player)
