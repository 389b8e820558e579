"""Grundy values at maximum degree 3 (theory/cubic.py, through nimbers.py).

The values are compared with an exhaustive mex over (vertex, visited)
written straight from the rules (``brute.geography_grundy``) on random
graphs of maximum degree 3, connected or not, from every start and from
random positions mid-game; with the matching's verdicts (0 exactly where the
mover loses); the C kernel with its Python specification; cycles with their
closed form at sizes the search refuses; the CLI through a subprocess.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game.brute import geography_grundy
from bipartite_game.errors import SolverError
from bipartite_game.graphs.graph import Graph, wide_offsets
from bipartite_game.play.position import Position
from bipartite_game.theory import cubic, nimbers
from bipartite_game.theory.cubic import cubic_values
from bipartite_game.theory.game import solve
from bipartite_game.theory.nimbers import grundy_array, grundy_value

from .cli_util import run
from .native_util import same_as_python
from .strategies import EdgeSet, adjacency, examples, graphs


@st.composite
def subcubic(draw: st.DrawFn, min_vertices: int = 1, max_vertices: int = 10) -> EdgeSet:
    """``(n, edges)`` of maximum degree at most 3: candidate pairs in a
    random order, each kept while both ends have degree below 3; sparse
    (few candidates, often several components) or saturated (every pair
    tried: nearly cubic)."""
    n = draw(st.integers(min_vertices, max_vertices))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    order = draw(st.permutations(pairs))
    tried = draw(st.sampled_from([len(order), len(order), n // 2, n, 3 * n // 2]))
    degree = [0] * n
    edges = []
    for u, v in order[:tried]:
        if degree[u] < 3 and degree[v] < 3:
            edges.append((u, v))
            degree[u] += 1
            degree[v] += 1
    return n, edges


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([a for a, _ in edges], [b for _, b in edges], n)


def _check_every_start(n: int, edges: list[tuple[int, int]]) -> None:
    g = _graph(n, edges)
    values = grundy_array(g)
    rows = adjacency(n, edges)
    assert values.tolist() == [geography_grundy(rows, s) for s in range(n)]
    assert ((values == 0) == solve(g).losing).all()
    # the degree-3 kernel itself, not only the dispatch around it
    sol = solve(g)
    direct = cubic_values(
        wide_offsets(g.indptr), g.indices, sol.mate, sol.losing, sol.barrier, np.ones(n, bool)
    )
    assert direct.tolist() == values.tolist()


@settings(max_examples=examples(300))
@given(subcubic())
def test_every_start_matches_the_rules(graph: EdgeSet) -> None:
    _check_every_start(*graph)


@settings(max_examples=examples(200))
@given(subcubic(max_vertices=10), st.data())
def test_a_position_mid_game_matches_the_rules(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    g = _graph(n, edges)
    vertex = data.draw(st.integers(0, n - 1))
    visited = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    value = grundy_value(g, vertex, visited)
    assert value == geography_grundy(adjacency(n, edges), vertex, visited)


@settings(max_examples=examples(200))
@given(graphs(max_vertices=9))
def test_search_states_of_degree_three_handed_to_the_kernel_match_the_rules(
    graph: EdgeSet,
) -> None:
    """Graphs of any degree, with the search handing every state whose
    reachable part has maximum degree 3 to the kernel (by default only
    states reaching 24 vertices or more are)."""
    n, edges = graph
    previous, nimbers._CUBIC_FROM = nimbers._CUBIC_FROM, 0
    try:
        values = grundy_array(_graph(n, edges))
    finally:
        nimbers._CUBIC_FROM = previous
    rows = adjacency(n, edges)
    assert values.tolist() == [geography_grundy(rows, s) for s in range(n)]


@pytest.mark.slow
@settings(max_examples=3000)
@given(subcubic(max_vertices=16))
def test_every_start_matches_the_rules_up_to_sixteen_vertices(graph: EdgeSet) -> None:
    _check_every_start(*graph)


@pytest.mark.slow
@settings(max_examples=1500)
@given(subcubic(min_vertices=8, max_vertices=16), st.data())
def test_positions_mid_game_up_to_sixteen_vertices(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    g = _graph(n, edges)
    rows = adjacency(n, edges)
    vertex = data.draw(st.integers(0, n - 1))
    visited = data.draw(st.lists(st.integers(0, n - 1), max_size=n // 2))
    assert grundy_value(g, vertex, visited) == geography_grundy(rows, vertex, visited)


@settings(max_examples=examples(200))
@given(subcubic(max_vertices=40), st.data())
def test_native_kernel_is_its_python_specification(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    g = _graph(n, edges)
    sol = solve(g)
    state = np.zeros(n, dtype=np.int8)
    state[sol.losing] = 1
    state[sol.barrier] = 2
    todo = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.bool_)
    values, status = same_as_python(
        cubic._cubic_kernel,
        wide_offsets(g.indptr),
        g.indices,
        sol.mate.astype(np.int64),
        state,
        todo,
    )
    assert status == 0
    assert (values[~todo] == 0).all()


def _random_cubic(n: int, seed: int) -> Graph:
    """A random 3-regular multigraph by pairing stubs, loops and repeats
    dropped (so a few degrees are below 3)."""
    rng = np.random.default_rng(seed)
    stubs = rng.permutation(np.repeat(np.arange(n), 3))
    u, v = np.minimum(stubs[0::2], stubs[1::2]), np.maximum(stubs[0::2], stubs[1::2])
    keep = u != v
    pairs = np.unique(np.stack([u[keep], v[keep]], axis=1), axis=0)
    return Graph.from_edges(pairs[:, 0], pairs[:, 1], n)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_cubic_graph_of_three_hundred_vertices_native_and_python_agree(seed: int) -> None:
    """Far past the search: the C kernel against the Python one (each line
    of play is checked by the zero test inside ``grundy_array`` too)."""
    g = _random_cubic(300, seed)
    values = grundy_array(g)
    sol = solve(g)
    state = np.zeros(g.num_vertices, dtype=np.int8)
    state[sol.losing] = 1
    state[sol.barrier] = 2
    todo = np.ones(g.num_vertices, dtype=np.bool_)
    found, status = same_as_python(
        cubic._cubic_kernel,
        wide_offsets(g.indptr),
        g.indices,
        sol.mate.astype(np.int64),
        state,
        todo,
    )
    assert status == 0 and found.tolist() == values.tolist()
    assert set(values.tolist()) <= {0, 1, 2, 3}


@pytest.mark.parametrize("n", [2000, 2001])
def test_cycles_never_reach_the_search(n: int) -> None:
    """A cycle's closed form: each move leaves a path of n - 2 vertices
    ahead of the token, worth (n - 2) mod 2, so every start is worth 1 on an
    even cycle and 0 on an odd one.  The search is given no budget at all."""
    ring = np.arange(n)
    g = Graph.from_edges(ring, (ring + 1) % n, n)
    values = grundy_array(g, budget=1, seconds=0.001)
    assert values.tolist() == [1 if n % 2 == 0 else 0] * n


def test_a_mid_game_position_on_a_large_cycle_is_exact() -> None:
    """The token on a cycle of 3000 with a stretch visited: a path ahead on
    each side, worth the mex of their lengths' parities."""
    n = 3000
    ring = np.arange(n)
    g = Graph.from_edges(ring, (ring + 1) % n, n)
    # visited 0..9, token on 9: one move, to 10, leaving 11..n - 1 ahead
    assert grundy_value(g, 9, list(range(10)), budget=1, seconds=0.001) == 1 - (n - 11) % 2
    # token on 0 with 1000 visited: two moves, to 1 and to n - 1
    left = (999 - 1) % 2  # moving to 1 leaves 2..999 ahead
    right = (n - 1002) % 2  # moving to n - 1 leaves n - 2 down to 1001 ahead
    assert grundy_value(g, 0, [1000], budget=1, seconds=0.001) == min({0, 1, 2} - {left, right})


