"""Certificates: the time to write one and to verify it, beside ``solve``.

Inputs:

1. a 2000x2000 maze with 10 % walls (``_inputs.maze``, seed 13; bipartite,
   about 3.6 * 10^6 vertices);
2. a random general graph of 10^5 vertices and 1.5 * 10^5 edges (mean
   degree 3);
3. a random bipartite graph of 10^5 vertices (5 * 10^4 a side) and
   1.5 * 10^5 edges.

In process (compiled kernels loaded first, medians of ``--runs``): ``solve``,
``certify`` (the witnesses), ``to_json`` (the text) and ``verify`` (reading
the JSON and every check).  Then as a user runs them, each once, with wall
time and peak memory: the plain answer, the answer with ``--certificate``,
and ``verify``.

usage: python benchmarks/certificate.py [--runs 3] [--seed S]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

from _common import median_time, megabytes, timed, tool_command
from _inputs import generated
from bipartite_game import Graph, solve
from bipartite_game.graphs.boards import grid_board
from bipartite_game.graphs.edgelist import parse_edge_list
from bipartite_game.problems.maze import cell_names, parse
from bipartite_game.proofs.certificate import certify
from bipartite_game.proofs.verify import verify


def in_process(
    name: str, graph: Graph, labels: list[str] | bytes, names: list[str] | bytes, runs: int
) -> None:
    """Median times of each step on ``graph``, kernels loaded by a first run."""
    text = certify(solve(graph)).to_json(names)
    assert verify(graph, text, labels=labels).ok
    solution = solve(graph)
    cert = certify(solution)
    t_solve = median_time(lambda: solve(graph), runs)
    t_certify = median_time(lambda: certify(solution), runs)
    t_json = median_time(lambda: cert.to_json(names), runs)
    t_verify = median_time(lambda: verify(graph, text, labels=labels), runs)
    print(
        f"{name}: {graph.num_vertices} vertices, {graph.num_edges} edges, "
        f"bipartite {graph.is_bipartite()}, barrier {cert.barrier.size}, "
        f"blossom merges {cert.blossom_sizes.size}; certificate {len(text) / 2**20:.1f} MiB\n"
        f"  median of {runs}: solve {t_solve:.3f} s, certify {t_certify:.3f} s, "
        f"to_json {t_json:.3f} s, verify {t_verify:.3f} s"
    )


def as_user(name: str, command: list[str], source: Path, verify_options: list[str]) -> None:
    """One run each of the answer, the answer with a certificate, and verify."""
    with tempfile.TemporaryDirectory() as work:
        out = str(Path(work) / "cert.json")
        timed([*command, str(source)], source)  # the page cache
        plain = timed([*command, str(source)], source)
        written = timed([*command, str(source), "--certificate", out], source)
        checked = timed(tool_command("verify", *verify_options, str(source), out), source)
        size = Path(out).stat().st_size
    print(
        f"  command line: answer {plain.seconds:.2f} s, peak {megabytes(plain.peak_bytes)}; "
        f"with --certificate {written.seconds:.2f} s, peak {megabytes(written.peak_bytes)} "
        f"({size / 2**20:.0f} MiB written); verify {checked.seconds:.2f} s, peak "
        f"{megabytes(checked.peak_bytes)}: {checked.stdout.decode().strip()}"
    )


def edge_list_file(path: Path, n: int, u: np.ndarray, v: np.ndarray) -> Path:
    """Every vertex first, as a lone label (so isolated ones count), then the edges."""
    lone = "".join(f"{a}\n" for a in range(n))
    pairs = "".join(f"{a} {b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True))
    path.write_text(lone + pairs)
    return path


def random_graph(name: str, n: int, u: np.ndarray, v: np.ndarray, runs: int, work: Path) -> None:
    source = edge_list_file(work / f"{name.replace(' ', '_')}.txt", n, u, v)
    edges = parse_edge_list(source.read_bytes())
    labels = edges.labels()
    graph = Graph.from_edges(edges.u, edges.v, edges.num_vertices, labels)
    in_process(name, graph, labels, labels, runs)
    as_user(name, tool_command("graph"), source, [])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=100_000)
    args = parser.parse_args()
    source = generated("maze", 13, 2000, 2000, 0.1)
    board = grid_board(parse(source.read_bytes()).open)
    labels = cell_names(board)
    in_process("2000x2000 maze", board.graph, labels, labels, args.runs)
    as_user("2000x2000 maze", tool_command("maze"), source, ["--maze"])
    del board, labels
    rng = np.random.default_rng(args.seed)
    n, m = 100_000, 150_000
    with tempfile.TemporaryDirectory() as work:
        random_graph(
            "random general graph", n, rng.integers(0, n, m), rng.integers(0, n, m), args.runs,
            Path(work),
        )  # fmt: skip
        random_graph(
            "random bipartite graph",
            n,
            rng.integers(0, n // 2, m),
            rng.integers(n // 2, n, m),
            args.runs,
            Path(work),
        )


if __name__ == "__main__":
    main()
