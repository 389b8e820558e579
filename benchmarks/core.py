"""Core engine: maximum matching + losing set on a 2000x2000 maze, 10 % walls.

Prints the median of several runs of the maximum matching plus the losing set,
as ``solve`` computes them without its certificate (the matching's dead trees
give D on side 0, one closure adds side 1; the graph is built once, outside
the timing), beside the median whole run of ``shared/bench/anchor_maze.c``
(gcc -O2) on the same input when ``shared/bench`` is found.  Target: the core
takes less time than the anchor's whole run.  ``peers.py`` sets the same
core beside scipy, igraph and networkx.

usage: python benchmarks/core.py [--runs 5] [--size 2000] [--shared PATH]
"""

from __future__ import annotations

import argparse
import time

from _common import compile_reference, median, shared_dir, timed
from _inputs import generated
from bipartite_game.graphs.boards import grid_board
from bipartite_game.graphs.matching import bipartite_matching, matching_size
from bipartite_game.problems.maze import parse
from bipartite_game.theory.bipartite import even_closure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--shared", default=None)
    args = parser.parse_args()
    bench = shared_dir(args.shared)
    anchor = compile_reference(bench / "anchor_maze.c") if bench else None
    maze_file = generated("maze", 12, args.size, args.size, 0.1)

    board = grid_board(parse(maze_file.read_bytes()).open)
    graph = board.graph
    side = graph.sides()
    print(f"maze {args.size}x{args.size}: {graph.num_vertices} open cells, {graph.num_edges} edges")
    core_times: list[float] = []
    anchor_times: list[float] = []
    for run in range(args.runs + 1):
        start = time.perf_counter()
        mate, losing = bipartite_matching(graph, side)
        even_closure(graph.indptr, graph.indices, mate, losing, (mate < 0) & (side == 1))
        elapsed = time.perf_counter() - start
        anchor_run = timed([str(anchor)], maze_file) if anchor else None
        if run == 0:
            continue  # warm-up: the page cache
        core_times.append(elapsed)
        if anchor_run:
            anchor_times.append(anchor_run.seconds)
    core = median(core_times)
    print(f"matching size {matching_size(mate)}, losing starts {int(losing.sum())}")
    print(f"core (matching + losing set), median of {args.runs}: {core:.3f} s")
    if anchor_times:
        whole = median(anchor_times)
        print(f"anchor_maze.c whole run,      median of {args.runs}: {whole:.3f} s")
        print(f"ratio core / anchor: {core / whole:.2f}")


if __name__ == "__main__":
    main()
