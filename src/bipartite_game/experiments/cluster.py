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
import ipaddress
import queue
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from .._limits import human_size
from .._text import quote
from ..errors import BipartiteGameError
from .ordered import in_order

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

__all__ = [
    "CONNECT_SECONDS",
    "KEY_PREFIX",
    "MISSING_EXTRA",
    "SCHEMES",
    "close",
    "connect",
    "ordered_results",
    "parse_scheduler",
    "threads",
]

#: How long reaching the scheduler may take in all (looking its host up,
#: the TCP connection and Dask's handshake), and how long its first worker.
CONNECT_SECONDS = 5.0
#: The schemes of a scheduler's address (``tcp`` when none is written).
SCHEMES = ("tcp", "tls")
#: No address is longer: a host name has at most 253 characters.
_LONGEST_ADDRESS = 300
_LABEL = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
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

    An address is checked first (:func:`parse_scheduler`), then reached by
    one bare connection and Dask's handshake, all within
    :data:`CONNECT_SECONDS` (:func:`_reach`), so that a bad, dead, silent
    or unreachable scheduler is one error and leaves no half-made client
    behind; Ctrl-C stops the wait at once.  The cluster must have a worker
    within :data:`CONNECT_SECONDS` more and one worker whose memory limit
    holds ``needed_bytes`` (one sample).
    """
    if isinstance(scheduler, str):
        parse_scheduler(scheduler)  # a malformed address needs no extra to be refused
    try:
        import distributed
    except ImportError:
        raise BipartiteGameError(MISSING_EXTRA) from None
    if isinstance(scheduler, distributed.Client):
        client, owned = scheduler, False
        shown = str(client.scheduler.address) if client.scheduler else repr(client)
    elif isinstance(scheduler, str):
        shown = scheduler.strip()
        reached = _reach(shown)
        try:
            client = distributed.Client(reached, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TimeoutError) as error:
            raise BipartiteGameError(_unreachable(shown, error)) from None
        owned = True
    else:
        raise BipartiteGameError(
            f"scheduler must be an address such as 'tcp://HOST:PORT' or a "
            f"distributed.Client, not {scheduler!r:.60}"
        )
    try:
        _check_workers(client, needed_bytes, shown)
    except BaseException:
        if owned:
            close(client)
        raise
    return client, owned


def parse_scheduler(address: str) -> tuple[str, str, int]:
    """``(scheme, host, port)`` of a scheduler's address ``[SCHEME://]HOST:PORT``.

    The scheme is one of :data:`SCHEMES` (``tcp`` when none is written);
    the host an IPv4 address, an IPv6 address in brackets
    (``tcp://[::1]:8786``) or a host name of at most 253 characters in
    labels of at most 63 letters, digits, ``-`` or ``_`` (a Unicode name is
    taken in its IDNA form, ``bücher.example`` as ``xn--bcher-kva.example``,
    which is the host returned); the port a whole number from 1 to 65535.
    Checked on the text alone, without the network or ``distributed``;
    anything else is a :class:`BipartiteGameError` quoting the address.
    """
    if not isinstance(address, str):
        raise BipartiteGameError(
            f"a scheduler's address is text such as 'tcp://HOST:PORT', not {address!r:.60}"
        )
    text = address.strip()

    def bad(reason: str) -> BipartiteGameError:
        return BipartiteGameError(
            f"{quote(text, 40)} is not a Dask scheduler's address such as tcp://HOST:PORT: {reason}"
        )

    if not text:
        raise bad("it is empty")
    if len(text) > _LONGEST_ADDRESS:
        raise bad(f"it is longer than any ({_LONGEST_ADDRESS} characters)")
    scheme, separator, location = text.partition("://")
    if not separator:
        scheme, location = "tcp", text
    if scheme.lower() not in SCHEMES:
        raise bad(f"the scheme is {quote(scheme)}, not {' or '.join(s + '://' for s in SCHEMES)}")
    if location.startswith("["):
        host, bracket, rest = location[1:].partition("]")
        if not bracket:
            raise bad("its IPv6 address has no closing bracket")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise bad(f"{quote(host)} is not an IPv6 address") from None
        if not rest.startswith(":"):
            raise bad("it has no port: [IPV6]:PORT")
        port_text = rest[1:]
    else:
        host, colon, port_text = location.rpartition(":")
        if not colon:
            raise bad("it has no port: HOST:PORT")
        if ":" in host:
            raise bad("an IPv6 address goes in brackets, as in tcp://[::1]:8786")
        if not host:
            raise bad("it has no host")
        host = _host_name(host, bad)
    if not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5):
        raise bad(f"the port must be a whole number from 1 to 65535, not {quote(port_text)}")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise bad(f"the port must be a whole number from 1 to 65535, not {port}")
    return scheme.lower(), host, port


def _host_name(host: str, bad: Callable[[str], BipartiteGameError]) -> str:
    """A host name in its ASCII (IDNA) form, or ``bad``'s error saying what
    is wrong with it."""
    try:
        ascii_name = host.encode("idna").decode("ascii")
    except UnicodeError as error:  # a label too long or empty, or a character IDNA refuses
        reason = str(error.__cause__ or error).removeprefix("encoding with 'idna' codec failed ")
        raise bad(f"its host {quote(host, 40)} is not a host name: {reason.strip('()')}") from None
    name = ascii_name.removesuffix(".")  # a fully qualified name may end in a dot
    if len(name) > 253:
        raise bad(f"its host is {len(name)} characters long: at most 253")
    for label in name.split("."):
        if not label:
            raise bad(f"its host {quote(host, 40)} has an empty label")
        if len(label) > 63:
            raise bad(f"its host has a label of {len(label)} characters: at most 63")
        if not set(label) <= _LABEL:
            odd = next(c for c in label if c not in _LABEL)
            raise bad(
                f"its host {quote(host, 40)} holds {quote(odd)}: a host name is letters, "
                "digits, '-' and '_'"
            )
    return ascii_name


def _reach(address: str) -> str:
    """Reach the scheduler at ``address`` within :data:`CONNECT_SECONDS` in
    all: look its host up, open one TCP connection, and go through Dask's
    handshake on a second one (which a port that accepts and says nothing
    never ends by itself); returns the address to give the client (for
    ``tcp``, with the host as the address that answered, so that it is not
    looked up again), or raises the one-line error.

    The host is looked up in a daemon thread waited for with a time-out:
    ``getaddrinfo`` has no time-out of its own and holds off Ctrl-C until it
    returns, and a daemon thread does not hold up the exit either.
    """
    from distributed.comm import connect as open_comm

    scheme, host, port = parse_scheduler(address)
    deadline = time.monotonic() + CONNECT_SECONDS
    found = _look_up(host, port, deadline)
    if found is None:
        raise BipartiteGameError(
            _unreachable(address, f"looking up {host!r} took more than {CONNECT_SECONDS:g} s")
        )
    if isinstance(found, BaseException):
        raise BipartiteGameError(_unreachable(address, _reason(found))) from None
    answered = _open_tcp(found, deadline)
    if isinstance(answered, BaseException):
        raise BipartiteGameError(_unreachable(address, _reason(answered))) from None
    ip = str(answered[0])
    target = (
        f"tcp://{f'[{ip}]' if ':' in ip else ip}:{port}"
        if scheme == "tcp"
        else f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"
    )

    async def handshake() -> None:
        left = max(deadline - time.monotonic(), 0.01)
        comm = await asyncio.wait_for(open_comm(target, timeout=left), left)
        await comm.close()

    try:
        asyncio.run(handshake())
    except TimeoutError:
        raise BipartiteGameError(
            _unreachable(
                address,
                f"it accepted a connection but did not answer as a Dask scheduler within "
                f"{CONNECT_SECONDS:g} s",
            )
        ) from None
    except (OSError, ValueError, TypeError) as error:  # TypeError: TLS unset
        raise BipartiteGameError(_unreachable(address, error)) from None
    except Exception as error:  # a server of another protocol: its bytes read as a length
        raise BipartiteGameError(
            f"{address!r} does not answer as a Dask scheduler ({type(error).__name__})"
        ) from None
    return target


def _look_up(host: str, port: int, deadline: float) -> list[Any] | BaseException | None:
    """``getaddrinfo``'s answer for a TCP connection, its error, or None
    when it has not answered by ``deadline``."""
    answer: queue.SimpleQueue[list[Any] | BaseException] = queue.SimpleQueue()

    def look_up() -> None:
        try:
            answer.put(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (OSError, UnicodeError, ValueError) as error:
            answer.put(error)

    threading.Thread(target=look_up, name="bipartite-game-look-up", daemon=True).start()
    try:
        return answer.get(timeout=max(deadline - time.monotonic(), 0.0))
    except queue.Empty:
        return None


def _open_tcp(found: list[Any], deadline: float) -> Any:
    """The first of the looked-up addresses that accepts a TCP connection
    before ``deadline`` (the connection closed at once), or the last error."""
    error: BaseException = TimeoutError("timed out")
    for family, kind, protocol, _, address in found:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            with socket.socket(family, kind, protocol) as probe:
                probe.settimeout(left)
                probe.connect(address)
            return address
        except (OSError, OverflowError) as failure:
            error = failure
    return error


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _unreachable(address: str, error: object) -> str:
    reason = " ".join(str(error).split()) or type(error).__name__
    return f"cannot reach the Dask scheduler at {address!r}: {reason}"


def _check_workers(client: Client, needed_bytes: int, shown: str) -> None:
    """Refuse a cluster with no worker, or none with room for one sample."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise BipartiteGameError(
            f"the Dask scheduler at {shown!r} has no worker (waited {CONNECT_SECONDS:g} s)"
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
    pending: dict[int, Any] = {}
    index_of: dict[str, int] = {}
    done = as_completed(loop=client.loop)

    def submit(index: int, item: Item) -> Any:
        key = f"{KEY_PREFIX}-{token}-{index}"
        future = client.submit(function, item, key=key, pure=False)
        index_of[key] = index
        done.add(future)
        return future

    def finished(_: dict[int, Any]) -> list[int]:
        # the future itself is not kept: the scheduler may forget the task
        # and its result once it is read
        return [index_of.pop(next(done).key)]

    try:
        yield from in_order(items, submit, finished, _result, window=window, pending=pending)
    except BaseException:
        futures = list(pending.values())
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
