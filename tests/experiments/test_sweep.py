"""``sweep`` and the experiments layer: random families, rows checked against
independent computations, seeds, the Karp–Sipser limit, the command line."""

from __future__ import annotations

import itertools
import math
import os
import signal
import subprocess
import sys
import time

import networkx as nx
import numpy as np
import pytest

from bipartite_game.brute import geography_losing_starts
from bipartite_game.errors import BipartiteGameError
from bipartite_game.experiments import sweep as sweep_module
from bipartite_game.experiments.families import generate
from bipartite_game.experiments.karp_sipser import (
    karp_sipser_gamma,
    karp_sipser_matching,
    lambert_w,
)
from bipartite_game.experiments.sweep import (
    iter_sweep,
    parse_values,
    sample_seed,
    sweep,
    to_csv,
    to_json,
)
from tests.support.strategies import tiered

CLI = [sys.executable, "-m", "bipartite_game", "sweep"]


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], capture_output=True, timeout=120)


def _edges(graph) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return [
        (u, int(w))
        for u in range(graph.num_vertices)
        for w in graph.indices[graph.indptr[u] : graph.indptr[u + 1]]
        if u < w
    ]


def _nu(n: int, edges: list[tuple[int, int]]) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return len(nx.max_weight_matching(g, maxcardinality=True))


# ------------------------------------------------------------------ rows
@pytest.mark.parametrize(
    ("family", "n", "value"),
    [
        ("er", 9, 2.5),
        ("er", 10, 4.0),
        ("bipartite-er", 5, 2.0),
        ("regular", 8, 3),
        ("maze", 3, 0.3),
        ("king", 3, 0.2),
    ],
)
def test_rows_match_brute_force(family: str, n: int, value: float) -> None:
    name = {"er": "c", "bipartite-er": "c", "regular": "d"}.get(family, "p")
    rows = sweep(family, n, {name: [value]}, samples=6, seed=11)
    for row in rows:
        graph = generate(family, n, [value], row["seed"])
        edges = _edges(graph)
        v = graph.num_vertices
        adjacency = [
            [w for a, b in edges for w in ((b,) if a == u else (a,) if b == u else ())]
            for u in range(v)
        ]
        losing = geography_losing_starts(adjacency)
        nu = _nu(v, edges)
        in_d = set(u for u in range(v) if losing[u])
        in_a = {w for u in in_d for w in adjacency[u]} - in_d
        every = some = 0
        for a, b in edges:
            rest = [e for e in edges if e != (a, b)]
            without_ends = [e for e in edges if a not in e and b not in e]
            if _nu(v, rest) < nu:
                every += 1
            elif _nu(v, without_ends) == nu - 1:
                some += 1
        assert row["vertices"] == v and row["edges"] == len(edges)
        assert row["matching"] == nu
        assert row["losing"] == len(in_d)
        assert row["ge_a"] == len(in_a) and row["ge_c"] == v - len(in_d) - len(in_a)
        assert (row["every"], row["some"], row["none"]) == (every, some, len(edges) - every - some)
        assert row["bipartite"] == nx.is_bipartite(nx.Graph(edges)) if edges else True


def test_seeds_do_not_depend_on_the_grid_or_the_workers() -> None:
    alone = sweep("er", 50, {"c": [2.0]}, samples=3, seed=5)
    among = sweep("er", 50, {"c": [1.0, 2.0, 3.0]}, samples=3, seed=5, jobs=2)
    assert to_csv(alone) == to_csv(among[3:6])
    assert [r["seed"] for r in alone] == [sample_seed(5, [2.0], k) for k in range(3)]
    assert sample_seed(5, [2.0], 0) != sample_seed(6, [2.0], 0)
    assert sample_seed(5, [2.0], 0) != sample_seed(5, [2.5], 0)


