"""Misère geography (:mod:`bipartite_game.theory.misere`) against the
rules' exhaustive search (:func:`bipartite_game.brute.misere_grundy`,
:func:`~bipartite_game.brute.sum_misere_first_player_wins`)."""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.errors import BipartiteGameError, GeographyTooLarge
from bipartite_game.graphs.csr import wide_offsets
from bipartite_game.graphs.graph import Graph
from bipartite_game.theory import nimbers
from bipartite_game.theory.misere import (
    misere_array,
    misere_first_player_wins,
    misere_losing,
    misere_sum,
    misere_value,
)
from tests.support.cli import assert_one_line_error, run
from tests.support.native import same_as_python
from tests.support.strategies import EdgeSet, adjacency, examples, forests, graphs

IntArray = npt.NDArray[np.int64]


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([a for a, _ in edges], [b for _, b in edges], n)


def _oracle(n: int, edges: list[tuple[int, int]]) -> list[int]:
    rows = adjacency(n, edges)
    return [brute.misere_grundy(rows, s) for s in range(n)]


@settings(max_examples=examples(1000), deadline=None)
@given(graphs(max_vertices=10))
def test_values_on_random_graphs_match_the_rules(graph: EdgeSet) -> None:
    n, edges = graph
    g = _graph(n, edges)
    values = misere_array(g)
    assert values.tolist() == _oracle(n, edges)
    rows = adjacency(n, edges)
    losing = [not brute.misere_first_player_wins(rows, s) for s in range(n)]
    assert misere_losing(g).tolist() == losing
    assert (values == 0).tolist() == losing


@settings(max_examples=examples(1000), deadline=None)
@given(forests(max_vertices=12))
def test_values_on_random_forests_match_the_rules(forest: EdgeSet) -> None:
    n, edges = forest
    assert misere_array(_graph(n, edges)).tolist() == _oracle(n, edges)


@settings(max_examples=examples(300), deadline=None)
@given(graphs(max_vertices=9), st.data())
def test_a_position_mid_game_matches_the_rules(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    if n == 0:
        return
    g = _graph(n, edges)
    vertex = data.draw(st.integers(0, n - 1))
    visited = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    rows = adjacency(n, edges)
    assert misere_value(g, vertex, visited) == brute.misere_grundy(rows, vertex, visited)
    assert misere_first_player_wins(g, vertex, visited) == brute.misere_first_player_wins(
        rows, vertex, visited
    )


def _per_edge_values(n: int, parent: IntArray) -> IntArray:
    """A second forest implementation: g⁻(u | p) for every directed edge by
    a memo over the edges (explicit stack), then each start's value."""
    rows: list[list[int]] = [[] for _ in range(n)]
    for child in range(1, n):
        rows[child].append(int(parent[child]))
        rows[int(parent[child])].append(child)
    memo: dict[tuple[int, int], int] = {}

    def value(found: list[int]) -> int:
        if not found:
            return 1
        mex = 0
        while mex in found:
            mex += 1
        return mex

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
                memo[u, p] = value([memo[w, u] for w in rows[u] if w != p])
    return np.array([value([memo[w, s] for w in rows[s]]) for s in range(n)], dtype=np.int64)


@pytest.mark.parametrize("seed", [1, 2])
def test_forests_of_a_hundred_thousand_vertices_against_the_per_edge_recursion(
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    n = 100_000
    ids = np.arange(1, n)
    if seed == 1:
        parent = (rng.random(n - 1) * ids).astype(np.int64)
    else:
        parent = np.maximum(ids - 1 - rng.integers(0, 3, n - 1), 0).astype(np.int64)
    parent = np.r_[-1, parent]
    g = Graph.from_edges(parent[1:], ids, n)
    assert np.array_equal(misere_array(g), _per_edge_values(n, parent))


@settings(max_examples=examples(300))
@given(graphs(max_vertices=14), st.integers(0, 2**32 - 1))
def test_forest_kernel_native_is_its_python_specification(graph: EdgeSet, seed: int) -> None:
    n, edges = graph
    rng = np.random.default_rng(seed)
    if rng.random() < 0.5:
        edges = [(int(rng.integers(0, i)), i) for i in range(1, n) if rng.random() < 0.9]
    g = _graph(n, edges)
    same_as_python(nimbers.forest_values, wide_offsets(g.indptr), g.indices, 1)


def test_small_cases_by_hand() -> None:
    lone = _graph(1, [])
    assert misere_array(lone).tolist() == [1]  # no move: the mover wins
    edge = _graph(2, [(0, 1)])
    assert misere_array(edge).tolist() == [0, 0]  # the only move is the last
    # g⁻ does not add: two lone edges, 0 xor 0, yet the mover wins the sum
    assert misere_sum([(edge, 0, ()), (edge, 0, ())]).first_player_wins


@st.composite
def _small_boards(draw: st.DrawFn) -> tuple[EdgeSet, int, list[int]]:
    n, edges = draw(graphs(max_vertices=5).filter(lambda g: g[0] > 0))
    return (
        (n, edges),
        draw(st.integers(0, n - 1)),
        draw(st.lists(st.integers(0, n - 1), max_size=2)),
    )


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_small_boards(), min_size=1, max_size=3))
def test_misere_sums_match_the_multi_token_search(
    parts: list[tuple[EdgeSet, int, list[int]]],
) -> None:
    oracle = [(adjacency(n, edges), token, visited) for (n, edges), token, visited in parts]
    solved = misere_sum(
        [(_graph(*graph), token, tuple(visited)) for graph, token, visited in parts]
    )
    assert solved.first_player_wins == brute.sum_misere_first_player_wins(oracle)
    if solved.move is None:  # a loss, or no move at all: a win without moving
        no_move = all(not set(adj[token]) - {token, *visited} for adj, token, visited in oracle)
        assert solved.first_player_wins == no_move
        return
    k, w = solved.move
    adj, token, visited = oracle[k]
    after = [*oracle[:k], (adj, w, [*visited, token]), *oracle[k + 1 :]]
    assert adj[token].count(w) == 1 and w not in visited and w != token
    assert not brute.sum_misere_first_player_wins(after)


