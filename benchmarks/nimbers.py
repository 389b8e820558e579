"""Grundy values on forests: ``bipartite-game graph FILE --nimbers``, whole process.

For each size, a random tree (every vertex after the first hangs from a
uniformly random earlier one: random parents, seeded; labels are the vertex
numbers, shuffled) is written to ``benchmarks/.work/`` and the command is run
``--runs`` times under ``/usr/bin/time -f "%e %M"``: the median wall seconds
and the largest peak resident set, start-up, parsing, the matching's zero
check and writing included.  The output is checked for one line a vertex.

``--cubic``: the degree-3 algorithm (theory/cubic.py), whole process too,
on graphs of ``--cubic-size`` vertices (10,000 by default; several sizes
comma-separated), with ``--budget`` if given (and no time limit then): a random cubic
graph (3 stubs a vertex paired at random, loops and repeats dropped), a
random subcubic one (each vertex 1, 2 or 3 stubs, the same pairing) and a
brick-wall hexagonal lattice (a square grid keeping every other rung: degree
3 inside): median wall and CPU (user + system) seconds, peak memory, and
how many starts have each value (or that the run was refused past its
budget).

``--search``: how far the search goes on components with cycles instead:
``grundy_array`` in process on r x c grid graphs and on cycles, each solved
or refused within the default budget, with its wall time.

usage: python benchmarks/nimbers.py [--sizes 100000,1000000] [--runs 3] [--search]
       python benchmarks/nimbers.py --cubic [--cubic-size 10000,30000] [--runs 3] [--budget N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

from _common import tool_command
from bipartite_game.errors import GeographyTooLarge
from bipartite_game.graphs.graph import Graph
from bipartite_game.theory.nimbers import grundy_array

WORK = Path(__file__).resolve().parent / ".work"


def random_tree(n: int, seed: int) -> Path:
    """A random-parent tree of ``n`` vertices as an edge list (cached)."""
    path = WORK / f"tree-{n}-{seed}.txt"
    if path.exists():
        return path
    WORK.mkdir(exist_ok=True)
    rng = np.random.default_rng(seed)
    ids = np.arange(1, n)
    parent = (rng.random(n - 1) * ids).astype(np.int64)
    name = rng.permutation(n)
    order = rng.permutation(n - 1)
    lines = np.char.add(
        np.char.add(name[parent[order]].astype(str), " "), name[ids[order]].astype(str)
    )
    path.write_text("\n".join(lines.tolist()) + "\n")
    return path


def write_edges(path: Path, u: np.ndarray, v: np.ndarray) -> Path:
    WORK.mkdir(exist_ok=True)
    lines = np.char.add(np.char.add(u.astype(str), " "), v.astype(str))
    path.write_text("\n".join(lines.tolist()) + "\n")
    return path


def stub_pairing(stubs: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Pair the stubs at random; drop loops and repeated edges."""
    rng = np.random.default_rng(seed)
    stubs = rng.permutation(stubs)
    if stubs.size % 2:
        stubs = stubs[:-1]
    u, v = np.minimum(stubs[0::2], stubs[1::2]), np.maximum(stubs[0::2], stubs[1::2])
    keep = u != v
    pairs = np.unique(np.stack([u[keep], v[keep]], axis=1), axis=0)
    return pairs[:, 0], pairs[:, 1]


def cubic_inputs(n: int) -> list[tuple[str, Path, int]]:
    """(name, edge list, vertices) for the three degree-3 families."""
    rng = np.random.default_rng(n)
    cases = []
    u, v = stub_pairing(np.repeat(np.arange(n), 3), seed=n)
    cases.append(("random cubic", write_edges(WORK / f"cubic-{n}.txt", u, v)))
    u, v = stub_pairing(np.repeat(np.arange(n), rng.integers(1, 4, n)), seed=n + 1)
    cases.append(("random subcubic", write_edges(WORK / f"subcubic-{n}.txt", u, v)))
    rows = round(n**0.5)
    cols = n // rows
    ids = np.arange(rows * cols).reshape(rows, cols)
    i, j = np.meshgrid(np.arange(rows - 1), np.arange(cols), indexing="ij")
    rungs = (i + j) % 2 == 0
    u = np.r_[ids[:, :-1].ravel(), ids[:-1, :][rungs]]
    v = np.r_[ids[:, 1:].ravel(), ids[1:, :][rungs]]
    cases.append((f"hexagonal {rows}x{cols}", write_edges(WORK / f"hex-{n}.txt", u, v)))
    out = []
    for name, path in cases:
        ends = np.loadtxt(path, dtype=np.int64).reshape(-1, 2)
        out.append((name, path, int(np.unique(ends).size)))
    return out


