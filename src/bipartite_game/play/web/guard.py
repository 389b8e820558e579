"""Keep other sites out: which requests the server answers at all, and the
headers that tell a browser how to treat its answers.

A server on ``127.0.0.1`` is still reachable from any page the user opens,
two ways:

- *cross-site requests*: a page elsewhere may send a form or a ``fetch`` to
  ``http://127.0.0.1:8000/api/...``.  A request that can change anything
  (any method but GET, HEAD, OPTIONS) is refused when its ``Origin`` is
  present and is not this server's (403), or when its body is not declared
  ``application/json`` (415), which no form and no "simple" cross-origin
  request can declare;
- *DNS rebinding*: a name the attacker controls is pointed at 127.0.0.1, so
  the browser thinks the page and the server are one origin; only the
  ``Host`` header then tells.  A request is answered only when its ``Host``
  names this server: ``localhost``, ``127.0.0.1``, ``[::1]`` or the address
  it listens on, with any port (421 otherwise).  Listening on ``0.0.0.0`` or
  ``::`` means the operator expects any name, so any ``Host`` is answered.

Every answer carries ``X-Content-Type-Options: nosniff``, ``X-Frame-Options:
DENY`` and a Content-Security-Policy that allows exactly what the page uses:
its own script, style sheet and API, and inline SVG (elements, no styles or
scripts in them).
"""

from __future__ import annotations

import json

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .i18n import Message as Said
from .i18n import message as said
from .i18n import render

__all__ = ["SECURITY_HEADERS", "Guard", "allowed_hosts"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",
}

_LOOPBACK = frozenset({"localhost", "127.0.0.1", "[::1]"})
_WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _host_name(host: str) -> str:
    """A listening address as it appears in a ``Host`` header (IPv6 in brackets)."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("["):
        return f"[{host}]"
    return host


def allowed_hosts(host: str) -> frozenset[str] | None:
    """The names a ``Host`` header may give for a server listening on
    ``host``, or ``None`` when any name is allowed (``0.0.0.0``, ``::``)."""
    name = _host_name(host)
    if name in _WILDCARDS:
        return None
    return _LOOPBACK | {name}


def _split_host(value: str) -> tuple[str, str] | None:
    """``"name:port"`` or ``"[v6]:port"`` as ``(name, port)`` (port may be
    empty); ``None`` when it is not that shape."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[: end + 1], value[end + 1 :]
    else:
        name, colon, port = value.partition(":")
        rest = colon + port
    if rest and not (rest.startswith(":") and rest[1:].isdigit()):
        return None
    if not name:
        return None
    return name, rest[1:]


def _origin_of(scheme: str, host: str) -> tuple[str, str, str] | None:
    """(scheme, name, port) with the scheme's default port filled in."""
    split = _split_host(host)
    if split is None:
        return None
    name, port = split
    return scheme, name, port or _DEFAULT_PORTS.get(scheme, "")


def _refusal(scope: Scope, allowed: frozenset[str] | None) -> tuple[int, Said] | None:
    """Why this request is refused (status, message of :mod:`.i18n`), or ``None``."""
    headers = Headers(scope=scope)
    host = headers.get("host")
    if host is None:
        return 400, said("error.no_host")
    split = _split_host(host)
    if split is None or (allowed is not None and split[0] not in allowed):
        names = ", ".join(sorted(allowed or ()))
        return 421, said("error.unknown_host", host=repr(host[:100]), names=names)
    if scope["method"] in SAFE_METHODS:
        return None
    origin = headers.get("origin")
    if origin is not None:
        scheme, _, rest = origin.strip().lower().partition("://")
        if not rest or _origin_of(scheme, rest) != _origin_of(scope["scheme"], host):
            return 403, said("error.cross_origin", origin=repr(origin[:100]))
    media_type = headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        return 415, said("error.json_only")
    return None


def _json_refusal(status: int, refused: Said) -> tuple[Message, Message]:
    # as the application's errors: the English, and the key and arguments
    answer = {"error": render(refused), "code": refused["key"], "args": refused["args"]}
    body = json.dumps(answer).encode("ascii")
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
    ]
    headers += [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]
    if status == 400:
        headers.append((b"connection", b"close"))
    start = {"type": "http.response.start", "status": status, "headers": headers}
    return start, {"type": "http.response.body", "body": body}


class Guard:
    """ASGI middleware: refuse what :func:`_refusal` names, with a JSON error,
    and add :data:`SECURITY_HEADERS` to every answer."""

    def __init__(self, app: ASGIApp, *, host: str = "127.0.0.1") -> None:
        self.app = app
        self.allowed = allowed_hosts(host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = _refusal(scope, self.allowed)
        if refused is not None:
            for message in _json_refusal(*refused):
                await send(message)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
