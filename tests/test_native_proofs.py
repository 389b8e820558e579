"""The certificate writer's native kernels against their Python
specification.

Every kernel of proofs/certificate.py with a C version
(``native/certificate.c``) is run both ways by
:func:`native_util.same_as_python` (results and in-place arguments equal;
numba's compiled version too on about one example in eight), on what
``certify`` would pass it: graphs solved by the solver,
bipartite and not (blossoms included), their offsets int64 or, as a board
builder writes them, int32.
"""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import Graph, solve
from bipartite_game.proofs import certificate

from .native_util import same_as_python
from .strategies import EdgeSet, graphs

Seed = st.integers(0, 2**32 - 1)


@st.composite
def blossoms(draw: st.DrawFn) -> EdgeSet:
    """A random graph beside odd cycles with chords, pendant paths and
    cycles through earlier ones (nested blossoms), and isolated vertices."""
    n, edges = draw(graphs(max_vertices=6))
    for _ in range(draw(st.integers(1, 4))):
        length = draw(st.sampled_from([3, 3, 5, 7]))
        anchor = [draw(st.integers(0, n - 1))] if n and draw(st.booleans()) else []
        cycle = anchor + list(range(n, n + length - len(anchor)))
        n += length - len(anchor)
        edges += [(cycle[k], cycle[(k + 1) % length]) for k in range(length)]
        for _ in range(draw(st.integers(0, 2))):
            a, b = draw(st.sampled_from(cycle)), draw(st.sampled_from(cycle))
            if a != b:
                edges.append((a, b))
        for _ in range(draw(st.integers(0, 2))):  # a pendant path of 1 or 2 edges
            at = draw(st.sampled_from(cycle))
            for _ in range(draw(st.integers(1, 2))):
                edges.append((at, n))
                at, n = n, n + 1
    return n + draw(st.integers(0, 2)), edges


#: Graphs as certify meets them: random ones (bipartite or not) and
#: components built around odd cycles.
Drawn = st.one_of(graphs(max_vertices=14), graphs(max_vertices=14, bipartite=True), blossoms())

IntArray = npt.NDArray[np.int64]
Offsets = npt.NDArray[np.int64] | npt.NDArray[np.int32]


def _graph(drawn: EdgeSet) -> Graph:
    n, edges = drawn
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


def _indptr(graph: Graph, seed: int) -> Offsets:
    """The offsets as a Graph has them (int64), or on a third of the
    examples as int32, as a board builder writes them."""
    return graph.indptr.astype(np.int32) if seed % 3 == 1 else graph.indptr


# -- certificate.py ----------------------------------------------------------


@given(Drawn, Seed, st.booleans())
def test_levels(drawn: EdgeSet, seed: int, damaged: bool) -> None:
    graph = _graph(drawn)
    solution = solve(graph)
    losing, barrier = solution.losing, solution.barrier
    if damaged:  # any sets: the search reads only ids in range
        rng = np.random.default_rng(seed)
        losing = rng.random(graph.num_vertices) < 0.5
        barrier = rng.random(graph.num_vertices) < 0.5
    same_as_python(
        certificate._levels, _indptr(graph, seed), graph.indices, solution.mate, losing, barrier,
        numba=seed % 8 == 0,
    )  # fmt: skip


@given(Drawn, Seed)
def test_merges(drawn: EdgeSet, seed: int) -> None:
    graph = _graph(drawn)
    solution = solve(graph)
    edges, _, problem = same_as_python(
        certificate._merges, _indptr(graph, seed), graph.indices, solution.mate, solution.losing,
        numba=seed % 8 == 0,
    )  # fmt: skip
    assert problem == 0
    assert edges.size <= 3 * graph.num_vertices


def test_merges_problem() -> None:
    """A component of D not matched near-perfectly (no matching at all):
    the search stops with 1 and nothing written."""
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3], 5)
    mate = np.full(5, -1, dtype=np.int32)
    losing = np.ones(5, dtype=np.bool_)
    edges, sizes, problem = same_as_python(
        certificate._merges, graph.indptr, graph.indices, mate, losing
    )
    assert problem == 1 and edges.size == 0 and sizes.size == 0


INT64 = st.integers(-(2**63) + 1, 2**63 - 1)  # -2**63: Python's loop never ends


@given(
    st.lists(st.one_of(INT64, st.integers(-12, 12), st.sampled_from([0, 2**63 - 1]))),
    Seed,
)
def test_write_integers(values: list[int], seed: int) -> None:
    array = np.array(values, dtype=np.int64)
    out = np.zeros(array.size * 21 + 2, dtype=np.uint8)
    same_as_python(certificate._write_integers, array, out, numba=seed % 8 == 0)
    assert json.loads(certificate._json_integers(array)) == values


@given(st.lists(st.booleans()), Seed)
def test_write_booleans(values: list[bool], seed: int) -> None:
    array = np.array(values, dtype=np.bool_)
    out = np.zeros(array.size * 6 + 2, dtype=np.uint8)
    same_as_python(certificate._write_booleans, array, out, numba=seed % 8 == 0)
    assert json.loads(certificate._json_booleans(array)) == values


def test_writers_empty() -> None:
    empty = np.zeros(0, dtype=np.int64)
    out = np.zeros(2, dtype=np.uint8)
    assert same_as_python(certificate._write_integers, empty, out) == 0
    assert same_as_python(certificate._write_booleans, empty.astype(np.bool_), out) == 2
