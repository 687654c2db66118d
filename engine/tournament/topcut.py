"""The top cut: single elimination after the last Swiss round, seeded from the standings.

Seeds meet in the standard bracket order, so the two best seeds can only meet in the final:
top 4 is 1v4, 2v3; top 8 is 1v8, 4v5, 2v7, 3v6; top 16 is 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14,
6v11. Winners of neighbouring matches meet next round. The better seed is always ``player_a`` (who
chooses to play or draw first, as the organiser's rules say).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tournament.errors import TournamentError
from engine.tournament.model import PlayerId
from engine.tournament.standings import Standing

CUT_SIZES = (2, 4, 8, 16)


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: neighbours meet in round 1, e.g. 8 -> [1, 8, 4, 5, 2, 7, 3, 6].

    Built by doubling: each seed ``s`` of the bracket of ``n`` is followed by ``2n + 1 - s``.
    """
    if size not in CUT_SIZES:
        raise TournamentError(f"A top cut has 2, 4, 8 or 16 players, not {size}.")
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match of the top cut: round 1 is the first round of the cut; seeds are 1-based."""

    round: int
    slot: int
    seed_a: int
    player_a: PlayerId
    seed_b: int
    player_b: PlayerId
    winner: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class TopCut:
    """A single-elimination bracket: ``seeds[0]`` is seed 1; ``winners[r]`` holds the winners of the
    cut's round ``r + 1`` by slot (``None`` while undecided). Immutable: recording gives a new value."""

    seeds: tuple[PlayerId, ...]
    winners: tuple[tuple[PlayerId | None, ...], ...] = ()

    @property
    def size(self) -> int:
        return len(self.seeds)

    @property
    def total_rounds(self) -> int:
        return self.size.bit_length() - 1

    @property
    def champion(self) -> PlayerId | None:
        """The winner of the final, once it is recorded."""
        if len(self.winners) == self.total_rounds and self.winners[-1][0] is not None:
            return self.winners[-1][0]
        return None

    def matches(self, round_number: int) -> list[BracketMatch]:
        """The matches of the cut's round ``round_number`` (1-based), known once the round before ends."""
        seed_of = {pid: index + 1 for index, pid in enumerate(self.seeds)}
        if round_number == 1:
            entrants = [self.seeds[s - 1] for s in bracket_order(self.size)]
        elif 2 <= round_number <= len(self.winners) + 1 and None not in self.winners[round_number - 2]:
            entrants = list(self.winners[round_number - 2])  # type: ignore[arg-type]
        else:
            return []
        decided = self.winners[round_number - 1] if round_number <= len(self.winners) else ()
        out = []
        for slot in range(len(entrants) // 2):
            a, b = entrants[2 * slot], entrants[2 * slot + 1]
            if seed_of[b] < seed_of[a]:
                a, b = b, a
            winner = decided[slot] if slot < len(decided) else None
            out.append(BracketMatch(round_number, slot, seed_of[a], a, seed_of[b], b, winner))
        return out

    def known_rounds(self) -> list[list[BracketMatch]]:
        """The matches of every round known so far (each round's are known once the one before ends)."""
        rounds = []
        for number in range(1, self.total_rounds + 1):
            matches = self.matches(number)
            if not matches:
                break
            rounds.append(matches)
        return rounds

    def current_round(self) -> int | None:
        """The cut's round being played, or ``None`` when the final is decided."""
        if self.champion is not None:
            return None
        if not self.winners or None not in self.winners[-1]:
            return len(self.winners) + 1
        return len(self.winners)

    def current_matches(self) -> list[BracketMatch]:
        """The matches of the round being played (decided ones included), ``[]`` when finished."""
        current = self.current_round()
        return [] if current is None else self.matches(current)

    def record_winner(self, winner: PlayerId) -> TopCut:
        """The bracket with ``winner``'s undecided match of the current round won by ``winner``."""
        current = self.current_round()
        if current is None:
            raise TournamentError("The top cut is finished.")
        matches = self.matches(current)
        row: list[PlayerId | None] = (
            list(self.winners[current - 1]) if current <= len(self.winners) else [None] * len(matches)
        )
        for match in matches:
            if winner in (match.player_a, match.player_b):
                if row[match.slot] is not None:
                    raise TournamentError("That top cut match already has a winner.")
                row[match.slot] = winner
                winners = (*self.winners[: current - 1], tuple(row))
                return TopCut(self.seeds, winners)
        raise TournamentError("That player is not in a match of the current top cut round.")

    def correct_winner(self, winner: PlayerId) -> TopCut:
        """An organizer's correction: ``winner`` won the decided match they are recorded as losing. The
        match's recorded winner must not have played on (their next match has no winner yet), so
        nothing later in the bracket depends on the result being corrected."""
        for round_number in range(len(self.winners), 0, -1):
            for match in self.matches(round_number):
                if winner not in (match.player_a, match.player_b) or match.winner is None:
                    continue
                if match.winner == winner:
                    raise TournamentError("That player is already recorded as the winner of that match.")
                later = self.winners[round_number] if round_number < len(self.winners) else ()
                if match.slot // 2 < len(later) and later[match.slot // 2] is not None:
                    raise TournamentError(
                        "The recorded winner has already played on: correct the later match first."
                    )
                row = list(self.winners[round_number - 1])
                row[match.slot] = winner
                return TopCut(
                    self.seeds,
                    (*self.winners[: round_number - 1], tuple(row), *self.winners[round_number:]),
                )
        raise TournamentError("That player has no decided top cut match to correct.")


def start_top_cut(standings: Sequence[Standing], size: int) -> TopCut:
    """Seed a top cut of ``size`` from final Swiss ``standings`` (ranked): the best ``size`` players
    who have not dropped, in standings order."""
    bracket_order(size)  # validates the size
    seeds = tuple(row.player_id for row in sorted(standings, key=lambda r: r.rank) if not row.dropped)
    if len(seeds) < size:
        raise TournamentError(
            f"A top {size} needs {size} players, but only {len(seeds)}"
            f" {'is' if len(seeds) == 1 else 'are'} still in the event."
        )
    return TopCut(seeds[:size])
