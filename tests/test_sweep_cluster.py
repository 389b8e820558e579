"""``sweep --scheduler``: the samples as tasks on a real Dask cluster (a
scheduler and two worker processes on 127.0.0.1, started here), the same
bytes as locally; a dead or foreign address; the extra missing."""

from __future__ import annotations

import json
import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from bipartite_game.experiments.karp_sipser import karp_sipser_matching
from bipartite_game.experiments.sweep import batch_size, sweep, to_csv

from .sweep_util import local_cluster, needs_distributed

CLI = [sys.executable, "-m", "bipartite_game", "sweep"]
#: The Done-when sweep of the issue: G(n, c/n) at n = 20000, 4 samples a point.
DONE_WHEN = [
    "er",
    "--n",
    "20000",
    "--param",
    "c=0.5,1,2,2.718281828459045,4",
    "--samples",
    "4",
    "--seed",
    "1",
]
PREFIX = "bipartite-game-sweep"


def _cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], capture_output=True, timeout=timeout)


def _one_line(done: subprocess.CompletedProcess[bytes], *fragments: str) -> str:
    assert done.returncode == 2, done
    assert done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), lines
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def _tasks_done(client) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Our tasks the scheduler saw finish, and each worker's executed count."""

    def on_scheduler(dask_scheduler) -> dict[str, int]:  # type: ignore[no-untyped-def]
        prefix = dask_scheduler.task_prefixes.get(PREFIX)
        return {} if prefix is None else dict(prefix.state_counts)

    counts = client.run_on_scheduler(on_scheduler)
    executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
    return {"memory": counts.get("memory", 0), "erred": counts.get("erred", 0)} | {
        f"executed@{worker}": int(count) for worker, count in executed.items()
    }


def _scheduler_tasks(client) -> int:  # type: ignore[no-untyped-def]
    return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))


@needs_distributed
@pytest.mark.slow
def test_sweep_on_a_dask_cluster(tmp_path: Path) -> None:
    """One cluster (a scheduler and two workers) for every check, so that
    test workers running in parallel do not each start one."""
    with local_cluster(tmp_path) as (address, client):
        _check_the_done_when_sweep(address, client)
        _check_the_library(address, client)
        _check_ctrl_c(address, client)


def _check_the_done_when_sweep(address: str, client: object) -> None:
    """The issue's Done-when sweep: byte-identical on the cluster; the
    scheduler ran every task, on its workers; the Aronson–Frieze–Pittel
    limit within 0.01 at every c."""
    before = _tasks_done(client)
    remote = _cli(*DONE_WHEN, "--scheduler", address, "--format", "json")
    assert remote.returncode == 0 and remote.stderr == b"", remote.stderr
    local = _cli(*DONE_WHEN, "--jobs", "2", "--format", "json")
    assert local.returncode == 0, local.stderr
    assert remote.stdout == local.stdout

    after = _tasks_done(client)
    values = [0.5, 1.0, 2.0, math.e, 4.0]
    tasks = math.ceil(20 / batch_size("er", 20000, [[c] for c in values]))
    assert after["memory"] - before["memory"] == tasks and after["erred"] == 0
    ran = [after[k] - before.get(k, 0) for k in after if k.startswith("executed@")]
    assert len(ran) == 2 and sum(ran) == tasks  # each task once, by a worker

    rows = json.loads(remote.stdout)
    for c in values:
        ratios = [r["matching"] / r["vertices"] for r in rows if r["c"] == c]
        assert len(ratios) == 4
        assert abs(np.mean(ratios) - karp_sipser_matching(c)) < 0.01, c


def _check_the_library(address: str, client: object) -> None:
    """An address or a Client (left open); small graphs go in batches; the
    rows unchanged, and nothing left on the scheduler."""
    grid = {"c": [0.5, 1.5, 3.0]}
    alone = to_csv(sweep("er", 300, grid, samples=40, seed=8))
    assert to_csv(sweep("er", 300, grid, samples=40, seed=8, scheduler=client)) == alone
    assert to_csv(sweep("er", 300, grid, samples=40, seed=8, scheduler=address)) == alone
    assert _scheduler_tasks(client) == 0
    csv = _cli("er", "--n", "300", "--param", "c=0.5,1.5,3", "--samples", "40", "--seed", "8",
               "--scheduler", address)  # fmt: skip
    assert csv.returncode == 0 and csv.stdout.decode() == alone


