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
from typing import TYPE_CHECKING

import numpy as np

from .. import _stats
from .._arrays import BoolArray, Int32Array, SideArray
from .._checks import vertex_id
from .._frozen import FrozenArrays, freeze, own_frozen
from ..errors import BipartiteGameError, SolverError
from ..graphs.graph import Graph, GraphLike, Vertex
from ..graphs.matching import matching_size, maximum_matching, start_matching
from ..graphs.mates import require_graph, validate_matching
from ._docs import shared_docs
from .bipartite import certify_bipartite, grow_bipartite, outside_neighbours, solve_bipartite

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["Solution", "Strategy", "first_player_wins_from", "solve"]


@shared_docs
@dataclass(frozen=True, eq=False)
class Strategy(FrozenArrays):
    """Perfect play from one start: answer every move along ``mate``.

    ``mate`` is a maximum matching that covers ``start`` when the first player
    wins and misses it when the second player wins; read-only (a caller's
    array is copied unless it is read-only already).  ``start`` is a vertex
    of ``graph`` (a label, when it has labels), or, without a graph, an id
    into ``mate``.

    Parameters
    ----------
    start : Vertex
        The start.
    first_player_wins : bool
        Whether the player to move from ``start`` wins.
    mate : numpy.ndarray
        A maximum matching (int32, ``-1`` for a free vertex) that covers
        ``start`` exactly when the first player wins.
    graph : Graph, optional
        The graph played on; :meth:`reply` then speaks its labels.

    {made_by(Solution.strategy)}

    Examples
    --------
    >>> s = solve(Graph.from_edges(["a", "b"], ["b", "c"])).strategy("a")
    >>> s, s.winner
    (Strategy(start='a', first_player_wins=False), 'second')
    >>> s.reply("b")                      # the second player's answer
    'c'
    """

    start: Vertex
    first_player_wins: bool
    mate: Int32Array = field(repr=False)
    #: The graph played on, if known (then :meth:`reply` speaks its labels).
    graph: Graph | None = field(default=None, repr=False)

    _frozen_arrays = ("mate",)

    def __post_init__(self) -> None:
        """O(1) checks that keep :meth:`reply` inside ``mate``."""
        if not (isinstance(self.mate, np.ndarray) and self.mate.ndim == 1):
            raise BipartiteGameError("a strategy's mate must be a 1-D array")
        if self.mate.dtype.kind not in "iu":
            raise BipartiteGameError(f"a strategy's mate must be integers, not {self.mate.dtype}")
        if self.graph is not None and not isinstance(self.graph, Graph):
            raise BipartiteGameError(
                f"a strategy's graph must be a Graph or None, not {type(self.graph).__name__}"
            )
        object.__setattr__(self, "mate", own_frozen(self.mate))
        graph = self._labelled_graph()
        if graph is not None:
            graph.vertex_id(self.start)
        else:
            object.__setattr__(self, "start", vertex_id(self.start, self.mate.size))

    def _labelled_graph(self) -> Graph | None:
        """The graph whose labels name the vertices, if any.  O(1)."""
        graph = self.graph
        if graph is not None and graph.labels is not None and graph.num_vertices == self.mate.size:
            return graph
        return None

    @property
    def winner(self) -> str:
        """Who wins with perfect play, ``"first"`` or ``"second"``."""
        return "first" if self.first_player_wins else "second"

    def reply(self, v: Hashable) -> Vertex | None:
        """The winning answer after the opponent moves to ``v`` (or, for the
        first player, to the start itself); ``None`` if this matching has none,
        which happens only when the opponent is the one who should win.
        ``v`` is a vertex of :attr:`graph` (a label when it has labels, see
        :meth:`Graph.vertex_id`), and so is the answer.  O(1).

        Parameters
        ----------
        v : hashable
            The vertex the opponent moved to.

        Returns
        -------
        Vertex or None
            The winning answer, or ``None``.

        {no_vertex(v)}

        Examples
        --------
        >>> s = solve(Graph.from_edges(["a", "b"], ["b", "c"])).strategy("b")
        >>> s.winner, s.reply("b")          # the first player moves from the start
        ('first', 'c')
        """
        self.check_intact()
        graph = self._labelled_graph()
        if graph is None:
            partner = int(self.mate[vertex_id(v, self.mate.size)])
            return partner if partner >= 0 else None
        partner = int(self.mate[graph.vertex_id(v)])
        return graph.label(partner) if partner >= 0 else None


