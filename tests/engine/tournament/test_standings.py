"""The worked examples of MTR Appendix C (Tiebreaker Explanation) as unit tests, and the event
policies around them: byes, late entries, drops, double losses, best-of-1, the floor setting."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.tournament import (
    EventConfig,
    MatchFormat,
    MatchResult,
    Player,
    Standing,
    TournamentError,
    compute_standings,
    default_rounds,
)

F = Fraction


def _record_event(
    hero_rounds: list[tuple[str, str | None]], rounds: int
) -> tuple[list[Player], list[MatchResult]]:
    """An event where "hero" has the listed results ("W"/"L"/"D" against an opponent or "BYE"), each
    other match against a fresh filler player; ``rounds`` is the hero's rounds played."""
    players = [Player("hero", "Hero", dropped_after_round=rounds if rounds < 8 else None)]
    results = []
    for index, (outcome, _) in enumerate(hero_rounds, start=1):
        if outcome == "BYE":
            results.append(MatchResult.bye(index, "hero"))
            continue
        filler = f"f{index}"
        players.append(Player(filler, filler))
        wins = {"W": (2, 0, 0), "L": (0, 2, 0), "D": (1, 1, 1)}[outcome]
        results.append(MatchResult(index, "hero", filler, *wins))
    return players, results


def _row(standings: list[Standing], pid: str) -> Standing:
    return next(row for row in standings if row.player_id == pid)


def _record(spec: str) -> list[tuple[str, str | None]]:
    wins, losses, draws = (int(x) for x in spec.split("-"))
    return [("W", None)] * wins + [("L", None)] * losses + [("D", None)] * draws


# -- Match points -------------------------------------------------------------------------------


@pytest.mark.parametrize(("record", "points"), [("6-2-0", 18), ("4-2-2", 14)])
def test_match_points_examples(record: str, points: int) -> None:
    """Appendix C: 6–2–0 has 18 match points (6*3 + 2*0 + 0*1); 4–2–2 has 14 (4*3 + 2*0 + 2*1)."""
    wins, losses, draws = (int(x) for x in record.split("-"))
    players, results = _record_event(_record(record), wins + losses + draws)
    assert _row(compute_standings(players, results), "hero").match_points == points


# -- Game points --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("games", "winner_points", "loser_points"),
    [((2, 0, 0), 6, 0), ((2, 1, 0), 6, 3), ((2, 0, 1), 7, 1)],
)
def test_game_points_examples(games: tuple[int, int, int], winner_points: int, loser_points: int) -> None:
    """Appendix C: a 2–0–0 win earns 6 game points and the opponent 0; 2–1–0 earns 6 and 3; 2–0–1
    earns 7 and 1."""
    result = MatchResult(1, "a", "b", *games)
    assert result.games("a", MatchFormat.BO3)[0] == winner_points
    assert result.games("b", MatchFormat.BO3)[0] == loser_points
    assert result.match_points("a") == 3
    assert result.match_points("b") == 0


# -- Match-win percentage -------------------------------------------------------------------------


def test_match_win_percentage_full_event() -> None:
    """Appendix C: 5–2–1 in an 8-round event is 16 match points of 24: 0.667."""
    players, results = _record_event(_record("5-2-1"), 8)
    row = _row(compute_standings(players, results), "hero")
    assert (row.match_points, row.rounds_played, row.mwp) == (16, 8, F(2, 3))
    assert round(float(row.mwp), 3) == 0.667


def test_match_win_percentage_floor_after_withdrawing() -> None:
    """Appendix C: 1–3–0, then withdraws: 3 points of 12 is 0.25, so 0.33 is used."""
    players, results = _record_event(_record("1-3-0"), 4)
    row = _row(compute_standings(players, results, through_round=8), "hero")
    assert (row.match_points, row.rounds_played) == (3, 4)
    assert row.mwp == F(33, 100)
    assert row.dropped


def test_match_win_percentage_with_a_first_round_bye() -> None:
    """Appendix C: 3–2–0 including a first-round bye, then withdraws: 9 of 15 is 0.60."""
    players, results = _record_event([("BYE", None), ("W", None), ("W", None), ("L", None), ("L", None)], 5)
    row = _row(compute_standings(players, results), "hero")
    assert (row.match_points, row.rounds_played, row.byes, row.mwp) == (9, 5, 1, F(3, 5))
    assert row.record == "3-2-0"


