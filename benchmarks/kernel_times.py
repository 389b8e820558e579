"""Per-kernel CPU time of one answer, and whole processes before and after.

For a front-end (``bipartite_game.problems.<problem>``) and an input file:

1. in a fresh process per setting, the answer run ``--repeats`` times with
   every top-level kernel call timed, and per kernel its calls and its best
   total **CPU** time (``time.process_time``: on a machine shared with other
   work, wall time says more about the others than about the kernel).  The
   settings are ``BIPARTITE_GAME_NATIVE`` (``never``: the Python
   specifications interpreted, the fallback; ``auto``: the native library);
2. with ``--before SRC`` (another version's ``src``, e.g. from ``git
   archive``, with its ``_ckernels`` library built), the same per-kernel
   table for it, then ``--runs`` whole processes of the command, this
   version and that one in turn: median wall time and peak memory, and the
   outputs checked equal.

usage: python benchmarks/kernel_times.py king FILE [--before SRC]
       python benchmarks/kernel_times.py maze FILE --option moves=king
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from _common import ROOT, Run, megabytes, summary, timed, tool_command

_CHILD = r"""
import collections, importlib, sys, time
from bipartite_game import _jit
problem, path, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
options = dict(item.split("=", 1) for item in sys.argv[4:])
spent = collections.defaultdict(float)
calls = collections.Counter()
original = _jit.Kernel.__call__
depth = 0

def timed_call(self, *args, **kwargs):
    global depth
    depth += 1
    start = time.process_time()
    try:
        return original(self, *args, **kwargs)
    finally:
        depth -= 1
        if depth == 0:  # a kernel's callees are counted in it
            spent[self.__name__] += time.process_time() - start
            calls[self.__name__] += 1

_jit.Kernel.__call__ = timed_call
module = importlib.import_module(f"bipartite_game.problems.{problem}")
data = open(path, "rb").read()
best, answers = {}, []
for _ in range(repeats):
    spent.clear()
    calls.clear()
    start = time.process_time()
    module.answer(data, **options)
    answers.append(time.process_time() - start)
    for name, seconds in spent.items():
        best[name] = min(best.get(name, float("inf")), seconds)
print(f"    answer {min(answers) * 1e3:9.2f} ms (first {answers[0] * 1e3:.2f} ms)")
for name, seconds in best.items():
    print(f"    {name:<26} {calls[name]:>5} calls {seconds * 1e3:9.2f} ms")
"""


def kernel_table(problem: str, path: Path, args: argparse.Namespace, src: Path) -> None:
    for native in ("never", "auto"):
        env = {
            **os.environ,
            "PYTHONPATH": str(src),
            "BIPARTITE_GAME_NATIVE": native,
        }
        command = [sys.executable, "-c", _CHILD, problem, str(path), str(args.repeats)]
        print(f"  {src}: NATIVE={native}, best CPU of {args.repeats}", flush=True)
        subprocess.run([*command, *args.option], env=env, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("problem")
    parser.add_argument("file", type=Path)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--before", type=Path, metavar="SRC")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    versions = {"after": ROOT / "src"}
    if args.before:
        versions["before"] = args.before.resolve()
    for src in versions.values():
        kernel_table(args.problem, args.file, args, src)
    if not args.before:
        return
    flags = [f"--{name}={value}" for name, value in (o.split("=", 1) for o in args.option)]
    command = tool_command(args.problem, *flags)
    envs = {name: {**os.environ, "PYTHONPATH": str(src)} for name, src in versions.items()}
    runs: dict[str, list[Run]] = {name: [] for name in versions}
    for env in envs.values():
        timed(command, args.file, env=env)  # the page cache
    for _ in range(args.runs):
        for name, env in envs.items():
            runs[name].append(timed(command, args.file, env=env))
    if runs["after"][-1].stdout != runs["before"][-1].stdout:
        raise SystemExit("the two versions' outputs differ")
    print(f"  whole process, median of {args.runs}, in turn:")
    for name, done in runs.items():
        seconds, peak = summary(done)
        print(f"    {name:<6} {seconds:.3f} s {megabytes(peak)}")


if __name__ == "__main__":
    main()
