"""Grundy values of vertex geography (theory/nimbers.py, ``graph --nimbers``).

The values are compared with an exhaustive mex over (vertex, visited) written
straight from the rules (``brute.geography_grundy``) on random graphs and
forests, with a second forest implementation (g(u | p) per directed edge,
an explicit stack) on forests of 10^5 vertices, and with the matching's
verdicts (0 exactly where the mover loses).  The forest kernel's C version
against its Python specification; the CLI through a subprocess.
"""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game.brute import geography_grundy
from bipartite_game.errors import BipartiteGameError, GeographyTooLarge
from bipartite_game.graphs.csr import wide_offsets
from bipartite_game.graphs.graph import Graph
from bipartite_game.play.position import Position
from bipartite_game.theory import nimbers
from bipartite_game.theory.game import solve
from bipartite_game.theory.nimbers import grundy_array, grundy_value, grundy_values, is_forest
from tests.support.cli import assert_one_line_error, run
from tests.support.native import same_as_python
from tests.support.strategies import EdgeSet, adjacency, examples, forests, graphs

IntArray = npt.NDArray[np.int64]


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([a for a, _ in edges], [b for _, b in edges], n)


def _oracle(n: int, edges: list[tuple[int, int]]) -> list[int]:
    rows = adjacency(n, edges)
    return [geography_grundy(rows, s) for s in range(n)]


@settings(max_examples=examples(2000))
@given(graphs(max_vertices=10))
def test_values_on_random_graphs_match_the_rules(graph: EdgeSet) -> None:
    n, edges = graph
    g = _graph(n, edges)
    values = grundy_array(g)
    assert values.tolist() == _oracle(n, edges)
    assert ((values == 0) == solve(g).losing).all()


@settings(max_examples=examples(1000))
@given(forests())
def test_values_on_random_forests_match_the_rules(forest: EdgeSet) -> None:
    n, edges = forest
    g = _graph(n, edges)
    assert is_forest(g)
    values = grundy_array(g)
    assert values.tolist() == _oracle(n, edges)
    assert ((values == 0) == solve(g).losing).all()