def test_misuse_and_refusals() -> None:
    with pytest.raises(BipartiteGameError, match="graph"):
        misere_array("ab")
    with pytest.raises(BipartiteGameError, match="budget"):
        misere_array(_graph(2, [(0, 1)]), budget=0)
    with pytest.raises(BipartiteGameError):
        misere_value(_graph(2, [(0, 1)]), 5)
    with pytest.raises(BipartiteGameError, match="empty"):
        misere_sum([])
    with pytest.raises(BipartiteGameError, match="component 0 must be"):
        misere_sum([object()])  # type: ignore[list-item]
    with pytest.raises(BipartiteGameError, match="must be a Graph"):
        misere_sum([("ab", 0)])
    labelled = Graph.from_edges(["a", "b"], ["b", "c"])  # a-b-c: two moves, the mover wins
    assert misere_sum([(labelled, "a")]).move == (0, "b")  # the vertex as the graph names it
    side = 7
    grid = Graph.from_edges(
        [r * side + c for r in range(side) for c in range(side - 1)]
        + [r * side + c for r in range(side - 1) for c in range(side)],
        [r * side + c + 1 for r in range(side) for c in range(side - 1)]
        + [(r + 1) * side + c for r in range(side - 1) for c in range(side)],
    )
    with pytest.raises(GeographyTooLarge, match="misère"):
        misere_array(grid, budget=1000)
    with pytest.raises(GeographyTooLarge, match="misère sum"):
        misere_sum([(grid, 0, ()), (grid, 1, ())], budget=1000)


# --- the command line, as a user runs it ---

GRAPH = "a b\nb c\nc d\nd a\nc e\nx\n"


def test_graph_misere_prints_verdicts_and_values() -> None:
    verdicts = run("graph", "--misere", stdin=GRAPH)
    assert verdicts.status == 0, verdicts
    assert verdicts.stdout == b"a second\nb first\nc second\nd first\ne first\nx first\n"
    values = run("graph", "--misere", "--nimbers", stdin=GRAPH)
    assert values.stdout == b"a 0\nb 1\nc 0\nd 1\ne 1\nx 1\n"
    assert run("graph", "--misere", "--start", "x", stdin=GRAPH).stdout == b"first\n"
    assert run("graph", "--misere", "--nimbers", "--start", "c", stdin=GRAPH).stdout == b"0\n"
    document = json.loads(run("graph", "--misere", "--format", "json", stdin=GRAPH).stdout)
    assert document == {
        "problem": "graph",
        "misere": True,
        "vertices": 6,
        "labels": ["a", "b", "c", "d", "e", "x"],
        "first_player_wins": [False, True, False, True, True, True],
    }