# -- Game-win percentage ------------------------------------------------------------------------


def test_game_win_percentage() -> None:
    """Appendix C: game points over 3 × games played; 21 game points in 10 games is 21/(10*3) = 0.70
    (here 2–0, 2–1, 1–2, 2–0)."""
    players = [Player(p, p) for p in ("hero", "a", "b", "c", "d")]
    results = [
        MatchResult(1, "hero", "a", 2, 0),
        MatchResult(2, "hero", "b", 2, 1),
        MatchResult(3, "hero", "c", 1, 2),
        MatchResult(4, "hero", "d", 2, 0),
    ]
    row = _row(compute_standings(players, results), "hero")
    assert (row.game_points, row.games_played, row.gwp) == (21, 10, F(7, 10))


def test_game_win_percentage_floor() -> None:
    """Appendix C: 9 game points in 11 games is 9/(11*3) = 0.27, so 0.33 is used (here 1–2, 1–2,
    0–2, 1–2)."""
    players = [Player(p, p) for p in ("hero", "a", "b", "c", "d")]
    results = [
        MatchResult(1, "hero", "a", 1, 2),
        MatchResult(2, "hero", "b", 1, 2),
        MatchResult(3, "hero", "c", 0, 2),
        MatchResult(4, "hero", "d", 1, 2),
    ]
    row = _row(compute_standings(players, results), "hero")
    assert (row.game_points, row.games_played, row.gwp) == (9, 11, F(33, 100))
    assert round(9 / 33, 2) == 0.27


def test_a_bye_counts_as_two_games_won() -> None:
    """Appendix C: a bye is a 2–0 match win for the player's own game-win percentage."""
    players = [Player("hero", "Hero"), Player("a", "A")]
    results = [MatchResult.bye(1, "hero"), MatchResult(2, "hero", "a", 1, 2)]
    row = _row(compute_standings(players, results), "hero")
    assert (row.game_points, row.games_played, row.gwp) == (9, 5, F(3, 5))


# -- Opponents' match-win and game-win percentages ------------------------------------------------


def _opponents_event() -> tuple[list[Player], list[MatchResult], list[Fraction]]:
    """Appendix C's opponents' example: a 6–2–0 player whose eight opponents finished 4–4–0, 7–1–0,
    1–3–1 (withdrew after round 5), 3–3–1 (withdrew after round 7), 6–2–0, 5–2–1, 4–3–1 and 6–1–1.
    The opponents' other matches are against fillers; returns the opponents' expected MWPs."""
    specs = ["4-4-0", "7-1-0", "1-3-1", "3-3-1", "6-2-0", "5-2-1", "4-3-1", "6-1-1"]
    hero_loses_to = {2, 5}
    players = [Player("hero", "Hero")]
    results = []
    expected = []
    filler = 0
    for index, spec in enumerate(specs, start=1):
        wins, losses, draws = (int(x) for x in spec.split("-"))
        played = wins + losses + draws
        opp = f"o{index}"
        players.append(Player(opp, opp, dropped_after_round=played if played < 8 else None))
        expected.append(max(F(33, 100), F(3 * wins + draws, 3 * played)))
        if index in hero_loses_to:
            results.append(MatchResult(index, opp, "hero", 2, 0))
            wins -= 1
        else:
            results.append(MatchResult(index, "hero", opp, 2, 0))
            losses -= 1
        outcomes = ["W"] * wins + ["L"] * losses + ["D"] * draws
        other_rounds = [r for r in range(1, played + 1) if r != index]
        for round_number, outcome in zip(other_rounds, outcomes, strict=True):
            filler += 1
            name = f"f{filler}"
            players.append(Player(name, name))
            games = {"W": (2, 1, 0), "L": (1, 2, 0), "D": (1, 1, 0)}[outcome]
            results.append(MatchResult(round_number, opp, name, *games))
    return players, results, expected


