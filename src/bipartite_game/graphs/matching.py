"""Maximum cardinality matching on CSR graphs, as compiled kernels.

A matching is a ``mate`` array (:mod:`.mates`): ``mate[v]`` is the vertex
matched to ``v``, or ``-1`` when ``v`` is free.  The kernels here
(:func:`karp_sipser`, :func:`augment_bipartite`) are the array layer's
documented API: they trust their arguments, which the functions on a
:class:`Graph` check first.

* Start: Karp–Sipser.  A vertex with one free neighbour is matched to it (a
  choice no maximum matching regrets); when none is left, the next free vertex
  takes its free neighbour of least degree.  O(V + E).  On grids with walls
  this alone is usually within a fraction of a percent of maximum.
* Bipartite graphs: one breadth-first search for an augmenting path from
  each free vertex of side 0 in turn (the Hungarian search), with
  Hungarian-tree pruning: a search that fails has explored every vertex its
  root can reach by alternating paths, and none of them can ever lie on an
  augmenting path again (were a later augmenting path to enter that tree,
  its first meeting with the earlier augmentations would give an older
  augmenting path from the root).  They are marked dead and never explored
  again, so failed searches cost O(E) in all.  A successful search costs the
  ball around its root out to the nearest free vertex and flips the shortest
  path it found.  Iterative: paths may be millions of vertices long.
  Why not the classics: on large mazes PF+ (phases of DFS with lookahead
  and fairness, as in the C anchor) spends its time re-exploring the trees
  of roots that can never augment, and Hopcroft–Karp needs hundreds of
  phases because augmenting paths are hundreds of edges long (the
  figures: docs/benchmarks.md, "Leaper mazes").
* Push-relabel, where augmenting paths are long: after a successful
  search that visited more than :data:`HAND_OVER_AFTER` of side 0, the
  remaining free side-0 vertices are matched by push-relabel with global
  relabelling (:func:`_augment_push_relabel`), and D on side 0 is one
  alternating search from those left free.  On leaper mazes Karp–Sipser
  leaves a few hundred free vertices in same-side clusters hundreds of
  cells apart, and each plain search visits a third of the board before
  it meets one (see docs/benchmarks.md); push-relabel's tokens walk down
  exact distances together instead.  Rook mazes never hand over, so they
  pay nothing for it, neither time nor its 4 bytes a vertex.
* The searches start from the side with fewer free vertices after
  Karp–Sipser (:func:`searched_side`): the bipartition is the same, the
  work often half.
* General graphs: Edmonds' blossom search, in :mod:`.blossom`.

Do not swap in ``scipy.sparse.csgraph.maximum_bipartite_matching``: its DFS
never marks dead ends and does not finish on a 150x150 grid with 10 % walls
(scipy issue 26147).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, overload

import numpy as np
import numpy.typing as npt
from numpy.typing import ArrayLike

from .._arrays import BoolArray, Int32Array, SideArray
from .._checks import checked_side
from .._jit import kernel
from ..errors import SolverError
from .graph import Graph, GraphLike, OffsetArray
from .mates import matching_size, require_graph, validate_matching

if TYPE_CHECKING:
    from .._native import Library

__all__ = [
    "DEAD",
    "augment_bipartite",
    "bipartite_matching",
    "karp_sipser",
    "matching_size",
    "maximum_matching",
    "searched_side",
    "start_matching",
    "validate_matching",
]


# The overloads' ArrayLike by its bare name: the API reference evaluates
# overloads without its alias namespace, and npt.ArrayLike would be shown as
# the union it stands for (docs/conf.py).
@overload
def maximum_matching(graph: Graph, *, initial: ArrayLike | None = None) -> Int32Array: ...
@overload
def maximum_matching(
    graph: GraphLike, *, initial: ArrayLike | None = None
) -> Int32Array | dict[Hashable, Hashable]: ...
def maximum_matching(
    graph: GraphLike, *, initial: ArrayLike | None = None
) -> Int32Array | dict[Hashable, Hashable]:
    """A maximum cardinality matching of ``graph`` as a ``mate`` array
    (the array layer, indexed by vertex id); of a networkx graph, as
    networkx's ``bipartite.maximum_matching`` gives one: a dict
    ``{u: v, v: u}`` of its nodes (the ids behind them are not the user's).

    Parameters
    ----------
    graph : GraphLike
        Any undirected graph, a :class:`Graph` or a networkx graph.
        Bipartite graphs use the pruned Hungarian search; others Edmonds'
        blossom search.
    initial : array_like, optional
        A matching to start from (a ``mate`` array); it is checked as
        :func:`validate_matching` checks it.

    Returns
    -------
    numpy.ndarray or dict
        For a :class:`Graph`, the ``mate`` array (int32): ``mate[v]`` is
        ``v``'s partner or ``-1``.  For a networkx graph, a dict
        ``{u: v, v: u}`` of its nodes.

    Raises
    ------
    BipartiteGameError
        When ``graph`` is not a graph, or ``initial`` not a matching of it.

    See Also
    --------
    matching_size : the number of edges of a matching.
    solve : the game this matching decides.

    Examples
    --------
    >>> import networkx as nx
    >>> maximum_matching(nx.path_graph(["a", "b"]))
    {'a': 'b', 'b': 'a'}

    >>> g = Graph.from_edges([0, 1, 2], [1, 2, 3])   # the path 0-1-2-3
    >>> maximum_matching(g).tolist()
    [1, 0, 3, 2]
    """
    g = require_graph(graph, "maximum_matching")
    side = g.two_colouring().side
    mate = start_matching(g, initial)
    if side is not None:
        mate = _bipartite_matching(g, searched_side(side, mate), mate)[0]
    else:
        from .blossom import edmonds  # here: a bipartite answer never loads it (start-up time)

        edmonds(g.indptr, g.indices, mate)
    if g is graph:
        return mate
    matched = np.flatnonzero(mate >= 0)
    return dict(zip(g.labels_of(matched), g.labels_of(mate[matched]), strict=True))


def bipartite_matching(
    graph: Graph, side: npt.ArrayLike, *, initial: npt.ArrayLike | None = None
) -> tuple[Int32Array, BoolArray]:
    """A maximum matching of a bipartite graph, and the Dulmage–Mendelsohn
    set D on side 0 that the search finds on the way.

    ``side`` is a 2-colouring of ``graph``; the searches start from the free
    vertices of side 0.  Returns ``(mate, dead)``: ``dead[v]`` is true exactly
    for the side-0 vertices reachable from a free side-0 vertex by an even
    alternating path (the free ones included), i.e. the vertices of side 0
    that some maximum matching misses.  Why: every free side-0 vertex left at
    the end had a search that failed, the even vertices of its Hungarian tree
    are marked dead, and later augmentations never touch a dead tree (so its
    alternating paths still hold at the end); a search that meets a dead
    vertex stops there, but whatever lies beyond it was already in that dead
    tree.  Cost: the matching; D on side 0 comes free.

    ``side`` is checked first (one 0 or 1, or boolean, per vertex, every edge
    joining different sides: the search relies on it), in O(V + E).
    """
    require_graph(graph, "bipartite_matching")
    checked = checked_side(side, graph.indptr, graph.indices)
    return _bipartite_matching(graph, checked, start_matching(graph, initial))


def searched_side(side: SideArray, mate: Int32Array) -> SideArray:
    """The 2-colouring whose side 0 the augmenting searches should start
    from: ``side`` itself, or its complement when side 1 has fewer free
    vertices under ``mate`` (a Karp–Sipser matching).  Both name the same
    bipartition, so the maximum matching's size and D are the same either
    way; only the work differs.  From the side with fewer free vertices
    there are fewer searches, fewer of them fail (a failed search walks its
    whole tree), and more free vertices wait at the far end (the figures:
    docs/benchmarks.md, "The matching search's starting side").  O(V)."""
    free_on_1 = int(np.count_nonzero(side[mate < 0]))
    free = int(np.count_nonzero(mate < 0))
    if free_on_1 * 2 >= free:
        return side
    flipped: SideArray = np.subtract(1, side, dtype=np.int8)
    return flipped


def _bipartite_matching(
    graph: Graph, side: SideArray, mate: Int32Array
) -> tuple[Int32Array, BoolArray]:
    """:func:`bipartite_matching` for a ``side`` known to 2-colour ``graph``,
    growing ``mate`` (a valid matching) in place."""
    state = np.zeros(graph.num_vertices, dtype=np.int8)
    if augment_bipartite(graph.indptr, graph.indices, side, mate, state) < 0:
        raise SolverError("push-relabel left an augmenting path (a bug)")
    return mate, state == DEAD


def start_matching(graph: Graph, initial: npt.ArrayLike | None = None) -> Int32Array:
    """A fresh matching to grow: ``initial`` (checked by
    :func:`validate_matching`) or empty, extended by Karp–Sipser.  O(V + E)."""
    require_graph(graph, "start_matching")
    if initial is None:
        mate = np.full(graph.num_vertices, -1, dtype=np.int32)
    else:
        mate = validate_matching(graph, initial)
    karp_sipser(graph.indptr, graph.indices, mate)
    return mate


def _retire_native(lib: Library, indptr: OffsetArray, *rest: Any) -> int:
    """The kernel's arguments, passed as they are."""
    return lib.csr_function("bg_retire", "iiiiqq", indptr)(indptr, *rest)


@kernel(native=_retire_native)
def _retire(
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    free_degree: Int32Array,
    stack: Int32Array,
    top: int,
    x: int,
) -> int:
    """``x`` was just matched: its free neighbours lose a free neighbour."""
    for k in range(indptr[x], indptr[x + 1]):
        y = indices[k]
        if mate[y] < 0:
            free_degree[y] -= 1
            if free_degree[y] == 1:
                stack[top] = y
                top += 1
    return top


def _karp_sipser_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, mate: Int32Array
) -> int:
    n = indptr.size - 1
    free_degree = np.empty(n, dtype=np.int32)
    stack = np.empty(n + 1, dtype=np.int32)
    extend = lib.csr_function("bg_karp_sipser", "iiqii", indptr)
    return extend(indptr, indices, mate, n, free_degree, stack)


