"""Swiss pairing: fast greedy pairing within score groups, repaired by an exact matching over a
growing window only when the greedy pass cannot avoid a rematch.

The order of what matters, most important first:

1. **No rematch** whenever a rematch-free pairing of the whole round exists (and otherwise as few
   rematches as possible).
2. **At most one bye per player** whenever a rematch-free pairing allows it: the bye goes to a
   player with the fewest byes so far.
3. **The bye goes to the lowest-ranked such player**, or at least to the lowest score group where one
   is eligible (a player is eligible when the others can still be paired without a rematch).
4. **Pair within score groups**: groups are paired top-down, at random inside a group (seeded); an
   odd group pairs down its lowest-ranked player into the next group.

How, and why it is fast:

- *Phase A (greedy)*. The bye is set aside first (the lowest-ranked player with the fewest byes).
  Each score group, with the players paired down into it placed first, is paired by a depth-first
  search over "not yet met" edges with a node budget; in a Swiss field nearly every pair is still
  allowed, so the search almost never backtracks and a round costs about ``O(players × rounds)``.
  A group the search cannot pair within its budget is paired greedily and its unpaired players float
  down to the next group.
- *Phase B (repair)*, only when players are still unpaired after the last group. Take the window
  ``W`` = every player whose score is at most the highest score among the unpaired players (plus the
  phase A partners of those, and the bye when it falls inside), drop the phase A pairs inside ``W`` and
  solve ``W`` exactly with :func:`networkx.max_weight_matching` on the complete graph of ``W`` (a
  virtual "bye" vertex when ``W`` is odd). Edge costs are lexicographic, each level outweighing every
  combination of the levels below it: rematches, then byes already had by the bye's recipient, then
  the bye's recipient's rank (lower is better), then the squared score difference of each pair.
  The window's answer is accepted when it has no rematch and its bye (if any) keeps the phase A
  bye's bye count and score group; otherwise the window doubles, score group by score group, until
  it is the whole field, where the best answer under the same costs is taken as is.

Exactness: phase A only ever pairs players who have not met, and phase B only stops early with a
rematch-free pairing, growing otherwise to the whole field where the matching is exact; so a
rematch-free pairing is found whenever one exists. Windows stay small (a few dozen players) in any
realistic event, which keeps a 512-player round far below a second, while a matching over the whole
field grows roughly with the cube of its size (see ``bench/pairing_bench.py``).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

from engine.tournament.errors import TournamentError
from engine.tournament.model import EventConfig, MatchResult, Pairing, Player, PlayerId
from engine.tournament.standings import check_event, compute_standings

_BYE = ("<bye>",)  # the virtual bye vertex of phase B: a tuple, so it never equals a player id
_BUDGET_PER_PLAYER = 64  # DFS nodes allowed per player of a score group before the greedy fallback
_FLOAT_CANDIDATES = 4  # lowest-ranked players tried as the one an odd group pairs down

Pair = tuple[PlayerId, PlayerId]


@dataclass(frozen=True, slots=True)
class History:
    """Who met whom and how often, and byes per player, from the results so far."""

    met: dict[PlayerId, Counter[PlayerId]]
    byes: Counter[PlayerId]

    @classmethod
    def of(cls, results: Iterable[MatchResult]) -> History:
        met: dict[PlayerId, Counter[PlayerId]] = defaultdict(Counter)
        byes: Counter[PlayerId] = Counter()
        for result in results:
            if result.player_b is None:
                byes[result.player_a] += 1
            else:
                met[result.player_a][result.player_b] += 1
                met[result.player_b][result.player_a] += 1
        return cls(met, byes)

    def times_met(self, a: PlayerId, b: PlayerId) -> int:
        counter = self.met.get(a)
        return counter[b] if counter else 0


def swiss_rounds_total(players: Sequence[Player], config: EventConfig) -> int:
    """Swiss rounds of the event: ``config.rounds`` or ``max(3, ceil(log2(registered players)))``."""
    return config.swiss_rounds(len(players))


def pair_round(
    players: Sequence[Player],
    results: Iterable[MatchResult],
    round_number: int,
    seed: str | int,
    config: EventConfig | None = None,
) -> list[Pairing]:
    """The pairings of ``round_number``: one table per pair, sorted by the better-ranked player of
    each table, the better-ranked player first, and the bye (if any) as the last table.

    ``players`` is every registered player (dropped ones included: they stay in the tiebreakers);
    ``results`` every result of the earlier rounds. The same arguments always give the same pairings:
    the randomness (round 1, order inside a score group) comes from ``random.Random`` seeded with
    ``seed`` and the round number (not a secret: anyone may re-run a pairing).

    Raises :class:`TournamentError` when the round cannot be paired: the Swiss rounds are over, an
    earlier round is unfinished, the round already has results, a result names an unknown player,
    or fewer than two players are still in the event.
    """
    config = config or EventConfig()
    results = list(results)
    check_event(players, results, config)
    _check_round(players, results, round_number, config)
    active = [p for p in players if p.is_active(round_number)]
    if len(active) < 2:
        raise TournamentError(f"Round {round_number} needs at least two players still in the event.")
    standings = compute_standings(players, results, config, through_round=round_number - 1, seed=seed)
    active_ids = {p.id for p in active}
    order = [row.player_id for row in standings if row.player_id in active_ids]
    points = {row.player_id: row.match_points for row in standings}
    rank = {pid: index for index, pid in enumerate(order)}
    rng = random.Random(f"{seed}:{round_number}")
    pairs, bye = swiss_pairs(order, points, History.of(results), rng)
    return _tables(pairs, bye, rank)


def swiss_pairs(
    order: Sequence[PlayerId],
    points: dict[PlayerId, int],
    history: History,
    rng: random.Random,
) -> tuple[list[Pair], PlayerId | None]:
    """Pair the players of ``order`` (best-ranked first, so sorted by points descending).

    Returns the pairs and the bye's recipient (``None`` for an even field). See the module docstring.
    """
    rank = {pid: index for index, pid in enumerate(order)}
    bye: PlayerId | None = None
    if len(order) % 2:
        fewest = min(history.byes[p] for p in order)
        bye = next(p for p in reversed(order) if history.byes[p] == fewest)
    groups: list[list[PlayerId]] = []
    for pid in order:
        if pid == bye:
            continue
        if groups and points[groups[-1][0]] == points[pid]:
            groups[-1].append(pid)
        else:
            groups.append([pid])
    pairs: list[Pair] = []
    floaters: list[PlayerId] = []
    for group in groups:
        members = list(group)
        rng.shuffle(members)
        got, floaters = _pair_group(floaters, members, rank, history)
        pairs.extend(got)
    if floaters:
        pairs, bye = _repair(pairs, floaters, bye, order, points, rank, history)
    return pairs, bye


def _check_round(
    players: Sequence[Player], results: list[MatchResult], round_number: int, config: EventConfig
) -> None:
    total = swiss_rounds_total(players, config)
    if round_number < 1:
        raise TournamentError("Rounds are numbered from 1.")
    if round_number > total:
        raise TournamentError(
            f"The event's {total} Swiss rounds are finished; no round {round_number} to pair."
        )
    if any(r.round >= round_number for r in results):
        raise TournamentError(f"Round {round_number} already has results, so it cannot be paired again.")
    reported = {(r.round, pid) for r in results for pid in r.players}
    for earlier in range(1, round_number):
        for player in players:
            if player.is_active(earlier) and (earlier, player.id) not in reported:
                raise TournamentError(f"Round {earlier} is not finished: {player.name} has no result yet.")


def _pair_group(
    floaters: list[PlayerId], members: list[PlayerId], rank: dict[PlayerId, int], history: History
) -> tuple[list[Pair], list[PlayerId]]:
    """Pair one score group with the players paired down into it; return the pairs and the players
    who float on to the next group (best-ranked first)."""
    pool = floaters + members
    budget = _BUDGET_PER_PLAYER * len(pool) + 256
    if len(pool) % 2:
        # An odd group pairs down its lowest-ranked player (the floaters only when the group is empty).
        candidates = sorted(members or floaters, key=rank.__getitem__, reverse=True)[:_FLOAT_CANDIDATES]
        for down in candidates:
            found = _perfect([p for p in pool if p != down], history, budget)
            if found is not None:
                return found, [down]
    else:
        found = _perfect(pool, history, budget)
        if found is not None:
            return found, []
    pairs, left = _greedy(pool, history)
    return pairs, sorted(left, key=rank.__getitem__)


def _perfect(pool: list[PlayerId], history: History, budget: int) -> list[Pair] | None:
    """A rematch-free perfect pairing of ``pool`` by depth-first search, each player (in pool order)
    taking the first allowed partner after it; ``None`` if none is found within ``budget`` nodes."""
    n = len(pool)
    if n % 2:
        return None
    met = [history.met.get(p, Counter()) for p in pool]
    partner = [-1] * n
    stack: list[tuple[int, int]] = []
    i, start, nodes = 0, 0, 0
    while True:
        while i < n and partner[i] != -1:
            i += 1
        if i == n:
            return [(pool[a], pool[partner[a]]) for a in range(n) if a < partner[a]]
        j = max(start, i + 1)
        seen = met[i]
        while j < n and (partner[j] != -1 or seen[pool[j]]):
            j += 1
        if j < n:
            nodes += 1
            if nodes > budget:
                return None
            partner[i], partner[j] = j, i
            stack.append((i, j))
            i, start = i + 1, 0
        else:
            if not stack:
                return None
            i, j = stack.pop()
            partner[i] = partner[j] = -1
            start = j + 1


def _greedy(pool: list[PlayerId], history: History) -> tuple[list[Pair], list[PlayerId]]:
    """Each player in pool order takes the first free player they have not met; the rest float."""
    taken: set[PlayerId] = set()
    pairs: list[Pair] = []
    left: list[PlayerId] = []
    for index, player in enumerate(pool):
        if player in taken:
            continue
        taken.add(player)
        for other in pool[index + 1 :]:
            if other not in taken and not history.times_met(player, other):
                taken.add(other)
                pairs.append((player, other))
                break
        else:
            left.append(player)
    return pairs, left


def _repair(
    pairs: list[Pair],
    unpaired: list[PlayerId],
    bye: PlayerId | None,
    order: Sequence[PlayerId],
    points: dict[PlayerId, int],
    rank: dict[PlayerId, int],
    history: History,
) -> tuple[list[Pair], PlayerId | None]:
    """Phase B: re-pair a growing bottom window exactly (see the module docstring)."""
    partner: dict[PlayerId, PlayerId] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    levels = sorted({points[p] for p in order})
    threshold = max(points[p] for p in unpaired)
    while True:
        window = {p for p in order if points[p] <= threshold} | set(unpaired)
        window |= {partner[p] for p in window if p in partner}
        whole = len(window) == len(order)
        with_bye = bye is not None and bye in window
        members = sorted(window, key=rank.__getitem__)
        solved_pairs, solved_bye = _solve(members, with_bye, len(order), points, rank, history)
        acceptable = all(not history.times_met(a, b) for a, b in solved_pairs) and (
            not with_bye
            or (
                solved_bye is not None
                and bye is not None
                and history.byes[solved_bye] == history.byes[bye]
                and points[solved_bye] == points[bye]
            )
        )
        if acceptable or whole:
            kept = [(a, b) for a, b in pairs if a not in window]
            return kept + solved_pairs, (solved_bye if with_bye else bye)
        wanted = 2 * len(window)
        threshold = next(
            (lv for lv in levels if sum(points[p] <= lv for p in order) >= wanted and lv > threshold),
            levels[-1],
        )


def _solve(
    members: list[PlayerId],
    with_bye: bool,
    field_size: int,
    points: dict[PlayerId, int],
    rank: dict[PlayerId, int],
    history: History,
) -> tuple[list[Pair], PlayerId | None]:
    """The minimum-cost perfect pairing of ``members`` (plus the bye vertex when ``with_bye``) under
    the lexicographic costs of the module docstring, by :func:`networkx.max_weight_matching`."""
    scores = [points[p] for p in members]
    spread = (max(scores) - min(scores)) ** 2 + 1
    rank_unit = spread * (len(members) // 2 + 2)
    repeat_unit = rank_unit * (field_size + 1)
    most_byes = max((history.byes[p] for p in members), default=0)
    rematch_unit = repeat_unit * (most_byes + 2)
    costs: list[tuple[PlayerId, PlayerId | tuple[str], int]] = []
    for index, a in enumerate(members):
        met = history.met.get(a, Counter())
        for b in members[index + 1 :]:
            costs.append((a, b, rematch_unit * met[b] + (points[a] - points[b]) ** 2))
        if with_bye:
            costs.append((a, _BYE, repeat_unit * history.byes[a] + rank_unit * (field_size - 1 - rank[a])))
    top = max(cost for _, _, cost in costs) + 1
    graph: nx.Graph[PlayerId | tuple[str]] = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - cost) for a, b, cost in costs)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    solved: list[Pair] = []
    bye: PlayerId | None = None
    for a, b in matching:
        if a == _BYE or b == _BYE:
            other = b if a == _BYE else a
            bye = other if isinstance(other, str) else None
        elif isinstance(a, str) and isinstance(b, str):
            solved.append((a, b))
    solved.sort(key=lambda pair: min(rank[pair[0]], rank[pair[1]]))
    return solved, bye


def _tables(pairs: list[Pair], bye: PlayerId | None, rank: dict[PlayerId, int]) -> list[Pairing]:
    ordered = sorted((tuple(sorted(pair, key=rank.__getitem__)) for pair in pairs), key=lambda p: rank[p[0]])
    tables = [Pairing(index + 1, a, b) for index, (a, b) in enumerate(ordered)]
    if bye is not None:
        tables.append(Pairing(len(tables) + 1, bye, None))
    return tables
