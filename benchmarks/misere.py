"""Misère play on forests: ``bipartite-game graph FILE --misere``, whole
process, beside ``graph FILE --nimbers`` on the same random trees (the
trees of ``benchmarks/nimbers.py``: random parents, seeded, shuffled
labels).  Each command runs ``--runs`` times under ``/usr/bin/time -f "%e
%M"``; the median wall seconds and the largest peak resident set are
printed, start-up, parsing and writing included, and the ratio of the two
medians (the machine is shared: read the ratio, not the seconds).

usage: python benchmarks/misere.py [--sizes 100000,1000000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

from _common import tool_command
from nimbers import random_tree


def measure(path: Path, n: int, runs: int, option: str) -> tuple[float, int]:
    walls, peaks = [], []
    for _ in range(runs):
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", *tool_command("graph", str(path), option)],
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
    print(f"{'vertices':>10}  {'misere s':>8}  {'peak MB':>7}  {'nimbers s':>9}  {'ratio':>5}")
    for n in (int(x) for x in args.sizes.split(",")):
        path = random_tree(n, seed=n)
        misere, peak = measure(path, n, args.runs, "--misere")
        normal, _ = measure(path, n, args.runs, "--nimbers")
        print(
            f"{n:>10}  {misere:>8.2f}  {peak / 1024:>7.0f}  {normal:>9.2f}  "
            f"{misere / normal:>5.2f}"
        )


if __name__ == "__main__":
    main()