@shared_docs
@dataclass(frozen=True, eq=False)
class Solution(FrozenArrays):
    """Who wins vertex geography from every start of one graph.

    Vertices are named as the graph names them: on a labelled graph every
    method takes a label (never an id) and returns labels; the arrays
    ``mate``, ``losing`` and ``barrier`` are indexed by vertex id
    (:meth:`Graph.index` and :meth:`Graph.label` go between the two).

    Made by :func:`solve`.  The arrays are read-only: the kernels behind
    :meth:`strategy`, :func:`~bipartite_game.decompose`,
    :func:`~bipartite_game.certify` and the rest trust them.  Setting one's
    ``flags.writeable`` back to true makes the solution refused by every
    method (an O(1) check), as for :class:`Graph`.  A solution built by hand,
    ``Solution(graph, mate, losing)``, keeps read-only copies of the arrays
    given (no copy of one read-only already) and is checked against a fresh
    :func:`solve` of ``graph``: ``mate`` a maximum matching of it, ``losing``
    and a given ``known_barrier`` its own; the cost of one solve.

    Parameters
    ----------
    graph : Graph
        The graph solved.
    mate : numpy.ndarray
        One maximum matching (int32, ``-1`` = free).
    losing : numpy.ndarray
        ``losing[v]`` is true when the player to move from ``v`` loses, i.e.
        some maximum matching misses ``v``.
    known_barrier : numpy.ndarray, optional
        The barrier, when the solver found it on the way.

    Attributes
    ----------
    graph : Graph
        The graph solved.
    mate : numpy.ndarray
        One maximum matching (``-1`` = free).
    losing : numpy.ndarray
        ``losing[v]`` is true when the player to move from ``v`` loses.
    barrier : numpy.ndarray
        The Gallai–Edmonds set A: the neighbours of the losing starts that are
        not losing themselves.  Every maximum matching covers A and matches it
        into D; with it the Tutte–Berge formula certifies the matching.
    matching_size : int
        The size of a maximum matching.

    {checked_against(solve)}

    Examples
    --------
    >>> s = solve(Graph.from_edges(["a", "b"], ["b", "c"]))
    >>> s.losing_starts(), s.matching_size
    (['a', 'c'], 1)
    """

    graph: Graph = field(repr=False)
    mate: Int32Array = field(repr=False)
    losing: BoolArray = field(repr=False)
    known_barrier: BoolArray | None = field(default=None, repr=False)

    #: ``_barrier`` is the cache of :attr:`barrier`.
    _frozen_arrays = ("mate", "losing", "known_barrier", "_barrier")
    _frozen_parts = ("graph",)

    def __post_init__(self) -> None:
        """A hand-made solution: shapes and dtypes, then private read-only
        copies, then the values checked against a fresh :func:`solve`, so
        that no kernel behind :attr:`barrier`, :meth:`strategy`,
        ``decompose`` or ``certify`` meets a matching or a losing set that
        is not the graph's.  O(V + E) plus one solve."""
        if not isinstance(self.graph, Graph):
            raise BipartiteGameError(f"a Solution needs a Graph, not {type(self.graph).__name__}")
        self.graph.check_intact()
        n = self.graph.num_vertices
        for name, dtype in (("mate", np.int32), ("losing", np.bool_), ("known_barrier", np.bool_)):
            value = getattr(self, name)
            if value is None and name == "known_barrier":
                continue
            if not (isinstance(value, np.ndarray) and value.dtype == dtype and value.shape == (n,)):
                raise BipartiteGameError(
                    f"a Solution's {name} must be a {np.dtype(dtype).name} array of {n} entries"
                )
            object.__setattr__(self, name, own_frozen(value))
        validate_matching(self.graph, self.mate)  # -1 or a neighbour pointing back
        truth = solve(self.graph)
        if matching_size(self.mate) != truth.matching_size:
            raise BipartiteGameError(
                f"a Solution's mate must be a maximum matching: it has "
                f"{matching_size(self.mate)} edges, a maximum one {truth.matching_size}"
            )
        if not np.array_equal(self.losing, truth.losing):
            v = int(np.argmax(self.losing != truth.losing))
            raise BipartiteGameError(
                f"a Solution's losing is wrong at vertex {self.graph.label(v)!r}: the player "
                "to move from it "
                f"{'loses' if truth.losing[v] else 'wins'}"
            )
        if self.known_barrier is not None and not np.array_equal(
            self.known_barrier, truth.barrier
        ):
            raise BipartiteGameError(
                "a Solution's known_barrier must be the neighbours of the losing starts "
                "that are not losing themselves"
            )

    @classmethod
    def _trusted(
        cls,
        graph: Graph,
        mate: Int32Array,
        losing: BoolArray,
        known_barrier: BoolArray | None = None,
    ) -> Solution:
        """:func:`solve`'s own solution: no check, the arrays (fresh, the
        solver's) frozen in place.  O(1)."""
        solution = cls.__new__(cls)
        parts = {
            "graph": graph,
            "mate": freeze(mate),
            "losing": freeze(losing),
            "known_barrier": None if known_barrier is None else freeze(known_barrier),
        }
        for name, value in parts.items():
            object.__setattr__(solution, name, value)
        return solution

    @property
    def barrier(self) -> BoolArray:
        """The barrier A (read-only; see the class docstring).  O(V + E)
        the first time, then cached (a property, not a cached one: each
        access checks the arrays)."""
        self.check_intact()
        found: BoolArray | None = self.__dict__.get("_barrier")
        if found is None:
            found = self.known_barrier
            if found is None:
                indptr, indices = self.graph.indptr, self.graph.indices
                found = freeze(outside_neighbours(indptr, indices, self.losing))
            self.__dict__["_barrier"] = found  # frozen dataclass: the cache by hand
        return found

    @property
    def matching_size(self) -> int:
        self.check_intact()
        return matching_size(self.mate)

    def first_player_wins(self, start: Hashable) -> bool:
        """True when the player to move from ``start`` wins.  O(1).

        {vertex_parameter(start)}

        Returns
        -------
        bool
            Whether the player to move from ``start`` wins.

        {no_vertex(start)}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).first_player_wins("b")
        True
        """
        self.check_intact()
        return not bool(self.losing[self.graph.vertex_id(start)])

    def winner(self, start: Hashable) -> str:
        """``"first"`` or ``"second"``.

        {winner_sections(start)}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).winner("a")
        'second'
        """
        return "first" if self.first_player_wins(start) else "second"

    def __repr__(self) -> str:
        self.check_intact()
        return (
            f"Solution(num_vertices={self.graph.num_vertices}, "
            f"num_edges={self.graph.num_edges}, matching_size={self.matching_size}, "
            f"losing_starts={int(np.count_nonzero(self.losing))})"
        )

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the graph (as
        :meth:`~bipartite_game.graphs.graph.Graph._repr_svg_` lays it out)
        with the winning starts tinted green, the losing ones red, and the
        matching drawn; a summary when the graph is too large to draw.
        O(V + E) pieces."""
        from ..drawing.pictures import oversize, picture
        from ..drawing.svg import LOSING, MATCHING, WINNING, summary_svg

        self.check_intact()
        losing = int(np.count_nonzero(self.losing))
        summary = [
            repr(self),
            f"the player to move wins from {self.graph.num_vertices - losing} starts, "
            f"loses from {losing}",
        ]
        note = oversize(self.graph)
        if note is not None:
            return summary_svg([*summary, note])
        first = np.flatnonzero(self.mate > np.arange(self.mate.size))
        return picture(
            self.graph,
            summary,
            tints=[
                (np.flatnonzero(self.losing).tolist(), LOSING, "losing"),
                (np.flatnonzero(~self.losing).tolist(), WINNING, "winning"),
            ],
            pairs=zip(first.tolist(), self.mate[first].tolist(), strict=True),
            legend=[
                (WINNING, "the player to move wins from here"),
                (LOSING, "the player to move loses from here"),
                (MATCHING, "a maximum matching"),
            ],
        )

    def winners(self) -> dict[Hashable, str]:
        """``{vertex: "first" or "second"}`` for every vertex, keyed by the
        graph's labels (ids when it has none), in vertex order: who wins
        with the token starting there, the networkx way.  O(V).

        {winners_returned}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).winners()
        {'a': 'second', 'b': 'first', 'c': 'second'}
        """
        self.check_intact()
        keys = self.graph.labels if self.graph.labels is not None else range(self.losing.size)
        names = np.array(["first", "second"])[self.losing.astype(np.intp)].tolist()
        return dict(zip(keys, names, strict=True))

    def matching(self) -> dict[Vertex, Vertex]:
        """The solution's maximum matching as networkx gives one: ``{u: v}``
        for every matched vertex (both directions), keyed by label.  O(V).

        Returns
        -------
        dict
            ``{u: v}`` for every matched vertex ``u``.

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).matching()
        {'b': 'c', 'c': 'b'}
        """
        self.check_intact()
        matched = np.flatnonzero(self.mate >= 0)
        ends = self.graph.labels_of(matched)
        partners = self.graph.labels_of(self.mate[matched])
        return dict(zip(ends, partners, strict=True))

    def losing_starts(self) -> list[Vertex]:
        """The starts from which the player to move loses, in id order:
        labels on a labelled graph, else ids (plain ints).  O(V); the array
        layer's answer is ``np.flatnonzero(solution.losing)``.

        {starts_returned(losing)}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).losing_starts()
        ['a', 'c']
        """
        self.check_intact()
        return self.graph.labels_of(np.flatnonzero(self.losing))

    def winning_starts(self) -> list[Vertex]:
        """The starts from which the player to move wins, in id order (as
        :meth:`losing_starts`).  O(V).

        {starts_returned(winning)}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).winning_starts()
        ['b']
        """
        self.check_intact()
        return self.graph.labels_of(np.flatnonzero(~self.losing))

    def reply(self, v: Hashable) -> Vertex | None:
        """``v``'s partner in the solution's matching, or ``None``.

        This matching covers every winning start, so from a winning start
        ``s`` the first player plays ``reply(s)`` and then ``reply(w)`` after
        every move ``w``.  From a losing start use :meth:`strategy`.  ``v``
        and the answer are vertices (labels on a labelled graph).  O(1).

        {vertex_parameter(v)}

        Returns
        -------
        Vertex or None
            Its partner, or ``None`` when the matching leaves it free.

        {no_vertex(v)}

        Examples
        --------
        >>> s = solve(Graph.from_edges(["a", "b"], ["b", "c"]))
        >>> s.reply("b"), s.reply("a")
        ('c', None)
        """
        self.check_intact()
        partner = int(self.mate[self.graph.vertex_id(v)])
        return self.graph.label(partner) if partner >= 0 else None

    def explain(self, start: Hashable) -> Explanation:
        """Why the player to move from ``start`` wins or loses: a small
        object whose ``str()`` is a short proof in words (an even alternating
        path from a free vertex for a losing start; the Gallai–Edmonds class,
        the matching's certificate and the first move for a winning one),
        its vertices named as the graph names them.
        See :mod:`~bipartite_game.theory.explain`.  O(V + E).

        {vertex_parameter(start)}

        Returns
        -------
        Explanation
            The proof; ``str()`` writes it out.

        {no_vertex(start)}

        Examples
        --------
        >>> print(solve(Graph.from_edges(["a", "b"], ["b", "c"])).explain("a"))
        a: second (the player to move loses)
          the matching of size 1 is maximum: ...
        """
        from .explain import explain

        self.check_intact()
        return explain(self, start)

    def strategy(self, start: Hashable) -> Strategy:
        """The winning player's strategy from ``start``.

        From a winning start it is the solution's own matching.  From a losing
        start it is a maximum matching of the graph without ``start``, grown
        from this one (one augmenting path): it has the same size, so it is a
        maximum matching of the whole graph that misses ``start``.  O(V + E).

        {vertex_parameter(start)}

        Returns
        -------
        Strategy
            The winner's strategy from ``start``.

        {no_vertex(start)}

        Examples
        --------
        >>> solve(Graph.from_edges(["a", "b"], ["b", "c"])).strategy("a")
        Strategy(start='a', first_player_wins=False)
        """
        self.check_intact()
        v = self.graph.vertex_id(start)
        start = self.graph.label(v)
        if not self.losing[v]:
            return Strategy(start, True, self.mate, self.graph)
        mate = self.mate.copy()
        partner = mate[v]
        if partner >= 0:
            mate[partner] = -1
            mate[v] = -1
        rest = self.graph.without_ids([v])
        mate = maximum_matching(rest, initial=mate)
        if matching_size(mate) != self.matching_size:
            raise SolverError(f"no maximum matching misses losing start {start!r}")
        return Strategy(start, False, freeze(mate), self.graph)


@shared_docs
def solve(graph: GraphLike) -> Solution:
    """Solve vertex geography from every start of ``graph``.

    One maximum matching, then the losing set: an alternating breadth-first
    search from the free vertices (bipartite graphs) or the even labels of
    Edmonds' search (general graphs).  Before returning, the matching is
    certified maximum (König cover or Tutte–Berge barrier) in O(V + E); a
    failed certificate raises :class:`SolverError`, which would be a bug.

    ``graph`` is a :class:`Graph` or a networkx graph (converted once: the
    solution's graph is then a :class:`Graph` labelled by its nodes).
    Cost: the matching (near linear on sparse game graphs), plus O(V + E).

    {graph_parameter}

    Returns
    -------
    Solution
        Who wins from every start, and how.

    Raises
    ------
    BipartiteGameError
        When ``graph`` is not a graph.
    SolverError
        When the solver's own certificate fails (a bug).

    See Also
    --------
    first_player_wins_from : one start, for less work.
    solve_geography : the other geography games.
    decompose : the classes of vertices and edges behind the answer.

    Examples
    --------
    >>> g = Graph.from_edges([0, 1], [1, 2])          # the path 0-1-2
    >>> s = solve(g)
    >>> s.losing.tolist()                             # start at an end: mover loses
    [True, False, True]
    >>> s.first_player_wins(1), s.reply(1) in (0, 2)
    (True, True)
    """
    graph = require_graph(graph, "solve")
    side = _sides(graph)
    if side is None:
        from ..graphs.blossom import gallai_edmonds  # here: bipartite answers never load it

        with _stats.phase("match"):  # Edmonds: matching, labels and certificate
            mate = start_matching(graph)
            losing, barrier = gallai_edmonds(graph.indptr, graph.indices, mate)
        _stats.report_solved(graph.num_vertices, graph.num_edges, mate)
        return Solution._trusted(graph, mate, losing, barrier)
    mate, losing = solve_bipartite(graph.indptr, graph.indices, side)
    return Solution._trusted(graph, mate, losing)


@shared_docs
def first_player_wins_from(graph: GraphLike, start: Hashable) -> bool:
    """Does the player to move win from ``start``?  The same answer as
    ``solve(graph).first_player_wins(start)``, for less work.

    On a bipartite graph the sides are named so that ``start`` is on side 0;
    the matching's own searches then find D on that side (see
    :func:`~bipartite_game.graphs.matching.bipartite_matching`), and ``start`` loses
    exactly when it is in D.  No pass for the whole losing set; the matching
    is still certified (König).  Other graphs are solved in full.
    Cost: the matching, plus O(V + E) for the certificate.

    {graph_parameter}
    start : hashable
        A vertex, as the graph names it.

    Returns
    -------
    bool
        Whether the player to move from ``start`` wins.

    Raises
    ------
    BipartiteGameError
        When ``graph`` is not a graph or ``start`` no vertex of it.

    See Also
    --------
    solve : every start at once.

    Examples
    --------
    >>> first_player_wins_from(Graph.from_edges([0, 1], [1, 2]), 1)
    True
    """
    graph = require_graph(graph, "first_player_wins_from")
    start_id = graph.vertex_id(start)
    side = _sides(graph)
    if side is None:
        return solve(graph).first_player_wins(start)
    if side[start_id] != 0:
        side = (1 - side).astype(np.int8)
    with _stats.phase("match"):
        mate = start_matching(graph)
        dead = grow_bipartite(graph.indptr, graph.indices, side, mate)
    _stats.report_solved(graph.num_vertices, graph.num_edges, mate)
    with _stats.phase("analyse"):
        certify_bipartite(graph.indptr, graph.indices, side, mate, dead)
    return not bool(dead[start_id])


def _sides(graph: Graph) -> SideArray | None:
    """The graph's 2-colouring, searched for (the ``colour`` phase of
    ``--stats``) only when no builder gave it."""
    colouring = graph.colouring
    if colouring is None:
        with _stats.phase("colour"):
            colouring = graph.two_colouring()
    return colouring.side
