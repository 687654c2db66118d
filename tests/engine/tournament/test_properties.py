"""Hypothesis properties over random events, the fast pairing checked against exact answers from
networkx matchings over the whole field (``exact.py``):

- every active player is paired exactly once per round; dropped and not-yet-entered players never;
- no rematch when a rematch-free pairing exists (and never more rematches than the fewest possible);
- at most one bye per player when a rematch-free pairing allows it;
- the bye goes to the lowest score group holding an eligible player;
- standings are sorted by the tiebreaker chain, and agree with an independent float computation;
- the same arguments give the same pairings.

Histories are either random (any players may have met, which stresses the repair phase) or played
by the engine itself, with draws, double losses, byes, late entries and drops.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.tournament import EventConfig, MatchResult, Player, compute_standings, pair_round
from engine.tournament.pairing import History
from tests.engine.tournament.exact import min_rematches, perfect_exists, rematches
from tests.property_costs import SERVICE

CONFIG = EventConfig(rounds=99)


def random_result(rng: random.Random, round_number: int, a: str, b: str) -> MatchResult:
    roll = rng.random()
    if roll < 0.4:
        return MatchResult(round_number, a, b, 2, rng.choice([0, 1]))
    if roll < 0.8:
        return MatchResult(round_number, a, b, rng.choice([0, 1]), 2)
    if roll < 0.9:
        return MatchResult(round_number, a, b, 1, 1, rng.choice([0, 1]))
    return MatchResult(round_number, a, b, rng.choice([0, 1]), rng.choice([0, 1]), double_loss=True)


def build_event(
    size: int, played: int, seed: int, swiss: bool
) -> tuple[list[Player], list[MatchResult], int]:
    """``size`` players, some entering late and some dropping, after ``played`` complete rounds;
    returns the players, the results and the next round's number."""
    rng = random.Random(seed)
    players = []
    for index in range(size):
        late = rng.choice([1, 1, 1, 1, 2, 3]) if played else 1
        late = min(late, played + 1)
        drop = rng.choice([None] * 6 + [1, 2, 3])
        if drop is not None and (drop < late or drop > played):
            drop = None
        players.append(Player(f"p{index:02d}", f"Player {index}", drop, late))
    results: list[MatchResult] = []
    for round_number in range(1, played + 1):
        active = [p.id for p in players if p.is_active(round_number)]
        if len(active) < 2:
            results.extend(MatchResult.bye(round_number, p) for p in active)
            continue
        if swiss:
            tables = pair_round(players, results, round_number, seed, CONFIG)
            pairs = [(t.player_a, t.player_b) for t in tables]
        else:
            rng.shuffle(active)
            pairs = [
                (active[i], active[i + 1] if i + 1 < len(active) else None) for i in range(0, len(active), 2)
            ]
        for a, b in pairs:
            results.append(
                MatchResult.bye(round_number, a) if b is None else random_result(rng, round_number, a, b)
            )
    return players, results, played + 1


def check_round(players: list[Player], results: list[MatchResult], round_number: int, seed: int) -> None:
    active = [p.id for p in players if p.is_active(round_number)]
    assume(len(active) >= 2)
    tables = pair_round(players, results, round_number, seed, CONFIG)
    history = History.of(results)
    standings = compute_standings(players, results, CONFIG, through_round=round_number - 1, seed=seed)
    points = {row.player_id: row.match_points for row in standings}

    # Every active player exactly once, nobody else; tables numbered 1..n, the bye last.
    seated = [p for t in tables for p in (t.player_a, t.player_b) if p is not None]
    assert sorted(seated) == sorted(active)
    assert [t.table for t in tables] == list(range(1, len(tables) + 1))
    byes = [t.player_a for t in tables if t.player_b is None]
    assert len(byes) == len(active) % 2
    assert all(t.player_b is not None for t in tables[: len(tables) - len(byes)])

    # Rematches: none when avoidable, and never more than the fewest possible.
    if perfect_exists(active, history, None):
        assert rematches(tables, history) == 0
    assert rematches(tables, history) == min_rematches(active, history)

    if byes:
        (bye,) = byes
        fewest = min(history.byes[p] for p in active)
        least = [p for p in active if history.byes[p] == fewest]
        if perfect_exists(active, history, least):
            # At most one bye per player (in general: the fewest byes) whenever that is avoidable.
            assert history.byes[bye] == fewest
            eligible = [x for x in least if perfect_exists([p for p in active if p != x], history, [])]
            assert min(points[x] for x in eligible) == points[bye]

    assert pair_round(players, results, round_number, seed, CONFIG) == tables


