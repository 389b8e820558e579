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

Before the search each part's forced-move chains are shortened to one or
two inner vertices, and the starts inside them answered from a few states
of the shortened game (:mod:`.chains`, where the proof is): a directed cycle
of any length is a game of two or three vertices.

The search is a negamax with an explicit stack (no recursion limit on long
paths), stopping at the first move to a losing state.  It keeps to a
:class:`Budget`, one for the whole solve, shared by every part:

- *states*: every state is charged when it is opened, before its moves are
  tried (1 + its usable vertices / 128 or usable edges / 32, since the work
  and the memory of a state grow with that width), and so are the bitmasks
  of the moves (their bits / 128), before they are built.  Everything the
  search holds was charged, so its memory is bounded too: past
  :data:`DEFAULT_BUDGET` units, about 150 MB, it raises
  :class:`SearchTooLarge`;
- *seconds*: the clock is read at every state opened, every 64 steps of
  the work inside one (the vertices a reach or a GF(2) test takes) and at
  every vertex whose masks are built, so past :data:`DEFAULT_SECONDS` from
  the start of the solve it raises :class:`SearchTooLarge` within
  milliseconds (a fraction of a second on a part of 10^5 vertices).
"""

from __future__ import annotations

import time

import numpy as np

from ..._arrays import BoolArray, IntArray
from ..._jit import kernel
from ..._native import Library
from ...errors import GeographyTooLarge
from .chains import Compressed, compress

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_SECONDS",
    "Budget",
    "SearchTooLarge",
    "reachable",
    "search_component",
    "undirected_edge_winners",
]


#: What the search may spend by default, in states: each state counts 1 +
#: (vertices still usable) / 128 or 1 + (edges still usable) / 32 when it is
#: opened, and the moves' bitmasks their bits / 128.  Bounds the memory the
#: search holds (about 150 MB at most: some 250 bytes a narrow state).
DEFAULT_BUDGET = 500_000
#: What the search may spend by default, in seconds of the solve (wall clock).
DEFAULT_SECONDS = 10.0


class SearchTooLarge(GeographyTooLarge):
    """The exhaustive search went past its budget of states or of seconds;
    ``what`` says which, as the refusal words it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Budget:
    """States the search may still open, and the time it must stop by:
    one for a whole solve, shared by every part searched."""

    def __init__(self, states: int, seconds: float = DEFAULT_SECONDS) -> None:
        self.left = states
        self.states = states
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    def spend(self, usable: int, per: int) -> None:
        """Charge one state opened whose usable set is ``usable``: 1, plus
        one per ``per`` usable items (measured: a state's work grows with
        its usable edges about four times as fast as with its vertices)."""
        self.charge(1 + usable.bit_count() // per)

    def charge(self, units: int) -> None:
        """Charge ``units`` (before what they pay for is built), and read
        the clock."""
        self.left -= units
        if self.left < 0:
            raise SearchTooLarge(f"more than {self.states} search states")
        self.tick()

    def tick(self) -> None:
        """Raise :class:`SearchTooLarge` once the time is up.  A clock read:
        about 0.1 µs."""
        if time.monotonic() > self.deadline:
            raise SearchTooLarge(f"more than {self.seconds:g} s of search")


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
    ``exit_wins``, the vertices with a move out of the part to a loss.

    The chains are shortened first (:mod:`.chains`); a start inside one is
    answered from the shortened game's position at the chain's end.
    """
    blocked = np.zeros(n, dtype=np.bool_) if exit_wins is None else exit_wins.astype(np.bool_)
    if rule == "vertex":  # repeated arcs are one move, a loop none
        keys = np.unique(u[u != v] * n + v[u != v])
        u, v = keys // n, keys % n
    part = compress(n, u, v, directed=directed, exit_wins=blocked)
    if part is None:  # no chain to shorten
        game = _Game(n, u, v, rule, directed, budget, blocked)
        return np.array([game.mover_wins(s) for s in range(n)], dtype=np.bool_).reshape(n)
    game = _Game(part.n, part.u, part.v, rule, directed, budget, part.exit_wins)
    wins = np.zeros(n, dtype=np.bool_)
    for x in np.flatnonzero(part.new_id >= 0).tolist():
        wins[x] = game.mover_wins(int(part.new_id[x]))
    inside = np.flatnonzero(part.chain >= 0)
    if inside.size == 0:
        return wins
    c, i = part.chain[inside], part.pos[inside]
    k = part.ends[c, 2]
    # toward b: k - i + 1 forced moves, then a corridor at a of i - 1
    # moves (vertex rule) or i (edge rule), by its parity
    corridor = (i - 1) % 2 if rule == "vertex" else i % 2
    beyond = _corridor_wins(game, part, c, corridor, toward_b=True)
    wins[inside] = beyond ^ ((k - i + 1) % 2 == 1)
    if not directed:  # toward a: i forced moves, a corridor at b of k - i + 1
        behind = _corridor_wins(game, part, c, (k - i + 1) % 2, toward_b=False)
        wins[inside] |= behind ^ (i % 2 == 1)
    return wins


def _corridor_wins(
    game: _Game, part: Compressed, c: IntArray, corridor: IntArray, *, toward_b: bool
) -> BoolArray:
    """For each (chain, corridor parity): whether the mover wins at the
    chain's end b (``toward_b``; else a) with, of the shortened chain, only
    a corridor of that parity left at the other end."""
    asked = np.unique(c * 2 + corridor)
    table = np.zeros(2 * part.ends.shape[0], dtype=np.bool_)
    everything = (1 << game.width) - 1
    for key in asked.tolist():
        chain, keep = divmod(key, 2)
        a, b, _ = part.ends[chain].tolist()
        if game.rule == "vertex":  # keep the first inner vertex or none
            shut = [w for w in part.inner[chain, keep:].tolist() if w >= 0]
            shut.append(b)
        else:  # keep the way at the far end or none
            ways = [w for w in part.ways[chain].tolist() if w >= 0]
            if keep:
                ways.pop(0 if toward_b else -1)
            shut = ways
        allowed = everything
        for bit in shut:
            allowed &= ~(1 << bit)
        table[key] = game.mover_wins_from(b if toward_b else a, allowed)
    verdicts: BoolArray = table[c * 2 + corridor]
    return verdicts


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
        u: IntArray,
        v: IntArray,
        rule: str,
        directed: bool,
        budget: Budget,
        exit_wins: BoolArray,
    ) -> None:
        self.rule = rule
        self.directed = directed
        self.budget = budget
        self.per = 128 if rule == "vertex" else 32  # usable items per unit of budget
        self.exit_wins = exit_wins.tolist()
        self.memo: dict[tuple[int, int], bool] = {}
        self.tail, self.head = u.tolist(), v.tolist()
        if rule == "vertex":
            # successors as a vertex mask; a loop is never playable
            self.width = n
            arcs = u != v
            owner, bit = u[arcs], v[arcs]
            if not directed:
                owner, bit = np.concatenate((owner, bit)), np.concatenate((bit, owner))
            self.succ = _masks(n, owner, bit, budget)
            return
        self.width = u.size
        edges = np.arange(u.size, dtype=np.int64)
        owner, bit = u, edges  # edges the token can leave a vertex by
        if not directed:
            other = u != v
            owner, bit = np.concatenate((u, v[other])), np.concatenate((edges, edges[other]))
        self.incident = _masks(n, owner, bit, budget)
        # parallel edges: classes of two or more, the class of each edge
        klass: dict[tuple[int, int], int] = {}
        self.klass = []
        for a, b in zip(self.tail, self.head, strict=True):
            key = (a, b) if directed or a <= b else (b, a)
            self.klass.append(klass.setdefault(key, len(klass)))
        classes = np.array(self.klass, dtype=np.int64)
        twinned = np.bincount(classes, minlength=len(klass))[classes] > 1
        self.classes = _masks(len(klass), classes[twinned], edges[twinned], budget)
        self.twinned = _mask(edges[twinned])

    # ------------------------------------------------------------- states
    def start_state(self, at: int, allowed: int) -> tuple[int, int]:
        """The token at ``at``, what of ``allowed`` it can reach usable."""
        if self.rule == "vertex":
            return at, self._reach_vertices(at, allowed & ~(1 << at))
        return at, self._reach_edges(at, allowed)

    def moves(self, at: int, usable: int) -> int:
        if self.rule == "vertex":
            return self.succ[at] & usable
        moves = self.incident[at] & usable
        twinned = moves & self.twinned
        if twinned:  # of parallel edges only the lowest usable one
            moves ^= twinned
            while twinned:
                low = twinned & -twinned
                twinned ^= low
                if not usable & self.classes[self.klass[low.bit_length() - 1]] & (low - 1):
                    moves |= low
        return moves

    def child(self, at: int, usable: int, move: int) -> tuple[int, int]:
        item = move.bit_length() - 1
        if self.rule == "vertex":
            return item, self._reach_vertices(item, usable & ~move)
        a, b = self.tail[item], self.head[item]
        to = b if a == at else a
        return to, self._reach_edges(to, usable & ~move)

    def _reach_vertices(self, at: int, allowed: int) -> int:
        """Vertices of ``allowed`` the token can reach from ``at``."""
        seen, frontier, steps = 0, self.succ[at] & allowed, 0
        while frontier:
            steps += 1
            if not steps & 63:  # the clock, now and then
                self.budget.tick()
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
        seen_edges, seen_vertices, todo, steps = 0, 1 << at, [at], 0
        while todo:
            steps += 1
            if not steps & 63:  # the clock, now and then
                self.budget.tick()
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
        colour, rows, todo, steps = {at: 0}, {at: 0}, [at], 0
        while todo:
            steps += 1
            if not steps & 63:  # the clock, now and then
                self.budget.tick()
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
        self.budget.spend(usable, self.per)
        basis: dict[int, int] = {}
        steps = 0
        for x, row in rows.items():
            if x != at:
                steps += 1
                if not steps & 63:  # the clock, now and then
                    self.budget.tick()
                _insert(basis, row)
        wins = _reduce(basis, rows[at]) != 0
        self.memo[state] = wins
        return wins

    def mover_wins(self, s: int) -> bool:
        """Whether the mover wins from start ``s``."""
        return self.mover_wins_from(s, (1 << self.width) - 1)

    def mover_wins_from(self, at: int, allowed: int) -> bool:
        """Whether the mover wins with the token at ``at`` and only
        ``allowed`` usable (vertices, or edges).  Every state is charged to
        the budget when it is opened."""
        root = self.start_state(at, allowed)
        known = self.memo.get(root)
        if known is None:
            known = self._decided(root)
        if known is not None:
            return known
        self.budget.spend(root[1], self.per)
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
                self.budget.spend(descend[1], self.per)
                frame[1], frame[2] = moves, descend
                stack.append([descend, self._first_moves(descend), None])
                continue
            self.memo[state] = verdict
            stack.pop()
        return self.memo[root]


def _masks(count: int, owner: IntArray, bit: IntArray, budget: Budget) -> list[int]:
    """For each of ``count`` owners the int with the bits ``bit`` of its
    pairs set.  Charged before they are built: their bits / 128 (each int is
    as wide as its highest bit).  O(count + bits / 8) bytes."""
    if bit.size == 0 or bit.size * int(bit.max()) <= 1 << 16:  # small: no numpy calls
        small = [0] * count
        for x, b in zip(owner.tolist(), bit.tolist(), strict=True):
            small[x] |= 1 << b
        budget.charge(sum(mask.bit_length() for mask in small) // 128)
        return small
    top = np.full(count, -1, dtype=np.int64)
    np.maximum.at(top, owner, bit)
    budget.charge(int((top + 1).sum()) // 128)
    order = np.argsort(owner, kind="stable")
    cuts = np.searchsorted(owner[order], np.arange(count + 1))
    masks = [0] * count
    for x in np.flatnonzero(top >= 0).tolist():
        budget.tick()
        masks[x] = _mask(bit[order[cuts[x] : cuts[x + 1]]])
    return masks


def _mask(bits: IntArray) -> int:
    """The int with ``bits`` set.  O(max(bits) / 8)."""
    if bits.size <= 8:
        return sum(1 << b for b in bits.tolist())
    row = np.zeros(int(bits.max()) + 1, dtype=np.bool_)
    row[bits] = True
    return int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little")


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