def test_opponents_match_win_percentage() -> None:
    """Appendix C: OMW is the average of the opponents' MWPs, each raised to 0.33 first:
    (0.50 + 0.875 + 0.33 + 0.476 + 0.75 + 0.667 + 0.542 + 0.792) / 8 = 0.62. The two opponents who
    withdrew count with the rounds they played."""
    players, results, expected = _opponents_event()
    standings = compute_standings(players, results)
    hero = _row(standings, "hero")
    assert hero.record == "6-2-0"
    assert [_row(standings, f"o{i}").mwp for i in range(1, 9)] == expected
    assert expected[2] == F(33, 100)  # 1–3–1 is 4/15 = 0.267, raised to the floor
    assert hero.omw == sum(expected, F(0)) / 8
    assert round(float(hero.omw), 2) == 0.62


def test_opponents_match_win_percentage_with_a_bye() -> None:
    """Appendix C: the same event, but the player had a bye in round 1 instead of meeting the 4–4–0
    opponent: the bye is ignored, so OMW averages the other seven opponents: 0.63."""
    players, results, expected = _opponents_event()
    first = next(r for r in results if r.round == 1 and "hero" in r.players)
    results = [r for r in results if r is not first]
    results.append(MatchResult.bye(1, "hero"))
    # The 4–4–0 opponent still played round 1, against a new filler, with the same result.
    players.append(Player("f-r1", "f-r1"))
    results.append(MatchResult(1, "o1", "f-r1", 0, 2))
    standings = compute_standings(players, results)
    hero = _row(standings, "hero")
    assert hero.opponents == tuple(f"o{i}" for i in range(2, 9))
    assert _row(standings, "o1").mwp == F(1, 2)
    assert hero.omw == sum(expected[1:], F(0)) / 7
    assert round(float(hero.omw), 2) == 0.63
    assert hero.record == "6-2-0" and hero.byes == 1


def test_opponents_game_win_percentage_and_bye_not_an_opponent() -> None:
    """OGW averages the opponents' GWPs (each floored); a bye is no opponent for OMW or OGW."""
    players = [Player(p, p) for p in ("hero", "a", "b", "x", "y")]
    results = [
        MatchResult.bye(1, "hero"),
        MatchResult(1, "a", "b", 2, 0),  # a 6/6, b 0/6
        MatchResult(2, "hero", "a", 2, 1),  # hero beats a
        MatchResult(2, "b", "x", 0, 2),
        MatchResult(3, "hero", "b", 2, 0),
        MatchResult(3, "a", "y", 1, 2),
    ]
    standings = compute_standings(players, results)
    hero, a, b = (_row(standings, p) for p in ("hero", "a", "b"))
    assert hero.opponents == ("a", "b")
    # a: 2-0, 1-2, 1-2 is 12 game points in 8 games (12/24 = 0.5) and 1 win in 3 rounds.
    assert (a.game_points, a.games_played, a.gwp) == (12, 8, F(1, 2))
    assert a.mwp == F(1, 3)
    # b lost every game: 0/18, floored; 0 wins in 3 rounds, floored.
    assert (b.gwp, b.mwp) == (F(33, 100), F(33, 100))
    assert hero.omw == (F(1, 3) + F(33, 100)) / 2
    assert hero.ogw == (F(1, 2) + F(33, 100)) / 2
    assert hero.mwp == 1 and hero.gwp == F(6 + 6 + 6, 3 * (2 + 3 + 2))


def test_floor_is_a_setting() -> None:
    """With the floor set to 0 the 1–3–1 opponent counts as 4/15 instead of 0.33."""
    players, results, expected = _opponents_event()
    hero = _row(compute_standings(players, results, EventConfig(tiebreaker_floor=0)), "hero")
    expected[2] = F(4, 15)
    assert hero.omw == sum(expected, F(0)) / 8
    assert EventConfig(tiebreaker_floor=0.33).tiebreaker_floor == F(33, 100)
    assert EventConfig(tiebreaker_floor="0.4").tiebreaker_floor == F(2, 5)
    with pytest.raises(TournamentError, match="between 0 and 1"):
        EventConfig(tiebreaker_floor=1.5)


# -- Event policies -----------------------------------------------------------------------------


def test_late_entry_takes_losses_for_missed_rounds() -> None:
    players = [Player("a", "A"), Player("b", "B"), Player("late", "Late", late_from_round=3)]
    results = [
        MatchResult(1, "a", "b", 2, 0),
        MatchResult(2, "a", "b", 0, 2),
        MatchResult(3, "late", "a", 2, 0),
        MatchResult.bye(3, "b"),
    ]
    late = _row(compute_standings(players, results), "late")
    assert (late.record, late.match_points, late.rounds_played) == ("1-2-0", 3, 3)
    assert (late.game_points, late.games_played) == (6, 6)  # the missed rounds count as 0–2
    assert late.opponents == ("a",)
    assert late.mwp == F(1, 3)


