"""Edge classes on general graphs (theory/allowed.py, issue #36) beside the
solve they follow, with the bipartite case beside them.

**Through the commands** (the issue's Done-when; ``--only commands``), each
a whole ``bipartite-game`` process, the two sides alternated, median CPU
(user + system of the process and the workers it waits for) and wall
seconds of ``--runs`` runs, and the peak resident size of the largest
process:

1. ``sweep er --n 100000 --param c=4 --samples 4 --jobs 1`` against the same
   with ``--no-edge-classes``: by seed C holds almost nothing or almost
   everything (the Karp–Sipser core's parity), and the 4 samples hold both.
2. ``sweep bipartite-er`` the same way: the bipartite reference (one Tarjan
   pass).
3. ``edges FILE`` against ``graph FILE`` on a 10^5-vertex edge list with a
   planted perfect matching (a random perfect matching plus 1.5 * 10^5
   random pairs, seed 36, cached in ``benchmarks/.work``; the old
   per-vertex method took over 120 s here), and on a bipartite one of the
   same make (the matching and the pairs between the two halves).

**In the library** (``--only library``): the same samples and file with the
classes from ``allowed_edges`` (and the vectorised every/some/none count)
against the solve alone, and the hardest families for the certificates,
the kernel alone beside the solve alone: king moves on 316x316 with 30 %
walls, 25,000 K4 in a chain.  Times are process CPU seconds
(``time.process_time``), medians of ``--runs`` runs of each side,
alternated; peak memory is numpy's and Python's traced allocations
(``tracemalloc``) in one more run.

Ratio = with / without; the issue's targets: at most 3 for cases 1 and 3
(the general graphs), through the commands.

usage: python benchmarks/edge_classes.py [--runs 5] [--samples 4] [--bipartite-samples 2]
                                         [--n 100000] [--only commands|library]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

from _common import WORK, megabytes, tool_command
from bipartite_game import Graph, Solution, solve
from bipartite_game.experiments.families import generate
from bipartite_game.experiments.sweep import sample_seed
from bipartite_game.theory.allowed import EdgeClassWork, allowed_edges
from bipartite_game.theory.decompose import decompose

Counts = dict[str, int]


def class_counts(solution: Solution, work: EdgeClassWork | None = None) -> Counts:
    """every/some/none of a general graph: Gallai–Edmonds outside C, the
    allowed edges inside (a matched C–C edge is every iff no other edge at
    either end is allowed)."""
    g = solution.graph
    mate = solution.mate
    in_d, in_a = solution.losing, solution.barrier
    in_c = ~(in_d | in_a)
    allowed = allowed_edges(g.indptr, g.indices, mate, in_c, work=work)
    src = np.repeat(np.arange(g.num_vertices, dtype=np.int32), np.diff(g.indptr))
    dst = g.indices
    matched = mate[src] == dst
    cc = in_c[src] & in_c[dst]
    flexible = np.zeros(g.num_vertices, dtype=np.bool_)
    flexible[src[cc & allowed & ~matched]] = True
    some = in_d[src] | in_d[dst] | (cc & allowed & ~matched)
    every = cc & matched & ~flexible[src] & ~flexible[dst]
    some |= cc & matched & ~every
    up = src < dst
    n_every, n_some = int(np.count_nonzero(every[up])), int(np.count_nonzero(some[up]))
    return {"every": n_every, "some": n_some, "none": int(np.count_nonzero(up)) - n_every - n_some}


def paired(
    without: Callable[[], object], with_: Callable[[], object], runs: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median CPU seconds of ``runs`` calls of each, alternated (so that a
    change in the machine's load falls on both alike), and the traced peak
    in bytes of one more call of each."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for work, spent in ((without, times[0]), (with_, times[1])):
            start = time.process_time()
            work()
            spent.append(time.process_time() - start)
    peaks = []
    for work in (without, with_):
        tracemalloc.start()
        try:
            work()
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    return (statistics.median(times[0]), peaks[0]), (statistics.median(times[1]), peaks[1])


def line(name: str, both: tuple[tuple[float, float], tuple[float, float]], note: str) -> str:
    (t0, m0), (t1, m1) = both
    return (
        f"{name:<34} without {t0:7.3f} s {megabytes(m0):>8}   with {t1:7.3f} s "
        f"{megabytes(m1):>8}   ratio {t1 / t0:5.2f}   {note}"
    )


def sweep_case(family: str, n: int, samples: int, runs: int) -> None:
    for sample in range(samples):
        seed = sample_seed(0, (4.0,), sample)

        def without(seed: int = seed) -> None:
            g = generate(family, n, (4.0,), seed)
            s = solve(g)
            int(np.count_nonzero(s.losing)), int(np.count_nonzero(s.barrier))

        def with_classes(seed: int = seed) -> Counts:
            g = generate(family, n, (4.0,), seed)
            s = solve(g)
            int(np.count_nonzero(s.losing)), int(np.count_nonzero(s.barrier))
            if family == "bipartite-er":
                return decompose(s).count()
            return class_counts(s)

        g = generate(family, n, (4.0,), seed)
        s = solve(g)
        work = EdgeClassWork()
        counts = decompose(s).count() if family == "bipartite-er" else class_counts(s, work)
        c = g.num_vertices - int(np.count_nonzero(s.losing | s.barrier))
        detail = f"C {c:,} of {g.num_vertices:,}, {counts}" + (
            f", core {work.core_vertices:,}, rounds {work.rounds}, "
            f"residue rows {work.rows_left}, searches {work.searches}"
            if family == "er"
            else ""
        )
        print(
            line(f"sweep {family} c=4 sample {sample}", paired(without, with_classes, runs),
                 detail),
            flush=True,
        )  # fmt: skip


def planted_file(n: int, seed: int, bipartite: bool = False) -> Path:
    """A random perfect matching of ``n`` vertices plus ``1.5 n`` random
    pairs (loops and repeats left in, as real edge lists have them); with
    ``bipartite``, the matching and the pairs join the two halves."""
    WORK.mkdir(exist_ok=True)
    path = WORK / f"planted_{n}_{seed}{'_bipartite' if bipartite else ''}.txt"
    if not path.exists():
        rng = np.random.default_rng(seed)
        if bipartite:
            half = n // 2
            pairs = np.stack([np.arange(half), half + rng.permutation(half)], axis=1)
            extra = np.stack(
                [rng.integers(0, half, 3 * n // 2), rng.integers(half, n, 3 * n // 2)], axis=1
            )
        else:
            pairs = rng.permutation(n).reshape(-1, 2)
            extra = rng.integers(0, n, size=(3 * n // 2, 2))
        both = np.concatenate([pairs, extra])
        text = "\n".join(f"{a} {b}" for a, b in both.tolist()) + "\n"
        partial = path.with_suffix(".part")
        partial.write_text(text)
        partial.replace(path)
    return path


def child_cpu(command: list[str], runs: int) -> float:
    """Median CPU seconds (user + system) of ``runs`` runs of ``command``,
    its output thrown away."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def planted_case(n: int, runs: int) -> None:
    text = planted_file(n, 36).read_bytes()

    def graph_command() -> Solution:
        return solve(Graph.from_edge_list(text))

    def edges_command() -> Counts:
        return class_counts(solve(Graph.from_edge_list(text)))

    s = graph_command()
    work = EdgeClassWork()
    counts = class_counts(s, work)
    detail = (
        f"C {work.c_vertices:,}, {counts}, core {work.core_vertices:,}, rounds {work.rounds}, "
        f"residue rows {work.rows_left}, searches {work.searches}"
    )
    print(line(f"graph vs edges, planted n={n:,}", paired(graph_command, edges_command, runs),
               detail), flush=True)  # fmt: skip
    g = s.graph
    in_c = ~(s.losing | s.barrier)
    both = paired(lambda: solve(g), lambda: allowed_edges(g.indptr, g.indices, s.mate, in_c), runs)
    print(line("  solve alone vs allowed_edges alone", both, "(in-memory graph)"))
    (t_without, _), (t_with, _) = paired(graph_command, edges_command, runs)
    command = child_cpu(tool_command("graph", str(planted_file(n, 36))), runs)
    print(
        f"  the graph command: {command:.3f} s CPU (median of {runs}); with the classes' "
        f"{t_with - t_without:.3f} s added: {command + t_with - t_without:.3f} s, ratio "
        f"{(command + t_with - t_without) / command:.2f} (before the edges command's own "
        "output, which phase 2 wires)"
    )


