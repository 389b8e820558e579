"""``annotate``: every verdict against an exhaustive search of the rules."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute
from bipartite_game.graphs.boards import grid_board
from bipartite_game.graphs.matching import maximum_matching
from bipartite_game.theory import annotate as annotate_module
from bipartite_game.theory.annotate import IllegalRecordError, annotate, mover_wins_along
from bipartite_game.theory.game import Solution, first_player_wins_from
from tests.support.cli import assert_one_line_error, run
from tests.support.native import same_as_python
from tests.support.paths import ROOT
from tests.support.solved import board_offsets, legal_walk, solved
from tests.support.strategies import adjacency, examples, graphs, tiered

EXAMPLE = ROOT / "examples" / "maze.txt"
Adjacency = list[list[int]]


def _brute_verdicts(adj: Adjacency, path: list[int]) -> list[str]:
    """The verdicts straight from their definitions, by exhaustive search."""
    losing = brute.geography_losing_starts(adj)
    verdicts = []
    if not any(losing):
        verdicts.append("lost")
    else:
        verdicts.append("good" if losing[path[0]] else "mistake")
    for t in range(1, len(path)):
        before = brute.geography_first_player_wins(adj, path[t - 1], path[: t - 1])
        after = brute.geography_first_player_wins(adj, path[t], path[:t])
        verdicts.append("lost" if not before else ("mistake" if after else "good"))
    return verdicts


def _record(draw: st.DrawFn, adj: Adjacency) -> list[int]:
    """A legal record mixing perfect moves (when a win exists) and random ones."""
    start = draw(st.integers(0, len(adj) - 1))
    path = [start]
    while draw(st.integers(0, 5)) > 0:
        legal = [w for w in adj[path[-1]] if w not in path]
        if not legal:
            break
        best = brute.geography_winning_moves(adj, path[-1], path[:-1])
        perfect = draw(st.booleans()) and best
        path.append(draw(st.sampled_from(best if perfect else legal)))
    return path


@st.composite
def maze_games(draw: st.DrawFn) -> tuple[list[str], str, list[int]]:
    height, width = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    wall = draw(st.sampled_from([0.0, 0.15, 0.3]))
    rows = [
        "".join("#" if draw(st.floats(0, 1)) < wall else "." for _ in range(width))
        for _ in range(height)
    ]
    moves = draw(st.sampled_from(sorted(RULE_STEPS)))
    assume(any("." in row for row in rows))
    adj, _ = brute.grid_adjacency(rows, RULE_STEPS[moves])
    return rows, moves, _record(draw, adj)


#: Each move set's steps from the rules (the brute force's own leapers).
RULE_STEPS = {
    "rook": brute.leaper_steps(0, 1),
    "king": brute.leaper_steps(0, 1) + brute.leaper_steps(1, 1),
    "knight": brute.leaper_steps(1, 2),
    "1,3": brute.leaper_steps(1, 3),
    "2,2": brute.leaper_steps(2, 2),
}


@settings(max_examples=examples(250))
@given(maze_games())
def test_maze_records_agree_with_brute_force(game: tuple[list[str], str, list[int]]) -> None:
    rows, moves, path = game
    adj, _ = brute.grid_adjacency(rows, RULE_STEPS[moves])
    open_cells = [[ch == "." for ch in row] for row in rows]
    board = grid_board(open_cells, moves)
    assert annotate(board.graph, path) == _brute_verdicts(adj, path)


@st.composite
def graph_games(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]], list[int]]:
    n, edges = draw(graphs(max_vertices=10))
    assume(n >= 1)
    return n, edges, _record(draw, adjacency(n, edges))


@settings(max_examples=examples(250))
@given(graph_games())
def test_graph_records_agree_with_brute_force(
    game: tuple[int, list[tuple[int, int]], list[int]],
) -> None:
    n, edges, path = game
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)
    assert annotate(graph, path) == _brute_verdicts(adjacency(n, edges), path)


def test_illegal_records_are_refused_with_the_move() -> None:
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3])
    with pytest.raises(IllegalRecordError, match="move 3: 0 was visited before"):
        annotate(graph, [0, 1, 0])
    with pytest.raises(IllegalRecordError, match="move 2: 3 is not next to 0"):
        annotate(graph, [0, 3])
    with pytest.raises(IllegalRecordError, match="the game is over: 3 has no move left"):
        annotate(Graph.from_edges([0, 2], [1, 3]), [2, 3, 0])
    with pytest.raises(ValueError, match=r"no vertex|out of range"):
        annotate(graph, [0, 7])


def test_command_line_names_cells_and_verdicts(tmp_path: Path) -> None:
    record = tmp_path / "record.txt"
    record.write_bytes(b"2 3\r\n\r\n2 2\n2,1\n")
    result = run("annotate", "maze", str(EXAMPLE), str(record))
    assert result.status == 0, result.stderr
    assert result.stdout == b"2 3 good\n2 2 lost\n2,1 mistake\n"
    edges = tmp_path / "edges.txt"
    edges.write_bytes(b"a b\nb c\nc d\n")
    record.write_bytes(b"a\nb\nc\n")
    result = run("annotate", "graph", str(edges), str(record))
    assert result.stdout == b"a lost\nb good\nc lost\n"


@pytest.mark.parametrize(
    ("record", "fragments"),
    tiered([
        (b"", ("record: empty",)),
        (b"1 2\n", ("record line 1", "cell 1 2 is a wall")),
        (b"9 9\n", ("record line 1", "off the 3x3 board")),
        (b"1 1\n2 2\n", ("record line 2", "cell 2 2 is not one move from cell 1 1")),
        (b"1 1\n2 1\n1 1\n", ("record line 3", "cell 1 1 was visited before")),
        (b"2 1\n1 1\n2 1\n", ("record line 3", "visited before")),
        (
            b"1 1\n2 1\n2 2\n2 3\n3 2\n",
            ("record line 5", "the game is over: no move from cell 2 3"),
        ),
        (b"1 x\n", ("record line 1", "expected a cell 'row col'")),
        (b"1" + b"0" * 5000 + b" 1\n", ("record line 1", "off the 3x3 board")),
    ]),
)
def test_bad_records_are_one_line(
    record: bytes, fragments: tuple[str, ...], tmp_path: Path
) -> None:
    path = tmp_path / "record.txt"
    path.write_bytes(record)
    assert_one_line_error(run("annotate", "maze", str(EXAMPLE), str(path)), *fragments)


def test_bad_graph_records_are_one_line(tmp_path: Path) -> None:
    edges = tmp_path / "edges.txt"
    edges.write_bytes(b"a b\nb c\n")
    record = tmp_path / "record.txt"
    record.write_bytes(b"a\nz\n")
    assert_one_line_error(
        run("annotate", "graph", str(edges), str(record)), "record line 2", "'z' is not a vertex"
    )
    record.write_bytes(b"a\nc\n")
    assert_one_line_error(
        run("annotate", "graph", str(edges), str(record)), "'c' is not one move from 'a'"
    )


@st.composite
def long_maze_records(draw: st.DrawFn) -> tuple[Graph, list[int]]:
    """Mazes up to 14x14 and long records that mostly follow one maximum
    matching (so failed searches' trees are reused) and sometimes leave it."""
    height, width = draw(st.integers(2, 14)), draw(st.integers(2, 14))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    open_cells = rng.random((height, width)) >= draw(st.sampled_from([0.0, 0.1, 0.25]))
    snake = draw(st.integers(0, height // 2))  # rows opened into a corridor
    open_cells[:snake] = True
    board = grid_board(open_cells)
    graph = board.graph
    assume(graph.num_vertices >= 2)
    if snake:  # the whole corridor, as the benchmark's record
        columns = [list(range(width)), list(range(width - 1, -1, -1))]
        cells = [(i, j) for i in range(snake) for j in columns[i % 2]]
        stop = draw(st.integers(1, len(cells)))
        return graph, [int(board.vertex_at(i, j) or 0) for i, j in cells[:stop]]
    mate = maximum_matching(graph)
    path = [int(rng.integers(graph.num_vertices))]
    seen = {path[0]}
    follow = draw(st.floats(0.3, 1.0))
    while True:
        legal = [w for w in graph.neighbor_ids(path[-1]).tolist() if w not in seen]
        if not legal:
            break
        partner = int(mate[path[-1]])
        step = partner if partner in legal and rng.random() < follow else int(rng.choice(legal))
        path.append(step)
        seen.add(step)
    return graph, path


@settings(max_examples=examples(120))
@given(long_maze_records())
def test_incremental_repair_equals_a_solve_per_position(game: tuple[Graph, list[int]]) -> None:
    graph, path = game
    expected = [
        first_player_wins_from(graph.without(path[:t]) if t else graph, path[t])
        for t in range(len(path))
    ]
    assert mover_wins_along(graph, path).tolist() == expected


# The kernels against their Python specification.


@given(solved(), st.integers(0, 3))
def test_first_illegal_kernel(drawn: tuple[Solution, int], damage: int) -> None:
    solution, seed = drawn
    g = solution.graph
    if g.num_vertices == 0:
        return
    rng = np.random.default_rng(seed)
    path = legal_walk(g, rng)
    for _ in range(damage):  # any vertex anywhere after the start: the first bad one is named
        if path.size > 1:
            path[int(rng.integers(1, path.size))] = int(rng.integers(0, g.num_vertices))
    same_as_python(annotate_module._first_illegal, board_offsets(g, seed), g.indices, path)


@given(solved(bipartite=True), st.booleans())
def test_delete_along_kernel(drawn: tuple[Solution, int], seeded: bool) -> None:
    solution, seed = drawn
    g = solution.graph
    if g.num_vertices == 0:
        return
    path = legal_walk(g, np.random.default_rng(seed))
    if seeded:  # the matching annotate() builds: the winner's pairs of the record first
        first = 0 if first_player_wins_from(g, int(path[0])) else 1
        initial = np.full(g.num_vertices, -1, dtype=np.int32)
        ends = path[first : first + 2 * ((path.size - first) // 2)].reshape(-1, 2)
        initial[ends[:, 0]] = ends[:, 1]
        initial[ends[:, 1]] = ends[:, 0]
        mate = maximum_matching(g, initial=initial)
    else:
        mate = solution.mate.copy()
    same_as_python(annotate_module._delete_along, board_offsets(g, seed), g.indices, mate, path)