@kernel(native=_karp_sipser_native)
def karp_sipser(indptr: OffsetArray, indices: Int32Array, mate: Int32Array) -> int:
    """Extend ``mate`` (a matching of the CSR, int32, writable) in place by
    Karp–Sipser; returns the edges added.  O(V + E).  Trusts its arguments."""
    n = indptr.size - 1
    free_degree = np.zeros(n, dtype=np.int32)
    stack = np.empty(n + 1, dtype=np.int32)
    top = 0
    for v in range(n):
        if mate[v] >= 0:
            continue
        count = 0
        for k in range(indptr[v], indptr[v + 1]):
            if mate[indices[k]] < 0:
                count += 1
        free_degree[v] = count
        if count == 1:
            stack[top] = v
            top += 1
    added = 0
    cursor = 0
    while True:
        while top > 0:
            top -= 1
            v = stack[top]
            if mate[v] >= 0 or free_degree[v] <= 0:
                continue
            w = -1
            for k in range(indptr[v], indptr[v + 1]):
                if mate[indices[k]] < 0:
                    w = indices[k]
                    break
            if w < 0:
                continue
            mate[v] = w
            mate[w] = v
            added += 1
            top = _retire(indptr, indices, mate, free_degree, stack, top, v)
            top = _retire(indptr, indices, mate, free_degree, stack, top, w)
        while cursor < n and (mate[cursor] >= 0 or free_degree[cursor] <= 0):
            cursor += 1
        if cursor == n:
            break
        v = cursor
        w = -1
        best = n + 1
        for k in range(indptr[v], indptr[v + 1]):
            y = indices[k]
            if mate[y] < 0 and free_degree[y] < best:
                best = free_degree[y]
                w = y
        mate[v] = w
        mate[w] = v
        added += 1
        top = _retire(indptr, indices, mate, free_degree, stack, top, v)
        top = _retire(indptr, indices, mate, free_degree, stack, top, w)
    return added


