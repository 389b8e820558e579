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
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import _native
from bipartite_game.brute import geography_grundy
from bipartite_game.errors import SolverError
from bipartite_game.graphs.csr import wide_offsets
from bipartite_game.graphs.graph import Graph
from bipartite_game.play.position import Position
from bipartite_game.theory import cubic, nimbers
from bipartite_game.theory.cubic import cubic_values
from bipartite_game.theory.game import solve
from bipartite_game.theory.nimbers import forest_values, grundy_array, grundy_value
from tests.support.cli import run
from tests.support.native import same_as_python
from tests.support.strategies import EdgeSet, adjacency, examples, graphs

IntArray = npt.NDArray[np.int64]


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
    # the degree-3 kernels themselves, not only the dispatch around them
    sol = solve(g)
    indptr = wide_offsets(g.indptr)
    _, component = forest_values(indptr, g.indices)
    todo = np.ones(n, bool)
    direct = cubic_values(indptr, g.indices, sol.mate, sol.losing, sol.barrier, todo, component)
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
@settings(max_examples=examples(3000))
@given(subcubic(max_vertices=16))
def test_every_start_matches_the_rules_up_to_sixteen_vertices(graph: EdgeSet) -> None:
    _check_every_start(*graph)


@pytest.mark.slow
@settings(max_examples=examples(1500))
@given(subcubic(min_vertices=8, max_vertices=16), st.data())
def test_positions_mid_game_up_to_sixteen_vertices(graph: EdgeSet, data: st.DataObject) -> None:
    n, edges = graph
    g = _graph(n, edges)
    rows = adjacency(n, edges)
    vertex = data.draw(st.integers(0, n - 1))
    visited = data.draw(st.lists(st.integers(0, n - 1), max_size=n // 2))
    assert grundy_value(g, vertex, visited) == geography_grundy(rows, vertex, visited)


def _kernel_inputs(g: Graph) -> tuple[IntArray, IntArray, npt.NDArray[np.int8], IntArray]:
    """CSR offsets, the matching, the labels (0 C, 1 D, 2 A) and the
    components, as ``cubic_values`` hands them to the kernels."""
    sol = solve(g)
    state = np.zeros(g.num_vertices, dtype=np.int8)
    state[sol.losing] = 1
    state[sol.barrier] = 2
    indptr = wide_offsets(g.indptr)
    _, component = forest_values(indptr, g.indices)
    return indptr, sol.mate.astype(np.int64), state, component


def _probed(g: Graph, todo: npt.NDArray[np.bool_], cap: int) -> npt.NDArray[np.int8]:
    """``known`` after the probe kernel, every probe allowed ``cap`` steps."""
    indptr, mate, state, _ = _kernel_inputs(g)
    n = g.num_vertices
    known = np.full(g.indices.size, -1, dtype=np.int8)
    counters = np.zeros(7, dtype=np.int64)
    counters[2] = 1 << 60
    caps = np.full(n, cap, dtype=np.int64)
    scratch = np.zeros(7 * n, dtype=np.int64)
    args = (indptr, g.indices, mate, state, todo, known, caps, scratch, counters)
    assert cubic._probe_kernel(*args) == 0
    return known


@settings(max_examples=examples(200))
@given(subcubic(max_vertices=40), st.data())
def test_native_kernels_are_their_python_specifications(
    graph: EdgeSet, data: st.DataObject
) -> None:
    """Both kernels, C against Python, each called again and again after a
    pause at a random work mark (so resuming is checked too)."""
    n, edges = graph
    g = _graph(n, edges)
    indptr, mate, state, _ = _kernel_inputs(g)
    todo = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.bool_)
    slice_ = data.draw(st.sampled_from([1, 3, 17, 1 << 40]))
    caps = np.full(n, data.draw(st.integers(1, 64)), dtype=np.int64)
    known = np.full(g.indices.size, -1, dtype=np.int8)
    scratch = np.zeros(7 * n, dtype=np.int64)
    counters = np.zeros(7, dtype=np.int64)
    while True:
        counters[2] = counters[1] + slice_
        probe_args = (indptr, g.indices, mate, state, todo, known, caps, scratch, counters)
        status = same_as_python(cubic._probe_kernel, *probe_args)
        cubic._probe_kernel(*probe_args)
        if status != 5:
            break
    assert status == 0
    values = np.zeros(n, dtype=np.int64)
    scratch = np.empty(11 * n + 8, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    counters = np.zeros(8, dtype=np.int64)
    work = mate.copy(), state.copy()
    while True:
        counters[3] = counters[2] + slice_
        args = (indptr, g.indices, *work, todo, values, scratch, known, done, counters)
        status = same_as_python(cubic._lines_kernel, *args)
        cubic._lines_kernel(*args)
        if status != 5:
            break
    assert status == 0
    assert (values[~todo] == 0).all()
    assert np.array_equal(work[0], mate) and np.array_equal(work[1], state)  # all restored


@settings(max_examples=examples(300))
@given(subcubic(max_vertices=14), st.integers(1, 200))
def test_probes_certify_only_options_worth_zero(graph: EdgeSet, cap: int) -> None:
    """Every move s -> w the probes mark worth 0 is one: w is in D of the
    graph without s (the matching decides that, with no probe)."""
    n, edges = graph
    g = _graph(n, edges)
    known = _probed(g, np.ones(n, bool), cap)
    indptr = wide_offsets(g.indptr)
    for s in range(n):
        rest = g.without_ids(s)  # s isolated: every id keeps its meaning
        losing = solve(rest).losing
        for k in range(indptr[s], indptr[s + 1]):
            if known[k] == 1:
                assert losing[g.indices[k]], (s, int(g.indices[k]))


@pytest.mark.parametrize("seed", [4, 5])
def test_probes_settle_a_random_cubic_graph(seed: int) -> None:
    """On a random cubic graph (3-connected, so every edge lies in a
    perfect matching) the probes find nearly every option worth 0 and the
    lines have almost nothing left: the values all come out 1."""
    g = _random_cubic(2000, seed)
    n = g.num_vertices
    known = _probed(g, np.ones(n, bool), 200)
    indptr, mate, _, _ = _kernel_inputs(g)
    owner = np.repeat(np.arange(n), np.diff(indptr))
    off = g.indices != mate[owner]
    assert (known[off] == 1).mean() > 0.95
    assert set(grundy_array(g).tolist()) <= {1, 2}


def _counted_work(g: Graph, todo: npt.NDArray[np.bool_]) -> tuple[int, int, int, int]:
    """The probes' and the lines' work as the kernels count it, and their
    bounds as ``cubic_values`` reserves them."""
    indptr, mate, state, component = _kernel_inputs(g)
    n = g.num_vertices
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr))
    c_sizes = np.bincount(component, weights=state == 0, minlength=n).astype(np.int64)
    caps = cubic._probe_caps(c_sizes[component])
    known = np.full(g.indices.size, -1, dtype=np.int8)
    decomposed = cubic._Decomposed(indptr, g.indices, mate, state, todo, known, owner, component)
    probe_bound = cubic._probe_bound(decomposed, caps)
    counters = np.zeros(7, dtype=np.int64)
    counters[2] = 1 << 60
    scratch = np.zeros(7 * n, dtype=np.int64)
    cubic._probe_kernel(indptr, g.indices, mate, state, todo, known, caps, scratch, counters)
    probe_work = int(counters[1])
    line_bound, _ = cubic._line_bound(decomposed)
    values = np.zeros(n, dtype=np.int64)
    lines = np.zeros(8, dtype=np.int64)
    lines[3] = 1 << 60
    scratch = np.empty(11 * n + 8, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    status = cubic._lines_kernel(
        indptr, g.indices, mate, state, todo, values, scratch, known, done, lines
    )
    assert status == 0
    return probe_work, probe_bound, int(lines[2]), line_bound


@settings(max_examples=examples(300))
@given(subcubic(max_vertices=40), st.data())
def test_the_work_stays_within_the_bound_reserved_before_it(
    graph: EdgeSet, data: st.DataObject
) -> None:
    """The budget is checked against the bounds before each pass: the work
    the kernels then count never exceeds them."""
    n, edges = graph
    todo = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.bool_)
    probe_work, probe_bound, line_work, line_bound = _counted_work(_graph(n, edges), todo)
    assert probe_work <= probe_bound
    assert line_work <= line_bound


