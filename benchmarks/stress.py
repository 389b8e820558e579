"""``bipartite-game stress maze`` against a compiled solution: cases per second
and the size of the shrunk input for a planted bug.

``benchmarks/maze_solver.c`` (Kuhn's matching and the alternating search,
compiled with gcc -O2) is first checked against the tool on many generated
mazes of several sizes; then ``stress maze --rows 10 --cols 10`` is timed
with ``--jobs 1`` and ``--jobs 2`` (the rate the command prints, median of
``--runs``), and the same program built with ``-DPLANTED`` (a bare ``WIN``
when the maze has a perfect matching) is stressed on 10x10 mazes for several
seeds, reporting the open cells of each shrunk maze.

usage: python benchmarks/stress.py [--runs 3] [--count 2000] [--seeds 10]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import tempfile
from pathlib import Path

from _common import WORK, tool_command

SOURCE = Path(__file__).resolve().parent / "maze_solver.c"


def build(*flags: str) -> Path:
    WORK.mkdir(exist_ok=True)
    binary = WORK / ("maze_solver" + "".join(f.replace("-D", "_").lower() for f in flags))
    subprocess.run(["gcc", "-O2", *flags, "-o", str(binary), str(SOURCE)], check=True)
    return binary


def stress(*args: str) -> tuple[int, str]:
    done = subprocess.run(tool_command("stress", "maze", *args), capture_output=True, text=True)
    return done.returncode, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    right, planted = build(), build("-DPLANTED")

    for shape in (["--rows", "1..8", "--cols", "1..8"], ["--rows", "1..60", "--cols", "1..60"]):
        status, out = stress("--solution", str(right), "--count", "1000", "--jobs", "2", *shape)
        print(f"check {' '.join(shape)}: {out.strip()}")
        if status != 0:
            raise SystemExit("the C solver disagrees with the tool: fix it before timing")

    for jobs in (1, 2):
        rates = []
        for _ in range(args.runs):
            words = ["--solution", str(right), "--count", str(args.count), "--jobs", str(jobs)]
            status, out = stress(*words, "--rows", "10", "--cols", "10")
            assert status == 0, out
            rates.append(float(re.findall(r"\(([0-9.]+) cases/s\)", out)[0]))
        shown = ", ".join(f"{r:.0f}" for r in rates)
        print(f"10x10, --jobs {jobs}: median {statistics.median(rates):.0f} cases/s ({shown})")

    sizes: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.seeds):
            saved = Path(tmp) / f"{seed}.txt"
            words = ["--solution", str(planted), "--seed", str(seed), "--save", str(saved)]
            status, out = stress(*words, "--rows", "10", "--cols", "10", "--count", "1000")
            assert status == 1, out
            sizes.append(saved.read_text().count("."))
            if seed == 0:
                print(out, end="")
    print(f"planted bug, {args.seeds} seeds: open cells after shrinking {sizes}")


if __name__ == "__main__":
    main()
