"""Vertex geography solved by maximum matching.

The game: a token sits on a start vertex, which counts as visited; the players
alternately move it to an adjacent unvisited vertex; whoever cannot move loses.

Theorem.  The player to move wins from ``s`` iff every maximum matching covers
``s``.  If every maximum matching ``M`` covers ``s``, the mover plays to
``M(s)`` and answers every later move ``w`` with ``M(w)``: were ``M(w)``
missing or visited, the path played so far would turn ``M`` into a maximum
matching that misses ``s``.  If some maximum matching ``M`` misses ``s``, the
second player answers every move ``w`` with ``M(w)``, which always exists, or
``M`` could be enlarged along the path played.  The theorem holds on every
graph, bipartite or not.

The losing starts are therefore the vertices some maximum matching misses:
after one maximum matching ``M``, those reachable from an ``M``-free vertex by
an alternating path of even length.  On a bipartite graph that is one
breadth-first search (the set D of the Dulmage–Mendelsohn decomposition); on a
general graph it is the set D of the Gallai–Edmonds decomposition, which the
blossom search labels as it goes.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from . import _stats
from ._checks import vertex_id
from ._jit import kernel
from .errors import BipartiteGameError, SolverError
from .graph import Graph
from .matching import (
    _DEAD,
    OffsetArray,
    _augment_bipartite,
    _bipartite_matching,
    _csr_function,
    _first_bad_mate,
    _karp_sipser,
    _start,
    matching_size,
    maximum_matching,
)

if TYPE_CHECKING:
    from ._native import Library
    from .explain import Explanation

__all__ = ["Solution", "Strategy", "first_player_wins_from", "solve"]

Int32Array = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]
SideArray = npt.NDArray[np.int8]


@dataclass(frozen=True, eq=False)
class Strategy:
    """Perfect play from one start: answer every move along ``mate``.

    ``mate`` is a maximum matching that covers ``start`` when the first player
    wins and misses it when the second player wins.
    """

    start: int
    first_player_wins: bool
    mate: Int32Array = field(repr=False)
    #: The graph played on, if known: then :meth:`reply` takes its labels too.
    graph: Graph | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        """O(1) checks that keep :meth:`reply` inside ``mate``."""
        if not (isinstance(self.mate, np.ndarray) and self.mate.ndim == 1):
            raise BipartiteGameError("a strategy's mate must be a 1-D array")
        if self.mate.dtype.kind not in "iu":
            raise BipartiteGameError(f"a strategy's mate must be integers, not {self.mate.dtype}")
        vertex_id(self.start, self.mate.size)
        object.__setattr__(self, "start", int(self.start))

    @property
    def winner(self) -> str:
        """``"first"`` or ``"second"``: who wins with perfect play."""
        return "first" if self.first_player_wins else "second"

    def reply(self, v: Hashable) -> int | None:
        """The winning answer after the opponent moves to ``v`` (or, for the
        first player, to the start itself); ``None`` if this matching has none,
        which happens only when the opponent is the one who should win.
        ``v`` is checked to be a vertex (see :func:`~._checks.vertex_id`), or
        a label of :attr:`graph`; the answer is a vertex id."""
        if self.graph is not None and self.graph.num_vertices == self.mate.size:
            v = self.graph._check_vertex(v)
        partner = int(self.mate[vertex_id(v, self.mate.size)])
        return partner if partner >= 0 else None


@dataclass(frozen=True, eq=False)
class Solution:
    """Who wins vertex geography from every start of one graph.

    Attributes
    ----------
    graph
        The graph solved.
    mate
        One maximum matching (``-1`` = free).
    losing
        ``losing[v]`` is true when the player to move from ``v`` loses, i.e.
        some maximum matching misses ``v``.
    barrier
        The Gallai–Edmonds set A: the neighbours of the losing starts that are
        not losing themselves.  Every maximum matching covers A and matches it
        into D; with it the Tutte–Berge formula certifies the matching.
    """

    graph: Graph = field(repr=False)
    mate: Int32Array = field(repr=False)
    losing: BoolArray = field(repr=False)
    known_barrier: BoolArray | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        """Shapes and dtypes, so that a hand-made solution cannot send the
        kernels behind :attr:`barrier` or :meth:`strategy` out of bounds;
        the mate's values are checked to be ids (one pass, O(V))."""
        if not isinstance(self.graph, Graph):
            raise BipartiteGameError(f"a Solution needs a Graph, not {type(self.graph).__name__}")
        n = self.graph.num_vertices
        for name, dtype in (("mate", np.int32), ("losing", np.bool_), ("known_barrier", np.bool_)):
            value = getattr(self, name)
            if value is None and name == "known_barrier":
                continue
            if not (isinstance(value, np.ndarray) and value.dtype == dtype and value.shape == (n,)):
                raise BipartiteGameError(
                    f"a Solution's {name} must be a {np.dtype(dtype).name} array of {n} entries"
                )
        if n and (int(self.mate.min()) < -1 or int(self.mate.max()) >= n):
            raise BipartiteGameError("a Solution's mate must hold -1 or vertex ids")

    @cached_property
    def barrier(self) -> BoolArray:
        if self.known_barrier is not None:
            return self.known_barrier
        return _outside_neighbours(self.graph.indptr, self.graph.indices, self.losing)

    @property
    def matching_size(self) -> int:
        return matching_size(self.mate)

    def first_player_wins(self, start: Hashable) -> bool:
        """True when the player to move from ``start`` wins.  O(1)."""
        return not bool(self.losing[self.graph._check_vertex(start)])

    def winner(self, start: Hashable) -> str:
        """``"first"`` or ``"second"``."""
        return "first" if self.first_player_wins(start) else "second"

    def __repr__(self) -> str:
        return (
            f"Solution(num_vertices={self.graph.num_vertices}, "
            f"num_edges={self.graph.num_edges}, matching_size={self.matching_size}, "
            f"losing_starts={int(np.count_nonzero(self.losing))})"
        )

    def winners(self) -> dict[Hashable, str]:
        """``{vertex: "first" or "second"}`` for every vertex, keyed by the
        graph's labels (ids when it has none), in vertex order: who wins
        with the token starting there, the networkx way.  O(V)."""
        keys = self.graph.labels if self.graph.labels is not None else range(self.losing.size)
        names = np.array(["first", "second"])[self.losing.astype(np.intp)].tolist()
        return dict(zip(keys, names, strict=True))

    def matching(self) -> dict[Hashable, Hashable]:
        """The solution's maximum matching as networkx gives one: ``{u: v}``
        for every matched vertex (both directions), keyed by label.  O(V)."""
        keys: list[Hashable] = (
            self.graph.labels if self.graph.labels is not None else list(range(self.mate.size))
        )
        return {keys[v]: keys[w] for v, w in enumerate(self.mate.tolist()) if w >= 0}

    def losing_starts(self) -> Int32Array:
        """The starts from which the player to move loses, ascending."""
        return np.flatnonzero(self.losing).astype(np.int32)

    def winning_starts(self) -> Int32Array:
        """The starts from which the player to move wins, ascending."""
        return np.flatnonzero(~self.losing).astype(np.int32)

    def reply(self, v: Hashable) -> int | None:
        """``v``'s partner in the solution's matching, or ``None``.

        This matching covers every winning start, so from a winning start
        ``s`` the first player plays ``reply(s)`` and then ``reply(w)`` after
        every move ``w``.  From a losing start use :meth:`strategy`.  O(1).
        """
        partner = int(self.mate[self.graph._check_vertex(v)])
        return partner if partner >= 0 else None

    def explain(self, start: int) -> Explanation:
        """Why the player to move from ``start`` wins or loses: a small
        object whose ``str()`` is a short proof in words (an even alternating
        path from a free vertex for a losing start; the Gallai–Edmonds class,
        the matching's certificate and the first move for a winning one).
        See :mod:`~bipartite_game.explain`.  O(V + E)."""
        from .explain import explain

        return explain(self, start)

    def strategy(self, start: Hashable) -> Strategy:
        """The winning player's strategy from ``start``.

        From a winning start it is the solution's own matching.  From a losing
        start it is a maximum matching of the graph without ``start``, grown
        from this one (one augmenting path): it has the same size, so it is a
        maximum matching of the whole graph that misses ``start``.  O(V + E).
        """
        start = self.graph._check_vertex(start)
        if not self.losing[start]:
            return Strategy(start, True, self.mate, self.graph)
        mate = self.mate.copy()
        partner = mate[start]
        if partner >= 0:
            mate[partner] = -1
            mate[start] = -1
        rest = self.graph.without([start])
        mate = maximum_matching(rest, initial=mate)
        if matching_size(mate) != self.matching_size:
            raise SolverError(f"no maximum matching misses losing start {start}")
        return Strategy(start, False, mate, self.graph)