@pytest.mark.parametrize("seed", [1, 2])
def test_the_work_stays_within_the_bound_on_large_graphs(seed: int) -> None:
    g = _random_cubic(600, seed)
    probe_work, probe_bound, line_work, line_bound = _counted_work(g, np.ones(600, bool))
    assert probe_work <= probe_bound and line_work <= line_bound
    hexagonal = _hexagonal(16, 16)
    probe_work, probe_bound, line_work, line_bound = _counted_work(hexagonal, np.ones(256, bool))
    assert probe_work <= probe_bound and line_work <= line_bound
    assert line_work > 0  # the lattice's options are mostly not worth 0: lines are walked


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
    """Far past the search: the values in C against the values in Python
    (each line of play is checked by the zero test inside ``grundy_array``
    too)."""
    g = _random_cubic(300, seed)
    values = grundy_array(g)
    previous = _native.set_native_mode("never")
    try:
        interpreted = grundy_array(g)
    finally:
        _native.set_native_mode(previous)
    assert interpreted.tolist() == values.tolist()
    assert set(values.tolist()) <= {0, 1, 2, 3}


def _hexagonal(rows: int, cols: int) -> Graph:
    """A brick-wall hexagonal lattice: a grid keeping every other rung."""
    ids = np.arange(rows * cols).reshape(rows, cols)
    i, j = np.meshgrid(np.arange(rows - 1), np.arange(cols), indexing="ij")
    rungs = (i + j) % 2 == 0
    u = np.r_[ids[:, :-1].ravel(), ids[:-1, :][rungs]]
    v = np.r_[ids[:, 1:].ravel(), ids[1:, :][rungs]]
    return Graph.from_edges(u, v, rows * cols)


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
    indptr = wide_offsets(g.indptr)
    component = np.zeros(5, dtype=np.int64)
    with pytest.raises(SolverError, match=r"\(4\)"):
        cubic_values(
            indptr, g.indices, sol.mate, sol.losing, sol.barrier, np.ones(5, bool), component
        )
