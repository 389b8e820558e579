"""Undirected edge geography on bipartite (multi)graphs, by linear algebra over GF(2).

Theorem (Fraenkel, Scheinerman and Ullman, "Undirected edge geography",
Theoretical Computer Science 112, 1993).  Let G be a bipartite multigraph
with sides X and Y and A the X-by-Y matrix over GF(2) whose entry (x, y) is
the number of edges between x and y, taken mod 2.  The player to move from
x in X loses if and only if some z in GF(2)^X with z_x = 1 has zᵀA = 0;
symmetrically with Aᵀ for a start in Y.

Proof, by induction on the number of edges (the game is finite).

*Losing.*  Let zᵀA = 0 and z_x = 1, and call S the support of z: every
vertex of Y has an even number of edges into S, and x is in S.  If the mover
cannot move, they lose.  Otherwise they carry the token along an edge e to
some y.  Without e, y has an odd number of edges into S, so at least one,
e'; the other player takes it, to x' in S.  In G - e - e' column y of A
changed by e_x + e_x' (the rows of x and x'), and z·(e_x + e_x') = 1 + 1 = 0,
so still zᵀA' = 0 with z_x' = 1: the mover is at x' in the same situation
with two edges fewer, and loses by induction.

*Winning.*  If no such z exists, every z with zᵀA = 0 has z_x = 0: e_x is
orthogonal to the left kernel of A, so it lies in that kernel's orthogonal
complement, the column space of A: A w = e_x for some w in GF(2)^Y, with
support W.  Row x of A has an odd number of ones in W, so some y in W has an
odd, hence non-zero, number of edges to x.  Move along one of them, e.  In
G - e, A' = A - e_x e_yᵀ and A' w = e_x + e_x = 0 with w_y = 1: the other
player, to move from y, loses by the first part applied to Aᵀ.  ∎

Peeling first (:mod:`.peel`): rules that decide single columns in linear
time dissolve paths and most of trees and tree-like fringes before any
elimination.

So the losing starts of X are the union of the supports of a basis of the
left kernel of A (a vector in the kernel with z_x = 1 is a sum of basis
vectors, one of which has a 1 at x).  Reducing Aᵀ (rows Y, columns X) to
reduced row echelon form R gives that kernel directly: every column without a
pivot is free and losing (its basis vector has a 1 there), and the pivot
column of row r is losing iff row r has a 1 in some free column.  One
elimination per side, per connected component (the matrix is block-diagonal
over components), each O(r·c·min(r, c)/64) word operations on rows packed
into uint64 words, in a compiled kernel (by the method of Four Russians,
eight pivots a pass).  Multiplicities enter mod 2, by
XOR-ing each edge into its bit.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._arrays import BoolArray, IntArray
from ..._jit import kernel
from ..._limits import ensure_fits
from ..._native import Library
from ...errors import GeographyTooLarge
from .peel import odd_edges, peel_side

__all__ = [
    "WORD_BUDGET",
    "EliminationTooLarge",
    "bipartite_parts",
    "kernel_support",
    "losing_starts",
]

WordMatrix = npt.NDArray[np.uint64]

#: The most word operations (rows × columns × min(rows, columns) / 64 of the
#: largest component) the elimination takes on: about a minute on one core.
WORD_BUDGET = 10**11


#: The side of the largest square part within the budget: n³/64 = WORD_BUDGET.
_LARGEST_SIDE = int(round((64 * WORD_BUDGET) ** (1 / 3), -3))


class EliminationTooLarge(GeographyTooLarge):
    """A component too large for dense elimination over GF(2)."""


def losing_starts(n: int, u: IntArray, v: IntArray, side: npt.NDArray[np.int8]) -> BoolArray:
    """For every vertex, whether the player to move from it loses (UEG).

    ``u``, ``v``: the edges (parallel ones repeated, no loops); ``side``: a
    proper 2-colouring.  Per side, the peeling rules first (O(V + E)), then
    the elimination of what is left, per connected component.
    """
    a, b = odd_edges(n, u, v, side)
    losing = np.zeros(n, dtype=np.bool_)
    for column_side in (0, 1):
        is_column = side == column_side
        answer, alive, finish = peel_side(n, a, b, is_column)
        core = alive[a] & alive[b]
        if core.any():
            lost = _dense_losing(n, a[core], b[core], side, column_side)
            answer[alive & is_column] = lost[alive & is_column]
        finish(answer)
        losing[is_column] = answer[is_column] == 1
    return losing


def _dense_losing(
    n: int, u: IntArray, v: IntArray, side: npt.NDArray[np.int8], only: int
) -> BoolArray:
    """The losing starts of side ``only`` by elimination alone, per component."""
    comp, count = _component_ids(n, u, v)
    order = np.lexsort((side, comp)).astype(np.int64)
    per_component = np.bincount(comp, minlength=count)
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(per_component, out=comp_start[1:])
    in_x = np.bincount(comp[side == 0], minlength=count).astype(np.int64)
    local = _local_index(order, comp_start, in_x, comp)
    _check_size(per_component - in_x, in_x)
    edge_order = np.argsort(comp[u], kind="stable").astype(np.int64)
    edge_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp[u], minlength=count), out=edge_start[1:])
    losing = np.zeros(n, dtype=np.bool_)
    _all_components(
        u,
        v,
        side.astype(np.int8),
        order,
        comp_start,
        in_x,
        local,
        edge_order,
        edge_start,
        losing,
        only,
    )
    return losing


def kernel_support(
    n: int, u: IntArray, v: IntArray, side: npt.NDArray[np.int8], start: int
) -> IntArray | None:
    """The proof that the mover loses from ``start``: a set S of vertices on
    ``start``'s side, ``start`` among them, such that every vertex of the other
    side has an even number of edges into S; or ``None`` when ``start`` wins.

    One elimination of ``start``'s component, then one basis vector read off
    the reduced matrix.
    """
    comp, _ = _component_ids(n, u, v)
    members = np.flatnonzero(comp == comp[start])
    own = members[side[members] == side[start]]
    other = members[side[members] != side[start]]
    _check_size(np.array([other.size]), np.array([own.size]))
    column = np.full(n, -1, dtype=np.int64)
    column[own] = np.arange(own.size)
    row = np.full(n, -1, dtype=np.int64)
    row[other] = np.arange(other.size)
    mine = comp[u] == comp[start]
    a, b = u[mine], v[mine]
    own_end = np.where(side[a] == side[start], a, b)
    other_end = np.where(side[a] == side[start], b, a)
    matrix = np.zeros((other.size, (own.size + 63) // 64), dtype=np.uint64)
    _fill(matrix, row[other_end], column[own_end])
    pivots = _reduce(matrix, own.size)
    vector = _kernel_vector(matrix, pivots, own.size, int(column[start]))
    return None if vector is None else own[vector]


def bipartite_parts(
    n: int, u: IntArray, v: IntArray
) -> tuple[IntArray, npt.NDArray[np.int8], BoolArray]:
    """Connected components (numbered 0..), a side per vertex, and per
    component whether it is bipartite (no odd cycle, no loop).  Union-find
    that keeps each vertex's parity to its root.  O(E α(V))."""
    root, parity, odd = _parity_union_find(n, u, v)
    _, comp = np.unique(root, return_inverse=True)
    comp = comp.astype(np.int64).reshape(-1)
    count = int(comp.max(initial=-1)) + 1
    bipartite = np.ones(count, dtype=np.bool_)
    bipartite[comp[odd]] = False
    return comp, parity.astype(np.int8), bipartite


