"""The bipartite core of the solver, on CSR arrays: one maximum matching,
the losing set D, and the König certificate that the matching is maximum.

On a bipartite graph the losing starts (the vertices some maximum matching
misses) are the Dulmage–Mendelsohn set D.  The Hungarian search of
:func:`~bipartite_game.graphs.matching.augment_bipartite` finds D's side-0
part for free (the even vertices of its failed trees); the side-1 part is
one more closure: the vertices reachable from a free side-1 vertex by an
even alternating path (:func:`even_closure`).  König's theorem certifies the
matching: the side-0 vertices outside D and the neighbours of those in D
cover every edge, and there are as many of them as matched edges
(:func:`koenig_cover`, :func:`check_cover`).

These functions take arrays and trust them, as kernels do:
:func:`~bipartite_game.theory.game.solve` calls them on a checked
:class:`~bipartite_game.graphs.graph.Graph`.  Offsets may be int32 or int64
(the board builders write int32 ones when the entries fit); every native
kernel here exists for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _stats
from .._arrays import BoolArray, Int32Array, SideArray
from .._jit import kernel
from ..errors import SolverError
from ..graphs.graph import OffsetArray
from ..graphs.matching import DEAD, augment_bipartite, karp_sipser, searched_side
from ..graphs.mates import first_bad_mate

if TYPE_CHECKING:
    from .._native import Library

__all__ = [
    "certify_bipartite",
    "check_cover",
    "even_closure",
    "grow_bipartite",
    "koenig_cover",
    "outside_neighbours",
    "solve_bipartite",
]


def solve_bipartite(
    indptr: OffsetArray, indices: Int32Array, side: SideArray
) -> tuple[Int32Array, BoolArray]:
    """``(mate, losing)`` of :func:`~bipartite_game.theory.game.solve` on a
    bipartite CSR given as arrays, ``side`` its 2-colouring (trusted).
    ``indptr`` may be int32 (a board builder's) or int64.  Each step's
    scratch is freed before the next step allocates its own, so the peak is
    the graph plus the largest step's arrays, not their sum."""
    n = indptr.size - 1
    with _stats.phase("match"):
        mate = np.full(n, -1, dtype=np.int32)
        karp_sipser(indptr, indices, mate)
        side = searched_side(side, mate)  # the same bipartition, maybe renamed
        state = np.zeros(n, dtype=np.int8)
        if augment_bipartite(indptr, indices, side, mate, state) < 0:
            raise SolverError("push-relabel left an augmenting path (a bug)")
        losing = state == DEAD
        del state
    _stats.report_solved(n, indices.size // 2, mate)
    with _stats.phase("analyse"):
        certify_bipartite(indptr, indices, side, mate, losing)
        # the matching found D on side 0; side 1's part is one more closure
        even_closure(indptr, indices, mate, losing, (mate < 0) & (side == 1))
    return mate, losing


def grow_bipartite(
    indptr: OffsetArray, indices: Int32Array, side: SideArray, mate: Int32Array
) -> BoolArray:
    """Grow ``mate`` in place to a maximum matching of the bipartite CSR
    (``side`` its 2-colouring, trusted) and return D on side 0: the side-0
    vertices some maximum matching misses (see
    :func:`~bipartite_game.graphs.matching.bipartite_matching`)."""
    state = np.zeros(indptr.size - 1, dtype=np.int8)
    if augment_bipartite(indptr, indices, side, mate, state) < 0:
        raise SolverError("push-relabel left an augmenting path (a bug)")
    dead: BoolArray = state == DEAD
    return dead


def certify_bipartite(
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    losing: BoolArray,
) -> None:
    """Check ``mate`` maximum with König's cover built from D on side 0
    (``losing`` needs to be right on side 0 only); a :class:`SolverError`
    naming the problem if it is not, which would be a bug.  O(V + E)."""
    cover = koenig_cover(indptr, indices, side, losing)
    problem = check_cover(indptr, indices, side, mate, cover)
    if problem:
        raise SolverError(f"matching certificate failed ({_PROBLEMS[problem]})")


_PROBLEMS = {
    1: "mate array is not a matching of the graph",
    2: "an edge is not covered by the König cover",
    3: "cover and matching differ in size",
    4: "a matched edge joins two vertices of one side",
}


def _even_closure_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    losing: BoolArray,
    seeds: BoolArray,
) -> None:
    n = indptr.size - 1
    stack = np.empty(n, dtype=np.int32)
    closure = lib.csr_function("bg_even_closure", "ii??qi", indptr)
    closure(indptr, indices, mate, losing, seeds, n, stack)


@kernel(native=_even_closure_native)
def even_closure(
    indptr: OffsetArray, indices: Int32Array, mate: Int32Array, losing: BoolArray, seeds: BoolArray
) -> None:
    """Mark ``seeds`` and every vertex reachable from them by an even
    alternating path as ``losing``, in place.  Vertices already marked are
    taken as closed and not searched again.  O(V + E) (bipartite graphs)."""
    n = indptr.size - 1
    # any traversal order finds the same closure; a stack keeps the search
    # near the vertices it just touched, which is kinder to the cache than
    # breadth-first waves from thousands of sources
    stack = np.empty(n, dtype=np.int32)
    top = 0
    for v in range(n - 1, -1, -1):
        if seeds[v] and not losing[v]:
            losing[v] = True
            stack[top] = v
            top += 1
    while top > 0:
        top -= 1
        v = stack[top]
        for k in range(indptr[v], indptr[v + 1]):
            u = mate[indices[k]]
            if u >= 0 and not losing[u]:
                losing[u] = True
                stack[top] = u
                top += 1


def _outside_neighbours_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, inside: BoolArray
) -> BoolArray:
    n = indptr.size - 1
    result = np.zeros(n, dtype=np.bool_)
    lib.csr_function("bg_outside_neighbours", "i?q?", indptr)(indptr, indices, inside, n, result)
    return result


