"""Forced-move chains, shortened before the search; the starts inside them.

A *chain vertex* is one where every passage of the token is forced:

- directed games (both rules): exactly one arc in and one arc out inside
  the part searched, neither a loop (under the vertex rule counted after
  repeated arcs are merged: they are one move), and no move out of the part
  that wins at once (``blocked``);
- undirected edge geography: exactly two edge ends, neither of a loop.

A maximal path a - c1 - ... - ck - b whose inner vertices c1..ck are chain
vertices and whose ends a, b are not (a = b allowed) is a *chain* of length
k.  A part made of chain vertices only is a cycle (every vertex has one way
in and one way out); one of its vertices, the *anchor*, is then counted as
an end, a = b.  Every chain is replaced by one with r inner vertices, r = 1
if k is odd, else r = 2; the part shrinks to its ends and 1 or 2 vertices a
chain, so a directed cycle of 10^5 vertices becomes a cycle of 2 or 3.

**Why the outcome is kept.**  (The verdict is the negamax of the game tree:
the player to move wins iff some move leads to a position the other player
loses; no move, a loss.)

*Lemma.*  If in position P the player to move has exactly one move, to P1,
and in P1 the other player has exactly one move, to P2, then P and P2 have
the same verdict; if P1 has no move, P is a win.

*Passages.*  Take a play from a start that is not inside the chain.  Until
the token enters the chain, c1..ck are unvisited and the chain's arcs or
edges unused; it can enter only from an end (directed: from a into c1, the
only arc into c1; undirected: from a or from b).  From there every move is
forced: a chain vertex is entered through its one way in and has one way
out, still open (under the edge rule only a passage uses it, and there is
one; under the vertex rule the next inner vertex is entered only from this
one).  So the token runs through to the other end, k + 1 moves; only under
the vertex rule can that end be visited already, and then the player to
move at ck is stuck, after k moves.  After a passage the chain is closed
for good (c1 visited; its arcs or edges used) and plays no further part.
So a position outside the chain interior is the same in the game with the
chain shortened by two inner vertices: the same moves, except that entering
the chain leads two forced moves further (stuck at its last inner vertex in
both, or at the same end b with the same things used, the chain closed).
By the lemma, the position after the first two inner moves has the verdict
of the one two moves later, and so by induction on the moves left every
position outside the chain has the same verdict in both games.  Repeating,
k shrinks to r.  The same argument shortens a *corridor* — what is left of
a chain after the token ran from a start inside it to one end: a dead end
of j moves entered from the other end, its last vertex leading nowhere
(vertex rule: into the visited start; edge rule: along the used way out).
Entering it is forced to the bottom, so only j's parity matters: j even is
no move at all, j odd a move that wins.

**Starts inside a chain.**  Number the ways along the chain 0..k from a
(way t joins c_t to c_(t+1), c_0 = a, c_(k+1) = b).  From c_i:

- toward b (the only way in a directed chain): k - i + 1 forced moves to b
  (unvisited, and the ways open), then the game from b with a corridor left
  at a: i - 1 moves under the vertex rule (c1..c(i-1), then c_i visited),
  i moves under the edge rule (ways 0..i-1, then c_i's way out used);
- toward a (undirected only): i forced moves to a, then the game from a
  with a corridor of k - i + 1 moves left at b.

Each is a position outside every chain's interior, so it is solved in the
shortened game, with the corridor shortened to its parity (0 or 1 moves,
which the r >= 1 inner vertices can always hold); the mover wins a
direction iff the player to move at its end is the one who wins there, and
wins from c_i iff some direction wins.  Each chain asks at most two such
questions a direction, whatever its length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..._arrays import BoolArray, IntArray
from ..._jit import kernel
from ..._native import Library

__all__ = ["Compressed", "compress"]


@dataclass(frozen=True)
class Compressed:
    """A part with its chains shortened, and where each vertex went.

    ``new_id[x]``: x's vertex in the shortened game, -1 inside a chain;
    ``chain[x]``, ``pos[x]``: x's chain and its place there (1..k), -1 and 0
    for a kept vertex.  Per chain c: ``ends[c] = (a, b, k)`` in the shortened
    game's ids, ``inner[c]``: its r inner vertices (r = 1 or 2; -1 for the
    second of a chain with one), ``ways[c]``: its r + 1 edge numbers from a.
    """

    n: int
    u: IntArray
    v: IntArray
    exit_wins: BoolArray
    new_id: IntArray
    chain: IntArray
    pos: IntArray
    ends: IntArray
    inner: IntArray
    ways: IntArray


#: Edges up to which a part's chains are found by the Python kernel: a
#: native call costs about 0.25 ms in argument checks, more than the whole
#: search of a small part (a graph of 30,000 triangles is 30,000 parts).
SMALL_PART = 64


def compress(
    n: int, u: IntArray, v: IntArray, *, directed: bool, exit_wins: BoolArray
) -> Compressed | None:
    """Shorten every chain of the part to 1 or 2 inner vertices, or None
    when none is longer than 2 (nothing to shorten).  O(V + E).

    Under the vertex rule the caller merges repeated arcs first (one move).
    """
    if not _may_shorten(n, u, v, directed, exit_wins):
        return None
    chain = np.full(n, -1, dtype=np.int64)
    pos = np.zeros(n, dtype=np.int64)
    found = np.empty((n, 3), dtype=np.int64)
    finder = _chains.py_func if u.size <= SMALL_PART else _chains
    count = finder(n, u, v, directed, exit_wins, chain, pos, found)
    found = found[:count]
    if not (found[:, 2] > 2).any():
        return None
    kept = chain < 0
    size = int(kept.sum())
    new_id = np.full(n, -1, dtype=np.int64)
    new_id[kept] = np.arange(size)
    stay = kept[u] & kept[v]
    r = 2 - found[:, 2] % 2
    first = (size + np.cumsum(r) - r).astype(np.int64)
    inner = np.full((count, 2), -1, dtype=np.int64)
    inner[:, 0] = first
    inner[r == 2, 1] = first[r == 2] + 1
    a, b = new_id[found[:, 0]], new_id[found[:, 1]]
    # chain c's ways: tail, head of way j = 0..r (j = 0 from a, j = r into b)
    whose = np.repeat(np.arange(count), r + 1)
    way_first = np.cumsum(r + 1) - (r + 1)
    j = np.arange(whose.size) - way_first[whose]
    tails = np.where(j == 0, a[whose], first[whose] + j - 1)
    heads = np.where(j == r[whose], b[whose], first[whose] + j)
    kept_edges = int(stay.sum())
    ways = np.full((count, 3), -1, dtype=np.int64)
    ways[whose, j] = kept_edges + np.arange(whose.size)
    total = size + int(r.sum())
    wins = np.zeros(total, dtype=np.bool_)
    wins[:size] = exit_wins[kept]
    return Compressed(
        n=total,
        u=np.concatenate((new_id[u[stay]], tails)).astype(np.int64),
        v=np.concatenate((new_id[v[stay]], heads)).astype(np.int64),
        exit_wins=wins,
        new_id=new_id,
        chain=chain,
        pos=pos,
        ends=np.stack((a, b, found[:, 2]), axis=1).reshape(count, 3),
        inner=inner,
        ways=ways,
    )


def _may_shorten(n: int, u: IntArray, v: IntArray, directed: bool, blocked: BoolArray) -> bool:
    """Whether some chain may be longer than 2: at least three chain
    vertices, four if they are all there is (a cycle, less its anchor).
    A few array operations: what a part without long chains pays."""
    arcs = u != v
    ways_in = np.bincount(v[arcs], minlength=n)
    ways_out = np.bincount(u[arcs], minlength=n)
    looped = np.zeros(n, dtype=np.bool_)
    looped[u[~arcs]] = True
    inside = (ways_in == 1) & (ways_out == 1) if directed else ways_in + ways_out == 2
    count = int((inside & ~looped & ~blocked).sum())
    return count >= 3 and (count < n or count >= 4)


def _chains_native(lib: Library, *args: Any) -> int:
    """:func:`_chains` in C: its arguments, in its order, and scratch."""
    n, u, v, directed, blocked, chain, pos, ends = args
    degree = np.empty(2 * n, dtype=np.int64)
    link = np.empty(4 * n, dtype=np.int64)
    flags = np.empty(n, dtype=np.bool_)
    chains = lib.function("bg_geo_chains", "qllqq?lllll?")
    return chains(
        n,
        np.ascontiguousarray(u, dtype=np.int64),
        np.ascontiguousarray(v, dtype=np.int64),
        u.size,
        bool(directed),
        np.ascontiguousarray(blocked, dtype=np.bool_),
        chain,
        pos,
        ends,
        degree,
        link,
        flags,
    )


@kernel(native=_chains_native)
def _chains(
    n: int,
    u: IntArray,
    v: IntArray,
    directed: bool,
    blocked: BoolArray,
    chain: IntArray,
    pos: IntArray,
    ends: IntArray,
) -> int:
    """The maximal chains; returns their number.

    ``chain[x]`` (all -1 on entry) gets x's chain and ``pos[x]`` its place
    in it, 1..k from end a; ``ends[c]`` gets ``(a, b, k)``.  A cycle of
    chain vertices is anchored at its lowest vertex, which stays -1.
    Chain vertex: no loop, not ``blocked``, and one arc in and one out
    (directed) or two edge ends (undirected).  O(V + E).
    """
    m = u.size
    # degree[2x]: ways in (undirected: all ends), degree[2x + 1]: ways out;
    # link[4x + 2s], link[4x + 2s + 1]: x's way s (directed: 0 in, 1 out)
    # as (the vertex at its other end, its edge number)
    degree = np.zeros(2 * n, dtype=np.int64)
    link = np.full(4 * n, -1, dtype=np.int64)
    inside = np.zeros(n, dtype=np.bool_)  # chain vertex
    for x in range(n):
        inside[x] = not blocked[x]
    for i in range(m):
        a = u[i]
        b = v[i]
        if a == b:
            inside[a] = False
            continue
        if directed:
            degree[2 * a + 1] += 1
            degree[2 * b] += 1
            link[4 * a + 2] = b
            link[4 * a + 3] = i
            link[4 * b] = a
            link[4 * b + 1] = i
        else:
            for side in range(2):
                x = a if side == 0 else b
                y = b if side == 0 else a
                s = degree[2 * x]
                if s < 2:
                    link[4 * x + 2 * s] = y
                    link[4 * x + 2 * s + 1] = i
                degree[2 * x] = s + 1
    for x in range(n):
        if directed:
            inside[x] = inside[x] and degree[2 * x] == 1 and degree[2 * x + 1] == 1
        else:
            inside[x] = inside[x] and degree[2 * x] == 2
    count = 0
    # walks start from an end along each way into a chain vertex, then from
    # the anchor of each cycle left: candidates 0..2m-1 are (edge, side),
    # 2m..2m+n-1 the vertices
    for t in range(2 * m + n):
        if t < 2 * m:
            i = t // 2
            if t % 2 == 0:
                a = u[i]
                y = v[i]
            elif directed:
                continue
            else:
                a = v[i]
                y = u[i]
            if inside[a] or not inside[y] or chain[y] >= 0:
                continue
            came = i
        else:
            a = t - 2 * m
            if not inside[a] or chain[a] >= 0:
                continue
            inside[a] = False  # the anchor
            s = 1 if directed else 0
            y = link[4 * a + 2 * s]
            came = link[4 * a + 2 * s + 1]
        k = 0
        while inside[y]:
            k += 1
            chain[y] = count
            pos[y] = k
            s = 1 if directed or link[4 * y + 1] == came else 0
            came = link[4 * y + 2 * s + 1]
            y = link[4 * y + 2 * s]
        ends[count, 0] = a
        ends[count, 1] = y
        ends[count, 2] = k
        count += 1
    return count