def check_standings(players: list[Player], results: list[MatchResult], seed: int) -> None:
    standings = compute_standings(players, results, CONFIG, seed=seed)
    assert [row.rank for row in standings] == list(range(1, len(players) + 1))
    keys = [(-r.match_points, -r.omw, -r.gwp, -r.ogw) for r in standings]
    assert keys == sorted(keys)
    # An independent float computation of points, MWP and OMW.
    last = max((r.round for r in results), default=0)
    mp = {p.id: 0 for p in players}
    rounds = {p.id: p.missed_rounds(last) for p in players}
    opps: dict[str, list[str]] = {p.id: [] for p in players}
    for r in results:
        if r.player_b is None:
            mp[r.player_a] += 3
            rounds[r.player_a] += 1
            continue
        rounds[r.player_a] += 1
        rounds[r.player_b] += 1
        opps[r.player_a].append(r.player_b)
        opps[r.player_b].append(r.player_a)
        if r.double_loss:
            continue
        if r.wins_a == r.wins_b:
            mp[r.player_a] += 1
            mp[r.player_b] += 1
        else:
            mp[r.player_a if r.wins_a > r.wins_b else r.player_b] += 3
    mwp = {p: max(0.33, mp[p] / (3 * rounds[p])) if rounds[p] else 0.33 for p in mp}
    for row in standings:
        assert row.match_points == mp[row.player_id]
        assert abs(float(row.mwp) - mwp[row.player_id]) < 1e-9
        o = opps[row.player_id]
        expected = sum(mwp[x] for x in o) / len(o) if o else 0.33
        assert abs(float(row.omw) - expected) < 1e-9


FAST = settings(suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(
    size=st.integers(2, 11),
    played=st.integers(0, 9),
    seed=st.integers(0, 2**32),
    swiss=st.booleans(),
)
def test_small_events_pair_exactly(size: int, played: int, seed: int, swiss: bool) -> None:
    players, results, next_round = build_event(size, played, seed, swiss)
    check_standings(players, results, seed)
    check_round(players, results, next_round, seed)


@settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(12, 36), played=st.integers(3, 16), seed=st.integers(0, 2**32), swiss=st.booleans())
def test_larger_events_pair_exactly(size: int, played: int, seed: int, swiss: bool) -> None:
    """Long events on medium fields, where the repair window must grow before it is rematch-free."""
    players, results, next_round = build_event(size, played, seed, swiss)
    check_round(players, results, next_round, seed)


@settings(SERVICE)
@given(size=st.integers(2, 11), played=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_drops_take_effect_from_the_next_round(size: int, played: int, seed: int) -> None:
    players, results, next_round = build_event(size, played, seed, swiss=True)
    dropping = players[0]
    assume(dropping.late_from_round <= played and dropping.dropped_after_round is None)
    players = [replace(dropping, dropped_after_round=played), *players[1:]]
    active = [p for p in players if p.is_active(next_round)]
    assume(len(active) >= 2)
    tables = pair_round(players, results, next_round, seed, CONFIG)
    assert dropping.id not in {p for t in tables for p in (t.player_a, t.player_b)}
    # ...and the dropped player stays in the standings and in the opponents' tiebreakers.
    standings = compute_standings(players, results, CONFIG)
    assert any(row.player_id == dropping.id and row.dropped for row in standings)
