"""Standings and tiebreakers, as the Magic Tournament Rules Appendix C define them.

All percentages are exact :class:`~fractions.Fraction` values, so two players with equal records tie
exactly instead of by the accident of float rounding; renderers format them (``f"{float(x):.2%}"``).

With ``F`` the event's ``tiebreaker_floor`` (0.33 by default) and, for a player ``p``:

- ``MP(p)`` match points: 3 a match win (a bye included), 1 a draw, 0 a loss (a double loss and a
  round missed by entering late included).
- ``R(p)`` rounds played: matches, byes and rounds missed by entering late.
- ``GP(p)`` game points: 3 a game won, 1 a game drawn or unfinished, 0 a game lost; a bye counts as
  the games needed to win (2–0 in best-of-3), a round missed by entering late as 0–2.
- ``G(p)`` games played, counted the same way.
- ``opp(p)`` the opponents ``p`` met, one entry per match; a bye and a missed round are no opponent.
  A player who dropped stays in their opponents' lists with the record they had when they dropped.

the tiebreakers are::

    MWP(p) = max(F, MP(p) / (3 * R(p)))                       (F when R(p) = 0)
    GWP(p) = max(F, GP(p) / (3 * G(p)))                       (F when G(p) = 0)
    OMW(p) = sum(MWP(o) for o in opp(p)) / len(opp(p))        (F when opp(p) is empty)
    OGW(p) = sum(GWP(o) for o in opp(p)) / len(opp(p))        (F when opp(p) is empty)

Each opponent's percentage is thus raised to the floor before the averaging. Players are ranked by
``MP``, then ``OMW``, then ``GWP``, then ``OGW`` (MTR 3.1), all descending; a tie on all four is broken
by ``sha256(seed + "\\0" + player id)``, a fixed pseudo-random order that does not favour early
registrants, and finally by the player id itself, so the order is total and reproducible.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.tournament.errors import TournamentError
from engine.tournament.model import (
    GAME_WIN_POINTS,
    LOSS_POINTS,
    WIN_POINTS,
    EventConfig,
    MatchResult,
    Player,
    PlayerId,
)


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings (see the module docstring for the formulas)."""

    rank: int
    player_id: PlayerId
    name: str
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    rounds_played: int
    game_points: int
    games_played: int
    mwp: Fraction
    gwp: Fraction
    omw: Fraction
    ogw: Fraction
    opponents: tuple[PlayerId, ...]
    dropped: bool

    @property
    def record(self) -> str:
        """``wins-losses-draws`` as players write it (byes are wins, double losses are losses)."""
        return f"{self.wins}-{self.losses}-{self.draws}"


def tie_key(seed: str | int, player_id: PlayerId) -> bytes:
    """The last, pseudo-random tiebreaker: ``sha256(seed + "\\0" + player id)``."""
    return hashlib.sha256(f"{seed}\0{player_id}".encode()).digest()


def check_event(players: Sequence[Player], results: Iterable[MatchResult], config: EventConfig) -> None:
    """Refuse an event whose records contradict each other, with one sentence naming the fault:
    a duplicate player id, a result naming an unknown player, an impossible game record, a player
    with two results in a round or a result in a round they were not entered in."""
    by_id: dict[PlayerId, Player] = {}
    for player in players:
        if player.id in by_id:
            raise TournamentError(f"Two players share the id {player.id}.")
        by_id[player.id] = player
    seen: set[tuple[int, PlayerId]] = set()
    for result in results:
        result.validate(config.format)
        for pid in result.players:
            entrant = by_id.get(pid)
            if entrant is None:
                raise TournamentError(f"No player with id {pid} is registered in this event.")
            if (result.round, pid) in seen:
                raise TournamentError(f"{entrant.name} has two results in round {result.round}.")
            seen.add((result.round, pid))
            if not entrant.is_active(result.round):
                raise TournamentError(
                    f"{entrant.name} has a result in round {result.round} but was not in it."
                )


@dataclass(slots=True)
class _Tally:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0


def compute_standings(
    players: Sequence[Player],
    results: Iterable[MatchResult],
    config: EventConfig | None = None,
    *,
    through_round: int | None = None,
    seed: str | int = "",
) -> list[Standing]:
    """The standings after ``through_round`` (default: the last round with a result), every
    registered player included (dropped ones flagged), ranked 1.. by the tiebreaker chain.

    Raises :class:`TournamentError` on contradictory records (see :func:`check_event`).
    """
    config = config or EventConfig()
    results = list(results)
    check_event(players, results, config)
    if through_round is None:
        through_round = max((r.round for r in results), default=0)
    fmt, floor = config.format, config.tiebreaker_floor
    tallies: dict[PlayerId, _Tally] = {p.id: _Tally() for p in players}
    opponents: dict[PlayerId, list[PlayerId]] = defaultdict(list)
    for player in players:
        missed = player.missed_rounds(through_round)
        tally = tallies[player.id]
        tally.rounds += missed
        tally.losses += missed
        tally.games += missed * fmt.games_to_win
    for result in results:
        if result.round > through_round:
            continue
        for pid in result.players:
            tally = tallies[pid]
            points = result.match_points(pid)
            tally.points += points
            tally.rounds += 1
            if result.is_bye:
                tally.byes += 1
                tally.wins += 1
            elif points == WIN_POINTS:
                tally.wins += 1
            elif points == LOSS_POINTS:
                tally.losses += 1
            else:
                tally.draws += 1
            game_points, games = result.games(pid, fmt)
            tally.game_points += game_points
            tally.games += games
            other = result.opponent(pid)
            if other is not None:
                opponents[pid].append(other)

    mwp = {pid: _pct(t.points, WIN_POINTS * t.rounds, floor) for pid, t in tallies.items()}
    gwp = {pid: _pct(t.game_points, GAME_WIN_POINTS * t.games, floor) for pid, t in tallies.items()}
    rows = []
    for player in players:
        tally, opps = tallies[player.id], opponents[player.id]
        omw = sum((mwp[o] for o in opps), Fraction(0)) / len(opps) if opps else floor
        ogw = sum((gwp[o] for o in opps), Fraction(0)) / len(opps) if opps else floor
        rows.append(
            Standing(
                rank=0,
                player_id=player.id,
                name=player.name,
                match_points=tally.points,
                wins=tally.wins,
                losses=tally.losses,
                draws=tally.draws,
                byes=tally.byes,
                rounds_played=tally.rounds,
                game_points=tally.game_points,
                games_played=tally.games,
                mwp=mwp[player.id],
                gwp=gwp[player.id],
                omw=omw,
                ogw=ogw,
                opponents=tuple(opps),
                dropped=player.dropped_after_round is not None
                and player.dropped_after_round <= through_round,
            )
        )
    rows.sort(key=lambda s: standing_key(s, seed))
    return [_with_rank(row, index + 1) for index, row in enumerate(rows)]


def standing_key(row: Standing, seed: str | int = "") -> tuple[object, ...]:
    """The sort key of the tiebreaker chain: points, OMW, GWP, OGW (descending), then the seeded
    hash and the id (ascending)."""
    return (-row.match_points, -row.omw, -row.gwp, -row.ogw, tie_key(seed, row.player_id), row.player_id)


def _pct(points: int, possible: int, floor: Fraction) -> Fraction:
    """``max(floor, points / possible)``, or ``floor`` when nothing was possible yet."""
    if possible == 0:
        return floor
    return max(floor, Fraction(points, possible))


def _with_rank(row: Standing, rank: int) -> Standing:
    return replace(row, rank=rank)
