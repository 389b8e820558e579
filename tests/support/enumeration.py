"""All maximum matchings of a small graph, by enumeration from the definition.

No theorem and nothing from the package: every matching is listed (each
vertex in turn is left out or paired with a later unused neighbour) and the
largest kept.  The oracle for the decomposition, explanations and
certificates.  Exponential: for graphs of about ten vertices.
"""

from __future__ import annotations

from bipartite_game.theory.game import Strategy

Edge = tuple[int, int]


def all_matchings(n: int, edges: list[Edge]) -> list[frozenset[Edge]]:
    """Every matching (as a set of ``(u, v)`` with ``u < v``)."""
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for u, v in {(min(a, b), max(a, b)) for a, b in edges if a != b}:
        neighbours[u].append(v)
    found: list[frozenset[Edge]] = []

    def extend(i: int, used: int, chosen: list[Edge]) -> None:
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            found.append(frozenset(chosen))
            return
        extend(i + 1, used | 1 << i, chosen)
        for j in neighbours[i]:
            if not used >> j & 1:
                chosen.append((i, j))
                extend(i + 1, used | 1 << i | 1 << j, chosen)
                chosen.pop()

    extend(0, 0, [])
    return found


def maximum_matchings(n: int, edges: list[Edge]) -> list[frozenset[Edge]]:
    """Every maximum matching."""
    every = all_matchings(n, edges)
    best = max(len(m) for m in every)
    return [m for m in every if len(m) == best]


def missed_by_some(n: int, matchings: list[frozenset[Edge]]) -> list[bool]:
    """Per vertex: does some matching of ``matchings`` miss it?"""
    result = [False] * n
    for m in matchings:
        covered = {x for e in m for x in e}
        for v in range(n):
            if v not in covered:
                result[v] = True
    return result


def edge_classes(edges: list[Edge], matchings: list[frozenset[Edge]]) -> dict[Edge, str]:
    """Per edge ``(u, v)``, ``u < v``: ``every``, ``some`` or ``none``."""
    result = {}
    for a, b in edges:
        e = (min(a, b), max(a, b))
        hits = sum(e in m for m in matchings)
        result[e] = "every" if hits == len(matchings) else "some" if hits else "none"
    return result


def strategy_never_fails(adj: list[list[int]], strategy: Strategy) -> bool:
    """Play the strategy against every line of the opponent (exhaustive)."""

    def opponent_to_move(current: int, visited: frozenset[int]) -> bool:
        for w in adj[current]:
            if w in visited:
                continue
            answer = strategy.reply(w)
            if answer is None or answer in visited or answer == w or answer not in adj[w]:
                return False
            if not opponent_to_move(answer, visited | {w, answer}):
                return False
        return True

    start = strategy.start
    if strategy.first_player_wins:
        first = strategy.reply(start)
        if first is None or first not in adj[start]:
            return False
        return opponent_to_move(first, frozenset({start, first}))
    return opponent_to_move(start, frozenset({start}))
