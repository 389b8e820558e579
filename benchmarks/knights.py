"""``bipartite-game knights`` beside seed 003's program (arrays enlarged to 3010).

The seed's C++ is taken from ``shared/seeds`` at run time (never copied into
this repository), its 1010-sized arrays enlarged to 3010, and compiled with
g++ -O2, when ``shared/seeds`` is found (else ours alone is timed).  Inputs:
``_inputs.knights(9, 3000, 3000, 1, 2, 0.3)``, and the same board
with Bob moved far away into Alice's component on the opposite colour (so the
search must cross the board).  Prints identical answers, median wall times,
the ratio and peak memories.  Target: ratio <= 1.5.

usage: python benchmarks/knights.py [--runs 5] [--shared PATH]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _common import (
    WORK,
    megabytes,
    report,
    seed_program,
    shared_dir,
    side_by_side,
    summary,
    timed,
    tool_command,
)
from _inputs import generated
from bipartite_game.graphs.boards import leaper_steps
from bipartite_game.problems.knights import parse
from bipartite_game.theory.duel import _grid_reaches


def far_opposite_colour(board_file: Path) -> Path:
    """The same board with B moved to the far corner of A's component, on
    the other colour from A."""
    out = WORK / "knights_far_opposite.txt"
    if out.exists():
        return out
    text = board_file.read_bytes()
    duel = parse(text)
    n, m = duel.open.shape
    steps = leaper_steps(duel.r, duel.c)
    ai, aj = duel.alice
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            candidate = duel.open[i, j] and (i + j) % 2 != (ai + aj) % 2
            if candidate and _grid_reaches(duel.open, steps, duel.alice, (i, j)):
                header, *rows = text.decode().split("\n")
                grid = [list(row) for row in rows if row]
                bi, bj = duel.bob
                grid[bi][bj] = "."
                grid[i][j] = "B"
                out.write_text(header + "\n" + "\n".join("".join(r) for r in grid) + "\n")
                return out
    raise SystemExit("no opposite-colour square in Alice's component")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shared", default=None)
    args = parser.parse_args()
    bench = shared_dir(args.shared)
    tool = tool_command("knights")
    board = generated("knights", 9, 3000, 3000, 1, 2, 0.3)
    has_seed = bench is not None and any((bench.parent / "seeds").glob("003_*.txt"))
    reference = [str(seed_program(bench))] if bench is not None and has_seed else None
    for name, path in (("random", board), ("far, opposite colour", far_opposite_colour(board))):
        if reference is None:
            timed(tool, path)  # the page cache
            seconds, peak = summary([timed(tool, path) for _ in range(args.runs)])
            print(f"{name}: median of {args.runs}: {seconds:.3f} s, peak {megabytes(peak)}")
            continue
        ours, theirs = side_by_side(name, tool, reference, path, args.runs)
        print(report(name, "seed", ours, theirs))


if __name__ == "__main__":
    main()
