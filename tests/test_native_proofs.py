"""The certificate writer's and checker's native kernels against their
Python specification.

Every kernel of proofs/certificate.py and proofs/verify.py with a C version
(``native/certificate.c``, ``native/verify.c``) is run both ways by
:func:`native_util.same_as_python` (results and in-place arguments equal), on what
``certify`` and ``verify`` would pass it: graphs solved by the solver,
bipartite and not (blossoms included), their offsets int64 or, as a board
builder writes them, int32.  The checker's kernels also get damaged
certificates (any ids in range, as ``verify``'s reader lets through), since
their job is to reject them.
"""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import Graph, solve
from bipartite_game.proofs import certificate, verify
from bipartite_game.proofs.certificate import certify

from .native_util import same_as_python
from .strategies import EdgeSet, blossomy, graphs

Seed = st.integers(0, 2**32 - 1)


#: Graphs as certify meets them: random ones (bipartite or not) and
#: components built around odd cycles.
Drawn = st.one_of(
    graphs(max_vertices=14), graphs(max_vertices=14, bipartite=True), blossomy(nested=True)
)

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
    )  # fmt: skip


@given(Drawn, Seed)
def test_merges(drawn: EdgeSet, seed: int) -> None:
    graph = _graph(drawn)
    solution = solve(graph)
    edges, _, problem = same_as_python(
        certificate._merges, _indptr(graph, seed), graph.indices, solution.mate, solution.losing,
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
    same_as_python(certificate._write_integers, array, out)
    assert json.loads(certificate._json_integers(array)) == values


@given(st.lists(st.booleans()), Seed)
def test_write_booleans(values: list[bool], seed: int) -> None:
    array = np.array(values, dtype=np.bool_)
    out = np.zeros(array.size * 6 + 2, dtype=np.uint8)
    same_as_python(certificate._write_booleans, array, out)
    assert json.loads(certificate._json_booleans(array)) == values


def test_writers_empty() -> None:
    empty = np.zeros(0, dtype=np.int64)
    out = np.zeros(2, dtype=np.uint8)
    assert same_as_python(certificate._write_integers, empty, out) == 0
    assert same_as_python(certificate._write_booleans, empty.astype(np.bool_), out) == 2


# -- verify.py -----------------------------------------------------------------


def _certified(drawn: EdgeSet) -> tuple[Graph, certificate.Certificate]:
    graph = _graph(drawn)
    return graph, certify(solve(graph))


def _wide(values: npt.NDArray[np.integer]) -> IntArray:
    """As verify reads a certificate's arrays: int64."""
    return np.asarray(values, dtype=np.int64)


@given(Drawn, Seed, st.booleans())
def test_has_edges(drawn: EdgeSet, seed: int, random_pairs: bool) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    mate = _wide(cert.mate)
    matched = np.flatnonzero(mate >= 0)
    us, vs = matched, mate[matched]
    if random_pairs and n:  # what a damaged certificate names: any ids
        rng = np.random.default_rng(seed)
        us = rng.integers(0, n, int(rng.integers(0, 3 * n))).astype(np.int64)
        vs = rng.integers(0, n, us.size).astype(np.int64)
    found = same_as_python(
        verify._has_edges, _indptr(graph, seed), graph.indices, us, vs
    )
    if not random_pairs:
        assert bool(np.all(found))
    same_as_python(
        verify._has_edges, _indptr(graph, seed), graph.indices, _wide(cert.barrier),
        _wide(cert.barrier_via),
    )  # fmt: skip


@given(Drawn, Seed, st.booleans())
def test_components(drawn: EdgeSet, seed: int, random_removed: bool) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    removed = np.zeros(n, dtype=np.bool_)
    removed[cert.barrier] = True
    if random_removed:
        removed = np.random.default_rng(seed).random(n) < 0.3
    same_as_python(
        verify._components, _indptr(graph, seed), graph.indices, removed
    )


@given(Drawn, Seed, st.sampled_from(["none", "ends", "sizes", "random"]))
def test_verify_merges(drawn: EdgeSet, seed: int, damage: str) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    rng = np.random.default_rng(seed)
    removed = np.zeros(n, dtype=np.bool_)
    removed[cert.barrier] = True
    edges, sizes = _wide(cert.blossom_edges), _wide(cert.blossom_sizes)
    # damaged as verify's reader lets through: ids in 0..n-1, sizes in
    # 1..n, two ids per edge of the sizes
    if damage == "ends" and edges.size:
        for _ in range(int(rng.integers(1, 4))):
            edges[int(rng.integers(0, edges.size))] = int(rng.integers(0, n))
    elif damage == "sizes" and sizes.size:
        sizes = rng.permutation(sizes)
        cut = int(rng.integers(0, sizes.size))
        if sizes[cut] > 2:  # split one merge in two, keeping the total
            part = int(rng.integers(1, sizes[cut]))
            sizes = np.concatenate([sizes[:cut], [part, sizes[cut] - part], sizes[cut + 1 :]])
    elif damage == "random" and n:
        sizes = rng.integers(1, min(n, 7) + 1, int(rng.integers(0, 5))).astype(np.int64)
        edges = rng.integers(0, n, 2 * int(sizes.sum())).astype(np.int64)
        if rng.random() < 0.5:
            removed = rng.random(n) < 0.2
    problem, _, piece = same_as_python(
        verify._merges, _indptr(graph, seed), graph.indices, removed, edges, sizes,
    )  # fmt: skip
    if damage == "none":
        assert problem == 0 and piece.size == n


def test_verify_merges_fixed() -> None:
    """Each problem code, after a good merge has changed the pieces: two
    triangles 0 1 2 and 3 4 5 joined by the edge 2 3."""
    src, dst = [0, 1, 2, 2, 3, 4, 5], [1, 2, 0, 3, 4, 5, 3]
    graph = Graph.from_edges(src, dst, 6)
    good = [0, 1, 1, 2, 2, 0]
    cases = {
        0: ([3, 3], [*good, 3, 4, 4, 5, 5, 3]),
        1: ([3, 4], [*good, 3, 4, 4, 5, 5, 3, 3, 4]),
        2: ([3, 3], [*good, 3, 4, 4, 0, 0, 3]),
        3: ([3, 3], [*good, 3, 4, 4, 5, 5, 3]),
        4: ([3, 3], [*good, 3, 4, 5, 3, 4, 5]),
        5: ([3, 5], [*good, 3, 4, 4, 5, 5, 3, 3, 4, 4, 3]),
    }
    for code, (sizes, edges) in cases.items():
        removed = np.zeros(6, dtype=np.bool_)
        if code == 3:
            removed[5] = True
        problem, at, _ = same_as_python(
            verify._merges, graph.indptr, graph.indices, removed,
            np.array(edges, dtype=np.int64), np.array(sizes, dtype=np.int64),
        )  # fmt: skip
        assert (problem, at) == (code, 1 if code else 0)