#: ``state`` of a side-0 vertex in a failed search's Hungarian tree
#: (:func:`augment_bipartite`).
DEAD = 2


#: The plain search hands over to push-relabel (:func:`_augment_push_relabel`)
#: after a successful search that visited more than this share of side 0:
#: on a 2000x2000 rook maze none visits 1/100 of it, on leaper mazes the last
#: augmenting paths cross the board and each plain search visits a third.
HAND_OVER_AFTER = 1 / 64
#: Push-relabel recomputes its labels (a global relabelling) after this
#: share of V + E of work: edges scanned by its pushes.
RELABEL_EVERY = 0.2


def _augment_bipartite_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    state: SideArray,
) -> int:
    n = indptr.size - 1
    size = n - int(np.count_nonzero(side)) + 1
    queue = np.empty(size, dtype=np.int32)
    parent = np.empty(size, dtype=np.int32)
    stop = np.zeros(1, dtype=np.int64)
    budget = int(HAND_OVER_AFTER * size)
    augment = lib.csr_function("bg_augment_bipartite", "ibibqiiqql", indptr)
    gained = augment(indptr, indices, side, mate, state, n, queue, parent, size, budget, stop)
    if gained < 0:
        raise SolverError("a search left side 0: the side or the matching is wrong (a bug)")
    if stop[0] < n:
        gained += _augment_push_relabel_native(
            lib, indptr, indices, side, mate, state, queue, parent
        )
    return gained


