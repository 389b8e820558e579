"""General graphs: Edmonds' blossom search and the Gallai–Edmonds decomposition,
and the native blossom search and lock lattice against their Python kernels."""

from __future__ import annotations

import os
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute, maximum_matching, solve
from bipartite_game.graphs import blossom, board_csr, boards
from bipartite_game.graphs.matching import matching_size
from tests.support.enumeration import strategy_never_fails
from tests.support.native import native_library, same_as_python
from tests.support.paths import ROOT
from tests.support.strategies import adjacency, examples, graphs


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
        assert strategy_never_fails(adj, solution.strategy(start))


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


# --------------------------------------------------------------------------
# The native blossom search and lock lattice against their Python kernels.

EXAMPLES = ROOT / "examples"

Edges = list[tuple[int, int]]


def _petersen() -> tuple[int, Edges]:
    outer = [(k, (k + 1) % 5) for k in range(5)]
    spokes = [(k, k + 5) for k in range(5)]
    inner = [(5 + k, 5 + (k + 2) % 5) for k in range(5)]
    return 10, outer + spokes + inner


def _expand_to_triangles(
    rng: np.random.Generator, n: int, edges: Edges, times: int
) -> tuple[int, Edges]:
    """Replace a random vertex by a triangle, ``times`` times, spreading its
    edges over the triangle's corners: an odd cycle through it becomes a
    blossom with a blossom inside, and repeats nest deeper."""
    for _ in range(times):
        if n == 0:
            break
        v = int(rng.integers(n))
        a, b = n, n + 1
        n += 2
        moved: Edges = []
        for x, y in edges:
            if v in (x, y):
                corner = (v, a, b)[int(rng.integers(3))]
                other = y if x == v else x
                moved.append((corner, other))
            else:
                moved.append((x, y))
        edges = [*moved, (v, a), (a, b), (v, b)]
    return n, edges