def test_pool_keeps_order_with_a_small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows come in the grid's order even when only one sample a worker may
    run ahead, and closing the iterator early is clean."""
    monkeypatch.setattr(sweep_module, "AHEAD", 1)
    grid = {"c": [0.5, 3.0]}
    alone = sweep("er", 200, grid, samples=10, seed=3)
    assert to_csv(sweep("er", 200, grid, samples=10, seed=3, jobs=2)) == to_csv(alone)
    assert to_json(sweep("er", 200, grid, samples=10, seed=3, jobs=2)) == to_json(alone)
    rows = iter_sweep("er", 200, grid, samples=10, seed=3, jobs=2)
    assert next(rows) == alone[0]
    rows.close()  # type: ignore[attr-defined]
    with pytest.raises(BipartiteGameError):  # checked at the call, before any row
        iter_sweep("er", 200, {"c": [-1.0]}, samples=1, seed=0)


def test_parse_values() -> None:
    assert parse_values("0:1:0.1")[-1] == 1.0 and len(parse_values("0:1:0.1")) == 11
    assert parse_values("0.5:6:0.25") == tuple(0.5 + 0.25 * k for k in range(23))
    assert parse_values("0:1:0.3") == (0.0, 0.3, 0.6, 0.9)  # 1 is off the grid
    assert parse_values("1,2:4:1") == (1.0, 2.0, 3.0, 4.0)
    assert parse_values("2:2:1") == (2.0,)
    for bad in ("", "a", "3:1:1", "1:2:0", "1:2", "nan", "inf", "1:1e9:1e-9"):
        with pytest.raises(BipartiteGameError):
            parse_values(bad)


def test_library_refuses_bad_input() -> None:
    cases: list[tuple[str, int, dict[str, list[float]], int]] = [
        ("nope", 5, {"c": [1.0]}, 1),
        ("er", 5, {"d": [1.0]}, 1),
        ("er", 5, {}, 1),
        ("er", 5, {"c": []}, 1),
        ("er", 5, {"c": [1.0]}, 0),
        ("er", 5, {"c": [6.0]}, 1),
        ("regular", 5, {"d": [3]}, 1),
        ("regular", 5, {"d": [1.5]}, 1),
        ("maze", 5, {"p": [-0.1]}, 1),
        ("er", 2**40, {"c": [1.0]}, 1),
    ]
    for family, n, params, samples in cases:
        with pytest.raises(BipartiteGameError):
            sweep(family, n, params, samples=samples, seed=0)


# ------------------------------------------------------------- families
def test_er_edge_count_mean() -> None:
    n, c, k = 2000, 3.0, 40
    counts = [generate("er", n, [c], s).num_edges for s in range(k)]
    mean, sd = (n - 1) * c / 2, math.sqrt((n - 1) * c / 2)
    assert abs(np.mean(counts) - mean) < 6 * sd / math.sqrt(k)


@pytest.mark.parametrize(
    ("family", "n", "c"), [("er", 5, 2.5), ("er", 5, 4.5), ("bipartite-er", 3, 2.4)]
)
def test_every_pair_equally_likely(family: str, n: int, c: float) -> None:
    """Each pair is an edge with probability c/n, on both sides of the
    complement switch (more than half the pairs present)."""
    k = 3000
    tally: dict[tuple[int, int], int] = {}
    for s in range(k):
        for e in _edges(generate(family, n, [c], s)):
            tally[e] = tally.get(e, 0) + 1
    pairs = (
        list(itertools.combinations(range(n), 2))
        if family == "er"
        else [(a, n + b) for a in range(n) for b in range(n)]
    )
    assert set(tally) <= set(pairs)
    p = c / n
    for pair in pairs:
        assert abs(tally.get(pair, 0) - k * p) < 6 * math.sqrt(k * p * (1 - p)), pair


def test_er_pair_ranks_decode_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rank in the upper triangle decodes to its pair, also at the far
    end of a large triangle where the square root rounds."""
    from bipartite_game.experiments import families

    for n, keys in [
        *((n, None) for n in (2, 3, 7, 50)),
        (10**8, [0, 1, 10**8 - 2, 10**8 - 1, -3, -2, -1]),
    ]:
        pairs = n * (n - 1) // 2
        chosen = np.arange(pairs) if keys is None else np.array(keys) % pairs
        monkeypatch.setattr(families, "random_pairs", lambda *args, k=chosen: k.astype(np.int64))
        u, v = families._er_edges(np.random.default_rng(0), n, 1.0)
        if keys is None:
            assert list(zip(u.tolist(), v.tolist(), strict=True)) == list(
                itertools.combinations(range(n), 2)
            )
        else:
            assert list(zip(u.tolist(), v.tolist(), strict=True)) == [
                (0, 1),
                (0, 2),
                (0, n - 1),
                (1, 2),
                (n - 3, n - 2),
                (n - 3, n - 1),
                (n - 2, n - 1),
            ]


