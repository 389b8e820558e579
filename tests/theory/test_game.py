"""The matching solver against the exhaustive search of the rules."""

from __future__ import annotations

import networkx as nx
import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, NotBipartiteError, SolverError, brute, maximum_matching, solve
from bipartite_game.graphs.matching import bipartite_matching, matching_size
from bipartite_game.theory.bipartite import check_cover, even_closure, koenig_cover
from bipartite_game.theory.game import first_player_wins_from
from tests.support.enumeration import strategy_never_fails
from tests.support.strategies import adjacency, examples, graphs


def _solve_edges(n: int, edges: list[tuple[int, int]]) -> list[bool]:
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    losing: list[bool] = solve(graph).losing.tolist()
    return losing


@settings(max_examples=examples(300))
@given(graphs(max_vertices=13, bipartite=True))
def test_bipartite_solver_agrees_with_brute_force_on_every_vertex(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    n, edges = case
    assert _solve_edges(n, edges) == brute.geography_losing_starts(adjacency(n, edges))


@settings(max_examples=examples(200))
@given(graphs(max_vertices=12))
def test_single_start_answer_agrees_with_brute_force(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    """``first_player_wins_from`` (bipartite: the matching's own searches,
    sides renamed so the start is on side 0; others: a full solve)."""
    n, edges = case
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    losing = brute.geography_losing_starts(adjacency(n, edges))
    for start in range(n):
        assert first_player_wins_from(graph, start) == (not losing[start])


@settings(max_examples=examples(200))
@given(graphs(max_vertices=13, bipartite=True))
def test_dead_trees_of_the_matching_are_d_on_side_zero(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    n, edges = case
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    side = graph.sides()
    mate, dead = bipartite_matching(graph, side)
    losing = brute.geography_losing_starts(adjacency(n, edges))
    assert dead.tolist() == [bool(lose and side[v] == 0) for v, lose in enumerate(losing)]
    assert matching_size(mate) == matching_size(maximum_matching(graph))


def test_components_and_induced_subgraphs() -> None:
    # two paths, 0-1-2 and 3-4, and the isolated 5
    graph = Graph.from_edges([0, 1, 3], [1, 2, 4], 6, labels=list("abcdef"))
    first = graph.component("c")  # a labelled graph takes labels, never ids
    assert first is not None and first.tolist() == [True, True, True, False, False, False]
    assert graph.component("a", limit=2) is None  # three vertices: more than the limit
    small = graph.component("e", limit=2)
    assert small is not None and np.flatnonzero(small).tolist() == [3, 4]
    sub = graph.subgraph(small)
    assert sub.num_vertices == 2 and sub.labels == ("d", "e") and sub.edges()[0].tolist() == [0]
    middle = graph.subgraph([False, True, True, True, False, False])
    assert middle.neighbors("b") == ["c"] and middle.neighbors("d") == []
    assert middle.is_bipartite()


@settings(max_examples=examples(150))
@given(graphs(max_vertices=10, bipartite=True))
def test_strategy_wins_against_every_opponent_line(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    solution = solve(graph)
    adj = adjacency(n, edges)
    for start in range(n):
        strategy = solution.strategy(start)
        assert strategy.first_player_wins == solution.first_player_wins(start)
        assert strategy_never_fails(adj, strategy)


@pytest.mark.parametrize(
    ("name", "n", "edges"),
    [
        ("one vertex", 1, []),
        ("no edge", 4, []),
        ("single edge", 2, [(0, 1)]),
        ("path of 3", 3, [(0, 1), (1, 2)]),
        ("path of 4", 4, [(0, 1), (1, 2), (2, 3)]),
        ("star", 5, [(0, 1), (0, 2), (0, 3), (0, 4)]),
        ("even cycle", 6, [(i, (i + 1) % 6) for i in range(6)]),
        ("K3,3", 6, [(i, j) for i in range(3) for j in range(3, 6)]),
        ("K2,4", 6, [(i, j) for i in range(2) for j in range(2, 6)]),
        ("tree", 7, [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (5, 6)]),
    ],
)
def test_named_families(name: str, n: int, edges: list[tuple[int, int]]) -> None:
    assert _solve_edges(n, edges) == brute.geography_losing_starts(adjacency(n, edges)), name


def test_empty_graph_has_no_vertices_and_no_answer() -> None:
    solution = solve(Graph.from_edges([], [], 0))
    assert solution.losing.size == 0
    assert solution.matching_size == 0


def test_perfect_matching_means_every_start_wins() -> None:
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3])  # path of 4 has a perfect matching
    solution = solve(graph)
    assert not solution.losing.any()
    assert all(solution.first_player_wins(v) for v in range(4))


def test_isolated_vertex_loses_for_the_mover() -> None:
    solution = solve(Graph.from_edges([0], [1], 3))
    assert solution.losing.tolist() == [False, False, True]


def test_grid_with_walls_agrees_with_brute_force() -> None:
    rows = ["..#.", "....", ".#..", "...."]
    adj, _ = brute.grid_adjacency(rows, [(0, 1), (1, 0), (0, -1), (-1, 0)])
    n = len(adj)
    edges = [(v, w) for v in range(n) for w in adj[v] if v < w]
    assert _solve_edges(n, edges) == brute.geography_losing_starts(adj)


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1), st.integers(50, 3000), st.floats(0.5, 4.0))
def test_matching_size_agrees_with_networkx(seed: int, n: int, mean_degree: float) -> None:
    rng = np.random.default_rng(seed)
    side = rng.integers(0, 2, n)
    m = int(n * mean_degree / 2)
    u = rng.integers(0, n, m)
    v = rng.integers(0, n, m)
    keep = side[u] != side[v]
    graph = Graph.from_edges(u[keep], v[keep], n)
    mate = maximum_matching(graph)
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from(zip(u[keep].tolist(), v[keep].tolist(), strict=True))
    top = [x for x in range(n) if side[x] == 0]
    expected = len(nx.bipartite.hopcroft_karp_matching(reference, top_nodes=top)) // 2
    assert matching_size(mate) == expected


