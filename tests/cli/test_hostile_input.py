"""Hostile and accidental bad input on the command line: one line, exit 2.

Every case here once gave a traceback, a hang or a runaway allocation.  Each
runs the real command line as a subprocess and asserts one line on standard
error, exit status 2, no traceback, and an answer within seconds.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from bipartite_game import _limits
from tests.support.cli import Result, assert_one_line_error, run
from tests.support.paths import GOLDEN, ROOT
from tests.support.strategies import tiered

EXAMPLE = ROOT / "examples" / "maze.txt"
#: The environment of the command-line runs (the kernels as a user's are).
QUICK = dict(os.environ)
THOUSAND_DIGITS = "9" * 5000


def quick(*args: str, stdin: bytes | str = b"") -> Result:
    started = time.monotonic()
    result = run(*args, stdin=stdin, env=QUICK)
    # "within a second" on a quiet machine; generous for a loaded CI
    assert time.monotonic() - started < 20, args
    return result


@pytest.mark.parametrize(
    ("args", "text", "fragments"),
    tiered([
        # numbers of thousands of digits anywhere
        (("maze",), f"1{THOUSAND_DIGITS} 1\n.\n", ("line 1", "N is too large", "…")),
        (("maze",), f"1{'0' * 200} 1{'0' * 200}\n", ("line 1", "too large")),
        (("maze", "--moves", f"{THOUSAND_DIGITS},1"), "2 2\n..\n..\n", None),
        (("lock",), f"{THOUSAND_DIGITS}\n1 0 0\n", ("line 1", "T is too large")),
        (("lock",), "1\n1000000000 0 0\n", ("line 2", "more than 2147483647 codes")),
        (("lock",), "1\n400 0 0\n", ("line 2", "more than 2147483647 codes")),
        (("lock",), f"1\n1 {THOUSAND_DIGITS} 0\n", ("line 2", "too large")),
        (("king",), f"{THOUSAND_DIGITS}\n1 1\nK\n", ("line 1", "T is too large")),
        (("king",), f"1\n{THOUSAND_DIGITS} 1\nK\n", ("line 2", "R is too large")),
        (("knights",), f"1{THOUSAND_DIGITS} 1 0 0\nA\n", ("line 1", "n is too large")),
        # digits that are not ASCII
        (("maze", "--moves", "²,1"), "2 2\n..\n..\n", ("unknown move set", "'²,1'")),
        (("maze", "--moves", "١,٢"), "2 2\n..\n..\n", ("unknown move set",)),
        (("maze", "--moves", "１,２"), "2 2\n..\n..\n", ("unknown move set",)),
        (("maze",), "２ 2\n..\n..\n", ("line 1", "'N M'")),
        (("lock",), "1\n1 0 ٣\n", ("line 2", "start code")),
        # a T line of two numbers is not the number ten
        (("king",), "1 0\n1 1\nK\n", ("line 1", "T alone", "'1 0'")),
        # rows of the wrong length even when the total is right
        (("knights",), "2 3 1 2\nA..B\n..\n", ("line 2", "row of 3 squares, found 4")),
        # messages quote a little of the input, never a bytes repr
        (("lock",), "1\n3 1 000\n0123\n", ("line 3", "of 3 digits, found '0123'")),
        (("lock",), "1\n1 1 0\n12\n", ("line 3", "of 1 digit, found '12'")),
        (("lock",), "1\n2 2 00\n01\n", ("line 3", "expected 2 codes, found 1")),
        (("maze",), "x" * 1_000_000 + "\n", ("line 1", "'N M'", "…")),
        (("graph", "--start", "z" * 100_000), "a b\n", ("is not a vertex", "…")),
        # a leaper far longer than any board is refused by nothing: it has no move
    ]),
)
def test_hostile_input_is_one_line(
    args: tuple[str, ...], text: str, fragments: tuple[str, ...] | None
) -> None:
    result = quick(*args, stdin=text.encode("utf-8"))
    if fragments is None:
        assert result.status == 0, result.stderr
        return
    assert_one_line_error(result, *fragments)
    assert len(result.stderr) < 400
    assert not re.search(r"(?<![\w'])b'", result.stderr)


def test_huge_leaper_is_a_leaper_with_no_move() -> None:
    side = 60  # 3600 cells: the compiled colouring used to see the huge step
    maze = f"{side} {side}\n" + (("." * side) + "\n") * side
    huge = run("maze", "--moves", "18446744073709551616,0", stdin=maze)
    still = run("maze", "--moves", "0,0", stdin=maze)
    assert huge.status == 0, huge.stderr
    assert huge.stdout == still.stdout
    assert huge.stdout.count(b"\n") == side * side + 1


def test_byte_order_mark_is_accepted_by_every_front_end() -> None:
    bom = b"\xef\xbb\xbf"
    for command, path in [
        ("maze", GOLDEN / "maze" / "sample.in"),
        ("lock", GOLDEN / "lock" / "mixed_cases.in"),
        ("knights", GOLDEN / "knights" / "rook_path.in"),
        ("king", GOLDEN / "king" / "sample.in"),
        ("graph", GOLDEN / "graph" / "tree.in"),
        ("bunny", GOLDEN / "bunny" / "sample3.in"),
    ]:
        data = path.read_bytes()
        plain, marked = quick(command, stdin=data), quick(command, stdin=bom + data)
        assert marked.status == 0, (command, marked.stderr)
        assert marked.stdout == plain.stdout == path.with_suffix(".out").read_bytes()


def _run_with(
    args: list[str],
    *,
    stdin: int | IO[bytes] | None = None,
    stdout: int | IO[bytes] | None = None,
    preexec: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bipartite_game", *args],
        stdin=stdin,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=preexec,
        env=QUICK,
        timeout=60,
    )


def _one_line(stderr: bytes, *fragments: str) -> None:
    text = stderr.decode()
    assert len(text.splitlines()) == 1, text
    assert "Traceback" not in text
    for fragment in fragments:
        assert fragment in text, (fragment, text)


def test_closed_standard_output_is_reported_as_output() -> None:
    done = _run_with(["maze", str(EXAMPLE)], preexec=lambda: os.close(1))
    assert done.returncode == 2
    _one_line(done.stderr, "cannot write the output", "standard output is closed")


def test_closed_standard_input_is_reported() -> None:
    done = _run_with(["maze"], preexec=lambda: os.close(0))
    assert done.returncode == 2
    _one_line(done.stderr, "standard input is closed")


def test_full_disk_is_an_output_error() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        done = _run_with(["maze", str(EXAMPLE)], stdout=full)
    assert done.returncode == 2
    _one_line(done.stderr, "cannot write the output", "No space left")


def test_endless_zero_bytes_stop_at_once() -> None:
    with open("/dev/zero", "rb") as zero:
        for command in ("maze", "lock", "graph", "knights", "king", "bunny", "edges"):
            done = _run_with([command], stdin=zero)
            assert done.returncode == 2, command
            _one_line(done.stderr, "line 1", "binary", "NUL")


def test_endless_stream_after_a_good_header_stops_at_the_header_limit() -> None:
    feeder = subprocess.Popen(
        ["sh", "-c", "echo 2 2; yes .."], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        done = _run_with(["maze"], stdin=feeder.stdout)
    finally:
        feeder.kill()
        feeder.wait()
    assert done.returncode == 2
    _one_line(done.stderr, "more input than its header allows")


#: Runs a command and reports its own peak memory: measured from pytest, a
#: child's ru_maxrss would include pytest's size at the fork (Linux carries the
#: pre-exec peak into it), so a small launcher spawns the command instead.
_PEAK_LAUNCHER = """
import os, sys
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