@pytest.mark.parametrize(("n", "d"), [(10, 3), (50, 4), (31, 2), (6, 5), (100, 0)])
def test_regular_is_regular_and_simple(n: int, d: int) -> None:
    for s in range(5):
        g = generate("regular", n, [d], s)
        degrees = np.diff(g.indptr)
        assert g.num_vertices == n and g.num_edges == n * d // 2  # no pair lost as a repeat
        assert np.all(degrees == d)
        for u in range(n):
            row = g.indices[g.indptr[u] : g.indptr[u + 1]].tolist()
            assert u not in row and len(set(row)) == len(row)


def test_maze_wall_density() -> None:
    n, p = 100, 0.3
    opens = [generate("maze", n, [p], s).num_vertices for s in range(10)]
    sd = math.sqrt(n * n * p * (1 - p) / 10)
    assert abs(np.mean(opens) - n * n * (1 - p)) < 6 * sd
    king = generate("king", 4, [0.0], 0)
    assert king.num_edges == 42  # 4x4 king graph: 12 + 12 + 9 + 9
    rook = generate("maze", 4, [0.0], 0)
    assert rook.num_edges == 24


# --------------------------------------------------------------- theory
def test_lambert_w_and_gamma() -> None:
    assert lambert_w(1) == pytest.approx(0.5671432904097838, abs=1e-15)  # the omega constant
    assert lambert_w(math.e) == pytest.approx(1.0, abs=1e-12)
    for c in (0.1, 1.0, 2.0, math.e):
        star, low = karp_sipser_gamma(c)
        assert star == low == lambert_w(c)
    for c in (2.8, 3.0, 4.0, 6.0, 20.0):
        star, low = karp_sipser_gamma(c)
        assert star == pytest.approx(c * math.exp(-c * math.exp(-star)), abs=1e-12)
        assert star < lambert_w(c) < low
        # the fixed-point iteration from 0 increases to the smallest root
        x = 0.0
        for _ in range(20000):
            x = c * math.exp(-c * math.exp(-x))
        assert star == pytest.approx(x, abs=1e-9)


def test_matching_limit_values() -> None:
    assert karp_sipser_matching(0) == 0.0
    assert karp_sipser_matching(1e-6) == pytest.approx(0.5e-6, rel=1e-5)  # isolated edges
    w = lambert_w(1.0)
    assert karp_sipser_matching(1.0) == pytest.approx(1 - (2 * w + w * w) / 2)
    values = [karp_sipser_matching(c) for c in np.linspace(0.1, 10, 50)]
    assert all(a < b for a, b in itertools.pairwise(values)) and values[-1] < 0.5
    for bad in (-1.0, math.inf, math.nan, "x"):
        with pytest.raises(BipartiteGameError):
            karp_sipser_matching(bad)  # type: ignore[arg-type]


def _mean_matching(n: int, samples: int, c: float, jobs: int = 1) -> float:
    rows = sweep("er", n, {"c": [c]}, samples=samples, seed=2024, jobs=jobs)
    return float(np.mean([r["matching"] / r["vertices"] for r in rows]))


@pytest.mark.parametrize("c", [0.5, 1.0, 2.0, math.e, 4.0])
def test_karp_sipser_small(c: float) -> None:
    assert abs(_mean_matching(2000, 4, c) - karp_sipser_matching(c)) < 0.02


@pytest.mark.slow
def test_karp_sipser_at_20000_through_the_command_line() -> None:
    done = _cli(
        "er",
        "--n",
        "20000",
        "--param",
        "c=0.5,1,2,2.718281828459045,4",
        "--samples",
        "4",
        "--seed",
        "1",
        "--format",
        "json",
    )
    assert done.returncode == 0, done.stderr
    import json

    rows = json.loads(done.stdout)
    for c in (0.5, 1.0, 2.0, 2.718281828459045, 4.0):
        mine = [r["matching"] / r["vertices"] for r in rows if r["c"] == c]
        assert len(mine) == 4
        assert abs(np.mean(mine) - karp_sipser_matching(c)) < 0.01, c


