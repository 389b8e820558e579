"""``maze`` with leaper moves beside ``--moves rook`` on the same maze.

Runs ``bipartite-game maze --stats --moves M`` for each move set on
``_inputs.maze(12, SIZE, SIZE, 0.1)`` (the maze of ``maze.py``: 10 % walls),
the move sets taking turns in every round so that all see the same machine
load, and prints per move set: the median wall time of the whole process,
the median of its ``match`` phase (from ``--stats``), the largest peak
resident memory (``wait4``, see ``_common.timed``), the graph's size, and
the ratios to rook.  Each move set's output must be the same bytes in every
round.  Target: ``--moves 5,7`` and ``--moves knight`` within
4x the rook's whole-process time at 2000x2000.

usage: python benchmarks/leaper.py [--runs 3] [--size 2000]
                                   [--moves rook/knight/5,7] [--timeout 300]
"""

from __future__ import annotations

import argparse
import re

from _common import Run, median, megabytes, timed, tool_command
from _inputs import generated

TARGET = 4.0
_MATCH = re.compile(r"stats: match\s+([0-9.]+)")
_GRAPH = re.compile(r"stats: graph\s+([0-9]+) vertices, ([0-9]+) edges")


def match_seconds(run: Run) -> float:
    """The ``match`` phase of a ``--stats`` run."""
    found = _MATCH.search(run.stderr)
    if found is None:
        raise SystemExit(f"no match phase in the --stats output: {run.stderr[-300:]}")
    return float(found.group(1))


def graph_size(run: Run) -> str:
    found = _GRAPH.search(run.stderr)
    return f"{found.group(1)} V, {found.group(2)} E" if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument(
        "--moves", default="rook/knight/5,7", help="move sets separated by '/' (rook first)"
    )
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    moves = args.moves.split("/")
    maze = generated("maze", 12, args.size, args.size, 0.1)
    tool = tool_command("maze", "--stats")
    commands = {m: [*tool, "--moves", m] for m in moves}
    for command in commands.values():  # the page cache
        timed(command, maze, args.timeout)
    runs: dict[str, list[Run]] = {m: [] for m in moves}
    for _ in range(args.runs):
        for m in moves:  # in turn: every move set sees the same load
            run = timed(commands[m], maze, args.timeout)
            if runs[m] and run.stdout != runs[m][0].stdout:
                raise SystemExit(f"--moves {m}: the output changed between runs")
            runs[m].append(run)
    base = moves[0]
    t_base = median([r.seconds for r in runs[base]])
    match_base = median([match_seconds(r) for r in runs[base]])
    print(
        f"{args.size}x{args.size} maze, 10 % walls, median of {args.runs} "
        f"(ratios to --moves {base}; target <= {TARGET:g}x):"
    )
    print("| moves | graph | whole process | ratio | match phase | ratio | peak | target |")
    print("|---|---|---|---|---|---|---|---|")
    for m in moves:
        whole = median([r.seconds for r in runs[m]])
        match = median([match_seconds(r) for r in runs[m]])
        peak = max(r.peak_bytes for r in runs[m])
        ratio = whole / t_base
        met = "—" if m == base else ("met" if ratio <= TARGET else "NOT met")
        print(
            f"| {m} | {graph_size(runs[m][0])} | {whole:.2f} s | {ratio:.2f} | "
            f"{match:.2f} s | {match / match_base:.1f} | {megabytes(peak)} | {met} |"
        )


if __name__ == "__main__":
    main()
