"""Top cut: seeding from the standings and single-elimination progression."""

from __future__ import annotations

import pytest

from engine.tournament import (
    MatchResult,
    Player,
    TopCut,
    TournamentError,
    bracket_order,
    compute_standings,
    start_top_cut,
)


def test_bracket_orders() -> None:
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(TournamentError, match="2, 4, 8 or 16 players, not 6"):
        bracket_order(6)


def _seeds(n: int) -> tuple[str, ...]:
    return tuple(f"s{i}" for i in range(1, n + 1))


def test_top_eight_plays_out_with_better_seed_first() -> None:
    cut = TopCut(_seeds(8))
    first = cut.current_matches()
    assert [(m.seed_a, m.seed_b) for m in first] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    for winner in ("s8", "s4", "s2", "s6"):  # one upset: 8 beats 1, 6 beats 3
        cut = cut.record_winner(winner)
    semis = cut.current_matches()
    assert [(m.seed_a, m.seed_b) for m in semis] == [(4, 8), (2, 6)]
    assert cut.current_round() == 2
    with pytest.raises(TournamentError, match="not in a match of the current top cut round"):
        cut.record_winner("s1")
    cut = cut.record_winner("s8")
    with pytest.raises(TournamentError, match="already has a winner"):
        cut.record_winner("s4")
    cut = cut.record_winner("s2")
    final = cut.current_matches()
    assert [(m.seed_a, m.seed_b) for m in final] == [(2, 8)]
    cut = cut.record_winner("s8")
    assert cut.champion == "s8" and cut.current_round() is None and cut.current_matches() == []
    with pytest.raises(TournamentError, match="The top cut is finished"):
        cut.record_winner("s8")
    assert [m.winner for m in cut.matches(1)] == ["s8", "s4", "s2", "s6"]


@pytest.mark.parametrize("size", [4, 16])
def test_favourites_always_win(size: int) -> None:
    cut = TopCut(_seeds(size))
    while cut.champion is None:
        for match in cut.current_matches():
            cut = cut.record_winner(match.player_a)
    assert cut.champion == "s1"
    assert [(m.seed_a, m.seed_b) for m in cut.matches(1)][:2] == (
        [(1, 4), (2, 3)] if size == 4 else [(1, 16), (8, 9)]
    )


def test_start_top_cut_skips_dropped_players() -> None:
    players = [Player(f"p{i}", f"P{i}") for i in range(6)]
    players[0] = Player("p0", "P0", dropped_after_round=1)
    results = [
        MatchResult(1, "p0", "p1", 2, 0),
        MatchResult(1, "p2", "p3", 2, 0),
        MatchResult(1, "p4", "p5", 2, 1),
    ]
    standings = compute_standings(players, results)
    cut = start_top_cut(standings, 4)
    assert "p0" not in cut.seeds and cut.seeds[:2] == ("p2", "p4")
    with pytest.raises(
        TournamentError, match=r"^A top 8 needs 8 players, but only 5 are still in the event\.$"
    ):
        start_top_cut(standings, 8)


def test_a_decided_match_is_corrected_until_its_winner_plays_on() -> None:
    """An organizer's correction swaps a decided match's winner; the next round's entrant follows.
    Once the recorded winner has a result in the next round, the correction is refused."""
    cut = TopCut(("a", "b", "c", "d"))  # semifinals: a v d, b v c
    cut = cut.record_winner("a")
    fixed = cut.correct_winner("d")
    assert fixed.matches(1)[0].winner == "d"
    fixed = fixed.record_winner("b")
    final = fixed.matches(2)[0]
    assert {final.player_a, final.player_b} == {"d", "b"}
    with pytest.raises(TournamentError, match="already recorded as the winner"):
        fixed.correct_winner("d")
    won = fixed.record_winner("d")
    assert won.champion == "d"
    with pytest.raises(TournamentError, match="already played on"):
        won.correct_winner("a")
    assert won.correct_winner("b").champion == "b"
    with pytest.raises(TournamentError, match="no decided top cut match"):
        TopCut(("a", "b", "c", "d")).correct_winner("a")
