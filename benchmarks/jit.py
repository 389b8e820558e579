"""What numba costs a process, where compiling starts to pay, and what the
native C library (``_native``) costs instead.

For each input, three fresh processes run a command's answer twice in process,
with every kernel call timed (the size it sees, ``work``, is the total number
of array elements of its arguments, as ``_jit._is_small`` counts them):

- ``BIPARTITE_GAME_JIT=never``: each kernel interpreted;
- ``BIPARTITE_GAME_JIT=always``: ``import numba`` timed first, then the first
  answer loads each kernel from numba's on-disk cache and the second runs it
  warm; a kernel's load time is its first call minus its warm call;
- ``BIPARTITE_GAME_NATIVE=required``: the library's load timed first, then
  each kernel that has a C version runs there (the others interpreted).

The first two switch the native library off, so that they measure what they
name.
It prints, per kernel call, the interpreted time, the compiled time, the
load time and the native time, then per input the totals: what the whole answer costs
interpreted, and compiled with numba's import and the loads.  The crossover
decides ``_jit.SMALL_WORK``.  (The caches are warmed by one run first; a
kernel's callees are loaded with it and counted in its load.)

usage: python benchmarks/jit.py [--sizes 20,50,100,150,200,300]
       python benchmarks/jit.py --problem king --file FILE [--file FILE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from _inputs import generated

_CHILD = r"""
import json, sys, time
import numpy as np
from bipartite_game import _jit

problem, path, mode = sys.argv[1:4]
numba_import = 0.0
if mode == "always":
    start = time.perf_counter()
    import numba
    numba_import = time.perf_counter() - start
elif mode == "native":
    from bipartite_game import _native
    start = time.perf_counter()
    assert _native.library() is not None
    numba_import = time.perf_counter() - start
records = []
run = 0
original = _jit.Kernel.__call__

def timed_call(self, *args, **kwargs):
    work = sum(a.size for a in args if isinstance(a, np.ndarray))
    start = time.perf_counter()
    result = original(self, *args, **kwargs)
    records.append((run, self.__name__, work, time.perf_counter() - start))
    return result

_jit.Kernel.__call__ = timed_call
import importlib
module = importlib.import_module(f"bipartite_game.problems.{problem}")
data = open(path, "rb").read()
totals = []
for run in (0, 1):
    start = time.perf_counter()
    module.answer(data)
    totals.append(time.perf_counter() - start)
print(json.dumps({"numba_import": numba_import, "records": records, "totals": totals}))
"""


def child(problem: str, path: Path, mode: str) -> dict[str, Any]:
    """One process: ``never`` (interpreted), ``always`` (numba) or ``native``."""
    native = "required" if mode == "native" else "never"
    jit = "never" if mode == "native" else mode
    env = {**os.environ, "BIPARTITE_GAME_JIT": jit, "BIPARTITE_GAME_NATIVE": native}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, problem, str(path), mode],
        env=env,
        capture_output=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def _by_kernel(result: dict[str, Any], run: int) -> dict[str, tuple[int, int, float]]:
    """Per kernel, in order of first call: calls, largest work, total seconds."""
    totals: dict[str, tuple[int, int, float]] = {}
    for index, name, work, seconds in result["records"]:
        if index == run:
            calls, most, spent = totals.get(name, (0, 0, 0.0))
            totals[name] = (calls + 1, max(most, work), spent + seconds)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,50,100,150,200,300")
    parser.add_argument("--problem", default="maze", help="the front-end (with --file)")
    parser.add_argument("--file", action="append", type=Path, help="inputs instead of mazes")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    inputs = args.file or [generated("maze", 20, s, s, 0.2) for s in sizes]
    for path in inputs:
        child(args.problem, path, "always")  # warm numba's cache for these types
        slow = child(args.problem, path, "never")
        fast = child(args.problem, path, "always")
        native = child(args.problem, path, "native")
        slow_by, first_by, warm_by, native_by = (
            _by_kernel(slow, 0), _by_kernel(fast, 0), _by_kernel(fast, 1), _by_kernel(native, 0)
        )
        print(
            f"{args.problem} {path.name}: numba import {fast['numba_import']:.3f} s, "
            f"native library load {native['numba_import']:.4f} s"
        )
        print(
            f"  {'kernel':<24} {'calls':>5} {'work':>9} {'interpreted':>11} "
            f"{'compiled':>9} {'load':>7} {'native':>8}"
        )
        for name, (calls, work, t_first) in first_by.items():
            t_warm = warm_by[name][2]
            t_slow = slow_by[name][2] if name in slow_by else float("nan")
            t_native = native_by[name][2] if name in native_by else float("nan")
            print(
                f"  {name:<24} {calls:>5} {work:>9} {t_slow:>10.4f}s {t_warm:>8.4f}s "
                f"{t_first - t_warm:>6.4f}s {t_native:>7.4f}s"
            )
        slow_total: float = slow["totals"][0]
        fast_first: float = fast["totals"][0]
        fast_warm: float = fast["totals"][1]
        print(
            f"  answer: interpreted {slow_total:.3f} s; compiled {fast_warm:.3f} s warm, "
            f"{fast_first:.3f} s with the loads, {fast_first + fast['numba_import']:.3f} s "
            "with numba's import"
        )
        native_first: float = native["totals"][0]
        print(
            f"  answer: native {native_first:.3f} s, "
            f"{native_first + native['numba_import']:.3f} s with the library's load"
        )


if __name__ == "__main__":
    main()
