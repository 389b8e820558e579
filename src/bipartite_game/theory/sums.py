"""Disjunctive sums of vertex geography: several boards, one token on each.

A turn moves one token of the mover's choice along an edge of its own
component to a vertex of that component not yet visited; a player who
cannot move in any component loses.

**The Sprague–Grundy theorem.**  Every impartial game under normal play
(the player who cannot move loses) is equivalent to a Nim heap of size
g, its Grundy value (:mod:`.nimbers`), and the sum of games to the Nim
heap of size g₁ ⊕ g₂ ⊕ ... ⊕ gₖ (⊕: bitwise exclusive or).  So the mover
wins the sum exactly when that *nim-sum* X is not 0.  *Proof sketch.*  A
position with X = 0 has every move changing one gᵢ, so X ≠ 0 after it; a
position with X ≠ 0 has a move to X = 0: take the highest bit of X, a
component i whose gᵢ has that bit (there is one), and t = gᵢ ⊕ X < gᵢ;
since gᵢ is the mex of its options' values, some move of component i
reaches a position of value t, and then the nim-sum is 0.  A terminal
sum has X = 0, so by induction the player facing X = 0 loses.

:func:`solve_sum` finds each component's value with
:mod:`.nimbers` (forests exact in O(V + E); components of maximum degree
3 exactly by :mod:`.cubic`; other components with a cycle by its memoised
search; the last two under the geography search's budget, which refuses
past it with :class:`~bipartite_game.errors.GeographyTooLarge`), and when
the mover wins, the move of the proof: the first component (in the order
given) whose value has X's highest bit, and the lowest-numbered vertex
one move away whose value is t.  A position mid-game (the token on v, the
set S visited) is the start v of the graph without S − {v}'s edges, so
every value here is a start's value in a subgraph: v's component of it.

Cost: one call of :func:`~.nimbers.start_values` on the disjoint union
of what each token can still reach (its component once the visited
vertices are cut off), valuing the tokens' starts alone, and for the move
one more on what the chosen component's token can reach after it, valuing
its moves alone; each is a forest pass, the degree-3 method or a search,
whose work is charged to ``budget`` and whose time to ``seconds``.  Deciding sums of
two geography positions is hard in general (Burke, Ferland and Teng,
arXiv 2106.02114): the values are what makes a sum easy, and they are
easy on forests only.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..errors import BipartiteGameError, GeographyTooLarge
from ..graphs.convert import is_networkx_graph
from ..graphs.graph import Graph, GraphLike, Vertex, as_graph
from ._docs import shared_docs
from .geography import checked_budget
from .geography.search import DEFAULT_BUDGET, DEFAULT_SECONDS
from .nimbers import start_values

__all__ = [
    "Component",
    "SumMove",
    "SumSolution",
    "component_value",
    "engine_move",
    "solve_sum",
]


@dataclass(frozen=True)
class Component:
    """One board of a sum: the token on ``vertex`` of ``graph``, the
    vertices ``visited`` already used (``vertex`` counts as visited).

    Parameters
    ----------
    graph : Graph
        The board's graph.
    vertex : hashable
        The token's vertex.
    visited : tuple of hashable, optional
        The vertices used already.

    See Also
    --------
    solve_sum : takes these, or plain tuples.

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])
    >>> solve_sum([Component(path, 1, visited=(0,)), Component(path, 3)]).values
    (0, 1)
    """

    graph: Graph
    vertex: Hashable
    visited: tuple[Hashable, ...] = ()


@dataclass(frozen=True)
class _Part:
    """A component checked: ``graph`` without its labels (the work is in
    ids), ``named`` the graph as given (to name the vertices returned),
    vertex ids, the token's own vertex not among ``visited``."""

    graph: Graph
    vertex: int
    visited: tuple[int, ...]
    named: Graph


@dataclass(frozen=True)
class SumMove:
    """A move of a sum: the token of component ``component`` (0-based, in
    the order given) goes to ``vertex`` of that component's graph (its
    label when the graph has labels).

    Parameters
    ----------
    component : int
        The board's index, 0-based.
    vertex : Vertex
        Where its token goes.

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])
    >>> solve_sum([(path, 0), (path, 1)]).move
    SumMove(component=1, vertex=2)
    """

    component: int
    vertex: Vertex


@shared_docs
@dataclass(frozen=True)
class SumSolution:
    """Who wins a sum.  ``values``: each component's Grundy value;
    ``nim_sum``: their exclusive or; ``move``: a winning move, after which
    the nim-sum is 0 (``None`` when the mover loses).

    Parameters
    ----------
    values : tuple of int
        Each component's Grundy value.
    nim_sum : int
        Their exclusive or.
    move : SumMove or None
        A winning move, or ``None`` when the mover loses.

    Attributes
    ----------
    first_player_wins : bool
        Whether the player to move wins: exactly when the nim-sum is not 0.

    {made_by(solve_sum)}

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])
    >>> solve_sum([(path, 0), (path, 1)])
    SumSolution(values=(1, 2), nim_sum=3, move=SumMove(component=1, vertex=2))
    """

    values: tuple[int, ...]
    nim_sum: int
    move: SumMove | None

    @property
    def first_player_wins(self) -> bool:
        """Does the player to move win?  Exactly when the nim-sum is not 0."""
        return self.nim_sum != 0


