"""The kernels behind :class:`~bipartite_game.graphs.graph.Graph`, on CSR arrays.

A graph's constructors, its 2-colouring and its derived graphs are thin
methods over these: :func:`symmetric_csr` (the CSR of an edge list: both
directions of every edge, rows sorted, repeats and self-loops dropped),
:func:`two_colour` and :func:`tree_cycle` (a breadth-first 2-colouring, or
the odd cycle that proves there is none), :func:`component` (the vertices
reachable from one, with a budget) and :func:`induced` (the CSR of an
induced subgraph); :func:`is_neighbour` reads one row, for the kernels
that check a move or a mate.  Each is a Python kernel (``@kernel``, the specification)
with its C adapter (``native/graph.c``); both trust their arrays, which the
graph checked once.

:func:`wide_offsets` is shared by every adapter, in this package, of a C
kernel that takes int64 offsets only: a board's graph may have int32 ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray, SideArray
from .._jit import kernel
from .._native import library

if TYPE_CHECKING:
    from .._native import Library

__all__ = [
    "OffsetArray",
    "component",
    "induced",
    "is_neighbour",
    "symmetric_csr",
    "tree_cycle",
    "two_colour",
    "wide_offsets",
]

#: CSR offsets: int64, or int32 where a board builder knows the entries fit.
OffsetArray = npt.NDArray[np.int64] | npt.NDArray[np.int32]


@kernel
def is_neighbour(indptr: OffsetArray, indices: Int32Array, v: int, w: int) -> bool:
    """Is ``w`` in ``v``'s row?  A scan, O(degree of ``v``): the row need
    not be sorted.  Inside other kernels (C: ``in_row``, native/csr_row.h)."""
    k = indptr[v]
    while k < indptr[v + 1] and indices[k] != w:
        k += 1
    return bool(k < indptr[v + 1])


def wide_offsets(indptr: OffsetArray) -> IntArray:
    """``indptr`` as int64 (no copy when it is): for the native kernels that
    exist only for int64 offsets, off the paths where int32 ones save memory.
    O(V) when it converts."""
    return np.ascontiguousarray(indptr, dtype=np.int64)


def symmetric_csr(
    src: IntArray | Int32Array, dst: IntArray | Int32Array, n: int
) -> tuple[IntArray, Int32Array]:
    """Both directions of every non-loop edge, sorted and without repeats:
    the CSR of :meth:`Graph.from_edges` from ids in ``0 .. n - 1``.

    Natively one counting pass sizes the rows, a second places each entry,
    and each row is sorted in place (rows are short: this is O(E) for
    bounded degrees, O(E log E) at worst); working memory is the CSR
    itself.  Without the library, :func:`_symmetric_csr_numpy`."""
    lib = library()
    if lib is None:
        wide: IntArray = src.astype(np.int64, copy=False)
        return _symmetric_csr_numpy(wide, dst.astype(np.int64, copy=False), n)
    if src.dtype == np.int32 and dst.dtype == np.int32:
        a, b = np.ascontiguousarray(src), np.ascontiguousarray(dst)
        degrees = lib.function("bg_symmetric_degrees_i32", "iiqql")
        fill = lib.function("bg_symmetric_fill_i32", "iiqli")
    else:
        a = np.ascontiguousarray(src, dtype=np.int64)
        b = np.ascontiguousarray(dst, dtype=np.int64)
        degrees = lib.function("bg_symmetric_degrees_i64", "llqql")
        fill = lib.function("bg_symmetric_fill_i64", "llqli")
    indptr = np.empty(n + 1, dtype=np.int64)
    entries = degrees(a, b, a.size, n, indptr)
    indices = np.empty(entries, dtype=np.int32)
    fill(a, b, a.size, indptr, indices)
    kept = lib.function("bg_sort_rows", "qli")(n, indptr, indices)
    if kept < entries:  # repeated edges: shrink in place, without a copy
        indices.resize(kept, refcheck=False)
    return indptr, indices


def _symmetric_csr_numpy(src: IntArray, dst: IntArray, n: int) -> tuple[IntArray, Int32Array]:
    """:func:`symmetric_csr` in numpy: one sort of the keys ``u * n + v``
    and a comparison of neighbours drops the repeats (not ``np.unique``:
    numpy 2.3 made it hash-based, and far slower on large arrays).
    O(E log E)."""
    keep = src != dst
    a = np.concatenate([src[keep], dst[keep]])
    b = np.concatenate([dst[keep], src[keep]])
    key = a * np.int64(max(n, 1)) + b
    key.sort()
    if key.size > 1:
        fresh = np.empty(key.size, dtype=np.bool_)
        fresh[0] = True
        np.not_equal(key[1:], key[:-1], out=fresh[1:])
        key = key[fresh]
    rows = key // max(n, 1)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
    return indptr, (key % max(n, 1)).astype(np.int32)


def _two_colour_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array
) -> tuple[SideArray, Int32Array, int, int]:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    side = np.empty(n, dtype=np.int8)
    parent = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    ends = np.empty(2, dtype=np.int64)
    lib.function("bg_two_colour", "liqbiil")(indptr, indices, n, side, parent, queue, ends)
    return side, parent, int(ends[0]), int(ends[1])


@kernel(native=_two_colour_native)
def two_colour(indptr: OffsetArray, indices: Int32Array) -> tuple[SideArray, Int32Array, int, int]:
    """BFS 2-colouring; on a conflict returns the offending edge's ends."""
    n = indptr.size - 1
    side = np.full(n, -1, dtype=np.int8)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    for root in range(n):
        if side[root] >= 0:
            continue
        side[root] = 0
        head = 0
        tail = 1
        queue[0] = root
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if side[w] < 0:
                    side[w] = 1 - side[v]
                    parent[w] = v
                    queue[tail] = w
                    tail += 1
                elif side[w] == side[v]:
                    return side, parent, int(v), int(w)
    return side, parent, -1, -1