_TOOL = [sys.executable, "-m", "bipartite_game"]


def test_small_header_with_huge_body_is_refused_early(tmp_path: Path) -> None:
    body = tmp_path / "body.txt"
    body.write_bytes(b"1 1\n" + b"\n" * 40_000_000)
    with open(body, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-S", "-c", _PEAK_LAUNCHER, *_TOOL, "maze"],
            stdin=stdin,
            capture_output=True,
            env=QUICK,
            timeout=60,
        )
    status, peak_kib = (int(x) for x in done.stdout.split())
    assert status == 2
    _one_line(done.stderr, "more input than its header allows")
    # (the 40 MB body used to be split into 40 million lines: 2.4 GB)
    assert peak_kib < 1_000_000


def _limit_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


def test_memory_check_respects_the_address_space_limit(tmp_path: Path) -> None:
    # 96 MB of edge list needs about 1.5 GB to solve with the native reader
    # (3 GB without); under a 1.5 GB ulimit -v (about 1.3 GB left once
    # Python and numpy are loaded, and an input cap of an eighth of that)
    # the check must refuse it before parsing
    edges = tmp_path / "edges.txt"
    with open(edges, "wb") as out:
        line = b"".join(b"%d %d\n" % (k, k + 1) for k in range(100_000))
        for _ in range(96_000_000 // len(line)):
            out.write(line)
    done = _run_with(["graph", str(edges)], preexec=_limit_address_space)
    assert done.returncode == 2, done.stderr
    _one_line(done.stderr, "needs about", "of memory")


def test_memory_check_reads_cgroup_limits(tmp_path: Path) -> None:
    membership = tmp_path / "cgroup"
    membership.write_text("4:memory:/box/inner\n0::/unified/group\n")
    inner = tmp_path / "root" / "memory" / "box" / "inner"
    inner.mkdir(parents=True)
    (inner / "memory.limit_in_bytes").write_text("9223372036854771712\n")  # no limit
    (inner / "memory.usage_in_bytes").write_text("100\n")
    outer = inner.parent
    (outer / "memory.limit_in_bytes").write_text("5000\n")
    (outer / "memory.usage_in_bytes").write_text("1000\n")
    unified = tmp_path / "root" / "unified" / "group"
    unified.mkdir(parents=True)
    (unified / "memory.max").write_text("max\n")
    (unified / "memory.current").write_text("7\n")
    assert _limits._cgroup_room(membership, tmp_path / "root") == 4000
    (unified / "memory.max").write_text("3007\n")
    assert _limits._cgroup_room(membership, tmp_path / "root") == 3000


def test_big_integers_typed_into_the_terminal_game_are_illegal_moves() -> None:
    typed = f"{THOUSAND_DIGITS} 1\nquit\n"
    result = quick("play", "maze", str(EXAMPLE), "--side", "placer", stdin=typed)
    assert result.status == 3, result.stderr  # quit: the game left unfinished
    assert b"Traceback" not in result.stdout
    assert "Traceback" not in result.stderr
    replies = [line for line in result.stdout.splitlines() if not line.endswith(b" 1")]
    assert max(len(line) for line in replies) < 200
    assert b"Illegal start: cell (huge) 1 is off the 3x3 board." in result.stdout


def test_big_start_is_refused_in_one_line() -> None:
    result = quick("play", "maze", str(EXAMPLE), "--start", f"{THOUSAND_DIGITS},1")
    assert_one_line_error(result, "illegal start", "(huge)")


def test_undecodable_bytes_typed_under_a_strict_locale() -> None:
    env = {**QUICK, "PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C"}
    done = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "play", "maze", str(EXAMPLE), "--side", "placer"],
        input=b"\xff\xfe\xc3(\nquit\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 3, done.stderr  # quit: the game left unfinished
    assert b"Traceback" not in done.stderr
    assert b"Expected a cell" in done.stdout


def _big_maze(side: int) -> bytes:
    import numpy as np

    walls = np.random.default_rng(7).random((side, side)) < 0.1
    rows = np.where(walls, ord("#"), ord(".")).astype(np.uint8)
    body = np.concatenate([rows, np.full((side, 1), ord("\n"), np.uint8)], axis=1)
    return f"{side} {side}\n".encode() + body.tobytes()


def test_ctrl_c_stops_a_long_solve_at_once(tmp_path: Path) -> None:
    maze = tmp_path / "big.txt"
    maze.write_bytes(_big_maze(2500))
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "maze", str(maze)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(2.0)  # parsing, compiling or matching: any of them must stop
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert time.monotonic() - sent < 2.0
    assert process.returncode in (-signal.SIGINT, 0)  # 0: it had already finished
    assert b"Traceback" not in stderr


def test_ctrl_c_in_the_terminal_game_leaves_a_clean_line() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "play", "maze", str(EXAMPLE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=QUICK,
    )
    assert process.stdout is not None
    seen = b""
    while not seen.endswith(b": ") and (byte := process.stdout.read(1)):
        seen += byte  # up to the first prompt, which ends without a newline
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stdout.endswith(b"\n")
    assert stderr == b""