def _losing_set(graph: Graph, mate: npt.NDArray[np.int32]) -> npt.NDArray[np.bool_]:
    """Even-alternating closure from every free vertex (D, when ``mate`` is maximum)."""
    losing = np.zeros(graph.num_vertices, dtype=np.bool_)
    even_closure(graph.indptr, graph.indices, mate, losing, mate < 0)
    return losing


def test_certificate_rejects_a_matching_that_is_not_maximum() -> None:
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3])  # path 0-1-2-3
    side = graph.sides()
    short = np.array([-1, 2, 1, -1], dtype=np.int32)  # maximal, not maximum
    losing = _losing_set(graph, short)
    cover = koenig_cover(graph.indptr, graph.indices, side, losing)
    assert check_cover(graph.indptr, graph.indices, side, short, cover) != 0
    best = maximum_matching(graph)
    losing = _losing_set(graph, best)
    cover = koenig_cover(graph.indptr, graph.indices, side, losing)
    assert check_cover(graph.indptr, graph.indices, side, best, cover) == 0


def test_solver_error_is_not_a_value_error() -> None:
    # a failed certificate is a bug of ours, never bad input
    assert not issubclass(SolverError, ValueError)


def test_odd_cycle_is_named_and_is_a_real_odd_cycle() -> None:
    graph = Graph.from_edges([0, 1, 2, 3, 4], [1, 2, 3, 4, 0])
    with pytest.raises(NotBipartiteError, match="odd cycle of length 5") as info:
        graph.sides()
    cycle = info.value.cycle
    assert len(cycle) % 2 == 1
    for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        assert graph.has_edge(a, b)


@settings(max_examples=examples(100))
@given(graphs(max_vertices=12))
def test_two_colouring_or_odd_cycle(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    colouring = graph.two_colouring()
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from(edges)
    assert colouring.is_bipartite == nx.is_bipartite(reference)
    if colouring.side is not None:
        for u, v in edges:
            assert colouring.side[u] != colouring.side[v]
    else:
        assert colouring.odd_cycle is not None
        cycle = colouring.odd_cycle.tolist()
        assert len(cycle) % 2 == 1 and len(set(cycle)) == len(cycle)
        for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            assert graph.has_edge(a, b)


def test_reply_is_the_matching_partner() -> None:
    solution = solve(Graph.from_edges([0, 1], [1, 2]))
    assert solution.reply(1) in (0, 2)
    assert solution.first_player_wins(1)
    assert not solution.first_player_wins(0)
    strategy = solution.strategy(0)
    assert not strategy.first_player_wins
    assert strategy.reply(1) == 2
