"""Grundy values (nimbers) of undirected vertex geography.

A position is the token's vertex and the set of visited vertices (the
token's included); a move goes to an adjacent unvisited vertex, and the
player who cannot move loses.  The Grundy value of a position is the mex
(least non-negative integer not in the set) of the values of the positions
one move away, so a position without moves has value 0; the value of a
*start* s is that of (s, {s}).  By the Sprague–Grundy theorem the value is
what a position is worth as a component of a disjunctive sum, and it is 0
exactly when the player to move loses: the maximum matching of
:mod:`.game` decides that much on every graph, and this module checks
every value it returns against it.

Grundy values of undirected vertex geography are PSPACE-complete in
general, already at maximum degree 4, and polynomial at maximum degree 3
(Burke, Ferland and Teng, arXiv 2106.02114).  Here:

- **forests, exactly, in O(V + E)** (:func:`forest_values`, in C in
  ``native/nimbers.c``);
- **cycles, exactly, in O(V)**: every start is worth 1 on an even cycle, 0
  on an odd one (each move leaves a path, a forced line, ahead);
- **components of maximum degree at most 3, exactly, in polynomial time**
  (:mod:`.cubic`, which proves it; in C in ``native/cubic.c``): O(V²) steps
  at most, counted against the same :class:`~.geography.search.Budget` as
  the search (1024 steps a state), refused past it with
  :class:`~bipartite_game.errors.GeographyTooLarge` (before the work when
  a bound or an estimate says so);
- **every other component by a memoised search** over (vertex, what the
  token can still reach), under the :class:`~.geography.search.Budget`
  of the geography search, refusing past it with
  :class:`~bipartite_game.errors.GeographyTooLarge`.  A state whose
  reachable remainder is a tree is answered by the forest rule at once,
  and one whose reachable remainder has maximum degree at most 3 by
  :mod:`.cubic`.

A position mid-game (:func:`grundy_value`) is a start of the graph of the
unvisited vertices and the token's: the degree-3 method when that
component has maximum degree at most 3, the search otherwise.

**The forest rule.**  On a tree, write g(u | p) for the value of the
position with the token on u having come from its neighbour p.  What is
left that the token can reach from u is the subtrees hanging from u's
other neighbours, and the token never comes back through u, so the move
to w ≠ p leads to the position (w | u), whose reachable part is w's
subtree away from u, the same whatever else was visited:

    g(u | p) = mex { g(w | u) : w a neighbour of u, w ≠ p },
    g(s)     = mex { g(w | s) : w a neighbour of s }.

(Induction on the size of what is reachable: a position's moves, and
their values, depend only on the reachable part.)

**Every start in linear time (rerooting).**  Root each tree anywhere and
take it in breadth-first order.  *Down*: for each u, from the leaves up,
down[u] = g(u | parent u) = mex of down[c] over u's children c.  *Up*:
for each p, from the root down, let M_p be the multiset of g(w | p) over
all neighbours w of p: down[c] for every child c, and up[p] = g(parent p |
p) unless p is the root.  Then g(p) = mex M_p, and for a child c,
up[c] = g(p | c) = mex (M_p minus one copy of down[c]).

*Lemma.*  Let m = mex M and x ∈ M.  Then mex (M − {x}) = x if x < m and x
occurs once in M, and m otherwise.  *Proof.*  Removing one copy of x
changes only whether x is present.  If x occurs twice or more, the set of
values is unchanged: m.  If x > m, every value below m is still present
and m still absent: m.  If x < m occurs once, every value below x is still
present and x is now absent: x.  (x = m is impossible, m ∉ M.)  ∎

So each p needs only the count of each value in M_p and its mex.  M_p has
deg p elements, so m ≤ deg p, and a value above deg p is never below m:
counts are kept for 0..deg p only, in one scratch array of n + 1 entries
cleared after each vertex, so the whole pass costs O(Σ deg) = O(V + E).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from .._arrays import Int32Array, IntArray
from .._jit import kernel
from .._native import Library
from ..errors import BipartiteGameError, GeographyTooLarge
from ..graphs.convert import is_networkx_graph
from ..graphs.csr import wide_offsets
from ..graphs.graph import Graph, GraphLike, as_graph
from ._docs import shared_docs
from .bitmasks import cyclic_components, local_adjacency, reachable, tree_value
from .cubic import cubic_values
from .game import Solution, solve
from .geography import checked_budget
from .geography.search import DEFAULT_BUDGET, DEFAULT_SECONDS, Budget, SearchTooLarge

__all__ = [
    "forest_values",
    "grundy_array",
    "grundy_value",
    "grundy_values",
    "is_forest",
    "start_values",
]


#: The fewest vertices a search state must still reach to be handed to
#: :mod:`.cubic` when they have maximum degree 3 (below it the search is
#: cheaper than building the subgraph and its matching).
_CUBIC_FROM = 24

#: The paper every refusal cites.
_PAPER = "Burke, Ferland and Teng, arXiv 2106.02114"


@shared_docs
def grundy_values(
    graph_or_u: GraphLike | npt.ArrayLike,
    v: npt.ArrayLike | None = None,
    num_vertices: int | None = None,
    *,
    labels: Sequence[Hashable] | None = None,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> dict[Hashable, int]:
    """Every start's Grundy value, keyed by label (vertex ids where the
    graph has no labels), in vertex order.

    Give a :class:`~bipartite_game.graphs.graph.Graph`, or the edges as two
    endpoint arrays ``u, v`` (with ``num_vertices`` and ``labels`` as for
    :meth:`Graph.from_edges`).  Forests and cycles are exact at any size;
    components of maximum degree at most 3 are exact within ``budget``
    (their steps counted 1024 a state); other components with a cycle are
    searched within ``budget`` states and ``seconds``; past either,
    :class:`~bipartite_game.errors.GeographyTooLarge` is raised.

    Parameters
    ----------
    graph_or_u : GraphLike or array_like
        A :class:`Graph` or a networkx graph, or the first endpoints of the
        edges.
    v : array_like, optional
        The second endpoints, with edges given as arrays.
    num_vertices : int, optional
        The number of vertices, with edges given as arrays.
    labels : sequence of hashable, optional
        One label per vertex, with edges given as arrays.
    {search_limits}

    Returns
    -------
    dict
        ``{vertex: Grundy value}`` for every start.

    {too_large}
    BipartiteGameError
        When the graph or the edges are not valid.

    See Also
    --------
    grundy_array : the same values as an array, by vertex id.
    start_values : some starts only.

    Examples
    --------
    >>> grundy_values([0, 1, 2], [1, 2, 3])  # the path 0-1-2-3
    {0: 1, 1: 2, 2: 2, 3: 1}
    >>> grundy_values(["a", "b", "c"], ["b", "c", "a"])  # a triangle
    {'a': 0, 'b': 0, 'c': 0}
    """
    graph = _as_graph(graph_or_u, v, num_vertices, labels)
    values = grundy_array(graph, budget=budget, seconds=seconds)
    names = graph.labels
    if names is None:
        return {i: int(x) for i, x in enumerate(values.tolist())}
    return {name: int(x) for name, x in zip(names, values.tolist(), strict=True)}


@shared_docs
def grundy_array(
    graph: GraphLike, *, budget: int = DEFAULT_BUDGET, seconds: float = DEFAULT_SECONDS
) -> IntArray:
    """``values[s]``: the Grundy value of the start s, for every vertex;
    every value checked against the matching's zero test.

    {graph_parameter}
    {search_limits}

    Returns
    -------
    numpy.ndarray
        The Grundy value of every start, by vertex id (int64).

    {too_large}

    Examples
    --------
    >>> grundy_array(Graph.from_edges([0, 1, 2], [1, 2, 3])).tolist()
    [1, 2, 2, 1]
    """
    graph = as_graph(graph, "grundy_array")
    limits = checked_budget(budget, seconds)
    return _values(graph, np.ones(graph.num_vertices, dtype=np.bool_), limits)


@shared_docs
def start_values(
    graph: GraphLike,
    starts: Iterable[Hashable] | npt.ArrayLike,
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> IntArray:
    """``values[k]``: the Grundy value of the start ``starts[k]`` (named as
    the graph names its vertices), as :func:`grundy_array` finds it, but
    only these starts are valued: the degree-3 method and the search spend
    nothing on the others (their component's forest pass and matching are
    linear anyway).

    {graph_parameter}
    starts : iterable of hashable or array_like
        The starts to value, as the graph names them.
    {search_limits}

    Returns
    -------
    numpy.ndarray
        The Grundy value of each start, in the order given (int64).

    {too_large}
    BipartiteGameError
        When a start is no vertex.

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])  # values 1 2 2 1
    >>> start_values(path, [3, 1]).tolist()
    [1, 2]
    """
    graph = as_graph(graph, "start_values")
    limits = checked_budget(budget, seconds)
    ids = graph.vertex_ids(starts, "starts")
    wanted = np.zeros(graph.num_vertices, dtype=np.bool_)
    wanted[ids] = True
    return np.asarray(_values(graph, wanted, limits)[ids], dtype=np.int64)


def _values(graph: Graph, wanted: npt.NDArray[np.bool_], limits: tuple[int, float]) -> IntArray:
    """The values of the starts ``wanted`` (the forest pass gives the
    others of forests too; the rest are 0), each checked."""
    indptr, indices = wide_offsets(graph.indptr), graph.indices
    values, label = forest_values(indptr, indices)
    cyclic = cyclic_components(indptr, label)
    solution = solve(graph)
    if cyclic.any():
        spent = Budget(*limits)
        cycles = cyclic & _degree_at_most(indptr, label, 2)
        values[cycles] = _cycle_value(np.bincount(label, minlength=label.size)[label[cycles]])
        low = _degree_at_most(indptr, label, 3)
        cubic = cyclic & low & ~cycles & wanted
        if cubic.any():
            exact = _cubic(graph, indptr, indices, solution, cubic, label, spent)
            values[cubic] = exact[cubic]
        searched = cyclic & ~low & wanted
        try:
            search_starts(
                indptr, indices, label, searched, values, spent,
                lambda adjacency, s, memo: _search(adjacency, s, 1 << s, memo, spent),
            )  # fmt: skip
        except SearchTooLarge as error:
            raise GeographyTooLarge(_refusal(graph, error.what)) from None
    _check_zeros(solution, values, wanted)
    return values


@shared_docs
def grundy_value(
    graph: GraphLike,
    vertex: Hashable,
    visited: Iterable[Hashable] | npt.ArrayLike = (),
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> int:
    """The Grundy value of the position with the token on ``vertex`` and the
    vertices ``visited`` used (``vertex`` counts as visited): by :mod:`.cubic`
    when what is left of ``vertex``'s component (its unvisited vertices and
    ``vertex``) has maximum degree at most 3, else by the search on
    ``vertex``'s component (a tree that the token can still reach, by the
    forest rule at once).  ``vertex`` and ``visited`` are vertices as the
    graph names them (labels on a labelled graph).

    {graph_parameter}
    vertex : hashable
        The token's vertex.
    visited : iterable of hashable or array_like, optional
        The vertices used already.
    {search_limits}

    Returns
    -------
    int
        The position's Grundy value; 0 exactly when the player to move loses.

    {position_raises}

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])
    >>> grundy_value(path, 1), grundy_value(path, 1, visited=[0])
    (2, 0)
    """
    graph = as_graph(graph, "grundy_value")
    token = graph.vertex_id(vertex)
    n = graph.num_vertices
    limits = checked_budget(budget, seconds)
    indptr, indices = wide_offsets(graph.indptr), graph.indices
    _, label = forest_values(indptr, indices)
    members = np.flatnonzero(label == label[token])
    local = {int(x): i for i, x in enumerate(members.tolist())}
    seen = 1 << local[token]
    gone = graph.vertex_ids(visited, "visited").tolist()
    for x in gone:
        if x in local:
            seen |= 1 << local[x]
    # what is left: the unvisited vertices and the token's, edges among them
    rest = graph.without_ids(np.array([x for x in gone if x != token], dtype=np.int64))
    solution = solve(rest)
    rest_indptr = wide_offsets(rest.indptr)
    rest_values, rest_label = forest_values(rest_indptr, rest.indices)
    spent = Budget(*limits)
    if not cyclic_components(rest_indptr, rest_label)[token]:  # a tree: the forest rule
        value = int(rest_values[token])
    elif _degree_at_most(rest_indptr, rest_label, 2)[token]:  # a cycle
        value = int(_cycle_value(np.count_nonzero(rest_label == rest_label[token])))
    elif _degree_at_most(rest_indptr, rest_label, 3)[token]:
        todo = np.zeros(n, dtype=np.bool_)
        todo[token] = True
        found = _cubic(graph, rest_indptr, rest.indices, solution, todo, rest_label, spent)
        value = int(found[token])
    else:
        try:
            adjacency = local_adjacency(indptr, indices, members, spent)
            value = _search(adjacency, local[token], seen, {}, spent)
        except SearchTooLarge as error:
            raise GeographyTooLarge(_refusal(graph, error.what)) from None
    # the zero test: the matching on what is left, the token's vertex kept
    if (value == 0) != bool(solution.losing[token]):
        raise AssertionError(f"Grundy value {value} at vertex {vertex!r} contradicts the matching")
    return value


@shared_docs
def is_forest(graph: GraphLike) -> bool:
    """Whether the graph has no cycle.

    {graph_parameter}

    Returns
    -------
    bool
        ``True`` when the graph has no cycle.  O(V + E).

    Examples
    --------
    >>> is_forest(Graph.from_edges([0, 1], [1, 2]))
    True
    >>> is_forest(Graph.from_edges([0, 1, 2], [1, 2, 0]))  # a triangle
    False
    """
    graph = as_graph(graph, "is_forest")
    indptr = wide_offsets(graph.indptr)
    _, label = forest_values(indptr, graph.indices)
    return not bool(cyclic_components(indptr, label).any())


def _as_graph(
    graph_or_u: object,
    v: npt.ArrayLike | None,
    num_vertices: int | None,
    labels: Sequence[Hashable] | None,
) -> Graph:
    if isinstance(graph_or_u, Graph) or is_networkx_graph(graph_or_u):
        if v is not None or num_vertices is not None or labels is not None:
            raise BipartiteGameError("give a Graph alone, or the edges as u, v")
        return as_graph(graph_or_u, "grundy_values")
    if v is None:
        raise BipartiteGameError("give a Graph, or the edges as two arrays u, v")
    return Graph.from_edges(graph_or_u, v, num_vertices, labels=labels)  # type: ignore[arg-type]


def _refusal(graph: Graph, what: str) -> str:
    return (
        f"Grundy values of vertex geography on this graph ({graph.num_vertices} vertices, "
        f"{graph.num_edges} edges) need {what}: they are PSPACE-complete in general "
        f"({_PAPER}), and only forests and components of maximum degree 3 are solved "
        "exactly at any size"
    )


def _cubic(
    graph: Graph,
    indptr: IntArray,
    indices: Int32Array,
    solution: Solution,
    todo: npt.NDArray[np.bool_],
    label: IntArray,
    spent: Budget,
) -> IntArray:
    """:func:`~.cubic.cubic_values` of the starts ``todo`` (``solution``
    solves the graph ``indptr``/``indices``, ``graph`` or what is left of
    it); past the budget, the refusal that names ``graph``."""
    try:
        return cubic_values(
            indptr, indices, solution.mate, solution.losing, solution.barrier, todo, label, spent
        )
    except SearchTooLarge as error:
        raise GeographyTooLarge(_cubic_refusal(graph, error.what)) from None


def _cubic_refusal(graph: Graph, what: str) -> str:
    return (
        f"Grundy values of vertex geography on this graph ({graph.num_vertices} vertices, "
        f"{graph.num_edges} edges) need {what}: at maximum degree 3 they cost up to about "
        "V x |C| steps (docs/nimbers.md); raise the budget (budget=, or --budget on the "
        "command line)"
    )


def _degree_at_most(indptr: IntArray, label: IntArray, most: int) -> npt.NDArray[np.bool_]:
    """Per vertex: whether every vertex of its component (``label``) has
    degree at most ``most``."""
    high = np.zeros(label.size, dtype=np.bool_)
    high[label[np.diff(indptr) > most]] = True
    return np.asarray(~high[label], dtype=np.bool_)


def _cycle_value(size: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Every start's value on a cycle of ``size`` vertices: each move leaves
    a path of size - 2 vertices ahead of the token, a forced line worth
    (size - 2) mod 2, so the start is worth 1 on an even cycle, 0 on an odd
    one."""
    return np.asarray(1 - np.asarray(size) % 2, dtype=np.int64)


