"""``bipartite-game graph`` on large random edge lists: the whole process.

Inputs (``_inputs.edges``: random pairs of integer labels, repeats and
self-loops included): 10^5 vertices with 1.5 * 10^5 lines (mean degree 3)
and about 6.7 * 10^5 vertices with 10^6 lines.  Prints the median wall time
and peak memory of the whole process, then, in one process with compiled
kernels loaded, the time of each phase: parsing the text
(``parse_edge_list``), building the CSR (``Graph.from_edges``), solving
(``solve``) and the whole ``answer`` with its formatting.  ``--before SRC``
times another version's ``src`` beside it, in turn.  (``table.py`` runs the
same command beside a C++ driver around LEMON that reads this text and
answers the same question.)

usage: python benchmarks/graph.py [--runs 3] [--before SRC]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from _common import Run, megabytes, summary, timed, tool_command
from _inputs import generated

INPUTS = {"1e5 vertices, degree 3": (5, 100_000, 150_000), "1e6 edges": (1, 666_667, 1_000_000)}

_PHASES = r"""
import sys, time
from bipartite_game._jit import set_jit_mode
from bipartite_game.edgelist import parse_edge_list
from bipartite_game.game import solve
from bipartite_game.graph import Graph
from bipartite_game.problems.graph import answer

set_jit_mode("always")
data = open(sys.argv[1], "rb").read()
answer(data)  # load the kernels
marks = [time.perf_counter()]
edges = parse_edge_list(data)
marks.append(time.perf_counter())
graph = Graph.from_edges(edges.u, edges.v, edges.num_vertices, edges.labels())
marks.append(time.perf_counter())
solve(graph)
marks.append(time.perf_counter())
answer(data)
marks.append(time.perf_counter())
names = ("parse", "build", "solve", "whole answer")
print(", ".join(f"{n} {b - a:.3f} s" for n, a, b in zip(names, marks, marks[1:])))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, metavar="SRC")
    args = parser.parse_args()
    versions: dict[str, dict[str, str] | None] = {"": None}
    if args.before:
        versions["before"] = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    tool = tool_command("graph")
    for name, knobs in INPUTS.items():
        path = generated("edges", *knobs)
        outputs = {version: timed(tool, path, env=env).stdout for version, env in versions.items()}
        if len(set(outputs.values())) != 1:
            raise SystemExit(f"the versions answer differently on {name}")
        runs: dict[str, list[Run]] = {version: [] for version in versions}
        for _ in range(args.runs):
            for version, env in versions.items():
                runs[version].append(timed(tool, path, env=env))
        for version, env in versions.items():
            seconds, peak = summary(runs[version])
            phases = subprocess.run(
                [sys.executable, "-c", _PHASES, str(path)],
                env=env,
                capture_output=True,
                check=True,
                text=True,
            ).stdout.strip()
            print(
                f"{version:<6} graph, {name}: median of {args.runs} {seconds:.3f} s, "
                f"peak {megabytes(peak)}; in process: {phases}"
            )


if __name__ == "__main__":
    main()
