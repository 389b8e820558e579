"""``bipartite-game lock`` beside ``shared/bench/lock_dinic.cpp`` (g++ -O2).

Inputs ``_inputs.lock(21, 1, 6, 200000)`` (m=6) and ``_inputs.lock(22, 1, 7,
2000000)`` (m=7, where the reference takes about two minutes).  Checks
identical answers and prints median wall times, their ratio and peak
memories; without ``shared/bench`` (a fresh clone), ours alone.
Targets: ratio <= 0.25 at m=6, <= 0.05 at m=7; peak memory at m=7 <= 2 GB.

usage: python benchmarks/lock.py [--runs 3] [--big-runs 1] [--shared PATH]
"""

from __future__ import annotations

import argparse

from _common import (
    compile_reference,
    megabytes,
    report,
    shared_dir,
    side_by_side,
    summary,
    timed,
    tool_command,
)
from _inputs import generated

INPUTS = {6: (21, 1, 6, 200_000), 7: (22, 1, 7, 2_000_000)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs at m=6")
    parser.add_argument("--big-runs", type=int, default=1, help="runs at m=7")
    parser.add_argument("--rings", default="6,7")
    parser.add_argument("--shared", default=None)
    args = parser.parse_args()
    bench = shared_dir(args.shared)
    tool = tool_command("lock")
    for rings in (int(r) for r in args.rings.split(",")):
        path = generated("lock", *INPUTS[rings])
        runs = args.runs if rings == 6 else args.big_runs
        if bench is None:
            timed(tool, path)  # the page cache
            seconds, peak = summary([timed(tool, path) for _ in range(runs)])
            print(f"m={rings}: median of {runs}: {seconds:.3f} s, peak {megabytes(peak)}")
            continue
        reference = [str(compile_reference(bench / "lock_dinic.cpp", cxx=True))]
        ours, theirs = side_by_side(f"m={rings}", tool, reference, path, runs)
        print(report(f"m={rings}", "lock_dinic", ours, theirs))


if __name__ == "__main__":
    main()