def _indices(a: npt.ArrayLike) -> IntArray:
    """``a`` as C reads read-only indices: contiguous int64 (a copy only if not)."""
    return np.ascontiguousarray(a, dtype=np.int64)


def _parity_union_find_native(
    lib: Library, n: int, u: IntArray, v: IntArray
) -> tuple[IntArray, IntArray, BoolArray]:
    parent = np.empty(n, dtype=np.int64)
    parity = np.empty(n, dtype=np.int64)
    odd = np.empty(n, dtype=np.bool_)
    roots_odd = np.empty(n, dtype=np.bool_)
    find = lib.function("bg_geo_parity_union_find", "qllqll??")
    find(n, _indices(u), _indices(v), u.size, parent, parity, odd, roots_odd)
    return parent, parity, roots_odd


@kernel(native=_parity_union_find_native)
def _parity_union_find(n: int, u: IntArray, v: IntArray) -> tuple[IntArray, IntArray, BoolArray]:
    parent = np.arange(n)
    parity = np.zeros(n, dtype=np.int64)  # to the parent
    odd = np.zeros(n, dtype=np.bool_)  # a root whose component has an odd cycle
    for i in range(u.size):
        a = u[i]
        pa = 0
        while parent[a] != a:
            pa ^= parity[a]
            a = parent[a]
        b = v[i]
        pb = 0
        while parent[b] != b:
            pb ^= parity[b]
            b = parent[b]
        if a == b:
            if pa == pb:
                odd[a] = True
            continue
        if b < a:
            a, b = b, a
        parent[b] = a  # the lower root stays; parity makes u and v differ
        parity[b] = pa ^ pb ^ 1
        odd[a] = odd[a] or odd[b]
    for x in range(n):  # flatten, accumulating parity to the root
        r = x
        p = 0
        while parent[r] != r:
            p ^= parity[r]
            r = parent[r]
        parent[x] = r
        parity[x] = p
    roots_odd = np.zeros(n, dtype=np.bool_)
    for x in range(n):
        if odd[parent[x]]:
            roots_odd[x] = True
    return parent, parity, roots_odd