def test_double_loss_gives_no_points_to_either_player() -> None:
    players = [Player("a", "A"), Player("b", "B")]
    results = [MatchResult(1, "a", "b", 1, 0, 0, double_loss=True)]
    standings = compute_standings(players, results)
    a, b = _row(standings, "a"), _row(standings, "b")
    assert (a.match_points, b.match_points) == (0, 0)
    assert (a.record, b.record) == ("0-1-0", "0-1-0")
    assert (a.game_points, a.games_played, b.game_points) == (3, 1, 0)
    assert a.opponents == ("b",)


def test_unequal_game_wins_decide_the_match_and_equal_ones_draw() -> None:
    draw = MatchResult(1, "a", "b", 1, 1, 1)
    assert (draw.match_points("a"), draw.match_points("b")) == (1, 1)
    assert draw.games("a", MatchFormat.BO3) == (4, 3)
    timed_out = MatchResult(1, "a", "b", 1, 0, 1)  # one game won, one unfinished: a wins
    assert timed_out.match_points("a") == 3


def test_best_of_one_games_and_bye() -> None:
    config = EventConfig(format=MatchFormat.BO1)
    players = [Player("a", "A"), Player("b", "B"), Player("c", "C")]
    results = [MatchResult(1, "a", "b", 1, 0), MatchResult.bye(1, "c")]
    standings = compute_standings(players, results, config)
    assert (_row(standings, "a").game_points, _row(standings, "a").games_played) == (3, 1)
    assert (_row(standings, "c").game_points, _row(standings, "c").games_played) == (3, 1)
    with pytest.raises(TournamentError, match="not a possible game record in a bo1 match"):
        compute_standings(players, [MatchResult(1, "a", "b", 2, 0)], config)


def test_tiebreaker_order_and_deterministic_final_key() -> None:
    """Points first, then OMW, GWP, OGW; full ties fall back to the seeded hash, stable per seed."""
    players = [Player(p, p.upper()) for p in "abcdefgh"]
    results = [
        MatchResult(1, "a", "b", 2, 0),
        MatchResult(1, "c", "d", 2, 1),
        MatchResult(1, "e", "f", 2, 0),
        MatchResult(1, "g", "h", 2, 0),
    ]
    standings = compute_standings(players, results, seed="x")
    assert [row.rank for row in standings] == list(range(1, 9))
    winners = [row.player_id for row in standings[:4]]
    assert set(winners) == {"a", "c", "e", "g"}
    assert winners[-1] == "c"  # same points and OMW (0.33), lower GWP (6/9 < 1)
    assert standings == compute_standings(players, results, seed="x")
    orders = {tuple(r.player_id for r in compute_standings(players, results, seed=s)) for s in range(20)}
    assert len(orders) > 1  # the last key is not the registration order


def test_contradictory_records_are_refused() -> None:
    players = [Player("a", "Alice"), Player("b", "Bob")]
    with pytest.raises(TournamentError, match="No player with id z is registered"):
        compute_standings(players, [MatchResult(1, "a", "z", 2, 0)])
    with pytest.raises(TournamentError, match="Alice has two results in round 1"):
        compute_standings(players, [MatchResult(1, "a", "b", 2, 0), MatchResult.bye(1, "a")])
    with pytest.raises(TournamentError, match="Two players share the id a"):
        compute_standings([Player("a", "A"), Player("a", "B")], [])
    with pytest.raises(TournamentError, match="Bob has a result in round 2 but was not in it"):
        compute_standings(
            [Player("a", "Alice"), Player("b", "Bob", dropped_after_round=1)],
            [MatchResult(2, "a", "b", 2, 0)],
        )
    with pytest.raises(TournamentError, match="not a possible game record"):
        compute_standings(players, [MatchResult(1, "a", "b", 2, 2)])


@pytest.mark.parametrize(
    ("players", "rounds"), [(1, 3), (8, 3), (9, 4), (64, 6), (65, 7), (512, 9), (2048, 11)]
)
def test_default_rounds(players: int, rounds: int) -> None:
    assert default_rounds(players) == rounds