def solve(graph: Graph) -> Solution:
    """Solve vertex geography from every start of ``graph``.

    One maximum matching, then the losing set: an alternating breadth-first
    search from the free vertices (bipartite graphs) or the even labels of
    Edmonds' search (general graphs).  Before returning, the matching is
    certified maximum (König cover or Tutte–Berge barrier) in O(V + E); a
    failed certificate raises :class:`SolverError`, which would be a bug.

    Cost: the matching (near linear on sparse game graphs), plus O(V + E).

    Examples
    --------
    >>> g = Graph.from_edges([0, 1], [1, 2])          # the path 0-1-2
    >>> s = solve(g)
    >>> s.losing.tolist()                             # start at an end: mover loses
    [True, False, True]
    >>> s.first_player_wins(1), s.reply(1) in (0, 2)
    (True, True)
    """
    if not isinstance(graph, Graph):
        raise BipartiteGameError(f"solve() takes a Graph, not {type(graph).__name__}")
    with _stats.phase("colour"):
        side = graph.two_colouring().side
    if side is None:
        from .blossom import _solve_general

        with _stats.phase("match"):  # Edmonds: matching, labels and certificate
            mate = _start(graph, None)
            losing, barrier = _solve_general(graph, mate)
        _report(graph.num_vertices, graph.num_edges, mate)
        return Solution(graph, mate, losing, barrier)
    mate, losing = _solve_bipartite(graph.indptr, graph.indices, side)
    return Solution(graph, mate, losing)