def test_cli_on_a_hexagonal_lattice_matches_the_library() -> None:
    """``graph --nimbers`` on a brick-wall hexagonal lattice of 400 vertices
    (degree 3 inside), past the search, through a subprocess."""
    rows, cols = 20, 20
    ids = np.arange(rows * cols).reshape(rows, cols)
    i, j = np.meshgrid(np.arange(rows - 1), np.arange(cols), indexing="ij")
    rungs = (i + j) % 2 == 0
    u = np.r_[ids[:, :-1].ravel(), ids[:-1, :][rungs]]
    v = np.r_[ids[:, 1:].ravel(), ids[1:, :][rungs]]
    text = "".join(f"v{a} v{b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True))
    done = run("graph", "-", "--nimbers", stdin=text)
    assert done.status == 0, done.stderr
    got = dict(line.split() for line in done.stdout.decode().splitlines())
    g = Graph.from_edges(u, v, rows * cols)
    values = grundy_array(g)
    assert got == {f"v{k}": str(x) for k, x in enumerate(values.tolist())}
    losing = solve(g).losing
    assert all((got[f"v{k}"] == "0") == bool(losing[k]) for k in range(rows * cols))


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_positions_on_a_large_cubic_graph_are_the_mex_of_their_moves(seed: int, moves: int) -> None:
    """Past the rules' reach (300 vertices): after random moves, a
    position's value is the mex of its moves' values, each from the
    kernel afresh, and 0 exactly when the mover loses."""
    g = _random_cubic(300, seed)
    rng = np.random.default_rng(seed)
    position = Position(g, int(rng.integers(300)))
    for _ in range(moves):
        legal = list(position.legal_moves)
        if not legal:
            break
        position.push(legal[int(rng.integers(len(legal)))])
    visited = np.flatnonzero(position.visited).tolist()
    value = position.grundy_value()
    found = {grundy_value(g, w, [*visited, w]) for w in position.legal_moves}
    assert value == min(set(range(5)) - found)
    assert (value != 0) == position.mover_wins()


def test_a_start_of_degree_four_is_refused_by_the_kernel_not_overrun() -> None:
    """The kernel's contract is degree 3 in the components it values: a star
    of four leaves handed to it anyway stops with a status (in C too),
    which ``cubic_values`` raises as a solver error."""
    g = Graph.from_edges([0, 0, 0, 0], [1, 2, 3, 4], 5)
    sol = solve(g)
    with pytest.raises(SolverError, match=r"\(4\)"):
        cubic_values(
            wide_offsets(g.indptr), g.indices, sol.mate, sol.losing, sol.barrier, np.ones(5, bool)
        )