# ------------------------------------------------------------------ helpers
def _check_size(rows: IntArray, columns: IntArray) -> None:
    """Refuse a component whose dense matrix does not fit or takes too long."""
    if rows.size == 0:
        return
    rows = rows.astype(np.float64)
    columns = columns.astype(np.float64)
    words = np.maximum(rows * np.ceil(columns / 64), columns * np.ceil(rows / 64))
    work = rows * columns * np.minimum(rows, columns) / 64
    biggest = int(np.argmax(work))
    if work[biggest] > WORD_BUDGET:
        raise EliminationTooLarge(
            f"edge geography on a connected bipartite part of {int(rows[biggest])} + "
            f"{int(columns[biggest])} vertices needs about {work[biggest]:.1e} word operations "
            f"of elimination over GF(2), more than the {WORD_BUDGET:.0e} allowed (parts of "
            f"up to about {_LARGEST_SIDE} + {_LARGEST_SIDE} vertices)"
        )
    ensure_fits(int(words.max()) * 8 * 2, "the GF(2) matrix of edge geography")


def _component_ids(n: int, u: IntArray, v: IntArray) -> tuple[IntArray, int]:
    """Connected components numbered 0.. in order of their least vertex."""
    root = _union_find(n, u, v)
    _, comp = np.unique(root, return_inverse=True)
    return comp.astype(np.int64).reshape(-1), int(comp.max(initial=-1)) + 1


def _union_find_native(lib: Library, n: int, u: IntArray, v: IntArray) -> IntArray:
    parent = np.empty(n, dtype=np.int64)
    lib.function("bg_geo_union_find", "qllql")(n, _indices(u), _indices(v), u.size, parent)
    return parent


@kernel(native=_union_find_native)
def _union_find(n: int, u: IntArray, v: IntArray) -> IntArray:
    parent = np.arange(n)
    for i in range(u.size):
        a = u[i]
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        b = v[i]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a != b:
            if a < b:
                parent[b] = a
            else:
                parent[a] = b
    for x in range(n):
        parent[x] = parent[parent[x]]
    return parent


def _local_index_native(
    lib: Library, order: IntArray, comp_start: IntArray, in_x: IntArray, comp: IntArray
) -> IntArray:
    local = np.empty(order.size, dtype=np.int64)
    index = lib.function("bg_geo_local_index", "lllql")
    index(_indices(order), _indices(comp_start), _indices(in_x), comp_start.size - 1, local)
    return local


@kernel(native=_local_index_native)
def _local_index(order: IntArray, comp_start: IntArray, in_x: IntArray, comp: IntArray) -> IntArray:
    """Each vertex's index among its side's vertices in its component."""
    local = np.empty(order.size, dtype=np.int64)
    for k in range(comp_start.size - 1):
        for i in range(comp_start[k], comp_start[k + 1]):
            offset = i - comp_start[k]
            local[order[i]] = offset if offset < in_x[k] else offset - in_x[k]
    return local


def _fill_native(lib: Library, matrix: WordMatrix, rows: IntArray, columns: IntArray) -> None:
    fill = lib.function("bg_geo_fill", "Qqllq")
    fill(matrix, matrix.shape[1], _indices(rows), _indices(columns), rows.size)


@kernel(native=_fill_native)
def _fill(matrix: WordMatrix, rows: IntArray, columns: IntArray) -> None:
    """XOR each edge into its bit: multiplicities mod 2."""
    for i in range(rows.size):
        c = columns[i]
        matrix[rows[i], c >> 6] ^= np.uint64(1) << np.uint64(c & 63)


def _reduce_native(lib: Library, matrix: WordMatrix, ncols: int) -> IntArray:
    nrows, nwords = matrix.shape
    pivot = np.empty(nrows, dtype=np.int64)
    table = np.empty((1 << 8, nwords), dtype=np.uint64)
    cols = np.empty(8, dtype=np.int64)
    reduce = lib.function("bg_geo_reduce", "QqqqlQl")
    reduce(matrix, nrows, nwords, ncols, pivot, table, cols)
    return pivot


