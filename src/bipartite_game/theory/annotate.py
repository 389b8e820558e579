"""Find the mistakes in a played game: a verdict for every move of a record.

A record is the start vertex (where the token was placed) and the moves
after it, the players alternating.  Each line gets a verdict:

* ``good``: the player making it could force a win before it and still can;
* ``mistake``: could force a win before it and cannot after it;
* ``lost``: could not force a win before it (every move loses).

For the placement, "could force a win" means some start is a losing one for
the first mover (the maximum matching is not perfect), and "still can" that
the chosen start is one.  For a move to ``w``, the mover still can force a
win exactly when the player now to move from ``w`` loses, with every visited
vertex removed.

Incremental, on bipartite graphs.  Let ``G_t`` be the graph without the
vertices visited before ``u_t`` (the token is on ``u_t``) and ``M_t`` a
maximum matching of it.  The player to move from ``u_t`` wins iff every
maximum matching of ``G_t`` covers ``u_t`` (the theorem of :mod:`.game`),
i.e. iff ``ν(G_t - u_t) < ν(G_t)``.  If ``M_t`` leaves ``u_t`` free, the mover
loses and ``M_t`` is still maximum in ``G_t - u_t``.  Otherwise take ``u_t``
out with its matching edge ``u_t x``: the rest ``M'`` has ``ν(G_t) - 1``
edges, and ``ν(G_t - u_t)`` is that or one more, by Berge's theorem exactly
when some path augments ``M'``.  Any such path ends at ``x``: were both its
ends free in ``M_t`` too, it would avoid ``u_t`` and augment ``M_t`` in
``G_t``, which is maximum.  So one augmenting-path search from ``x`` answers
the move and, augmenting if it succeeds, leaves a maximum matching of
``G_{t+1} = G_t - u_t`` for the next one.  No losing set is ever recomputed.
Cost: one matching, then per move one search; a search stops at the first
free vertex it reaches and explores at most the alternating tree of ``x``,
which on mazes is a few hundred vertices, not the board (the figures:
``benchmarks/annotate.py``, docs/benchmarks.md).

General graphs (an odd cycle) would need a single-source blossom search;
there each position is decided by one exact solve of the graph without the
visited vertices (:func:`~bipartite_game.theory.game.first_player_wins_from`),
O(V + E) per move.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray
from .._jit import kernel
from ..errors import IllegalMoveError
from ..graphs.csr import is_neighbour
from ..graphs.graph import Graph, GraphLike, OffsetArray
from ..graphs.matching import maximum_matching
from ..graphs.mates import require_graph
from .game import first_player_wins_from

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["VERDICTS", "IllegalRecordError", "annotate", "mover_wins_along"]

#: The verdicts, as :func:`annotate` returns them.
VERDICTS = ("good", "mistake", "lost")


class IllegalRecordError(IllegalMoveError):
    """A record the rules do not allow: ``index`` is the 0-based entry at
    fault and ``reason`` one of ``visited`` (seen before), ``not-adjacent``
    (not next to the token), ``over`` (the token had no move left) and, for
    records that must end the game (:mod:`.bunny`), ``unfinished``."""

    def __init__(self, message: str, *, index: int, reason: str) -> None:
        super().__init__(message)
        self.index = index
        self.reason = reason


def annotate(graph: GraphLike, moves: Sequence[Hashable] | npt.ArrayLike) -> list[str]:
    """The verdict (``good``, ``mistake`` or ``lost``) of every line of a
    record: ``moves[0]`` is the start, each later entry the next vertex.

    Raises :class:`IllegalRecordError` (an :class:`IllegalMoveError`) naming
    the first move that the rules do not allow.

    Examples
    --------
    >>> g = Graph.from_edges([0, 1, 2], [1, 2, 3])  # the path 0-1-2-3
    >>> annotate(g, [1, 0])   # a perfect matching: the placer cannot win
    ['lost', 'good']
    >>> annotate(g, [1, 2, 3])   # from 2 the opponent walks to 3 and wins
    ['lost', 'mistake', 'good']
    """
    graph = require_graph(graph, "annotate")
    path = graph.vertex_ids(moves, "moves")
    if path.size == 0:
        return []
    bad = int(_first_illegal(graph.indptr, graph.indices, path))
    if bad >= 0:
        raise _illegal(graph, path, bad)
    could_place_a_win, wins = _verdict_inputs(graph, path)
    verdicts = ["lost" if not could_place_a_win else ("mistake" if wins[0] else "good")]
    for t in range(1, path.size):
        if not wins[t - 1]:
            verdicts.append("lost")
        else:
            verdicts.append("mistake" if wins[t] else "good")
    return verdicts


def mover_wins_along(graph: GraphLike, moves: Sequence[Hashable] | npt.ArrayLike) -> BoolArray:
    """For each position of a legal record, does the player to move win?
    ``result[t]``: the token on ``moves[t]``, ``moves[:t]`` visited before."""
    graph = require_graph(graph, "mover_wins_along")
    path = graph.vertex_ids(moves, "moves")
    bad = int(_first_illegal(graph.indptr, graph.indices, path)) if path.size else -1
    if bad >= 0:
        raise _illegal(graph, path, bad)
    return _verdict_inputs(graph, path)[1]


def _verdict_inputs(graph: Graph, path: IntArray) -> tuple[bool, BoolArray]:
    """Whether a losing start exists, and the mover's win at every position."""
    graph = graph.unlabelled()  # ids throughout, labelled graph or not
    if graph.two_colouring().is_bipartite:
        # Any maximum matching gives the same verdicts; one that contains the
        # winner's pairs of the record keeps the failed searches' trees dead
        # while the game follows them (see _delete_along), which makes long
        # well-played records cost O(1) a move instead of a search each.
        first = 0 if first_player_wins_from(graph, int(path[0])) else 1
        seed = np.full(graph.num_vertices, -1, dtype=np.int32)
        ends = path[first : first + 2 * ((path.size - first) // 2)].reshape(-1, 2)
        seed[ends[:, 0]] = ends[:, 1]
        seed[ends[:, 1]] = ends[:, 0]
        mate = maximum_matching(graph, initial=seed)
        could_place_a_win = bool((mate < 0).any())
        wins = _delete_along(graph.indptr, graph.indices, mate, path)
    else:
        could_place_a_win = bool((maximum_matching(graph) < 0).any())
        wins = np.array(
            [
                first_player_wins_from(graph.without_ids(path[:t]) if t else graph, int(path[t]))
                for t in range(path.size)
            ],
            dtype=np.bool_,
        )
    return could_place_a_win, wins


def _illegal(graph: Graph, path: IntArray, t: int) -> IllegalRecordError:
    v, before = int(path[t]), int(path[t - 1])
    visited = set(path[:t].tolist())
    if v in visited:
        reason, why = "visited", f"{graph.label(v)!r} was visited before"
    elif all(w in visited for w in graph.neighbor_ids(before).tolist()):
        reason, why = "over", f"the game is over: {graph.label(before)!r} has no move left"
    else:
        reason, why = "not-adjacent", f"{graph.label(v)!r} is not next to {graph.label(before)!r}"
    return IllegalRecordError(f"move {t + 1}: {why}", index=t, reason=reason)


def _first_illegal_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, path: IntArray
) -> int:
    path = np.ascontiguousarray(path, dtype=np.int64)
    n = indptr.size - 1
    seen = np.empty(n, dtype=np.bool_)
    first_illegal = lib.csr_function("bg_first_illegal", "iqlq?", indptr)
    return first_illegal(indptr, indices, n, path, path.size, seen)


@kernel(native=_first_illegal_native)
def _first_illegal(indptr: OffsetArray, indices: Int32Array, path: IntArray) -> int:
    """The first index ``t >= 1`` whose vertex repeats an earlier one or is
    not a neighbour of ``path[t - 1]``, else -1.  O(V + sum of degrees)."""
    n = indptr.size - 1
    seen = np.zeros(n, dtype=np.bool_)
    seen[path[0]] = True
    for t in range(1, path.size):
        v = path[t]
        if seen[v]:
            return t
        if not is_neighbour(indptr, indices, path[t - 1], v):
            return t
        seen[v] = True
    return -1


def _delete_along_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, mate: Int32Array, path: IntArray
) -> BoolArray:
    path = np.ascontiguousarray(path, dtype=np.int64)
    n = indptr.size - 1
    wins = np.empty(path.size, dtype=np.bool_)
    by_vertex = np.empty((7, n), dtype=np.int32)
    by_tree = np.empty((2, path.size + 1), dtype=np.int32)
    removed = np.empty(n, dtype=np.bool_)
    delete_along = lib.csr_function("bg_delete_along", "iiqlq?iiiiiiiii?", indptr)
    delete_along(indptr, indices, mate, n, path, path.size, wins, *by_vertex, *by_tree, removed)
    return wins


