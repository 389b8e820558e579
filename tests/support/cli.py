"""Run the real command line as a user does: a subprocess."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import GOLDEN


@dataclass
class Result:
    status: int
    stdout: bytes
    stderr: str


def run(*args: str, stdin: bytes | str = b"", env: dict[str, str] | None = None) -> Result:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", "bipartite_game", *args],
        input=data,
        capture_output=True,
        timeout=300,
        env=env,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace"))


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.status == 2, result
    assert result.stdout == b""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("bipartite-game: error: "), lines[0]
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def golden_cases(command: str) -> list[Path]:
    return sorted((GOLDEN / command).glob("*.in"))


def golden_game(stem: str) -> tuple[str, bool]:
    """The game a ``graph`` golden file is played under, from its name:
    ``rule-edge-*`` the edge rule, ``directed-*`` (after that prefix, if
    any) arcs; else vertex geography undirected."""
    rule = "vertex"
    if stem.startswith("rule-edge-"):
        rule = "edge"
        stem = stem.removeprefix("rule-edge-")
    return rule, stem.startswith("directed-")


def run_on_terminal(*args: str) -> tuple[str, bytes, int]:
    """Run ``bipartite-game ARGS`` with standard error on a pseudo-terminal
    (progress shown from the start: ``BIPARTITE_GAME_PROGRESS_AFTER=0``) and
    standard output on a pipe; what the terminal showed, the output, and
    the exit status."""
    master, slave = pty.openpty()
    env = dict(os.environ, BIPARTITE_GAME_PROGRESS_AFTER="0")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # every writer closed
                break
            if not chunk:
                break
            shown += chunk
        elif proc.poll() is not None:
            break
    assert proc.stdout is not None
    out = proc.stdout.read()
    status = proc.wait()
    os.close(master)
    return shown.decode(), out, status
