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
from .i18n import Message, message, render
from .limits import Limits

__all__ = ["ApiError", "api_error", "board", "cell", "field", "read_json"]

T = TypeVar("T")

#: The API's deepest body is ``{"cell": [row, col]}``; anything much deeper
#: is not a request to this server, and would only cost recursion to look at.
MAX_DEPTH = 8


class ApiError(HTTPException):
    """An error answer: ``status``, and what to say, :attr:`said` (a
    message of the catalogs, :mod:`.i18n`), whose English text is the
    ``detail``."""

    def __init__(
        self, status: int, said: Message, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(status, render(said), headers=headers)
        self.said = said


def api_error(status: int, key: str, *, close: bool = False, **args: Any) -> ApiError:
    """An error answer (4xx, or 503) saying the message ``key`` with
    ``args``; ``close`` ends the connection after it (for a body left
    unread, which the next request must not start inside)."""
    headers = {"Connection": "close"} if close else None
    return ApiError(status, message(key, **args), headers=headers)


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
    too_large = message("error.body_too_large", max_body=limits.max_body)
    if carrying is not None:
        too_large = message(
            "error.board_too_large", limit=limits.board_limit(carrying), max_body=limits.max_body
        )
    declared = request.headers.get("content-length", "")
    if (declared.isascii() and declared.isdigit()) and (
        len(declared) > 18 or int(declared) > limits.max_body
    ):
        raise ApiError(413, too_large, {"Connection": "close"})
    try:
        with anyio.fail_after(limits.body_seconds):
            raw = await _read_capped(request, limits.max_body, too_large)
    except TimeoutError:
        raise api_error(
            408, "error.body_timeout", close=True, seconds=f"{limits.body_seconds:g}"
        ) from None
    except ClientDisconnect:
        # nobody is left to read this; saying so quietly keeps it out of the log
        raise api_error(400, "error.client_gone") from None
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw, parse_constant=_not_json)
    except RecursionError:
        raise api_error(400, "error.nested_too_deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise api_error(400, "error.not_json", detail=str(error)) from None
    if not isinstance(body, dict):
        raise api_error(400, "error.not_object")
    _check_plain(body)
    return body


def _not_json(constant: str) -> Any:
    """``NaN`` and ``Infinity`` are Python's extensions, not JSON."""
    raise ValueError(f"{constant} is not a JSON value")


async def _read_capped(request: Request, cap: int, too_large: Message) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async with aclosing(request.stream()) as stream:
        async for chunk in stream:
            size += len(chunk)
            if size > cap:
                raise ApiError(413, too_large, {"Connection": "close"})
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
                raise api_error(400, "error.lone_surrogate") from None
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise api_error(400, "error.nested_more", depth=MAX_DEPTH)
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def field(body: dict[str, Any], name: str, kind: type[T], default: T | None = None) -> T:
    """``body[name]`` checked to be a ``kind`` (``bool`` is not an ``int``)."""
    value = body.get(name, default)
    if value is None:
        raise api_error(400, "error.missing_field", name=repr(name))
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise api_error(
            400, "error.field_type", name=repr(name), kind=kind.__name__, value=_cut(repr(value))
        )
    return value


def cell(body: dict[str, Any], name: str) -> tuple[int, int]:
    """``body[name]`` as a cell ``[row, col]`` of two integers."""
    value = body.get(name)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise api_error(400, "error.field_cell", name=repr(name), value=_cut(repr(value)))
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
                413, "error.maze_too_large", height=height, width=width, side=limits.max_side
            )
        maze = parse(data)
    except BipartiteGameError as error:
        raise api_error(400, "error.maze", detail=str(error)) from None
    try:
        return grid_board(maze.open, moves)
    except BipartiteGameError as error:
        raise api_error(400, "error.moves", detail=str(error)) from None


def _cut(text: str) -> str:
    """A value quoted in a message, cut so that the message stays under 200
    characters."""
    return text[:140]


def _count(digits: bytes) -> int:
    """A header's decimal field, without Python's limit on the digits of an
    int: past twelve digits it is only "more than any side allowed"."""
    significant = digits.lstrip(b"0")
    return int(significant or b"0") if len(significant) <= 12 else 10**12


def _shown(digits: bytes) -> str:
    """A header's decimal field for a message, cut short when very long."""
    text = digits.lstrip(b"0").decode("ascii") or "0"
    return text if len(text) <= 20 else f"{text[:20]}..."
