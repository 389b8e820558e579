"""Undirected graphs as CSR arrays, their constructors and their 2-colouring.

A :class:`Graph` stores every undirected edge ``{u, v}`` twice, as ``u -> v``
and ``v -> u``, in compressed sparse row form: the neighbours of ``v`` are
``indices[indptr[v]:indptr[v + 1]]``, sorted, without repeats or self-loops.
Vertices are ``0 .. n - 1``; optional labels name them for people.

Labels in, labels out.  On a graph with labels, every method and every
function of the game layer that takes a vertex takes its *label*, never its
id, and every vertex it gives back is a label: a graph whose labels are the
integers ``10, 20, 30`` names its first vertex ``10``, and ``0`` is no vertex
of it.  On a graph without labels the vertices are their ids, plain Python
ints.  The array layer is indexed by id whatever the labels (``indptr``,
``indices``, :meth:`Graph.edges`, :meth:`Graph.without_ids`, a solution's
``losing`` and ``mate``); :meth:`Graph.index` and :meth:`Graph.label` go
between the two.

Ids and arrays from callers are checked by :mod:`._checks` before any kernel
sees them.  A graph is immutable: its arrays (``indptr``, ``indices``, the
colouring's) are read-only, and its labels a tuple, so that the check made
once at construction still holds at every kernel call.  Setting an array's
``flags.writeable`` back to true is found by :meth:`Graph.check_intact`
(O(1)), which every method and every function taking a graph calls: the
graph is then refused rather than trusted.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray, SideArray
from .._checks import (
    CHECK_MEMORY_FROM,
    MAX_VERTICES,
    checked_edges,
    checked_labels,
    checked_side,
    int_scalar,
    validated_csr,
    vertex_array,
    vertex_id,
)
from .._frozen import FrozenArrays, freeze, is_frozen
from .._limits import ensure_fits
from ..errors import BipartiteGameError, NotBipartiteError
from . import convert, csr
from .convert import is_networkx_graph
from .csr import OffsetArray

if TYPE_CHECKING:
    from .edgelist import EdgeList

__all__ = [
    "REPR_CHARS",
    "REPR_VERTICES",
    "Colouring",
    "Graph",
    "GraphLike",
    "OffsetArray",
    "Vertex",
    "as_graph",
    "board_hint",
    "vertices_repr",
]


@dataclass(frozen=True)
class Colouring(FrozenArrays):
    """The outcome of 2-colouring a graph.

    ``side`` gives each vertex 0 or 1 with every edge joining different sides,
    or is ``None`` when no such colouring exists; ``odd_cycle`` is then a cycle
    of odd length (vertex ids, consecutive ones adjacent, last adjacent to
    first) that proves it.  Both arrays are read-only (the bipartite
    kernels trust ``side``); a caller's array is copied unless it is
    read-only already.

    Parameters
    ----------
    side : int8 array or None
        0 or 1 per vertex, every edge joining different sides; ``None`` when
        the graph has an odd cycle.
    odd_cycle : int32 array or None
        An odd cycle (vertex ids in order) when ``side`` is ``None``, else
        ``None``.

    See Also
    --------
    Graph.two_colouring : how a graph finds its colouring.

    Examples
    --------
    >>> c = Graph.from_edges([0, 1], [1, 2]).two_colouring()
    >>> c.side.tolist(), c.odd_cycle, c.is_bipartite
    ([0, 1, 0], None, True)
    """

    side: SideArray | None
    odd_cycle: Int32Array | None

    _frozen_arrays = ("side", "odd_cycle")

    def __post_init__(self) -> None:
        for name in ("side", "odd_cycle"):
            value = getattr(self, name)
            if value is not None:
                if not isinstance(value, np.ndarray):
                    raise BipartiteGameError(f"a Colouring's {name} must be an array or None")
                if not is_frozen(value):
                    object.__setattr__(self, name, freeze(np.array(value, copy=True)))

    @property
    def is_bipartite(self) -> bool:
        return self.side is not None


class Graph(FrozenArrays):
    """An undirected simple graph in CSR form.

    Build one with :meth:`from_edges`, :meth:`from_edge_list`,
    :meth:`from_networkx` or :meth:`from_scipy`, or from CSR arrays with the
    plain constructor, which checks them once: ``indptr`` (``n + 1`` offsets,
    from 0, never decreasing, ending at ``len(indices)``) and ``indices``
    (ids ``0 .. n - 1``, each row sorted without repeats or self-loops, every
    ``u -> v`` matched by ``v -> u``), both integers without loss (see the
    module docstring; booleans refused); ``labels`` one per vertex; ``side``,
    if given, a 2-colouring (0/1 or booleans, every edge joining different
    sides), which the bipartite solvers will trust.  The check costs O(V + E)
    plus one sort of the E edge keys, and any violation raises
    :class:`BipartiteGameError` naming it.  The graph keeps its own copies.
    ``labels``, if given, are hashable and distinct, one per vertex.

    A graph is immutable: :attr:`indptr`, :attr:`indices` and the
    colouring's arrays are read-only numpy arrays (write to a ``.copy()``),
    :attr:`labels` is a tuple, and none of them can be reassigned.  An array
    whose ``flags.writeable`` is set back to true makes the graph refused by
    every method and every function that takes it
    (:meth:`check_intact`): the kernels never read an array that may have
    changed since the check.  (Setting the flag back to false again after a
    write, or writing through a view made while it was true, defeats this:
    a deliberate act whose results are undefined.)

    On a labelled graph the methods that take a vertex take its label,
    never its id, and the ones that return vertices return labels (see the
    module docstring); the arrays are indexed by id.

    The package's own builders, whose output is valid by construction,
    skip the check through the private ``Graph._trusted``.

    Parameters
    ----------
    indptr : array_like
        ``n + 1`` integer row offsets, from 0, never decreasing, ending at
        ``len(indices)``.
    indices : array_like
        The neighbours of each vertex, row after row: ids ``0 .. n - 1``, each
        row sorted without repeats or self-loops, every ``u -> v`` matched by
        ``v -> u``.
    labels : sequence of hashable, optional
        One distinct label per vertex; the methods then take and return
        labels.
    side : array_like, optional
        A 2-colouring (0/1 or booleans, every edge joining different sides),
        which the bipartite solvers will trust.

    Attributes
    ----------
    indptr : int64 or int32 array
        The row offsets, read-only.
    indices : int32 array
        The neighbours, read-only.
    labels : tuple of hashable or None
        The vertices' labels.
    num_vertices, num_edges : int
        The sizes.

    Raises
    ------
    BipartiteGameError
        When the arrays break a rule above, naming it.

    See Also
    --------
    solve : who wins vertex geography from each start.

    Examples
    --------
    >>> Graph([0, 1, 3, 4], [1, 0, 2, 1])          # the path 0-1-2, as CSR
    Graph(num_vertices=3, num_edges=2)

    >>> g = Graph.from_edges([0, 1], [1, 2])
    >>> g.num_vertices, g.num_edges
    (3, 2)
    >>> g.neighbors(1)
    [0, 2]
    """

    __slots__ = ("_colouring", "_index", "_indices", "_indptr", "_labels")
    _frozen_arrays = ("_indptr", "_indices", "_colouring.side", "_colouring.odd_cycle")

    def __init__(
        self,
        indptr: npt.ArrayLike,
        indices: npt.ArrayLike,
        labels: Sequence[Hashable] | None = None,
        *,
        side: npt.ArrayLike | None = None,
    ) -> None:
        checked_indptr, checked_indices = validated_csr(indptr, indices)
        n = checked_indptr.size - 1
        names = None if labels is None else checked_labels(labels, n)
        colouring = None if side is None else checked_side(side, checked_indptr, checked_indices)
        self._set(checked_indptr, checked_indices, names, colouring)

    @classmethod
    def _trusted(
        cls,
        indptr: npt.ArrayLike,
        indices: npt.ArrayLike,
        labels: Sequence[Hashable] | None = None,
        *,
        side: npt.ArrayLike | None = None,
    ) -> Graph:
        """A graph from arrays known to be valid: no check, no copy of arrays
        that already have the right dtype (int32 offsets are kept: a board
        builder writes them when the entries fit).  For this package's
        builders only; anything else reaching the kernels unchecked can make
        them read out of bounds.  O(1) (O(V + E) if a dtype must change)."""
        graph = cls.__new__(cls)
        given = np.asarray(indptr)
        offsets: OffsetArray
        if given.dtype == np.int32:
            offsets = np.ascontiguousarray(given, dtype=np.int32)
        else:
            offsets = np.ascontiguousarray(given, dtype=np.int64)
        graph._set(
            offsets,
            np.ascontiguousarray(indices, dtype=np.int32),
            tuple(labels) if labels is not None else None,
            None if side is None else np.ascontiguousarray(side, dtype=np.int8),
        )
        return graph

    def _set(
        self,
        indptr: OffsetArray,
        indices: Int32Array,
        labels: tuple[Hashable, ...] | None,
        side: SideArray | None,
    ) -> None:
        """Keep the arrays, frozen in place: they are this graph's own (the
        constructor's copies, or a builder's fresh arrays)."""
        self._indptr: OffsetArray = freeze(indptr)
        self._indices: Int32Array = freeze(indices)
        self._labels: tuple[Hashable, ...] | None = labels
        self._index: dict[Hashable, int] | None = None
        self._colouring: Colouring | None = (
            Colouring(freeze(side), None) if side is not None else None
        )

    # ----------------------------------------------------------- the arrays
    @property
    def indptr(self) -> OffsetArray:
        """The row offsets, ``indices[indptr[v]:indptr[v + 1]]`` being
        ``v``'s neighbours (int64, or int32 from a board builder); read-only."""
        return self._indptr

    @property
    def indices(self) -> Int32Array:
        """Every vertex's neighbours, sorted, row after row (int32); read-only."""
        return self._indices

    @property
    def labels(self) -> tuple[Hashable, ...] | None:
        """One distinct hashable label per vertex, or ``None``."""
        return self._labels

    # ----------------------------------------------------------------- basics
    @property
    def num_vertices(self) -> int:
        return int(self.indptr.size - 1)

    @property
    def num_edges(self) -> int:
        """Number of undirected edges."""
        return int(self.indices.size // 2)

    def degree(self) -> IntArray:
        """Degree of every vertex (int64).

        Returns
        -------
        numpy.ndarray
            The degree of every vertex, by id (int64).

        Examples
        --------
        >>> Graph.from_edges([0, 1], [1, 2]).degree().tolist()
        [1, 2, 1]
        """
        self.check_intact()
        return np.diff(self.indptr).astype(np.int64, copy=False)

    def neighbors(self, v: Hashable) -> list[Vertex]:
        """The neighbours of the vertex ``v``, in id order: labels on a
        labelled graph, else ids as plain ints.  O(degree).

        Parameters
        ----------
        v : hashable
            A vertex: a label on a labelled graph, else an id.

        Returns
        -------
        list of Vertex
            Its neighbours, in id order, named as the graph names its vertices.

        Raises
        ------
        BipartiteGameError
            When ``v`` is no vertex of the graph.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).neighbors("b")
        ['a', 'c']
        """
        return self.labels_of(self.neighbor_ids(self.vertex_id(v)))

    def neighbor_ids(self, v: int) -> Int32Array:
        """The ids of the neighbours of the vertex with id ``v``, sorted: a
        read-only view of :attr:`indices` (the array layer).  O(1).

        Parameters
        ----------
        v : int
            A vertex id, whatever the labels.

        Returns
        -------
        numpy.ndarray
            The ids of its neighbours, sorted (int32, read-only).

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).neighbor_ids(1).tolist()
        [0, 2]
        """
        self.check_intact()
        v = vertex_id(v, self.num_vertices)
        return self.indices[self.indptr[v] : self.indptr[v + 1]]

    def has_edge(self, u: Hashable, v: Hashable) -> bool:
        """Whether the vertices ``u`` and ``v`` are joined.  O(log degree).

        Parameters
        ----------
        u, v : hashable
            Two vertices, as the graph names them (labels or ids).

        Returns
        -------
        bool
            ``True`` when the edge ``u v`` is in the graph.

        Raises
        ------
        BipartiteGameError
            When ``u`` or ``v`` is no vertex of the graph.

        Examples
        --------
        >>> g = Graph.from_edges([0, 1], [1, 2])
        >>> g.has_edge(1, 0), g.has_edge(0, 2)
        (True, False)
        """
        self.check_intact()
        u = self.vertex_id(u)
        v = self.vertex_id(v)
        row = self.indices[self.indptr[u] : self.indptr[u + 1]]
        k = int(np.searchsorted(row, v))
        return k < row.size and int(row[k]) == v

    def edges(self) -> tuple[Int32Array, Int32Array]:
        """Each undirected edge once, as id arrays ``(u, v)`` with ``u < v``
        (the array layer; :meth:`edge_pairs` gives them as labels).

        Returns
        -------
        u, v : numpy.ndarray
            The endpoints' ids (int32), ``u[k] < v[k]``, ordered by ``u``.

        Examples
        --------
        >>> u, v = Graph.from_edges([0, 1], [1, 2]).edges()
        >>> u.tolist(), v.tolist()
        ([0, 1], [1, 2])
        """
        self.check_intact()
        src = np.repeat(np.arange(self.num_vertices, dtype=np.int32), np.diff(self.indptr))
        keep = src < self.indices
        return src[keep], self.indices[keep]

    def edge_pairs(self) -> list[tuple[Vertex, Vertex]]:
        """Each undirected edge once as a pair of vertices, labels on a
        labelled graph (else ids), in the order of :meth:`edges`: what
        networkx's ``G.edges()`` lists.  O(E).

        Returns
        -------
        list of tuple
            One ``(u, v)`` pair per edge.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).edge_pairs()
        [('a', 'b'), ('b', 'c')]
        """
        u, v = self.edges()
        return list(zip(self.labels_of(u), self.labels_of(v), strict=True))

    def labels_of(self, ids: npt.ArrayLike) -> list[Vertex]:
        """The vertices with ids ``ids`` as the user names them: their labels
        on a labelled graph, else the ids as plain ints.  The one translation
        from the array layer out, O(len(ids)) (a list comprehension, made
        only when asked for).

        Parameters
        ----------
        ids : array_like
            A 1-D array of vertex ids.

        Returns
        -------
        list of Vertex
            The labels of those vertices, in the same order (the ids themselves
            on a graph without labels).

        Raises
        ------
        BipartiteGameError
            When ``ids`` is not a 1-D array of ids of this graph.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).labels_of([2, 0])
        ['c', 'a']
        """
        found = np.asarray(ids)
        if found.ndim != 1 or (found.size and found.dtype.kind not in "iu"):
            raise BipartiteGameError("labels_of() takes a 1-D array of vertex ids")
        if found.size:
            low, high = int(found.min()), int(found.max())
            vertex_id(low, self.num_vertices)
            vertex_id(high, self.num_vertices)
        listed: list[int] = found.tolist()
        if self.labels is None:
            return list(listed)
        labels = self.labels
        return [labels[v] for v in listed]

    def vertex_id(self, v: object) -> int:
        """The id of the vertex ``v`` names, or a :class:`BipartiteGameError`
        quoting it: what every method taking a vertex accepts.  On a graph
        with labels ``v`` is a label, never an id (so ``0`` names the vertex
        labelled ``0``, wherever it sits, and is no vertex of a graph
        labelled ``"a", "b"``); without labels it is an id (see
        :func:`._checks.vertex_id`).  O(1).

        Parameters
        ----------
        v : object
            A vertex as the graph names it.

        Returns
        -------
        int
            Its id.

        Raises
        ------
        BipartiteGameError
            When ``v`` names no vertex.

        Examples
        --------
        >>> g = Graph.from_edges(["a", "b"], ["b", "c"])
        >>> g.vertex_id("c")
        2
        """
        if self.labels is not None:
            if isinstance(v, (bool, np.bool_)):
                raise BipartiteGameError(f"no vertex labelled {v!r}")
            return self.index(v)
        return vertex_id(v, self.num_vertices)

    def vertex_ids(self, vertices: object, what: str = "vertices") -> IntArray:
        """The ids of the vertices ``vertices`` name (labels on a labelled
        graph, else ids; see :meth:`vertex_id`), as an int64 array, or a
        :class:`BipartiteGameError` naming ``what``.  O(len(vertices)): a
        Python pass over the labels, at the boundary.

        Parameters
        ----------
        vertices : object
            A sequence of vertices as the graph names them.
        what : str, optional
            What the vertices are, for the error message.

        Returns
        -------
        numpy.ndarray
            Their ids (int64), in the same order.

        Raises
        ------
        BipartiteGameError
            When ``vertices`` is not a sequence of vertices of the graph.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).vertex_ids(["c", "a"]).tolist()
        [2, 0]
        """
        if self.labels is None:
            return vertex_array(vertices, self.num_vertices, what)
        if isinstance(vertices, (str, bytes)):
            raise BipartiteGameError(f"{what} must be a sequence of vertices, not one string")
        try:
            listed = list(vertices)  # type: ignore[call-overload]
        except TypeError:
            raise BipartiteGameError(
                f"{what} must be a sequence of vertices, not {type(vertices).__name__}"
            ) from None
        ids = [self.vertex_id(x) for x in listed]
        return np.array(ids, dtype=np.int64)

    def label(self, v: int) -> Vertex:
        """The label of the vertex with id ``v`` (the id itself, a plain
        int, when the graph has no labels).  O(1).

        Parameters
        ----------
        v : int
            A vertex id.

        Returns
        -------
        Vertex
            Its label, or ``v`` itself on a graph without labels.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).label(1)
        'b'
        """
        v = vertex_id(v, self.num_vertices)
        return self.labels[v] if self.labels is not None else v

    def unlabelled(self) -> Graph:
        """The same graph without its labels, sharing its arrays (O(1)): for
        code that works in ids throughout, on a labelled graph too.

        Returns
        -------
        Graph
            This graph without labels (itself if it has none).

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).unlabelled().labels is None
        True
        """
        self.check_intact()
        if self.labels is None:
            return self
        side = self._colouring.side if self._colouring is not None else None
        return Graph._trusted(self.indptr, self.indices, None, side=side)

    def index(self, label: Hashable) -> int:
        """The vertex id that carries ``label``.

        Parameters
        ----------
        label : hashable
            A label (an id on a graph without labels).

        Returns
        -------
        int
            The id of the vertex with that label.

        Raises
        ------
        BipartiteGameError
            When no vertex has that label.

        Examples
        --------
        >>> Graph.from_edges(["a", "b"], ["b", "c"]).index("b")
        1
        """
        if self.labels is None:
            return vertex_id(label, self.num_vertices)
        try:
            if self._index is None:
                self._index = {name: i for i, name in enumerate(self.labels)}
            return self._index[label]
        except KeyError:
            raise BipartiteGameError(f"no vertex labelled {label!r}") from None
        except TypeError as error:  # an unhashable label, asked for or given
            raise BipartiteGameError(f"cannot look up label {label!r}: {error}") from None

    def __repr__(self) -> str:
        labelled = ", labelled" if self.labels is not None else ""
        return f"Graph(num_vertices={self.num_vertices}, num_edges={self.num_edges}{labelled})"

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the vertices at their labels when those are grid
        coordinates ``(row, col)``, else laid out by force (deterministic);
        a summary past a few hundred vertices
        (:func:`~bipartite_game.drawing.pictures.picture`)."""
        from ..drawing.pictures import picture

        self.check_intact()
        return picture(self, [repr(self)])

    # ------------------------------------------------------------ colouring
    def two_colouring(self) -> Colouring:
        """2-colour the graph by breadth-first search, or find an odd cycle.

        O(V + E).  The result is cached.

        Returns
        -------
        Colouring
            The sides, or an odd cycle.

        See Also
        --------
        sides : the sides, or an error naming the odd cycle.

        Examples
        --------
        >>> Graph.from_edges([0, 1, 2], [1, 2, 0]).two_colouring().odd_cycle.tolist()
        [...]
        """
        self.check_intact()
        if self._colouring is None:
            side, parent, u, w = csr.two_colour(self.indptr, self.indices)
            if u < 0:
                self._colouring = Colouring(freeze(side), None)
            else:
                self._colouring = Colouring(None, freeze(csr.tree_cycle(parent, u, w)))
        return self._colouring

    @property
    def colouring(self) -> Colouring | None:
        """The 2-colouring if it is known already (given by the builder or
        the constructor's ``side``, or found by :meth:`two_colouring`),
        else ``None``; never searches.  O(1)."""
        self.check_intact()
        return self._colouring

    def is_bipartite(self) -> bool:
        """Whether the graph has a 2-colouring (no odd cycle).  O(V + E), cached.

        Returns
        -------
        bool
            ``True`` when the graph is bipartite.

        Examples
        --------
        >>> Graph.from_edges([0, 1, 2], [1, 2, 0]).is_bipartite()
        False
        """
        return self.two_colouring().is_bipartite

    def sides(self) -> SideArray:
        """The 2-colouring; raises :class:`NotBipartiteError` naming an odd cycle.

        Returns
        -------
        numpy.ndarray
            0 or 1 per vertex (int8, read-only), every edge joining different
            sides.

        Raises
        ------
        NotBipartiteError
            When the graph has an odd cycle, quoted in the message.

        Examples
        --------
        >>> Graph.from_edges([0, 1], [1, 2]).sides().tolist()
        [0, 1, 0]
        """
        colouring = self.two_colouring()
        if colouring.side is None:
            assert colouring.odd_cycle is not None
            cycle = [int(v) for v in colouring.odd_cycle]
            shown = " - ".join(str(self.label(v)) for v in cycle[:12])
            more = " - ..." if len(cycle) > 12 else ""
            raise NotBipartiteError(
                f"graph is not bipartite: odd cycle of length {len(cycle)}: "
                f"{shown}{more} - {self.label(cycle[0])}",
                cycle,
            )
        return colouring.side

    # --------------------------------------------------------- derived graphs
    def without(self, vertices: object) -> Graph:
        """The graph with ``vertices`` and their edges removed, as networkx's
        ``remove_nodes_from`` leaves it: the other vertices keep their
        names and their order.

        ``vertices`` is one vertex or an iterable of vertices as the graph
        names them (labels on a labelled graph, else ids); an object that is
        itself a vertex counts as one, as in networkx.  On a graph without
        labels the vertices left keep their ids as labels (and stay
        unlabelled when those are ``0 .. k - 1`` already, that is when only
        the last vertices were removed).  A known 2-colouring is kept.
        :meth:`without_ids` is the array layer's form, which keeps every id.
        O(V + E).

        Parameters
        ----------
        vertices : object
            One vertex or an iterable of vertices, as the graph names them.

        Returns
        -------
        Graph
            The graph without them.

        Raises
        ------
        BipartiteGameError
            When one of ``vertices`` is no vertex of the graph.

        Examples
        --------
        >>> g = Graph.from_edges(["a", "b", "c"], ["b", "c", "d"])  # a path
        >>> rest = g.without(["b"])
        >>> rest.labels, rest.edge_pairs()
        (('a', 'c', 'd'), [('c', 'd')])
        >>> Graph.from_edges([0, 1], [1, 2]).without(0).labels  # ids kept as names
        (1, 2)
        """
        self.check_intact()
        removed = np.zeros(self.num_vertices, dtype=np.bool_)
        removed[self._named_ids(vertices, "vertices to remove")] = True
        kept = np.flatnonzero(~removed)
        graph = self.subgraph(~removed)
        if self.labels is not None or not kept.size or kept[-1] == kept.size - 1:
            return graph
        side = graph._colouring.side if graph._colouring is not None else None
        return Graph._trusted(graph.indptr, graph.indices, tuple(kept.tolist()), side=side)

    def _named_ids(self, vertices: object, what: str) -> IntArray:
        """The ids of one vertex or an iterable of vertices, named as the
        graph names them (an object that is a vertex counts as one; one that
        is neither a vertex nor iterable is refused as a vertex), checked.
        O(k)."""
        if self.labels is None:
            return self._id_or_ids(vertices, what)
        try:
            return np.array([self.vertex_id(vertices)], dtype=np.int64)
        except BipartiteGameError:
            if isinstance(vertices, (str, bytes)) or not isinstance(vertices, Iterable):
                raise
        return self.vertex_ids(vertices, what)

    def _id_or_ids(self, ids: object, what: str) -> IntArray:
        """One id (by the rules of one id) or an array of ids, checked, as an
        int64 array.  O(k)."""
        try:
            single = np.ndim(ids) == 0  # type: ignore[arg-type]
        except (ValueError, TypeError):
            single = False  # a ragged list, say: vertex_array says why
        if single:
            return np.array([vertex_id(ids, self.num_vertices)], dtype=np.int64)
        return vertex_array(ids, self.num_vertices, what)

    def without_ids(self, ids: npt.ArrayLike) -> Graph:
        """The same vertices with every edge at the vertices ``ids`` removed:
        the array layer's :meth:`without`.

        Every id keeps its meaning (the vertices removed stay, isolated,
        and the labels are kept), so the arrays of a solution of the result
        are indexed as this graph's: what the game layer needs to re-solve
        what is left of a game (``Position.best_moves``).  ``ids`` is one id
        or an array of ids (checked), whatever the labels.  O(V + E).

        Parameters
        ----------
        ids : array_like
            One vertex id or an array of ids.

        Returns
        -------
        Graph
            The same vertices, without the edges at ``ids``.

        Examples
        --------
        >>> g = Graph.from_edges([0, 1], [1, 2]).without_ids([0])
        >>> g.num_vertices, g.edge_pairs()
        (3, [(1, 2)])
        """
        self.check_intact()
        n = self.num_vertices
        removed = np.zeros(n, dtype=bool)
        removed[self._id_or_ids(ids, "vertices to cut off")] = True
        src = np.repeat(np.arange(n, dtype=np.int64), np.diff(self.indptr))
        keep = ~(removed[src] | removed[self.indices])
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(src[keep], minlength=n), out=indptr[1:])
        side = self._colouring.side if self._colouring is not None else None
        return Graph._trusted(indptr, self.indices[keep], self.labels, side=side)

    def component(self, v: Hashable, *, limit: int | None = None) -> BoolArray | None:
        """The vertices of ``v``'s connected component, as a mask; ``None``
        when it has more than ``limit`` vertices (the search stops there, so
        asking costs O(limit) edges' work at most).  O(V + E).

        Parameters
        ----------
        v : hashable
            A vertex, as the graph names it.
        limit : int, optional
            The most vertices to search; ``None``, the default, for no limit.

        Returns
        -------
        numpy.ndarray or None
            A boolean mask of ``v``'s component, or ``None`` when it has more
            than ``limit`` vertices.

        Examples
        --------
        >>> g = Graph.from_edges([0, 2], [1, 3])
        >>> g.component(0).tolist()
        [True, True, False, False]
        >>> g.component(0, limit=1) is None
        True
        """
        self.check_intact()
        v = self.vertex_id(v)
        n = self.num_vertices
        cap = n if limit is None else max(0, min(int_scalar(limit, "limit"), n))
        seen, complete = csr.component(self.indptr, self.indices, v, cap)
        return seen if complete else None

    def subgraph(self, keep: npt.ArrayLike) -> Graph:
        """The subgraph induced by the mask ``keep``, its vertices renumbered
        in their old order (labels and a known colouring kept); ``keep`` must
        be booleans, one per vertex.  O(V) for the renumbering plus the kept
        vertices' degrees, compiled.

        Parameters
        ----------
        keep : array_like
            A boolean mask, one entry per vertex.

        Returns
        -------
        Graph
            The induced subgraph of the vertices kept.

        Raises
        ------
        BipartiteGameError
            When ``keep`` is not a boolean mask of the right length.

        Examples
        --------
        >>> g = Graph.from_edges(["a", "b"], ["b", "c"]).subgraph([False, True, True])
        >>> g.labels, g.edge_pairs()
        (('b', 'c'), [('b', 'c')])
        """
        self.check_intact()
        try:
            mask = np.asarray(keep)
        except (ValueError, TypeError) as error:
            raise BipartiteGameError(f"keep must be a boolean mask ({error})") from None
        if mask.dtype != np.bool_:
            raise BipartiteGameError(f"keep must be a boolean mask, not {mask.dtype}")
        if mask.shape != (self.num_vertices,):
            raise BipartiteGameError(
                f"keep must have one entry per vertex ({self.num_vertices}), not shape {mask.shape}"
            )
        kept = np.flatnonzero(mask).astype(np.int32)
        indptr, indices = csr.induced(self.indptr, self.indices, kept)
        labels = None
        if self.labels is not None:
            labels = tuple(self.labels[v] for v in kept.tolist())
        side = None
        if self._colouring is not None and self._colouring.side is not None:
            side = self._colouring.side[kept]
        return Graph._trusted(indptr, indices, labels, side=side)

    # ----------------------------------------------------------- constructors
    @classmethod
    def from_edges(
        cls,
        u: npt.ArrayLike,
        v: npt.ArrayLike,
        num_vertices: int | None = None,
        labels: Sequence[Hashable] | None = None,
    ) -> Graph:
        """Build from two equal-length arrays of endpoints.

        Repeated edges (in either direction) count once; self-loops are dropped
        (a token can never move along one).  ``num_vertices`` defaults to one
        more than the largest endpoint (or the number of labels).  Endpoints
        are integer ids (see the module docstring: whole-number floats pass,
        ``0.5`` does not), or labels: when an endpoint is neither a number
        nor a boolean (``from_edges(["a"], ["b"])``, networkx-style tuples),
        every endpoint is a label, looked up in ``labels=`` if given (which
        then also names isolated vertices), else numbered in order of first
        appearance (``u[0], v[0], u[1], ...``) and kept as the labels.
        O(E log E) (one sort of the edge keys), plus a Python pass over the
        endpoints when they are not a numpy array.

        Parameters
        ----------
        u, v : array_like
            The endpoints: ``u[k] - v[k]`` is an edge.
        num_vertices : int, optional
            The number of vertices (isolated ones included).
        labels : sequence of hashable, optional
            One label per vertex.

        Returns
        -------
        Graph
            The graph.

        Raises
        ------
        BipartiteGameError
            When the endpoints are not ids in range, or not labels.

        Examples
        --------
        >>> Graph.from_edges([0, 1, 1], [1, 2, 0])      # 1-0 repeats 0-1
        Graph(num_vertices=3, num_edges=2)
        >>> Graph.from_edges(["a"], ["b"]).labels
        ('a', 'b')
        """
        named = convert.labelled_ends(u, v, labels, num_vertices)
        if named is not None:
            u, v, labels = named
        src, dst, n, names = checked_edges(u, v, num_vertices, labels)
        return cls._from_ids(src, dst, n, names)

    @classmethod
    def _from_ids(
        cls,
        u: IntArray | Int32Array,
        v: IntArray | Int32Array,
        n: int,
        labels: Sequence[Hashable] | None = None,
    ) -> Graph:
        """:meth:`from_edges` for endpoint arrays known to be ids in
        ``0 .. n - 1`` (the edge-list reader's, int32 or int64): only the
        size checks, no conversion.  For this package's readers only."""
        if n > MAX_VERTICES:
            raise BipartiteGameError(f"vertex count out of range 0..{MAX_VERTICES}: {n}")
        if n > CHECK_MEMORY_FROM or u.size > CHECK_MEMORY_FROM:
            ensure_fits(
                _BYTES_PER_VERTEX * (n + 1) + _BYTES_PER_EDGE * u.size,
                f"a graph of {n} vertices and {u.size} edge pairs",
            )
        indptr, indices = csr.symmetric_csr(u, v, n)
        return cls._trusted(indptr, indices, labels)

    @classmethod
    def from_edge_list(
        cls,
        text: str | bytes | EdgeList | Iterable[tuple[Hashable, Hashable]],
        *,
        labelled: bool = True,
    ) -> Graph:
        """Parse an edge list (``u v`` a line, ``#`` comments; see
        :mod:`.edgelist`), or build the graph of one already parsed, or of
        a list of pairs ``[("a", "b"), ...]`` (labels: the endpoints, in
        order of first appearance, as :meth:`from_edges`).  The labels of
        text are its tokens unless ``labelled`` is false (then they are
        never made: a large edge list's graph costs only its arrays).

        Parameters
        ----------
        text : str, bytes, EdgeList or iterable of pairs
            The edge list as text, as parsed, or as pairs of labels.
        labelled : bool, optional
            Keep the text's tokens as labels (the default).

        Returns
        -------
        Graph
            The graph.

        Raises
        ------
        InputError
            When the text is not an edge list, naming the line.

        Examples
        --------
        >>> Graph.from_edge_list("a b\\nb c\\n").edge_pairs()
        [('a', 'b'), ('b', 'c')]
        """
        from .edgelist import EdgeList, parse_edge_list  # here: start-up time of the judges

        if not isinstance(text, (str, bytes, EdgeList)):
            src, dst, names = convert.pair_labels(text, "from_edge_list")
            a, b = convert.label_ids(src, dst, names)
            return cls.from_edges(a, b, len(names), names)
        edges = text if isinstance(text, EdgeList) else parse_edge_list(text)
        labels = edges.labels() if labelled else None
        u, v = edges.ends
        return cls._from_ids(u, v, edges.num_vertices, labels)

    @classmethod
    def from_networkx(cls, nx_graph: Any) -> Graph:
        """Build from an undirected networkx graph; vertex order and labels
        follow its nodes, so every method taking a vertex takes its nodes.
        A directed graph is refused: the games here are on undirected graphs,
        and silently forgetting the directions would answer another game.
        A multigraph's repeated edges count once.  O(V + E).

        Parameters
        ----------
        nx_graph : networkx.Graph
            An undirected networkx graph (or multigraph).

        Returns
        -------
        Graph
            The graph, labelled by the nodes.

        Raises
        ------
        BipartiteGameError
            When the graph is directed, or not a networkx graph.

        Examples
        --------
        >>> import networkx as nx
        >>> Graph.from_networkx(nx.path_graph(["a", "b", "c"])).edge_pairs()
        [('a', 'b'), ('b', 'c')]
        """
        u, v, nodes = convert.networkx_ends(nx_graph)
        return cls.from_edges(u, v, len(nodes), nodes)

    @classmethod
    def from_scipy(cls, matrix: Any) -> Graph:
        """Build from a square scipy sparse matrix; any stored entry is an edge.

        Parameters
        ----------
        matrix : scipy.sparse matrix or array
            A square sparse matrix; entry ``(i, j)`` stored makes an edge ``i j``.

        Returns
        -------
        Graph
            The graph, on ids ``0 .. n - 1``.

        Raises
        ------
        BipartiteGameError
            When the matrix is not square or not sparse.

        Examples
        --------
        >>> import scipy.sparse
        >>> Graph.from_scipy(scipy.sparse.csr_array([[0, 1], [0, 0]])).edge_pairs()
        [(0, 1)]
        """
        u, v, n = convert.scipy_ends(matrix)
        return cls.from_edges(u, v, n)

    @classmethod
    def from_adjacency(
        cls, adjacency: Iterable[Iterable[int]] | Mapping[Any, Iterable[Any]]
    ) -> Graph:
        """Build from neighbour lists: a list of lists of ids (vertex ``i``'s
        neighbours at ``i``), or a dict ``{vertex: [neighbours]}`` of labels,
        networkx's dict-of-lists (every key is a vertex, in the dict's order,
        then any neighbour not a key).  O(V + E).

        Parameters
        ----------
        adjacency : iterable of iterables of int, or mapping
            Neighbour lists by id, or a dict from each vertex to its neighbours.

        Returns
        -------
        Graph
            The graph (labelled by the dict's vertices when given a dict).

        Examples
        --------
        >>> Graph.from_adjacency([[1], [0, 2], [1]]).edge_pairs()
        [(0, 1), (1, 2)]
        >>> Graph.from_adjacency({"a": ["b"], "b": []}).edge_pairs()
        [('a', 'b')]
        """
        u, v, n, labels = convert.adjacency_ends(adjacency)
        return cls.from_edges(u, v, n, labels)

    @classmethod
    def from_successors(cls, start: Hashable, successors: Any, *, limit: int = 100_000) -> Graph:
        """The game graph of the states reachable from ``start``, labelled by
        them (vertex 0 is ``start``); see :func:`.successors.explore`.

        Parameters
        ----------
        start : hashable
            The start state.
        successors : callable
            ``successors(state)`` gives the states one move away.
        limit : int, optional
            The most states to explore; more is refused.

        Returns
        -------
        Graph
            The game graph, labelled by the states.

        Raises
        ------
        BipartiteGameError
            When more than ``limit`` states are reachable.

        Examples
        --------
        >>> g = Graph.from_successors(3, lambda n: [n - 1] if n else [])
        >>> g.labels, g.num_edges
        ((3, 2, 1, 0), 3)
        """
        from .successors import explore  # here: start-up time of the judges

        u, v, states = explore(start, successors, limit=limit)
        return cls.from_edges(u, v, num_vertices=len(states), labels=states)

    def to_networkx(self) -> Any:
        """A networkx ``Graph`` with this graph's vertices as its nodes (the
        labels, else the ids), in id order.  Needs networkx, an optional
        dependency.  O(V + E).

        Returns
        -------
        networkx.Graph
            The same graph.

        Examples
        --------
        >>> sorted(Graph.from_edges(["a"], ["b"]).to_networkx().edges())
        [('a', 'b')]
        """
        self.check_intact()
        nodes = self.labels if self.labels is not None else range(self.num_vertices)
        return convert.networkx_graph(nodes, self.edge_pairs())


#: A vertex as the user names it, in and out of every method and function
#: of the game layer (a label of a labelled graph, else an id, a plain
#: int).  ``Any`` to a type checker, since a label is any hashable.
Vertex = Any

#: What the functions taking a graph accept, a :class:`Graph` or a networkx
#: graph (converted once by :func:`as_graph`, its nodes the labels).
#: ``Any`` to a type checker, since networkx is an optional dependency.
GraphLike = Any


#: The most vertices a repr lists by name (then how many more), and the most
#: characters of one name's repr it writes.
REPR_VERTICES, REPR_CHARS = 6, 40


def vertices_repr(graph: Graph, ids: npt.ArrayLike) -> str:
    """The vertices with ids ``ids`` as a repr lists them, named as
    ``graph`` names them: ``['a', 'c']``; past :data:`REPR_VERTICES` the
    first ones and how many more (``[0, 2, 4, 6, 8, 10, ... 94 more]``), and
    a name whose repr is longer than :data:`REPR_CHARS` characters cut
    short with ``...``, so a repr stays one short line whatever the graph.
    O(REPR_VERTICES)."""
    found = np.asarray(ids)
    shown = [_short_repr(name) for name in graph.labels_of(found[:REPR_VERTICES])]
    if found.size > len(shown):
        shown.append(f"... {found.size - len(shown)} more")
    return "[" + ", ".join(shown) + "]"


def _short_repr(value: object) -> str:
    text = repr(value)
    return text if len(text) <= REPR_CHARS else text[: REPR_CHARS - 3] + "..."


def as_graph(obj: object, caller: str) -> Graph:
    """``obj`` as a :class:`Graph`: itself, or a networkx graph converted
    (:meth:`Graph.from_networkx`, its nodes the labels), once, at the
    boundary of a public function; anything else is refused naming
    ``caller``.  The graph is checked intact (:meth:`Graph.check_intact`).
    O(1) for a Graph, O(V + E) to convert."""
    if isinstance(obj, Graph):
        obj.check_intact()
        return obj
    if is_networkx_graph(obj):
        return Graph.from_networkx(obj)
    raise BipartiteGameError(
        f"{caller}() takes a Graph or a networkx graph, not {type(obj).__name__}{board_hint(obj)}"
    )


def board_hint(obj: object) -> str:
    """What a refusal adds when ``obj`` holds a graph (a grid or lock
    board): where the graph is.  O(1)."""
    if isinstance(getattr(obj, "graph", None), Graph):
        return " (a board's move graph is its .graph)"
    return ""


#: Working memory of ``from_edges``: CSR offsets and bincount per vertex, and
#: per edge both directions, their keys, the sorted keys and the rows.
_BYTES_PER_VERTEX, _BYTES_PER_EDGE = 16, 112