def k4_chain(blocks: int, seed: int) -> Graph:
    """``blocks`` copies of K4 in a row, consecutive ones joined by one
    random edge (in no perfect matching), relabelled at random: the
    certificates decide none of the links, the barrier rule all of them."""
    rng = np.random.default_rng(seed)
    i, j = np.triu_indices(4, 1)
    base = 4 * np.arange(blocks)[:, None]
    u = [(base + i).ravel(), 4 * np.arange(blocks - 1) + rng.integers(4, size=blocks - 1)]
    v = [(base + j).ravel(), 4 * np.arange(1, blocks) + rng.integers(4, size=blocks - 1)]
    perm = rng.permutation(4 * blocks)
    return Graph.from_edges(perm[np.concatenate(u)], perm[np.concatenate(v)], 4 * blocks)


def structured_case(runs: int) -> None:
    """The families the certificates find hardest (long alternating cycles,
    forbidden links): the kernel alone beside the solve alone."""
    from bipartite_game.graphs.boards import grid_board

    king = grid_board(np.random.default_rng(1).random((316, 316)) >= 0.3, "king").graph
    for name, g in (
        ("king 316x316, 30 % walls", king),
        ("25,000 K4 in a chain", k4_chain(25_000, 1)),
    ):
        s = solve(g)
        in_c = ~(s.losing | s.barrier)
        work = EdgeClassWork()
        allowed_edges(g.indptr, g.indices, s.mate, in_c, work=work)

        def solve_alone(g: Graph = g) -> Solution:
            return solve(g)

        def kernel_alone(g: Graph = g, s: Solution = s, in_c: np.ndarray = in_c) -> object:
            return allowed_edges(g.indptr, g.indices, s.mate, in_c)

        both = paired(solve_alone, kernel_alone, runs)
        detail = (
            f"C {work.c_vertices:,}, core {work.core_vertices:,}, short cycles "
            f"{work.short_cycles:,}, rounds {work.rounds}, residue rows {work.rows_left:,}, "
            f"searches {work.searches:,} ({work.full_searches:,} to the end), residue steps "
            f"{work.residue_work:,} of a bound of {work.bound:,}"
        )
        print(line(f"  {name}: solve vs allowed_edges", both, detail), flush=True)


