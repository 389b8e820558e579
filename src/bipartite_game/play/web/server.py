"""Running the application on uvicorn: ``bipartite-game serve``.

What it adds to ``uvicorn.run``:

- the port is bound before anything else, so a busy port is one line of
  error, not a traceback; "serving on ..." is printed only once uvicorn
  listens on it (after the warm-up), so whoever reads that line can connect;
- slow and many clients are bounded (:mod:`.connections`, and the limits
  passed to uvicorn: keep-alive, header size, concurrency); the number of
  connections is kept below the process's limit on open files;
- Ctrl-C (or SIGTERM) stops at once and quietly: requests in progress are
  answered 503 (:func:`~bipartite_game.play.web.app.stop_requests`) instead of
  being waited for, and worker threads, being daemons, are left behind.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

import uvicorn
from starlette.types import ASGIApp

from ..._command import ReaderGone, silence_stdout
from ...errors import BipartiteGameError
from .app import create_app, stop_requests
from .connections import bounded_protocol
from .limits import Limits

__all__ = ["config", "serve"]

_log = logging.getLogger("uvicorn.error")

#: Connections the kernel queues for accepting, and asyncio accepts in one
#: go, before any of them reaches the protocol that may refuse it.
_BACKLOG = 64

#: Descriptors kept for everything but open client connections: one accept
#: burst (``_BACKLOG``), the listening socket, the event loop's, the
#: native library, static files being sent.
_RESERVED_FILES = _BACKLOG + 32

#: asyncio's message when ``accept`` fails for want of descriptors; it logs
#: it with a traceback once per waiting connection, every second.
_ACCEPT_FAILED = "socket.accept() out of system resource"

#: At most one line about it in this many seconds.
_ACCEPT_FAILED_EVERY = 10.0

#: Seconds uvicorn waits for requests still running once told to stop; they
#: are told at once (503), so this is only a backstop.
_GRACEFUL_SECONDS = 3


class _Server(uvicorn.Server):
    """uvicorn's server, telling us when it listens and when it stops."""

    def __init__(
        self, config: uvicorn.Config, *, started: Callable[[], None], stopping: Callable[[], None]
    ) -> None:
        super().__init__(config)
        self._started = started
        self._stopping = stopping

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        _quiet_accept_failures(asyncio.get_running_loop())
        await super().startup(sockets)
        if self.started:
            self._started()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._stopping()
        await super().shutdown(sockets)


def _quiet_accept_failures(loop: asyncio.AbstractEventLoop) -> None:
    """Report running out of descriptors in one line every so often, not
    with a traceback per connection (megabytes a minute under a flood).
    The cap on connections makes it rare; this is for the rest (another
    process's descriptors counted against the same limit, say)."""
    default = loop.get_exception_handler()
    last = -_ACCEPT_FAILED_EVERY

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        nonlocal last
        if context.get("message") != _ACCEPT_FAILED:
            if default is None:
                loop.default_exception_handler(context)
            else:
                default(loop, context)
            return
        now = time.monotonic()
        if now - last >= _ACCEPT_FAILED_EVERY:
            last = now
            _log.warning(
                "cannot accept connections: %s; waiting connections are accepted later",
                context.get("exception"),
            )

    loop.set_exception_handler(handler)


def _open_files_limit() -> int | None:
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def _connection_cap(limits: Limits) -> int:
    """``limits.max_connections``, lowered to fit the open-files limit."""
    files = _open_files_limit()
    if files is None:
        return limits.max_connections
    return max(1, min(limits.max_connections, files - _RESERVED_FILES))


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, UnicodeError) as error:  # UnicodeError: a name IDNA cannot encode
        sock.close()
        reason = getattr(error, "strerror", None) or str(error)
        raise BipartiteGameError(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def config(app: ASGIApp, limits: Limits, *, log_level: str = "warning") -> uvicorn.Config:
    """uvicorn's settings for ``app`` under ``limits``."""
    connections = _connection_cap(limits)
    return uvicorn.Config(
        app,
        log_level=log_level,
        http=bounded_protocol(header_seconds=limits.header_seconds, max_connections=connections),
        ws="none",
        lifespan="on",
        timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=limits.max_header_bytes,
        # connections beyond the cap are refused when accepted; this is
        # uvicorn's own bound on requests in progress, a backstop just above
        limit_concurrency=connections + 1,
        timeout_graceful_shutdown=_GRACEFUL_SECONDS,
        backlog=_BACKLOG,
        server_header=False,
    )


def serve(*, host: str = "127.0.0.1", port: int = 8000, limits: Limits | None = None) -> int:
    """Listen on ``host:port`` and serve until interrupted (Ctrl-C, SIGTERM).

    Prints ``bipartite-game: serving on http://HOST:PORT/`` once connections
    are accepted.  Raises :class:`BipartiteGameError` when the address cannot
    be bound, and stops when that line cannot be written (an
    :class:`BipartiteGameError`, or ``ReaderGone`` when its reader went away).
    """
    limits = limits or Limits()
    sock = _bind(host, port)
    family = sock.family
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    app = create_app(limits, host=host)

    unwritten: list[OSError] = []

    def started() -> None:
        try:
            print(f"bipartite-game: serving on http://{shown}:{bound_port}/ (Ctrl-C stops)")
            sys.stdout.flush()
        except OSError as error:  # standard output failed (a full disk): stop, and say so
            unwritten.append(error)
            server.should_exit = True

    server = _Server(config(app, limits), started=started, stopping=lambda: stop_requests(app))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if unwritten and isinstance(unwritten[0], BrokenPipeError):  # nobody reads: stop quietly
        silence_stdout()
        raise ReaderGone
    if unwritten:
        reason = unwritten[0].strerror or str(unwritten[0])
        raise BipartiteGameError(f"cannot write the output: {reason}")
    return 0
