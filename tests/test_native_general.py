"""The native blossom search and lock lattice against their Python kernels.

Each C function of ``native/blossom.c`` and ``native/lattice.c`` must return
what its Python kernel returns and leave its in-place arguments (the
matching) exactly as the Python kernel leaves them:
the same matching, not only one of the same size.  The graphs are drawn to
be hard for a blossom search: odd cycles glued together, blossoms nested in
blossoms, complete graphs, the Petersen graph, king graphs of random mazes,
and the degenerate ones (no vertex, no edge, isolated vertices).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.graphs import blossom, board_csr, boards
from bipartite_game.graphs.graph import Graph

from .native_util import native_library, same_as_python

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

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
    with pytest.raises(ValueError, match="mates"):
        graph = Graph.from_edges(np.array([0]), np.array([1]), 2)
        blossom.edmonds(graph.indptr, graph.indices, np.full(3, -1, dtype=np.int32))


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