@given(graphs(max_vertices=9), st.data())
def test_a_position_mid_game_matches_the_rules(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    if n == 0:
        return
    g = _graph(n, edges)
    vertex = data.draw(st.integers(0, n - 1))
    visited = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    assert grundy_value(g, vertex, visited) == geography_grundy(
        adjacency(n, edges), vertex, visited
    )


@given(graphs(max_vertices=9), st.data())
def test_position_grundy_value_after_moves(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    if n == 0:
        return
    g = _graph(n, edges)
    position = Position(g, data.draw(st.integers(0, n - 1)))
    for _ in range(data.draw(st.integers(0, 3))):
        moves = list(position.legal_moves)
        if not moves:
            break
        position.push(data.draw(st.sampled_from(moves)))
    value = position.grundy_value()
    visited = np.flatnonzero(position.visited).tolist()
    assert value == geography_grundy(adjacency(n, edges), position.current, visited)
    assert (value != 0) == position.mover_wins()


def _per_edge_values(n: int, parent: IntArray) -> IntArray:
    """A second forest implementation: g(u | p) for every directed edge by a
    memo over the edges (explicit stack), then each start's mex."""
    rows: list[list[int]] = [[] for _ in range(n)]
    for child in range(1, n):
        rows[child].append(int(parent[child]))
        rows[int(parent[child])].append(child)
    memo: dict[tuple[int, int], int] = {}

    def mex(found: set[int]) -> int:
        value = 0
        while value in found:
            value += 1
        return value

    for root in range(n):
        for first in rows[root]:
            if (first, root) in memo:
                continue
            stack = [(first, root)]
            while stack:
                u, p = stack[-1]
                missing = [(w, u) for w in rows[u] if w != p and (w, u) not in memo]
                if missing:
                    stack.extend(missing)
                    continue
                stack.pop()
                memo[u, p] = mex({memo[w, u] for w in rows[u] if w != p})
    return np.array([mex({memo[w, s] for w in rows[s]}) for s in range(n)], dtype=np.int64)


@pytest.mark.parametrize("seed", [1, 2])
def test_forests_of_a_hundred_thousand_vertices_against_the_per_edge_recursion(
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    n = 100_000
    # random parents: uniform (shallow) for one seed, near the end (deep) for the other
    ids = np.arange(1, n)
    if seed == 1:
        parent = (rng.random(n - 1) * ids).astype(np.int64)
    else:
        parent = np.maximum(ids - 1 - rng.integers(0, 3, n - 1), 0).astype(np.int64)
    parent = np.r_[-1, parent]
    g = Graph.from_edges(parent[1:], ids, n)
    values = grundy_array(g)
    assert np.array_equal(values, _per_edge_values(n, parent))
    assert np.array_equal(values == 0, solve(g).losing)


@settings(max_examples=examples(300))
@given(graphs(max_vertices=14), st.integers(0, 2**32 - 1))
def test_forest_kernel_native_is_its_python_specification(graph: EdgeSet, seed: int) -> None:
    n, edges = graph
    rng = np.random.default_rng(seed)
    if rng.random() < 0.5:  # a forest: the edges to earlier vertices only, one each
        edges = [(int(rng.integers(0, i)), i) for i in range(1, n) if rng.random() < 0.9]
    g = _graph(n, edges)  # cyclic graphs too: the values are then unused, but in bounds
    same_as_python(nimbers.forest_values, wide_offsets(g.indptr), g.indices)


def test_values_keyed_by_label_and_misuse() -> None:
    assert grundy_values(["a", "b"], ["b", "c"]) == {"a": 0, "b": 1, "c": 0}
    g = Graph.from_edges([0, 1], [1, 2], 3)
    assert grundy_values(g) == {0: 0, 1: 1, 2: 0}
    with pytest.raises(BipartiteGameError, match="graph"):
        grundy_array([[0, 1]])
    with pytest.raises(BipartiteGameError, match="budget"):
        grundy_array(g, budget=0)
    with pytest.raises(BipartiteGameError):
        grundy_values(g, [1, 2])
    with pytest.raises(BipartiteGameError):
        grundy_value(g, 5)


def test_a_large_cyclic_component_is_refused_naming_the_paper() -> None:
    side = 100  # a 100 x 100 grid: one component with cycles
    ids = np.arange(side * side).reshape(side, side)
    u = np.r_[ids[:, :-1].ravel(), ids[:-1, :].ravel()]
    v = np.r_[ids[:, 1:].ravel(), ids[1:, :].ravel()]
    with pytest.raises(GeographyTooLarge, match=r"PSPACE-complete.*2106\.02114"):
        grundy_array(Graph.from_edges(u, v, side * side))


GRAPH = "a b\nb c\nc d\nd a\nc e\n"


def test_cli_prints_label_value_in_order_of_first_appearance() -> None:
    result = run("graph", "--nimbers", stdin=GRAPH)
    assert result.status == 0, result
    assert result.stdout == b"a 1\nb 0\nc 1\nd 0\ne 0\n"
    verdicts = run("graph", stdin=GRAPH).stdout.split(b"\n")
    for line, verdict in zip(result.stdout.split(b"\n"), verdicts, strict=True):
        if line:
            assert (line.endswith(b" 0")) == verdict.endswith(b"second")


@settings(max_examples=examples(40), deadline=None)
@given(graphs(max_vertices=9))
def test_cli_values_zero_exactly_where_graph_says_second(graph: EdgeSet) -> None:
    n, edges = graph
    if n == 0:  # both refuse an empty list (tested with 'graph')
        return
    text = "".join(f"v{a} v{b}\n" for a, b in edges) + "".join(f"v{x}\n" for x in range(n))
    values = run("graph", "--nimbers", stdin=text)
    verdicts = run("graph", stdin=text)
    assert values.status == verdicts.status == 0
    got = dict(line.split() for line in values.stdout.decode().splitlines())
    said = dict(line.split() for line in verdicts.stdout.decode().splitlines())
    assert list(got) == list(said)
    oracle = _oracle(n, edges)
    for label, value in got.items():
        assert int(value) == oracle[int(label[1:])]
        assert (value == "0") == (said[label] == "second")


def test_cli_start_and_json() -> None:
    assert run("graph", "--nimbers", "--start", "c", stdin=GRAPH).stdout == b"1\n"
    whole = json.loads(run("graph", "--nimbers", "--format", "json", stdin=GRAPH).stdout)
    assert whole == {
        "problem": "graph",
        "vertices": 5,
        "labels": ["a", "b", "c", "d", "e"],
        "grundy_values": [1, 0, 1, 0, 0],
    }
    one = json.loads(
        run("graph", "--nimbers", "--start", "b", "--format", "json", stdin=GRAPH).stdout
    )
    assert one == {"problem": "graph", "start": "b", "grundy_value": 0}


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--rule", "edge"], "undirected graphs only"),
        (["--directed"], "undirected graphs only"),
        (["--explain", "a"], "--nimbers"),
        (["--certificate", "out.json"], "--nimbers"),
        (["--start", "zz"], "not a vertex"),
    ],
)
def test_cli_bad_combinations_are_one_line(extra: list[str], fragment: str) -> None:
    assert_one_line_error(run("graph", "--nimbers", *extra, stdin=GRAPH), fragment)


def test_cli_refuses_past_the_budget_in_one_line() -> None:
    side = 100
    lines = [f"{r},{c} {r},{c + 1}\n" for r in range(side) for c in range(side - 1)]
    lines += [f"{r},{c} {r + 1},{c}\n" for r in range(side - 1) for c in range(side)]
    result = run("graph", "--nimbers", stdin="".join(lines))
    assert_one_line_error(result, "PSPACE-complete", "2106.02114")
