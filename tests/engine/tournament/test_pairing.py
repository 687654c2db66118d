"""Unit tests of Swiss pairing: round 1, score groups and pair-downs, the repair phase, byes, drops,
late entries and the refusals."""

from __future__ import annotations

import pytest

from engine.tournament import EventConfig, MatchResult, Pairing, Player, TournamentError, pair_round
from engine.tournament.pairing import History

W, L = (2, 0), (0, 2)


def _players(*ids: str) -> list[Player]:
    return [Player(pid, pid.upper()) for pid in ids]


def _ids(tables: list[Pairing]) -> set[frozenset[str | None]]:
    return {frozenset((t.player_a, t.player_b)) for t in tables}


def test_round_one_is_random_deterministic_and_complete() -> None:
    players = [Player(f"p{i}", f"P{i}") for i in range(16)]
    first = pair_round(players, [], 1, "seed")
    assert first == pair_round(players, [], 1, "seed")
    assert sorted(p for t in first for p in (t.player_a, t.player_b)) == sorted(p.id for p in players)
    different = {frozenset(_ids(pair_round(players, [], 1, seed))) for seed in range(10)}
    assert len(different) == 10
    # Not registration order: p0-p1, p2-p3... would be the lazy answer.
    assert _ids(first) != {frozenset((f"p{i}", f"p{i + 1}")) for i in range(0, 16, 2)}


def test_odd_round_one_gives_one_bye_on_the_last_table() -> None:
    tables = pair_round(_players("a", "b", "c", "d", "e"), [], 1, 7)
    assert [t.table for t in tables] == [1, 2, 3]
    assert tables[-1].is_bye and not any(t.is_bye for t in tables[:-1])


def test_score_groups_pair_within_and_odd_group_pairs_down_its_lowest() -> None:
    """After round 1 of six players, winners play winners; with a draw the 1-point pair forms its
    own group; the odd 3-point group pairs its lowest-ranked player down."""
    players = _players("a", "b", "c", "d", "e", "f")
    results = [
        MatchResult(1, "a", "b", *W),
        MatchResult(1, "c", "d", 2, 1),
        MatchResult(1, "e", "f", *L),
    ]
    tables = pair_round(players, results, 2, "s")
    assert frozenset(("a", "f")) in _ids(tables)
    winners, losers = {"a", "c", "f"}, {"b", "d", "e"}
    cross = [
        t for t in tables if ({t.player_a, t.player_b} & winners) and ({t.player_a, t.player_b} & losers)
    ]
    assert len(cross) == 1  # exactly one pair-down
    (down,) = {cross[0].player_a, cross[0].player_b} & winners
    # c won 2-1, so c has the lowest GWP of the 3-point group (a and f won 2-0): c pairs down.
    assert down == "c"
    assert tables[0].player_a in winners  # best table first, better-ranked player first


def test_bottom_group_that_already_met_is_repaired_without_rematch() -> None:
    """Round 3 of six players where the two 0-point players already met: the greedy pass cannot pair
    the bottom group, the repair re-pairs the window with the fewest score differences."""
    players = _players("a", "b", "c", "d", "e", "f")
    results = [
        MatchResult(1, "a", "b", *W),
        MatchResult(1, "c", "d", *W),
        MatchResult(1, "e", "f", 0, 0, double_loss=True),
        MatchResult(2, "a", "c", *W),
        MatchResult(2, "b", "e", *W),
        MatchResult(2, "d", "f", *W),
    ]
    tables = pair_round(players, results, 3, "s")
    history = History.of(results)
    assert all(not history.times_met(t.player_a, t.player_b) for t in tables if t.player_b)
    assert _ids(tables) == {frozenset(p) for p in (("a", "d"), ("b", "f"), ("c", "e"))}


def test_bye_goes_to_lowest_player_without_one() -> None:
    players = _players("a", "b", "c", "d", "e")
    results = [
        MatchResult(1, "a", "b", *W),
        MatchResult(1, "c", "d", *W),
        MatchResult.bye(1, "e"),
    ]
    tables = pair_round(players, results, 2, "s")
    bye = tables[-1]
    assert bye.is_bye and bye.player_a in {"b", "d"}  # the 0-point players; e already had a bye


def test_late_entries_and_drops() -> None:
    players = [
        *_players("a", "b", "c"),
        Player("d", "D", late_from_round=2),
        Player("e", "E", dropped_after_round=1),
    ]
    results = [MatchResult(1, "a", "b", *W), MatchResult(1, "c", "e", *W)]
    round_one = pair_round([*players[:4], Player("e", "E")], [], 1, "s")  # d is entered, late
    assert "d" not in {p for t in round_one for p in (t.player_a, t.player_b)}
    tables = pair_round(players, results, 2, "s")
    seated = {p for t in tables for p in (t.player_a, t.player_b)}
    assert seated == {"a", "b", "c", "d"}


def test_refusals_are_one_sentence() -> None:
    players = _players("a", "b", "c", "d")
    done = [MatchResult(r, "a", "b", *W) for r in (1, 2, 3)] + [
        MatchResult(r, "c", "d", *W) for r in (1, 2, 3)
    ]
    with pytest.raises(
        TournamentError, match=r"^The event's 3 Swiss rounds are finished; no round 4 to pair\.$"
    ):
        pair_round(players, done, 4, "s")
    with pytest.raises(TournamentError, match=r"^No player with id z is registered in this event\.$"):
        pair_round(players, [MatchResult(1, "a", "z", *W)], 2, "s")
    with pytest.raises(TournamentError, match=r"^Round 1 is not finished: C has no result yet\.$"):
        pair_round(players, [MatchResult(1, "a", "b", *W)], 2, "s")
    with pytest.raises(
        TournamentError, match=r"^Round 1 already has results, so it cannot be paired again\.$"
    ):
        pair_round(players, [MatchResult(1, "a", "b", *W)], 1, "s")
    with pytest.raises(TournamentError, match=r"^Round 1 needs at least two players still in the event\.$"):
        pair_round(_players("a"), [], 1, "s")
    with pytest.raises(TournamentError, match=r"^Rounds are numbered from 1\.$"):
        pair_round(players, [], 0, "s")
    with pytest.raises(TournamentError, match="at least one Swiss round"):
        EventConfig(rounds=0)
    with pytest.raises(TournamentError, match="cannot play a match against themselves"):
        MatchResult(1, "a", "a", *W)


def test_rounds_default_to_log2_of_registered_players() -> None:
    players = [Player(f"p{i}", f"P{i}") for i in range(20)]  # 5 rounds
    assert pair_round(players, [], 1, "s")
    results: list[MatchResult] = []
    for round_number in range(1, 6):
        for t in pair_round(players, results, round_number, "s"):
            results.append(MatchResult(round_number, t.player_a, t.player_b, *W))  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="5 Swiss rounds are finished"):
        pair_round(players, results, 6, "s")
