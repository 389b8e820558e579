"""The allowed edges of ``G[C]`` on any graph (theory/allowed.py, issue #36).

The C kernels against their Python specification (``same_as_python``), and
both against the rules: an edge ``uv`` of ``G[C]`` is in some maximum
matching iff ``ν(G - u - v) = ν(G) - 1`` (deletion tests with the project's
own maximum matching, and networkx's), on thousands of small graphs of many
families; ``decompose``'s classes (which come from them) against deletion
tests on samples of medium graphs' edges, and the golden files of
``edges``; and the budget of the exact residue, counted, not timed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, _native, _stats, solve
from bipartite_game.errors import BipartiteGameError, SolverError
from bipartite_game.graphs.boards import grid_board
from bipartite_game.graphs.matching import maximum_matching
from bipartite_game.theory import allowed as al
from bipartite_game.theory.decompose import decompose
from tests.support.cli import golden_cases
from tests.support.native import native_library, same_as_python
from tests.support.strategies import examples

Rng = np.random.Generator

# ---------------------------------------------------------------- families


def _graph(n: int, u: list[int] | np.ndarray, v: list[int] | np.ndarray, rng: Rng) -> Graph:
    """The simple graph on ``n`` vertices of the pairs ``u[i] v[i]`` (loops
    and repeats dropped), relabelled at random."""
    a, b = np.asarray(u, dtype=np.int64), np.asarray(v, dtype=np.int64)
    keep = a != b
    perm = rng.permutation(max(n, 1))
    return Graph.from_edges(perm[a[keep]], perm[b[keep]], n)


def gnp(rng: Rng, n: int) -> Graph:
    p = rng.choice([0.1, 0.2, 0.3, 0.5, 0.8])
    u, v = np.nonzero(np.triu(rng.random((n, n)) < p, 1))
    return _graph(n, u, v, rng)


def planted(rng: Rng, n: int) -> Graph:
    """A perfect matching plus about ``n`` random edges."""
    n += n % 2
    pairs = rng.permutation(n).reshape(-1, 2)
    extra = int(rng.integers(0, 2 * n))
    u = np.concatenate([pairs[:, 0], rng.integers(n, size=extra)])
    v = np.concatenate([pairs[:, 1], rng.integers(n, size=extra)])
    return _graph(n, u, v, rng)


def odd_cycles(rng: Rng, n: int) -> Graph:
    """Odd cycles joined in a chain, with a few chords."""
    u: list[int] = []
    v: list[int] = []
    start = 0
    while start + 3 <= n:
        length = int(rng.choice([3, 5, 7]))
        length = min(length, n - start) | 1
        if start + length > n:
            length -= 2
        if length < 3:
            break
        for i in range(length):
            u.append(start + i)
            v.append(start + (i + 1) % length)
        if start:
            u.append(int(rng.integers(start)))
            v.append(start + int(rng.integers(length)))
        start += length
    for _ in range(int(rng.integers(0, 3))):
        u.append(int(rng.integers(n)))
        v.append(int(rng.integers(n)))
    return _graph(n, u, v, rng)


def blossom_stem(rng: Rng, n: int) -> Graph:
    """An odd cycle (with a nested one) hanging from a stem path."""
    stem = int(rng.integers(1, max(2, n // 2)))
    u = list(range(stem - 1))
    v = list(range(1, stem))
    rest = n - stem
    length = max(3, rest - (1 - rest % 2)) if rest >= 3 else 0
    if length:
        base = stem
        for i in range(length):
            u.append(base + i)
            v.append(base + (i + 1) % length)
        u.append(stem - 1)
        v.append(base)
        if length >= 5:  # a nested blossom: a chord making an inner odd cycle
            u.append(base + 1)
            v.append(base + 3)
    return _graph(n, u, v, rng)


def factor_critical(rng: Rng, n: int) -> Graph:
    """Odd ears on an odd cycle (factor-critical), then pendant pairs."""
    u = [0, 1, 2]
    v = [1, 2, 0]
    size = 3
    while size + 2 <= n and rng.random() < 0.8:  # odd ears keep it factor-critical
        inner = 2 if size + 2 <= n and rng.random() < 0.7 else 0  # an ear of 3 edges, or 1
        a, b = int(rng.integers(size)), int(rng.integers(size))
        path = [a, *range(size, size + inner), b]
        size += len(path) - 2
        u += path[:-1]
        v += path[1:]
    while size + 2 <= n:
        u += [int(rng.integers(size)), size]
        v += [size, size + 1]
        size += 2
    return _graph(size, u, v, rng)


def k4_chain(rng: Rng, n: int) -> Graph:
    """Copies of K4 joined by random links (none of them allowed)."""
    blocks = max(1, n // 4)
    u: list[int] = []
    v: list[int] = []
    for b in range(blocks):
        for i in range(4):
            for j in range(i + 1, 4):
                u.append(4 * b + i)
                v.append(4 * b + j)
        if b + 1 < blocks:
            for _ in range(int(rng.integers(1, 3))):
                u.append(4 * b + int(rng.integers(4)))
                v.append(4 * b + 4 + int(rng.integers(4)))
    return _graph(4 * blocks, u, v, rng)


def king(rng: Rng, n: int) -> Graph:
    """King moves on a small board with walls."""
    side = max(2, int(np.sqrt(n)))
    cells = rng.random((side, side)) >= rng.choice([0.0, 0.15, 0.3])
    return grid_board(cells, "king").graph


def bipartite(rng: Rng, n: int) -> Graph:
    half = max(1, n // 2)
    p = rng.choice([0.2, 0.4, 0.7])
    a, b = np.nonzero(rng.random((half, n - half)) < p)
    return _graph(n, a, b + half, rng)


def pieces(rng: Rng, n: int) -> Graph:
    """Two graphs of other families side by side, maybe joined by an edge."""
    first, second = rng.choice(len(_SIMPLE), size=2)
    g = _SIMPLE[first](rng, max(2, n // 2))
    h = _SIMPLE[second](rng, max(2, n - n // 2))
    gu, gv = _pairs(g)
    hu, hv = _pairs(h)
    u = np.concatenate([gu, hu + g.num_vertices])
    v = np.concatenate([gv, hv + g.num_vertices])
    if rng.random() < 0.6:
        u = np.append(u, rng.integers(g.num_vertices))
        v = np.append(v, g.num_vertices + rng.integers(h.num_vertices))
    return _graph(g.num_vertices + h.num_vertices, u, v, rng)


def _pairs(g: Graph) -> tuple[np.ndarray, np.ndarray]:
    src = np.repeat(np.arange(g.num_vertices), np.diff(g.indptr))
    up = src < g.indices
    return src[up], g.indices[up].astype(np.int64)


_SIMPLE: list[Callable[[Rng, int], Graph]] = [
    gnp, planted, odd_cycles, blossom_stem, factor_critical, k4_chain, king, bipartite,
]  # fmt: skip
FAMILIES: list[Callable[[Rng, int], Graph]] = [*_SIMPLE, pieces]

# ---------------------------------------------------------------- oracles


def _inputs(g: Graph) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    s = solve(g)
    in_c = ~(s.losing | s.barrier)
    return g.indptr, g.indices, s.mate, in_c


def _nu(n: int, u: np.ndarray, v: np.ndarray) -> int:
    return int(np.count_nonzero(maximum_matching(Graph.from_edges(u, v, n)) >= 0)) // 2


def deletion_truth(g: Graph, in_c: np.ndarray, networkx: bool = False) -> np.ndarray:
    """Per entry: both ends in C and ``ν(G - u - v) = ν(G) - 1``, by the
    project's matching (or networkx's)."""
    n = g.num_vertices
    src = np.repeat(np.arange(n), np.diff(g.indptr))
    dst = g.indices.astype(np.int64)
    up = src < dst
    eu, ev = src[up], dst[up]

    if networkx:
        full = nx.Graph()
        full.add_nodes_from(range(n))
        full.add_edges_from(zip(eu.tolist(), ev.tolist(), strict=True))

        def nu_without(a: int, b: int) -> int:
            h = full.copy()
            h.remove_nodes_from([a, b])
            return len(nx.max_weight_matching(h, maxcardinality=True))

        nu = len(nx.max_weight_matching(full, maxcardinality=True))
    else:

        def nu_without(a: int, b: int) -> int:
            keep = (eu != a) & (eu != b) & (ev != a) & (ev != b)
            return _nu(n, eu[keep], ev[keep])

        nu = _nu(n, eu, ev)
    truth = np.zeros(g.indices.size, dtype=np.bool_)
    for k in range(g.indices.size):
        a, b = int(src[k]), int(dst[k])
        if a < b and in_c[a] and in_c[b] and nu_without(a, b) == nu - 1:
            truth[k] = True
    # copy each verdict to the reverse entry
    key = {(int(src[k]), int(dst[k])): k for k in range(dst.size)}
    for k in np.flatnonzero(truth).tolist():
        truth[key[(int(dst[k]), int(src[k]))]] = True
    return truth


@contextmanager
def python_only() -> Iterator[None]:
    previous = _native.set_native_mode("never")
    try:
        yield
    finally:
        _native.set_native_mode(previous)


def both(g: Graph, options: al._Options | None = None) -> np.ndarray:
    """The allowed entries by the C kernels and by the Python specification,
    asserted equal, with equal counted work."""
    ip, ind, mate, in_c = _inputs(g)
    options = options or al._Options()
    native_library()
    work_c, work_py = al.EdgeClassWork(), al.EdgeClassWork()
    got = al._allowed(ip, ind, mate, in_c, None, work_c, options)
    with python_only():
        spec = al._allowed(ip, ind, mate, in_c, None, work_py, options)
    assert np.array_equal(got, spec)
    assert work_c == work_py
    return got


# ---------------------------------------------------------------- small graphs

_VARIANTS = [
    al._Options(),
    al._Options(reductions=False),
    al._Options(short_cycles=False, rounds=0),
    al._Options(reductions=False, short_cycles=False, rounds=0),
    al._Options(rounds=1),
]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_deletion_tests_agree_on_every_family(family: Callable[[Rng, int], Graph]) -> None:
    """Thousands of graphs in all (9 families × 5 variants × 40 graphs): C
    equals its specification, and both the deletion tests."""
    rng = np.random.default_rng(36_000 + FAMILIES.index(family))
    checked = 0
    for i in range(40 * len(_VARIANTS)):
        g = family(rng, int(rng.integers(2, 17)))
        options = _VARIANTS[i % len(_VARIANTS)]
        got = both(g, options)
        assert np.array_equal(got, deletion_truth(g, _inputs(g)[3])), (family.__name__, i)
        checked += 1
    assert checked == 200


def test_networkx_agrees_on_random_graphs() -> None:
    """An oracle that shares nothing with the project: networkx's matching."""
    rng = np.random.default_rng(3636)
    for i in range(120):
        g = FAMILIES[i % len(FAMILIES)](rng, int(rng.integers(2, 13)))
        truth = deletion_truth(g, _inputs(g)[3], networkx=True)
        assert np.array_equal(both(g), truth), i


