"""Shared helpers for the benchmarks: references, inputs, timed runs.

References and generators come from ``shared/bench`` (found beside the
repository, or given by ``--shared``).  Compiled programs and generated inputs
are cached in ``benchmarks/.work``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(__file__).resolve().parent / ".work"


def shared_dir(given: str | None = None) -> Path:
    candidates = [Path(given)] if given else [ROOT.parent / "shared", ROOT / "shared"]
    for path in candidates:
        if (path / "bench" / "gen.py").exists():
            return path / "bench"
    raise SystemExit(f"shared/bench not found (tried {', '.join(map(str, candidates))})")


def compile_reference(source: Path, *, cxx: bool = False) -> Path:
    WORK.mkdir(exist_ok=True)
    binary = WORK / source.stem
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        compiler = "g++" if cxx else "gcc"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def generated(bench: Path, *args: str) -> Path:
    WORK.mkdir(exist_ok=True)
    path = WORK / ("_".join(args) + ".txt")
    if not path.exists():
        with open(path, "wb") as out:
            subprocess.run([sys.executable, str(bench / "gen.py"), *args], stdout=out, check=True)
    return path


@dataclass
class Run:
    seconds: float
    peak_bytes: int
    stdout: bytes


def timed(command: list[str], stdin_path: Path) -> Run:
    """Wall time and peak resident memory of one child process."""
    with open(stdin_path, "rb") as stdin:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE)
        assert proc.stdout is not None
        output = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{command[0]} failed with status {proc.returncode}")
    return Run(seconds, usage.ru_maxrss * 1024, output)


def median(values: list[float]) -> float:
    return statistics.median(values)


def megabytes(size: float) -> str:
    return f"{size / 2**20:.0f} MiB"
