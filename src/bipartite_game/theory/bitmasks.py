"""Small graphs as bitmasks, for the exhaustive searches of game values.

The searches of :mod:`.nimbers` (normal play) and :mod:`.misere` work on
one component at a time, its vertices renumbered 0..k-1 and each row an
int whose bit w is set when w is a neighbour: a position is then (token,
what it can still reach), two ints, memoised as such.  These are the
pieces both share: which components have a cycle (the others are forests,
solved exactly without a search), a component's rows, and what the token
can still reach, and the value of a position whose reachable part is a
tree.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._arrays import Int32Array, IntArray
from .geography.search import Budget

__all__ = ["cyclic_components", "local_adjacency", "reachable", "tree_value"]


def cyclic_components(indptr: IntArray, label: IntArray) -> npt.NDArray[np.bool_]:
    """Per vertex: whether its component (``label``: one vertex id per
    component, as :func:`.nimbers.forest_values` gives) has a cycle, that
    is at least as many edges as vertices.  O(V)."""
    n = label.size
    vertices = np.bincount(label, minlength=n)
    ends = np.bincount(label, weights=np.diff(indptr), minlength=n)
    return np.asarray((ends // 2 >= vertices)[label], dtype=np.bool_)


def local_adjacency(
    indptr: IntArray, indices: Int32Array, members: IntArray, budget: Budget
) -> list[int]:
    """The rows of the component ``members`` (vertex ids; local id i is
    ``members[i]``) as bitmasks of local ids.  The masks' bits are charged
    to ``budget`` before they are built, so a component too large for the
    search is refused before its rows take the memory."""
    k = members.size
    budget.charge(k * (k // 128 + 1))
    local = np.full(indptr.size - 1, -1, dtype=np.int64)
    local[members] = np.arange(k)
    rows = []
    for x in members.tolist():
        row = 0
        for w in local[indices[indptr[x] : indptr[x + 1]]].tolist():
            row |= 1 << w
        rows.append(row)
    return rows


def reachable(adjacency: list[int], vertex: int, seen: int) -> int:
    """What the token on ``vertex`` can still reach through vertices not in
    ``seen``, as a bitmask (``vertex`` itself excluded)."""
    reach = 0
    frontier = adjacency[vertex] & ~seen
    while frontier:
        reach |= frontier
        grown = 0
        rest = frontier
        while rest:
            low = rest & -rest
            rest ^= low
            grown |= adjacency[low.bit_length() - 1]
        frontier = grown & ~seen & ~reach & ~(1 << vertex)
    return reach


def tree_value(adjacency: list[int], vertex: int, reach: int, terminal: int = 0) -> int:
    """The value of the token on ``vertex`` when what it can still reach,
    ``reach`` (a bitmask, ``vertex`` excluded), induces with it a tree: the
    forest rule from the leaves up, a position with no move worth
    ``terminal`` (0 in normal play, where that is the mex of nothing; 1
    for the misère values), any other the mex of its children's.
    Iterative, O(|reach|)."""
    order = [vertex]
    parent = {vertex: -1}
    head = 0
    while head < len(order):
        x = order[head]
        head += 1
        rest = adjacency[x] & reach & ~(1 << vertex)
        while rest:
            low = rest & -rest
            rest ^= low
            w = low.bit_length() - 1
            if w != parent[x]:
                parent[w] = x
                order.append(w)
    below: dict[int, set[int]] = {}
    value = terminal
    for x in reversed(order):
        found = below.pop(x, None)
        if found is None:
            value = terminal  # no move on
        else:
            value = 0
            while value in found:
                value += 1
        if parent[x] >= 0:
            below.setdefault(parent[x], set()).add(value)
    return value
