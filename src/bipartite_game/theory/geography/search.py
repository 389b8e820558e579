"""Any geography game by exhaustive memoised search, within a budget of states.

Directed vertex geography, directed edge geography and undirected edge
geography are PSPACE-complete in general (Lichtenstein and Sipser 1980;
Schaefer 1978; Fraenkel, Scheinerman and Ullman 1993), so no method is fast
on every graph.  This one is exact and says when it gives up.

A state is the token's vertex and what is still usable: unvisited vertices
(vertex rule) or unused edges (edge rule), as bits of a Python integer.
Three prunings keep the states few:

- *What the token can never reach again is dropped.*  The usable set is cut
  to what can be reached from the token through usable vertices or edges, so
  parts the token has left for good (a component on the far side of a used
  bridge, a strongly connected component the token has left, vertices walled
  off by visited ones) do not split one state into many.  A start and every
  state that ends up in the same region share their entries.
- *Bipartite remainders are decided at once.*  Under the undirected edge
  rule, a state whose usable edges form a bipartite graph is decided by the
  GF(2) theorem of :mod:`.edge_bipartite` (an XOR basis of the rows of the
  token's side), so only states with an odd cycle or a loop left are
  searched: once the last odd cycle is broken, the search stops there.
- *Parallel edges are one move.*  Using any of several unused parallel edges
  (same ends, same direction) leads to isomorphic states, so only the
  lowest-numbered unused one is tried; the usable set then always holds a
  suffix of each class, one canonical state per count.

The callers hand it one part at a time: :mod:`.directed` one strongly
connected component (moves out of it lead to verdicts already known,
``exit_wins``), :func:`undirected_edge_winners` one connected component that
is not bipartite (the bipartite ones are solved by :mod:`.edge_bipartite`),
so the bitmasks are only as wide as that part.

The search is a negamax with an explicit stack (no recursion limit on long
paths), stopping at the first move to a losing state.  Past ``budget``
memoised states in all (one :class:`Budget` shared by every part; a state
counts 1 + its usable vertices / 128 or usable edges / 32) it raises
:class:`SearchTooLarge`.  The default, :data:`DEFAULT_BUDGET`, is about ten
seconds of one core.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._jit import kernel
from ..._native import Library
from ...errors import GeographyTooLarge

__all__ = [
    "DEFAULT_BUDGET",
    "Budget",
    "SearchTooLarge",
    "reachable",
    "search_component",
    "undirected_edge_winners",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: What the search may spend by default, in states: each memoised state
#: counts 1 + (vertices still usable) / 128 or 1 + (edges still usable) / 32,
#: since the work per state grows with that width.  About 10 s of one core's time before a refusal.
DEFAULT_BUDGET = 500_000


class SearchTooLarge(GeographyTooLarge):
    """The exhaustive search went past its budget of states."""


class Budget:
    """States the search may still memoise, shared by every part searched."""

    def __init__(self, states: int) -> None:
        self.left = states
        self.states = states

    def spend(self, usable: int, per: int) -> None:
        """Count one memoised state whose usable set is ``usable``: 1, plus
        one per ``per`` usable items (measured: a state's work grows with
        its usable edges about four times as fast as with its vertices)."""
        self.left -= 1 + usable.bit_count() // per
        if self.left < 0:
            raise SearchTooLarge(f"more than {self.states} states")


def search_component(
    n: int,
    u: IntArray,
    v: IntArray,
    *,
    rule: str,
    directed: bool,
    budget: Budget,
    exit_wins: BoolArray | None = None,
) -> BoolArray:
    """Whether the mover wins from each vertex of one part, by search; with
    ``exit_wins``, the vertices with a move out of the part to a loss."""
    exits = [False] * n if exit_wins is None else [bool(x) for x in exit_wins]
    game = _Game(n, u.tolist(), v.tolist(), rule, directed, budget, exits)
    return np.array([game.mover_wins(s) for s in range(n)], dtype=np.bool_).reshape(n)


def undirected_edge_winners(n: int, u: IntArray, v: IntArray, budget: Budget) -> BoolArray:
    """Edge geography on an undirected multigraph: each bipartite component
    by GF(2) elimination, each other one (odd cycle or loop) by search."""
    from .edge_bipartite import bipartite_parts, losing_starts

    comp, side, bipartite = bipartite_parts(n, u, v)
    easy = bipartite[comp[u]]
    wins = ~losing_starts(n, u[easy], v[easy], side)
    hard = np.flatnonzero(~bipartite)
    if hard.size == 0:
        return wins
    members = np.argsort(comp, kind="stable")
    first = np.searchsorted(comp[members], hard)
    last = np.searchsorted(comp[members], hard, side="right")
    edge_order = np.argsort(comp[u], kind="stable")
    edge_first = np.searchsorted(comp[u][edge_order], hard)
    edge_last = np.searchsorted(comp[u][edge_order], hard, side="right")
    local = np.full(n, -1, dtype=np.int64)
    for a, b, ea, eb in zip(first, last, edge_first, edge_last, strict=True):
        inside = members[a:b]
        local[inside] = np.arange(inside.size)
        edges = edge_order[ea:eb]
        wins[inside] = search_component(
            inside.size,
            local[u[edges]],
            local[v[edges]],
            rule="edge",
            directed=False,
            budget=budget,
        )
    return wins


def reachable(n: int, u: IntArray, v: IntArray, start: int, directed: bool) -> BoolArray:
    """The vertices the token could ever reach from ``start``.  O(V + E)."""
    seen = np.zeros(n, dtype=np.bool_)
    _reach(n, u, v, start, directed, seen)
    return seen


def _reach_native(
    lib: Library, n: int, u: IntArray, v: IntArray, start: int, directed: bool, seen: BoolArray
) -> None:
    degree = np.empty(n + 1, dtype=np.int64)
    fill = np.empty(n, dtype=np.int64)
    heads = np.empty(u.size if directed else 2 * u.size, dtype=np.int64)
    todo = np.empty(n, dtype=np.int64)
    reach = lib.function("bg_geo_reach", "qllqqq?llll")
    reach(
        n,
        np.ascontiguousarray(u, dtype=np.int64),
        np.ascontiguousarray(v, dtype=np.int64),
        u.size,
        start,
        bool(directed),
        seen,
        degree,
        fill,
        heads,
        todo,
    )


@kernel(native=_reach_native)
def _reach(n: int, u: IntArray, v: IntArray, start: int, directed: bool, seen: BoolArray) -> None:
    degree = np.zeros(n + 1, dtype=np.int64)
    for i in range(u.size):
        degree[u[i] + 1] += 1
        if not directed:
            degree[v[i] + 1] += 1
    for x in range(n):
        degree[x + 1] += degree[x]
    fill = degree[:-1].copy()
    heads = np.empty(degree[n], dtype=np.int64)
    for i in range(u.size):
        heads[fill[u[i]]] = v[i]
        fill[u[i]] += 1
        if not directed:
            heads[fill[v[i]]] = u[i]
            fill[v[i]] += 1
    todo = np.empty(n, dtype=np.int64)
    todo[0] = start
    seen[start] = True
    size = 1
    done = 0
    while done < size:
        x = todo[done]
        done += 1
        for i in range(degree[x], degree[x + 1]):
            y = heads[i]
            if not seen[y]:
                seen[y] = True
                todo[size] = y
                size += 1


class _Game:
    """The moves of one game as bitmasks, and the memo of solved states."""

    def __init__(
        self,
        n: int,
        u: list[int],
        v: list[int],
        rule: str,
        directed: bool,
        budget: Budget,
        exit_wins: list[bool],
    ) -> None:
        self.rule = rule
        self.budget = budget
        self.per = 128 if rule == "vertex" else 32  # usable items per unit of budget
        self.exit_wins = exit_wins
        self.memo: dict[tuple[int, int], bool] = {}
        self.tail, self.head = u, v
        if rule == "vertex":
            # successors as a vertex mask; a loop is never playable
            self.succ = [0] * n
            for a, b in zip(u, v, strict=True):
                if a != b:
                    self.succ[a] |= 1 << b
                    if not directed:
                        self.succ[b] |= 1 << a
        else:
            self.incident = [0] * n  # edges the token can leave a vertex by
            first_of_class: dict[tuple[int, int], int] = {}
            self.lower_twins = [0] * len(u)  # parallel edges numbered lower
            for e, (a, b) in enumerate(zip(u, v, strict=True)):
                self.incident[a] |= 1 << e
                if not directed:
                    self.incident[b] |= 1 << e
                key = (a, b) if directed or a <= b else (b, a)
                twins = first_of_class.get(key, 0)
                self.lower_twins[e] = twins
                first_of_class[key] = twins | (1 << e)
            self.directed = directed

    # ------------------------------------------------------------- states
    def start_state(self, s: int) -> tuple[int, int]:
        if self.rule == "vertex":
            everything = (1 << len(self.succ)) - 1
            return s, self._reach_vertices(s, everything & ~(1 << s))
        return s, self._reach_edges(s, (1 << len(self.tail)) - 1)

    def moves(self, at: int, usable: int) -> int:
        if self.rule == "vertex":
            return self.succ[at] & usable
        moves = self.incident[at] & usable
        rest, distinct = moves, 0
        while rest:
            low = rest & -rest
            rest ^= low
            if not usable & self.lower_twins[low.bit_length() - 1]:
                distinct |= low
        return distinct

    def child(self, at: int, usable: int, move: int) -> tuple[int, int]:
        item = move.bit_length() - 1
        if self.rule == "vertex":
            return item, self._reach_vertices(item, usable & ~move)
        a, b = self.tail[item], self.head[item]
        to = b if a == at else a
        return to, self._reach_edges(to, usable & ~move)

    def _reach_vertices(self, at: int, allowed: int) -> int:
        """Vertices of ``allowed`` the token can reach from ``at``."""
        seen, frontier = 0, self.succ[at] & allowed
        while frontier:
            seen |= frontier
            grown = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                grown |= self.succ[low.bit_length() - 1]
            frontier = grown & allowed & ~seen
        return seen

    def _reach_edges(self, at: int, allowed: int) -> int:
        """Edges of ``allowed`` the token can reach from ``at``."""
        seen_edges, seen_vertices, todo = 0, 1 << at, [at]
        while todo:
            x = todo.pop()
            fresh = self.incident[x] & allowed & ~seen_edges
            seen_edges |= fresh
            while fresh:
                low = fresh & -fresh
                fresh ^= low
                e = low.bit_length() - 1
                for y in (self.head[e],) if self.directed else (self.tail[e], self.head[e]):
                    if not seen_vertices >> y & 1:
                        seen_vertices |= 1 << y
                        todo.append(y)
        return seen_edges

    # ------------------------------------------------------------- search
    def _first_moves(self, state: tuple[int, int]) -> int:
        """The moves to try from ``state``; none when a move out of the part
        already wins (the state then resolves as a win at once)."""
        if self.exit_wins[state[0]]:
            return 0
        return self.moves(*state)

    def _decided(self, state: tuple[int, int]) -> bool | None:
        """Under the undirected edge rule, the verdict of a state whose
        usable edges form a bipartite graph, by the GF(2) theorem of
        :mod:`.edge_bipartite` (memoised, one state of the budget); else None.

        The mover at x loses iff x's row (its edges to the other side, mod 2)
        is a sum of other rows of its side: one XOR basis of those rows.
        """
        if self.rule != "edge" or self.directed:
            return None
        at, usable = state
        colour, rows, todo = {at: 0}, {at: 0}, [at]
        while todo:
            x = todo.pop()
            mine = colour[x]
            edges = self.incident[x] & usable
            while edges:
                low = edges & -edges
                edges ^= low
                e = low.bit_length() - 1
                a, b = self.tail[e], self.head[e]
                y = b if a == x else a
                seen = colour.get(y)
                if seen is None:
                    colour[y] = 1 - mine
                    if mine:
                        rows[y] = 0
                    todo.append(y)
                elif seen == mine:  # an odd cycle, or a loop
                    return None
                if not mine:
                    rows[x] ^= 1 << y
        basis: dict[int, int] = {}
        for x, row in rows.items():
            if x != at:
                _insert(basis, row)
        wins = _reduce(basis, rows[at]) != 0
        self.memo[state] = wins
        self.budget.spend(usable, self.per)
        return wins

    def mover_wins(self, s: int) -> bool:
        root = self.start_state(s)
        known = self.memo.get(root)
        if known is None:
            known = self._decided(root)
        if known is not None:
            return known
        # frame: [state, moves not tried yet, child state awaiting its verdict]
        stack: list[list[object]] = [[root, self._first_moves(root), None]]
        while stack:
            frame = stack[-1]
            state: tuple[int, int] = frame[0]  # type: ignore[assignment]
            moves: int = frame[1]  # type: ignore[assignment]
            waiting = frame[2]
            verdict = waiting is not None and not self.memo[waiting]  # type: ignore[index]
            verdict = verdict or (waiting is None and self.exit_wins[state[0]])
            frame[2] = None
            descend = None
            while not verdict and moves:
                low = moves & -moves
                moves ^= low
                child = self.child(state[0], state[1], low)
                known = self.memo.get(child)
                if known is None:
                    known = self._decided(child)
                if known is None:
                    descend = child
                    break
                verdict = not known
            if descend is not None:
                frame[1], frame[2] = moves, descend
                stack.append([descend, self._first_moves(descend), None])
                continue
            self.memo[state] = verdict
            self.budget.spend(state[1], self.per)
            stack.pop()
        return self.memo[root]


def _insert(basis: dict[int, int], row: int) -> None:
    """Add ``row`` to an XOR basis keyed by leading bit."""
    row = _reduce(basis, row)
    if row:
        basis[row.bit_length() - 1] = row


def _reduce(basis: dict[int, int], row: int) -> int:
    while row:
        top = basis.get(row.bit_length() - 1)
        if top is None:
            break
        row ^= top
    return row