def _tree_cycle_native(lib: Library, parent: Int32Array, u: int, w: int) -> Int32Array:
    on_path = np.zeros(parent.size, dtype=np.bool_)
    cycle = np.empty(parent.size, dtype=np.int32)
    length = lib.function("bg_tree_cycle", "iqq?i")(parent, u, w, on_path, cycle)
    return cycle[:length].copy()


@kernel(native=_tree_cycle_native)
def tree_cycle(parent: Int32Array, u: int, w: int) -> Int32Array:
    """The cycle closed by the non-tree edge ``u - w`` in a BFS forest."""
    n = parent.size
    on_path = np.zeros(n, dtype=np.bool_)
    x = u
    while x >= 0:
        on_path[x] = True
        x = parent[x]
    meet = w
    while not on_path[meet]:
        meet = parent[meet]
    length = 1
    x = u
    while x != meet:
        length += 1
        x = parent[x]
    x = w
    while x != meet:
        length += 1
        x = parent[x]
    cycle = np.empty(length, dtype=np.int32)
    k = 0
    x = u
    while x != meet:
        cycle[k] = x
        k += 1
        x = parent[x]
    cycle[k] = meet
    # the w-branch runs from meet back down to w
    k = length - 1
    x = w
    while x != meet:
        cycle[k] = x
        k -= 1
        x = parent[x]
    return cycle


def _component_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, source: int, limit: int
) -> tuple[BoolArray, bool]:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    seen = np.zeros(n, dtype=np.bool_)
    fresh = np.zeros(n, dtype=np.bool_)
    level = np.empty(n, dtype=np.int32)
    found = np.empty(n, dtype=np.int32)
    search = lib.function("bg_component", "liqqq??ii")
    complete = search(indptr, indices, n, source, limit, seen, fresh, level, found)
    return seen, bool(complete)


@kernel(native=_component_native)
def component(
    indptr: OffsetArray, indices: Int32Array, source: int, limit: int
) -> tuple[BoolArray, bool]:
    """Mask of the vertices reachable from ``source``, and whether the search
    finished; it gives up once it has found more than ``limit`` vertices.

    Breadth-first by levels.  A small level is searched in the order found;
    a large one (at least 1/32 of the vertices) is first put in increasing
    order by one sweep over a mark array, so that its rows, and the marks of
    their neighbours, are read as forward streams rather than at random (on
    the lock lattices this is about twice as fast as a depth-first stack).
    At most 32 levels are large, so the sweeps cost O(32 V) bytes at most.
    """
    n = indptr.size - 1
    seen = np.zeros(n, dtype=np.bool_)
    fresh = np.zeros(n, dtype=np.bool_)
    level = np.empty(n, dtype=np.int32)
    found = np.empty(n, dtype=np.int32)
    seen[source] = True
    level[0] = source
    size = 1
    total = 1
    while size > 0:
        if total > limit:
            return seen, False
        count = 0
        low = n
        high = -1
        for t in range(size):
            v = level[t]
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if not seen[w]:
                    seen[w] = True
                    fresh[w] = True
                    found[count] = w
                    count += 1
                    low = min(low, w)
                    high = max(high, w)
        total += count
        if count * 32 >= n:
            size = 0
            for w in range(low, high + 1):
                if fresh[w]:
                    fresh[w] = False
                    level[size] = w
                    size += 1
        else:
            for t in range(count):
                w = found[t]
                fresh[w] = False
                level[t] = w
            size = count
    return seen, True


def _induced_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, kept: Int32Array
) -> tuple[IntArray, Int32Array]:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    new_id = np.empty(n, dtype=np.int32)
    sub_indptr = np.empty(kept.size + 1, dtype=np.int64)
    degrees = lib.function("bg_induced_degrees", "liqiqil")
    entries = degrees(indptr, indices, n, kept, kept.size, new_id, sub_indptr)
    sub_indices = np.empty(entries, dtype=np.int32)
    fill = lib.function("bg_induced_indices", "liiqii")
    fill(indptr, indices, kept, kept.size, new_id, sub_indices)
    return sub_indptr, sub_indices


@kernel(native=_induced_native)
def induced(
    indptr: OffsetArray, indices: Int32Array, kept: Int32Array
) -> tuple[IntArray, Int32Array]:
    """CSR of the subgraph induced by the vertices ``kept`` (increasing),
    renumbered ``0 .. kept.size - 1`` in that order; rows stay sorted."""
    n = indptr.size - 1
    new_id = np.full(n, -1, dtype=np.int32)
    for t in range(kept.size):
        new_id[kept[t]] = t
    sub_indptr = np.zeros(kept.size + 1, dtype=np.int64)
    for t in range(kept.size):
        v = kept[t]
        width = 0
        for k in range(indptr[v], indptr[v + 1]):
            if new_id[indices[k]] >= 0:
                width += 1
        sub_indptr[t + 1] = sub_indptr[t] + width
    sub_indices = np.empty(sub_indptr[kept.size], dtype=np.int32)
    for t in range(kept.size):
        v = kept[t]
        at = sub_indptr[t]
        for k in range(indptr[v], indptr[v + 1]):
            w = new_id[indices[k]]
            if w >= 0:
                sub_indices[at] = w
                at += 1
    return sub_indptr, sub_indices
