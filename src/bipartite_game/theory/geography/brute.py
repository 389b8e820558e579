"""The geography games by exhaustive minimax, written straight from the rules.

This module is the oracle the tests compare the fast paths against, so it
shares no code with them: it reads a plain list of edges, builds its own
adjacency, and searches every play.  Memoised on (token's vertex, what is
used up): the visited vertices under the vertex rule, the used edges under
the edge rule.  Exponential; meant for graphs of a dozen or so edges.

The rules (who cannot move loses, in every game):

- **vertex** geography: the start counts as visited; a move carries the token
  along an edge to an unvisited vertex.  Undirected, or along arcs only when
  ``directed``.  A loop can never be played (its end is visited).
- **edge** geography: a move carries the token along an unused edge to that
  edge's other end and uses the edge up; vertices may be visited again.
  Parallel edges are distinct edges; a loop is a move that keeps the token
  where it is and uses the loop.  Undirected, or along arcs when ``directed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

__all__ = ["mover_wins", "winners"]


def mover_wins(
    num_vertices: int,
    edges: Sequence[tuple[int, int]],
    start: int,
    *,
    rule: str,
    directed: bool,
) -> bool:
    """Whether the player to move from ``start`` wins."""
    return winners(num_vertices, edges, rule=rule, directed=directed)[start]


def winners(
    num_vertices: int, edges: Sequence[tuple[int, int]], *, rule: str, directed: bool
) -> list[bool]:
    """For every start vertex, whether the player to move from it wins."""
    if rule == "vertex":
        return _vertex_winners(num_vertices, edges, directed)
    if rule == "edge":
        return _edge_winners(num_vertices, edges, directed)
    raise ValueError(f"unknown rule {rule!r}")


def _vertex_winners(n: int, edges: Sequence[tuple[int, int]], directed: bool) -> list[bool]:
    successors: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        successors[a].add(b)
        if not directed:
            successors[b].add(a)

    @cache
    def wins(at: int, visited: frozenset[int]) -> bool:
        return any(not wins(nxt, visited | {nxt}) for nxt in successors[at] if nxt not in visited)

    return [wins(s, frozenset({s})) for s in range(n)]


def _edge_winners(n: int, edges: Sequence[tuple[int, int]], directed: bool) -> list[bool]:
    # moves[v]: (edge number, where the token goes) for every edge usable from v
    moves: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for number, (a, b) in enumerate(edges):
        moves[a].append((number, b))
        if not directed and a != b:
            moves[b].append((number, a))

    @cache
    def wins(at: int, used: frozenset[int]) -> bool:
        return any(
            not wins(nxt, used | {number}) for number, nxt in moves[at] if number not in used
        )

    return [wins(s, frozenset()) for s in range(n)]