Cost = tuple[float, float, int]


def command_cost(command: list[str]) -> Cost:
    """CPU seconds (user + system, the process and the workers it waited
    for), wall seconds and peak resident bytes (the largest process) of one
    run of ``command``, its output thrown away."""
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed with status {process.returncode}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024


def compared(without: list[str], with_: list[str], runs: int) -> tuple[Cost, Cost]:
    """Median CPU and wall seconds of ``runs`` runs of each command,
    alternated, and the larger peak of their runs."""
    costs: tuple[list[Cost], list[Cost]] = ([], [])
    for _ in range(runs):
        for command, spent in ((without, costs[0]), (with_, costs[1])):
            spent.append(command_cost(command))
    return tuple(  # type: ignore[return-value]
        (
            statistics.median(c[0] for c in side),
            statistics.median(c[1] for c in side),
            max(c[2] for c in side),
        )
        for side in costs
    )


def command_line(name: str, without: str, with_: str, both: tuple[Cost, Cost]) -> str:
    (c0, w0, m0), (c1, w1, m1) = both
    return (
        f"| {name} | `{without}` | {c0:.2f} / {w0:.2f} s, {megabytes(m0)} | `{with_}` | "
        f"{c1:.2f} / {w1:.2f} s, {megabytes(m1)} | {c1 / c0:.2f} / {w1 / w0:.2f} |"
    )


def commands_case(n: int, samples: int, bipartite_samples: int, runs: int) -> None:
    """The Done-when through the commands, as a Markdown table."""
    print(
        "| case | without | CPU / wall, peak | with | CPU / wall, peak | ratio CPU / wall |\n"
        "|---|---|---|---|---|---|",
        flush=True,
    )
    for family, count in (("er", samples), ("bipartite-er", bipartite_samples)):
        sweep = ["sweep", family, "--n", str(n), "--param", "c=4", "--samples", str(count),
                 "--jobs", "1"]  # fmt: skip
        shown = " ".join(sweep)
        both = compared(tool_command(*sweep, "--no-edge-classes"), tool_command(*sweep), runs)
        print(command_line(f"{family}, {count} samples", f"{shown} --no-edge-classes", shown,
                           both), flush=True)  # fmt: skip
    for bipartite in (False, True):
        path = planted_file(n, 36, bipartite)
        name = f"planted {n:,}{', bipartite' if bipartite else ''}"
        both = compared(tool_command("graph", str(path)), tool_command("edges", str(path)), runs)
        print(command_line(name, f"graph {path.name}", f"edges {path.name}", both), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per median (default 5)")
    parser.add_argument("--samples", type=int, default=4, help="sweep er samples (default 4)")
    parser.add_argument(
        "--bipartite-samples", type=int, default=2, help="sweep bipartite-er samples (default 2)"
    )
    parser.add_argument("--n", type=int, default=100_000, help="vertices (default 10^5)")
    parser.add_argument(
        "--only", choices=("commands", "library"), help="only the commands, or only the library"
    )
    args = parser.parse_args()
    if args.only != "library":
        commands_case(args.n, args.samples, args.bipartite_samples, args.runs)
    if args.only == "commands":
        return
    solve(generate("er", 1000, (4.0,), 1))  # load the library
    sweep_case("er", args.n, args.samples, args.runs)
    sweep_case("bipartite-er", args.n, args.bipartite_samples, args.runs)
    planted_case(args.n, args.runs)
    structured_case(args.runs)


if __name__ == "__main__":
    main()
