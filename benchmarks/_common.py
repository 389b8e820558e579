"""Shared helpers for the benchmarks: optional C references, timed runs.

Inputs come from ``_inputs.py`` (in this folder), so every benchmark runs in a
fresh clone.  The tuned C references of ``shared/bench`` (and the seeds'
programs in ``shared/seeds``) are added only when that folder is found beside
the repository or given by ``--shared``.  Compiled programs and generated
inputs are cached in ``benchmarks/.work``.  The C++ drivers around LEMON and
the Boost Graph Library (``drivers/``) are compiled on first use when their
headers are installed; a peer that cannot be had is *absent*
(:class:`Absent`, with the reason), never an error.
"""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(__file__).resolve().parent / ".work"


def shared_dir(given: str | None = None, *, quiet: bool = False) -> Path | None:
    """``shared/bench`` with the C references, or None (with a note unless
    ``quiet``) if absent."""
    candidates = [Path(given)] if given else [ROOT.parent / "shared", ROOT / "shared"]
    for path in candidates:
        if (path / "bench" / "anchor_maze.c").exists():
            return path / "bench"
    if given:
        raise SystemExit(f"{given}/bench/anchor_maze.c not found")
    if not quiet:
        print(f"note: no shared/bench beside the clone ({candidates[0]}): C references skipped")
    return None


def tool_command(*subcommand: str) -> list[str]:
    """The installed ``bipartite-game`` (or ``python -m bipartite_game``)."""
    exe = shutil.which("bipartite-game")
    return [*([exe] if exe else [sys.executable, "-m", "bipartite_game"]), *subcommand]


def compile_reference(source: Path, *, cxx: bool = False) -> Path:
    WORK.mkdir(exist_ok=True)
    binary = WORK / source.stem
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        compiler = "g++" if cxx else "gcc"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


DRIVERS = Path(__file__).resolve().parent / "drivers"


class Absent(Exception):
    """A peer that cannot run here (no headers, no compiler, no shared folder);
    the message says why."""


def compile_driver(name: str) -> Path:
    """``drivers/NAME.cpp`` compiled with g++ -O2 into ``.work/NAME``, again
    whenever a source in ``drivers/`` is newer; :class:`Absent` (with the
    compiler's first error) when that fails, e.g. without the library's
    headers (``apt-get install liblemon-dev libboost-graph-dev``)."""
    source = DRIVERS / f"{name}.cpp"
    binary = WORK / name
    newest = max(p.stat().st_mtime for p in DRIVERS.iterdir())
    if binary.exists() and binary.stat().st_mtime >= newest:
        return binary
    if shutil.which("g++") is None:
        raise Absent("no g++")
    WORK.mkdir(exist_ok=True)
    partial = WORK / f"{name}.part"
    built = subprocess.run(
        ["g++", "-O2", "-o", str(partial), str(source)], capture_output=True, text=True
    )
    if built.returncode != 0:
        errors = [line for line in built.stderr.splitlines() if "error" in line]
        raise Absent((errors or built.stderr.splitlines() or ["g++ failed"])[0][-120:])
    partial.replace(binary)
    return binary


def seed_program(bench: Path) -> Path:
    """Seed 003's C++ (the knights duel), taken from ``shared/seeds`` at run
    time (never copied into this repository), its 1010-sized arrays enlarged
    to 3010, compiled with g++ -O2 (again when the seed is newer)."""
    seeds = bench.parent / "seeds"
    found = sorted(seeds.glob("003_*.txt"))
    if not found:
        raise Absent(f"no seed 003 in {seeds}")
    binary = WORK / "seed_knights"
    if binary.exists() and binary.stat().st_mtime >= found[0].stat().st_mtime:
        return binary
    text = found[0].read_text(encoding="utf-8")
    code = text[text.index("#include <cstdio>") :].replace("1010", "3010")
    WORK.mkdir(exist_ok=True)
    cpp = WORK / "seed_knights.cpp"
    cpp.write_text(code, encoding="utf-8")
    subprocess.run(["g++", "-O2", "-o", str(binary), str(cpp)], check=True)
    return binary


