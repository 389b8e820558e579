"""``bipartite-game graph`` on large random edge lists: the whole process.

Inputs (``_inputs.edges``: random pairs of integer labels, repeats and
self-loops included): 10^5 vertices with 1.5 * 10^5 lines (mean degree 3),
about 6.7 * 10^5 vertices with 10^6 lines, and 10^6 vertices with 1.5 * 10^6
lines; with ``--king`` also the edge list of a 2000x2000 king maze with 10%
walls (each edge once, ``u v`` with ``u < v``, about 200 MB).  Prints the
median wall time and peak memory of the whole process, then, in one process
with kernels loaded, the time of each phase: parsing the text
(``parse_edge_list``), building the CSR (``EdgeList.to_graph``), solving
(``solve``) and the whole ``answer`` with its formatting.  ``--before SRC``
times another version's ``src`` beside it, in turn; ``--peer 'COMMAND'``
times a program that reads the same text on standard input and prints the
same answer (a LEMON driver, say), in turn too.  (``table.py`` runs the
same command beside its own C++ driver around LEMON.)

usage: python benchmarks/graph.py [--runs 3] [--before SRC] [--peer CMD] [--king]
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

import numpy as np

from _common import Run, megabytes, summary, timed, tool_command
from _inputs import WORK, generated

INPUTS = {
    "1e5 vertices, degree 3": (5, 100_000, 150_000),
    "1e6 edges": (1, 666_667, 1_000_000),
    "1e6 vertices, degree 3": (6, 1_000_000, 1_500_000),
}

_PHASES = r"""
import sys, time
from bipartite_game.graphs.edgelist import parse_edge_list
from bipartite_game.theory.game import solve
from bipartite_game.graphs.graph import Graph
from bipartite_game.problems.graph import answer

data = open(sys.argv[1], "rb").read()
answer(data)  # load the kernels
marks = [time.perf_counter()]
edges = parse_edge_list(data)
marks.append(time.perf_counter())
if hasattr(edges, "verdict_lines"):  # the native reader's way
    graph = Graph.from_edge_list(edges, labelled=False)
else:
    graph = Graph.from_edges(edges.u, edges.v, edges.num_vertices, edges.labels())
marks.append(time.perf_counter())
solve(graph)
marks.append(time.perf_counter())
answer(data)
marks.append(time.perf_counter())
names = ("parse", "build", "solve", "whole answer")
print(", ".join(f"{n} {b - a:.3f} s" for n, a, b in zip(names, marks, marks[1:])))
"""


def king_edges(path: Path, side: int = 2000, wall: float = 0.1, seed: int = 2000) -> Path:
    """The edge list of a ``side x side`` king maze (each edge once, vertex
    ids as labels), written once to ``path`` in slices."""
    if path.exists():
        return path
    from bipartite_game.graphs.boards import grid_board

    mask = np.random.default_rng(seed).random((side, side)) >= wall
    u, v = grid_board(mask, "king").graph.edges()
    partial = path.with_suffix(".part")
    with open(partial, "wb") as out:
        for at in range(0, u.size, 1 << 20):
            a, b = u[at : at + (1 << 20)].astype("U"), v[at : at + (1 << 20)].astype("U")
            out.write(("\n".join(np.char.add(np.char.add(a, " "), b).tolist()) + "\n").encode())
    partial.replace(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, metavar="SRC")
    parser.add_argument("--peer", metavar="CMD", help="a peer reading the text on stdin")
    parser.add_argument("--king", action="store_true", help="the 2000x2000 king-maze list too")
    args = parser.parse_args()
    versions: dict[str, dict[str, str] | None] = {"": None}
    if args.before:
        versions["before"] = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    tool = tool_command("graph")
    commands = {version: tool for version in versions}
    if args.peer:
        commands["peer"] = shlex.split(args.peer)
        versions["peer"] = None
    paths = {name: generated("edges", *knobs) for name, knobs in INPUTS.items()}
    if args.king:
        WORK.mkdir(exist_ok=True)
        paths["2000x2000 king maze"] = king_edges(WORK / "king_edges_2000.txt")
    for name, path in paths.items():
        outputs = {v: timed(commands[v], path, env=env).stdout for v, env in versions.items()}
        if len(set(outputs.values())) != 1:
            raise SystemExit(f"the versions answer differently on {name}")
        runs: dict[str, list[Run]] = {version: [] for version in versions}
        for _ in range(args.runs):
            for version, env in versions.items():
                runs[version].append(timed(commands[version], path, env=env))
        for version, env in versions.items():
            seconds, peak = summary(runs[version])
            if version == "peer":
                print(f"peer   graph, {name}: median of {args.runs} {seconds:.3f} s, "
                      f"peak {megabytes(peak)}")
                continue
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