def _check_ctrl_c(address: str, client: object) -> None:
    """Ctrl-C while the workers run: exit 130, quietly, and the scheduler
    forgets every task (the ones running finish, unwanted)."""
    process = subprocess.Popen(
        [*CLI, "er", "--n", "200000", "--param", "c=2", "--samples", "400", "--scheduler", address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if _scheduler_tasks(client) > 0:  # submitted: the workers are on it
            break
        time.sleep(0.1)
    assert process.poll() is None, process.communicate()
    time.sleep(0.5)
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err == b"" and out == b""
    deadline = time.monotonic() + 60
    while _scheduler_tasks(client) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _scheduler_tasks(client) == 0


# ------------------------------------------------------- without a cluster
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@needs_distributed
def test_dead_scheduler_is_one_line_at_once() -> None:
    began = time.monotonic()
    done = _cli(
        "er", "--n", "50", "--param", "c=1", "--scheduler", f"tcp://127.0.0.1:{_free_port()}"
    )
    _one_line(done, "cannot reach the Dask scheduler", "refused")
    assert time.monotonic() - began < 60  # not the retries of a long timeout
    _one_line(
        _cli("er", "--n", "50", "--param", "c=1", "--scheduler", "tcp://127.0.0.1:x"),
        "not a Dask scheduler's address",
    )


@needs_distributed
def test_a_server_that_is_no_scheduler_is_one_line() -> None:
    """Something else listening (here: a server answering HTTP) is refused
    in one line, not read as a message of absurd length."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]

    def answer() -> None:
        server.settimeout(60)
        try:
            while True:
                connection, _ = server.accept()
                with connection:
                    connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" * 8)
        except OSError:
            pass

    threading.Thread(target=answer, daemon=True).start()
    try:
        done = _cli("er", "--n", "50", "--param", "c=1", "--scheduler", f"tcp://127.0.0.1:{port}")
    finally:
        server.close()
    _one_line(done, f"tcp://127.0.0.1:{port}")


def _without(modules: list[str], folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The command line in a fresh interpreter where ``modules`` cannot be
    imported, as on an install without the sweep extra."""
    code = (
        "import sys\n"
        f"for name in {modules!r}: sys.modules[name] = None\n"
        "from bipartite_game.cli import main\n"
        f"sys.exit(main({list(args)!r}))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, timeout=120, cwd=folder
    )


@pytest.mark.parametrize(
    ("modules", "args", "package"),
    [
        (["distributed"], ["--scheduler", "tcp://127.0.0.1:1"], "distributed"),
        (["matplotlib"], ["--plot", "figure.png"], "matplotlib"),
        (["pyarrow"], ["--format", "parquet", "--output", "rows.parquet"], "pyarrow"),
    ],
)
def test_without_the_extra_one_line_says_what_to_install(
    modules: list[str], args: list[str], package: str, tmp_path: Path
) -> None:
    done = _without(modules, tmp_path, "sweep", "er", "--n", "50", "--param", "c=1", *args)
    _one_line(done, package, 'pip install "bipartite-game[sweep]"')
    assert list(tmp_path.iterdir()) == []  # refused before any work or file


@needs_distributed
@pytest.mark.slow
def test_benchmark_script_quick() -> None:
    """``benchmarks/sweep.py --quick`` starts its cluster, finds the same
    rows on both executors (it stops otherwise) and prints its table."""
    benchmarks = Path(__file__).resolve().parent.parent / "benchmarks"
    done = subprocess.run(
        [sys.executable, str(benchmarks / "sweep.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        cwd=benchmarks,
    )
    assert done.returncode == 0, done.stderr
    assert "| 2,000 | 8 |" in done.stdout and "| 20,000 | 4 |" in done.stdout