def _check_zeros(
    solution: Solution, values: IntArray, wanted: npt.NDArray[np.bool_]
) -> None:
    """The Sprague–Grundy theorem's zero test against the matching: a value
    is 0 exactly where the mover loses (at the starts ``wanted``).  A
    failure is a bug here."""
    wrong = ((values == 0) != solution.losing) & wanted
    if wrong.any():
        bad = int(np.flatnonzero(wrong)[0])
        raise AssertionError(
            f"Grundy value {int(values[bad])} at vertex {bad} contradicts the matching"
        )


def _search(
    adjacency: list[int], vertex: int, seen: int, memo: dict[tuple[int, int], int], budget: Budget
) -> int:
    """The Grundy value of (vertex, seen) by :func:`mex_search`: a state
    whose reachable part is a tree is answered by
    :func:`.bitmasks.tree_value`, one whose reachable part has maximum
    degree at most 3 by :func:`_cubic_value`."""

    def exact(x: int, reach: int) -> int | None:
        edges, top = _shape_inside(adjacency, x, reach)
        if edges == reach.bit_count():  # connected, so a tree
            return tree_value(adjacency, x, reach)
        if top <= 3 and reach.bit_count() >= _CUBIC_FROM:
            return _cubic_value(adjacency, x, reach, budget)
        return None

    reach = reachable(adjacency, vertex, seen)
    return mex_search(adjacency, vertex, reach, memo, budget, exact)