@settings(max_examples=examples(400), deadline=None)
@given(
    family=st.sampled_from(FAMILIES),
    size=st.integers(2, 18),
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(_VARIANTS),
)
def test_hypothesis_against_deletion_tests(
    family: Callable[[Rng, int], Graph], size: int, seed: int, variant: al._Options
) -> None:
    g = family(np.random.default_rng(seed), size)
    assert np.array_equal(both(g, variant), deletion_truth(g, _inputs(g)[3]))


# ---------------------------------------------------------------- each kernel


@settings(max_examples=examples(200), deadline=None)
@given(family=st.sampled_from(FAMILIES), size=st.integers(2, 40), seed=st.integers(0, 2**32 - 1))
def test_each_kernel_is_its_specification(
    family: Callable[[Rng, int], Graph], size: int, seed: int
) -> None:
    """Every kernel's C version leaves the same results and arguments as its
    Python function, counters included; the residue is driven on every row
    of the core (no certificates), paused after every row."""
    g = family(np.random.default_rng(seed), size)
    ip, ind, mate, in_c = _inputs(g)
    ip = np.asarray(ip, dtype=np.int64)
    reduced = same_as_python(al._reduce, ip, ind, mate, in_c, 1)
    state, twin, rep, name, member_next, events, rptr, rind, rentry, counts = reduced
    rn, rm = int(counts[al._R_CORE]), int(counts[al._R_ENTRIES])
    rptr, rind, rentry = rptr[: rn + 1], rind[:rm], rentry[:rm]
    rstate, rtwin, _ = same_as_python(al._relax, rptr, rind, 1, 3)
    same_as_python(al._relax, rptr, rind, 0, 0)
    rows = np.arange(rn, dtype=np.int32)
    rmate = rows ^ 1
    flags = np.zeros(2 * rn, dtype=np.int8)
    scratch = np.zeros(10 * rn, dtype=np.int32)
    wide = np.zeros(2 * rn, dtype=np.int64)
    counters = np.zeros(al._S_COUNTERS, dtype=np.int64)
    unknown = rstate.copy()
    unknown[unknown == al._SOME] = al._UNKNOWN
    status = al._PAUSED
    while status == al._PAUSED:
        counters[al._S_PAUSE] = counters[al._S_WORK] + 1
        args = (rptr, rind, rows, rmate, rtwin, unknown, flags, scratch, wide, counters)
        copies = [a.copy() for a in args]
        status = same_as_python(al._exact, *copies)
        assert al._exact.native is not None
        al._exact.native(native_library(), *args)
    assert not np.any(unknown == al._UNKNOWN)
    allowed, _ = same_as_python(
        al._lift, ip, ind, in_c, rentry, state, twin, rep, name, member_next, events,
        int(counts[al._R_EVENTS]), unknown,
    )  # fmt: skip
    same_as_python(al._pieces, ip, ind, in_c, allowed)