def cubic_times(n: int, runs: int, budget: int | None) -> None:
    """``graph --nimbers`` whole process on the degree-3 families (with
    ``--budget`` when given): solved or refused, and in how long."""
    extra = () if budget is None else ("--budget", str(budget), "--seconds", "100000")
    print(f"load average {os.getloadavg()[0]:.1f}; budget {budget or 'default'}")
    print(
        f"{'graph':>20}  {'vertices':>8}  {'edges':>6}  {'wall s':>7}  {'cpu s':>6}  "
        f"{'peak MB':>7}  0/1/2/3"
    )
    for name, path, vertices in cubic_inputs(n):
        wall, cpu, peak, out = measure_cpu(path, vertices, runs, extra)
        edges = path.read_text().count("\n")
        if out is None:
            counts = "refused (past the budget)"
        else:
            values = np.array([int(line.split()[1]) for line in out.decode().splitlines()])
            counts = "/".join(str(int(c)) for c in np.bincount(values, minlength=4))
        print(
            f"{name:>20}  {vertices:>8}  {edges:>6}  {wall:>7.2f}  {cpu:>6.2f}  "
            f"{peak / 1024:>7.0f}  {counts}"
        )


def measure(path: Path, n: int, runs: int) -> tuple[float, int]:
    wall, _, peak, _ = measure_cpu(path, n, runs)
    return wall, peak


def measure_cpu(
    path: Path, n: int, runs: int, extra: tuple[str, ...] = ()
) -> tuple[float, float, int, bytes | None]:
    """Median wall seconds, median CPU seconds (user + system: what the
    machine's other load does not inflate), the largest peak RSS in KB, and
    the output (``None`` when the run was refused past its budget)."""
    walls, cpus, peaks = [], [], []
    out: bytes | None = None
    for _ in range(runs):
        done = subprocess.run(
            [
                "/usr/bin/time",
                "-f",
                "%e %U %S %M",
                *tool_command("graph", str(path), "--nimbers", *extra),
            ],
            capture_output=True,
        )
        if done.returncode == 0:
            assert done.stdout.count(b"\n") == n, "one line a vertex"
            out = done.stdout
        else:
            assert done.returncode == 2 and b"budget" in done.stderr, done.stderr
        wall, user, system, peak = done.stderr.decode().split()[-4:]
        walls.append(float(wall))
        cpus.append(float(user) + float(system))
        peaks.append(int(peak))
    return statistics.median(walls), statistics.median(cpus), max(peaks), out


def search_reach() -> None:
    """Grids and cycles through the search: solved or refused, and when."""
    cases: list[tuple[str, np.ndarray, np.ndarray, int]] = []
    for rows, cols in [(3, 6), (4, 5), (4, 6), (5, 5), (4, 8), (6, 6)]:
        ids = np.arange(rows * cols).reshape(rows, cols)
        u = np.r_[ids[:, :-1].ravel(), ids[:-1, :].ravel()]
        v = np.r_[ids[:, 1:].ravel(), ids[1:, :].ravel()]
        cases.append((f"grid {rows}x{cols}", u, v, rows * cols))
    for n in (200, 500, 1000, 2000):
        ring = np.arange(n)
        cases.append((f"cycle {n}", ring, (ring + 1) % n, n))
    for name, u, v, n in cases:
        start = time.perf_counter()
        try:
            grundy_array(Graph.from_edges(u, v, n))
            verdict = "solved"
        except GeographyTooLarge:
            verdict = "refused"
        print(f"{name:>12}  {verdict:>8}  {time.perf_counter() - start:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--cubic", action="store_true")
    parser.add_argument("--cubic-size", default="10000", help="sizes, comma-separated")
    parser.add_argument("--budget", type=int, help="--budget for --cubic (default: none given)")
    args = parser.parse_args()
    if args.search:
        search_reach()
        return
    if args.cubic:
        for n in (int(x) for x in args.cubic_size.split(",")):
            cubic_times(n, args.runs, args.budget)
        return
    print(f"{'vertices':>10}  {'wall s':>7}  {'peak MB':>8}")
    for n in (int(x) for x in args.sizes.split(",")):
        wall, peak = measure(random_tree(n, seed=n), n, args.runs)
        print(f"{n:>10}  {wall:>7.2f}  {peak / 1024:>8.0f}")


if __name__ == "__main__":
    main()
