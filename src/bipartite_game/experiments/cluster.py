"""Running a sweep's samples on an existing Dask distributed cluster.

The client ships each task as its description (family, n, parameter values,
sample index, seed): the worker generates the graph from the seed, solves
it and sends back only the row.  Results are taken as they finish
(``distributed.as_completed``) and handed on in the order of submission,
with at most a window of tasks submitted or held ahead of the next one due,
so memory on both sides stays bounded whatever the number of samples.

``distributed`` is an optional extra (``pip install "bipartite-game[sweep]"``),
imported only by the functions here that need it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import socket
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from .._limits import human_size
from ..errors import BipartiteGameError

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = [
    "CONNECT_SECONDS",
    "KEY_PREFIX",
    "MISSING_EXTRA",
    "close",
    "connect",
    "ordered_results",
    "threads",
]

#: How long to wait for the scheduler to answer, and for its first worker.
CONNECT_SECONDS = 5.0
#: Every task's key starts with this; the scheduler counts the tasks of one
#: prefix (``Scheduler.task_prefixes``), which is how a test sees they ran.
KEY_PREFIX = "bipartite-game-sweep"
#: The one line said when ``distributed`` is not installed.
MISSING_EXTRA = (
    'running on a Dask cluster needs the package distributed: pip install "bipartite-game[sweep]"'
)

Item = TypeVar("Item")
Result = TypeVar("Result")


def connect(scheduler: Any, needed_bytes: int) -> tuple[Client, bool]:
    """A client of ``scheduler`` (an address such as ``tcp://HOST:PORT``, or
    a ``distributed.Client``, used as it is) and whether it is ours to close.

    An address is first reached by one bare connection, bounded by
    :data:`CONNECT_SECONDS`, so that a dead or unreachable scheduler is one
    error and leaves no half-made client behind.  The cluster must have a
    worker within :data:`CONNECT_SECONDS` and one worker whose memory limit
    holds ``needed_bytes`` (one sample).
    """
    try:
        import distributed
    except ImportError:
        raise BipartiteGameError(MISSING_EXTRA) from None
    if isinstance(scheduler, distributed.Client):
        client, owned = scheduler, False
    elif isinstance(scheduler, str) and scheduler.strip():
        address = scheduler.strip()
        _probe(address)
        try:
            client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TimeoutError) as error:
            raise BipartiteGameError(_unreachable(address, error)) from None
        owned = True
    else:
        raise BipartiteGameError(
            f"scheduler must be an address such as 'tcp://HOST:PORT' or a "
            f"distributed.Client, not {scheduler!r}"
        )
    try:
        _check_workers(client, needed_bytes)
    except BaseException:
        if owned:
            close(client)
        raise
    return client, owned


def _probe(address: str) -> None:
    """Open and close one connection to ``address`` (the protocol's own
    handshake included), or raise the one-line error."""
    from distributed.comm import connect as open_comm
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        host_port = parse_host_port(location) if scheme == "tcp" else None
    except (ValueError, TypeError, OverflowError):
        raise BipartiteGameError(
            f"{address!r} is not a Dask scheduler's address such as tcp://HOST:PORT"
        ) from None
    if host_port is not None:  # refused or unknown at once, not after the timeout's retries
        try:
            socket.create_connection(host_port, timeout=CONNECT_SECONDS).close()
        except (OSError, OverflowError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise BipartiteGameError(_unreachable(address, reason)) from None

    async def reach() -> None:
        comm = await open_comm(address, timeout=CONNECT_SECONDS)
        await comm.close()

    try:
        asyncio.run(reach())
    except (OSError, ValueError, TypeError, TimeoutError) as error:  # TypeError: TLS unset
        raise BipartiteGameError(_unreachable(address, error)) from None
    except Exception as error:  # a server of another protocol: its bytes read as a length
        raise BipartiteGameError(
            f"{address!r} does not answer as a Dask scheduler ({type(error).__name__})"
        ) from None


def _unreachable(address: str, error: object) -> str:
    reason = " ".join(str(error).split()) or type(error).__name__
    return f"cannot reach the Dask scheduler at {address!r}: {reason}"


def _check_workers(client: Client, needed_bytes: int) -> None:
    """Refuse a cluster with no worker, or none with room for one sample."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise BipartiteGameError(
            f"the Dask scheduler at {client.scheduler.address!r} has no worker "
            f"(waited {CONNECT_SECONDS:g} s)"
        ) from None
    workers = _workers(client)
    limits = [int(w.get("memory_limit") or 0) for w in workers]
    if limits and all(0 < limit < needed_bytes for limit in limits):
        raise BipartiteGameError(
            f"one sample needs about {human_size(needed_bytes)}, more than any worker's "
            f"memory limit (at most {human_size(max(limits))})"
        )


def threads(client: Client) -> int:
    """The threads of the cluster's workers, at least 1."""
    workers = _workers(client)
    return max(1, sum(int(w.get("nthreads") or 1) for w in workers))


def _workers(client: Client) -> list[dict[str, Any]]:
    """Every worker's information (``n_workers`` is newer than 2024.1)."""
    try:
        info = client.scheduler_info(n_workers=-1)
    except TypeError:
        info = client.scheduler_info()
    return list(info["workers"].values())


def close(client: Client) -> None:
    """Close a client of ours, never raising (the cluster may be gone)."""
    with contextlib.suppress(Exception):  # a closing client has nothing left to say
        client.close(timeout=CONNECT_SECONDS)


def ordered_results(
    client: Client,
    function: Callable[[Item], Result],
    items: Iterator[Item],
    *,
    window: int,
    owned: bool,
) -> Iterator[Result]:
    """``function(item)`` for every item, each run as one task on the
    cluster, in the items' order, as the tasks finish; at most ``window``
    tasks submitted or held ahead.  Leaving early (an error, Ctrl-C, the
    iterator closed) cancels every task not yet finished; the client is
    closed at the end when ``owned``."""
    from distributed import as_completed

    token = uuid.uuid4().hex
    pending: dict[str, tuple[int, Any]] = {}
    ready: dict[int, Result] = {}
    finished = as_completed(loop=client.loop)
    submitted = emitted = 0
    try:
        while True:
            while len(pending) + len(ready) < window:
                item = next(items, None)
                if item is None:
                    break
                key = f"{KEY_PREFIX}-{token}-{submitted}"
                future = client.submit(function, item, key=key, pure=False)
                pending[key] = (submitted, future)
                finished.add(future)
                submitted += 1
            if emitted in ready:
                yield ready.pop(emitted)
                emitted += 1
                continue
            if not pending:
                break
            future = next(finished)
            index, _ = pending.pop(future.key)
            ready[index] = _result(future)
            del future  # the scheduler may forget the task and its result
    except BaseException:
        futures = [future for _, future in pending.values()]
        if futures:
            with contextlib.suppress(Exception):  # a lost scheduler cancels them itself
                client.cancel(futures)
        raise
    finally:
        pending.clear()
        if owned:
            close(client)


def _result(future: Any) -> Any:
    """A finished task's result; a lost worker or scheduler, or workers that
    cannot import this package, as one :class:`BipartiteGameError`."""
    from distributed.scheduler import KilledWorker

    try:
        return future.result()
    except ImportError as error:
        raise BipartiteGameError(
            f"the cluster's workers cannot import {error.name or 'a module'}: install "
            "bipartite-game where the workers run"
        ) from None
    except KilledWorker:
        raise BipartiteGameError(
            "the cluster's workers died running a sample (out of memory?)"
        ) from None
    except (concurrent.futures.CancelledError, OSError) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise BipartiteGameError(f"the Dask cluster lost the work: {reason}") from None
