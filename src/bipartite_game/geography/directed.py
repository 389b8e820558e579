"""Directed geography on acyclic digraphs, by retrograde analysis in O(V + E).

On an acyclic digraph the token can never come back to a vertex, so it can
never meet a visited vertex or a used arc either: directed vertex geography
and directed edge geography are the same game there, and the visited set
plays no part.  The mover wins from v iff some arc v -> w leads to a vertex
from which the mover loses, which is decided for every vertex at once by one
pass in reverse topological order (sinks first: no move, a loss).

Under the vertex rule a loop ``v v`` can never be played (v is visited), so
loops are dropped before the test for cycles; under the edge rule a loop is a
move, and a digraph with one is not acyclic.  Parallel arcs change nothing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._jit import kernel

__all__ = ["acyclic_winners"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def acyclic_winners(n: int, u: IntArray, v: IntArray) -> BoolArray | None:
    """Whether the mover wins from each vertex, or ``None`` if the arcs
    ``u[i] -> v[i]`` have a cycle (a loop included)."""
    order = np.argsort(u, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(u, minlength=n), out=indptr[1:])
    heads = v[order].astype(np.int64)
    wins = np.zeros(n, dtype=np.bool_)
    if not _retrograde(indptr, heads, wins):
        return None
    return wins


@kernel
def _retrograde(indptr: IntArray, heads: IntArray, wins: BoolArray) -> bool:
    """Kahn's topological sort, then the verdicts sinks first; False if cyclic."""
    n = indptr.size - 1
    indegree = np.zeros(n, dtype=np.int64)
    for i in range(heads.size):
        indegree[heads[i]] += 1
    order = np.empty(n, dtype=np.int64)
    size = 0
    for x in range(n):
        if indegree[x] == 0:
            order[size] = x
            size += 1
    done = 0
    while done < size:
        x = order[done]
        done += 1
        for i in range(indptr[x], indptr[x + 1]):
            y = heads[i]
            indegree[y] -= 1
            if indegree[y] == 0:
                order[size] = y
                size += 1
    if size < n:
        return False
    for j in range(n - 1, -1, -1):
        x = order[j]
        for i in range(indptr[x], indptr[x + 1]):
            if not wins[heads[i]]:
                wins[x] = True
                break
    return True