# --------------------------------------------------------- command line
def test_cli_is_reproducible_byte_for_byte() -> None:
    args = ("er", "--n", "60", "--param", "c=1:2:0.5", "--samples", "3", "--seed", "9")
    one, two, again = _cli(*args, "--jobs", "1"), _cli(*args, "--jobs", "2"), _cli(*args)
    assert one.returncode == two.returncode == again.returncode == 0
    assert one.stdout == two.stdout == again.stdout
    assert one.stderr == b""
    lines = one.stdout.decode().splitlines()
    assert lines[0] == (
        "family,n,c,sample,seed,vertices,edges,matching,losing,ge_a,ge_c,every,some,none,bipartite"
    )
    assert len(lines) == 1 + 3 * 3
    assert one.stdout.decode() == to_csv(sweep("er", 60, {"c": [1, 1.5, 2]}, samples=3, seed=9))
    timed = _cli(*args, "--jobs", "1", "--timing", "--format", "json")
    assert timed.returncode == 0 and b'"seconds":' in timed.stdout


@pytest.mark.parametrize(
    "args",
    tiered([
        ["nope", "--n", "5", "--param", "c=1"],
        ["er", "--n", "5", "--param", "x=1"],
        ["er", "--n", "5", "--param", "c=3:1:1"],
        ["er", "--n", "5", "--param", "c=1:2:0"],
        ["er", "--n", "5", "--param", "c="],
        ["er", "--n", "5", "--param", "c=abc"],
        ["er", "--n", "5", "--param", "c=1", "--samples", "0"],
        ["er", "--n", "5"],
        ["er", "--n", "0", "--param", "c=1"],
        ["er", "--n", "2000000000", "--param", "c=100000"],
        ["maze", "--n", "40000", "--param", "p=0.5"],
        ["regular", "--n", "5", "--param", "d=3"],
        ["er", "--n", "5", "--param", "c=1", "--param", "c=2"],
        ["er", "--n", "5", "--param", "c=1", "--moves", "king"],
        ["maze", "--n", "5", "--param", "p=0.1", "--moves", "zz"],
        ["er", "--n", "5", "--param", "c=1", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"],
        ["er", "--n", "5", "--param", "c=1", "--plot", "figure.pdf"],
        ["er", "--n", "5", "--param", "c=1", "--plot", "figure"],
        ["er", "--n", "5", "--param", "c=1", "--format", "parquet"],
        ["er", "--n", "5", "--param", "c=1", "--output", "/no/such/folder/rows.csv"],
    ]),
)
def test_cli_bad_input_is_one_line(args: list[str]) -> None:
    done = _cli(*args)
    assert done.returncode == 2
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), lines
    assert done.stdout == b""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_quietly(jobs: str) -> None:
    process = subprocess.Popen(
        [*CLI, "er", "--n", "20000", "--param", "c=4", "--samples", "200", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    # interrupted once its workers run (not while the interpreter imports)
    children = f"/proc/{process.pid}/task/{process.pid}/children"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if not os.path.exists(children):  # no /proc: a generous wait instead
            time.sleep(3)
            break
        with open(children) as listed:
            if listed.read().strip():
                break
        time.sleep(0.05)
    time.sleep(0.2)
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == b""
    # the rows finished before Ctrl-C may have been written (a sample of
    # G(20000, 4/n) takes a fraction of a second): whole lines, nothing else
    assert out == b"" or (out.startswith(b"family,n,c,") and out.endswith(b"\n")), out[-200:]


def test_without_edge_classes_the_rest_of_the_row_is_unchanged() -> None:
    """``edge_classes=False`` (``--no-edge-classes``) drops every, some and
    none, and nothing else: D, A and C still come from the solve."""
    for family, n, grid in [
        ("er", 300, {"c": [1.0, 3.5]}),
        ("bipartite-er", 100, {"c": [2.0]}),
        ("maze", 8, {"p": [0.2]}),
    ]:
        full = sweep(family, n, grid, samples=3, seed=4)
        short = sweep(family, n, grid, samples=3, seed=4, edge_classes=False, jobs=2)
        for whole, part in zip(full, short, strict=True):
            assert part == {k: v for k, v in whole.items() if k not in ("every", "some", "none")}
    done = _cli("er", "--n", "50", "--param", "c=2", "--no-edge-classes")
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[0] == (
        "family,n,c,sample,seed,vertices,edges,matching,losing,ge_a,ge_c,bipartite"
    )
