"""Solved random graphs for comparing the theory layer's kernels with their
Python specifications (:func:`tests.support.native.same_as_python`).

The graphs are random (bipartite or not, sparse or dense, with a perfect
matching planted on some so that ``C`` is large) or drawn from
:func:`tests.support.strategies.graphs`; each comes solved, with a seed for the
test's own choices.  :func:`board_offsets` makes the offsets int32 on a third of
the examples, as a board builder writes them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

from bipartite_game.graphs.graph import Graph, OffsetArray
from bipartite_game.theory.game import Solution, solve
from tests.support.strategies import graphs as small_graphs

Seed = st.integers(0, 2**32 - 1)


def random_graph(seed: int, bipartite: bool | None) -> Graph:
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
        graph = random_graph(seed, bipartite)
    else:
        n, edges = draw(small_graphs(bipartite=bipartite))
        graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], num_vertices=n)
    return solve(graph), seed


def board_offsets(graph: Graph, seed: int) -> OffsetArray:
    """The graph's offsets, as int32 on a third of the seeds."""
    return graph.indptr.astype(np.int32) if seed % 3 == 1 else graph.indptr


def vertex_classes(solution: Solution) -> npt.NDArray[np.int8]:
    """The vertex classes as decompose() computes them (0 D, 1 A, 2 C)."""
    vertex_class = np.full(solution.graph.num_vertices, 2, dtype=np.int8)
    vertex_class[solution.barrier] = 1
    vertex_class[solution.losing] = 0
    return vertex_class


def legal_walk(graph: Graph, rng: np.random.Generator) -> npt.NDArray[np.int64]:
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