def _augment_push_relabel_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    state: SideArray,
    queue: Int32Array | None = None,
    active: Int32Array | None = None,
) -> int:
    n = indptr.size - 1
    size = n - int(np.count_nonzero(side)) + 1
    if queue is None or active is None:
        queue = np.empty(size, dtype=np.int32)
        active = np.empty(size, dtype=np.int32)
    label = np.empty(n, dtype=np.int32)
    every = int(RELABEL_EVERY * (n + indices.size))
    push_relabel = lib.csr_function("bg_augment_push_relabel", "ibibqiiiqq", indptr)
    gained = push_relabel(indptr, indices, side, mate, state, n, label, queue, active, size, every)
    if gained < 0:
        raise SolverError(
            "push-relabel left side 0 or an augmenting path: the side or the matching is "
            "wrong (a bug)"
        )
    return gained


@kernel  # static flip_path in matching.c
def _flip_path(
    queue: Int32Array, parent: Int32Array, mate: Int32Array, free_end: int, last: int
) -> None:
    """Flip the augmenting path a search found: its side-0 vertices are
    ``queue[last]``, ``queue[parent[last]]``, ... back to the root, and
    ``free_end`` is the free side-1 vertex it reached."""
    j = free_end
    at = last
    while at >= 0:
        v = queue[at]
        previous = mate[v]
        mate[v] = j
        mate[j] = v
        j = previous
        at = parent[at]


