"""General graphs: Edmonds' blossom search and the Gallai–Edmonds decomposition."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute, maximum_matching, solve
from bipartite_game.graphs.matching import matching_size

from .strategies import adjacency, examples, graphs
from .test_game import _strategy_never_fails


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


def _nu(n: int, edges: list[tuple[int, int]], without: int | None = None) -> int:
    reference = nx.Graph()
    reference.add_nodes_from(v for v in range(n) if v != without)
    reference.add_edges_from((u, v) for u, v in edges if without not in (u, v))
    return len(nx.max_weight_matching(reference, maxcardinality=True))


@settings(max_examples=examples(400))
@given(graphs(max_vertices=13))
def test_solver_agrees_with_brute_force_on_every_vertex(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    n, edges = case
    assert solve(_graph(n, edges)).losing.tolist() == brute.geography_losing_starts(
        adjacency(n, edges)
    )


@settings(max_examples=examples(100))
@given(graphs(max_vertices=9))
def test_strategy_wins_against_every_opponent_line(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    solution = solve(_graph(n, edges))
    adj = adjacency(n, edges)
    for start in range(n):
        assert _strategy_never_fails(adj, solution.strategy(start))


@settings(max_examples=examples(120))
@given(graphs(max_vertices=11))
def test_gallai_edmonds_decomposition(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    solution = solve(_graph(n, edges))
    nu = _nu(n, edges)
    assert solution.matching_size == nu
    d = solution.losing
    for v in range(n):
        # D: missed by some maximum matching; A and C: covered by every one
        assert (_nu(n, edges, without=v) == nu) == bool(d[v])
    neighbours_of_d = {w for u, w in edges if d[u]} | {u for u, w in edges if d[w]}
    assert {v for v in range(n) if solution.barrier[v]} == neighbours_of_d - set(
        np.flatnonzero(d).tolist()
    )
    # each component of G[D] is factor-critical: any one vertex out, a perfect matching
    inside = nx.Graph()
    inside.add_nodes_from(np.flatnonzero(d).tolist())
    inside.add_edges_from((u, w) for u, w in edges if d[u] and d[w])
    for part in nx.connected_components(inside):
        part_edges = [(u, w) for u, w in inside.edges if u in part]
        for x in part:
            sub = nx.Graph()
            sub.add_nodes_from(part - {x})
            sub.add_edges_from((u, w) for u, w in part_edges if x not in (u, w))
            assert 2 * len(nx.max_weight_matching(sub, maxcardinality=True)) == len(part) - 1


@pytest.mark.parametrize(
    ("name", "n", "edges"),
    [
        ("triangle", 3, [(0, 1), (1, 2), (2, 0)]),
        ("pentagon", 5, [(i, (i + 1) % 5) for i in range(5)]),
        ("K5", 5, [(i, j) for i in range(5) for j in range(i + 1, 5)]),
        ("K6", 6, [(i, j) for i in range(6) for j in range(i + 1, 6)]),
        ("triangle with tail", 4, [(0, 1), (1, 2), (2, 0), (2, 3)]),
        ("two triangles joined", 6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]),
        (
            "blossom inside a blossom",
            9,
            [
                (0, 1),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 4),
                (4, 0),
                (4, 5),
                (5, 6),
                (6, 7),
                (7, 8),
                (8, 5),
            ],
        ),
        (
            "petersen",
            10,
            [(i, (i + 1) % 5) for i in range(5)]
            + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
            + [(i, i + 5) for i in range(5)],
        ),
        (
            "star of triangles",
            7,
            [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0), (0, 5), (5, 6), (6, 0)],
        ),
    ],
)
def test_named_general_families(name: str, n: int, edges: list[tuple[int, int]]) -> None:
    assert solve(_graph(n, edges)).losing.tolist() == brute.geography_losing_starts(
        adjacency(n, edges)
    ), name


@settings(max_examples=6)
@given(st.integers(0, 2**32 - 1), st.integers(500, 2500), st.floats(1.0, 3.5))
def test_matching_size_agrees_with_networkx_on_large_graphs(
    seed: int, n: int, mean_degree: float
) -> None:
    rng = np.random.default_rng(seed)
    m = int(n * mean_degree / 2)
    u = rng.integers(0, n, m)
    v = rng.integers(0, n, m)
    graph = Graph.from_edges(u, v, n)
    mate = maximum_matching(graph)
    reference = graph.to_networkx()
    assert matching_size(mate) == len(nx.max_weight_matching(reference, maxcardinality=True))
    solve(graph)  # and the Tutte–Berge certificate holds
