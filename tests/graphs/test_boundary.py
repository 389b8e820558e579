"""Malformed input at the public boundary: a clean BipartiteGameError, never
a crash, an out-of-bounds read, a loop without end, or another exception.

The kernels trust their arrays (the C kernels do not check indices), so
every public entry checks what it hands them.  The reproductions of crashes
and hangs found before the checks existed run in a subprocess, with the C
library and interpreted (``BIPARTITE_GAME_NATIVE=never``), so that a
regression fails one test instead of killing pytest.  The Hypothesis tests
feed malformed arrays and ids to every public entry as the suite runs
(with the C library where it is built);
``pytest --hypothesis-show-statistics`` reports how many inputs each tried
and how many were refused.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from bipartite_game import BipartiteGameError, Graph, IllegalMoveError, solve
from bipartite_game.graphs.blossom import blossom_matching, solve_general
from bipartite_game.graphs.boards import GridBoard, grid_board, lock_board
from bipartite_game.graphs.matching import (
    bipartite_matching,
    matching_size,
    maximum_matching,
    validate_matching,
)
from bipartite_game.play.position import Engine, Position
from bipartite_game.play.render import render_svg, render_text
from bipartite_game.theory.duel import alice_wins
from bipartite_game.theory.game import Solution, Strategy, first_player_wins_from
from tests.support.strategies import graphs

#: What the library may believe it has while fed malformed input.  Some
#: malformed input is valid and merely huge (a graph of 2**31 - 1 isolated
#: vertices): with the machine's real memory it would be built (16 GiB), with
#: this budget it is refused before any allocation, as on a small machine.
TEST_MEMORY = 256 * 10**6


@pytest.fixture(autouse=True, scope="module")
def _small_memory() -> Iterator[None]:
    with mock.patch("bipartite_game._limits.available_memory", return_value=TEST_MEMORY):
        yield


# ------------------------------------------------------------ reproductions

_CHILD = """
from bipartite_game.errors import BipartiteGameError
import numpy as np
from bipartite_game import Graph, solve
from bipartite_game.graphs.matching import bipartite_matching
try:
{body}
except BipartiteGameError as error:
    print("refused:", error)
else:
    print("accepted")
