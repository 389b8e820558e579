"""``sweep er`` on a local process pool against a local two-worker Dask
cluster: samples per second, the cluster's overhead, peak memory per worker.

The script starts its own cluster on 127.0.0.1 (``dask scheduler`` and
``dask worker --nworkers 2 --nthreads 1``, every port chosen by the system)
and stops it at the end.  For each n, ``iter_sweep("er", n, {"c": [C]})``
runs ``--samples`` samples with ``jobs=2`` (the local pool) and with
``scheduler=ADDRESS`` (the cluster: connecting included), in turn, ``--runs``
times; the rows of both are compared.  Reported: the median samples per
second of each, the cluster's overhead (its median time over the pool's,
less one), and the peak resident memory of a worker (the pool's processes:
``RUSAGE_CHILDREN`` of this process once they have ended; the cluster's:
each worker's own ``RUSAGE_SELF``, asked with ``Client.run``; both are
lifetime peaks, so a size's figure covers the sizes before it).

``--figure PATH`` also times the docs figure, once on each executor: the
whole command ``bipartite-game sweep er --n 100000 --param c=0.25:6:0.25
--samples 4 --plot PATH`` (edge classes included), with ``--jobs 2`` and with
``--scheduler``; the two outputs are compared.

usage: python benchmarks/sweep.py [--sizes 100000,1000000] [--c 2] [--samples 32,8]
                                  [--runs 3] [--figure docs/sweep-er.png] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _common import tool_command
from bipartite_game.experiments.sweep import iter_sweep, to_csv

FIGURE_ARGS = ["er", "--n", "100000", "--param", "c=0.25:6:0.25", "--samples", "4"]


@contextlib.contextmanager
def local_cluster(folder: Path, workers: int = 2) -> Iterator[tuple[str, Any]]:
    """A scheduler and ``workers`` one-thread worker processes (with their
    nanny) on 127.0.0.1; yields the address and a client."""
    from distributed import Client

    address_file = folder / "scheduler.json"
    dask = [sys.executable, "-m", "dask"]
    local = ["--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"]
    commands = [
        [*dask, "scheduler", *local, "--port", "0", "--scheduler-file", str(address_file)],
        [*dask, "worker", *local, "--scheduler-file", str(address_file), "--nworkers",
         str(workers), "--nthreads", "1", "--local-directory", str(folder)],
    ]  # fmt: skip
    processes: list[subprocess.Popen[bytes]] = []
    client = None
    with contextlib.ExitStack() as logs:
        try:
            for command in commands:
                log = logs.enter_context(open(folder / f"{command[3]}.log", "wb"))
                processes.append(subprocess.Popen(command, stdout=log, stderr=log, cwd=folder))
                deadline = time.monotonic() + 120
                while not address_file.exists() and time.monotonic() < deadline:
                    time.sleep(0.1)
                time.sleep(0.5)  # the file written whole
            address = json.loads(address_file.read_text())["address"]
            client = Client(address, timeout=60, set_as_default=False)
            client.wait_for_workers(workers, timeout=120)
            yield address, client
        finally:
            if client is not None:
                client.close()
            for process in reversed(processes):
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def worker_peaks(client: Any) -> list[float]:
    """Each worker's peak resident memory so far, in MB."""
    peaks = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return sorted(kb / 1024 for kb in peaks.values())


def timed_sweep(n: int, c: float, samples: int, seed: int, **executor: Any) -> tuple[float, str]:
    began = time.perf_counter()
    rows = list(iter_sweep("er", n, {"c": [c]}, samples=samples, seed=seed, **executor))
    return time.perf_counter() - began, to_csv(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--samples", default="32,8", help="samples per run, one per size")
    parser.add_argument("--c", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--figure", default=None, help="also time the docs figure into FILE")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: seconds")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    counts = [int(s) for s in args.samples.split(",")]
    if args.quick:
        sizes, counts, args.runs = [2000, 20000], [8, 4], 1
    if len(counts) != len(sizes):
        raise SystemExit("--samples needs one count per size")

    with tempfile.TemporaryDirectory() as folder, local_cluster(Path(folder)) as (address, client):
        print(f"cluster: {address}, 2 workers x 1 thread; local pool: 2 processes; c = {args.c}")
        print("| n | samples | pool samples/s | cluster samples/s | cluster overhead "
              "| peak RSS, pool worker | peak RSS, cluster worker |")  # fmt: skip
        print("|---|---|---|---|---|---|---|")
        for n, samples in zip(sizes, counts, strict=True):
            pool_times, cluster_times = [], []
            for run in range(args.runs):
                pool_time, pool_rows = timed_sweep(n, args.c, samples, run, jobs=2)
                cluster_time, cluster_rows = timed_sweep(n, args.c, samples, run, scheduler=address)
                if pool_rows != cluster_rows:
                    raise SystemExit(f"n = {n}: the cluster's rows differ from the pool's")
                pool_times.append(pool_time)
                cluster_times.append(cluster_time)
            pool, cluster = statistics.median(pool_times), statistics.median(cluster_times)
            local_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            peaks = worker_peaks(client)
            print(
                f"| {n:,} | {samples} | {samples / pool:.2f} | {samples / cluster:.2f} "
                f"| {100 * (cluster / pool - 1):+.1f} % | {local_peak:.0f} MB "
                f"| {' / '.join(f'{p:.0f}' for p in peaks)} MB |"
            )
            print(
                f"  times (s): pool {', '.join(f'{t:.2f}' for t in pool_times)}; "
                f"cluster {', '.join(f'{t:.2f}' for t in cluster_times)}"
            )

        if args.figure:
            outputs = []
            for label, extra in (("local, --jobs 2", ["--jobs", "2"]),
                                 ("cluster, --scheduler", ["--scheduler", address])):  # fmt: skip
                command = tool_command("sweep", *FIGURE_ARGS, *extra, "--plot", args.figure)
                began = time.perf_counter()
                done = subprocess.run(command, capture_output=True, check=True)
                print(f"figure ({label}): {time.perf_counter() - began:.1f} s")
                outputs.append(done.stdout)
            if outputs[0] != outputs[1]:
                raise SystemExit("the figure's rows differ between the pool and the cluster")
            rows = outputs[0].count(b"\n") - 1
            print(f"figure: {args.figure}, {rows} rows, the same on both")


if __name__ == "__main__":
    main()