@kernel(native=_reduce_native)
def _reduce(matrix: WordMatrix, ncols: int) -> IntArray:
    """Reduce ``matrix`` to reduced row echelon form in place; return each
    row's pivot column (``-1`` for the zero rows at the bottom).

    The method of Four Russians: pivots are found up to eight at a time (a
    candidate row's bit in the next column is read through the block's
    pivot rows, which are kept reduced against each other, without touching
    the row), then the 256 sums of the block's pivot rows are tabulated and
    every other row is cleared of all eight pivot columns by one XOR with a
    table entry, instead of up to eight.  About 2.4 times less work than
    one pivot at a time on a random 5000 x 5000 matrix; the result is the
    same, since the reduced row echelon form is unique.
    """
    nrows, nwords = matrix.shape
    pivot = np.full(nrows, -1, dtype=np.int64)
    block = 8
    table = np.zeros((1 << block, nwords), dtype=np.uint64)
    cols = np.empty(block, dtype=np.int64)
    one = np.uint64(1)
    r = 0
    c = 0
    while c < ncols and r < nrows:
        w0 = c >> 6
        t = 0
        while t < block and c < ncols and r + t < nrows:
            w = c >> 6
            bit = one << np.uint64(c & 63)
            found = -1
            for i in range(r + t, nrows):
                odd = (matrix[i, w] & bit) != 0
                for p in range(t):
                    q = cols[p]
                    if matrix[i, q >> 6] & (one << np.uint64(q & 63)) and matrix[r + p, w] & bit:
                        odd = not odd
                if odd:
                    found = i
                    break
            if found >= 0:
                for p in range(t):
                    q = cols[p]
                    if matrix[found, q >> 6] & (one << np.uint64(q & 63)):
                        for k in range(w0, nwords):
                            matrix[found, k] ^= matrix[r + p, k]
                if found != r + t:
                    for k in range(w0, nwords):
                        swap = matrix[r + t, k]
                        matrix[r + t, k] = matrix[found, k]
                        matrix[found, k] = swap
                for p in range(t):
                    if matrix[r + p, w] & bit:
                        for k in range(w0, nwords):
                            matrix[r + p, k] ^= matrix[r + t, k]
                cols[t] = c
                t += 1
            c += 1
        if t == 0:
            break
        for k in range(w0, nwords):
            table[0, k] = 0
        for m in range(1, 1 << t):
            p = 0
            while not (m >> p) & 1:
                p += 1
            prev = m ^ (1 << p)
            for k in range(w0, nwords):
                table[m, k] = table[prev, k] ^ matrix[r + p, k]
        for i in range(nrows):
            if r <= i < r + t:
                continue
            index = 0
            for p in range(t):
                q = cols[p]
                if matrix[i, q >> 6] & (one << np.uint64(q & 63)):
                    index |= 1 << p
            if index:
                for k in range(w0, nwords):
                    matrix[i, k] ^= table[index, k]
        for p in range(t):
            pivot[r + p] = cols[p]
        r += t
    return pivot


def _losing_columns_native(
    lib: Library, matrix: WordMatrix, pivot: IntArray, ncols: int
) -> npt.NDArray[np.bool_]:
    nrows, nwords = matrix.shape
    free = np.empty(nwords, dtype=np.uint64)
    losing = np.empty(ncols, dtype=np.bool_)
    columns = lib.function("bg_geo_losing_columns", "QqqlqQ?")
    columns(matrix, nrows, nwords, _indices(pivot), ncols, free, losing)
    return losing


