"""Gallai–Edmonds classes and edge classes against enumeration of every
maximum matching (tests/support/enumeration.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import BipartiteGameError, Graph, solve
from bipartite_game.theory.allowed import allowed_edges
from bipartite_game.theory.decompose import EDGE_CLASSES, decompose
from bipartite_game.theory.edge_classes import same_block
from tests.support.enumeration import edge_classes, maximum_matchings, missed_by_some
from tests.support.strategies import EdgeSet, examples, graphs


@st.composite
def unions(draw: st.DrawFn, bipartite: bool | None = None) -> EdgeSet:
    """Disjoint unions of up to three small graphs (several components,
    isolated vertices, odd cycles and blossoms when not bipartite)."""
    n = 0
    edges: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(1, 3))):
        m, part = draw(graphs(max_vertices=6, bipartite=bipartite))
        edges += [(u + n, v + n) for u, v in part]
        n += m
    return n, edges


def check_against_enumeration(n: int, edges: list[tuple[int, int]]) -> None:
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    d = decompose(graph)
    if n == 0:
        assert d.vertex_class.size == 0 and d.edge_class.size == 0
        return
    matchings = maximum_matchings(n, edges)
    missed = missed_by_some(n, matchings)
    neighbours: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        neighbours[u].add(v)
        neighbours[v].add(u)
    for v in range(n):
        expected = "D" if missed[v] else "A" if any(missed[w] for w in neighbours[v]) else "C"
        assert d.class_of(v) == expected, (v, edges)
    truth = edge_classes(edges, matchings)
    for (u, v), cls in truth.items():
        assert d.edge_class_of(u, v) == cls, ((u, v), edges)
        assert d.edge_class_of(v, u) == cls
    us, vs, found = d.edges()
    assert len(us) == len(truth)
    listed = zip(us.tolist(), vs.tolist(), found.tolist(), strict=True)
    assert {(a, b): EDGE_CLASSES[c] for a, b, c in listed} == truth
    if d.block is not None:
        # fine blocks: the components of the allowed edges inside C
        assert ((d.block >= 0) == d.in_c).all()
        for (u, v), c in truth.items():
            if d.in_c[u] and d.in_c[v]:
                assert (c != "none") == (d.block[u] == d.block[v])
        mate = d.mate
        assert (d.block[d.in_c] == d.block[mate[d.in_c]]).all()
    else:
        assert d.side is None


@settings(max_examples=examples(150))
@given(graphs(max_vertices=10))
def test_general_graphs_match_enumeration(case: EdgeSet) -> None:
    check_against_enumeration(*case)


@settings(max_examples=examples(150))
@given(graphs(max_vertices=11, bipartite=True))
def test_bipartite_graphs_match_enumeration(case: EdgeSet) -> None:
    check_against_enumeration(*case)


@settings(max_examples=examples(100))
@given(unions())
def test_unions_match_enumeration(case: EdgeSet) -> None:
    check_against_enumeration(*case)


@settings(max_examples=60)
@given(unions(bipartite=True))
def test_bipartite_unions_match_enumeration(case: EdgeSet) -> None:
    check_against_enumeration(*case)


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        # a triangle is factor-critical: all D, every edge some
        ([(0, 1), (1, 2), (2, 0)], {(0, 1): "some", (1, 2): "some", (0, 2): "some"}),
        # a path of 4 has one perfect matching
        ([(0, 1), (1, 2), (2, 3)], {(0, 1): "every", (1, 2): "none", (2, 3): "every"}),
        # a 4-cycle: two perfect matchings
        (
            [(0, 1), (1, 2), (2, 3), (3, 0)],
            {(0, 1): "some", (1, 2): "some", (2, 3): "some", (0, 3): "some"},
        ),
        # triangle with a pendant: 3-0 is in every maximum matching
        (
            [(0, 1), (1, 2), (2, 0), (0, 3)],
            {(0, 1): "none", (1, 2): "every", (0, 2): "none", (0, 3): "every"},
        ),
    ],
)
def test_small_examples(edges: list[tuple[int, int]], expected: dict[tuple[int, int], str]) -> None:
    d = decompose(Graph.from_edges([u for u, _ in edges], [v for _, v in edges]))
    assert {e: d.edge_class_of(*e) for e in expected} == expected


def test_general_method_agrees_with_blocks_on_larger_bipartite_graphs() -> None:
    rng = np.random.default_rng(7)
    compared = 0
    for _ in range(20):
        n = 200
        side = rng.integers(0, 2, n)
        u = rng.integers(0, n, 500)
        v = rng.integers(0, n, 500)
        keep = side[u] != side[v]
        graph = Graph.from_edges(u[keep], v[keep], n)
        d = decompose(graph)
        assert d.block is not None
        in_c = d.in_c
        general = allowed_edges(graph.indptr, graph.indices, d.mate, in_c)
        blocks = same_block(graph.indptr, graph.indices, d.block)
        src = np.repeat(np.arange(n), np.diff(graph.indptr))
        inside = in_c[src] & in_c[graph.indices]
        compared += int(inside.sum())
        assert (general[inside] == blocks[inside]).all()
    assert compared > 500


def test_takes_a_solution_and_reuses_its_matching() -> None:
    graph = Graph.from_edges([0, 1], [1, 2])
    solution = solve(graph)
    d = decompose(solution)
    assert d.solution is solution and d.graph is graph
    assert d.count() == {"none": 0, "some": 2, "every": 0}
    assert d.num_blocks == 0


@pytest.mark.parametrize("bad", [None, "a b", [(0, 1)]])
def test_refuses_what_is_not_a_graph(bad: object) -> None:
    with pytest.raises(BipartiteGameError, match="networkx graph or a Solution"):
        decompose(bad)


def test_edge_class_of_a_non_edge_is_an_error() -> None:
    d = decompose(Graph.from_edges([0], [1], 3))
    with pytest.raises(BipartiteGameError, match="no edge"):
        d.edge_class_of(0, 2)
    with pytest.raises(BipartiteGameError, match="no vertex"):
        d.edge_class_of(0, 5)