def test_pieces_are_the_components_of_the_allowed_edges() -> None:
    rng = np.random.default_rng(7)
    for i in range(60):
        g = FAMILIES[i % len(FAMILIES)](rng, int(rng.integers(2, 30)))
        ip, ind, mate, in_c = _inputs(g)
        allowed = al.allowed_edges(ip, ind, mate, in_c)
        piece = al.elementary_pieces(ip, ind, in_c, allowed)
        src = np.repeat(np.arange(g.num_vertices), np.diff(ip))
        h = nx.Graph()
        h.add_nodes_from(np.flatnonzero(in_c).tolist())
        h.add_edges_from(zip(src[allowed].tolist(), ind[allowed].tolist(), strict=True))
        components = sorted(nx.connected_components(h), key=min)
        expected = np.full(g.num_vertices, -1, dtype=np.int32)
        for number, members in enumerate(components):
            expected[list(members)] = number
        assert np.array_equal(piece, expected), i
        matched = in_c[src] & (mate[src] == ind)
        assert np.all(allowed[matched])  # every piece holds its matched pairs


# ---------------------------------------------------------------- decompose, golden files


def _against_decompose(g: Graph, sample: int = 120) -> al.EdgeClassWork:
    """decompose's classes of ``G[C]`` are the kernel's allowed edges, and a
    sample of them (half ``none`` where there are as many) passes the
    deletion tests: ``uv`` in some maximum matching iff ``ν(G - u - v) =
    ν(G) - 1``, in every one iff ``ν(G - uv) < ν(G)``."""
    ip, ind, mate, in_c = _inputs(g)
    work = al.EdgeClassWork()
    allowed = al.allowed_edges(ip, ind, mate, in_c, work=work)
    d = decompose(g)
    src = np.repeat(np.arange(g.num_vertices), np.diff(ip))
    up = src < ind
    inside = in_c[src[up]] & in_c[ind[up]]
    eu, ev, cls = d.edges()
    assert np.array_equal(allowed[up][inside], cls[inside] != 0)
    assert not allowed[up][~inside].any()
    rng = np.random.default_rng(g.num_edges)
    where = np.flatnonzero(inside)
    nones = where[cls[where] == 0]
    picked = np.union1d(
        rng.choice(nones, min(nones.size, sample // 2), replace=False),
        rng.choice(where, min(where.size, sample - min(nones.size, sample // 2)), replace=False),
    )
    n = g.num_vertices
    nu = _nu(n, eu, ev)
    for k in picked.tolist():
        a, b = int(eu[k]), int(ev[k])
        apart = (eu != a) & (eu != b) & (ev != a) & (ev != b)
        assert (cls[k] != 0) == (_nu(n, eu[apart], ev[apart]) == nu - 1), (a, b)
        others = np.arange(eu.size) != k
        assert (cls[k] == 2) == (_nu(n, eu[others], ev[others]) < nu), (a, b)
    return work


@pytest.mark.parametrize(
    "make",
    [
        lambda: planted(np.random.default_rng(1), 3000),
        lambda: gnp_sparse(4000, 4.0, 3),
        lambda: gnp_sparse(4000, 6.0, 0),
        lambda: king_board(50, 0.1, 1),
        lambda: k4_chain(np.random.default_rng(5), 4000),
    ],
    ids=["planted", "er4", "er6", "king", "k4-chain"],
)
def test_medium_graphs_agree_with_decompose(make: Callable[[], Graph]) -> None:
    g = make()
    work = _against_decompose(g)
    assert work.c_vertices > g.num_vertices // 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_large_graphs_agree_with_decompose(seed: int) -> None:
    """20,000 vertices (the old per-vertex method needed some 15 s on each)."""
    work = _against_decompose(planted(np.random.default_rng(seed), 20_000))
    assert work.c_vertices == 20_000


def king_board(side: int, walls: float, seed: int) -> Graph:
    cells = np.random.default_rng(seed).random((side, side)) >= walls
    return grid_board(cells, "king").graph


def gnp_sparse(n: int, c: float, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    m = int(rng.binomial(n * (n - 1) // 2, c / n))
    return _graph(n, rng.integers(n, size=m), rng.integers(n, size=m), rng)


def _classes(g: Graph) -> dict[frozenset[object], str]:
    """Every edge's class, C–C edges from :func:`allowed_edges` (matched:
    every iff no other edge at either end is allowed), the rest from
    Gallai–Edmonds."""
    ip, ind, mate, in_c = _inputs(g)
    allowed = al.allowed_edges(ip, ind, mate, in_c)
    src = np.repeat(np.arange(g.num_vertices), np.diff(ip))
    loose = allowed & (mate[src] != ind)
    touched = np.zeros(g.num_vertices, dtype=np.bool_)
    touched[src[loose]] = True
    names = ["none", "some", "every"]
    d = decompose(g)
    u, v, cls = d.edges()
    out: dict[frozenset[object], str] = {}
    labels_u, labels_v = g.labels_of(u), g.labels_of(v)
    for a, b, c, la, lb in zip(u, v, cls, labels_u, labels_v, strict=True):
        if in_c[a] and in_c[b]:
            if mate[a] == b:
                c = 1 if touched[a] or touched[b] else 2
            else:
                k = int(ip[a]) + int(np.searchsorted(ind[ip[a] : ip[a + 1]], b))
                c = int(allowed[k])
        out[frozenset((str(la), str(lb)))] = names[c]
    return out


@pytest.mark.parametrize("case", golden_cases("edges"), ids=lambda p: p.stem)
def test_golden_files_of_edges(case: Path) -> None:
    g = Graph.from_edge_list(case.read_bytes())
    got = _classes(g)
    expected: dict[frozenset[object], str] = {}
    for line in case.with_suffix(".out").read_text().splitlines():
        a, b, c = line.split()
        expected[frozenset((a, b))] = c
    assert got == expected


# ---------------------------------------------------------------- budget


def _chain() -> Graph:
    return k4_chain(np.random.default_rng(11), 2000)


def test_budget_under_the_bound_answers() -> None:
    g = _chain()
    ip, ind, mate, in_c = _inputs(g)
    work = al.EdgeClassWork()
    free = al.allowed_edges(ip, ind, mate, in_c, budget=None, work=work)
    assert work.rows_left > al._SAMPLE and work.bound > 0
    again = al.EdgeClassWork()
    got = al.allowed_edges(ip, ind, mate, in_c, budget=work.bound, work=again)
    assert np.array_equal(got, free) and again.residue_work == work.residue_work


def _small_residue() -> tuple[Graph, al._Options]:
    """A residue of fewer rows than the sample: no estimate, only counting."""
    rng = np.random.default_rng(12)
    return planted(rng, 14), al._Options(reductions=False, short_cycles=False, rounds=0)


def test_budget_refused_just_past_the_counted_work() -> None:
    g, options = _small_residue()
    ip, ind, mate, in_c = _inputs(g)
    work = al.EdgeClassWork()
    free = al._allowed(ip, ind, mate, in_c, None, work, options)
    spent = work.residue_work
    assert 0 < work.rows_left <= al._SAMPLE and spent > 0
    exact = al.EdgeClassWork()
    got = al._allowed(ip, ind, mate, in_c, spent, exact, options)
    assert np.array_equal(got, free) and exact.residue_work == spent
    with pytest.raises(al.EdgeClassesTooLarge) as refused:
        al._allowed(ip, ind, mate, in_c, spent - 1, al.EdgeClassWork(), options)
    message = str(refused.value)
    assert "\n" not in message and "--budget" in message and f"{spent - 1:,}" in message


def test_budget_refused_by_the_sample_before_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound, a sample estimates the residue and may refuse it at
    once: then the whole residue never starts (no progress is shown, though
    it would be after every row)."""
    g = _chain()
    ip, ind, mate, in_c = _inputs(g)
    monkeypatch.setattr(al, "_SLICE", 1)
    shown: list[tuple[int, int]] = []
    monkeypatch.setattr(_stats, "progress", lambda done, total: shown.append((done, total)))
    work = al.EdgeClassWork()
    al.allowed_edges(ip, ind, mate, in_c, budget=None, work=work)
    assert shown and work.bound > work.residue_work
    by_sample = 0
    for budget in np.geomspace(10, work.residue_work, 12).astype(int).tolist():
        shown.clear()
        try:
            al.allowed_edges(ip, ind, mate, in_c, budget=budget)
        except al.EdgeClassesTooLarge as refused:
            if "by a sample of" in str(refused):
                by_sample += 1
                assert shown == []
    assert by_sample > 0


def test_budget_never_answers_past_it() -> None:
    """Whatever the budget, an answer came within it (or it was refused)."""
    g = _chain()
    ip, ind, mate, in_c = _inputs(g)
    whole = al.EdgeClassWork()
    al.allowed_edges(ip, ind, mate, in_c, budget=None, work=whole)
    for budget in np.linspace(0, 2 * whole.residue_work, 13).astype(int).tolist():
        work = al.EdgeClassWork()
        try:
            al.allowed_edges(ip, ind, mate, in_c, budget=budget, work=work)
        except al.EdgeClassesTooLarge:
            continue
        assert work.residue_work <= budget


def test_progress_is_shown_for_a_long_residue(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _chain()
    ip, ind, mate, in_c = _inputs(g)
    monkeypatch.setattr(al, "_SLICE", 500)
    shown: list[tuple[int, int]] = []
    monkeypatch.setattr(_stats, "progress", lambda done, total: shown.append((done, total)))
    work = al.EdgeClassWork()
    al.allowed_edges(ip, ind, mate, in_c, budget=None, work=work)
    assert len(shown) >= work.residue_work // 500 // 2
    dones = [done for done, _ in shown]
    assert dones == sorted(dones) and all(total == work.rows_left for _, total in shown)


# ---------------------------------------------------------------- misuse


def test_a_matching_that_leaves_c_is_refused() -> None:
    g = Graph.from_edges([0, 1, 2, 3], [1, 2, 3, 0], 4)  # a square
    ip, ind, mate, in_c = _inputs(g)
    wrong = mate.copy()
    wrong[:] = [2, 3, 0, 1]  # the diagonals: not edges
    with pytest.raises(SolverError, match="vertex 0 of C is not matched along an edge"):
        al.allowed_edges(ip, ind, wrong, in_c)


def test_no_c_gives_no_allowed_edge() -> None:
    g = Graph.from_edges([0, 1], [1, 2], 3)  # a path of three: C is empty
    ip, ind, mate, in_c = _inputs(g)
    assert not in_c.any()
    assert not al.allowed_edges(ip, ind, mate, in_c).any()


@pytest.mark.parametrize(
    "make",
    # er4: a residue of hundreds of pairs, past the int8 range of the pairs' colours
    [lambda: planted(np.random.default_rng(9), 40), lambda: gnp_sparse(4000, 4.0, 3)],
    ids=["planted", "er4"],
)
def test_without_the_library_the_specification_answers(make: Callable[[], Graph]) -> None:
    """Without the library the kernels' Python specifications (plain Python:
    a class, lists) run interpreted, with the same answer."""
    g = make()
    ip, ind, mate, in_c = _inputs(g)
    native = al.allowed_edges(ip, ind, mate, in_c)
    with python_only():
        assert np.array_equal(al.allowed_edges(ip, ind, mate, in_c), native)


@pytest.mark.parametrize("budget", [-1, 2.5, True, "10"])
def test_a_bad_budget_is_refused_by_name(budget: object) -> None:
    g = planted(np.random.default_rng(2), 10)
    ip, ind, mate, in_c = _inputs(g)
    with pytest.raises(BipartiteGameError, match=f"budget must be .* not {budget!r}"):
        al.allowed_edges(ip, ind, mate, in_c, budget=budget)  # type: ignore[arg-type]


def test_arrays_of_the_wrong_size_are_refused_before_the_kernels() -> None:
    g = planted(np.random.default_rng(3), 10)
    ip, ind, mate, in_c = _inputs(g)
    with pytest.raises(BipartiteGameError, match=r"one mate and one in_c per vertex \(10\)"):
        al.allowed_edges(ip, ind, mate[:-1], in_c)
    with pytest.raises(BipartiteGameError, match=r"not shapes .*\(9,\)"):
        al.allowed_edges(ip, ind, mate, in_c[:-1])
