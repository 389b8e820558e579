"""Undirected graphs as CSR arrays, their constructors and their 2-colouring.

A :class:`Graph` stores every undirected edge ``{u, v}`` twice, as ``u -> v``
and ``v -> u``, in compressed sparse row form: the neighbours of ``v`` are
``indices[indptr[v]:indptr[v + 1]]``, sorted, without repeats or self-loops.
Vertices are ``0 .. n - 1``; optional labels name them for people.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ._jit import kernel
from .errors import BipartiteGameError, NotBipartiteError

__all__ = ["Colouring", "Graph"]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]
SideArray = npt.NDArray[np.int8]

#: Largest vertex count the int32 index arrays can hold.
MAX_VERTICES = 2**31 - 1


@dataclass(frozen=True)
class Colouring:
    """The outcome of 2-colouring a graph.

    ``side`` gives each vertex 0 or 1 with every edge joining different sides,
    or is ``None`` when no such colouring exists; ``odd_cycle`` is then a cycle
    of odd length (vertex ids, consecutive ones adjacent, last adjacent to
    first) that proves it.
    """

    side: SideArray | None
    odd_cycle: Int32Array | None

    @property
    def is_bipartite(self) -> bool:
        return self.side is not None


class Graph:
    """An undirected simple graph in CSR form.

    Build one with :meth:`from_edges`, :meth:`from_edge_list`,
    :meth:`from_networkx` or :meth:`from_scipy`; the plain constructor trusts
    arrays that are already a symmetric CSR without loops or repeats
    (``validate=True`` checks that, in O(E log E)).

    Examples
    --------
    >>> g = Graph.from_edges([0, 1], [1, 2])
    >>> g.num_vertices, g.num_edges
    (3, 2)
    >>> g.neighbors(1).tolist()
    [0, 2]
    """

    __slots__ = ("_colouring", "_index", "indices", "indptr", "labels")

    def __init__(
        self,
        indptr: npt.ArrayLike,
        indices: npt.ArrayLike,
        labels: Sequence[Hashable] | None = None,
        *,
        side: SideArray | None = None,
        validate: bool = False,
    ) -> None:
        self.indptr: IntArray = np.ascontiguousarray(indptr, dtype=np.int64)
        self.indices: Int32Array = np.ascontiguousarray(indices, dtype=np.int32)
        self.labels: list[Hashable] | None = list(labels) if labels is not None else None
        self._index: dict[Hashable, int] | None = None
        self._colouring: Colouring | None = (
            Colouring(np.ascontiguousarray(side, dtype=np.int8), None) if side is not None else None
        )
        if validate:
            self._validate()

    # ----------------------------------------------------------------- basics
    @property
    def num_vertices(self) -> int:
        return int(self.indptr.size - 1)

    @property
    def num_edges(self) -> int:
        """Number of undirected edges."""
        return int(self.indices.size // 2)

    def degree(self) -> IntArray:
        """Degree of every vertex."""
        return np.diff(self.indptr)

    def neighbors(self, v: int) -> Int32Array:
        """The neighbours of ``v``, sorted."""
        self._check_vertex(v)
        return self.indices[self.indptr[v] : self.indptr[v + 1]]

    def has_edge(self, u: int, v: int) -> bool:
        self._check_vertex(u)
        self._check_vertex(v)
        row = self.indices[self.indptr[u] : self.indptr[u + 1]]
        k = int(np.searchsorted(row, v))
        return k < row.size and int(row[k]) == v

    def edges(self) -> tuple[Int32Array, Int32Array]:
        """Each undirected edge once, as arrays ``(u, v)`` with ``u < v``."""
        src = np.repeat(np.arange(self.num_vertices, dtype=np.int32), np.diff(self.indptr))
        keep = src < self.indices
        return src[keep], self.indices[keep]

    def label(self, v: int) -> Hashable:
        """The label of vertex ``v`` (its id when the graph has no labels)."""
        self._check_vertex(v)
        return self.labels[v] if self.labels is not None else v

    def index(self, label: Hashable) -> int:
        """The vertex id that carries ``label``."""
        if self.labels is None:
            if isinstance(label, (int, np.integer)) and 0 <= int(label) < self.num_vertices:
                return int(label)
            raise BipartiteGameError(f"no vertex {label!r}")
        if self._index is None:
            self._index = {name: i for i, name in enumerate(self.labels)}
        try:
            return self._index[label]
        except KeyError:
            raise BipartiteGameError(f"no vertex labelled {label!r}") from None

    def __repr__(self) -> str:
        return f"Graph(num_vertices={self.num_vertices}, num_edges={self.num_edges})"

    # ------------------------------------------------------------ colouring
    def two_colouring(self) -> Colouring:
        """2-colour the graph by breadth-first search, or find an odd cycle.

        O(V + E).  The result is cached.
        """
        if self._colouring is None:
            side, parent, u, w = _two_colour(self.indptr, self.indices)
            if u < 0:
                self._colouring = Colouring(side, None)
            else:
                self._colouring = Colouring(None, _tree_cycle(parent, u, w))
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
    def without(self, vertices: npt.ArrayLike) -> Graph:
        """The same vertices with every edge at ``vertices`` removed.

        Vertex ids and labels are unchanged, so a solution of the result speaks
        of the same vertices.  O(V + E).
        """
        n = self.num_vertices
        removed = np.zeros(n, dtype=bool)
        removed[np.asarray(vertices, dtype=np.int64)] = True
        src = np.repeat(np.arange(n, dtype=np.int64), np.diff(self.indptr))
        keep = ~(removed[src] | removed[self.indices])
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(src[keep], minlength=n), out=indptr[1:])
        side = self._colouring.side if self._colouring is not None else None
        return Graph(indptr, self.indices[keep], self.labels, side=side)

    def component(self, v: int, *, limit: int | None = None) -> BoolArray | None:
        """The vertices of ``v``'s connected component, as a mask; ``None``
        when it has more than ``limit`` vertices (the search stops there, so
        asking costs O(limit) edges' work at most).  O(V + E)."""
        self._check_vertex(v)
        n = self.num_vertices
        cap = n if limit is None else max(0, min(int(limit), n))
        seen, complete = _component(self.indptr, self.indices, int(v), cap)
        return seen if complete else None

    def subgraph(self, keep: npt.ArrayLike) -> Graph:
        """The subgraph induced by the mask ``keep``, its vertices renumbered
        in their old order (labels and a known colouring kept).  O(V) for the
        renumbering plus the kept vertices' degrees, compiled."""
        mask = np.asarray(keep, dtype=np.bool_)
        if mask.shape != (self.num_vertices,):
            raise BipartiteGameError(
                f"keep must have one entry per vertex ({self.num_vertices}), not shape {mask.shape}"
            )
        kept = np.flatnonzero(mask).astype(np.int32)
        indptr, indices = _induced(self.indptr, self.indices, kept)
        labels = None
        if self.labels is not None:
            labels = [self.labels[v] for v in kept.tolist()]
        side = None
        if self._colouring is not None and self._colouring.side is not None:
            side = self._colouring.side[kept]
        return Graph(indptr, indices, labels, side=side)

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
        more than the largest endpoint.  O(E log E).
        """
        src = np.asarray(u, dtype=np.int64).ravel()
        dst = np.asarray(v, dtype=np.int64).ravel()
        if src.shape != dst.shape:
            raise BipartiteGameError(f"edge arrays differ in length: {src.size} and {dst.size}")
        if num_vertices is None:
            num_vertices = (
                len(labels)
                if labels is not None
                else int(max(src.max(initial=-1), dst.max(initial=-1)) + 1)
            )
        n = int(num_vertices)
        if n < 0 or n > MAX_VERTICES:
            raise BipartiteGameError(f"vertex count out of range: {n}")
        if labels is not None and len(labels) != n:
            raise BipartiteGameError(f"{len(labels)} labels for {n} vertices")
        if src.size and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
            raise BipartiteGameError(f"edge endpoint out of range 0..{n - 1}")
        indptr, indices = _symmetric_csr(src, dst, n)
        return cls(indptr, indices, labels)

    @classmethod
    def from_edge_list(cls, text: str | bytes) -> Graph:
        """Parse an edge list (``u v`` a line, ``#`` comments); see :mod:`.edgelist`."""
        from .edgelist import parse_edge_list

        return parse_edge_list(text).to_graph()

    @classmethod
    def from_networkx(cls, nx_graph: Any) -> Graph:
        """Build from a networkx graph; vertex order and labels follow its nodes."""
        nodes = list(nx_graph.nodes)
        position = {node: i for i, node in enumerate(nodes)}
        pairs = np.array(
            [(position[a], position[b]) for a, b in nx_graph.edges()], dtype=np.int64
        ).reshape(-1, 2)
        return cls.from_edges(pairs[:, 0], pairs[:, 1], len(nodes), nodes)

    @classmethod
    def from_scipy(cls, matrix: Any) -> Graph:
        """Build from a square scipy sparse matrix; any stored entry is an edge."""
        coo = matrix.tocoo()
        if coo.shape[0] != coo.shape[1]:
            raise BipartiteGameError(f"adjacency matrix must be square, not {coo.shape}")
        return cls.from_edges(coo.row, coo.col, int(coo.shape[0]))

    @classmethod
    def from_adjacency(cls, adjacency: Iterable[Iterable[int]]) -> Graph:
        """Build from a list of neighbour lists (small graphs, tests, examples)."""
        rows = [list(row) for row in adjacency]
        src = [v for v, row in enumerate(rows) for _ in row]
        dst = [w for row in rows for w in row]
        return cls.from_edges(src, dst, len(rows))

    def to_networkx(self) -> Any:
        """A networkx ``Graph`` on the ids ``0 .. n - 1``."""
        import networkx as nx

        out = nx.Graph()
        out.add_nodes_from(range(self.num_vertices))
        u, v = self.edges()
        out.add_edges_from(zip(u.tolist(), v.tolist(), strict=True))
        return out

    # ------------------------------------------------------------- internals
    def _check_vertex(self, v: int) -> None:
        if not 0 <= v < self.num_vertices:
            raise BipartiteGameError(f"no vertex {v!r} in a graph of {self.num_vertices}")

    def _validate(self) -> None:
        n = self.num_vertices
        if n < 0 or self.indptr[0] != 0 or np.any(np.diff(self.indptr) < 0):
            raise BipartiteGameError("indptr must start at 0 and never decrease")
        if self.indptr[-1] != self.indices.size:
            raise BipartiteGameError("indptr[-1] must equal the number of indices")
        if self.indices.size and (self.indices.min() < 0 or self.indices.max() >= n):
            raise BipartiteGameError(f"neighbour index out of range 0..{n - 1}")
        src = np.repeat(np.arange(n, dtype=np.int64), np.diff(self.indptr))
        indptr, indices = _symmetric_csr(src, self.indices.astype(np.int64), n)
        if not (np.array_equal(indptr, self.indptr) and np.array_equal(indices, self.indices)):
            raise BipartiteGameError(
                "arrays are not a symmetric CSR with sorted rows, no repeats, no self-loops"
            )


def _symmetric_csr(src: IntArray, dst: IntArray, n: int) -> tuple[IntArray, Int32Array]:
    """Both directions of every non-loop edge, sorted and without repeats."""
    keep = src != dst
    a = np.concatenate([src[keep], dst[keep]])
    b = np.concatenate([dst[keep], src[keep]])
    key = np.unique(a * np.int64(max(n, 1)) + b)
    rows = key // max(n, 1)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
    return indptr, (key % max(n, 1)).astype(np.int32)


@kernel
def _two_colour(indptr: IntArray, indices: Int32Array) -> tuple[SideArray, Int32Array, int, int]:
    """BFS 2-colouring; on a conflict returns the offending edge's ends."""
    n = indptr.size - 1
    side = np.full(n, -1, dtype=np.int8)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    for root in range(n):
        if side[root] >= 0:
            continue
        side[root] = 0
        head = 0
        tail = 1
        queue[0] = root
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if side[w] < 0:
                    side[w] = 1 - side[v]
                    parent[w] = v
                    queue[tail] = w
                    tail += 1
                elif side[w] == side[v]:
                    return side, parent, int(v), int(w)
    return side, parent, -1, -1


@kernel
def _tree_cycle(parent: Int32Array, u: int, w: int) -> Int32Array:
    """The cycle closed by the non-tree edge ``u - w`` in a BFS forest."""
    n = parent.size
    on_path = np.zeros(n, dtype=np.bool_)
    x = u
    while x >= 0:
        on_path[x] = True
        x = parent[x]
    meet = w
    while not on_path[meet]:
        meet = parent[meet]
    length = 1
    x = u
    while x != meet:
        length += 1
        x = parent[x]
    x = w
    while x != meet:
        length += 1
        x = parent[x]
    cycle = np.empty(length, dtype=np.int32)
    k = 0
    x = u
    while x != meet:
        cycle[k] = x
        k += 1
        x = parent[x]
    cycle[k] = meet
    # the w-branch runs from meet back down to w
    k = length - 1
    x = w
    while x != meet:
        cycle[k] = x
        k -= 1
        x = parent[x]
    return cycle


@kernel
def _component(
    indptr: IntArray, indices: Int32Array, source: int, limit: int
) -> tuple[BoolArray, bool]:
    """Mask of the vertices reachable from ``source``, and whether the search
    finished; it gives up once it has found more than ``limit`` vertices.

    Breadth-first by levels.  A small level is searched in the order found;
    a large one (at least 1/32 of the vertices) is first put in increasing
    order by one sweep over a mark array, so that its rows, and the marks of
    their neighbours, are read as forward streams rather than at random (on
    the lock lattices this is about twice as fast as a depth-first stack).
    At most 32 levels are large, so the sweeps cost O(32 V) bytes at most.
    """
    n = indptr.size - 1
    seen = np.zeros(n, dtype=np.bool_)
    fresh = np.zeros(n, dtype=np.bool_)
    level = np.empty(n, dtype=np.int32)
    found = np.empty(n, dtype=np.int32)
    seen[source] = True
    level[0] = source
    size = 1
    total = 1
    while size > 0:
        if total > limit:
            return seen, False
        count = 0
        low = n
        high = -1
        for t in range(size):
            v = level[t]
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if not seen[w]:
                    seen[w] = True
                    fresh[w] = True
                    found[count] = w
                    count += 1
                    low = min(low, w)
                    high = max(high, w)
        total += count
        if count * 32 >= n:
            size = 0
            for w in range(low, high + 1):
                if fresh[w]:
                    fresh[w] = False
                    level[size] = w
                    size += 1
        else:
            for t in range(count):
                w = found[t]
                fresh[w] = False
                level[t] = w
            size = count
    return seen, True


@kernel
def _induced(
    indptr: IntArray, indices: Int32Array, kept: Int32Array
) -> tuple[IntArray, Int32Array]:
    """CSR of the subgraph induced by the vertices ``kept`` (increasing),
    renumbered ``0 .. kept.size - 1`` in that order; rows stay sorted."""
    n = indptr.size - 1
    new_id = np.full(n, -1, dtype=np.int32)
    for t in range(kept.size):
        new_id[kept[t]] = t
    sub_indptr = np.zeros(kept.size + 1, dtype=np.int64)
    for t in range(kept.size):
        v = kept[t]
        width = 0
        for k in range(indptr[v], indptr[v + 1]):
            if new_id[indices[k]] >= 0:
                width += 1
        sub_indptr[t + 1] = sub_indptr[t] + width
    sub_indices = np.empty(sub_indptr[kept.size], dtype=np.int32)
    for t in range(kept.size):
        v = kept[t]
        at = sub_indptr[t]
        for k in range(indptr[v], indptr[v + 1]):
            w = new_id[indices[k]]
            if w >= 0:
                sub_indices[at] = w
                at += 1
    return sub_indptr, sub_indices
