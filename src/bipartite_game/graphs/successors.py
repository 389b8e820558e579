"""A game graph from a start state and a successor function: your own game.

Many contest games are vertex geography in disguise: a state (a string, a
tuple, a board) moves to a few others, and no state may be visited twice.
:func:`from_successors` explores the states reachable from the start
breadth-first and builds the :class:`~bipartite_game.graphs.graph.Graph` the
solver takes, with the states themselves as labels, so that
``solve(graph).first_player_wins(state)`` answers in the
game's own words.

Vertex geography is played on an *undirected* graph: a move from ``u`` to
``v`` is possible when ``v`` is a successor of ``u``, and the game graph has
the edge ``u - v`` when ``v`` is in ``successors(u)`` *or* ``u`` is in
``successors(v)`` (the union).  For the usual games the relation is
symmetric (a digit turned up can be turned down) and the union changes
nothing; when it is not, the answer is that of the symmetric game, which is
what the matching theorem solves (directed geography is PSPACE-complete).
States are explored only forwards, so a state that only reaches the start
(and is not reached from it) is not in the graph.

Cost: one call of ``successors`` per state reached and a dictionary look-up
per successor (Python work, by the nature of a Python function), then
:meth:`Graph.from_edges` (one sort).  Past ``limit`` states it stops with a
:class:`~bipartite_game.errors.BipartiteGameError` instead of filling the
memory.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Hashable, Iterable

import numpy as np
import numpy.typing as npt

from ..errors import BipartiteGameError

__all__ = ["explore"]


def explore(
    start: Hashable,
    successors: Callable[[Hashable], Iterable[Hashable]],
    *,
    limit: int = 100_000,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], list[Hashable]]:
    """The moves between the states reachable from ``start``, as edge arrays
    ``(u, v)`` of state numbers, and the states in their numbering: what
    :meth:`~bipartite_game.graphs.graph.Graph.from_successors` builds the
    game graph from.

    Vertex ``0`` is ``start``; the others are numbered in breadth-first
    order and labelled by their states (``graph.labels``, ``graph.index``).
    States must be hashable, and equal states are the same vertex.  A state
    that is its own successor adds no edge (no move can revisit a state).
    Raises :class:`BipartiteGameError` when more than ``limit`` states are
    reachable (raise ``limit=`` to go further), or when a state is not
    hashable.

    >>> u, v, states = explore(0, lambda n: [n + 1] if n < 3 else [])  # 0-1-2-3
    >>> u.tolist(), v.tolist(), states
    ([0, 1, 2], [1, 2, 3], [0, 1, 2, 3])
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise BipartiteGameError(f"limit must be a positive integer, not {limit!r}")
    if not callable(successors):
        raise BipartiteGameError(
            f"successors must be a function of a state, not {type(successors).__name__}"
        )
    index: dict[Hashable, int] = {}
    states: list[Hashable] = []
    src: list[int] = []
    dst: list[int] = []

    def number(state: Hashable) -> int:
        try:
            found = index.get(state)
        except TypeError:
            raise BipartiteGameError(
                f"a state must be hashable, not {reprlib.repr(state)}"
            ) from None
        if found is not None:
            return found
        if len(states) == limit:
            raise BipartiteGameError(
                f"more than {limit} states are reachable from {reprlib.repr(start)}: pass a larger "
                "limit= to explore further"
            )
        index[state] = len(states)
        states.append(state)
        return len(states) - 1

    number(start)
    at = 0
    while at < len(states):  # the list grows as the search goes: a queue
        found = successors(states[at])
        try:
            moves = iter(found)
        except TypeError:
            raise BipartiteGameError(
                f"successors({reprlib.repr(states[at])}) must give an iterable of states, "
                f"not {type(found).__name__}"
            ) from None
        for state in moves:
            src.append(at)
            dst.append(number(state))
        at += 1
    return np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64), states