def _general_graph(family: str, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    n: int
    edges: Edges
    if family == "random":
        n = int(rng.integers(0, 40))
        m = int(rng.integers(0, 3 * n + 1))
        pairs = rng.integers(0, max(n, 1), (m, 2))
        edges = [(int(a), int(b)) for a, b in pairs if a != b]
    elif family == "odd cycles glued":
        n = 1
        edges = []
        for _ in range(int(rng.integers(1, 10))):
            length = int(rng.choice([3, 3, 5, 7]))
            anchor = int(rng.integers(n))
            cycle = [anchor, *range(n, n + length - 1)]
            n += length - 1
            edges += [(cycle[k], cycle[(k + 1) % length]) for k in range(length)]
        for _ in range(int(rng.integers(0, 4))):  # a few chords and pendant vertices
            edges.append((int(rng.integers(n)), n))
            n += 1
    elif family == "nested blossoms":
        length = int(rng.choice([3, 5, 7]))
        n, edges = length, [(k, (k + 1) % length) for k in range(length)]
        n, edges = _expand_to_triangles(rng, n, edges, int(rng.integers(1, 12)))
        for _ in range(int(rng.integers(0, 3))):
            edges.append((int(rng.integers(n)), n))
            n += 1
    elif family == "complete":
        n = int(rng.integers(0, 13))
        edges = [(a, b) for a in range(n) for b in range(a + 1, n)]
    elif family == "petersen":
        n, edges = _petersen()
        n, edges = _expand_to_triangles(rng, n, edges, int(rng.integers(0, 4)))
    elif family == "king maze":
        height, width = (int(x) for x in rng.integers(1, 10, 2))
        board = boards.grid_board(rng.random((height, width)) >= rng.random() * 0.5, "king")
        return board.graph
    else:  # degenerate
        n = int(rng.integers(0, 4))
        edges = [(0, 1)] if n >= 2 and rng.random() < 0.5 else []
    if not edges:
        empty = np.zeros(0, dtype=np.int64)
        return Graph.from_edges(empty, empty, n)
    src, dst = np.array(edges, dtype=np.int64).T
    return Graph.from_edges(src, dst, n)


FAMILIES = [
    "random",
    "odd cycles glued",
    "nested blossoms",
    "complete",
    "petersen",
    "king maze",
    "degenerate",
]


def _some_matching(graph: Graph, rng: np.random.Generator) -> np.ndarray:
    """Empty, or greedy over the edges in a random order: the search must
    grow any matching it is given the same way."""
    mate = np.full(graph.num_vertices, -1, dtype=np.int32)
    if rng.random() < 0.4:
        return mate
    rows = np.repeat(np.arange(graph.num_vertices), np.diff(graph.indptr))
    for k in rng.permutation(graph.indices.size):
        v, w = int(rows[k]), int(graph.indices[k])
        if mate[v] < 0 and mate[w] < 0 and rng.random() < 0.7:
            mate[v], mate[w] = w, v
    return mate


@given(st.sampled_from(FAMILIES), st.integers(0, 2**32 - 1))
def test_blossom_search_matches_python(family: str, seed: int) -> None:
    graph = _general_graph(family, seed)
    rng = np.random.default_rng(seed ^ 0x5EED)
    mate = _some_matching(graph, rng)
    labels = same_as_python(
        blossom.edmonds, graph.indptr, graph.indices, mate
    )
    # and the odd components, on the barrier found and on a random set
    barrier = labels == 2
    same_as_python(blossom.odd_components_without, graph.indptr, graph.indices, barrier)
    removed = rng.random(graph.num_vertices) < rng.random()
    same_as_python(
        blossom.odd_components_without,
        graph.indptr,
        graph.indices,
        removed,
    )


def test_blossom_search_on_the_degenerate_graphs() -> None:
    for n in (0, 1, 2):
        empty = np.zeros(0, dtype=np.int64)
        graph = Graph.from_edges(empty, empty, n)
        mate = np.full(n, -1, dtype=np.int32)
        labels = same_as_python(blossom.edmonds, graph.indptr, graph.indices, mate)
        assert labels.tolist() == [1] * n  # every vertex unmatched, in D
    native_library()
    graph = Graph.from_edges(np.array([0]), np.array([1]), 2)
    with pytest.raises(ValueError, match="edmonds: 3 mates for 2 vertices"):
        blossom.edmonds(graph.indptr, graph.indices, np.full(3, -1, dtype=np.int32))
    with pytest.raises(ValueError, match="odd_components_without: 1 flags for 2 vertices"):
        blossom.odd_components_without(graph.indptr, graph.indices, np.zeros(1, dtype=np.bool_))


@given(
    st.integers(1, 6),
    st.integers(2, 7),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_lock_lattice_matches_python(rings: int, size: int, wrap: bool, seed: int) -> None:
    total = size**rings
    if total > 20_000:
        rings = 1
        total = size
    rng = np.random.default_rng(seed)
    mode = seed % 4
    if mode == 0:
        allowed = np.ones(total, dtype=np.bool_)  # nothing forbidden
    elif mode == 1:
        allowed = np.zeros(total, dtype=np.bool_)  # one code left
        allowed[rng.integers(total)] = True
    else:
        allowed = rng.random(total) >= rng.random()
    same_as_python(board_csr.lattice_csr, allowed, size, rings, wrap)


@pytest.mark.parametrize(
    ("rings", "size", "wrap"),
    [
        (1, 2, True),
        (1, 2, False),
        (1, 3, True),
        (3, 2, True),
        (2, 3, True),
        (1, 9, True),
        (5, 3, False),
    ],
)
def test_lock_lattice_edge_cases_match_python(rings: int, size: int, wrap: bool) -> None:
    """The smallest locks: a two-position ring that wraps (built as one that
    does not), one ring, every code forbidden but one, and lock_board's cut
    to a start's component on top of the native lattice."""
    total = size**rings
    for allowed in (np.ones(total, dtype=np.bool_), np.arange(total) % 3 != 1):
        same_as_python(board_csr.lattice_csr, allowed, size, rings, wrap)
        forbidden = np.flatnonzero(~allowed)
        start = int(np.flatnonzero(allowed)[-1])
        native = boards.lock_board(rings, size, forbidden, start, wrap=wrap)
        from bipartite_game import _native

        previous = _native.set_native_mode("never")
        try:
            python = boards.lock_board(rings, size, forbidden, start, wrap=wrap)
        finally:
            _native.set_native_mode(previous)
        assert np.array_equal(native.code_of, python.code_of)
        assert native.start == python.start
        assert np.array_equal(native.graph.indptr, python.graph.indptr)
        assert np.array_equal(native.graph.indices, python.graph.indices)
    with pytest.raises(ValueError, match="codes"):
        board_csr.lattice_csr(np.ones(total + 1, dtype=np.bool_), size, rings, wrap)


_TRACE = """
import sys
from bipartite_game import _jit, cli
from bipartite_game.graphs import blossom, board_csr
interpreted = []
for module, name in [(blossom, "edmonds"), (blossom, "odd_components_without"),
                     (board_csr, "lattice_csr")]:
    kernel = getattr(module, name)
    def spec(*args, _spec=kernel.py_func, _name=name):
        interpreted.append(_name)
        return _spec(*args)
    kernel.py_func = spec
native = []
for module, name in [(blossom, "edmonds"), (blossom, "odd_components_without"),
                     (board_csr, "lattice_csr")]:
    kernel = getattr(module, name)
    adapter = kernel.native
    def calling(lib, *args, _adapter=adapter, _name=name):
        native.append(_name)
        return _adapter(lib, *args)
    kernel.native = calling
status = cli.main(sys.argv[1:])
print("interpreted:", *sorted(set(interpreted)), file=sys.stderr)
print("native:", *sorted(set(native)), file=sys.stderr)
sys.exit(status)
"""


@pytest.mark.parametrize(
    ("command", "natives"),
    [("king", ["edmonds", "odd_components_without"]), ("lock", ["lattice_csr"])],
)
def test_a_fresh_process_runs_these_kernels_natively(command: str, natives: list[str]) -> None:
    """``king`` and ``lock`` on their examples: the blossom search and the
    lattice go to the library (their adapters are called) and their Python
    specifications never run; the answer is the one the Python kernels give."""
    native_library()
    example = (EXAMPLES / f"{command}.txt").read_bytes()
    env = dict(os.environ, BIPARTITE_GAME_NATIVE="required")
    done = subprocess.run(
        [sys.executable, "-c", _TRACE, command],
        input=example,
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.decode().splitlines()
    interpreted = lines[-2].split()[1:]
    used = lines[-1].split()[1:]
    assert lines[-2].startswith("interpreted:") and used == natives
    assert not set(interpreted) & {"edmonds", "odd_components_without", "lattice_csr"}
    env = dict(os.environ, BIPARTITE_GAME_NATIVE="never")
    python = subprocess.run(
        [sys.executable, "-m", "bipartite_game", command],
        input=example,
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert done.stdout == python.stdout and python.returncode == 0
