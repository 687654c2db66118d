"""The records of a Swiss event: players, match results and the event's settings.

Everything here is an immutable value; the store keeps them, the engine only reads them. A player is
identified by a string id chosen by the caller (a Discord user id as text, a guest's registration id).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from engine.tournament.errors import TournamentError

PlayerId = str

#: Match points for a match win (a bye included), a draw and a loss (a double loss included).
WIN_POINTS, DRAW_POINTS, LOSS_POINTS = 3, 1, 0
#: Game points for a game won, drawn (or unfinished) and lost (MTR Appendix C).
GAME_WIN_POINTS, GAME_DRAW_POINTS = 3, 1

DEFAULT_FLOOR = Fraction(33, 100)


class MatchFormat(StrEnum):
    """How many games a match has: best-of-1 or best-of-3."""

    BO1 = "bo1"
    BO3 = "bo3"

    @property
    def games_to_win(self) -> int:
        """Games a player needs to win the match: 1 in best-of-1, 2 in best-of-3."""
        return 1 if self is MatchFormat.BO1 else 2

    @property
    def max_games(self) -> int:
        """The most games a match of this format can have (draws aside)."""
        return 1 if self is MatchFormat.BO1 else 3


def default_rounds(player_count: int) -> int:
    """Swiss rounds for an event of ``player_count`` players: ``max(3, ceil(log2(players)))``."""
    if player_count < 2:
        return 3
    return max(3, math.ceil(math.log2(player_count)))


def _as_fraction(value: Fraction | float | int | str) -> Fraction:
    """``0.33`` as the decimal people write, not the nearest binary float (Fraction(0.33) is not 33/100)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class EventConfig:
    """The settings of one Swiss event.

    ``rounds`` is the number of Swiss rounds; ``None`` means :func:`default_rounds` of the players
    registered when round 1 is paired. ``tiebreaker_floor`` is the lowest match-win and game-win
    percentage used anywhere in the tiebreakers (MTR Appendix C: 0.33); it is kept as an exact
    :class:`~fractions.Fraction` so that equal records always tie exactly.
    """

    format: MatchFormat = MatchFormat.BO3
    rounds: int | None = None
    tiebreaker_floor: Fraction = field(default=DEFAULT_FLOOR)

    def __post_init__(self) -> None:
        object.__setattr__(self, "format", MatchFormat(self.format))
        floor = _as_fraction(self.tiebreaker_floor)
        if not 0 <= floor <= 1:
            raise TournamentError("The tiebreaker floor must be between 0 and 1.")
        object.__setattr__(self, "tiebreaker_floor", floor)
        if self.rounds is not None and self.rounds < 1:
            raise TournamentError("An event needs at least one Swiss round.")

    def swiss_rounds(self, player_count: int) -> int:
        """The number of Swiss rounds for ``player_count`` players under this config."""
        return self.rounds if self.rounds is not None else default_rounds(player_count)


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player.

    ``late_from_round`` is the first round the player is paired in (1 for everyone who registered
    before round 1); the rounds before it count as match losses (0–2 in games, like a Match Loss
    penalty, so that it mirrors the bye's 2–0). ``dropped_after_round`` is the last round the player
    took part in: a drop during round 3 is ``3`` and the player is not paired from round 4 on; a
    dropped player stays in the opponents' tiebreakers with the record they had.
    """

    id: PlayerId
    name: str
    dropped_after_round: int | None = None
    late_from_round: int = 1

    def __post_init__(self) -> None:
        if self.late_from_round < 1:
            raise TournamentError(f"{self.name} cannot enter before round 1.")
        if self.dropped_after_round is not None and self.dropped_after_round < self.late_from_round - 1:
            raise TournamentError(f"{self.name} cannot drop before entering the event.")

    def is_active(self, round_number: int) -> bool:
        """Whether the player is paired in ``round_number``."""
        if round_number < self.late_from_round:
            return False
        return self.dropped_after_round is None or round_number <= self.dropped_after_round

    def missed_rounds(self, through_round: int) -> int:
        """Rounds up to ``through_round`` the player missed by entering late (each a match loss)."""
        return max(0, min(self.late_from_round - 1, through_round))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The reported result of one Swiss match.

    ``player_b`` is ``None`` for a bye (the other fields are then ignored: a bye is a match win with
    the games needed to win, 2–0 in best-of-3). Otherwise ``wins_a``/``wins_b`` are games won and
    ``draws`` games drawn or unfinished; the match goes to whoever won more games and is a draw when
    they won as many (MTR 2.1). ``double_loss`` marks a match both players lose (0 match points each,
    as Vanguard's time-up policy issues); the games still count for game-win percentage.
    """

    round: int
    player_a: PlayerId
    player_b: PlayerId | None
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    double_loss: bool = False

    def __post_init__(self) -> None:
        if self.round < 1:
            raise TournamentError("A result must belong to round 1 or later.")
        if min(self.wins_a, self.wins_b, self.draws) < 0:
            raise TournamentError("Game counts in a result cannot be negative.")
        if self.player_b is not None and self.player_a == self.player_b:
            raise TournamentError("A player cannot play a match against themselves.")
        if self.player_b is None and self.double_loss:
            raise TournamentError("A bye cannot be a double loss.")

    @classmethod
    def bye(cls, round_number: int, player: PlayerId) -> MatchResult:
        """The bye of ``player`` in ``round_number``."""
        return cls(round_number, player, None)

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    def validate(self, fmt: MatchFormat) -> None:
        """Refuse a game record the format cannot produce (e.g. 2–2 or three wins in best-of-3)."""
        if self.player_b is None:
            return
        need = fmt.games_to_win
        if self.wins_a > need or self.wins_b > need or (self.wins_a == need and self.wins_b == need):
            raise TournamentError(
                f"{self.wins_a}–{self.wins_b} is not a possible game record in a {fmt.value} match."
            )

    def match_points(self, player: PlayerId) -> int:
        """Match points of ``player`` in this match: win 3, draw 1, loss 0, bye 3, double loss 0."""
        if self.player_b is None:
            return WIN_POINTS
        if self.double_loss:
            return LOSS_POINTS
        mine, theirs = self._games_of(player)
        if mine > theirs:
            return WIN_POINTS
        return DRAW_POINTS if mine == theirs else LOSS_POINTS

    def games(self, player: PlayerId, fmt: MatchFormat) -> tuple[int, int]:
        """``(game points, games played)`` of ``player``: 3 a game won, 1 a game drawn, 0 a game lost.

        A bye counts as ``games_to_win`` games won (2–0 in best-of-3, MTR Appendix C).
        """
        if self.player_b is None:
            return GAME_WIN_POINTS * fmt.games_to_win, fmt.games_to_win
        mine, theirs = self._games_of(player)
        return GAME_WIN_POINTS * mine + GAME_DRAW_POINTS * self.draws, mine + theirs + self.draws

    def opponent(self, player: PlayerId) -> PlayerId | None:
        if player == self.player_a:
            return self.player_b
        if player == self.player_b:
            return self.player_a
        raise TournamentError(f"Player {player} did not play this match.")

    def _games_of(self, player: PlayerId) -> tuple[int, int]:
        if player == self.player_a:
            return self.wins_a, self.wins_b
        if player == self.player_b:
            return self.wins_b, self.wins_a
        raise TournamentError(f"Player {player} did not play this match.")


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round; ``player_b`` is ``None`` for the bye (always the last table)."""

    table: int
    player_a: PlayerId
    player_b: PlayerId | None

    @property
    def is_bye(self) -> bool:
        return self.player_b is None
