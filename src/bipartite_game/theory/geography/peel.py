"""Peeling for edge geography on bipartite graphs: the linear-time part.

With A the X-by-Y matrix of edge multiplicities mod 2 (see
:mod:`.edge_bipartite`), the mover from x in X wins iff e_x is in the row
space of Aᵀ (rows Y, columns X): the theorem there, by duality.  Three rules shrink Aᵀ
without changing that answer for the columns that stay, in O(V + E) in all:

- a row with a single 1, at x: that row is e_x, so x wins; and deleting
  column x (and the row) leaves every other answer as it was, since the row
  space holds e_x and a vector's x-coordinate can be fixed by adding it;
- an empty column x: nothing can produce e_x, so x loses; deleting it
  changes nothing else (and an empty row is simply deleted);
- a column x whose only 1 is in a row y with exactly one other 1, at x':
  no combination for another column may use y (it would bring in x), and
  e_x is reached iff y + e_x = e_x' is, so x has x''s verdict in the matrix
  without y and x (an alias, resolved once x' is decided).

Paths peel away entirely; a random tree keeps about a fifth of its
vertices, in small pieces; what is left goes to the elimination, component
by component.

Each side is peeled on its own (the columns are that side's vertices, the
rows the other side's), on the pairs joined by an odd number of edges.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._arrays import BoolArray, IntArray
from ..._jit import kernel
from ..._native import Library

__all__ = ["odd_edges", "peel_side"]

Verdicts = npt.NDArray[np.int8]


def peel_side(
    n: int, a: IntArray, b: IntArray, is_column: BoolArray
) -> tuple[Verdicts, BoolArray, Callable[[Verdicts], None]]:
    """Peel the columns ``is_column`` given the odd pairs ``a``-``b``.

    Returns the verdicts found (1 loses, 0 wins, -1 not yet), the rows and
    columns left alive for the elimination, and ``finish``, which copies
    each alias's verdict once the verdicts of the live columns are filled in.
    """
    indptr, adjacent = _symmetric(n, a, b)
    answer = np.full(n, -1, dtype=np.int8)
    alive = np.ones(n, dtype=np.bool_)
    alias = np.empty((n, 2), dtype=np.int64)
    count = _peel(indptr, adjacent, is_column, answer, alive, alias)

    def finish(verdicts: Verdicts) -> None:
        _resolve(verdicts, alias, count)

    return answer, alive, finish


def odd_edges(
    n: int, u: IntArray, v: IntArray, side: npt.NDArray[np.int8]
) -> tuple[IntArray, IntArray]:
    """Each pair joined by an odd number of edges, once, side-0 end first."""
    x = np.where(side[u] == 0, u, v).astype(np.int64)
    y = np.where(side[u] == 0, v, u).astype(np.int64)
    keys, counts = np.unique(x * n + y, return_counts=True)
    keys = keys[counts % 2 == 1]
    return keys // n, keys % n


def _symmetric(n: int, a: IntArray, b: IntArray) -> tuple[IntArray, IntArray]:
    """Both directions of every pair as CSR (neighbour lists)."""
    src = np.concatenate((a, b))
    dst = np.concatenate((b, a))
    order = np.argsort(src, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return indptr, dst[order]


def _peel_native(lib: Library, *args: Any) -> int:
    """:func:`_peel` in C: its arguments, in its order, and scratch."""
    indptr, adj, is_col, answer, alive, alias = args
    n = indptr.size - 1
    deg = np.empty(n, dtype=np.int64)
    stack = np.empty(n + 4 * adj.size + 1, dtype=np.int64)
    peel = lib.function("bg_geo_peel", "ll?b?lqll")
    return peel(
        np.ascontiguousarray(indptr, dtype=np.int64),
        np.ascontiguousarray(adj, dtype=np.int64),
        np.ascontiguousarray(is_col, dtype=np.bool_),
        answer,
        alive,
        alias,
        n,
        deg,
        stack,
    )


@kernel(native=_peel_native)
def _peel(
    indptr: IntArray,
    adj: IntArray,
    is_col: BoolArray,
    answer: npt.NDArray[np.int8],
    alive: BoolArray,
    alias: IntArray,
) -> int:
    """The peeling rules to a fixed point; returns the number of aliases.

    ``answer`` gets 0 (wins) or 1 (loses) for the columns decided, ``alive``
    keeps the rows and columns left for the elimination, and ``alias[k]``
    records that column ``alias[k, 0]`` has the verdict of ``alias[k, 1]``.
    A vertex is looked at again only when its count of live neighbours
    drops, and scanned only when that count is at most two: O(V + E).
    """
    n = indptr.size - 1
    deg = np.empty(n, dtype=np.int64)
    for a in range(n):
        deg[a] = indptr[a + 1] - indptr[a]
    # pushes: n, one per lost neighbour, two per look at a row with two
    stack = np.empty(n + 4 * adj.size + 1, dtype=np.int64)
    top = 0
    for a in range(n):
        stack[top] = a
        top += 1
    count = 0
    while top > 0:
        top -= 1
        a = stack[top]
        if not alive[a] or deg[a] > 2:
            continue
        if is_col[a]:
            if deg[a] == 0:
                answer[a] = 1
                alive[a] = False
            elif deg[a] == 1:
                y = _live_neighbour(indptr, adj, alive, a, -1)
                if deg[y] == 2:
                    other = _live_neighbour(indptr, adj, alive, y, a)
                    alias[count, 0] = a
                    alias[count, 1] = other
                    count += 1
                    alive[a] = False
                    alive[y] = False
                    deg[other] -= 1
                    stack[top] = other
                    top += 1
        else:
            if deg[a] == 0:
                alive[a] = False
            elif deg[a] == 1:
                x = _live_neighbour(indptr, adj, alive, a, -1)
                answer[x] = 0
                alive[x] = False
                alive[a] = False
                for i in range(indptr[x], indptr[x + 1]):
                    y = adj[i]
                    if alive[y]:
                        deg[y] -= 1
                        stack[top] = y
                        top += 1
            else:  # two: a neighbour column with one row may now be aliased
                for i in range(indptr[a], indptr[a + 1]):
                    x = adj[i]
                    if alive[x] and deg[x] == 1:
                        stack[top] = x
                        top += 1
    return count


def _live_neighbour(indptr: IntArray, adj: IntArray, alive: BoolArray, a: int, besides: int) -> int:
    """The first live neighbour of ``a`` other than ``besides``; -1 if none."""
    for i in range(indptr[a], indptr[a + 1]):
        if alive[adj[i]] and adj[i] != besides:
            return int(adj[i])
    return -1


def _resolve_native(
    lib: Library, answer: npt.NDArray[np.int8], alias: IntArray, count: int
) -> None:
    lib.function("bg_geo_resolve", "blq")(answer, alias, count)


@kernel(native=_resolve_native)
def _resolve(answer: npt.NDArray[np.int8], alias: IntArray, count: int) -> None:
    """Aliases take their partner's verdict, the latest made first (a
    partner aliased later is resolved before it is read)."""
    for k in range(count - 1, -1, -1):
        answer[alias[k, 0]] = answer[alias[k, 1]]
