"""``Solution.explain`` and ``--explain``: every proof is checked, against
enumeration of every maximum matching."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from bipartite_game import BipartiteGameError, Graph, solve
from bipartite_game.theory import explain
from bipartite_game.theory.explain import Explanation
from bipartite_game.theory.game import Solution
from tests.support.cli import assert_one_line_error, run
from tests.support.enumeration import maximum_matchings, missed_by_some
from tests.support.native import same_as_python
from tests.support.solved import solved
from tests.support.strategies import EdgeSet, examples, graphs


def check_explanations(n: int, edges: list[tuple[int, int]]) -> None:
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    solution = solve(graph)
    mate = solution.mate.tolist()
    size = solution.matching_size
    edge_set = {(min(u, v), max(u, v)) for u, v in edges}
    missed = missed_by_some(n, maximum_matchings(n, edges)) if n else []
    for v in range(n):
        proof = solution.explain(v)
        assert isinstance(proof, Explanation)
        assert proof.first_player_wins == (not missed[v])
        assert proof.matching_size == size
        text = str(proof)
        assert text.startswith(f"{v}: {'first' if proof.first_player_wins else 'second'}")
        # M is shown maximum for every start, winning or losing: the bound is |M|
        assert f"the matching of size {size} is maximum: " in text
        if proof.bipartite:
            assert proof.cover_size == size
            assert "a König vertex cover of " in text
        else:
            bound = (n + proof.barrier_size - proof.odd_components) // 2
            assert bound == size and f") / 2 = {size} edge" in text
        edges_said = "1 edge." if size == 1 else f"{size} edges."
        assert f"no matching has more than {edges_said}" in text or f"= {edges_said}" in text
        if proof.first_player_wins:
            assert proof.path == ()
            assert proof.partner == mate[v] and mate[v] >= 0
            assert proof.vertex_class in ("A", "C")
            continue
        path = list(proof.path)
        assert proof.vertex_class == "D"
        assert path[-1] == v and mate[path[0]] == -1
        assert len(set(path)) == len(path) and len(path) % 2 == 1
        flipped = {(min(a, b), max(a, b)) for a, b in enumerate(mate) if b > a}
        for k in range(1, len(path)):
            e = (min(path[k - 1], path[k]), max(path[k - 1], path[k]))
            assert e in edge_set
            assert (e in flipped) == (k % 2 == 0)  # outside, inside, outside, ...
        for k in range(1, len(path)):
            e = (min(path[k - 1], path[k]), max(path[k - 1], path[k]))
            flipped ^= {e}
        covered = [x for e in flipped for x in e]
        assert len(covered) == len(set(covered)) and len(flipped) == size
        assert v not in covered


@settings(max_examples=examples(120))
@given(graphs(max_vertices=9))
def test_every_explanation_is_a_proof(case: EdgeSet) -> None:
    check_explanations(*case)


@settings(max_examples=80)
@given(graphs(max_vertices=10, bipartite=True))
def test_every_bipartite_explanation_is_a_proof(case: EdgeSet) -> None:
    check_explanations(*case)


def test_explain_names_vertices_by_label() -> None:
    solution = solve(Graph.from_edge_list("a b\nb c\n"))
    assert "even alternating path: a - b = c" in str(solution.explain("c"))
    assert str(solution.explain("b")).startswith("b: first")
    assert "first move: " in str(solution.explain("b"))
    with pytest.raises(BipartiteGameError, match="no vertex"):
        solution.explain("d")
    with pytest.raises(BipartiteGameError, match="no vertex labelled 2"):
        solution.explain(2)  # a labelled graph takes labels, never ids


def test_graph_command_explains_a_start() -> None:
    result = run("graph", "--explain", "c", stdin="a b\nb c\n")
    assert result.status == 0, result.stderr
    assert result.stdout.decode().splitlines()[:4] == [
        "c: second (the player to move loses)",
        "  the matching of size 1 is maximum: a König vertex cover of 1 vertex touches every "
        "edge, so no matching has more than 1 edge.",
        "  it leaves a free;",
        "  even alternating path: a - b = c",
    ]


def test_a_losing_start_in_a_graph_that_is_not_bipartite_shows_tutte_berge() -> None:
    result = run("graph", "--explain", "a", stdin="a b\nb c\nc a\n")
    assert result.status == 0, result.stderr
    assert result.stdout.decode().splitlines()[:3] == [
        "a: second (the player to move loses)",
        "  the matching of size 1 is maximum: Tutte–Berge: removing the barrier A (0 vertices) "
        "leaves 1 odd component, so no matching has more than (3 + 0 - 1) / 2 = 1 edge.",
        "  it leaves c free;",
    ]


def test_maze_command_explains_a_cell() -> None:
    maze = "2 3\n..#\n...\n"
    result = run("maze", "--explain", "2,3", stdin=maze)
    assert result.status == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "2 3: second (the player to move loses)"
    assert lines[1].startswith("  the matching of size 2 is maximum: a König vertex cover")
    assert lines[3] == "  even alternating path: 1 2 - 2 2 = 2 3"
    winning = run("maze", "--explain", "1 1", stdin=maze).stdout.decode()
    assert winning.startswith("1 1: first") and "König vertex cover of 2 vertices" in winning
    assert "Koenig" not in winning
    general = run("maze", "--moves", "king", "--explain", "1,1", stdin=maze).stdout.decode()
    assert "Tutte–Berge" in general or "second" in general.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "stdin", "fragment"),
    [
        (("graph", "--explain", "q"), "a b\n", "'q' is not a vertex"),
        (("graph", "--explain", "a", "--start", "a"), "a b\n", "not both"),
        (("maze", "--explain", "1,3"), "1 3\n..#\n", "is a wall"),
        (("maze", "--explain", "2,1"), "1 3\n..#\n", "no cell '2,1' in a 1x3 maze"),
        (("maze", "--explain", "one"), "1 3\n..#\n", "expected 'ROW,COL'"),
        (("maze", "--explain", "99999999999999999999999,1"), "1 3\n..#\n", "no cell"),
    ],
)
def test_bad_explain_is_one_line_and_status_2(
    args: tuple[str, ...], stdin: str, fragment: str
) -> None:
    assert_one_line_error(run(*args, stdin=stdin), fragment)


@given(solved())
def test_difference_path_kernel(drawn: tuple[Solution, int]) -> None:
    """The kernel against its Python specification."""
    solution, seed = drawn
    losing = np.flatnonzero(solution.losing)
    if losing.size == 0:
        return
    v = int(losing[seed % losing.size])
    other = solution.strategy(v).mate
    same_as_python(explain._difference_path, solution.mate, other, v)
