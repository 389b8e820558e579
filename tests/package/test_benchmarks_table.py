"""``benchmarks/table.py`` on tiny inputs: the table is printed, absent peers
are reported as absent (as on CI, where LEMON and ../shared are missing), and
where the LEMON driver can be built its outputs are compared byte for byte
with ours.  No timing is asserted: only what the table says about answers."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.cli import run
from tests.support.paths import ROOT

#: The benchmark drivers (compiled C++, whole processes): the slow tier.
pytestmark = pytest.mark.slow

BENCHMARKS = ROOT / "benchmarks"
KERNELS = "in process, kernels loaded"


def table(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / "table.py"), "--quick", "--runs", "1", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=BENCHMARKS,
    )


def rows(stdout: str) -> dict[str, list[str]]:
    """The whole-process table's rows, by their first cell's key."""
    found: dict[str, list[str]] = {}
    for line in stdout.split(KERNELS)[0].splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| ") and "(quick:" in cells[0]:
            found.setdefault(cells[0].split()[0] + " " + cells[1], cells)
    return found


def load_table(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("bench_table", BENCHMARKS / "table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_table", module)  # for its dataclasses
    spec.loader.exec_module(module)
    return module


def lemon_driver(monkeypatch: pytest.MonkeyPatch, name: str = "lemon") -> Path | None:
    """The compiled LEMON (or Boost) driver, or None where it cannot be built."""
    module = load_table(monkeypatch)
    try:
        path: Path = module.compile_driver(name)
    except module.Absent:
        return None
    return path


def test_absent_peers_are_reported_and_ours_still_timed() -> None:
    done = table(
        "--only", "graph-1e4,graph-1e5,maze-2000,judge-maze",
        "--without", "LEMON,Boost,rustworkx",
        "--shared", "/nonexistent-shared",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = rows(done.stdout)
    assert set(found) == {"graph-1e5 LEMON", "maze-2000 anchor_maze.c", "judge-maze import numpy"}
    for key in ("graph-1e5 LEMON", "maze-2000 anchor_maze.c"):
        cells = found[key]
        assert cells[2].endswith(" s"), cells  # ours is timed
        assert cells[3] == "absent" and cells[-1] == "absent", cells
        assert cells[6].endswith("MiB"), cells  # and its peak reported
    numpy_row = found["judge-maze import numpy"]
    assert numpy_row[3].endswith(" s") and numpy_row[-2] == "not compared", numpy_row
    assert numpy_row[-1] in ("yes", "no")
    assert "- LEMON: left out by --without" in done.stdout
    assert "/nonexistent-shared/bench/anchor_maze.c not found" in done.stdout
    # the in-process table: ours measured, the peers absent, sizes shown
    kernels = done.stdout.split(KERNELS)[1].splitlines()
    kernel_lines = [line for line in kernels if line.startswith("| graph-1e")]
    assert len(kernel_lines) == 2, done.stdout  # the kernel-only graph and graph-1e5
    for line in kernel_lines:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[3].endswith(" s") and cells[5] == "absent", cells
        assert cells[-1].startswith("same ("), cells


def test_unknown_row_key_is_refused() -> None:
    done = table("--only", "no-such-row")
    assert done.returncode != 0 and "unknown --only key(s): no-such-row" in done.stderr


def test_a_differing_output_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    module = load_table(monkeypatch)
    target = module.TARGETS[0]
    ours = module.Side(["ours"], seconds=[2.0], peaks=[200], digests={"a"})
    peer = module.Side(["peer"], seconds=[1.0], peaks=[100], digests={"b"})
    row = module.Row(target, Path("x"), ours, peer, True)
    assert module.verdict(row) == (2.0, 2.0, "DIFFERS", "WRONG")
    peer.digests = {"a"}
    assert module.verdict(row) == (2.0, 2.0, "same", "no")
    peer.seconds = [2.5]
    assert module.verdict(row)[2:] == ("same", "yes")


#: Two odd cycles joined by a path (blossoms), a random graph with repeats
#: and loops, and the hostile-but-valid forms of the edge-list format.
EDGE_LISTS = [
    b"1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n6 7\n7 8\n8 6\n",
    b"".join(b"%d %d\n" % (a * 7 % 23, a * a % 23) for a in range(40)),
    b"# a comment\n10 20  # another\n\n20 10\n7\n7 7\n30 20\n0 10\n",
    b"5\n",
    b"1 2\r\n2 3\r\n4 5\r\n",
    b"100000000000000000 3\n3 4\n4 100000000000000000\n",
]


@pytest.mark.parametrize("name", ["lemon", "boost"])
@pytest.mark.parametrize("text", EDGE_LISTS)
def test_drivers_print_what_graph_prints(
    monkeypatch: pytest.MonkeyPatch, name: str, text: bytes
) -> None:
    driver = lemon_driver(monkeypatch, name)
    if driver is None:
        pytest.skip(f"{name}'s headers are not installed (liblemon-dev, libboost-graph-dev)")
    done = subprocess.run([str(driver), "graph"], input=text, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run("graph", stdin=text).stdout


def test_lemon_driver_refuses_labels_it_does_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = lemon_driver(monkeypatch)
    if driver is None:
        pytest.skip("LEMON's headers are not installed (apt-get install liblemon-dev)")
    for text in (b"a b\n", b"01 2\n", b"1 2 3\n"):
        done = subprocess.run([str(driver), "graph"], input=text, capture_output=True, timeout=60)
        assert done.returncode == 2 and done.stderr.startswith(b"driver: error: line 1")


def test_present_peers_answer_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    if lemon_driver(monkeypatch) is None:
        pytest.skip("LEMON's headers are not installed (apt-get install liblemon-dev)")
    done = table("--only", "graph-king,maze-king,graph-1e5-boost", "--no-kernels")
    assert done.returncode == 0, done.stdout + done.stderr
    found = rows(done.stdout)
    for key in ("graph-king LEMON", "maze-king LEMON"):
        assert found[key][-2] == "same", found[key]
    boost = found["graph-1e5-boost Boost"]
    assert boost[-2] in ("same", "-") and boost[-1] in ("-", "absent"), boost
