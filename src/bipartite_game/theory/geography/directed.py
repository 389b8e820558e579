"""Directed geography over the condensation: linear on acyclic parts, a search inside cycles.

Once the token leaves a strongly connected component it can never come back,
so it can never meet a vertex visited, or an arc used, before it left: from
there on the game is the fresh game from the vertex it entered.  So the
components are settled sinks first (Tarjan numbers them so: every arc goes
from a higher number to a lower one), and each is decided knowing the
verdict of every vertex below it:

- a component of one vertex with no playable loop is settled by retrograde
  analysis: the mover wins iff some arc leads to a vertex where the mover
  loses.  On an acyclic digraph that is all there is, O(V + E), and directed
  vertex and edge geography coincide (no vertex or arc can come round again);
- a larger component, or under the edge rule a vertex with a loop (a move
  that stays), goes to the exhaustive search of :mod:`.search`, restricted
  to the arcs inside it; an arc leaving it is a move to a settled verdict
  (``exit_wins``).

Under the vertex rule a loop can never be played (its end is visited) and is
dropped first.  Parallel arcs matter to the edge rule only inside a cycle.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._arrays import BoolArray, IntArray
from ..._jit import kernel
from ..._native import Library
from ...graphs.strong_components import strong_components
from .search import Budget, search_component

__all__ = ["directed_winners", "strong_components"]


def directed_winners(n: int, u: IntArray, v: IntArray, rule: str, budget: Budget) -> BoolArray:
    """Whether the mover wins from each vertex, component by component."""
    if rule == "vertex":
        keep = u != v
        u, v = u[keep], v[keep]
    indptr, heads = _csr(n, u, v)
    return _winners_from(n, u, v, rule, budget, indptr, heads, strong_components(indptr, heads))


def _winners_from(
    n: int,
    u: IntArray,
    v: IntArray,
    rule: str,
    budget: Budget,
    indptr: IntArray,
    heads: IntArray,
    comp: IntArray,
) -> BoolArray:
    members = np.argsort(comp, kind="stable").astype(np.int64)
    count = int(comp.max(initial=-1)) + 1
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp, minlength=count), out=comp_start[1:])
    looped = np.zeros(n, dtype=np.bool_)
    looped[u[u == v]] = True
    arcs_by_tail = np.argsort(comp[u], kind="stable")
    arc_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp[u], minlength=count), out=arc_start[1:])
    wins = np.zeros(n, dtype=np.bool_)
    local = np.full(n, -1, dtype=np.int64)
    k = 0
    while True:
        k = _settle(k, comp_start, members, indptr, heads, looped, wins)
        if k == count:
            return wins
        inside = members[comp_start[k] : comp_start[k + 1]]
        local[inside] = np.arange(inside.size)
        arcs = arcs_by_tail[arc_start[k] : arc_start[k + 1]]
        tails, ends = u[arcs], v[arcs]
        internal = comp[ends] == k
        exit_wins = np.zeros(inside.size, dtype=np.bool_)
        exit_wins[local[tails[~internal & ~wins[ends]]]] = True
        verdict = search_component(
            inside.size,
            local[tails[internal]],
            local[ends[internal]],
            rule=rule,
            directed=True,
            budget=budget,
            exit_wins=exit_wins,
        )
        wins[inside] = verdict
        k += 1


def _csr(n: int, u: IntArray, v: IntArray) -> tuple[IntArray, IntArray]:
    order = np.argsort(u, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(u, minlength=n), out=indptr[1:])
    return indptr, v[order].astype(np.int64)


def _settle_native(lib: Library, *args: Any) -> int:
    """:func:`_settle` in C: its arguments, in its order."""
    k, comp_start, members, indptr, heads, looped, wins = args
    settle = lib.function("bg_geo_settle", "qlqlll??")
    return settle(
        k,
        np.ascontiguousarray(comp_start, dtype=np.int64),
        comp_start.size - 1,
        np.ascontiguousarray(members, dtype=np.int64),
        np.ascontiguousarray(indptr, dtype=np.int64),
        np.ascontiguousarray(heads, dtype=np.int64),
        np.ascontiguousarray(looped, dtype=np.bool_),
        wins,
    )


@kernel(native=_settle_native)
def _settle(
    k: int,
    comp_start: IntArray,
    members: IntArray,
    indptr: IntArray,
    heads: IntArray,
    looped: BoolArray,
    wins: BoolArray,
) -> int:
    """Settle components k, k+1, ... by retrograde analysis while they are
    single vertices without a loop; return the first one that is not."""
    count = comp_start.size - 1
    while k < count:
        if comp_start[k + 1] - comp_start[k] != 1:
            return k
        x = members[comp_start[k]]
        if looped[x]:
            return k
        for i in range(indptr[x], indptr[x + 1]):
            if not wins[heads[i]]:
                wins[x] = True
                break
        k += 1
    return k