"""

#: Inputs that crashed (segfault), hung, or read out of bounds before the checks.
_DANGEROUS = {
    "segfault: neighbour ids far out of range": (
        "solve(Graph(np.arange(5001), np.full(5000, 10**9, np.int32)))",
        "neighbour 1000000000 out of range",
    ),
    "endless loop: a neighbour beyond the last vertex": (
        "solve(Graph(np.array([0, 1]), np.array([5], np.int32)))",
        "neighbour 5 out of range",
    ),
    "out-of-bounds read: a side array too short": (
        "g = Graph.from_edges(np.arange(0, 4000, 2), np.arange(1, 4001, 2))\n"
        "bipartite_matching(g, np.zeros(3, np.int8))",
        "side must have one entry per vertex (4000)",
    ),
}


@pytest.mark.parametrize("mode", ["auto", "never"])
@pytest.mark.parametrize("case", sorted(_DANGEROUS), ids=lambda name: name.split(":")[0])
def test_inputs_that_once_crashed_are_refused_in_a_subprocess(case: str, mode: str) -> None:
    body, fragment = _DANGEROUS[case]
    script = _CHILD.format(body=textwrap.indent(body, "    "))
    env = {**os.environ, "BIPARTITE_GAME_NATIVE": mode}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert result.returncode == 0, f"status {result.returncode}: {result.stderr[-2000:]}"
    assert result.stdout.startswith("refused:"), result.stdout
    assert fragment in result.stdout


#: Not vertex ids, whatever the type hints say.
_HALF: Any = 1.5
_WHOLE: Any = np.float64(1.0)


def _path(n: int) -> Graph:
    return Graph.from_edges(list(range(n - 1)), list(range(1, n)), n)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: solve(_path(2)).strategy(0).reply(-1), "no vertex -1 in a graph of 2 vertices"),
        (
            lambda: solve(_path(4)).first_player_wins(_HALF),
            "no vertex 1.5 in a graph of 4 vertices",
        ),
        (lambda: solve(_path(4)).reply(True), "no vertex True"),
        (lambda: Graph.from_edges([0.5], [1.7]), "found 0.5"),
        (lambda: Graph.from_edges(["a"], ["b"], 5), "labels="),
        (lambda: Graph([], []), "indptr is empty"),
        (lambda: lock_board(2, 10, [], start=-1), "start code -1 out of range 0..99"),
        (lambda: lock_board(2, 10, [-1], 0), "forbidden codes: -1 is out of range 0..99"),
        (lambda: lock_board(10**9, 10, [], 0), "more than 2147483647 codes"),
        (lambda: Position(_path(3), 0).push(True), "illegal move: True"),
        (lambda: first_player_wins_from(_path(3), _WHOLE), "vertex ids are integers"),
        (lambda: Graph([0, 1, 1], [1]), "edge 0 -> 1 is stored but 1 -> 0 is not"),
        (lambda: Graph([0, 1, 2, 3], [1, 2, 0]), "edge 0 -> 1 is stored but 1 -> 0 is not"),
        (lambda: Graph([0, 2, 3, 4], [2, 1, 0, 0]), "row 0 must be sorted"),
        (lambda: Graph([0, 1, 2], [1, 0], side=[0, 0]), "not a 2-colouring"),
        (lambda: maximum_matching(_path(4), initial=[1, 2, -1, -1]), "not a matching"),
        (lambda: grid_board([[0, 2]]), "found 2"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_reproductions_raise_a_clean_error(call: Callable[[], object], fragment: str) -> None:
    with pytest.raises(BipartiteGameError) as caught:
        call()
    assert fragment in str(caught.value)


def test_push_true_moves_nowhere() -> None:
    position = Position(_path(3), 0)
    assert not position.is_legal(True) and position.is_legal(1)
    with pytest.raises(IllegalMoveError):
        position.push(True)
    assert position.move_stack == []


def test_the_public_constructor_keeps_its_own_copies() -> None:
    indptr, indices = np.array([0, 1, 2]), np.array([1, 0], dtype=np.int32)
    graph = Graph(indptr, indices)
    indices[0] = 10**9  # the caller's array changes afterwards: the graph does not
    assert graph.neighbors(0) == [1]
    assert solve(graph).losing.tolist() == [False, False]


def test_whole_number_floats_are_ids_but_not_single_vertex_ids() -> None:
    graph = Graph(np.array([0.0, 1.0, 2.0]), [1.0, 0.0])
    assert graph.num_edges == 1
    with pytest.raises(BipartiteGameError, match="vertex ids are integers"):
        graph.neighbors(1.0)


# --------------------------------------------------- malformed input at random

#: Values that overflow or wrap in int32/int64 conversions, and near misses.
_HUGE = [-1, -2, 2**31 - 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, -(2**63), 10**9, -(2**31)]
_INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
_KINDS = [
    "int", "float", "fraction", "nan", "bool", "object", "complex",
    "str", "2-D", "0-D", "list", "ragged", "none", "huge object",
]  # fmt: skip


def _numbers(n: int) -> st.SearchStrategy[int]:
    return st.one_of(st.integers(-2, n + 2), st.sampled_from(_HUGE))


@st.composite
def junk_arrays(draw: st.DrawFn, n: int) -> Any:
    """Something handed over where an array of ids (or 0/1 flags) is meant:
    right or wrong length, any dtype, any values, sometimes not an array."""
    size = draw(st.sampled_from([n, n, n + 1, max(n - 1, 0), 0, 3]))
    values = draw(st.lists(_numbers(n), min_size=size, max_size=size))
    kind = draw(st.sampled_from(_KINDS))
    base = np.array(values, dtype=np.int64)
    if kind == "int":
        return base.astype(draw(st.sampled_from(_INT_DTYPES)))
    if kind == "float":
        return base.astype(np.float64)
    if kind == "fraction":
        return base + draw(st.sampled_from([0.5, 1e-9, -0.25]))
    if kind == "nan":
        return np.append(base.astype(np.float64), draw(st.sampled_from([np.nan, np.inf])))
    if kind == "bool":
        return base % 2 == 1
    if kind == "object":
        return np.array(values, dtype=object)
    if kind == "complex":
        return base + 0j
    if kind == "str":
        return [str(v) for v in values]
    if kind == "2-D":
        return np.stack([base, base])
    if kind == "0-D":
        return np.int64(values[0] if values else 0)
    if kind == "list":
        return values
    if kind == "ragged":
        return [values, [1]]
    if kind == "huge object":
        return [*values, 2**70]
    return None


def _ids(n: int) -> st.SearchStrategy[Any]:
    """Something handed over where one vertex id is meant."""
    return st.one_of(
        st.integers(-2, n + 2),
        st.sampled_from(_HUGE),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(0, max(n - 1, 0)).map(float),
        st.tuples(st.integers(-2, n + 2), st.sampled_from([np.int8, np.int64, np.uint32])).map(
            lambda pair: _numpy_integer(*pair)
        ),
        st.sampled_from([np.True_, np.float64(1.0), None, "1", b"1", [1], (0,), 1 + 0j]),
    )


def _numpy_integer(value: int, kind: Any) -> Any:
    info = np.iinfo(kind)
    return kind(value) if info.min <= value <= info.max else kind(0)


def _is_vertex(value: object, n: int) -> bool:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return False
    return 0 <= int(value) < n


def _outcome(call: Callable[[], object]) -> bool:
    """Run ``call``: True when it answered, False when it refused cleanly.
    Any other exception fails the test."""
    try:
        call()
    except BipartiteGameError:
        event("refused")
        return False
    event("accepted")
    return True


def _graph(case: tuple[int, list[tuple[int, int]]]) -> Graph:
    n, edges = case
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


def _is_valid_csr(indptr: list[int], indices: list[int]) -> bool:
    """The oracle, by the definition, one edge at a time."""
    if not indptr or indptr[0] != 0 or indptr[-1] != len(indices):
        return False
    n = len(indptr) - 1
    if any(a > b for a, b in itertools.pairwise(indptr)):
        return False
    if any(not 0 <= w < n for w in indices):
        return False
    rows = [indices[indptr[v] : indptr[v + 1]] for v in range(n)]
    if any(r != sorted(set(r)) for r in rows):
        return False
    pairs = {(v, w) for v, r in enumerate(rows) for w in r}
    return all(v != w and (w, v) in pairs for v, w in pairs)


@st.composite
def near_csr(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """A valid CSR with one small mutation (or none): the kind of mistake a
    hand-built CSR has."""
    graph = _graph(draw(graphs(max_vertices=8)))
    indptr, indices = graph.indptr.tolist(), graph.indices.tolist()
    change = draw(
        st.sampled_from(
            ["none", "index", "drop", "repeat", "swap", "exchange", "indptr", "trim", "extend"]
        )
    )
    if change == "index" and indices:
        indices[draw(st.integers(0, len(indices) - 1))] = draw(_numbers(len(indptr) - 1))
    elif change == "drop" and indices:
        k = draw(st.integers(0, len(indices) - 1))
        del indices[k]
        indptr = [p - (p > k) for p in indptr]
    elif change == "repeat" and indices:
        k = draw(st.integers(0, len(indices) - 1))
        indices.insert(k, indices[k])
        indptr = [p + (p > k) for p in indptr]
    elif change == "swap" and len(indices) > 1:
        k = draw(st.integers(0, len(indices) - 2))
        indices[k], indices[k + 1] = indices[k + 1], indices[k]
    elif change == "indptr" and len(indptr) > 1:
        indptr[draw(st.integers(0, len(indptr) - 1))] += draw(st.sampled_from([-1, 1, 2**31]))
    elif change == "exchange" and len(indices) > 1:
        # two edges trade heads: every in- and out-degree stays, symmetry goes
        k, m = draw(st.lists(st.integers(0, len(indices) - 1), min_size=2, max_size=2))
        indices[k], indices[m] = indices[m], indices[k]
        for v in range(len(indptr) - 1):
            indices[indptr[v] : indptr[v + 1]] = sorted(indices[indptr[v] : indptr[v + 1]])
    elif change == "trim":
        indptr = indptr[:-1]
    elif change == "extend":
        indptr.append(indptr[-1] + draw(st.integers(0, 1)))
    return indptr, indices


@given(near_csr(), st.sampled_from([np.int32, np.int64, np.uint64, np.float64, list]))
def test_the_constructor_accepts_exactly_the_valid_csr(
    csr: tuple[list[int], list[int]], dtype: Any
) -> None:
    indptr, indices = csr
    if dtype is list:
        made: tuple[Any, Any] = (indptr, indices)
        valid = _is_valid_csr(indptr, indices)
    else:
        # the oracle judges the values after the dtype's own wrap-around
        made = (np.array(indptr).astype(dtype), np.array(indices).astype(dtype))
        valid = _is_valid_csr([int(x) for x in made[0]], [int(x) for x in made[1]])
    assert _outcome(lambda: solve(Graph(*made))) == valid


@given(st.data(), st.integers(0, 8))
def test_the_constructor_refuses_malformed_arrays(data: st.DataObject, n: int) -> None:
    indptr = data.draw(st.one_of(junk_arrays(n + 1), st.just(np.arange(n + 1))))
    indices = data.draw(st.one_of(junk_arrays(n), st.just(np.arange(n)[::-1])))
    labels: Any = data.draw(
        st.one_of(st.none(), st.just(list(range(n))), st.just("ab"), st.just(3))
    )
    side = data.draw(st.one_of(st.none(), junk_arrays(n)))
    _outcome(lambda: solve(Graph(indptr, indices, labels, side=side)))


@given(st.data(), st.integers(0, 6))
def test_from_edges_refuses_malformed_endpoints(data: st.DataObject, n: int) -> None:
    u = data.draw(junk_arrays(n))
    v = data.draw(junk_arrays(n))
    count = data.draw(st.one_of(st.none(), _ids(n + 3)))
    _outcome(lambda: solve(Graph.from_edges(u, v, count)))


@given(st.data(), st.integers(0, 5))
def test_other_constructors_and_lookups_refuse_malformed_input(data: st.DataObject, n: int) -> None:
    rows = data.draw(
        st.lists(st.one_of(junk_arrays(n), st.lists(_ids(n), max_size=3)), max_size=n + 1)
    )
    _outcome(lambda: solve(Graph.from_adjacency(rows)))
    _outcome(lambda: solve(Graph.from_adjacency(data.draw(_ids(n)))))
    named = Graph.from_edges([], [], n, labels=[f"v{i}" for i in range(n)])
    label: Any = data.draw(st.one_of(_ids(n), st.sampled_from(["v0", "v9", [1], {}])))
    _outcome(lambda: named.index(label))


@given(graphs(max_vertices=9), st.data())
def test_matching_entries_refuse_malformed_arrays(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    graph = _graph(case)
    n = graph.num_vertices
    junk = data.draw(junk_arrays(n))
    entry = data.draw(st.sampled_from(["initial", "side", "validate", "size", "blossom"]))
    if entry == "initial":
        _outcome(lambda: maximum_matching(graph, initial=junk))
    elif entry == "side":
        _outcome(lambda: bipartite_matching(graph, junk))
    elif entry == "validate":
        _outcome(lambda: validate_matching(graph, junk))
    elif entry == "size":
        _outcome(lambda: matching_size(junk))
    else:
        # the in-place entries take int32 arrays only: hand them some
        numeric = isinstance(junk, np.ndarray) and junk.dtype.kind in "iub"
        mate = junk.astype(np.int32) if numeric else junk
        _outcome(lambda: blossom_matching(graph, mate))
        _outcome(lambda: solve_general(graph, mate))


@given(graphs(max_vertices=9), st.data())
def test_vertex_entries_refuse_anything_but_a_vertex(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    graph = _graph(case)
    n = graph.num_vertices
    value = data.draw(_ids(n))
    other = data.draw(st.one_of(_ids(n), st.integers(0, max(n - 1, 0))))
    vertex = _is_vertex(value, n)
    solution = solve(graph)
    answers = {
        "neighbors": _outcome(lambda: graph.neighbors(value)),
        "has_edge": _outcome(lambda: graph.has_edge(value, 0)),
        "label": _outcome(lambda: graph.label(value)),
        "index": _outcome(lambda: graph.index(value)),
        "component": _outcome(lambda: graph.component(value)),
        "first_player_wins_from": _outcome(lambda: first_player_wins_from(graph, value)),
        "first_player_wins": _outcome(lambda: solution.first_player_wins(value)),
        "winner": _outcome(lambda: solution.winner(value)),
        "reply": _outcome(lambda: solution.reply(value)),
        "strategy": _outcome(lambda: solution.strategy(value).reply(value)),
        "Position": _outcome(lambda: Position(graph, value)),
        "Engine.choose_side": _outcome(lambda: Engine(graph).choose_side(value)),
    }
    assert all(answer == vertex for answer in answers.values()), answers
    if _outcome(lambda: solve(graph.without(value))):  # also takes lists of ids
        assert vertex or isinstance(value, (list, tuple))
    if _outcome(lambda: solve(graph.without_ids(value))):
        assert vertex or isinstance(value, (list, tuple))
    if n:
        _outcome(lambda: graph.component(0, limit=other))
        strategy = solution.strategy(0)
        assert _outcome(lambda: strategy.reply(value)) == vertex
        position = Position(graph, 0)
        legal = position.is_legal(value)
        assert legal == (vertex and int(value) in set(position.legal_moves))
        assert _outcome(lambda: position.push(value)) == legal
        if _outcome(lambda: alice_wins(graph, value, other)):
            assert vertex and _is_vertex(other, n) and value != other


@given(graphs(max_vertices=9), st.data())
def test_derived_graphs_and_hand_made_results_refuse_malformed_arrays(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    graph = _graph(case)
    n = graph.num_vertices
    junk = data.draw(junk_arrays(n))
    other = data.draw(junk_arrays(n))
    _outcome(lambda: solve(graph.subgraph(junk)))
    _outcome(lambda: solve(graph.without(junk)))
    _outcome(lambda: solve(graph.without_ids(junk)))
    start = data.draw(_ids(n))
    _outcome(lambda: Strategy(start, True, junk).reply(0))
    # a hand-made Solution: its arrays' shapes and dtypes are checked (its
    # values are the solver's to vouch for); the kernels behind it stay inside
    made = data.draw(st.sampled_from(["mate", "losing", "barrier"]))
    solved = solve(graph)
    parts: dict[str, Any] = {"mate": solved.mate, "losing": solved.losing, "barrier": None}
    parts[made] = junk if made != "losing" else other

    def use() -> None:
        hand_made = Solution(graph, parts["mate"], parts["losing"], parts["barrier"])
        hand_made.barrier  # noqa: B018 - a kernel reads losing here
        hand_made.reply(0)
        hand_made.first_player_wins(0)

    _outcome(use)


@given(st.data())
def test_board_builders_refuse_malformed_input(data: st.DataObject) -> None:
    side = data.draw(st.integers(0, 4))
    cells = data.draw(st.one_of(junk_arrays(side * side), st.just(np.ones((side, side), bool))))
    if isinstance(cells, np.ndarray) and cells.ndim == 1 and cells.size == side * side:
        cells = cells.reshape(side, side)
    moves = data.draw(
        st.one_of(
            st.sampled_from(["rook", "king", "2,1", "x", ((0, 1),), ((0, True),), ((1,),), 7]),
            st.lists(st.tuples(_ids(3), _ids(3)), max_size=3),
        )
    )
    if _outcome(lambda: grid_board(cells, moves)):
        board = grid_board(cells, moves)
        n = board.graph.num_vertices
        hints = data.draw(st.one_of(junk_arrays(n), st.lists(_ids(n), max_size=3)))
        _outcome(lambda: render_svg(board, hints=hints, show_losing=True, show_matching=True))
        _outcome(lambda: render_text(board, hints=hints))
        value = data.draw(_ids(n))
        assert _outcome(lambda: board.cell(value)) == _is_vertex(value, n)
        _outcome(lambda: board.vertex_at(value, data.draw(_ids(side))))
        _outcome(lambda: render_svg(board, cell=data.draw(_ids(40))))
    rings = data.draw(st.one_of(st.integers(1, 3), _ids(4)))
    size = data.draw(st.one_of(st.integers(2, 5), _ids(6)))
    forbidden = data.draw(junk_arrays(8))
    start = data.draw(_ids(30))
    wrap: Any = data.draw(st.sampled_from([True, False, np.False_, 1, None, "yes"]))
    _outcome(lambda: lock_board(rings, size, forbidden, start, wrap=wrap))


def test_a_mismatched_board_position_or_solution_is_refused() -> None:
    board = grid_board(np.ones((2, 2), bool))
    other = grid_board(np.ones((2, 2), bool))
    with pytest.raises(BipartiteGameError, match="board's graph"):
        render_svg(board, Position(other.graph, 0))
    with pytest.raises(BipartiteGameError, match="board's graph"):
        render_svg(board, solution=solve(other.graph), show_losing=True)
    with pytest.raises(BipartiteGameError, match="GridBoard"):
        Position(board.graph, 0, board=other)
    with pytest.raises(BipartiteGameError, match="cell_of"):
        GridBoard(board.open, board.steps, board.cell_of[:-1], board.graph)
