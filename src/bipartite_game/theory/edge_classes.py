"""The kernels of :func:`~bipartite_game.theory.decompose.decompose`: which
edges lie in some maximum matching, and each edge's class.

On ``G[C]`` (the vertices every maximum matching covers and matches among
themselves), an edge is *allowed* when some perfect matching of ``G[C]``
holds it: on a bipartite graph when its ends share a block of the fine
Dulmage–Mendelsohn decomposition (:func:`fine_blocks`, the strong
components of the matching's alternating digraph; :func:`same_block`), on any graph by
:func:`~bipartite_game.theory.allowed.allowed_edges` (reductions, bulk
certificates and a budgeted exact residue, in about the time of a solve).
:func:`classify` then gives each CSR entry its class (0 ``none``, 1
``some``, 2 ``every``) from the classes of its ends (vertex classes 0 ``D``,
1 ``A``, 2 ``C``) and the allowed edges.  The theorems and the costs are
:mod:`.decompose`'s docstring.

Each is a Python kernel (``@kernel``, the specification) with its adapter
to ``native/decompose.c``; all trust their arrays (a solved graph's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._jit import kernel
from ..graphs.csr import OffsetArray, wide_offsets
from ..graphs.strong_components import strong_components

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["classify", "fine_blocks", "same_block"]

Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]
BoolArray = npt.NDArray[np.bool_]


def _fine_blocks_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    side: npt.NDArray[np.int8],
    mate: Int32Array,
    in_c: BoolArray,
) -> Int32Array:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    tails = np.flatnonzero((side == 0) & in_c).astype(np.int64, copy=False)
    most_arcs = int((indptr[tails + 1] - indptr[tails]).sum())  # the tails' CSR entries
    block = np.empty(n, dtype=np.int32)
    tail_of = np.empty(n, dtype=np.int32)
    arc_indptr = np.empty(tails.size + 1, dtype=np.int64)
    heads = np.empty(most_arcs, dtype=np.int64)
    comp, index, low, stack, call, next_arc = np.empty((6, tails.size), dtype=np.int64)
    on_stack = np.empty(tails.size, dtype=np.bool_)
    lib.function("bg_fine_blocks", "lii?qlqiilllll?lll")(
        indptr, indices, mate, in_c, n, tails, tails.size, block, tail_of, arc_indptr, heads,
        comp, index, low, on_stack, stack, call, next_arc,
    )  # fmt: skip
    return block


@kernel(native=_fine_blocks_native)
def fine_blocks(
    indptr: OffsetArray,
    indices: Int32Array,
    side: npt.NDArray[np.int8],
    mate: Int32Array,
    in_c: BoolArray,
) -> Int32Array:
    """The fine blocks: :func:`~..graphs.strong_components.strong_components`
    (sinks first) of the arcs ``u -> mate(w)`` for each unmatched edge ``u w``
    of ``G[C]`` with ``u`` on side 0, whose vertices are the side-0 ``C``
    vertices in id order (the *tails*); each ``C`` vertex gets its side-0
    end's component, others -1.  O(V + E)."""
    n = indptr.size - 1
    degrees = np.diff(indptr)
    tails = np.flatnonzero((side == 0) & in_c)
    tail_of = np.full(n, -1, dtype=np.int64)
    tail_of[tails] = np.arange(tails.size)
    row = np.repeat(tail_of, degrees)  # per CSR entry: its row's tail, or -1
    keep = (row >= 0) & in_c[indices] & (indices != np.repeat(mate, degrees))
    heads = tail_of[mate[indices[keep]]]
    arc_indptr = np.zeros(tails.size + 1, dtype=np.int64)
    np.cumsum(np.bincount(row[keep], minlength=tails.size), out=arc_indptr[1:])
    comp = strong_components(arc_indptr, heads)
    block = np.full(n, -1, dtype=np.int32)
    block[tails] = comp
    block[mate[tails]] = comp
    return block


def _same_block_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, block: Int32Array
) -> BoolArray:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    allowed = np.empty(indices.size, dtype=np.bool_)
    lib.function("bg_same_block", "liiq?")(indptr, indices, block, n, allowed)
    return allowed


@kernel(native=_same_block_native)
def same_block(indptr: OffsetArray, indices: Int32Array, block: Int32Array) -> BoolArray:
    """Per CSR entry: both ends in one fine block (so the edge is allowed)."""
    n = indptr.size - 1
    allowed = np.zeros(indices.size, dtype=np.bool_)
    for v in range(n):
        if block[v] < 0:
            continue
        for k in range(indptr[v], indptr[v + 1]):
            allowed[k] = block[indices[k]] == block[v]
    return allowed


def _classify_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    vertex_class: Int8Array,
    allowed: BoolArray,
) -> Int8Array:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    result = np.empty(indices.size, dtype=np.int8)
    flexible = np.empty(n, dtype=np.bool_)
    lib.function("bg_classify", "liib?qb?")(
        indptr, indices, mate, vertex_class, allowed, n, result, flexible
    )
    return result


@kernel(native=_classify_native)
def classify(
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    vertex_class: Int8Array,
    allowed: BoolArray,
) -> Int8Array:
    """Edge class per CSR entry from the ends' classes (:mod:`.decompose`):
    ``D`` with ``D`` or ``A``: some; ``A`` with ``A`` or ``C``: none;
    ``C`` with ``C``: ``allowed`` decides an unmatched edge, and a matched
    one is every unless another edge at either end is allowed.  O(V + E)."""
    n = indptr.size - 1
    flexible = np.zeros(n, dtype=np.bool_)
    for v in range(n):
        if vertex_class[v] != 2:
            continue
        for k in range(indptr[v], indptr[v + 1]):
            if allowed[k] and indices[k] != mate[v]:
                flexible[v] = True
                break
    result = np.zeros(indices.size, dtype=np.int8)
    for v in range(n):
        cv = vertex_class[v]
        for k in range(indptr[v], indptr[v + 1]):
            w = indices[k]
            cw = vertex_class[w]
            if cv == 0 or cw == 0:
                result[k] = 1
            elif cv == 2 and cw == 2:
                if mate[v] == w:
                    result[k] = 1 if flexible[v] or flexible[w] else 2
                elif allowed[k]:
                    result[k] = 1
    return result
