"""Sums of geography games: the nim-sum of the components' Grundy values
(:mod:`bipartite_game.theory.sums`) against an exhaustive search of the
multi-token game (:func:`bipartite_game.brute.sum_first_player_wins`)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.errors import BipartiteGameError, GeographyTooLarge
from bipartite_game.graphs.graph import Graph
from bipartite_game.play.position import Position
from bipartite_game.theory.sums import Component, SumMove, component_value, solve_sum
from tests.support.strategies import EdgeSet, adjacency, examples, graphs


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([a for a, _ in edges], [b for _, b in edges], n)


@st.composite
def components(draw: st.DrawFn, max_vertices: int = 5) -> tuple[EdgeSet, int, list[int]]:
    """A graph of 1 to ``max_vertices`` vertices, a token and a visited set."""
    n, edges = draw(graphs(max_vertices=max_vertices).filter(lambda g: g[0] > 0))
    token = draw(st.integers(0, n - 1))
    visited = draw(st.lists(st.integers(0, n - 1), max_size=2))
    return (n, edges), token, visited


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(components(), min_size=1, max_size=3))
def test_sum_matches_the_multi_token_search(parts: list[tuple[EdgeSet, int, list[int]]]) -> None:
    oracle = [(adjacency(n, edges), token, visited) for (n, edges), token, visited in parts]
    solution = solve_sum([(_graph(*graph), token, visited) for graph, token, visited in parts])
    assert solution.first_player_wins == brute.sum_first_player_wins(oracle)
    for value, (adj, token, visited) in zip(solution.values, oracle, strict=True):
        assert value == brute.geography_grundy(adj, token, visited)
    if solution.move is None:
        assert solution.nim_sum == 0
        assert brute.sum_winning_moves(oracle) == []
        return
    k, w = solution.move.component, solution.move.vertex
    assert (k, w) in brute.sum_winning_moves(oracle)
    # after the move the nim-sum of the values is 0, by the rules' search
    adj, token, visited = oracle[k]
    after = brute.geography_grundy(adj, w, [*visited, token])
    rest = 0
    for i, value in enumerate(solution.values):
        if i != k:
            rest ^= value
    assert after ^ rest == 0


def test_path_example_and_losing_sum() -> None:
    path = _graph(4, [(0, 1), (1, 2), (2, 3)])  # values 1 2 2 1
    won = solve_sum([(path, 0), (path, 1)])
    assert (won.values, won.nim_sum, won.move) == ((1, 2), 3, SumMove(1, 2))
    lost = solve_sum([Component(path, 1), Component(path, 2)])
    assert (lost.first_player_wins, lost.move) == (False, None)


def test_a_position_mid_game_is_a_component() -> None:
    path = _graph(5, [(0, 1), (1, 2), (2, 3), (3, 4)])
    position = Position(path, 0)
    position.push(1)  # the token on 1, 0 used: what is left is the path 1-2-3-4
    solution = solve_sum([position, (path, 2)])
    assert solution.values == (
        position.grundy_value(),
        brute.geography_grundy(adjacency(5, [(0, 1), (1, 2), (2, 3), (3, 4)]), 2),
    )
    assert component_value(path, 1, [0]) == position.grundy_value()


def test_labels_name_vertices() -> None:
    graph = Graph.from_edges(["a", "b"], ["b", "c"])
    assert component_value(graph, "b") == component_value(graph.unlabelled(), 1)
    with pytest.raises(BipartiteGameError, match="no vertex labelled 1"):
        component_value(graph, 1)  # on a labelled graph an int is a label, never an id
    assert solve_sum([(graph, "a", ["b"])]).values == (0,)


def test_a_component_with_no_move_is_zero() -> None:
    single = _graph(1, [])
    assert solve_sum([(single, 0), (single, 0)]).first_player_wins is False
    edge = _graph(2, [(0, 1)])
    assert solve_sum([(single, 0), (edge, 0)]).move == SumMove(1, 1)


@pytest.mark.parametrize(
    ("components", "fragment"),
    [
        ([], "empty"),
        ("ab", "list of components"),
        ([(1, 2)], "must be a Graph"),
        ([object()], "component 0 must be"),
        ([(Graph.from_edges([0], [1]), 5)], "5"),
        ([(Graph.from_edges([0], [1]), 0, [9])], "9"),
        ([(Graph.from_edges([0], [1]), 0, np.ones(3, dtype=bool))], "mask"),
        ([(Graph.from_edges([0], [1]), 0, 7)], "visited must be"),
    ],
)
def test_misuse_is_a_library_error(components: object, fragment: str) -> None:
    with pytest.raises(BipartiteGameError, match=fragment):
        solve_sum(components)  # type: ignore[arg-type]


def test_bad_budget_and_a_refusal() -> None:
    path = _graph(2, [(0, 1)])
    with pytest.raises(BipartiteGameError, match="budget"):
        solve_sum([(path, 0)], budget=0)
    side = 8
    grid = Graph.from_edges(
        [r * side + c for r in range(side) for c in range(side - 1)]
        + [r * side + c for r in range(side - 1) for c in range(side)],
        [r * side + c + 1 for r in range(side) for c in range(side - 1)]
        + [(r + 1) * side + c for r in range(side - 1) for c in range(side)],
    )
    with pytest.raises(GeographyTooLarge, match="PSPACE-complete"):
        solve_sum([(grid, 0), (path, 0)], budget=50)


def test_tuple_labels_in_a_visited_list() -> None:
    graph = Graph.from_edges([(0, 0), (0, 1)], [(0, 1), (0, 2)])
    assert component_value(graph, (0, 1), [(0, 0)]) == 1  # (0,1) then (0,2)


def test_the_docstring_examples_run() -> None:
    import doctest

    from bipartite_game.theory import sums

    assert doctest.testmod(sums).failed == 0


def test_many_small_boards_are_one_union() -> None:
    # a thousand lone edges (value 1 each) and one path of three (value 0)
    edge = _graph(2, [(0, 1)])
    path = _graph(3, [(0, 1), (1, 2)])
    solution = solve_sum([(edge, 0)] * 1000 + [(path, 0)])
    assert solution.values == (1,) * 1000 + (0,)
    assert solution.nim_sum == 0 and solution.move is None
    even = solve_sum([(edge, 0)] * 999 + [(path, 1)])  # 999 ones and a 1: nim-sum 0 too
    assert even.nim_sum == 0
    lone = solve_sum([(edge, 0)] * 999 + [(path, 0)])  # odd number of ones: 1
    assert lone.move == SumMove(0, 1)
