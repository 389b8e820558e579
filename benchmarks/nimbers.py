"""Grundy values on forests: ``bipartite-game graph FILE --nimbers``, whole process.

For each size, a random tree (every vertex after the first hangs from a
uniformly random earlier one: random parents, seeded; labels are the vertex
numbers, shuffled) is written to ``benchmarks/.work/`` and the command is run
``--runs`` times under ``/usr/bin/time -f "%e %M"``: the median wall seconds
and the largest peak resident set, start-up, parsing, the matching's zero
check and writing included.  The output is checked for one line a vertex.

usage: python benchmarks/nimbers.py [--sizes 100000,1000000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

import numpy as np

from _common import tool_command

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'vertices':>10}  {'wall s':>7}  {'peak MB':>8}")
    for n in (int(x) for x in args.sizes.split(",")):
        wall, peak = measure(random_tree(n, seed=n), n, args.runs)
        print(f"{n:>10}  {wall:>7.2f}  {peak / 1024:>8.0f}")


if __name__ == "__main__":
    main()
