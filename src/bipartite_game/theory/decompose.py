"""The structure behind every answer: Gallai–Edmonds and edge classes.

Gallai–Edmonds.  On every graph the vertices split into three classes:

* ``D``: the vertices some maximum matching misses (the losing starts);
* ``A``: the neighbours of ``D`` outside ``D`` (the barrier);
* ``C``: the rest.

The structure theorem: every maximum matching matches ``A`` into distinct
components of ``G[D]``, matches each component of ``G[D]`` (each is
factor-critical) all but one vertex inside itself, and matches ``C``
perfectly inside ``C``; and the system ``A`` against the components of ``D``
has positive surplus.  On a bipartite graph the components of ``D`` are
single vertices, and ``D``, ``A``, ``C`` split per side are the coarse
Dulmage–Mendelsohn decomposition.  :func:`~bipartite_game.theory.game.solve` finds
``D`` and ``A`` already; this module adds the rest.

Edge classes.  An edge is ``every`` (in every maximum matching), ``some`` (in
some but not all) or ``none``.  From the structure theorem, the maximum
matchings are exactly the unions of (a matching of ``A`` into distinct
components of ``D``), (a near-perfect matching of each component of ``D``
around its one vertex not matched inside) and (a perfect matching of
``G[C]``), chosen independently.  Hence, by the kind of the two ends:

* ``D``–``D`` (inside one component ``K``): ``some``.  ``K`` is
  factor-critical, so ``K - x`` has a perfect matching ``N``; with ``y``'s
  partner ``y'`` in ``N``, ``N - yy' + xy`` is a near-perfect matching of
  ``K`` missing ``y'``, and ``y'`` is missed by some maximum matching of the
  whole graph (it is in ``D``).  Never ``every``: some maximum matching
  misses ``x``.
* ``A``–``D``: ``some``.  Positive surplus means Hall's condition still holds
  after removing ``a`` and the component of ``d``, so some maximum matching
  matches ``a`` to that component at ``d``; never ``every`` as ``d`` is in D.
* ``A``–``A`` and ``A``–``C``: ``none`` (``A`` is always matched into ``D``,
  ``C`` always inside ``C``).  There is no ``D``–``C`` edge.
* ``C``–``C``: as for the perfect matchings of ``G[C]``.  An edge outside the
  matching ``M`` is in some perfect matching iff it lies on an ``M``-alternating
  cycle; a matched edge is in every one iff no other edge at its ends is
  in any.

``C``–``C`` on bipartite graphs, in linear time: orient ``G[C]`` from side
0 to side 1 along unmatched edges and back along matched ones, and contract
each matched edge to its side-0 end: arcs ``u -> mate(w)`` for every unmatched
edge ``u w``.  An alternating cycle through ``u w`` is exactly a directed
cycle through that arc, so the unmatched edge is ``some`` iff ``u`` and
``mate(w)`` share a strongly connected component, and a matched edge
``u mate(u)`` is ``every`` iff ``u``'s component is ``u`` alone.  These
components, each with its partners, are the blocks of the fine
Dulmage–Mendelsohn decomposition (:attr:`Decomposition.block`): an edge of
``G[C]`` is allowed iff both ends are in one block, and ``every`` iff it is
matched and its block has two vertices.  Tarjan's algorithm, iterative:
O(V + E) after the matching.

``C``–``C`` on general graphs: :func:`~.allowed.allowed_edges` (its
module docstring has the argument and the costs) finds the allowed edges of
``G[C]`` in about the time of a solve on the graphs people run: exact
reductions, alternating cycles found in bulk, and Edmonds' search only for
the few rows left, within a budget of steps estimated before that work
(:class:`~.allowed.EdgeClassesTooLarge` past it; ``budget=`` here, ``--budget``
on ``edges`` and ``sweep``).  The worst case stays O(V·E·α), as the best
known deterministic bound for this problem.

Elementary components.  The allowed edges of ``G[C]`` split ``C`` into
connected pieces (:attr:`Decomposition.elementary`): each is an elementary
graph (every edge of it in some perfect matching, matched pairs inside it),
and the edges between two pieces are in no maximum matching.  On a
bipartite graph they are the fine blocks.  Each piece splits further into
the classes of the Kotzig–Lovász canonical partition (``u ~ v`` when
``G[C] - u - v`` has no perfect matching), which needs pairs that are not
edges and is not computed here.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int8Array, Int32Array
from .._frozen import FrozenArrays, freeze, own_frozen
from ..errors import BipartiteGameError
from ..graphs.convert import is_networkx_graph
from ..graphs.graph import Graph, GraphLike, Vertex, as_graph, board_hint, vertices_repr
from . import edge_classes
from ._docs import shared_docs
from .allowed import DEFAULT_BUDGET, allowed_edges, elementary_pieces
from .game import Solution, solve

__all__ = [
    "EDGE_CLASSES",
    "VERTEX_CLASSES",
    "Decomposition",
    "decompose",
]

#: Names of the vertex classes, indexed by :attr:`Decomposition.vertex_class`.
VERTEX_CLASSES = ("D", "A", "C")
#: Names of the edge classes, indexed by :attr:`Decomposition.edge_class`.
EDGE_CLASSES = ("none", "some", "every")

_D, _A, _C = 0, 1, 2
_NONE, _SOME, _EVERY = 0, 1, 2
#: The pictures' strokes of the edge classes.
_EVERY_STROKE, _SOME_STROKE, _NONE_STROKE = "#2f4a1f", "#8a8778", "#c2beb0"


@shared_docs
@dataclass(frozen=True, eq=False)
class Decomposition(FrozenArrays):
    """The Gallai–Edmonds decomposition of a graph and its edge classes.

    Made by :func:`decompose`.  The arrays are read-only, and one made
    writable again makes the decomposition refused by every method (an O(1)
    check, as for :class:`~bipartite_game.graphs.graph.Graph`).  One built by
    hand keeps read-only copies of the arrays given (no copy of one
    read-only already) and is checked against ``decompose(solution)``: the
    cost of one decomposition.

    Parameters
    ----------
    solution : Solution
        The solution it is built from (its graph and maximum matching).
    vertex_class : numpy.ndarray
        Per vertex: 0 ``D`` (missed by some maximum matching), 1 ``A`` (the
        barrier), 2 ``C`` (see :data:`VERTEX_CLASSES`).
    side : numpy.ndarray or None
        The 2-colouring for a bipartite graph (then ``D``, ``A``, ``C`` per
        side are the coarse Dulmage–Mendelsohn decomposition), else ``None``.
    block : numpy.ndarray or None
        Bipartite graphs: the fine Dulmage–Mendelsohn block of every ``C``
        vertex (a vertex and its partner share one), numbered in reverse
        topological order of the blocks; -1 outside ``C``.  ``None`` on other
        graphs.
    edge_class : numpy.ndarray
        Per CSR entry (aligned with ``graph.indices``, both directions of an
        edge alike): 0 ``none``, 1 ``some``, 2 ``every`` (see
        :data:`EDGE_CLASSES`).

    Attributes
    ----------
    graph : Graph
        The solution's graph.
    mate : numpy.ndarray
        The solution's maximum matching.
    in_d, in_a, in_c : numpy.ndarray
        Masks of the three classes of vertices.
    num_blocks : int
        The number of fine blocks.
    elementary : numpy.ndarray
        Per vertex, its elementary component of ``C`` (the components of
        the edges of ``G[C]`` in some maximum matching), -1 outside ``C``;
        computed on first use (:meth:`elementary_components`).

    {checked_against(decompose)}

    Examples
    --------
    >>> d = decompose(Graph.from_edges(["a", "b", "c"], ["b", "c", "d"]))
    >>> d.classes(), d.num_blocks
    ({'a': 'C', 'b': 'C', 'c': 'C', 'd': 'C'}, 2)
    """

    solution: Solution = field(repr=False)
    vertex_class: Int8Array = field(repr=False)
    side: npt.NDArray[np.int8] | None = field(repr=False)
    block: Int32Array | None = field(repr=False)
    edge_class: Int8Array = field(repr=False)

    _frozen_arrays = ("vertex_class", "side", "block", "edge_class")
    _frozen_parts = ("solution",)

    def __post_init__(self) -> None:
        """A hand-made decomposition: private read-only copies, equal to
        ``decompose(solution)``.  O(V + E) plus one decomposition."""
        if not isinstance(self.solution, Solution):
            raise BipartiteGameError(
                f"a Decomposition needs a Solution, not {type(self.solution).__name__}"
            )
        truth = decompose(self.solution)
        for name in ("vertex_class", "side", "block", "edge_class"):
            value, expected = getattr(self, name), getattr(truth, name)
            if expected is None or value is None:
                if value is not expected:
                    raise BipartiteGameError(
                        f"a Decomposition's {name} must be "
                        f"{'None' if expected is None else 'an array'} for this graph"
                    )
                continue
            if not (
                isinstance(value, np.ndarray)
                and value.dtype == expected.dtype
                and value.shape == expected.shape
                and np.array_equal(value, expected)
            ):
                raise BipartiteGameError(
                    f"a Decomposition's {name} is not the decomposition of its solution"
                )
            object.__setattr__(self, name, own_frozen(value))

    @classmethod
    def _trusted(
        cls,
        solution: Solution,
        vertex_class: Int8Array,
        side: npt.NDArray[np.int8] | None,
        block: Int32Array | None,
        edge_class: Int8Array,
    ) -> Decomposition:
        """:func:`decompose`'s own: no check, the fresh arrays frozen in
        place (``side`` is the graph's, frozen already).  O(1)."""
        made = cls.__new__(cls)
        parts = {
            "solution": solution,
            "vertex_class": freeze(vertex_class),
            "side": side,
            "block": None if block is None else freeze(block),
            "edge_class": freeze(edge_class),
        }
        for name, value in parts.items():
            object.__setattr__(made, name, value)
        return made

    @property
    def graph(self) -> Graph:
        return self.solution.graph

    @property
    def mate(self) -> Int32Array:
        return self.solution.mate

    @property
    def in_d(self) -> BoolArray:
        """A mask of ``D``, the vertices some maximum matching misses (the
        losing starts).  O(V)."""
        self.check_intact()
        result: BoolArray = self.vertex_class == _D
        return result

    @property
    def in_a(self) -> BoolArray:
        """A mask of ``A``, the barrier (the neighbours of ``D`` outside
        ``D``).  O(V)."""
        self.check_intact()
        result: BoolArray = self.vertex_class == _A
        return result

    @property
    def in_c(self) -> BoolArray:
        """A mask of ``C``, the vertices neither in ``D`` nor next to it
        (matched perfectly among themselves).  O(V)."""
        self.check_intact()
        result: BoolArray = self.vertex_class == _C
        return result

    @property
    def num_blocks(self) -> int:
        """Number of fine blocks (bipartite graphs; 0 otherwise)."""
        self.check_intact()
        if self.block is None or not self.block.size:
            return 0
        return int(self.block.max()) + 1

    @cached_property
    def elementary(self) -> Int32Array:
        """Per vertex, its elementary component; -1 outside ``C``.

        The components of the allowed edges of ``G[C]`` (those in some
        maximum matching), numbered 0, 1, ... in order of their smallest
        vertex id.  Each is an elementary graph: every edge inside it is in
        some maximum matching, each vertex's partner is in its component,
        and every edge between two components (or from ``C`` to ``A``) is in
        none.  On a bipartite graph the components are the fine blocks
        (:attr:`block`, numbered otherwise).  Computed on first use from
        :attr:`edge_class`, O(E α(V)); read-only.

        Returns
        -------
        numpy.ndarray of int32
            One entry per vertex id.

        See Also
        --------
        elementary_components : the same, as lists of vertices.

        Examples
        --------
        >>> d = decompose(Graph.from_edges([0, 1, 2, 3, 4], [1, 2, 0, 4, 5]))
        >>> d.elementary.tolist()   # a triangle (D) and the path 3-4-5 (D, A, D)
        [-1, -1, -1, -1, -1, -1]
        >>> square = decompose(Graph.from_edges([0, 1, 2, 3, 4], [1, 2, 3, 0, 5]))
        >>> square.elementary.tolist()   # a 4-cycle and the edge 4-5
        [0, 0, 0, 0, 1, 1]
        """
        self.check_intact()
        g = self.graph
        pieces = elementary_pieces(g.indptr, g.indices, self.in_c, self.edge_class != _NONE)
        return freeze(pieces)

    def elementary_components(self) -> list[list[Vertex]]:
        """The elementary components of ``G[C]``, as lists of vertices.

        The vertices of each component of :attr:`elementary`, as the graph
        names them (labels, else ids), in id order; the components in order
        of their smallest vertex.  Why components and not the finer
        Kotzig–Lovász canonical partition: the module docstring.

        Returns
        -------
        list of list
            One list per component, each of even length (matched pairs).

        Examples
        --------
        >>> d = decompose(Graph.from_edges([0, 1, 2, 3, 4], [1, 2, 3, 0, 5]))
        >>> d.elementary_components()
        [[0, 1, 2, 3], [4, 5]]
        """
        self.check_intact()
        pieces = self.elementary
        inside = np.flatnonzero(pieces >= 0)
        if not inside.size:
            return []
        order = inside[np.argsort(pieces[inside], kind="stable")]
        cuts = np.flatnonzero(np.diff(pieces[order])) + 1
        labels = self.graph.labels_of(order)
        bounds = [0, *cuts.tolist(), int(order.size)]
        return [labels[a:b] for a, b in itertools.pairwise(bounds)]

    def class_of(self, v: Hashable) -> str:
        """``"D"``, ``"A"`` or ``"C"`` for the vertex ``v`` (a label on a
        labelled graph).  O(1).

        {vertex_parameter(v)}

        Returns
        -------
        str
            Its class.

        {no_vertex(v)}

        Examples
        --------
        >>> decompose(Graph.from_edges([0, 1], [1, 2])).class_of(1)
        'A'
        """
        self.check_intact()
        return VERTEX_CLASSES[int(self.vertex_class[self.graph.vertex_id(v)])]

    @cached_property
    def _edge_list(self) -> tuple[Int32Array, Int32Array, Int8Array]:
        g = self.graph
        src = np.repeat(np.arange(g.num_vertices, dtype=np.int32), np.diff(g.indptr))
        upper = src < g.indices
        return src[upper], g.indices[upper], self.edge_class[upper]

    def edges(self) -> tuple[Int32Array, Int32Array, Int8Array]:
        """``(u, v, cls)``: every edge once (``u < v``, in CSR order) with its
        class (0 none, 1 some, 2 every).  O(E), vectorised.

        Returns
        -------
        u, v : numpy.ndarray
            The endpoints' ids (int32).
        cls : numpy.ndarray
            The class of each edge (int8).

        Examples
        --------
        >>> u, v, cls = decompose(Graph.from_edges([0, 1, 2], [1, 2, 3])).edges()
        >>> u.tolist(), v.tolist(), cls.tolist()
        ([0, 1, 2], [1, 2, 3], [2, 0, 2])
        """
        self.check_intact()
        u, v, cls = self._edge_list
        return u.copy(), v.copy(), cls.copy()

    def classes(self) -> dict[Vertex, str]:
        """``{vertex: "D", "A" or "C"}`` for every vertex, keyed as the
        graph names them (labels, else ids), in id order.  O(V).

        Returns
        -------
        dict
            The class of every vertex.

        Examples
        --------
        >>> decompose(Graph.from_edges(["a", "b"], ["b", "c"])).classes()
        {'a': 'D', 'b': 'A', 'c': 'D'}
        """
        self.check_intact()
        g = self.graph
        names = [VERTEX_CLASSES[k] for k in self.vertex_class.tolist()]
        return dict(zip(g.labels_of(np.arange(g.num_vertices)), names, strict=True))

    def edge_classes(self) -> dict[tuple[Vertex, Vertex], str]:
        """``{(u, v): "every", "some" or "none"}`` for every edge once, as
        vertex pairs the graph's way (labels, else ids; ``u`` before ``v`` in
        id order), in the order of :meth:`edges`.  O(E).

        Returns
        -------
        dict
            The class of every edge.

        Examples
        --------
        >>> decompose(Graph.from_edges(["a", "b", "c"], ["b", "c", "d"])).edge_classes()
        {('a', 'b'): 'every', ('b', 'c'): 'none', ('c', 'd'): 'every'}
        """
        self.check_intact()
        u, v, cls = self._edge_list
        pairs = zip(self.graph.labels_of(u), self.graph.labels_of(v), strict=True)
        return dict(zip(pairs, [EDGE_CLASSES[k] for k in cls.tolist()], strict=True))

    def edge_class_of(self, u: Hashable, v: Hashable) -> str:
        """``"every"``, ``"some"`` or ``"none"`` for the edge ``u v`` (labels
        on a labelled graph); :class:`BipartiteGameError` if it is not an
        edge.  O(log degree).

        Parameters
        ----------
        u, v : hashable
            The edge's endpoints, as the graph names them.

        Returns
        -------
        str
            Its class.

        Raises
        ------
        BipartiteGameError
            When ``u v`` is not an edge.

        Examples
        --------
        >>> decompose(Graph.from_edges(["a", "b", "c"], ["b", "c", "d"])).edge_class_of("c", "b")
        'none'
        """
        self.check_intact()
        g = self.graph
        a = g.vertex_id(u)
        b = g.vertex_id(v)
        row = g.indices[g.indptr[a] : g.indptr[a + 1]]
        k = int(np.searchsorted(row, b))
        if k >= row.size or row[k] != b:
            raise BipartiteGameError(f"no edge {g.label(a)!r} - {g.label(b)!r} in the graph")
        return EDGE_CLASSES[int(self.edge_class[g.indptr[a] + k])]

    def __repr__(self) -> str:
        """The graph's size, the vertices of each class as the graph names
        them (the first few of a long class, and how many more: see
        :func:`~bipartite_game.graphs.graph.vertices_repr`), the number of
        fine blocks on a bipartite graph, and the edges of each class.
        O(V + E)."""
        self.check_intact()
        g = self.graph
        classes = ", ".join(
            f"{name}={vertices_repr(g, np.flatnonzero(self.vertex_class == k))}"
            for k, name in enumerate(VERTEX_CLASSES)
        )
        blocks = f", blocks={self.num_blocks}" if self.block is not None else ""
        return (
            f"Decomposition(num_vertices={g.num_vertices}, num_edges={g.num_edges}, "
            f"{classes}{blocks}, edges={self.count()!r})"
        )

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the vertices of ``D`` (the losing starts), ``A``
        (the barrier) and ``C`` tinted, the edges in every maximum matching
        drawn thick and dark, those in none dashed; a summary when the graph
        is too large to draw.  O(V + E) pieces."""
        from ..drawing.pictures import oversize, picture
        from ..drawing.svg import A_CLASS, C_CLASS, LOSING, summary_svg

        self.check_intact()
        tally = np.bincount(self.vertex_class, minlength=3)
        edges = self.count()
        summary = [
            f"Decomposition of {self.graph!r}",
            f"D {tally[_D]}, A {tally[_A]}, C {tally[_C]} vertices; edges in every maximum "
            f"matching {edges['every']}, in some {edges['some']}, in none {edges['none']}",
        ]
        note = oversize(self.graph)
        if note is not None:
            return summary_svg([*summary, note])
        cls = self._edge_list[2]
        return picture(
            self.graph,
            summary,
            tints=[
                (np.flatnonzero(self.vertex_class == k).tolist(), fill, name)
                for k, fill, name in ((_D, LOSING, "D"), (_A, A_CLASS, "A"), (_C, C_CLASS, "C"))
            ],
            edge_styles=[
                (cls == _EVERY, _EVERY_STROKE, "every", 3.5, False),
                (cls == _SOME, _SOME_STROKE, "some", 1.5, False),
                (cls == _NONE, _NONE_STROKE, "none", 1.5, True),
            ],
            legend=[
                (LOSING, "D: missed by some maximum matching (the mover loses)"),
                (A_CLASS, "A: the barrier, neighbours of D outside it"),
                (C_CLASS, "C: the rest, matched perfectly among themselves"),
                (_EVERY_STROKE, "edges: in every maximum matching thick, some thin, none dashed"),
            ],
        )

    def count(self) -> dict[str, int]:
        """How many edges of each class.

        Returns
        -------
        dict
            ``{"none": ..., "some": ..., "every": ...}``.

        Examples
        --------
        >>> decompose(Graph.from_edges(["a", "b", "c"], ["b", "c", "d"])).count()
        {'none': 1, 'some': 0, 'every': 2}
        """
        self.check_intact()
        cls = self._edge_list[2]
        tally = np.bincount(cls, minlength=3)
        return {name: int(tally[k]) for k, name in enumerate(EDGE_CLASSES)}


def decompose(
    graph: GraphLike | Solution, *, budget: int | None = DEFAULT_BUDGET
) -> Decomposition:
    """The Gallai–Edmonds decomposition of ``graph`` and its edge classes.

    Takes a :class:`Graph` (solved first) or a :class:`Solution` (its
    matching reused).  The theory and the algorithms are in the module
    docstring.

    Parameters
    ----------
    graph : GraphLike or Solution
        A :class:`Graph` or a networkx graph (solved first), or a
        :class:`Solution` (its matching reused).
    budget : int or None, optional
        The steps of exact search the edge classes of a general graph may
        take (:data:`~.allowed.DEFAULT_BUDGET`, some seconds; ``None``: no
        limit).  Only the rare residue of :func:`~.allowed.allowed_edges`
        counts; bipartite graphs never use it.

    Returns
    -------
    Decomposition
        The vertex classes, the fine blocks (bipartite graphs) and every
        edge's class.

    Raises
    ------
    BipartiteGameError
        If ``graph`` is none of those, or ``budget`` is not a whole number
        >= 0 or None.
    EdgeClassesTooLarge
        If the edge classes' exact residue would pass ``budget`` (estimated
        before that work where it can be; the message names its size).

    See Also
    --------
    solve : the solution it starts from.

    Notes
    -----
    Cost: the solve, then O(V + E) on bipartite graphs (one Tarjan pass);
    on other graphs O(E log V) of reductions and a few linear rounds of
    certificates, then at most ``budget`` steps of exact search (with a
    progress bar on the command line's terminal; Ctrl-C honoured).

    Examples
    --------
    >>> d = decompose(Graph.from_edges([0, 1], [1, 2]))   # the path 0-1-2
    >>> [d.class_of(v) for v in range(3)], d.edge_class_of(0, 1)
    (['D', 'A', 'D'], 'some')
    >>> decompose(Graph.from_edges([0], [1])).edge_class_of(0, 1)
    'every'
    >>> d  # doctest: +ELLIPSIS
    Decomposition(num_vertices=3, num_edges=2, D=[0, 2], A=[1], C=[], blocks=0, edges=...)
    """
    if isinstance(graph, Solution):
        solution = graph
        solution.check_intact()
    elif isinstance(graph, Graph) or is_networkx_graph(graph):
        solution = solve(as_graph(graph, "decompose"))
    else:
        raise BipartiteGameError(
            "decompose() takes a Graph, a networkx graph or a Solution, "
            f"not {type(graph).__name__}{board_hint(graph)}"
        )
    g = solution.graph
    vertex_class = np.full(g.num_vertices, _C, dtype=np.int8)
    vertex_class[solution.barrier] = _A
    vertex_class[solution.losing] = _D
    side = g.two_colouring().side
    in_c = vertex_class == _C
    if side is not None:
        block = edge_classes.fine_blocks(g.indptr, g.indices, side, solution.mate, in_c)
        allowed = edge_classes.same_block(g.indptr, g.indices, block)
    else:
        block = None
        allowed = allowed_edges(g.indptr, g.indices, solution.mate, in_c, budget=budget)
    edge_class = edge_classes.classify(g.indptr, g.indices, solution.mate, vertex_class, allowed)
    return Decomposition._trusted(solution, vertex_class, side, block, edge_class)
