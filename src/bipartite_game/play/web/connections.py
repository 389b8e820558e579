"""HTTP connections that slow or many clients cannot hold on to.

uvicorn's h11 protocol, with two bounds it lacks (uvicorn 0.54 has no
timeout for a request's headers, and ``limit_concurrency`` answers 503 only
once a request's headers are complete, so a client that never completes
them holds its connection, and a file descriptor, for ever):

- a request's line and headers must arrive within ``header_seconds`` of the
  connection's opening or of the previous response; otherwise the
  connection is closed.  (The body has its own deadline, in the application:
  :func:`~bipartite_game.play.web.reading.read_json`.)
- at most ``max_connections`` are open at once; one more is answered 503 and
  closed as soon as it is accepted, so that its descriptor is free again at
  once and ``accept`` never fails for want of descriptors (which asyncio
  logs with a traceback, every time).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .i18n import message, render

__all__ = ["BoundedH11Protocol", "bounded_protocol"]

_BUSY_BODY = json.dumps(
    {"error": render(message("error.too_many_connections")), "code": "error.too_many_connections",
     "args": {}}
).encode()
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"content-type: application/json\r\n"
    b"connection: close\r\n"
    b"content-length: " + str(len(_BUSY_BODY)).encode() + b"\r\n\r\n" + _BUSY_BODY
)


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for request headers and a cap
    on open connections (class attributes; see :func:`bounded_protocol`)."""

    header_seconds: ClassVar[float] = 5.0
    max_connections: ClassVar[int] = 200

    _head_timer: asyncio.TimerHandle | None = None
    _refused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if len(self.connections) >= self.max_connections:
            self._refused = True
            assert isinstance(transport, asyncio.WriteTransport)
            transport.write(_BUSY)
            transport.close()
            return
        super().connection_made(transport)  # type: ignore[arg-type]
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        if not self._refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._stop_head_timer()  # the request's head is in

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_head()

    def _await_head(self) -> None:
        self._stop_head_timer()
        self._head_timer = self.loop.call_later(self.header_seconds, self._head_timeout)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            with contextlib.suppress(h11.LocalProtocolError):  # closing is what matters
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()


def bounded_protocol(*, header_seconds: float, max_connections: int) -> type[BoundedH11Protocol]:
    """A :class:`BoundedH11Protocol` with these bounds, for ``uvicorn.Config(http=...)``."""
    return type(
        "BoundedH11Protocol",
        (BoundedH11Protocol,),
        {"header_seconds": header_seconds, "max_connections": max_connections},
    )
