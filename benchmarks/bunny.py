"""``bipartite-game bunny`` far past the judge (n, m <= 40, k <= 1000): a
2000x2000 board and a record of 10^5 rounds.

The board's pieces sit so that every cell can be entered (white cells of the
empty cell's other colour, black ones of its colour), the record walks the
empty cell along a snake through the first 100 rows, and the unvisited
neighbours of the walk's end hold black pieces, so that Bunny cannot move
when the record ends, as the judge requires.

usage: python benchmarks/bunny.py [--side 2000] [--rounds 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import numpy as np

from _common import WORK, timed, tool_command


def make_input(side: int, rounds: int) -> Path:
    path = WORK / f"bunny_{side}_{rounds}.txt"
    if path.exists():
        return path
    WORK.mkdir(exist_ok=True)
    moves = 2 * rounds
    rows_needed = -(-(moves + 2) // side)
    if rows_needed > side:
        raise SystemExit(f"{rounds} rounds do not fit a snake on a {side}x{side} board")
    i, j = np.indices((side, side))
    cells = np.where((i + j) % 2 == 1, ord("O"), ord("X")).astype(np.uint8)
    cells[0, 0] = ord(".")
    columns = [list(range(side)), list(range(side - 1, -1, -1))]
    snake = [(r, c) for r in range(rows_needed) for c in columns[r % 2]]
    # the walk's last cell: black pieces on its unvisited neighbours leave Bunny stuck
    last_row, last_col = snake[moves]
    visited = set(snake[: moves + 1])
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cell = (last_row + dr, last_col + dc)
        if 0 <= cell[0] < side and 0 <= cell[1] < side and cell not in visited:
            cells[cell] = ord("X")
    body = np.concatenate([cells, np.full((side, 1), ord("\n"), np.uint8)], axis=1)
    lines = "\n".join(f"{r + 1} {c + 1}" for r, c in snake[1 : moves + 1])
    path.write_bytes(
        f"{side} {side}\n".encode() + body.tobytes() + f"{rounds}\n{lines}\n".encode()
    )
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    data = make_input(args.side, args.rounds)
    runs = [timed(tool_command("bunny"), data) for _ in range(args.runs)]
    seconds = statistics.median(run.seconds for run in runs)
    peak = max(run.peak_bytes for run in runs)
    mistakes = runs[0].stdout.split(b"\n", 1)[0].decode()
    print(
        f"bunny {args.side}x{args.side}, {args.rounds} rounds: median {seconds:.2f} s, "
        f"peak {peak / 2**20:.0f} MiB, {mistakes} mistakes"
    )


if __name__ == "__main__":
    main()