@kernel(native=_augment_bipartite_native)
def augment_bipartite(
    indptr: OffsetArray, indices: Int32Array, side: SideArray, mate: Int32Array, state: SideArray
) -> int:
    """Augment ``mate`` in place to maximum on a bipartite graph; returns the
    number of augmentations.  ``state`` (int8 zeros on entry) ends with
    :data:`DEAD` on the side-0 vertices of failed searches' trees: the
    Dulmage–Mendelsohn set D on side 0 (see :func:`bipartite_matching`).
    ``side`` must 2-colour the CSR and ``mate`` be a matching of it, int32
    and writable: trusted, as every kernel trusts its arguments.  See the
    module docstring for the search and its pruning, and
    :func:`_augment_push_relabel` for what takes over from it after a
    search that visited more than :data:`HAND_OVER_AFTER` of side 0.
    Returns -1 instead if push-relabel ended with an augmenting path left
    (a bug: :func:`_bipartite_matching` raises)."""
    n = indptr.size - 1
    # 0: not seen by the current search, 1: seen by it, 2: dead for good.
    # A search resets what it saw from its own queue, so one byte per vertex
    # does the work of a visited stamp and a dead flag.  The queue holds
    # side-0 vertices only, so it and the parents are sized by side 0, and
    # a parent is kept as its queue position, not per vertex: 4 bytes a
    # vertex less than an array of parents by vertex id.
    size = 1
    for v in range(n):
        if side[v] == 0:
            size += 1
    queue = np.empty(size, dtype=np.int32)
    parent = np.empty(size, dtype=np.int32)
    budget = int(HAND_OVER_AFTER * size)
    hand_over = False
    gained = 0
    for root in range(n):
        if side[root] != 0 or mate[root] >= 0 or state[root] == 2:
            continue
        if hand_over:
            pushed = _augment_push_relabel(indptr, indices, side, mate, state)
            return -1 if pushed < 0 else gained + pushed
        state[root] = 1
        parent[0] = -1
        queue[0] = root
        head = 0
        tail = 1
        free_end = -1
        last = -1
        # the queue holds side-0 vertices; a side-1 neighbour is passed through
        # to its mate, or ends the search when it is free
        while head < tail and free_end < 0:
            v = queue[head]
            head += 1
            for k in range(indptr[v], indptr[v + 1]):
                j = indices[k]
                w = mate[j]
                if w < 0:
                    free_end = j
                    last = head - 1
                    break
                if state[w] == 0:
                    state[w] = 1
                    parent[tail] = head - 1
                    queue[tail] = w
                    tail += 1
        outcome = 0 if free_end >= 0 else 2
        for t in range(tail):
            state[queue[t]] = outcome
        if free_end >= 0:
            hand_over = tail > budget
            _flip_path(queue, parent, mate, free_end, last)
            gained += 1
    return gained


@kernel  # inline in bg_augment_push_relabel, its only caller
def _global_relabel(
    indptr: OffsetArray,
    indices: Int32Array,
    side: SideArray,
    mate: Int32Array,
    label: Int32Array,
    queue: Int32Array,
    inf: int,
) -> None:
    """``label[y]`` for each side-1 ``y``: its alternating distance to the
    nearest free side-1 vertex, counted in side-0 vertices on the way (0 for
    a free one; one breadth-first search back from all of them), ``inf``
    when there is none; ``inf`` on side 0.  ``queue`` holds the side-0
    vertices whose mate was labelled."""
    n = indptr.size - 1
    for v in range(n):
        label[v] = 0 if side[v] == 1 and mate[v] < 0 else inf
    tail = 0
    for y in range(n):
        if side[y] != 1 or mate[y] >= 0:
            continue
        for k in range(indptr[y], indptr[y + 1]):
            x = indices[k]
            r = mate[x]
            if r >= 0 and label[r] == inf:
                label[r] = 1
                queue[tail] = x
                tail += 1
    head = 0
    while head < tail:
        x = queue[head]
        head += 1
        y = mate[x]
        for k in range(indptr[y], indptr[y + 1]):
            w = indices[k]
            r = mate[w]
            if r >= 0 and label[r] == inf:
                label[r] = label[y] + 1
                queue[tail] = w
                tail += 1