def search_starts(
    indptr: IntArray,
    indices: Int32Array,
    label: IntArray,
    todo: npt.NDArray[np.bool_],
    values: IntArray,
    budget: Budget,
    search: Callable[[list[int], int, dict[tuple[int, int], int]], int],
) -> None:
    """``values[v] = search(adjacency, s, memo)`` for every start v of
    ``todo``: its component (by ``label``) as bitmask rows of local ids
    (v is s there), made once for all its starts, which share one memo."""
    for root in np.unique(label[todo]).tolist():
        members = np.flatnonzero(label == root)
        adjacency = local_adjacency(indptr, indices, members, budget)
        memo: dict[tuple[int, int], int] = {}
        for s in range(members.size):
            if todo[members[s]]:
                values[members[s]] = search(adjacency, s, memo)


def mex_search(
    adjacency: list[int],
    vertex: int,
    reach: int,
    memo: dict[tuple[int, int], int],
    budget: Budget,
    exact: Callable[[int, int], int | None],
    *,
    terminal: int = 0,
    zero_only: bool = False,
) -> int:
    """The value of the state (``vertex``, ``reach``), the token on
    ``vertex`` and ``reach`` what it can still reach (a bitmask of
    ``adjacency``'s vertices), as the mex of its options' values: a
    memoised search over such states with an explicit stack, each state
    charged to ``budget`` by its width.  The state is all the rest of the
    game depends on (the rest of the visited set offers no move), which
    makes the memo sound.  ``terminal`` is the value of a state without a
    move: 0 in normal play (the mex of nothing), 1 for the misère values of
    :mod:`.misere`.  ``exact(x, reach)`` answers a state at once when a rule
    can (a tree, maximum degree 3), else ``None``.  With ``zero_only`` a
    state stops at its first option of value 0, and its value is then only
    known not to be 0: a memo must not mix the two modes."""
    root = (vertex, reach)
    if root in memo:
        return memo[root]
    budget.spend(reach, 128)
    known = exact(vertex, reach)
    if known is not None:
        memo[root] = known
        return known
    # a frame: the state, its moves left as a mask, the values found
    stack: list[tuple[tuple[int, int], int, set[int]]] = [(root, adjacency[vertex] & reach, set())]
    while stack:
        key, moves, found = stack[-1]
        if not moves or (zero_only and 0 in found):
            stack.pop()
            value = terminal if not found else 0
            while value in found:
                value += 1
            memo[key] = value
            if stack:
                stack[-1][2].add(value)
            continue
        low = moves & -moves
        stack[-1] = (key, moves ^ low, found)
        w = low.bit_length() - 1
        child_reach = reachable(adjacency, w, ~key[1] | low)
        child = (w, child_reach)
        if child in memo:
            found.add(memo[child])
            continue
        budget.spend(child_reach, 128)
        known = exact(w, child_reach)
        if known is not None:
            memo[child] = known
            found.add(known)
            continue
        stack.append((child, adjacency[w] & child_reach, set()))
    return memo[root]