@kernel(native=_outside_neighbours_native)
def outside_neighbours(indptr: OffsetArray, indices: Int32Array, inside: BoolArray) -> BoolArray:
    """Vertices outside ``inside`` with a neighbour inside it.  O(V + E)."""
    n = indptr.size - 1
    result = np.zeros(n, dtype=np.bool_)
    for v in range(n):
        if inside[v]:
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if not inside[w]:
                    result[w] = True
    return result


def _koenig_cover_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, side: SideArray, losing: BoolArray
) -> BoolArray:
    n = indptr.size - 1
    cover = np.zeros(n, dtype=np.bool_)
    lib.csr_function("bg_koenig_cover", "ib?q?", indptr)(indptr, indices, side, losing, n, cover)
    return cover


@kernel(native=_koenig_cover_native)
def koenig_cover(
    indptr: OffsetArray, indices: Int32Array, side: SideArray, losing: BoolArray
) -> BoolArray:
    """König's vertex cover: side-0 vertices not in D, and the neighbours of
    side-0 vertices in D.  O(V + E)."""
    n = indptr.size - 1
    cover = np.zeros(n, dtype=np.bool_)
    for v in range(n):
        if side[v] != 0:
            continue
        if not losing[v]:
            cover[v] = True
        else:
            for k in range(indptr[v], indptr[v + 1]):
                cover[indices[k]] = True
    return cover


def _check_cover_native(lib: Library, indptr: OffsetArray, *rest: Any) -> int:
    """The kernel's arguments as they are, then the vertex count."""
    check = lib.csr_function("bg_check_cover", "ibi?q", indptr)
    return check(indptr, *rest, indptr.size - 1)


@kernel(native=_check_cover_native)
def check_cover(
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    cover: BoolArray,
) -> int:
    """0 when ``mate`` is a matching, ``cover`` covers every edge and both have
    the same size (so both are optimal, by weak duality); else a problem code."""
    n = indptr.size - 1
    if first_bad_mate(indptr, indices, mate) >= 0:
        return 1
    matched = 0
    for v in range(n):
        w = mate[v]
        if w >= 0:
            if side[w] == side[v]:
                return 4
            matched += 1
        for k in range(indptr[v], indptr[v + 1]):
            if not cover[v] and not cover[indices[k]]:
                return 2
    size = 0
    for v in range(n):
        if cover[v]:
            size += 1
    if size * 2 != matched:
        return 3
    return 0
