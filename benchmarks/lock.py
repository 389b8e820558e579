"""``bipartite-game lock`` beside ``shared/bench/lock_dinic.cpp`` (g++ -O2).

Inputs ``gen.py lock 21 1 6 200000`` (m=6) and ``gen.py lock 22 1 7 2000000``
(m=7, where the reference takes about two minutes).  Checks identical answers
and prints median wall times, their ratio and peak memories.
Targets: ratio <= 0.25 at m=6, <= 0.05 at m=7; peak memory at m=7 <= 2 GB.

usage: python benchmarks/lock.py [--runs 3] [--big-runs 1] [--shared PATH]
"""

from __future__ import annotations

import argparse

from _common import compile_reference, generated, report, shared_dir, side_by_side, tool_command

INPUTS = {6: ("21", "1", "6", "200000"), 7: ("22", "1", "7", "2000000")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs at m=6")
    parser.add_argument("--big-runs", type=int, default=1, help="runs at m=7")
    parser.add_argument("--rings", default="6,7")
    parser.add_argument("--shared", default=None)
    args = parser.parse_args()
    bench = shared_dir(args.shared)
    reference = [str(compile_reference(bench / "lock_dinic.cpp", cxx=True))]
    tool = tool_command("lock")
    for rings in (int(r) for r in args.rings.split(",")):
        path = generated(bench, "lock", *INPUTS[rings])
        runs = args.runs if rings == 6 else args.big_runs
        ours, theirs = side_by_side(f"m={rings}", tool, reference, path, runs)
        print(report(f"m={rings}", "lock_dinic", ours, theirs))


if __name__ == "__main__":
    main()