def _shape_inside(adjacency: list[int], x: int, reach: int) -> tuple[int, int]:
    """The edges and the largest degree of the subgraph induced by
    reach ∪ {x}."""
    inside = reach | 1 << x
    total = 0
    top = 0
    rest = inside
    while rest:
        low = rest & -rest
        rest ^= low
        degree = (adjacency[low.bit_length() - 1] & inside).bit_count()
        total += degree
        top = max(top, degree)
    return total // 2, top


def _cubic_value(adjacency: list[int], x: int, reach: int, budget: Budget) -> int:
    """g of the position when what it reaches, with x, has maximum degree
    at most 3: :mod:`.cubic` on that subgraph, with x as the start."""
    inside = reach | 1 << x
    ids: list[int] = []
    rest = inside
    while rest:
        low = rest & -rest
        rest ^= low
        ids.append(low.bit_length() - 1)
    local = {v: i for i, v in enumerate(ids)}
    ends_u: list[int] = []
    ends_v: list[int] = []
    for v in ids:
        row = adjacency[v] & inside
        while row:
            low = row & -row
            row ^= low
            w = low.bit_length() - 1
            if v < w:
                ends_u.append(local[v])
                ends_v.append(local[w])
    graph = Graph.from_edges(
        np.array(ends_u, dtype=np.int64), np.array(ends_v, dtype=np.int64), len(ids)
    )
    solution = solve(graph)
    todo = np.zeros(len(ids), dtype=np.bool_)
    todo[local[x]] = True
    indptr = wide_offsets(graph.indptr)
    _, component = forest_values(indptr, graph.indices)
    found = cubic_values(
        indptr,
        graph.indices,
        solution.mate,
        solution.losing,
        solution.barrier,
        todo,
        component,
        budget,
    )
    return int(found[local[x]])


