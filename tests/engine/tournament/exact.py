"""Exact answers by brute force over the whole field, to check the fast pairing against: networkx
matchings on the complete field (small events only)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx

from engine.tournament.model import Pairing, PlayerId
from engine.tournament.pairing import History

BYE = ("<exact-bye>",)


def perfect_exists(players: Sequence[PlayerId], history: History, bye_to: Iterable[PlayerId] | None) -> bool:
    """Whether the players can all be paired without a rematch; for an odd field, the bye going to
    one of ``bye_to`` (everyone when ``None``)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for index, a in enumerate(players):
        for b in players[index + 1 :]:
            if not history.times_met(a, b):
                graph.add_edge(a, b)
    if len(players) % 2:
        graph.add_node(BYE)
        for p in players if bye_to is None else bye_to:
            graph.add_edge(p, BYE)
    if graph.number_of_nodes() == 0:
        return True
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def min_rematches(players: Sequence[PlayerId], history: History) -> int:
    """The fewest rematches (counted with multiplicity) any pairing of the field can have."""
    graph = nx.Graph()
    top = 1 + max((history.times_met(a, b) for a in players for b in players), default=0)
    for index, a in enumerate(players):
        for b in players[index + 1 :]:
            graph.add_edge(a, b, weight=top - history.times_met(a, b))
        if len(players) % 2:
            graph.add_edge(a, BYE, weight=top)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(history.times_met(a, b) for a, b in matching if BYE not in (a, b))


def rematches(tables: Sequence[Pairing], history: History) -> int:
    return sum(history.times_met(t.player_a, t.player_b) for t in tables if t.player_b is not None)
