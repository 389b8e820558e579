"""The geography family: how far each method goes.

1. ``gf2``: edge geography on a random bipartite graph with N + N vertices
   and 10 N edges, every start, for N = 1250 .. 10000 (the target:
   5000 + 5000 and 50,000 edges under 5 s); library time, medians of
   ``--runs``, kernels compiled first; then the whole command line on the
   5000 + 5000 graph (``graph --rule edge``), start-up and parsing included.
2. ``dag``: directed vertex geography on a random acyclic digraph of 10^6
   vertices and 3 * 10^6 arcs (retrograde analysis over the condensation).
3. ``search``: for each game the search decides (directed vertex, directed
   edge, undirected edge on graphs with odd cycles), random multigraphs with
   m edges on m / 2 vertices, every start, ``--seeds`` graphs per size: how
   many were solved within the default budget of states and in at most
   ``DEFAULT_SECONDS`` of CPU time, and the CPU time of the slowest run
   (solved or refused).  The runs themselves have no time limit: CPU time,
   not the wall clock the command line's budget reads, so that a busy
   machine does not change the count.

usage: python benchmarks/geography.py [gf2|dag|search|all] [--runs 3] [--seeds 5]
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np

from _common import tool_command
from bipartite_game.errors import GeographyTooLarge
from bipartite_game.theory.geography import solve_geography
from bipartite_game.theory.geography.search import DEFAULT_BUDGET, DEFAULT_SECONDS


def random_bipartite(half: int, edges: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.integers(0, half, edges), rng.integers(half, 2 * half, edges)


def median_seconds(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` calls (the machine may be
    shared: CPU time is the fairer figure)."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return float(np.median(wall)), float(np.median(cpu))


def bench_gf2(runs: int) -> None:
    u, v = random_bipartite(200, 2000, 0)
    solve_geography(u, v, 400, rule="edge")  # compile or load the kernels
    print("edge geography, random bipartite N + N vertices, 10 N edges, every start:")
    previous = None
    for half in (1250, 2500, 5000, 10000):
        u, v = random_bipartite(half, 10 * half, 1)
        wall, cpu = median_seconds(partial(solve_geography, u, v, 2 * half, rule="edge"), runs)
        losing = int(solve_geography(u, v, 2 * half, rule="edge").losing.sum())
        growth = "" if previous is None else f"  CPU x{cpu / previous:.1f} for 2x N"
        print(f"  N = {half:5d}: {wall:6.2f} s wall, {cpu:6.2f} s CPU ({losing} losing){growth}")
        previous = cpu
    half = 5000
    u, v = random_bipartite(half, 10 * half, 1)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as out:
        out.write("".join(f"{a} {b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True)))
    command = [*tool_command("graph", "--rule", "edge"), out.name]
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(time.perf_counter() - start)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print(
        f"  command line, 5000 + 5000 vertices, 50,000 edges: {np.median(walls):.2f} s wall, "
        f"{np.median(cpus):.2f} s CPU"
    )
    Path(out.name).unlink()


def bench_dag(runs: int) -> None:
    n, m = 10**6, 3 * 10**6
    rng = np.random.default_rng(2)
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    keep = a != b
    u, v = np.minimum(a, b)[keep], np.maximum(a, b)[keep]
    solve_geography(u[:1000], v[:1000], n, rule="vertex", directed=True)
    wall, cpu = median_seconds(
        partial(solve_geography, u, v, n, rule="vertex", directed=True), runs
    )
    method = solve_geography(u, v, n, rule="vertex", directed=True).method
    print(f"directed vertex geography, random DAG 10^6 vertices, {u.size} arcs: "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU ({method})")  # fmt: skip


#: Edge counts tried per game: m edges on m / 2 vertices.
SEARCH_SIZES = {
    ("vertex", True): (300, 400, 600, 800, 1200, 1600),
    ("edge", True): (60, 100, 140, 180, 220, 260, 300),
    ("edge", False): (16, 20, 24, 28, 32, 40, 48, 60),
}


def bench_search(seeds: int) -> None:
    print(
        f"search (budget {DEFAULT_BUDGET} states, {DEFAULT_SECONDS:g} s of CPU), "
        "random multigraphs, m edges on m/2 vertices,"
    )
    print(f"{seeds} graphs per size: how many were solved, and the slowest run's CPU seconds")
    for (rule, directed), sizes in SEARCH_SIZES.items():
        name = f"{'directed ' if directed else ''}{rule} geography"
        cells = []
        for m in sizes:
            solved, slowest = 0, 0.0
            for seed in range(seeds):
                rng = np.random.default_rng(1000 * m + seed)
                n = m // 2
                u, v = rng.integers(0, n, m), rng.integers(0, n, m)
                start = time.process_time()  # CPU time: fair on a shared machine
                try:
                    solve_geography(u, v, n, rule=rule, directed=directed, seconds=math.inf)
                    solved += time.process_time() - start <= DEFAULT_SECONDS
                except GeographyTooLarge:
                    pass
                slowest = max(slowest, time.process_time() - start)
            cells.append(f"m={m}: {solved}/{seeds} ({slowest:.1f} s)")
        print(f"  {name}: " + ", ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="?", default="all", choices=("gf2", "dag", "search", "all"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    if args.which in ("gf2", "all"):
        bench_gf2(args.runs)
    if args.which in ("dag", "all"):
        bench_dag(args.runs)
    if args.which in ("search", "all"):
        bench_search(args.seeds)


if __name__ == "__main__":
    main()
