"""Whole-process time at the judges' sizes, beside ``python -c 'import numpy'``.

A contestant's run is one short process, so what counts there is start-up:
the interpreter, numpy, this package's modules and the native kernel
library.  This runs, side by
side and in turn (so that both see the same machine load):

- ``python -c 'import numpy'``, the floor any numpy program pays;
- ``python -c 'import bipartite_game'``, the library's own import;
- each command on its example in ``examples/``;
- ``maze`` on a 100x100 maze with 20% walls (``_inputs.maze(20, 100, 100, 0.2)``);
- ``king`` on 100 boards of sides 1 to 15 (``_inputs.king(15, 100, 15, 0.2)``),
  standing in for the Code Jam "King" large set, which is not public;
- ``knights`` on a 1000x1000 board (the judge's largest), 30% broken.

It prints the median wall time of each, its ratio to the numpy import
(the target: at most 1.5 for the two judge-sized inputs) and the peak
resident memory.  ``--importtime`` also prints the slowest imports of
``maze`` on the 100x100 maze, from ``python -X importtime``.  ``--before SRC``
runs every case a second time, in turn, with ``PYTHONPATH=SRC`` (another
version's ``src``, e.g. from ``git archive``), for a before/after table.

Each version's modules are byte-compiled first, as ``pip install`` does:
without ``__pycache__`` (a source checkout run with
``PYTHONDONTWRITEBYTECODE=1``) every run would compile this package's
modules again, about 30 ms that no installed copy pays.

usage: python benchmarks/startup.py [--runs 15] [--importtime] [--before SRC]
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from _common import ROOT, Run, median, megabytes, timed, tool_command
from _inputs import generated

DEVNULL = Path("/dev/null")


def cases() -> list[tuple[str, list[str], Path]]:
    """(name, command, standard input) of every timed process."""
    python = sys.executable
    listing = [
        ("python -c 'import numpy'", [python, "-c", "import numpy"], DEVNULL),
        ("python -c 'import bipartite_game'", [python, "-c", "import bipartite_game"], DEVNULL),
    ]
    for name in ("maze", "king", "knights", "lock", "graph", "bunny"):
        example = ROOT / "examples" / f"{name}.txt"
        listing.append((f"{name} examples/{name}.txt", tool_command(name), example))
    judge_maze = generated("maze", 20, 100, 100, 0.2)
    judge_king = generated("king", 15, 100, 15, 0.2)
    listing.append(("maze 100x100, 20% walls", tool_command("maze"), judge_maze))
    listing.append(("king 100 boards <= 15x15", tool_command("king"), judge_king))
    judge_knights = generated("knights", 9, 1000, 1000, 1, 2, 0.3)  # the judge's largest
    listing.append(("knights 1000x1000, 30% broken", tool_command("knights"), judge_knights))
    return listing


def importtime(path: Path) -> str:
    """The ten slowest cumulative imports of ``maze`` on ``path``."""
    command = [sys.executable, "-X", "importtime", "-m", "bipartite_game", "maze"]
    with open(path, "rb") as stdin:
        err = subprocess.run(command, stdin=stdin, capture_output=True, check=True).stderr
    rows = []
    for line in err.decode().splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            _, cumulative, name = line.split("|")
            rows.append((int(cumulative), name.rstrip()))
    rows.sort(reverse=True)
    return "\n".join(f"  {us / 1000:7.1f} ms {name}" for us, name in rows[:10])


def _byte_compile(env: dict[str, str] | None) -> None:
    """Write the ``__pycache__`` of the package that ``env`` runs."""
    if env is None:
        spec = importlib.util.find_spec("bipartite_game")
        if spec is None or spec.origin is None:
            return
        folder = os.path.dirname(spec.origin)
    else:
        folder = os.path.join(env["PYTHONPATH"], "bipartite_game")
    compileall.compile_dir(folder, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--before", type=Path, metavar="SRC")
    args = parser.parse_args()
    listing = cases()
    versions: dict[str, dict[str, str] | None] = {"": None}
    if args.before:
        versions["before"] = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    for env in versions.values():
        _byte_compile(env)
        for _, command, path in listing:
            timed(command, path, env=env)  # the page cache
    runs: dict[tuple[str, str], list[Run]] = {}
    for _ in range(args.runs):  # in turn, so that all share the same load
        for name, command, path in listing:
            for version, env in versions.items():
                runs.setdefault((version, name), []).append(timed(command, path, env=env))
    width = max(len(name) for name, _, _ in listing)
    print(f"median of {args.runs} whole-process runs (wall time, ratio to the numpy import, peak)")
    for version in versions:
        floor = median([r.seconds for r in runs[version, listing[0][0]]])
        for name, _, _ in listing:
            seconds = median([r.seconds for r in runs[version, name]])
            peak = max(r.peak_bytes for r in runs[version, name])
            print(
                f"  {version:<6} {name:<{width}}  {seconds:6.3f} s  {seconds / floor:5.2f}x  "
                f"{megabytes(peak)}"
            )
    if args.importtime:
        print("slowest imports (cumulative) of maze on the 100x100 maze:")
        print(importtime(generated("maze", 20, 100, 100, 0.2)))


if __name__ == "__main__":
    main()