@dataclass
class Run:
    seconds: float
    peak_bytes: int
    stdout: bytes
    stderr: str = ""


# A tiny launcher times the command and reads its peak memory.  Measuring from
# this (large) process would be wrong: Linux carries the pre-exec peak of a
# forked child, which is this process's own size, into the child's ru_maxrss.
_LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
sys.stderr.write(f"\\n@timed {time.perf_counter() - start} {usage.ru_maxrss} {status}\\n")
"""


class TimedOut(Exception):
    """A timed command ran past its time limit (and was killed)."""


class CommandFailed(SystemExit):
    """A timed command exited with an error: a SystemExit with the message,
    so that scripts that do not catch it stop with it."""


def timed(
    command: list[str],
    stdin_path: Path,
    timeout: float | None = None,
    env: dict[str, str] | None = None,
) -> Run:
    """Wall time and peak resident memory of one run of ``command`` (in
    ``env``, default this process's); past ``timeout`` seconds the command is
    killed and :class:`TimedOut` raised."""
    with open(stdin_path, "rb") as stdin:
        proc = subprocess.Popen(
            [sys.executable, "-S", "-c", _LAUNCHER, *command],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # so that a timeout kills the command too
            env=env,
        )
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise TimedOut(f"{command[0]} ran past {timeout} s") from None
    lines = err.decode().strip().splitlines()
    if proc.returncode != 0 or not lines or not lines[-1].startswith("@timed"):
        raise SystemExit(f"the launcher failed: {err.decode()[-500:]}")
    fields = lines[-1].split()
    seconds, peak_kib, status = float(fields[1]), int(fields[2]), int(fields[3])
    if status != 0:
        raise CommandFailed(
            f"{command[0]} failed with status {os.waitstatus_to_exitcode(status)}: "
            f"{err.decode()[-500:]}"
        )
    return Run(seconds, peak_kib * 1024, out, "\n".join(lines[:-1]))


def median(values: list[float]) -> float:
    return statistics.median(values)


def median_time(work: Callable[[], object], runs: int) -> float:
    """Median wall seconds of ``runs`` calls of ``work``, in this process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def megabytes(size: float) -> str:
    return f"{size / 2**20:.0f} MiB"


def side_by_side(
    name: str, ours: list[str], reference: list[str], path: Path, runs: int
) -> tuple[list[Run], list[Run]]:
    """Warm up, then alternate runs of both commands on ``path``; stop with a
    message if their outputs ever differ."""
    timed(ours, path)  # the page cache
    mine, theirs = [], []
    for _ in range(runs):
        a = timed(reference, path)
        b = timed(ours, path)
        if a.stdout != b.stdout:
            raise SystemExit(f"outputs differ on {name}: {a.stdout[:60]!r} vs {b.stdout[:60]!r}")
        theirs.append(a)
        mine.append(b)
    return mine, theirs


def summary(runs: list[Run]) -> tuple[float, int]:
    """Median seconds and largest peak memory of some runs."""
    return median([r.seconds for r in runs]), max(r.peak_bytes for r in runs)


def report(name: str, reference_name: str, ours: list[Run], theirs: list[Run]) -> str:
    """One line for a side-by-side run: the shared answer, both medians,
    their ratio and both peak memories."""
    t_ours, m_ours = summary(ours)
    t_theirs, m_theirs = summary(theirs)
    return (
        f"{name}: both answer {ours[0].stdout.decode().strip()}; median of {len(ours)}: "
        f"bipartite-game {t_ours:.3f} s, {reference_name} {t_theirs:.3f} s, "
        f"ratio {t_ours / t_theirs:.3f}; peak {megabytes(m_ours)} vs {megabytes(m_theirs)}"
    )
