"""Strongly connected components of a digraph in CSR form (Tarjan's).

A digraph here is ``indptr`` and ``heads`` (int64): the arcs out of ``x``
go to ``heads[indptr[x]:indptr[x + 1]]``.  Directed geography
(:mod:`bipartite_game.theory.geography.directed`) settles its condensation
sinks first, in the order this numbering gives; the fine blocks of the
edge classes (:func:`bipartite_game.theory.edge_classes.fine_blocks`) are
the components of the arcs ``u -> mate(w)`` written as such a CSR.  The C
version is ``bg_geo_strong_components`` (native/geography.c), which
native/decompose.c calls too.
"""

from __future__ import annotations

import numpy as np

from .._arrays import IntArray
from .._jit import kernel
from .._native import Library
from .csr import wide_offsets

__all__ = ["strong_components"]


def _strong_components_native(lib: Library, indptr: IntArray, heads: IntArray) -> IntArray:
    n = indptr.size - 1
    comp = np.empty(n, dtype=np.int64)
    index, low, stack, call, next_arc = np.empty((5, n), dtype=np.int64)  # scratch
    on_stack = np.empty(n, dtype=np.bool_)
    tarjan = lib.function("bg_geo_strong_components", "llqlll?lll")
    tarjan(
        wide_offsets(indptr), np.ascontiguousarray(heads, dtype=np.int64), n,
        comp, index, low, on_stack, stack, call, next_arc,
    )  # fmt: skip
    return comp


@kernel(native=_strong_components_native)
def strong_components(indptr: IntArray, heads: IntArray) -> IntArray:
    """Tarjan's strongly connected components of the digraph whose arcs
    out of ``x`` are ``heads[indptr[x]:indptr[x + 1]]``, iterative: the
    component of each vertex, numbered so that every arc goes from a
    component to one numbered no higher (sinks first).  O(V + E)."""
    n = indptr.size - 1
    index = np.full(n, -1, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    on_stack = np.zeros(n, dtype=np.bool_)
    comp = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    call = np.empty(n, dtype=np.int64)
    next_arc = np.empty(n, dtype=np.int64)
    top = 0
    counter = 0
    count = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        call[0] = root
        depth = 1
        while depth > 0:
            x = call[depth - 1]
            if index[x] < 0:  # reached just now (the root, or by an arc)
                index[x] = counter
                low[x] = counter
                counter += 1
                stack[top] = x
                top += 1
                on_stack[x] = True
                next_arc[depth - 1] = indptr[x]
            i = next_arc[depth - 1]
            if i < indptr[x + 1]:
                next_arc[depth - 1] = i + 1
                y = heads[i]
                if index[y] < 0:
                    call[depth] = y
                    depth += 1
                elif on_stack[y] and index[y] < low[x]:
                    low[x] = index[y]
                continue
            if low[x] == index[x]:
                while True:
                    top -= 1
                    w = stack[top]
                    on_stack[w] = False
                    comp[w] = count
                    if w == x:
                        break
                count += 1
            depth -= 1
            if depth > 0 and low[x] < low[call[depth - 1]]:
                low[call[depth - 1]] = low[x]
    return comp