@kernel(native=_delete_along_native)
def _delete_along(
    indptr: OffsetArray, indices: Int32Array, mate: Int32Array, path: IntArray
) -> BoolArray:
    """Take the record's vertices out one by one, each time repairing the
    maximum matching by one breadth-first augmenting search from the
    partner left free (see the module docstring); ``wins[t]`` is true when
    no search was needed or the search failed.  Bipartite graphs only.

    Dead trees.  A failed search from ``x`` reached a set ``T``: its even
    vertices (``x``'s side) have all their neighbours in ``T``, the odd ones
    are matched inside ``T``, and no odd vertex is free.  Each vertex is
    tagged with its tree (``even_tree``, ``odd_tree``), and ``T`` stays
    *dead* (no augmenting path from a root on ``x``'s side passes through
    it) under everything a record does, with one exception:

    * an augmenting path never enters ``T``: it would have to step onto an
      even vertex of ``T`` from outside, or onto an odd one along a
      matching edge from outside, and ``T`` is closed to both; so ``T``'s
      matching never changes;
    * deleting an odd vertex of ``T`` frees its partner, an even vertex of
      ``T``: ``T`` is still closed and has no free odd vertex;
    * deleting a free even vertex (a root) changes no matching edge;
    * deleting a *matched* even vertex frees an odd vertex of ``T``: then,
      and only then, the tags of ``T`` are cleared (its members are linked
      in a list per tree, so clearing costs O(|T|), paid once per tree).

    So a search skips the odd vertices of dead trees of its side, and a
    search from a root that is an even vertex of a dead tree fails at once.
    Searches are told apart by a stamp, so nothing is cleared between them.
    """
    n = indptr.size - 1
    removed = np.zeros(n, dtype=np.bool_)
    stamp_of = np.zeros(n, dtype=np.int32)
    parent = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    even_tree = np.zeros(n, dtype=np.int32)  # 0: in no dead tree
    odd_tree = np.zeros(n, dtype=np.int32)
    # each tree's even and odd members, as linked lists (a vertex may be even
    # in one tree and odd in another, of the other side's roots)
    next_even = np.full(n, -1, dtype=np.int32)
    next_odd = np.full(n, -1, dtype=np.int32)
    first_even = np.full(path.size + 1, -1, dtype=np.int32)
    first_odd = np.full(path.size + 1, -1, dtype=np.int32)
    wins = np.zeros(path.size, dtype=np.bool_)
    for t in range(path.size):
        u = path[t]
        removed[u] = True
        x = mate[u]
        if x < 0:
            continue  # a maximum matching misses u: the mover loses
        if even_tree[u] != 0:  # a matched even vertex: its tree comes alive
            tree = even_tree[u]
            member = first_even[tree]
            while member >= 0:
                even_tree[member] = 0
                member = next_even[member]
            member = first_odd[tree]
            while member >= 0:
                odd_tree[member] = 0
                member = next_odd[member]
            first_even[tree] = -1
            first_odd[tree] = -1
        mate[u] = -1
        mate[x] = -1
        if even_tree[x] != 0:
            wins[t] = True  # x is a root of a dead tree already
            continue
        stamp = t + 1
        stamp_of[x] = stamp
        queue[0] = x
        head = 0
        tail = 1
        augmented = False
        while head < tail and not augmented:
            v = queue[head]
            head += 1
            for k in range(indptr[v], indptr[v + 1]):
                y = indices[k]
                if removed[y] or stamp_of[y] == stamp or odd_tree[y] != 0:
                    continue
                stamp_of[y] = stamp
                parent[y] = v
                z = mate[y]
                if z < 0:  # flip the path y, v, mate(v), parent(mate(v)), ..., x
                    while True:
                        previous = mate[v]
                        mate[v] = y
                        mate[y] = v
                        if v == x:
                            break
                        y = previous
                        v = parent[y]
                    augmented = True
                    break
                if stamp_of[z] != stamp:
                    stamp_of[z] = stamp
                    queue[tail] = z
                    tail += 1
        if augmented:
            continue
        wins[t] = True
        tree = t + 1  # this failed search's tree: tag and link its members
        for q in range(tail):
            even = queue[q]
            even_tree[even] = tree
            next_even[even] = first_even[tree]
            first_even[tree] = even
            if even != x:  # every odd vertex reached is an even one's partner
                odd = mate[even]
                odd_tree[odd] = tree
                next_odd[odd] = first_odd[tree]
                first_odd[tree] = odd
    return wins
