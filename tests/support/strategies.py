"""Hypothesis strategies for small graphs and boards."""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable

import networkx as nx
import pytest
from _pytest.mark import ParameterSet
from hypothesis import strategies as st


def examples(ci: int) -> int:
    """How many examples a test that starts a process per example, or a
    large in-process campaign against an oracle, runs: ``ci`` under the CI
    profile (``HYPOTHESIS_PROFILE=ci``, as ``.ci/run`` sets), a quarter of it
    (at least 5) in a contributor's default run, which is meant to answer in
    about two minutes."""
    if os.environ.get("HYPOTHESIS_PROFILE") == "ci":
        return ci
    return max(5, ci // 4)


def tiered(cases: Iterable[object], every: int = 3) -> list[ParameterSet]:
    """The cases of a parametrised test of the command line, one in
    ``every`` (the first, then each ``every``-th) in a contributor's default
    run and all of them in the slow tier (``-m slow``, which ``.ci/run``
    runs): for grids of process runs whose cases share their code paths,
    where a spread sample catches a broken path in the default run's two
    minutes.  A tuple is one case's values (``pytest.param(*case)``), a
    ``pytest.param`` keeps its own marks and id, anything else is the
    one value of a one-argument test."""
    params = []
    for index, case in enumerate(cases):
        if isinstance(case, ParameterSet):
            param = case
        elif isinstance(case, tuple):
            param = pytest.param(*case)
        else:
            param = pytest.param(case)
        if index % every:
            param = pytest.param(*param.values, marks=[*param.marks, pytest.mark.slow], id=param.id)
        params.append(param)
    return params


EdgeSet = tuple[int, list[tuple[int, int]]]


@st.composite
def graphs(draw: st.DrawFn, max_vertices: int = 12, bipartite: bool | None = None) -> EdgeSet:
    """``(n, edges)``: random simple graphs, optionally forced bipartite."""
    n = draw(st.integers(0, max_vertices))
    if n < 2:
        return n, []
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    if bipartite:
        sides = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
        pairs = [(u, v) for u, v in pairs if sides[u] != sides[v]]
    density = draw(st.sampled_from([0.1, 0.2, 0.35, 0.5, 0.8, 1.0]))
    chosen = draw(
        st.lists(st.booleans().map(lambda b: b), min_size=len(pairs), max_size=len(pairs))
    )
    weights = draw(st.lists(st.floats(0, 1), min_size=len(pairs), max_size=len(pairs)))
    edges = [p for p, keep, w in zip(pairs, chosen, weights, strict=True) if keep and w < density]
    return n, edges


def adjacency(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    rows: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        if u != v:
            rows[u].append(v)
            rows[v].append(u)
    return [sorted(set(r)) for r in rows]


@st.composite
def mazes(draw: st.DrawFn, max_rows: int = 4, max_cols: int = 5) -> list[str]:
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    wall = draw(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.9]))
    cells = draw(st.lists(st.floats(0, 1), min_size=rows * cols, max_size=rows * cols))
    return [
        "".join("#" if cells[i * cols + j] < wall else "." for j in range(cols))
        for i in range(rows)
    ]


@st.composite
def blossomy(draw: st.DrawFn, small: bool = False, nested: bool = False) -> EdgeSet:
    """Several components, each an odd cycle (a blossom) with chords and
    pendant paths, beside a random graph and isolated vertices; ``small``:
    one cycle of 3 or 5, at most 12 vertices in all, for enumeration;
    ``nested``: up to four cycles, each of which may pass through a vertex
    drawn before it (blossoms through blossoms)."""
    n, edges = draw(graphs(max_vertices=3 if small else 6))
    most = 1 if small else (4 if nested else 3)
    lengths = [3, 5] if small else ([3, 3, 5, 7] if nested else [3, 5, 7])
    for _ in range(draw(st.integers(1, most))):
        length = draw(st.sampled_from(lengths))
        anchor = [draw(st.integers(0, n - 1))] if nested and n and draw(st.booleans()) else []
        cycle = anchor + list(range(n, n + length - len(anchor)))
        n += length - len(anchor)
        edges += [(cycle[k], cycle[(k + 1) % length]) for k in range(length)]
        for _ in range(draw(st.integers(0, 2))):
            a, b = draw(st.sampled_from(cycle)), draw(st.sampled_from(cycle))
            if a != b:
                edges.append((a, b))
        for _ in range(draw(st.integers(0, 2))):  # a pendant path of 1 or 2 edges
            at = draw(st.sampled_from(cycle))
            for _ in range(draw(st.integers(1, 2))):
                edges.append((at, n))
                at, n = n, n + 1
    n += draw(st.integers(0, 2))  # isolated vertices
    return n, edges


@st.composite
def forests(draw: st.DrawFn, max_vertices: int = 10) -> EdgeSet:
    """``(n, edges)``: each vertex after the first hangs from an earlier one,
    or starts a new tree; shuffled ids."""
    n = draw(st.integers(1, max_vertices))
    order = draw(st.permutations(range(n)))
    edges = []
    for i in range(1, n):
        parent = draw(st.integers(-1, i - 1))
        if parent >= 0:
            edges.append((order[parent], order[i]))
    return n, edges


LABEL_KINDS = ("str", "tuple", "int")


def node_labels(kind: str, n: int, shift: int) -> list[Hashable]:
    if kind == "str":
        return [f"v{k * 7 + shift}" for k in range(n)]
    if kind == "tuple":
        return [(k % 3, k // 3, "t") for k in range(n)]
    # integers that are not the ids: shifted, spaced and reversed
    return [1000 - 10 * k + shift for k in range(n)]


@st.composite
def networkx_graphs(draw: st.DrawFn) -> nx.Graph:
    n = draw(st.integers(1, 8))
    kind = draw(st.sampled_from(LABEL_KINDS))
    names = node_labels(kind, n, draw(st.integers(0, 5)))
    order = draw(st.permutations(names))
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=14)) if pairs else []
    graph = nx.Graph()
    graph.add_nodes_from(order)  # the node order is not the label order
    graph.add_edges_from(chosen)
    return graph