def _forest_values_native(
    lib: Library, indptr: IntArray, indices: Int32Array, terminal: int = 0
) -> tuple[IntArray, IntArray]:
    n = indptr.size - 1
    values = np.empty(n, dtype=np.int64)
    label = np.empty(n, dtype=np.int64)
    scratch = np.empty(5 * n + 1, dtype=np.int64)
    forest = lib.function("bg_forest_grundy", "liqqlll")
    forest(indptr, indices, n, terminal, values, label, scratch)
    return values, label


@kernel(native=_forest_values_native)
def forest_values(
    indptr: IntArray, indices: Int32Array, terminal: int = 0
) -> tuple[IntArray, IntArray]:
    """Every start's Grundy value on a forest (CSR with int64 offsets, no
    repeats or loops), by the down and up passes of the module docstring,
    and each vertex's component (``label``: the lowest vertex of it).
    ``terminal`` is the value of a position with no move: 0 in normal play
    (the mex of nothing, so the passes need no case for it), 1 for the
    misère values of :mod:`.misere`, whose docstring proves the same
    passes with that one change.  On a component with a cycle the values
    mean nothing (its breadth-first tree is not the graph) but every index
    stays in bounds: the caller searches those components instead."""
    n = indptr.size - 1
    values = np.zeros(n, dtype=np.int64)
    label = np.full(n, -1, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int64)
    down = np.zeros(n, dtype=np.int64)
    up = np.zeros(n, dtype=np.int64)
    counts = np.zeros(n + 1, dtype=np.int64)
    tail = 0
    for root in range(n):  # breadth-first order, tree by tree
        if label[root] >= 0:
            continue
        label[root] = root
        order[tail] = root
        head = tail
        tail += 1
        while head < tail:
            x = order[head]
            head += 1
            for k in range(indptr[x], indptr[x + 1]):
                w = indices[k]
                if label[w] < 0:
                    label[w] = root
                    parent[w] = x
                    order[tail] = w
                    tail += 1
    for i in range(n - 1, -1, -1):  # down: g(x | parent x), leaves first
        x = order[i]
        children = indptr[x + 1] - indptr[x] - (1 if parent[x] >= 0 else 0)
        m = _tally_children(indptr, indices, parent, down, counts, x, 1)
        down[x] = m if children > 0 else terminal
        _tally_children(indptr, indices, parent, down, counts, x, -1)
    for i in range(n):  # up: g(parent c | c) for each child c, root first
        x = order[i]
        degree = indptr[x + 1] - indptr[x]
        if parent[x] >= 0 and up[x] <= degree:
            counts[up[x]] += 1
        m = _tally_children(indptr, indices, parent, down, counts, x, 1)
        values[x] = m if degree > 0 else terminal
        for k in range(indptr[x], indptr[x + 1]):
            w = indices[k]
            if w != parent[x]:
                d = down[w]
                if degree == 1:  # w is x's only neighbour: x is then terminal
                    up[w] = terminal
                else:
                    up[w] = d if d < m and counts[d] == 1 else m
        _tally_children(indptr, indices, parent, down, counts, x, -1)
        if parent[x] >= 0 and up[x] <= degree:
            counts[up[x]] -= 1
    return values, label


@kernel
def _tally_children(
    indptr: IntArray,
    indices: Int32Array,
    parent: IntArray,
    down: IntArray,
    counts: IntArray,
    x: int,
    step: int,
) -> int:
    """Add ``step`` to the count of each child's value ``down[w]`` that can
    be the mex (at most ``x``'s degree); return the least value whose count
    is then 0.  Counting (``step`` 1) and taking back (``step`` -1) leave
    ``counts`` as it was: zero everywhere between two vertices."""
    degree = indptr[x + 1] - indptr[x]
    for k in range(indptr[x], indptr[x + 1]):
        w = indices[k]
        if w != parent[x] and down[w] <= degree:
            counts[down[w]] += step
    m = 0
    while counts[m] > 0:
        m += 1
    return m
