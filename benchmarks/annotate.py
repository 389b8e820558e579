"""``bipartite-game annotate maze`` on a long record: the incremental repair
against what one re-solve per move would cost.

Input: a 1000x1000 maze with 10% walls (numpy seed 1), its first rows opened
into a snake corridor, and a record of 20,000 moves along that snake (a
simple path, so a legal record).  Target: under 10 s for the whole process.
The re-solve figure is one exact solve of the same graph
(``first_player_wins_from``) timed in process, times the number of moves.

usage: python benchmarks/annotate.py [--side 1000] [--moves 20000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from _common import WORK, timed, tool_command


def make_inputs(side: int, moves: int) -> tuple[Path, Path]:
    """The maze and the record, written once into benchmarks/.work."""
    WORK.mkdir(exist_ok=True)
    maze_path = WORK / f"annotate_maze_{side}.txt"
    record_path = WORK / f"annotate_record_{side}_{moves}.txt"
    rows_needed = -(-moves // side)
    if rows_needed > side:
        raise SystemExit(f"{moves} moves do not fit a snake on a {side}x{side} maze")
    if not maze_path.exists():
        walls = np.random.default_rng(1).random((side, side)) < 0.1
        walls[:rows_needed] = False
        text = np.where(walls, ord("#"), ord(".")).astype(np.uint8)
        body = np.concatenate([text, np.full((side, 1), ord("\n"), np.uint8)], axis=1)
        maze_path.write_bytes(f"{side} {side}\n".encode() + body.tobytes())
    if not record_path.exists():
        lines: list[str] = []
        for i in range(rows_needed):
            columns = range(side) if i % 2 == 0 else range(side - 1, -1, -1)
            lines.extend(f"{i + 1} {j + 1}" for j in columns)
        record_path.write_text("\n".join(lines[:moves]) + "\n")
    return maze_path, record_path


def resolve_seconds(maze_path: Path) -> float:
    """One exact solve of the maze's graph for one start, in process (the
    cost a re-solve per move would pay each time)."""
    from bipartite_game.graphs.boards import grid_board
    from bipartite_game.problems.maze import parse
    from bipartite_game.theory.game import first_player_wins_from

    board = grid_board(parse(maze_path.read_bytes()).open)
    first_player_wins_from(board.graph, 0)  # compile
    times = []
    for _ in range(3):
        start = time.perf_counter()
        first_player_wins_from(board.graph, 0)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    maze_path, record_path = make_inputs(args.side, args.moves)
    command = tool_command("annotate", "maze", str(maze_path), str(record_path))
    runs = [timed(command, record_path) for _ in range(args.runs)]
    seconds = statistics.median(run.seconds for run in runs)
    peak = max(run.peak_bytes for run in runs)
    verdicts = runs[0].stdout.split()[2::3]
    counts = {v.decode(): verdicts.count(v) for v in sorted(set(verdicts))}
    once = resolve_seconds(maze_path)
    print(
        f"annotate {args.side}x{args.side}, {args.moves} moves: median {seconds:.2f} s "
        f"({seconds / args.moves * 1e6:.0f} us a move, whole process), peak "
        f"{peak / 2**20:.0f} MiB; verdicts {counts}"
    )
    print(
        f"one re-solve: {once:.3f} s, so one per move would take about "
        f"{once * args.moves / 3600:.1f} h"
    )


if __name__ == "__main__":
    main()
