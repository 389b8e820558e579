"""The geography kernels' native versions against their Python specification.

Every kernel of theory/geography/ with a C version is run both ways on the
same random arguments by :func:`native_util.same_as_python` (results and
in-place arguments equal).  The arguments are built the way ``solve_geography`` builds
them: random multigraphs with loops and repeated edges, bipartite or not,
their odd pairs, CSRs, components and word matrices; and, for the
elimination, random matrices of low rank as well, so that zero rows,
columns without a pivot and several words per row all occur.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.theory.geography import chains, directed, edge_bipartite, peel, search

from .native_util import same_as_python

IntArray = npt.NDArray[np.int64]
Seed = st.integers(0, 2**32 - 1)


def _multigraph(rng: np.random.Generator, bipartite: bool) -> tuple[int, IntArray, IntArray]:
    """Random edges (repeats; loops unless ``bipartite``): on ``bipartite``,
    sides 0..a-1 and a..n-1, each edge either way round."""
    n = int(rng.integers(1, 16))
    m = int(rng.integers(0, 3 * n + 1))
    if not bipartite:
        u = rng.integers(0, n, m)
        v = rng.integers(0, n, m)
        return n, u.astype(np.int64), v.astype(np.int64)
    a = int(rng.integers(1, n + 1))
    if a == n:
        return n, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    x = rng.integers(0, a, m)
    y = rng.integers(a, n, m)
    flip = rng.random(m) < 0.5
    return n, np.where(flip, y, x).astype(np.int64), np.where(flip, x, y).astype(np.int64)


@st.composite
def multigraphs(
    draw: st.DrawFn, bipartite: bool | None = None
) -> tuple[int, IntArray, IntArray, int]:
    """``(n, u, v, seed)``; ``bipartite`` None: either kind."""
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    kind = bool(rng.random() < 0.5) if bipartite is None else bipartite
    return (*_multigraph(rng, kind), seed)


def _side(n: int, u: IntArray, v: IntArray) -> npt.NDArray[np.int8]:
    _, side, bipartite = edge_bipartite.bipartite_parts(n, u, v)
    assert bipartite.all()
    return side


@given(multigraphs())
def test_parity_union_find(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    same_as_python(edge_bipartite._parity_union_find, n, u, v)


@given(multigraphs())
def test_union_find(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    same_as_python(edge_bipartite._union_find, n, u, v)


def _peel_arguments(
    n: int, u: IntArray, v: IntArray, column_side: int
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_], npt.NDArray[np.int8], IntArray]:
    """As ``peel_side`` passes them: the odd pairs' CSR, the columns, the
    verdicts and the alias table (garbage-free here: -7)."""
    side = _side(n, u, v)
    a, b = peel.odd_edges(n, u, v, side)
    indptr, adjacent = peel._symmetric(n, a, b)
    is_column = side == column_side
    answer = np.full(n, -1, dtype=np.int8)
    alias = np.full((n, 2), -7, dtype=np.int64)
    return indptr, adjacent, is_column, answer, alias


@given(multigraphs(bipartite=True), st.integers(0, 1))
def test_peel(graph: tuple[int, IntArray, IntArray, int], column_side: int) -> None:
    n, u, v, _seed = graph
    indptr, adjacent, is_column, answer, alias = _peel_arguments(n, u, v, column_side)
    alive = np.ones(n, dtype=np.bool_)
    same_as_python(
        peel._peel, indptr, adjacent, is_column, answer, alive, alias
    )


@given(multigraphs(bipartite=True), st.integers(0, 1))
def test_resolve(graph: tuple[int, IntArray, IntArray, int], column_side: int) -> None:
    """As ``losing_starts`` calls it: the live columns given some verdict."""
    n, u, v, seed = graph
    indptr, adjacent, is_column, answer, alias = _peel_arguments(n, u, v, column_side)
    alive = np.ones(n, dtype=np.bool_)
    count = peel._peel(indptr, adjacent, is_column, answer, alive, alias)
    rng = np.random.default_rng(seed)
    live = alive & is_column
    answer[live] = rng.integers(0, 2, int(live.sum()))
    same_as_python(peel._resolve, answer, alias, count)


def _dense_arguments(
    n: int, u: IntArray, v: IntArray
) -> tuple[IntArray, IntArray, npt.NDArray[np.int8], IntArray, IntArray, IntArray, IntArray]:
    """What ``_dense_losing`` computes before its kernels, on the odd pairs:
    the edges, the sides, the vertices by component and side, the component
    starts, each component's side-0 count and the vertices' component."""
    side = _side(n, u, v)
    a, b = peel.odd_edges(n, u, v, side)
    comp, count = edge_bipartite._component_ids(n, a, b)
    order = np.lexsort((side, comp)).astype(np.int64)
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp, minlength=count), out=comp_start[1:])
    in_x = np.bincount(comp[side == 0], minlength=count).astype(np.int64)
    return a, b, side, order, comp_start, in_x, comp


@given(multigraphs(bipartite=True))
def test_local_index(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    _, _, _, order, comp_start, in_x, comp = _dense_arguments(n, u, v)
    same_as_python(edge_bipartite._local_index, order, comp_start, in_x, comp)


@given(multigraphs(bipartite=True), st.integers(0, 1), st.booleans())
def test_all_components(graph: tuple[int, IntArray, IntArray, int], only: int, fresh: bool) -> None:
    n, u, v, seed = graph
    a, b, side, order, comp_start, in_x, comp = _dense_arguments(n, u, v)
    local = edge_bipartite._local_index(order, comp_start, in_x, comp)
    count = comp_start.size - 1
    edge_order = np.argsort(comp[a], kind="stable").astype(np.int64)
    edge_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp[a], minlength=count), out=edge_start[1:])
    rng = np.random.default_rng(seed)
    losing = np.zeros(n, dtype=np.bool_) if fresh else rng.random(n) < 0.3
    same_as_python(
        edge_bipartite._all_components,
        a, b, side, order, comp_start, in_x, local, edge_order, edge_start, losing, only,
    )  # fmt: skip


@st.composite
def word_matrices(draw: st.DrawFn) -> tuple[npt.NDArray[np.uint64], int, IntArray, IntArray, int]:
    """``(matrix, ncols, rows, columns, seed)``: a zero matrix of ``ncols``
    bit columns and the edges to XOR into it, of rank about ``rank`` (rows
    repeated as sums of a few others); up to three words a row."""
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    nrows = int(rng.integers(0, 140 if seed % 4 == 0 else 20))
    ncols = int(rng.integers(0, 140 if seed % 4 == 1 else 20))
    matrix = np.zeros((nrows, (ncols + 63) // 64), dtype=np.uint64)
    if nrows == 0 or ncols == 0:
        empty = np.zeros(0, dtype=np.int64)
        return matrix, ncols, empty, empty, seed
    bits = rng.random((nrows, ncols)) < rng.random()
    rank = int(rng.integers(0, nrows + 1))
    for r in range(rank, nrows):  # the other rows: sums of the first ones
        if rank:
            pick = rng.integers(0, rank, int(rng.integers(0, 4)))
            bits[r] = np.bitwise_xor.reduce(bits[pick], axis=0) if pick.size else False
    rows, columns = np.nonzero(bits)
    extra = int(rng.integers(0, 4))  # repeated edges: they cancel mod 2
    rows = np.concatenate((rows, rows[:extra], rows[:extra])).astype(np.int64)
    columns = np.concatenate((columns, columns[:extra], columns[:extra])).astype(np.int64)
    order = rng.permutation(rows.size)
    return matrix, ncols, rows[order], columns[order], seed


Drawn = tuple[npt.NDArray[np.uint64], int, IntArray, IntArray, int]


@given(word_matrices())
def test_fill(drawn: Drawn) -> None:
    matrix, _, rows, columns, _seed = drawn
    same_as_python(edge_bipartite._fill, matrix, rows, columns)


@given(word_matrices())
def test_reduce(drawn: Drawn) -> None:
    matrix, ncols, rows, columns, _seed = drawn
    edge_bipartite._fill(matrix, rows, columns)
    same_as_python(edge_bipartite._reduce, matrix, ncols)


@given(word_matrices(), st.booleans())
def test_losing_columns(drawn: Drawn, reduced: bool) -> None:
    """On the reduced matrix, as the elimination reads it, and on any matrix
    with any pivots (the kernel reads bits, whatever they mean)."""
    matrix, ncols, rows, columns, seed = drawn
    edge_bipartite._fill(matrix, rows, columns)
    if reduced:
        pivot = edge_bipartite._reduce(matrix, ncols)
    else:
        rng = np.random.default_rng(seed)
        pivot = np.full(matrix.shape[0], -1, dtype=np.int64)
        chosen = rng.permutation(ncols)[: min(ncols, matrix.shape[0])]
        pivot[: chosen.size] = chosen
    same_as_python(edge_bipartite._losing_columns, matrix, pivot, ncols)


@given(multigraphs(bipartite=False), st.booleans())
def test_strong_components(graph: tuple[int, IntArray, IntArray, int], vertex: bool) -> None:
    n, u, v, _seed = graph
    if vertex:  # as directed_winners passes it under the vertex rule
        keep = u != v
        u, v = u[keep], v[keep]
    indptr, heads = directed._csr(n, u, v)
    same_as_python(directed.strong_components, indptr, heads)


@given(multigraphs(bipartite=False), st.booleans())
def test_settle(graph: tuple[int, IntArray, IntArray, int], vertex: bool) -> None:
    """From every component k there is, with the wins settled below it (or
    any wins at all on half the examples)."""
    n, u, v, seed = graph
    if vertex:
        keep = u != v
        u, v = u[keep], v[keep]
    indptr, heads = directed._csr(n, u, v)
    comp = directed.strong_components(indptr, heads)
    members = np.argsort(comp, kind="stable").astype(np.int64)
    count = int(comp.max(initial=-1)) + 1
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp, minlength=count), out=comp_start[1:])
    looped = np.zeros(n, dtype=np.bool_)
    looped[u[u == v]] = True
    rng = np.random.default_rng(seed)
    k = int(rng.integers(0, count + 1))
    wins = rng.random(n) < 0.5 if seed % 2 else np.zeros(n, dtype=np.bool_)
    same_as_python(
        directed._settle, k, comp_start, members, indptr, heads, looped, wins,
    )  # fmt: skip


@given(multigraphs(), st.booleans())
def test_reach(graph: tuple[int, IntArray, IntArray, int], is_directed: bool) -> None:
    n, u, v, seed = graph
    rng = np.random.default_rng(seed)
    start = int(rng.integers(0, n))
    seen = np.zeros(n, dtype=np.bool_)
    same_as_python(search._reach, n, u, v, start, is_directed, seen)


def _chainy(rng: np.random.Generator) -> tuple[int, IntArray, IntArray]:
    """Paths and cycles through a random order of the vertices, a few other
    edges (loops and repeats too): chains, anchored cycles, and ends."""
    n = int(rng.integers(1, 16))
    order = rng.permutation(n)
    cuts = np.sort(rng.choice(np.arange(1, n + 1), size=int(rng.integers(1, n + 1)), replace=False))
    u, v, first = [], [], 0
    for cut in cuts.tolist():
        piece = order[first:cut].tolist()
        first = cut
        closed = piece + piece[:1] if rng.random() < 0.5 else piece
        u += closed[:-1]
        v += closed[1:]
    extra = int(rng.integers(0, 4))
    u += rng.integers(0, n, extra).tolist()
    v += rng.integers(0, n, extra).tolist()
    return n, np.array(u, dtype=np.int64), np.array(v, dtype=np.int64)


@given(Seed, st.booleans())
def test_chains(seed: int, directed: bool) -> None:
    rng = np.random.default_rng(seed)
    n, u, v = _chainy(rng) if rng.random() < 0.7 else _multigraph(rng, False)
    blocked = rng.random(n) < 0.2
    chain = np.full(n, -1, dtype=np.int64)
    pos = np.zeros(n, dtype=np.int64)
    ends = np.full((n, 3), -7, dtype=np.int64)
    args = (n, u, v, directed, blocked, chain, pos, ends)
    same_as_python(chains._chains, *args)
