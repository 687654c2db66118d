"""A full simulated event: 64 players over 6 Swiss rounds (60 at the start, 2 entering in round 2
and 2 in round 3; 3 dropping after round 2 and 2 after round 4), with draws, one double loss and
byes, then a top 8. Invariants are checked after every round."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from engine.tournament import (
    EventConfig,
    MatchResult,
    Player,
    compute_standings,
    pair_round,
    start_top_cut,
)
from engine.tournament.pairing import History
from tests.engine.tournament.exact import perfect_exists, rematches

SEED = "event-64"


def _result(rng: random.Random, round_number: int, a: str, b: str) -> MatchResult:
    roll = rng.random()
    if roll < 0.45:
        return MatchResult(round_number, a, b, 2, rng.choice([0, 1]))
    if roll < 0.9:
        return MatchResult(round_number, a, b, rng.choice([0, 1]), 2)
    return MatchResult(round_number, a, b, 1, 1, 1)


def test_sixty_four_player_event() -> None:
    rng = random.Random(2024)
    config = EventConfig(rounds=6)
    players = {f"p{i:02d}": Player(f"p{i:02d}", f"Player {i:02d}") for i in range(60)}
    for i, start in ((60, 2), (61, 2), (62, 3), (63, 3)):
        players[f"p{i}"] = Player(f"p{i}", f"Late {i}", late_from_round=start)
    drops = {2: ["p05", "p17", "p33"], 4: ["p08", "p41"]}
    results: list[MatchResult] = []
    double_loss_done = False

    for round_number in range(1, 7):
        roster = list(players.values())
        active = sorted(p.id for p in roster if p.is_active(round_number))
        history = History.of(results)
        before = compute_standings(roster, results, config, through_round=round_number - 1, seed=SEED)
        points = {row.player_id: row.match_points for row in before}
        tables = pair_round(roster, results, round_number, SEED, config)

        seated = [p for t in tables for p in (t.player_a, t.player_b) if p is not None]
        assert sorted(seated) == active, f"round {round_number}: every active player exactly once"
        assert perfect_exists(active, history, None) and rematches(tables, history) == 0
        byes = [t.player_a for t in tables if t.is_bye]
        assert len(byes) == len(active) % 2
        for bye in byes:
            assert history.byes[bye] == 0
            fresh = [p for p in active if history.byes[p] == 0]
            assert points[bye] == min(points[p] for p in fresh)
        groups = len({points[p] for p in active})
        pair_downs = sum(1 for t in tables if t.player_b and points[t.player_a] != points[t.player_b])
        assert pair_downs < groups, f"round {round_number}: at most one pair-down per score group"

        for table in tables:
            a, b = table.player_a, table.player_b
            if b is None:
                results.append(MatchResult.bye(round_number, a))
            elif round_number == 3 and not double_loss_done:
                results.append(MatchResult(round_number, a, b, 1, 1, 0, double_loss=True))
                double_loss_done = True
            else:
                results.append(_result(rng, round_number, a, b))
        for pid in drops.get(round_number, []):
            players[pid] = replace(players[pid], dropped_after_round=round_number)

    assert double_loss_done
    assert any(r.wins_a == r.wins_b and not r.double_loss for r in results if r.player_b)
    final = compute_standings(list(players.values()), results, config, seed=SEED)
    assert [row.rank for row in final] == list(range(1, 65))
    keys = [(-r.match_points, -r.omw, -r.gwp, -r.ogw) for r in final]
    assert keys == sorted(keys)
    rows = {row.player_id: row for row in final}

    # Points are conserved: 3 per decisive match or bye, 2 per draw, 0 per double loss.
    expected = 0
    for r in results:
        if r.player_b is None:
            expected += 3
        elif not r.double_loss:
            expected += 2 if r.wins_a == r.wins_b else 3
    assert sum(row.match_points for row in final) == expected

    # Byes: at most one each. Late entries: losses for the missed rounds. Drops: flagged, still counted.
    assert max(Counter(r.player_a for r in results if r.player_b is None).values()) == 1
    assert rows["p62"].rounds_played == 6 and rows["p62"].losses >= 2
    assert rows["p60"].rounds_played == 6 and rows["p60"].losses >= 1
    for pid in ("p05", "p17", "p33"):
        assert rows[pid].dropped and rows[pid].rounds_played == 2
        assert any(pid in row.opponents for row in final if row.player_id != pid)
    assert all(row.rounds_played == 6 for row in final if not row.dropped)

    # Determinism: the same records give the same pairings.
    roster, earlier = list(players.values()), [r for r in results if r.round < 6]
    assert pair_round(roster, earlier, 6, SEED, config) == pair_round(roster, earlier, 6, SEED, config)

    # Top 8 from the standings, played out by the better seed.
    cut = start_top_cut(final, 8)
    assert list(cut.seeds) == [row.player_id for row in final if not row.dropped][:8]
    assert [(m.player_a, m.player_b) for m in cut.current_matches()] == [
        (cut.seeds[0], cut.seeds[7]),
        (cut.seeds[3], cut.seeds[4]),
        (cut.seeds[1], cut.seeds[6]),
        (cut.seeds[2], cut.seeds[5]),
    ]
    while cut.champion is None:
        for match in cut.current_matches():
            if match.winner is None:
                cut = cut.record_winner(match.player_b if rng.random() < 0.3 else match.player_a)
    assert cut.champion in cut.seeds