@settings(max_examples=examples(40), deadline=None)
@given(graphs(max_vertices=9))
def test_graph_misere_against_the_rules(graph: EdgeSet) -> None:
    n, edges = graph
    if n == 0:
        return
    text = "".join(f"v{a} v{b}\n" for a, b in edges) + "".join(f"v{x}\n" for x in range(n))
    verdicts = run("graph", "--misere", stdin=text)
    values = run("graph", "--misere", "--nimbers", stdin=text)
    assert verdicts.status == values.status == 0
    said = dict(line.split() for line in verdicts.stdout.decode().splitlines())
    got = dict(line.split() for line in values.stdout.decode().splitlines())
    oracle = _oracle(n, edges)
    for label, value in got.items():
        assert int(value) == oracle[int(label[1:])]
        assert (said[label] == "second") == (value == "0")


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--rule", "edge"], "undirected graphs only"),
        (["--directed"], "undirected graphs only"),
        (["--explain", "a"], "--misere"),
        (["--certificate", "out.json"], "--misere"),
        (["--start", "zz"], "not a vertex"),
    ],
)
def test_graph_misere_bad_combinations_are_one_line(extra: list[str], fragment: str) -> None:
    assert_one_line_error(run("graph", "--misere", *extra, stdin=GRAPH), fragment)


@pytest.mark.slow  # it waits out the 10 s clock
def test_graph_misere_refuses_past_the_budget_in_one_line() -> None:
    side = 40
    lines = [f"{r},{c} {r},{c + 1}\n" for r in range(side) for c in range(side - 1)]
    lines += [f"{r},{c} {r + 1},{c}\n" for r in range(side - 1) for c in range(side)]
    assert_one_line_error(run("graph", "--misere", stdin="".join(lines)), "misère")


def test_sum_misere_on_a_file() -> None:
    # forced paths: a-b-c is two moves, p-q one; three in all, the mover
    # makes the last and loses
    text = "@graph a\na b\nb c\n@graph p\np q\n"
    assert run("sum", "--misere", stdin=text).stdout == b"second\n"
    assert run("sum", stdin=text).stdout == b"first\n2 q\n"  # normal play: 0 xor 1
    assert run("sum", "--misere", stdin="@graph a\na\n").stdout == b"first\n"
    document = json.loads(
        run("sum", "--misere", "--format", "json", stdin="@graph a\na b\nb c\n").stdout
    )
    assert document == {
        "problem": "sum",
        "misere": True,
        "components": 1,
        "first_player_wins": True,
        "move": {"component": 1, "to": "b"},
    }


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(_small_boards(), min_size=1, max_size=3))
def test_sum_misere_command_against_the_multi_token_search(
    parts: list[tuple[EdgeSet, int, list[int]]],
) -> None:
    blocks = []
    for (n, edges), token, _ in parts:
        lines = [f"v{a} v{b}\n" for a, b in edges] + [f"v{x}\n" for x in range(n)]
        blocks.append(f"@graph v{token}\n" + "".join(lines))
    oracle: list[tuple[list[list[int]], int, list[int]]] = [
        (adjacency(n, edges), token, []) for (n, edges), token, _ in parts
    ]
    result = run("sum", "--misere", stdin="".join(blocks))
    assert result.status == 0, result
    lines = result.stdout.decode().splitlines()
    wins = brute.sum_misere_first_player_wins(oracle)
    assert lines[0] == ("first" if wins else "second")
    if len(lines) == 2:
        k, label = lines[1].split()
        i, w = int(k) - 1, int(label[1:])
        adj, token, _ = oracle[i]
        after = [*oracle[:i], (adj, w, [token]), *oracle[i + 1 :]]
        assert w in adj[token] and not brute.sum_misere_first_player_wins(after)
