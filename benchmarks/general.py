"""General graphs: the blossom search against the bipartite path and networkx.

1. ``bipartite-game maze --moves king`` on a 1000x1000 maze with 10 % walls
   (about 900 000 vertices, 3.5 million edges, full of triangles) end to end,
   beside ``--moves rook`` on the same maze (bipartite path): median wall
   times, their ratio and peak memories.  Target: king <= 3x rook.
2. ``maximum_matching`` on a random graph of 5000 vertices (mean degree 3)
   beside networkx's ``max_weight_matching(maxcardinality=True)``; same
   matching size.  Target: >= 100x faster.  (Matchings only, in process:
   networkx has no Gallai–Edmonds decomposition, and neither scipy nor
   igraph has a maximum matching of general graphs.)

usage: python benchmarks/general.py [--runs 5]
"""

from __future__ import annotations

import argparse
import importlib.util
import time

import numpy as np

from _common import megabytes, summary, timed, tool_command
from _inputs import generated
from bipartite_game import Graph, maximum_matching
from bipartite_game.graphs.matching import matching_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    maze = generated("maze", 13, 1000, 1000, 0.1)
    tool = tool_command("maze")
    runs = {}
    for moves in ("king", "rook"):
        timed([*tool, "--moves", moves], maze)  # warm the page cache
        runs[moves] = [timed([*tool, "--moves", moves], maze) for _ in range(args.runs)]
    (t_king, m_king), (t_rook, m_rook) = summary(runs["king"]), summary(runs["rook"])
    print(
        f"1000x1000 maze, median of {args.runs}: king {t_king:.3f} s ({megabytes(m_king)}), "
        f"rook {t_rook:.3f} s ({megabytes(m_rook)}), king / rook {t_king / t_rook:.2f}"
    )

    if importlib.util.find_spec("networkx") is None:
        print("note: networkx is not installed: its comparison skipped (pip install .[bench])")
        return
    import networkx as nx

    rng = np.random.default_rng(5000)
    n, m = 5000, 7500
    graph = Graph.from_edges(rng.integers(0, n, m), rng.integers(0, n, m), n)
    assert not graph.is_bipartite()
    maximum_matching(graph)  # load the kernels
    ours = []
    for _ in range(args.runs):
        start = time.perf_counter()
        mate = maximum_matching(graph)
        ours.append(time.perf_counter() - start)
    reference = graph.to_networkx()
    start = time.perf_counter()
    theirs = nx.max_weight_matching(reference, maxcardinality=True)
    t_nx = time.perf_counter() - start
    if len(theirs) != matching_size(mate):
        raise SystemExit(f"matching sizes differ: {matching_size(mate)} vs {len(theirs)}")
    t_ours = float(np.median(ours))
    print(
        f"random graph n={n}, m={graph.num_edges}: matching size {matching_size(mate)}; "
        f"bipartite-game {t_ours * 1000:.1f} ms (median of {args.runs}), networkx {t_nx:.2f} s, "
        f"speed-up {t_nx / t_ours:.0f}x"
    )


if __name__ == "__main__":
    main()
