"""Grundy values on forests: ``bipartite-game graph FILE --nimbers``, whole process.

For each size, a random tree (every vertex after the first hangs from a
uniformly random earlier one: random parents, seeded; labels are the vertex
numbers, shuffled) is written to ``benchmarks/.work/`` and the command is run
``--runs`` times under ``/usr/bin/time -f "%e %M"``: the median wall seconds
and the largest peak resident set, start-up, parsing, the matching's zero
check and writing included.  The output is checked for one line a vertex.

``--search``: how far the search goes on components with cycles instead:
``grundy_array`` in process on r x c grid graphs and on cycles, each solved
or refused within the default budget, with its wall time.

usage: python benchmarks/nimbers.py [--sizes 100000,1000000] [--runs 3] [--search]
"""

from __future__ import annotations

import argparse
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


def measure(path: Path, n: int, runs: int) -> tuple[float, int]:
    walls, peaks = [], []
    for _ in range(runs):
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", *tool_command("graph", str(path), "--nimbers")],
            capture_output=True,
            check=True,
        )
        assert done.stdout.count(b"\n") == n, "one line a vertex"
        wall, peak = done.stderr.decode().split()[-2:]
        walls.append(float(wall))
        peaks.append(int(peak))
    return statistics.median(walls), max(peaks)


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
    args = parser.parse_args()
    if args.search:
        search_reach()
        return
    print(f"{'vertices':>10}  {'wall s':>7}  {'peak MB':>8}")
    for n in (int(x) for x in args.sizes.split(",")):
        wall, peak = measure(random_tree(n, seed=n), n, args.runs)
        print(f"{n:>10}  {wall:>7.2f}  {peak / 1024:>8.0f}")


if __name__ == "__main__":
    main()