def _solve_bipartite(
    indptr: OffsetArray, indices: Int32Array, side: SideArray
) -> tuple[Int32Array, BoolArray]:
    """``(mate, losing)`` of :func:`solve` on a bipartite CSR given as
    arrays, ``side`` its 2-colouring (trusted).  ``indptr`` may be int32:
    the maze's own pipeline (``problems/maze.py``) passes it so, to save
    memory, and every kernel here takes either.  Each step's scratch is
    freed before the next step allocates its own, so the peak is the graph
    plus the largest step's arrays, not their sum."""
    n = indptr.size - 1
    with _stats.phase("match"):
        mate = np.full(n, -1, dtype=np.int32)
        _karp_sipser(indptr, indices, mate)
        state = np.zeros(n, dtype=np.int8)
        _augment_bipartite(indptr, indices, side, mate, state)
        losing = state == _DEAD
        del state
    _report(n, indices.size // 2, mate)
    with _stats.phase("analyse"):
        _certify(indptr, indices, side, mate, losing)
        # the matching found D on side 0; side 1's part is one more closure
        _even_closure(indptr, indices, mate, losing, (mate < 0) & (side == 1))
    return mate, losing


def first_player_wins_from(graph: Graph, start: int) -> bool:
    """Does the player to move win from ``start``?  The same answer as
    ``solve(graph).first_player_wins(start)``, for less work.

    On a bipartite graph the sides are named so that ``start`` is on side 0;
    the matching's own searches then find D on that side (see
    :func:`~bipartite_game.matching.bipartite_matching`), and ``start`` loses
    exactly when it is in D.  No pass for the whole losing set; the matching
    is still certified (König).  Other graphs are solved in full.
    Cost: the matching, plus O(V + E) for the certificate.
    """
    if not isinstance(graph, Graph):
        raise BipartiteGameError(
            f"first_player_wins_from() takes a Graph, not {type(graph).__name__}"
        )
    start = graph._check_vertex(start)
    with _stats.phase("colour"):
        side = graph.two_colouring().side
    if side is None:
        return solve(graph).first_player_wins(start)
    if side[start] != 0:
        side = (1 - side).astype(np.int8)
    with _stats.phase("match"):
        mate, dead = _bipartite_matching(graph, side, _start(graph, None))
    _report(graph.num_vertices, graph.num_edges, mate)
    with _stats.phase("analyse"):
        _certify(graph.indptr, graph.indices, side, mate, dead)
    return not bool(dead[start])


def _report(vertices: int, edges: int, mate: Int32Array) -> None:
    """The solved graph's size and its matching's, for ``--stats``."""
    if _stats.active():
        _stats.count("graphs", 1)
        _stats.count("vertices", vertices)
        _stats.count("edges", edges)
        _stats.count("matched pairs", int(np.count_nonzero(mate >= 0)) // 2)


def _certify(
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    losing: BoolArray,
) -> None:
    """Check ``mate`` maximum with König's cover built from D on side 0
    (``losing`` needs to be right on side 0 only).  O(V + E)."""
    cover = _koenig_cover(indptr, indices, side, losing)
    problem = _check_cover(indptr, indices, side, mate, cover)
    if problem:
        raise SolverError(f"matching certificate failed ({_PROBLEMS[problem]})")


_PROBLEMS = {
    1: "mate array is not a matching of the graph",
    2: "an edge is not covered by the Koenig cover",
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
    closure = _csr_function(lib, "bg_even_closure", "ii??qi", indptr)
    closure(indptr, indices, mate, losing, seeds, n, stack)


@kernel(native=_even_closure_native)
def _even_closure(
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
    _csr_function(lib, "bg_outside_neighbours", "i?q?", indptr)(indptr, indices, inside, n, result)
    return result


@kernel(native=_outside_neighbours_native)
def _outside_neighbours(indptr: OffsetArray, indices: Int32Array, inside: BoolArray) -> BoolArray:
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
    _csr_function(lib, "bg_koenig_cover", "ib?q?", indptr)(indptr, indices, side, losing, n, cover)
    return cover


@kernel(native=_koenig_cover_native)
def _koenig_cover(
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


def _check_cover_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    cover: BoolArray,
) -> int:
    check = _csr_function(lib, "bg_check_cover", "ibi?q", indptr)
    return check(indptr, indices, side, mate, cover, indptr.size - 1)


@kernel(native=_check_cover_native)
def _check_cover(
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    cover: BoolArray,
) -> int:
    """0 when ``mate`` is a matching, ``cover`` covers every edge and both have
    the same size (so both are optimal, by weak duality); else a problem code."""
    n = indptr.size - 1
    if _first_bad_mate(indptr, indices, mate) >= 0:
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