@shared_docs
def solve_sum(
    components: Iterable[object],
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> SumSolution:
    """Who wins the disjunctive sum of ``components``, and a winning move.

    Each component is a :class:`Component`, a tuple ``(graph, vertex)`` or
    ``(graph, vertex, visited)`` (``vertex`` and ``visited`` named as the
    graph names them: labels on a labelled graph, else ids; ``graph`` a
    :class:`~bipartite_game.Graph` or a networkx graph), or a
    :class:`~bipartite_game.play.position.Position` (anything with
    ``graph``, ``current`` and a boolean ``visited`` mask).  ``budget``
    (search states) and ``seconds`` as for
    :func:`~bipartite_game.theory.nimbers.grundy_array`, for all the
    components' values at once (and again for the move's options).

    Parameters
    ----------
    components : iterable of object
        The boards: :class:`Component`, tuples or positions.
    {search_limits}

    Returns
    -------
    SumSolution
        The values, their nim-sum and a winning move.

    {too_large}
    BipartiteGameError
        When a component is not a board.

    See Also
    --------
    engine_move : the engine's move, winning or not.

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])  # 0-1-2-3: values 1 2 2 1
    >>> solution = solve_sum([(path, 0), (path, 1)])  # 1 xor 2 = 3
    >>> solution.first_player_wins, solution.move
    (True, SumMove(component=1, vertex=2))
    >>> solve_sum([(path, 1), (path, 2)]).first_player_wins  # 2 xor 2 = 0
    False
    """
    parts = [_component(c, k) for k, c in enumerate(_listed(components))]
    limits = checked_budget(budget, seconds)
    deadline = time.monotonic() + limits[1]
    found = _start_values([(_rest(c), [c.vertex]) for c in parts], limits[0], limits[1])
    values = tuple(found[k][c.vertex] for k, c in enumerate(parts))
    nim_sum = 0
    for value in values:
        nim_sum ^= value
    if nim_sum == 0:
        return SumSolution(values, 0, None)
    top = 1 << (nim_sum.bit_length() - 1)
    k = next(i for i, value in enumerate(values) if value & top)
    target = values[k] ^ nim_sum
    chosen = parts[k]
    options = _option_values(chosen, limits[0], deadline)
    vertex = min(w for w, value in options.items() if value == target)
    return SumSolution(values, nim_sum, SumMove(k, chosen.named.label(vertex)))


@shared_docs
def engine_move(
    components: Iterable[object],
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> tuple[SumMove, bool]:
    """The engine's move in a sum, as the terminal game and the web page
    play it: ``(move, True)`` with :func:`solve_sum`'s winning move (the
    nim-sum is 0 after it) when there is one, else ``(move, False)`` with
    the first legal move (the first board that has one, its smallest
    vertex).  The components as for :func:`solve_sum`; a
    :class:`~bipartite_game.errors.BipartiteGameError` when no board has a
    move (the sum is over).

    Parameters
    ----------
    components : iterable of object
        The boards, as for :func:`solve_sum`.
    {search_limits}

    Returns
    -------
    move : SumMove
        The engine's move.
    winning : bool
        Whether it wins.

    Raises
    ------
    BipartiteGameError
        When no board has a move.
    GeographyTooLarge
        When a search passes ``budget`` or ``seconds``.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> edge = Graph.from_edges([0], [1])
    >>> engine_move([(edge, 0), (edge, 0)])  # 1 xor 1: the mover loses
    (SumMove(component=0, vertex=1), False)
    """
    listed = list(_listed(components))
    move = solve_sum(listed, budget=budget, seconds=seconds).move
    if move is not None:
        return move, True
    for k, item in enumerate(listed):
        part = _component(item, k)
        for w in part.graph.neighbor_ids(part.vertex).tolist():
            if w not in part.visited:
                return SumMove(k, part.named.label(w)), False
    raise BipartiteGameError("no board has a move: the sum is over")


@shared_docs
def component_value(
    graph: GraphLike,
    vertex: Hashable,
    visited: npt.ArrayLike = (),
    *,
    budget: int = DEFAULT_BUDGET,
    seconds: float = DEFAULT_SECONDS,
) -> int:
    """The Grundy value of one board: the token on ``vertex``, ``visited``
    used; that of the start ``vertex`` in what the token can still reach
    (its component once the other visited vertices are cut off), by
    :func:`~bipartite_game.theory.nimbers.start_values` there.

    {position_parameters}

    Returns
    -------
    int
        The board's Grundy value.

    {position_raises}

    Examples
    --------
    >>> path = Graph.from_edges([0, 1, 2], [1, 2, 3])  # 0-1-2-3
    >>> component_value(path, 2, visited=[3])  # the path 2-1-0 ahead
    0
    >>> component_value(path, 2, np.array([False, True, True, False]))  # a mask: 2-3 ahead
    1
    """
    part = _component((graph, vertex, visited), 0)
    limits = checked_budget(budget, seconds)
    return _start_values([(_rest(part), [part.vertex])], *limits)[0][part.vertex]


def _listed(components: Iterable[object]) -> list[object]:
    if isinstance(components, (str, bytes, Graph)) or not isinstance(components, Iterable):
        raise BipartiteGameError(
            f"components must be a list of components, not {type(components).__name__}"
        )
    listed = list(components)
    if not listed:
        raise BipartiteGameError("components is empty: a sum needs at least one component")
    return listed


def _component(item: object, k: int) -> _Part:
    """``item`` checked, its vertices as ids (``k``: its place, named in
    errors)."""
    if isinstance(item, Component):
        graph, vertex, visited = item.graph, item.vertex, item.visited
    elif isinstance(item, tuple) and len(item) in (2, 3):
        graph, vertex = item[0], item[1]
        visited = item[2] if len(item) == 3 else ()
    elif hasattr(item, "graph") and hasattr(item, "current") and hasattr(item, "visited"):
        graph, vertex, visited = item.graph, item.current, item.visited
    else:
        raise BipartiteGameError(
            f"component {k} must be a Component, (graph, vertex[, visited]) or a Position, "
            f"not {type(item).__name__}"
        )
    if not isinstance(graph, Graph) and not is_networkx_graph(graph):
        raise BipartiteGameError(
            f"component {k}: the graph must be a Graph or a networkx graph, "
            f"not {type(graph).__name__}"
        )
    graph = as_graph(graph, "solve_sum")
    n = graph.num_vertices
    vertex = graph.vertex_id(vertex)
    if isinstance(visited, np.ndarray) and visited.dtype == np.bool_:
        if visited.shape != (n,):
            raise BipartiteGameError(
                f"component {k}: a visited mask needs one entry per vertex ({n}), "
                f"not shape {visited.shape}"
            )
        ids = np.flatnonzero(visited).tolist()
    elif isinstance(visited, np.ndarray):
        ids = [graph.vertex_id(x) for x in visited.reshape(-1).tolist()]
    elif isinstance(visited, Iterable) and not isinstance(visited, (str, bytes)):
        ids = [graph.vertex_id(x) for x in visited]  # labels may be tuples
    else:
        raise BipartiteGameError(
            f"component {k}: visited must be vertices or a boolean mask, "
            f"not {type(visited).__name__}"
        )
    return _Part(graph.unlabelled(), vertex, tuple(sorted(set(ids) - {vertex})), graph)


def _left(deadline: float) -> float:
    """The seconds left before ``deadline``; past it, the refusal."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise GeographyTooLarge(
            "the sum's Grundy values need more than the seconds given: they are "
            "PSPACE-complete in general (Burke, Ferland and Teng, arXiv 2106.02114)"
        )
    return left


def _rest(part: _Part) -> Graph:
    """The graph with the visited vertices other than the token's cut off."""
    if not part.visited:
        return part.graph
    return part.graph.without_ids(np.array(part.visited, dtype=np.int64))


def _start_values(
    boards: Sequence[tuple[Graph, Sequence[int]]], budget: int, seconds: float
) -> list[dict[int, int]]:
    """For each board ``(graph, starts)``, the Grundy value of each start:
    computed on the starts' components only (nothing else is searched),
    all boards' at once as one disjoint union, so that a sum of many small
    boards costs one call of :func:`~.nimbers.start_values` (one budget for
    all), which values those starts alone."""
    pieces = []
    ends_u: list[npt.NDArray[np.int64]] = []
    ends_v: list[npt.NDArray[np.int64]] = []
    offset = 0
    for graph, starts in boards:
        keep = np.zeros(graph.num_vertices, dtype=np.bool_)
        for s in starts:
            if not keep[s]:
                mask = graph.component(s)
                assert mask is not None  # no limit given
                keep |= mask
        local = np.cumsum(keep) - 1
        u, v = graph.subgraph(keep).edges()
        ends_u.append(u.astype(np.int64) + offset)
        ends_v.append(v.astype(np.int64) + offset)
        pieces.append((offset, local, starts))
        offset += int(keep.sum())
    union = Graph.from_edges(np.concatenate(ends_u), np.concatenate(ends_v), offset)
    ids = [first + int(local[s]) for first, local, starts in pieces for s in starts]
    found = start_values(union, np.array(ids, dtype=np.int64), budget=budget, seconds=seconds)
    values = dict(zip(ids, found.tolist(), strict=True))
    return [{s: values[first + int(local[s])] for s in starts} for first, local, starts in pieces]


def _option_values(part: _Part, budget: int, deadline: float) -> dict[int, int]:
    """The value after each move of ``part``'s token, by the vertex moved to."""
    rest = _rest(part)
    options = rest.neighbor_ids(part.vertex).tolist()
    after = rest.without_ids(part.vertex)
    return _start_values([(after, options)], budget, _left(deadline))[0]