@kernel(native=_augment_push_relabel_native)
def _augment_push_relabel(
    indptr: OffsetArray, indices: Int32Array, side: SideArray, mate: Int32Array, state: SideArray
) -> int:
    """:func:`augment_bipartite` from where its plain search stops: push-relabel
    from every free side-0 vertex not yet :data:`DEAD`, then D; returns the
    augmentations, or -1 if an augmenting path is left at the end (a bug).

    Each side-1 vertex carries a label, a lower bound on its alternating
    distance to a free side-1 vertex (counted in side-0 vertices), exact
    after a global relabelling (:func:`_global_relabel`).  The free side-0
    vertices wait in a first-in first-out queue.  One taken from it takes
    the neighbour ``y`` of least label (the first of them): if ``y`` is
    free, that is an augmentation; else ``y``'s mate is freed and queued
    (a double push).  Either way ``y`` is relabelled to one more than the
    second least label around its new mate (its only way on is through its
    mate now), so labels only grow and stay lower bounds.  A vertex whose
    least label is ``inf`` can reach no free vertex: it stays free (lower
    bounds). Labels are recomputed after :data:`RELABEL_EVERY` (V + E) of
    work, the edges the pushes scanned.  A free side-0 vertex's token walks
    down the labels along a shortest augmenting path where they are exact,
    and many tokens move in turn, where a search from each root would
    re-cross the board: on leaper mazes Karp–Sipser leaves clusters of free
    vertices of one side hundreds of cells from those of the other.

    At the end no free side-0 vertex can reach a free vertex, so the
    matching is maximum; a breadth-first search by alternating paths from
    the free side-0 vertices marks what it reaches :data:`DEAD` (and
    returns -1 should it meet a free vertex).  The trees the plain search
    marked dead are never touched: their side-1 vertices reach no free
    vertex, so their labels are ``inf`` from the first relabelling on and no
    push enters them, and the search stops at them.  So ``state`` ends as
    the plain search alone leaves it: D on side 0.
    """
    n = indptr.size - 1
    size = 1
    for v in range(n):
        if side[v] == 0:
            size += 1
    inf = size  # a finite label counts distinct side-0 vertices: below size
    label = np.empty(n, dtype=np.int32)
    queue = np.empty(size, dtype=np.int32)
    active = np.empty(size, dtype=np.int32)
    every = int(RELABEL_EVERY * (n + indices.size))
    _global_relabel(indptr, indices, side, mate, label, queue, inf)
    tail = 0
    for v in range(n):
        if side[v] == 0 and mate[v] < 0 and state[v] != 2:
            active[tail] = v
            tail += 1
    head = 0  # active[head:tail], circular: never more than size - 1 of them
    gained = 0
    work = 0
    while head != tail:
        x = active[head]
        head = head + 1 if head + 1 < size else 0
        best = -1
        least = inf
        second = inf
        for k in range(indptr[x], indptr[x + 1]):
            y = indices[k]
            here = label[y]
            if here < second:
                if here < least:
                    second = least
                    least = here
                    best = y
                else:
                    second = here
        work += indptr[x + 1] - indptr[x] + 1
        if least >= inf:
            continue
        previous = mate[best]
        mate[x] = best
        mate[best] = x
        label[best] = second + 1 if second < inf else inf
        if previous < 0:
            gained += 1
            continue
        mate[previous] = -1
        active[tail] = previous
        tail = tail + 1 if tail + 1 < size else 0
        if work > every:
            _global_relabel(indptr, indices, side, mate, label, queue, inf)
            work = 0
    tail = 0
    for v in range(n):
        if side[v] == 0 and mate[v] < 0 and state[v] != 2:
            state[v] = 2
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for k in range(indptr[v], indptr[v + 1]):
            w = mate[indices[k]]
            if w < 0:
                return -1
            if state[w] != 2:
                state[w] = 2
                queue[tail] = w
                tail += 1
    return gained
