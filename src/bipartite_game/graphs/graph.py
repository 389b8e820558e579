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

    Examples
    --------
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
        """Degree of every vertex (int64)."""
        self.check_intact()
        return np.diff(self.indptr).astype(np.int64, copy=False)

    def neighbors(self, v: Hashable) -> list[Vertex]:
        """The neighbours of the vertex ``v``, in id order: labels on a
        labelled graph, else ids as plain ints.  O(degree)."""
        return self.labels_of(self.neighbor_ids(self.vertex_id(v)))

    def neighbor_ids(self, v: int) -> Int32Array:
        """The ids of the neighbours of the vertex with id ``v``, sorted: a
        read-only view of :attr:`indices` (the array layer).  O(1)."""
        self.check_intact()
        v = vertex_id(v, self.num_vertices)
        return self.indices[self.indptr[v] : self.indptr[v + 1]]

    def has_edge(self, u: Hashable, v: Hashable) -> bool:
        self.check_intact()
        u = self.vertex_id(u)
        v = self.vertex_id(v)
        row = self.indices[self.indptr[u] : self.indptr[u + 1]]
        k = int(np.searchsorted(row, v))
        return k < row.size and int(row[k]) == v

    def edges(self) -> tuple[Int32Array, Int32Array]:
        """Each undirected edge once, as id arrays ``(u, v)`` with ``u < v``
        (the array layer; :meth:`edge_pairs` gives them as labels)."""
        self.check_intact()
        src = np.repeat(np.arange(self.num_vertices, dtype=np.int32), np.diff(self.indptr))
        keep = src < self.indices
        return src[keep], self.indices[keep]

    def edge_pairs(self) -> list[tuple[Vertex, Vertex]]:
        """Each undirected edge once as a pair of vertices, labels on a
        labelled graph (else ids), in the order of :meth:`edges`: what
        networkx's ``G.edges()`` lists.  O(E)."""
        u, v = self.edges()
        return list(zip(self.labels_of(u), self.labels_of(v), strict=True))

    def labels_of(self, ids: npt.ArrayLike) -> list[Vertex]:
        """The vertices with ids ``ids`` as the user names them: their labels
        on a labelled graph, else the ids as plain ints.  The one translation
        from the array layer out, O(len(ids)) (a list comprehension, made
        only when asked for)."""
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
        :func:`._checks.vertex_id`).  O(1)."""
        if self.labels is not None:
            if isinstance(v, (bool, np.bool_)):
                raise BipartiteGameError(f"no vertex labelled {v!r}")
            return self.index(v)
        return vertex_id(v, self.num_vertices)

    def vertex_ids(self, vertices: object, what: str = "vertices") -> IntArray:
        """The ids of the vertices ``vertices`` name (labels on a labelled
        graph, else ids; see :meth:`vertex_id`), as an int64 array, or a
        :class:`BipartiteGameError` naming ``what``.  O(len(vertices)): a
        Python pass over the labels, at the boundary."""
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
        int, when the graph has no labels).  O(1)."""
        v = vertex_id(v, self.num_vertices)
        return self.labels[v] if self.labels is not None else v

    def unlabelled(self) -> Graph:
        """The same graph without its labels, sharing its arrays (O(1)): for
        code that works in ids throughout, on a labelled graph too."""
        self.check_intact()
        if self.labels is None:
            return self
        side = self._colouring.side if self._colouring is not None else None
        return Graph._trusted(self.indptr, self.indices, None, side=side)

    def index(self, label: Hashable) -> int:
        """The vertex id that carries ``label``."""
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
        return self.two_colouring().is_bipartite

    def sides(self) -> SideArray:
        """The 2-colouring; raises :class:`NotBipartiteError` naming an odd cycle."""
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
        asking costs O(limit) edges' work at most).  O(V + E)."""
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
        vertices' degrees, compiled."""
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
        never made: a large edge list's graph costs only its arrays)."""
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
        A multigraph's repeated edges count once.  O(V + E)."""
        u, v, nodes = convert.networkx_ends(nx_graph)
        return cls.from_edges(u, v, len(nodes), nodes)

    @classmethod
    def from_scipy(cls, matrix: Any) -> Graph:
        """Build from a square scipy sparse matrix; any stored entry is an edge."""
        u, v, n = convert.scipy_ends(matrix)
        return cls.from_edges(u, v, n)

    @classmethod
    def from_adjacency(
        cls, adjacency: Iterable[Iterable[int]] | Mapping[Any, Iterable[Any]]
    ) -> Graph:
        """Build from neighbour lists: a list of lists of ids (vertex ``i``'s
        neighbours at ``i``), or a dict ``{vertex: [neighbours]}`` of labels,
        networkx's dict-of-lists (every key is a vertex, in the dict's order,
        then any neighbour not a key).  O(V + E)."""
        u, v, n, labels = convert.adjacency_ends(adjacency)
        return cls.from_edges(u, v, n, labels)

    @classmethod
    def from_successors(cls, start: Hashable, successors: Any, *, limit: int = 100_000) -> Graph:
        """The game graph of the states reachable from ``start``, labelled by
        them (vertex 0 is ``start``); see :func:`.successors.explore`."""
        from .successors import explore  # here: start-up time of the judges

        u, v, states = explore(start, successors, limit=limit)
        return cls.from_edges(u, v, num_vertices=len(states), labels=states)

    def to_networkx(self) -> Any:
        """A networkx ``Graph`` with this graph's vertices as its nodes (the
        labels, else the ids), in id order.  Needs networkx, an optional
        dependency.  O(V + E)."""
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
