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

from .. import _stats
from .._checks import vertex_id
from ..errors import BipartiteGameError, SolverError
from ..graphs.graph import Graph
from ..graphs.matching import matching_size, maximum_matching, start_matching
from .bipartite import certify_bipartite, grow_bipartite, outside_neighbours, solve_bipartite

if TYPE_CHECKING:
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
            v = self.graph.vertex_id(v)
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
        return outside_neighbours(self.graph.indptr, self.graph.indices, self.losing)

    @property
    def matching_size(self) -> int:
        return matching_size(self.mate)

    def first_player_wins(self, start: Hashable) -> bool:
        """True when the player to move from ``start`` wins.  O(1)."""
        return not bool(self.losing[self.graph.vertex_id(start)])

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
        partner = int(self.mate[self.graph.vertex_id(v)])
        return partner if partner >= 0 else None

    def explain(self, start: int) -> Explanation:
        """Why the player to move from ``start`` wins or loses: a small
        object whose ``str()`` is a short proof in words (an even alternating
        path from a free vertex for a losing start; the Gallai–Edmonds class,
        the matching's certificate and the first move for a winning one).
        See :mod:`~bipartite_game.theory.explain`.  O(V + E)."""
        from .explain import explain

        return explain(self, start)

    def strategy(self, start: Hashable) -> Strategy:
        """The winning player's strategy from ``start``.

        From a winning start it is the solution's own matching.  From a losing
        start it is a maximum matching of the graph without ``start``, grown
        from this one (one augmenting path): it has the same size, so it is a
        maximum matching of the whole graph that misses ``start``.  O(V + E).
        """
        start = self.graph.vertex_id(start)
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
    side = _sides(graph)
    if side is None:
        from ..graphs.blossom import gallai_edmonds  # here: bipartite answers never load it

        with _stats.phase("match"):  # Edmonds: matching, labels and certificate
            mate = start_matching(graph)
            losing, barrier = gallai_edmonds(graph.indptr, graph.indices, mate)
        _stats.report_solved(graph.num_vertices, graph.num_edges, mate)
        return Solution(graph, mate, losing, barrier)
    mate, losing = solve_bipartite(graph.indptr, graph.indices, side)
    return Solution(graph, mate, losing)


def first_player_wins_from(graph: Graph, start: int) -> bool:
    """Does the player to move win from ``start``?  The same answer as
    ``solve(graph).first_player_wins(start)``, for less work.

    On a bipartite graph the sides are named so that ``start`` is on side 0;
    the matching's own searches then find D on that side (see
    :func:`~bipartite_game.graphs.matching.bipartite_matching`), and ``start`` loses
    exactly when it is in D.  No pass for the whole losing set; the matching
    is still certified (König).  Other graphs are solved in full.
    Cost: the matching, plus O(V + E) for the certificate.
    """
    if not isinstance(graph, Graph):
        raise BipartiteGameError(
            f"first_player_wins_from() takes a Graph, not {type(graph).__name__}"
        )
    start = graph.vertex_id(start)
    side = _sides(graph)
    if side is None:
        return solve(graph).first_player_wins(start)
    if side[start] != 0:
        side = (1 - side).astype(np.int8)
    with _stats.phase("match"):
        mate = start_matching(graph)
        dead = grow_bipartite(graph.indptr, graph.indices, side, mate)
    _stats.report_solved(graph.num_vertices, graph.num_edges, mate)
    with _stats.phase("analyse"):
        certify_bipartite(graph.indptr, graph.indices, side, mate, dead)
    return not bool(dead[start])


def _sides(graph: Graph) -> SideArray | None:
    """The graph's 2-colouring, searched for (the ``colour`` phase of
    ``--stats``) only when no builder gave it."""
    colouring = graph.colouring
    if colouring is None:
        with _stats.phase("colour"):
            colouring = graph.two_colouring()
    return colouring.side
