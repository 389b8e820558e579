"""Misère vertex geography: the player who makes the last move loses.

The moves are those of vertex geography (the token goes to an adjacent
unvisited vertex); only the end changes: a player who cannot move *wins*,
since the other made the last move.  So, by induction on what is left,

- a position with no move is an N-position (the player to move wins);
- a position with a move is a P-position (the player to move loses)
  exactly when every move leads to an N-position.

**Misère Grundy values.**  Define g⁻ of a position as 1 when it has no
move, and otherwise the mex of g⁻ over its options.  Then g⁻ = 0 exactly
at the misère P-positions: a terminal position has g⁻ = 1 ≠ 0 and is N; a
position with moves has g⁻ = 0 iff no option has g⁻ = 0, iff (by
induction) every option is N, iff it is P.  Unlike normal-play values,
g⁻ does **not** add over sums: the misère outcome of a sum is not decided
by the components' g⁻ (a lone edge, g⁻ = 0, summed with itself is an
N-position: the mover moves in one copy, the opponent must take the
other, the last move, and loses; yet 0 ⊕ 0 = 0).  Misère sums are
searched (:func:`misere_sum`).

**Forests, exactly, in O(V + E).**  As in :mod:`.nimbers`: on a tree,
with the token on u having come from its neighbour p, what the token can
still reach is the subtrees hanging from u's other neighbours, the same
whatever else was visited, and the move to w ≠ p leads to (w | u).  So::

    g⁻(u | p) = 1                                if p is u's only neighbour,
              = mex { g⁻(w | u) : w ~ u, w ≠ p }  otherwise;
    g⁻(s)     = 1 if s has no neighbour, else mex { g⁻(w | s) : w ~ s }.

*Rerooting.*  Root each tree, take it breadth first.  Down (leaves
first): down[u] = g⁻(u | parent u), 1 for a vertex whose only neighbour is
its parent (a leaf, or the root alone), else the mex of down over its
children.  Up (root first): for each p, M_p is the multiset of g⁻(w | p)
over all p's neighbours w (down[c] for each child c, up[p] = g⁻(parent p |
p) unless p is the root); g⁻(p) = 1 if M_p is empty, else mex M_p; and for
a child c, up[c] = g⁻(p | c) = 1 if c is p's only neighbour (M_p − {down[c]}
is empty), else mex (M_p − {down[c]}), which the lemma of :mod:`.nimbers`
gives from the counts of M_p and m = mex M_p: down[c] if down[c] < m and it
occurs once in M_p, else m.  Each vertex costs O(deg), counts kept for
values up to deg p only (the mex of deg p values is at most deg p): O(V +
E) in all: :func:`.nimbers.forest_values` with ``terminal`` 1, the one
kernel (in C in ``native/nimbers.c``) for both plays.

**Elsewhere, a memoised search** over (token, what it can still reach),
the state that determines the rest of the game (the same argument: the
rest of the visited set offers no move), with the tree rule above on a
state whose reachable part is a tree, under the geography search's
:class:`~.geography.search.Budget`, refused past it with
:class:`~bipartite_game.errors.GeographyTooLarge`.  No matching decides
misère geography (the matching theorem is for normal play), so there is no
polynomial rule to check against, and none is claimed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._arrays import IntArray
from ..errors import BipartiteGameError, GeographyTooLarge
from ..graphs.convert import is_networkx_graph
from ..graphs.csr import wide_offsets
from ..graphs.graph import Graph, GraphLike, Vertex, as_graph
from ._docs import shared_docs
from .bitmasks import cyclic_components, local_adjacency, reachable, tree_value
from .geography import checked_budget
from .geography.search import DEFAULT_BUDGET, DEFAULT_SECONDS, Budget, SearchTooLarge
from .nimbers import forest_values, mex_search, search_starts

__all__ = [
    "MisereSum",
    "misere_array",
    "misere_first_player_wins",
    "misere_losing",
    "misere_sum",
    "misere_value",
    "misere_values",
]


@shared_docs
def misere_values(
    graph: GraphLike, *, budget: int = DEFAULT_BUDGET, seconds: float = DEFAULT_SECONDS
) -> dict[Hashable, int]:
    """Every start's misère Grundy value g⁻, keyed by label (vertex ids
    where the graph has no labels), in vertex order, as
    :func:`~bipartite_game.theory.nimbers.grundy_values` gives the normal
    ones; 0 exactly where the player to move loses the misère game.
    Forests exact in O(V + E); components with a cycle searched within
    ``budget`` states and ``seconds``.

    {graph_parameter}
    {search_limits}

    Returns
    -------
    dict
        ``{vertex: g⁻}`` for every start.

    {too_large}

    See Also
    --------
    misere_array : the same values by vertex id.
    bipartite_game.theory.nimbers.grundy_values : the normal-play values.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> misere_values(Graph.from_edges(["s", "s", "x"], ["l", "x", "y"]))
    {'s': 2, 'l': 0, 'x': 2, 'y': 0}
    """
    graph = as_graph(graph, "misere_values")
    values = misere_array(graph, budget=budget, seconds=seconds).tolist()
    return dict(zip(graph.labels_of(np.arange(graph.num_vertices)), values, strict=True))


@shared_docs
def misere_array(
    graph: GraphLike, *, budget: int = DEFAULT_BUDGET, seconds: float = DEFAULT_SECONDS
) -> IntArray:
    """``values[s]``: :func:`misere_values` as an array indexed by vertex id,
    as :attr:`Solution.losing <bipartite_game.Solution.losing>` is (on a
    labelled graph ``graph.label(s)`` names the start of entry s).

    {graph_parameter}
    {search_limits}

    Returns
    -------
    numpy.ndarray
        g⁻ of every start, by vertex id (int64).

    {too_large}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> misere_array(Graph.from_edges(["s", "s", "x"], ["l", "x", "y"])).tolist()
    [2, 0, 2, 0]
    """
    return _all_starts(graph, budget, seconds, values=True)


@shared_docs
def misere_losing(
    graph: GraphLike, *, budget: int = DEFAULT_BUDGET, seconds: float = DEFAULT_SECONDS
) -> npt.NDArray[np.bool_]:
    """Per start: does the player to move lose the misère game?  A boolean
    array indexed by vertex id, as :func:`misere_values` (forests in
    O(V + E)), but the search on a component with a cycle stops at a
    state's first losing option.

    {graph_parameter}
    {search_limits}

    Returns
    -------
    numpy.ndarray
        ``True`` where the player to move loses, by vertex id.

    {too_large}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> misere_losing(Graph.from_edges(["s", "s", "x"], ["l", "x", "y"])).tolist()
    [False, True, False, True]
    """
    return np.asarray(_all_starts(graph, budget, seconds, values=False) == 0, dtype=np.bool_)


@shared_docs
def misere_value(
    graph: GraphLike,
    vertex: Hashable,
    visited: npt.ArrayLike = (),
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> int:
    """g⁻ of the position with the token on ``vertex`` and ``visited`` used.

    {position_parameters}

    Returns
    -------
    int
        The position's misère Grundy value.

    {position_raises}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> g = Graph.from_edges(["s", "s", "x"], ["l", "x", "y"])
    >>> misere_value(g, "s"), misere_value(g, "s", ["x"])
    (2, 0)
    """
    return _one(graph, vertex, visited, budget, seconds, values=True)


@shared_docs
def misere_first_player_wins(
    graph: GraphLike,
    vertex: Hashable,
    visited: npt.ArrayLike = (),
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> bool:
    """Does the player to move win misère geography from this position?

    {position_parameters}

    Returns
    -------
    bool
        Whether the player to move wins.

    {position_raises}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> misere_first_player_wins(Graph.from_edges(["s", "s", "x"], ["l", "x", "y"]), "l")
    False
    """
    return _one(graph, vertex, visited, budget, seconds, values=False) != 0


# --------------------------------------------------------------- sums
@shared_docs
@dataclass(frozen=True)
class MisereSum:
    """The outcome of a misère sum: ``first_player_wins``, and ``move``
    (component, vertex) when the mover wins by moving, after which the
    opponent loses (``None`` when the mover loses, and when no board has a
    move: then the mover has won, the opponent having moved last).
    ``states``: the positions the search settled.

    Parameters
    ----------
    first_player_wins : bool
        Whether the player to move wins the sum.
    move : tuple of (int, Vertex) or None
        A winning move (the component's index, the vertex), or ``None``.
    states : int
        The positions the search settled.

    {made_by(misere_sum)}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> misere_sum([(Graph.from_edges([0, 1], [1, 2]), 0, [1])])   # no move left
    MisereSum(first_player_wins=True, move=None, states=1)
    """

    first_player_wins: bool
    move: tuple[int, Vertex] | None
    states: int


@shared_docs
def misere_sum(
    components: Sequence[tuple[GraphLike, Hashable] | tuple[GraphLike, Hashable, object]],
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> MisereSum:
    """Who wins the disjunctive sum under misère play (who makes the last
    move, on any board, loses), by an exhaustive search of the sum's
    positions: a tuple of (token, what it can still reach) per component,
    memoised, under one ``budget`` and ``seconds``.  Each component is
    ``(graph, vertex)`` or ``(graph, vertex, visited)`` (ids, labels, or a
    boolean mask for ``visited``).  No theorem makes misère
    sums easy (the g⁻ do not add); past the budget the search is refused
    with :class:`~bipartite_game.errors.GeographyTooLarge`.

    Parameters
    ----------
    components : sequence of tuple
        ``(graph, vertex)`` or ``(graph, vertex, visited)`` per board.
    {search_limits}

    Returns
    -------
    MisereSum
        Who wins, and a winning move.

    {too_large}
    BipartiteGameError
        When a component is not a graph and a vertex of it.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> path = Graph.from_edges([0, 1], [1, 2])
    >>> misere_sum([(path, 0), (path, 1)])
    MisereSum(first_player_wins=False, move=None, states=9)
    """
    if isinstance(components, (str, bytes)) or not isinstance(components, Sequence):
        raise BipartiteGameError(
            f"components must be a list of components, not {type(components).__name__}"
        )
    if not components:
        raise BipartiteGameError("components is empty: a sum needs at least one component")
    limits = checked_budget(budget, seconds)
    spent = Budget(*limits)
    boards = []
    graphs: list[Graph] = []
    state = []
    memo: dict[tuple[tuple[int, int], ...], bool] = {}
    try:
        for k, component in enumerate(components):
            graph, vertex, visited = _checked(component, k)
            adjacency, local, seen = _local_board(graph, vertex, visited, spent)
            boards.append((adjacency, local))
            graphs.append(graph)
            state.append((local[vertex], reachable(adjacency, local[vertex], seen)))
        wins = _sum_search([a for a, _ in boards], tuple(state), memo, spent)
        move = None
        if wins:
            for k, w, after in _sum_options([a for a, _ in boards], tuple(state)):
                if not _sum_search([a for a, _ in boards], after, memo, spent):
                    ids = boards[k][1]
                    move = (k, graphs[k].label(next(x for x, i in ids.items() if i == w)))
                    break
    except SearchTooLarge as error:
        raise GeographyTooLarge(
            f"the misère sum needs {error.what}: no theorem makes misère sums easy, "
            "and it is searched exhaustively"
        ) from None
    return MisereSum(wins, move, len(memo))


def _checked(component: object, k: int) -> tuple[Graph, int, object]:
    """A sum's component ``(graph, vertex[, visited])``, its vertex an id."""
    if not isinstance(component, tuple) or len(component) not in (2, 3):
        raise BipartiteGameError(
            f"component {k} must be (graph, vertex[, visited]), not {type(component).__name__}"
        )
    graph = component[0]
    if not isinstance(graph, Graph) and not is_networkx_graph(graph):
        raise BipartiteGameError(
            f"component {k}: the graph must be a Graph or a networkx graph, "
            f"not {type(graph).__name__}"
        )
    graph = as_graph(graph, "misere_sum")
    visited = component[2] if len(component) == 3 else ()
    return graph, graph.vertex_id(component[1]), visited


def _sum_options(
    adjacency: list[list[int]], state: tuple[tuple[int, int], ...]
) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    options = []
    for k, (x, reach) in enumerate(state):
        moves = adjacency[k][x] & reach
        while moves:
            low = moves & -moves
            moves ^= low
            w = low.bit_length() - 1
            after = (w, reachable(adjacency[k], w, ~reach | 1 << x | low))
            options.append((k, w, (*state[:k], after, *state[k + 1 :])))
    return options


def _sum_search(
    adjacency: list[list[int]],
    root: tuple[tuple[int, int], ...],
    memo: dict[tuple[tuple[int, int], ...], bool],
    budget: Budget,
) -> bool:
    """Does the mover win the misère sum ``root``?  Explicit stack; a state
    stops at its first option that loses for the player to move there."""
    if root in memo:
        return memo[root]
    stack = [(root, _sum_options(adjacency, root), 0)]
    budget.charge(1)
    while stack:
        key, options, i = stack[-1]
        if not options:  # no move anywhere: the mover wins (misère)
            stack.pop()
            memo[key] = True
            continue
        if i == len(options):  # every option wins for the opponent
            stack.pop()
            memo[key] = False
            continue
        child = options[i][2]
        if child in memo:
            if not memo[child]:
                stack.pop()
                memo[key] = True
            else:
                stack[-1] = (key, options, i + 1)
            continue
        budget.charge(1)
        stack.append((child, _sum_options(adjacency, child), 0))
    return memo[root]


# --------------------------------------------------------- one game
def _all_starts(graph: Graph, budget: int, seconds: float, *, values: bool) -> IntArray:
    graph = as_graph(graph, "misere_values")
    limits = checked_budget(budget, seconds)
    indptr, indices = wide_offsets(graph.indptr), graph.indices
    result, label = forest_values(indptr, indices, 1)
    cyclic = cyclic_components(indptr, label)
    if cyclic.any():
        spent = Budget(*limits)
        try:
            search_starts(
                indptr, indices, label, cyclic, result, spent,
                lambda adjacency, s, memo: _search(adjacency, s, 1 << s, memo, spent, values),
            )  # fmt: skip
        except SearchTooLarge as error:
            raise GeographyTooLarge(_refusal(graph, error.what)) from None
    return result


def _one(
    graph: Graph,
    vertex: Hashable,
    visited: npt.ArrayLike,
    budget: int,
    seconds: float,
    *,
    values: bool,
) -> int:
    graph = as_graph(graph, "misere_value")
    limits = checked_budget(budget, seconds)
    spent = Budget(*limits)
    vertex = graph.vertex_id(vertex)
    try:
        adjacency, local, seen = _local_board(graph, vertex, visited, spent)
        x = local[vertex]
        return _search(adjacency, x, seen, {}, spent, values)
    except SearchTooLarge as error:
        raise GeographyTooLarge(_refusal(graph, error.what)) from None


def _local_board(
    graph: Graph, vertex: int, visited: object, budget: Budget
) -> tuple[list[int], dict[int, int], int]:
    """``vertex``'s component as bitmask rows of local ids, the local id of
    each of its vertices, and the visited set there as a mask."""
    n = graph.num_vertices
    mask = graph.unlabelled().component(vertex)
    assert mask is not None  # no limit given
    members = np.flatnonzero(mask)
    adjacency = local_adjacency(wide_offsets(graph.indptr), graph.indices, members, budget)
    local = {int(x): i for i, x in enumerate(members.tolist())}
    seen = 1 << local[vertex]
    if isinstance(visited, np.ndarray) and visited.dtype == np.bool_:
        if visited.shape != (n,):
            raise BipartiteGameError(
                f"a visited mask needs one entry per vertex ({n}), not shape {visited.shape}"
            )
        gone = np.flatnonzero(visited).tolist()
    else:
        if isinstance(visited, np.ndarray):
            given = visited.reshape(-1).tolist()
        elif isinstance(visited, Iterable) and not isinstance(visited, (str, bytes)):
            given = list(visited)  # labels may be tuples: not through numpy
        else:
            raise BipartiteGameError(
                f"visited must be vertices or a boolean mask, not {type(visited).__name__}"
            )
        gone = [graph.vertex_id(x) for x in given]
    for x in gone:
        if x in local:
            seen |= 1 << local[x]
    return adjacency, local, seen


def _refusal(graph: Graph, what: str) -> str:
    return (
        f"misère geography on this graph ({graph.num_vertices} vertices, "
        f"{graph.num_edges} edges) needs {what}: it is searched exhaustively on a "
        "component with a cycle, and only forests are solved exactly at any size"
    )


def _is_tree(adjacency: list[int], vertex: int, reach: int) -> bool:
    """Whether reach ∪ {vertex} (connected) induces a tree."""
    inside = reach | 1 << vertex
    total = 0
    rest = inside
    while rest:
        low = rest & -rest
        rest ^= low
        total += (adjacency[low.bit_length() - 1] & inside).bit_count()
    return total // 2 == reach.bit_count()


def _search(
    adjacency: list[int],
    vertex: int,
    seen: int,
    memo: dict[tuple[int, int], int],
    budget: Budget,
    values: bool,
) -> int:
    """g⁻ of (vertex, seen) by :func:`.nimbers.mex_search`, a state with
    no move worth 1 and one whose reachable part is a tree answered by the
    tree rule at once; with ``values`` false only whether it is 0, which
    the memo of one call must not mix with true values (each caller keeps
    one memo per mode)."""

    def tree(x: int, left: int) -> int | None:
        return tree_value(adjacency, x, left, 1) if _is_tree(adjacency, x, left) else None

    zero_only = not values
    reach = reachable(adjacency, vertex, seen)
    return mex_search(adjacency, vertex, reach, memo, budget, tree, terminal=1, zero_only=zero_only)
