"""The theory layer's native kernels against their Python specification.

Every kernel of edge_classes.py (decompose's), annotate.py and explain.py is run both ways
on the arguments those modules would pass, built from random graphs (bipartite
or not, sparse or dense, with a perfect matching planted on some so that
``C`` is large) solved first, by :func:`tests.support.native.same_as_python`
(results and in-place arguments equal).  The offsets are int32 on a third of the examples,
as a board builder writes them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.graphs.graph import Graph, OffsetArray
from bipartite_game.graphs.matching import maximum_matching
from bipartite_game.theory import annotate, edge_classes, explain
from bipartite_game.theory.allowed import allowed_edges
from bipartite_game.theory.game import Solution, first_player_wins_from, solve
from tests.support.native import same_as_python
from tests.support.strategies import graphs as small_graphs

Seed = st.integers(0, 2**32 - 1)


def _random_graph(seed: int, bipartite: bool | None) -> Graph:
    """Up to 40 vertices, random edges of a random density; a perfect
    matching planted on half the examples; 2-coloured when ``bipartite``."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 41))
    if n < 2:
        return Graph.from_edges([], [], num_vertices=n)
    m = int(rng.integers(0, 3 * n))
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    if rng.random() < 0.5:
        order = rng.permutation(n)
        src = np.concatenate([src, order[0 : n - 1 : 2]])
        dst = np.concatenate([dst, order[1:n:2]])
    if bipartite:
        colour = rng.integers(0, 2, n)
        keep = colour[src] != colour[dst]
        src, dst = src[keep], dst[keep]
    keep = src != dst
    return Graph.from_edges(src[keep].tolist(), dst[keep].tolist(), num_vertices=n)


@st.composite
def solved(draw: st.DrawFn, bipartite: bool | None = None) -> tuple[Solution, int]:
    """A solved graph (random, or one of tests/support/strategies.py's) and a seed."""
    seed = draw(Seed)
    if draw(st.booleans()):
        graph = _random_graph(seed, bipartite)
    else:
        n, edges = draw(small_graphs(bipartite=bipartite))
        graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], num_vertices=n)
    return solve(graph), seed


def _indptr(graph: Graph, seed: int) -> OffsetArray:
    return graph.indptr.astype(np.int32) if seed % 3 == 1 else graph.indptr


def _classes(solution: Solution) -> npt.NDArray[np.int8]:
    """The vertex classes as decompose() computes them."""
    vertex_class = np.full(solution.graph.num_vertices, 2, dtype=np.int8)
    vertex_class[solution.barrier] = 1
    vertex_class[solution.losing] = 0
    return vertex_class


@given(solved(bipartite=True))
def test_fine_blocks_and_same_block(drawn: tuple[Solution, int]) -> None:
    solution, seed = drawn
    g = solution.graph
    side = g.two_colouring().side
    assert side is not None
    in_c = _classes(solution) == 2
    indptr = _indptr(g, seed)
    block = same_as_python(
        edge_classes.fine_blocks, indptr, g.indices, side, solution.mate, in_c,
    )  # fmt: skip
    same_as_python(edge_classes.same_block, indptr, g.indices, block)


@given(solved(), st.booleans())
def test_classify(drawn: tuple[Solution, int], random_allowed: bool) -> None:
    solution, seed = drawn
    g = solution.graph
    vertex_class = _classes(solution)
    indptr = _indptr(g, seed)
    # the allowed edges' own kernels are compared in test_allowed.py
    allowed = allowed_edges(indptr, g.indices, solution.mate, vertex_class == 2)
    if random_allowed:  # any flags: the classes follow them all the same
        allowed = np.random.default_rng(seed).random(allowed.size) < 0.5
    same_as_python(
        edge_classes.classify, indptr, g.indices, solution.mate, vertex_class, allowed,
    )  # fmt: skip


def _walk(graph: Graph, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A legal record: a random start, then random unvisited neighbours
    until the token is stuck or a random length is reached."""
    n = graph.num_vertices
    path = [int(rng.integers(0, n))]
    seen = {path[0]}
    length = int(rng.integers(1, n + 1))
    while len(path) < length:
        moves = [w for w in graph.neighbor_ids(path[-1]).tolist() if w not in seen]
        if not moves:
            break
        w = moves[int(rng.integers(0, len(moves)))]
        path.append(w)
        seen.add(w)
    return np.array(path, dtype=np.int64)


@given(solved(), st.integers(0, 3))
def test_first_illegal(drawn: tuple[Solution, int], damage: int) -> None:
    solution, seed = drawn
    g = solution.graph
    if g.num_vertices == 0:
        return
    rng = np.random.default_rng(seed)
    path = _walk(g, rng)
    for _ in range(damage):  # any vertex anywhere after the start: the first bad one is named
        if path.size > 1:
            path[int(rng.integers(1, path.size))] = int(rng.integers(0, g.num_vertices))
    same_as_python(annotate._first_illegal, _indptr(g, seed), g.indices, path)


@given(solved(bipartite=True), st.booleans())
def test_delete_along(drawn: tuple[Solution, int], seeded: bool) -> None:
    solution, seed = drawn
    g = solution.graph
    if g.num_vertices == 0:
        return
    path = _walk(g, np.random.default_rng(seed))
    if seeded:  # the matching annotate() builds: the winner's pairs of the record first
        first = 0 if first_player_wins_from(g, int(path[0])) else 1
        initial = np.full(g.num_vertices, -1, dtype=np.int32)
        ends = path[first : first + 2 * ((path.size - first) // 2)].reshape(-1, 2)
        initial[ends[:, 0]] = ends[:, 1]
        initial[ends[:, 1]] = ends[:, 0]
        mate = maximum_matching(g, initial=initial)
    else:
        mate = solution.mate.copy()
    same_as_python(
        annotate._delete_along, _indptr(g, seed), g.indices, mate, path
    )


@given(solved())
def test_difference_path(drawn: tuple[Solution, int]) -> None:
    solution, seed = drawn
    losing = np.flatnonzero(solution.losing)
    if losing.size == 0:
        return
    v = int(losing[seed % losing.size])
    other = solution.strategy(v).mate
    same_as_python(explain._difference_path, solution.mate, other, v)
