"""What read-only arrays cost: the maze solved beside the checks.

On the 2000x2000 maze with 10 % walls (``_inputs.maze(12, 2000, 2000,
0.1)``): the median time of ``solve``, of ``Graph.check_intact`` (the O(1)
check every entry makes: are the arrays still read-only?), of the cheap
part of a CSR re-validation (offsets from 0 and never decreasing, ids in
range: what a kernel call could re-check) and of the constructor's full
check (that and sorted rows, symmetry: one sort of the entries).  The last
two are why kernels trust a frozen graph instead of re-checking it.

usage: python benchmarks/checks.py [--runs 7]
"""

from __future__ import annotations

import argparse

import numpy as np

from _common import median_time
from _inputs import generated
from bipartite_game import Graph, grid_board, solve
from bipartite_game._checks import validated_csr
from bipartite_game.problems.maze import parse


def cheap_csr_check(graph: Graph) -> bool:
    """Offsets from 0, never decreasing, ending at the entries; ids in range."""
    indptr, indices = graph.indptr, graph.indices
    n = indptr.size - 1
    if indptr[0] != 0 or indptr[-1] != indices.size:
        return False
    if n and int(np.diff(indptr).min()) < 0:
        return False
    return not indices.size or (int(indices.min()) >= 0 and int(indices.max()) < n)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    board = grid_board(parse(generated("maze", 12, 2000, 2000, 0.1).read_bytes()).open)
    graph = board.graph
    solve(graph)  # kernels loaded
    t_solve = median_time(lambda: solve(graph), args.runs)
    calls = 100_000

    def intact() -> None:
        for _ in range(calls):
            graph.check_intact()

    t_intact = median_time(intact, 3) / calls
    t_cheap = median_time(lambda: cheap_csr_check(graph), args.runs)
    t_full = median_time(lambda: validated_csr(graph.indptr, graph.indices), 3)
    print(
        f"2000x2000 maze: {graph.num_vertices} vertices, {graph.indices.size} entries; "
        f"median solve {t_solve:.3f} s\n"
        f"  check_intact {t_intact * 1e6:.2f} us a call; cheap CSR check {t_cheap * 1e3:.1f} ms "
        f"({t_cheap / t_solve:.1%} of solve); full CSR check {t_full:.3f} s "
        f"({t_full / t_solve:.0%} of solve)"
    )


if __name__ == "__main__":
    main()
