"""``bipartite-game maze`` beside ``shared/bench/anchor_maze.c`` (gcc -O2).

Runs both on ``_inputs.maze(12, 2000, 2000, 0.1)`` and ``_inputs.maze(11,
4000, 4000, 0.1)``, alternating runs, checks the outputs are identical byte
for byte, and prints the median wall times, their ratio and both peak
memories.  Without ``shared/bench`` (a fresh clone) it prints ours alone;
``peers.py`` compares with what pip installs.  Then times the 3x3 sample.
Targets: time and peak memory both <= 1.0x the anchor's at both
sizes; on the 10^8-cell maze (``--sizes 10000 --runs 1``: about 4 GB and a
few minutes) both <= 0.8x.

usage: python benchmarks/maze.py [--runs 5] [--sizes 2000,4000] [--shared PATH]
"""

from __future__ import annotations

import argparse

from _common import (
    ROOT,
    compile_reference,
    median,
    megabytes,
    shared_dir,
    side_by_side,
    summary,
    timed,
    tool_command,
)
from _inputs import generated

SEEDS = {2000: 12, 4000: 11}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="2000,4000")
    parser.add_argument("--shared", default=None)
    args = parser.parse_args()
    bench = shared_dir(args.shared)
    tool = tool_command("maze")
    for size in (int(s) for s in args.sizes.split(",")):
        maze_file = generated("maze", SEEDS.get(size, size), size, size, 0.1)
        if bench is None:
            timed(tool, maze_file)  # the page cache
            t_ours, m_ours = summary([timed(tool, maze_file) for _ in range(args.runs)])
            print(f"{size}x{size}: median of {args.runs}: {t_ours:.3f} s, peak {megabytes(m_ours)}")
            continue
        anchor = [str(compile_reference(bench / "anchor_maze.c"))]
        ours, theirs = side_by_side(f"the {size}x{size} maze", tool, anchor, maze_file, args.runs)
        t_ours, m_ours = summary(ours)
        t_theirs, m_theirs = summary(theirs)
        lines = ours[0].stdout.count(b"\n")
        print(
            f"{size}x{size}: identical output ({lines} lines); median of {args.runs}: "
            f"bipartite-game {t_ours:.3f} s, anchor {t_theirs:.3f} s, "
            f"ratio {t_ours / t_theirs:.2f}; "
            f"peak memory {megabytes(m_ours)} vs {megabytes(m_theirs)} "
            f"({m_ours / m_theirs:.2f}x)"
        )
    sample = ROOT / "examples" / "maze.txt"
    timed(tool, sample)
    small = median([timed(tool, sample).seconds for _ in range(args.runs)])
    print(f"3x3 sample: median {small:.3f} s (startup.py compares it with numpy's import)")


if __name__ == "__main__":
    main()
