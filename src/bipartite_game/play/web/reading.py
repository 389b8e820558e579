"""Reading a request: its JSON body, within bounds, and the fields in it.

This is the boundary: everything after it may trust that the body was at
most ``max_body`` bytes, arrived within ``body_seconds``, is a JSON object
nested a few levels at most, holds only text that UTF-8 can carry, and that
the maze fits ``max_side``.  Every failure is an :class:`HTTPException` with
a 4xx status and a message that says what was wrong; a board too large says
the board's limit in the user's terms (:meth:`~.limits.Limits.board_limit`),
whether its side, its header or its body's bytes showed it.
"""

from __future__ import annotations

import json
from contextlib import aclosing
from typing import Any, TypeVar

import anyio
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request

from ..._text import header_fields
from ...errors import BipartiteGameError
from ...graphs.boards import GridBoard, grid_board
from ...problems.maze import parse
from .limits import Limits

__all__ = ["api_error", "board", "cell", "field", "read_json"]

T = TypeVar("T")

#: The API's deepest body is ``{"cell": [row, col]}``; anything much deeper
#: is not a request to this server, and would only cost recursion to look at.
MAX_DEPTH = 8


def api_error(status: int, message: str, *, close: bool = False) -> HTTPException:
    """An error answer (4xx, or 503) with ``message``; ``close`` ends the
    connection after it (for a body left unread, which the next request must
    not start inside)."""
    headers = {"Connection": "close"} if close else None
    return HTTPException(status, message, headers=headers)


async def read_json(
    request: Request, limits: Limits, *, carrying: str | None = None
) -> dict[str, Any]:
    """The request's JSON object: at most ``max_body`` bytes (413), received
    within ``body_seconds`` of the start (408), valid JSON (400) that is an
    object (400) of plain text (400).  An empty body is ``{}``.

    ``carrying`` names the board the request carries (``"maze"``, ``"graph"``
    or ``"sum"``): a body past ``max_body`` is then refused by the board's
    limits in the user's terms (:meth:`Limits.board_limit`), not by bytes
    alone."""
    too_large = f"request body too large: at most {limits.max_body} bytes"
    if carrying is not None:
        too_large = f"{limits.board_limit(carrying)} (this request is over {limits.max_body} bytes)"
    declared = request.headers.get("content-length", "")
    if (declared.isascii() and declared.isdigit()) and (
        len(declared) > 18 or int(declared) > limits.max_body
    ):
        raise api_error(413, too_large, close=True)
    try:
        with anyio.fail_after(limits.body_seconds):
            raw = await _read_capped(request, limits.max_body, too_large)
    except TimeoutError:
        raise api_error(
            408, f"request body not received within {limits.body_seconds:g} s", close=True
        ) from None
    except ClientDisconnect:
        # nobody is left to read this; saying so quietly keeps it out of the log
        raise api_error(400, "the client went away before the end of the body") from None
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw, parse_constant=_not_json)
    except RecursionError:
        raise api_error(400, "request body is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise api_error(400, f"request body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise api_error(400, "request body must be a JSON object")
    _check_plain(body)
    return body


def _not_json(constant: str) -> Any:
    """``NaN`` and ``Infinity`` are Python's extensions, not JSON."""
    raise ValueError(f"{constant} is not a JSON value")


async def _read_capped(request: Request, cap: int, too_large: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async with aclosing(request.stream()) as stream:
        async for chunk in stream:
            size += len(chunk)
            if size > cap:
                raise api_error(413, too_large, close=True)
            chunks.append(chunk)
    return b"".join(chunks)


def _check_plain(body: dict[str, Any]) -> None:
    """Refuse nesting beyond :data:`MAX_DEPTH` and text UTF-8 cannot encode
    (a lone surrogate such as ``"\\ud800"`` is valid JSON but not text).
    One pass over the parsed body, without recursion."""
    stack: list[tuple[Any, int]] = [(body, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise api_error(
                    400, "request body is not valid text: it holds a lone surrogate"
                ) from None
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise api_error(400, f"request body is nested more than {MAX_DEPTH} deep")
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def field(body: dict[str, Any], name: str, kind: type[T], default: T | None = None) -> T:
    """``body[name]`` checked to be a ``kind`` (``bool`` is not an ``int``)."""
    value = body.get(name, default)
    if value is None:
        raise api_error(400, f"missing field {name!r}")
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise api_error(400, f"field {name!r} must be a {kind.__name__}, found {value!r}"[:200])
    return value


def cell(body: dict[str, Any], name: str) -> tuple[int, int]:
    """``body[name]`` as a cell ``[row, col]`` of two integers."""
    value = body.get(name)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise api_error(400, f"field {name!r} must be a cell [row, col], found {value!r}"[:200])
    return int(value[0]), int(value[1])


def board(body: dict[str, Any], limits: Limits) -> GridBoard:
    """Parse and bound the request's maze, and build its move graph."""
    text = field(body, "maze", str)
    moves = field(body, "moves", str, "rook")
    data = text.encode("utf-8")
    try:
        # the header first: a maze too large is refused as such, even when
        # its rows are missing or its cells would not fit in memory
        _, sides = header_fields(data, 2, "'N M' (two positive integers)", "the maze")
        if max(_count(side) for side in sides) > limits.max_side:
            height, width = (_shown(side) for side in sides)
            raise api_error(
                413, f"maze too large: {height}x{width}, at most {limits.max_side} on a side"
            )
        maze = parse(data)
    except BipartiteGameError as error:
        raise api_error(400, f"maze: {error}") from None
    try:
        return grid_board(maze.open, moves)
    except BipartiteGameError as error:
        raise api_error(400, f"moves: {error}") from None


def _count(digits: bytes) -> int:
    """A header's decimal field, without Python's limit on the digits of an
    int: past twelve digits it is only "more than any side allowed"."""
    significant = digits.lstrip(b"0")
    return int(significant or b"0") if len(significant) <= 12 else 10**12


def _shown(digits: bytes) -> str:
    """A header's decimal field for a message, cut short when very long."""
    text = digits.lstrip(b"0").decode("ascii") or "0"
    return text if len(text) <= 20 else f"{text[:20]}..."
