"""The geography family: vertex or edge rule, undirected or directed.

One entry point, :func:`solve_geography`, picks the method the rule allows:

========================  ============================================  ==========
game                      method                                        ``method``
========================  ============================================  ==========
vertex, undirected        maximum matching (:mod:`..game`), O(V·E)      matching
edge, undirected,         GF(2) elimination per component               gf2
bipartite                 (:mod:`.edge_bipartite`)
vertex or edge,           retrograde analysis (:mod:`.directed`),       acyclic
directed, acyclic         O(V + E)
anything else             exhaustive search with a budget               search
                          (:mod:`.search`): PSPACE-complete in general
========================  ============================================  ==========

"Anything else" is searched only where it must be: a directed game inside
its strongly connected components with a cycle (the rest of the
condensation is settled in linear time), edge geography inside its
components with an odd cycle or a loop (the bipartite ones by GF(2)).

The modules:

- :mod:`.edge_bipartite` -- edge geography on bipartite graphs over GF(2),
  after :mod:`.peel`, its linear-time part.
- :mod:`.directed` -- directed games over the condensation.
- :mod:`.search` -- the memoised search with a budget, after
  :mod:`.chains` shortens the forced-move chains.
- :mod:`.position` -- a game in progress under any rule.
- :mod:`.brute` -- minimax straight from the rules, the tests' oracle.

Edges are two endpoint arrays.  Under the edge rule every pair is its own
edge (parallel edges count, a loop is a move); under the vertex rule repeats
and loops change nothing.  ``directed`` reads pair i as an arc u[i] -> v[i].
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..._arrays import BoolArray, IntArray
from ..._checks import checked_edges, is_integer, vertex_id
from ..._stats import phase
from ...errors import BipartiteGameError, GeographyTooLarge
from ...graphs.convert import is_networkx_graph
from ...graphs.graph import Graph, GraphLike, Vertex
from .._docs import shared_docs
from .search import (
    DEFAULT_BUDGET,
    DEFAULT_SECONDS,
    Budget,
    SearchTooLarge,
    reachable,
    undirected_edge_winners,
)

__all__ = ["RULES", "GeographySolution", "geography_mover_wins", "solve_geography"]


RULES = ("vertex", "edge")

#: Edges of a random multigraph (m edges on m / 2 vertices) up to which the
#: search solved every start of every graph tried within its default budget
#: (``python benchmarks/geography.py search``); quoted in its refusal.
SEARCH_REACH = {("vertex", True): 1200, ("edge", True): 260, ("edge", False): 32}

_NAMES = {
    ("vertex", False): "vertex geography",
    ("vertex", True): "directed vertex geography",
    ("edge", False): "edge geography",
    ("edge", True): "directed edge geography",
}


@dataclass(frozen=True, eq=False)
class Geography:
    """One game of the family: the edges as given, checked once."""

    num_vertices: int
    u: IntArray
    v: IntArray
    rule: str
    directed: bool
    labels: list[Hashable] | None = None

    @classmethod
    def build(
        cls,
        u: npt.ArrayLike,
        v: npt.ArrayLike,
        num_vertices: int | None,
        *,
        rule: str,
        directed: bool,
        labels: Sequence[Hashable] | None,
    ) -> Geography:
        if not isinstance(rule, str) or rule not in RULES:
            raise BipartiteGameError(f"rule must be 'vertex' or 'edge', not {rule!r}")
        if not isinstance(directed, (bool, np.bool_)):
            raise BipartiteGameError(
                f"directed must be True or False, not {directed!r} ({type(directed).__name__})"
            )
        src, dst, n, names = checked_edges(u, v, num_vertices, labels)
        return cls(n, src.astype(np.int64), dst.astype(np.int64), rule, bool(directed), names)

    @property
    def name(self) -> str:
        return _NAMES[self.rule, self.directed]

    def vertex_id(self, v: object) -> int:
        """The id of the vertex ``v`` names: a label when the game has
        labels (never an id then), else an id.  O(1) after one O(V) index."""
        if self.labels is None:
            return vertex_id(v, self.num_vertices)
        index = self.__dict__.get("_index")
        if index is None:
            index = {name: i for i, name in enumerate(self.labels)}
            object.__setattr__(self, "_index", index)  # frozen: the cache by hand
        try:
            return int(index[v])
        except (KeyError, TypeError):
            raise BipartiteGameError(f"no vertex labelled {v!r}") from None

    def names(self, ids: npt.ArrayLike) -> list[Vertex]:
        """The vertices with ids ``ids`` as the game names them: labels, or
        plain ints.  O(len(ids))."""
        listed: list[int] = np.asarray(ids, dtype=np.int64).reshape(-1).tolist()
        if self.labels is None:
            return listed
        labels = self.labels
        return [labels[i] for i in listed]


@shared_docs
@dataclass(frozen=True, eq=False)
class GeographySolution:
    """Who wins from every start of one geography game.

    ``losing[v]``: the player to move from v loses.  ``method`` says how it
    was decided (``matching``, ``gf2``, ``acyclic`` or ``search``).  For edge
    geography on a bipartite graph, :meth:`kernel` gives the proof of each
    loss.

    Parameters
    ----------
    game : Geography
        The game solved: its edges, rule and direction, checked.
    losing : numpy.ndarray
        ``losing[v]``: the player to move from ``v`` loses.
    method : str
        How it was decided: ``matching``, ``gf2``, ``acyclic`` or ``search``.
    side : numpy.ndarray, optional
        The 2-colouring, for the proofs of :meth:`kernel`.

    {made_by(solve_geography)}

    Examples
    --------
    >>> s = solve_geography(Graph.from_edges(["a", "b"], ["b", "c"]))
    >>> s.method, s.losing_starts()
    ('matching', ['a', 'c'])
    """

    game: Geography
    losing: BoolArray
    method: str
    side: npt.NDArray[np.int8] | None = field(default=None, repr=False)

    def first_player_wins(self, v: Hashable) -> bool:
        """Whether the mover (who moves first from ``v``, a label when the
        game has labels) wins.  O(1).

        {vertex_parameter(v)}

        Returns
        -------
        bool
            Whether the player to move wins.

        {no_vertex(v)}

        Examples
        --------
        >>> solve_geography([0, 1], [1, 2], directed=True).first_player_wins(1)
        True
        """
        return not bool(self.losing[self.game.vertex_id(v)])

    def winner(self, v: Hashable) -> str:
        """``"first"`` or ``"second"``.

        {winner_sections(v)}

        Examples
        --------
        >>> solve_geography([0, 1], [1, 2], directed=True).winner(0)
        'second'
        """
        return "first" if self.first_player_wins(v) else "second"

    def winners(self) -> dict[Vertex, str]:
        """``{vertex: "first" or "second"}`` for every start, keyed by label
        (ids without labels), in id order.  O(V).

        {winners_returned}

        Examples
        --------
        >>> solve_geography([0, 1], [1, 2], directed=True).winners()
        {0: 'second', 1: 'first', 2: 'second'}
        """
        keys = self.game.names(np.arange(self.game.num_vertices))
        names = np.array(["first", "second"])[self.losing.astype(np.intp)].tolist()
        return dict(zip(keys, names, strict=True))

    def losing_starts(self) -> list[Vertex]:
        """The starts from which the mover loses, in id order (labels, or
        ids without labels).  O(V).

        {starts_returned(losing)}

        Examples
        --------
        >>> solve_geography([0, 1], [1, 2], directed=True).losing_starts()
        [0, 2]
        """
        return self.game.names(np.flatnonzero(self.losing))

    def winning_starts(self) -> list[Vertex]:
        """The starts from which the mover wins, in id order.  O(V).

        {starts_returned(winning)}

        Examples
        --------
        >>> solve_geography([0, 1], [1, 2], directed=True).winning_starts()
        [1]
        """
        return self.game.names(np.flatnonzero(~self.losing))

    def kernel(self, v: Hashable) -> list[Vertex] | None:
        """For edge geography on a bipartite graph: a set S of vertices on v's
        side, v in S, with an even number of edges from every vertex of the
        other side into S — the proof that the mover loses from v (answer
        every move back into S) — or ``None`` when the mover wins.  Its
        vertices in id order, as the game names them.

        {vertex_parameter(v)}

        Returns
        -------
        list of Vertex or None
            The set S, or ``None`` when the mover wins from ``v``.

        Raises
        ------
        BipartiteGameError
            When the game is not edge geography on a bipartite graph.

        Examples
        --------
        >>> s = solve_geography([0, 1, 1], [1, 2, 2], rule="edge")
        >>> s.kernel(2), s.kernel(0)
        ([2], None)
        """
        from .edge_bipartite import kernel_support

        if self.method != "gf2" or self.side is None:
            raise BipartiteGameError("kernel() proves edge geography on bipartite graphs only")
        g = self.game
        found = kernel_support(g.num_vertices, g.u, g.v, self.side, g.vertex_id(v))
        return None if found is None else g.names(found)


@shared_docs
def solve_geography(
    u: npt.ArrayLike | GraphLike,
    v: npt.ArrayLike | None = None,
    num_vertices: int | None = None,
    *,
    rule: str = "vertex",
    directed: bool | None = None,
    labels: Sequence[Hashable] | None = None,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> GeographySolution:
    """Solve a geography game for every start.

    The game is given by its edges as two endpoint arrays ``u, v`` (with
    ``num_vertices`` and ``labels`` as for :meth:`Graph.from_edges`), or as
    a :class:`Graph` or a networkx graph alone (its nodes the labels; a
    ``DiGraph`` is the directed game unless ``directed=False``, a
    multigraph's repeated edges count under the edge rule).  ``directed``
    defaults to false otherwise.

    Raises :class:`~bipartite_game.errors.GeographyTooLarge` when the only
    method left (the search) needs more than ``budget`` states (each
    counted by its width, see :mod:`.search`) or more than ``seconds`` of
    the solve; the refusal comes within milliseconds of either.

    Parameters
    ----------
    u : array_like or GraphLike
        The first endpoints of the edges (arcs ``u[i] -> v[i]`` when
        directed), or the whole game as a graph.
    v : array_like, optional
        The second endpoints; omitted with a graph.
    num_vertices : int, optional
        The number of vertices (isolated ones included).
    rule : {"vertex", "edge"}, optional
        Whether a vertex or an edge may not be used twice.
    directed : bool, optional
        Whether the edges are arcs.
    labels : sequence of hashable, optional
        One label per vertex.
    {search_limits}

    Returns
    -------
    GeographySolution
        Who wins from every start, and how it was decided.

    Raises
    ------
    GeographyTooLarge
        When the search the rule needs passes ``budget`` or ``seconds``.
    BipartiteGameError
        When the edges, rule or labels are not valid.

    See Also
    --------
    solve : vertex geography with its strategies and proofs.

    Examples
    --------
    >>> s = solve_geography([0, 1, 1], [1, 2, 2], rule="edge")  # 1-2 twice
    >>> s.method, s.losing.tolist(), s.kernel(2)
    ('gf2', [False, False, True], [2])
    """
    game = game_of(u, v, num_vertices, rule=rule, directed=directed, labels=labels)
    return _solve(game, None, checked_budget(budget, seconds))


def game_of(
    u: object,
    v: npt.ArrayLike | None,
    num_vertices: int | None,
    *,
    rule: str,
    directed: bool | None,
    labels: Sequence[Hashable] | None,
) -> Geography:
    """The game of :func:`solve_geography`'s arguments: edge arrays, or a
    graph (:class:`Graph` or networkx) alone, converted once.  O(V + E)."""
    if isinstance(u, Graph) or is_networkx_graph(u):
        if v is not None or num_vertices is not None or labels is not None:
            raise BipartiteGameError("give a graph alone, or the edges as two arrays u, v")
        if isinstance(u, Graph):
            u.check_intact()
            src, dst = u.edges()
            n, names = u.num_vertices, u.labels
        else:
            nodes = list(u.nodes)  # type: ignore[attr-defined]
            index = {node: i for i, node in enumerate(nodes)}
            pairs = [(index[a], index[b]) for a, b in u.edges()]  # type: ignore[attr-defined]
            src = np.array([a for a, _ in pairs], dtype=np.int64)
            dst = np.array([b for _, b in pairs], dtype=np.int64)
            n, names = len(nodes), tuple(nodes)
            if directed is None:
                directed = bool(u.is_directed())  # type: ignore[attr-defined]
        given = False if directed is None else directed
        return Geography.build(src, dst, n, rule=rule, directed=given, labels=names)
    if v is None:
        raise BipartiteGameError("give a graph, or the edges as two arrays u, v")
    given = False if directed is None else directed
    return Geography.build(u, v, num_vertices, rule=rule, directed=given, labels=labels)  # type: ignore[arg-type]


@shared_docs
def geography_mover_wins(
    u: npt.ArrayLike,
    v: npt.ArrayLike,
    num_vertices: int | None,
    start: int,
    *,
    rule: str = "vertex",
    directed: bool = False,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> bool:
    """Whether the player to move from ``start`` wins; the search, when it is
    needed, explores only what ``start`` reaches (``budget`` and ``seconds``
    as for :func:`solve_geography`).

    Parameters
    ----------
    u, v : array_like
        The endpoints of the edges (arcs ``u[i] -> v[i]`` when directed).
    num_vertices : int or None
        The number of vertices, or ``None`` for one more than the largest id.
    start : int
        The start's id.
    rule : {"vertex", "edge"}, optional
        Whether a vertex or an edge may not be used twice.
    directed : bool, optional
        Whether the edges are arcs.
    {search_limits}

    Returns
    -------
    bool
        Whether the player to move from ``start`` wins.

    {too_large}

    Examples
    --------
    >>> geography_mover_wins([0, 1], [1, 2], None, 1, directed=True)
    True
    """
    game = Geography.build(u, v, num_vertices, rule=rule, directed=directed, labels=None)
    start = vertex_id(start, game.num_vertices)
    limits = checked_budget(budget, seconds)
    return not bool(_solve(game, start, limits).losing[start])


def checked_budget(budget: object, seconds: object) -> tuple[int, float]:
    """``budget`` (a positive int of states) and ``seconds`` (a positive
    number, ``math.inf`` for no limit), or a :class:`BipartiteGameError`
    naming the argument."""
    if not is_integer(budget) or budget < 1:
        raise BipartiteGameError(
            f"budget must be a positive integer (search states), not {budget!r}"
        )
    if (
        isinstance(seconds, (bool, np.bool_))
        or not isinstance(seconds, (int, float, np.integer, np.floating))
        or not seconds > 0  # NaN too
    ):
        raise BipartiteGameError(f"seconds must be a positive number, not {seconds!r}")
    return int(budget), float(seconds)


def _solve(game: Geography, start: int | None, limits: tuple[int, float]) -> GeographySolution:
    """Dispatch on the rule.  With ``start``, only what the token can reach
    from it is solved (the other entries of ``losing`` are then False)."""
    n, u, v = game.num_vertices, game.u, game.v
    if game.rule == "vertex" and not game.directed:
        from ..game import solve

        return GeographySolution(game, solve(Graph.from_edges(u, v, n)).losing, "matching")
    if start is not None:
        with phase("reach"):
            keep = reachable(n, u, v, start, game.directed)
            inside = keep[u]
            u, v = u[inside], v[inside]
    try:
        if game.directed:
            from .directed import directed_winners

            spent = Budget(*limits)
            with phase("directed"):  # condensation, retrograde, search in cycles
                wins = directed_winners(n, u, v, game.rule, spent)
            # no state searched: every component was one vertex, the graph acyclic
            method = "acyclic" if spent.left == spent.states else "search"
            return GeographySolution(game, ~wins, method)
        from .edge_bipartite import bipartite_parts, losing_starts

        with phase("colour"):
            _, side, bipartite = bipartite_parts(n, u, v)
        if bipartite.all() and start is None:
            with phase("eliminate"):  # peeling, then GF(2) per component
                losing = losing_starts(n, u, v, side)
            return GeographySolution(game, losing, "gf2", side)
        with phase("search"):
            wins = undirected_edge_winners(n, u, v, Budget(*limits))
        return GeographySolution(game, ~wins, "gf2" if bipartite.all() else "search")
    except SearchTooLarge as error:
        raise GeographyTooLarge(_refusal(game, error.what)) from None


def _refusal(game: Geography, what: str) -> str:
    reach = SEARCH_REACH.get((game.rule, game.directed), 0)
    return (
        f"{game.name} on this graph ({game.num_vertices} vertices, {game.u.size} edges) needs "
        f"{what}: the game is PSPACE-complete in general, and the "
        f"exhaustive search solves random graphs of up to about {reach} edges"
    )
