"""The sweep extra (distributed, matplotlib, pyarrow) in the tests.

Its tests skip without it, unless ``BIPARTITE_GAME_SWEEP_TESTS=required``
(``.ci/run`` installs ``.[sweep]`` and sets it), where its absence fails them.
``local_cluster`` starts a Dask scheduler and worker processes on 127.0.0.1
(every port chosen by the system, the scheduler's read from the file it
writes) and always stops them.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["local_cluster", "needs_distributed", "needs_matplotlib", "needs_pyarrow"]

_REQUIRED = os.environ.get("BIPARTITE_GAME_SWEEP_TESTS") == "required"


def _needs(module: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        importlib.util.find_spec(module) is None and not _REQUIRED,
        reason=f'{module} is not installed (pip install ".[sweep]")',
    )


needs_distributed = _needs("distributed")
needs_matplotlib = _needs("matplotlib")
needs_pyarrow = _needs("pyarrow")

#: Seconds a busy machine may take to start the scheduler and its workers.
START_SECONDS = 120


def _dask(*args: str) -> list[str]:
    return [sys.executable, "-m", "dask", *args]


@contextlib.contextmanager
def local_cluster(folder: Path, workers: int = 2) -> Iterator[tuple[str, Any]]:
    """A scheduler and ``workers`` one-thread worker processes on 127.0.0.1;
    yields the scheduler's address and a ``distributed.Client`` of it."""
    from distributed import Client

    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    local = ["--dashboard-address", "127.0.0.1:0"]
    commands = [
        _dask(
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            *local,
            "--scheduler-file",
            str(address_file),
        )
    ]
    commands += [
        _dask(
            "worker",
            "--scheduler-file",
            str(address_file),
            "--host",
            "127.0.0.1",
            *local,
            "--nthreads",
            "1",
            "--no-nanny",
            "--name",
            f"worker-{k}",
            "--local-directory",
            str(folder / f"worker-{k}"),
        )
        for k in range(workers)
    ]
    processes: list[subprocess.Popen[bytes]] = []
    client = None
    try:
        for index, command in enumerate(commands):
            with open(folder / f"process-{index}.log", "wb") as log:
                processes.append(
                    subprocess.Popen(
                        command,
                        cwd=folder,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        stdin=subprocess.DEVNULL,
                        start_new_session=True,  # a test's Ctrl-C is not theirs
                    )
                )
            if index == 0:
                address = _scheduler_address(address_file, processes[0])
        client = Client(address, timeout=60, set_as_default=False)
        client.wait_for_workers(workers, timeout=START_SECONDS)
        yield address, client
    finally:
        if client is not None:
            with contextlib.suppress(Exception):
                client.close(timeout=10)
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _scheduler_address(path: Path, process: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the scheduler exited with status {process.returncode}")
        with contextlib.suppress(OSError, ValueError, KeyError):
            address = str(json.loads(path.read_text())["address"])
            if address.startswith("tcp://127.0.0.1:"):
                return address
        time.sleep(0.1)
    raise RuntimeError(f"no scheduler address in {path} after {START_SECONDS} s")