@kernel(native=_losing_columns_native)
def _losing_columns(matrix: WordMatrix, pivot: IntArray, ncols: int) -> npt.NDArray[np.bool_]:
    """Columns in the support of some kernel vector: the free ones, and the
    pivot columns of rows with a 1 in a free column."""
    nrows, nwords = matrix.shape
    free = np.zeros(nwords, dtype=np.uint64)
    for c in range(ncols):
        free[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    for r in range(nrows):
        if pivot[r] >= 0:
            c = pivot[r]
            free[c >> 6] ^= np.uint64(1) << np.uint64(c & 63)
    losing = np.zeros(ncols, dtype=np.bool_)
    for c in range(ncols):
        if free[c >> 6] & (np.uint64(1) << np.uint64(c & 63)):
            losing[c] = True
    for r in range(nrows):
        if pivot[r] >= 0:
            for k in range(nwords):
                if matrix[r, k] & free[k]:
                    losing[pivot[r]] = True
                    break
    return losing


def _all_components_native(lib: Library, *args: Any) -> None:
    """:func:`_all_components` in C: its arguments, in its order, and
    scratch for the largest component."""
    u, v, side, order, comp_start, in_x, local, edge_order, edge_start, losing, only = args
    count = comp_start.size - 1
    sizes = np.diff(comp_start)
    rows, columns = (sizes - in_x, in_x) if only == 0 else (in_x, sizes - in_x)
    words = (columns + 63) // 64
    most = int(np.diff(edge_start).max(initial=0))
    xs = np.empty(most, dtype=np.int64)
    ys = np.empty(most, dtype=np.int64)
    # scratch for the largest component, as the Python allocates per component
    matrix = np.empty(int((rows * words).max(initial=0)), dtype=np.uint64)
    table = np.empty((1 << 8) * int(words.max(initial=0)), dtype=np.uint64)
    pivot = np.empty(int(rows.max(initial=0)), dtype=np.int64)
    cols = np.empty(8, dtype=np.int64)
    free = np.empty(int(words.max(initial=0)), dtype=np.uint64)
    lost = np.empty(int(columns.max(initial=0)), dtype=np.bool_)
    every = lib.function("bg_geo_all_components", "llbllqllll?qllQQllQ?")
    every(
        _indices(u),
        _indices(v),
        np.ascontiguousarray(side, dtype=np.int8),
        _indices(order),
        _indices(comp_start),
        count,
        _indices(in_x),
        _indices(local),
        _indices(edge_order),
        _indices(edge_start),
        losing,
        only,
        xs,
        ys,
        matrix,
        table,
        pivot,
        cols,
        free,
        lost,
    )


@kernel(native=_all_components_native)
def _all_components(
    u: IntArray,
    v: IntArray,
    side: npt.NDArray[np.int8],
    order: IntArray,
    comp_start: IntArray,
    in_x: IntArray,
    local: IntArray,
    edge_order: IntArray,
    edge_start: IntArray,
    losing: BoolArray,
    only: int,
) -> None:
    """The elimination of every component for side ``only`` (0: the losing
    starts of side 0, by reducing Aᵀ; 1: of side 1, by reducing A)."""
    for k in range(comp_start.size - 1):
        first = comp_start[k]
        nx = in_x[k]
        ny = comp_start[k + 1] - first - nx
        m = edge_start[k + 1] - edge_start[k]
        xs = np.empty(m, dtype=np.int64)
        ys = np.empty(m, dtype=np.int64)
        for j in range(m):
            e = edge_order[edge_start[k] + j]
            a = u[e]
            b = v[e]
            if side[a] == 0:
                xs[j] = local[a]
                ys[j] = local[b]
            else:
                xs[j] = local[b]
                ys[j] = local[a]
        for turn in range(2):
            if turn != only:
                continue
            rows, cols = (ny, nx) if turn == 0 else (nx, ny)
            matrix = np.zeros((rows, (cols + 63) // 64), dtype=np.uint64)
            if turn == 0:
                _fill(matrix, ys, xs)
            else:
                _fill(matrix, xs, ys)
            pivot = _reduce(matrix, cols)
            lost = _losing_columns(matrix, pivot, cols)
            offset = first if turn == 0 else first + nx
            for c in range(cols):
                if lost[c]:
                    losing[order[offset + c]] = True


def _kernel_vector(
    matrix: WordMatrix, pivots: IntArray, ncols: int, target: int
) -> IntArray | None:
    """The columns of a kernel vector with a 1 at ``target``, from the reduced
    matrix: a free column f gives {f} and the pivots of rows with a 1 at f."""
    rows = np.flatnonzero(pivots >= 0)
    pivot_cols = pivots[rows]
    bits = np.unpackbits(matrix[rows].view(np.uint8), axis=1, bitorder="little")[:, :ncols]
    is_free = np.ones(ncols, dtype=np.bool_)
    is_free[pivot_cols] = False
    if is_free[target]:
        free = target
    else:
        row = int(np.flatnonzero(pivot_cols == target)[0])
        candidates = np.flatnonzero(bits[row] & is_free)
        if candidates.size == 0:
            return None
        free = int(candidates[0])
    support = np.concatenate(([free], pivot_cols[bits[:, free].astype(bool)]))
    return np.sort(support).astype(np.int64)
