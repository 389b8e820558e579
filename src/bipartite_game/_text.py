"""Numbers and quotations read safely from any text a user may give.

Every front-end reads integers from untrusted text and quotes that text back
in its error messages.  Three traps sit there, and this module is the one
place that steps around them:

- ``str.isdigit`` accepts superscript, fullwidth and Arabic-Indic digits
  (``'²'.isdigit()`` is true, and ``int('²')`` then fails): only ASCII
  ``[0-9]`` counts as a digit here;
- ``int()`` refuses strings of more than 4300 digits, and a number of a
  thousand digits turns any size estimate into an overflow or an endless
  power: a number is read only when it has at most :data:`MAX_DIGITS`
  digits, and a longer one is reported (or saturated, where a large value
  has one meaning whatever its size);
- a message must not repeat a megabyte of input or show a Python ``b'…'``
  repr: :func:`quote` shows at most ~60 characters, decoded.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._limits import MAX_VERTICES
from .errors import BipartiteGameError, InputError

__all__ = [
    "MAX_DIGITS",
    "as_bytes",
    "board_sides",
    "first_line",
    "header_fields",
    "header_is_complete",
    "header_size_limit",
    "is_decimal",
    "quote",
    "read_count",
    "saturating",
    "text_limit",
]

#: The most digits read as a number: every value below 10**18 fits an int64.
MAX_DIGITS = 18

_ASCII_DIGITS = frozenset(b"0123456789")


def is_decimal(token: bytes | str) -> bool:
    """True for a non-empty run of ASCII digits ``0-9`` (nothing else)."""
    if isinstance(token, str):
        return token.isascii() and token.isdigit()
    return bool(token) and token.isdigit()


def quote(text: bytes | str, limit: int = 60) -> str:
    """``text`` as a message shows it: decoded (bad bytes replaced), at most
    ``limit`` characters, control characters escaped, in quotes.

    >>> quote(b"012")
    "'012'"
    >>> quote("x" * 100, limit=5)
    "'xxxxx…'"
    """
    if isinstance(text, bytes):
        text = text[: limit * 4].decode("utf-8", "replace")
    shown = repr(text[:limit])
    if len(text) > limit:
        shown = shown[:-1] + "…" + shown[-1]
    return shown


def saturating(token: bytes | str, cap: int) -> int | None:
    """The value of a decimal ``token``, or ``cap`` when it is at least
    ``cap``; ``None`` when ``token`` is not decimal.  Never calls ``int`` on
    more than :data:`MAX_DIGITS` digits (``cap`` must be below 10**18)."""
    if not is_decimal(token):
        return None
    digits = token.lstrip(b"0") if isinstance(token, bytes) else token.lstrip("0")
    if len(digits) > MAX_DIGITS:
        return cap
    return min(int(digits or 0), cap)


def read_count(token: bytes | str, what: str, *, line: int | None, maximum: int) -> int:
    """A non-negative integer that must be at most ``maximum``; otherwise an
    :class:`InputError` naming ``what`` and quoting the token."""
    value = saturating(token, maximum + 1)
    if value is None:
        raise InputError(f"expected {what}, found {quote(token)}", line=line)
    if value > maximum:
        raise InputError(f"{what} is too large: {quote(token, 24)} (at most {maximum})", line=line)
    return value


_BOM = b"\xef\xbb\xbf"


def as_bytes(data: object, who: str) -> bytes:
    """Judge text as bytes: ``bytes``-like or ``str`` (encoded as UTF-8, lone
    surrogates kept), without a leading UTF-8 byte-order mark; anything else
    is a :class:`BipartiteGameError` naming ``who``."""
    if isinstance(data, str):
        try:
            encoded = data.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            encoded = data.encode("utf-8", "surrogatepass")
        data = encoded
    elif isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if not isinstance(data, bytes):
        kind = type(data).__name__
        raise BipartiteGameError(f"{who} takes the input as bytes or str, not {kind}")
    return data[len(_BOM) :] if data.startswith(_BOM) else data


_NOT_SPACE = re.compile(rb"\S")


def first_line(data: bytes) -> tuple[int, bytes] | None:
    """The first line with anything but white space on it, and its 1-based
    number; ``None`` for blank input.  Looks no further than that line."""
    found = _NOT_SPACE.search(data)
    if found is None:
        return None
    start = data.rfind(b"\n", 0, found.start()) + 1
    end = data.find(b"\n", found.start())
    line = data[start:] if end < 0 else data[start:end]
    return data.count(b"\n", 0, start) + 1, line


#: Bytes of text one cell of a board may take at most (the cell, spaces
#: between cells, its share of line ends); see :func:`text_limit`.
TEXT_PER_CELL = 16
#: Bytes of text allowed beyond that: headers, blank lines, comments.
TEXT_SLACK = 1 << 20


def text_limit(cells: int) -> int:
    """The most bytes of text a board of ``cells`` cells is read from.  A
    header that promises a small board but comes with a huge body is refused
    before the body is split into lines (which would cost many times its
    size in memory)."""
    return cells * TEXT_PER_CELL + TEXT_SLACK


def check_text_size(data: bytes, cells: int, what: str) -> None:
    """Refuse ``data`` longer than :func:`text_limit` allows for ``what``."""
    limit = text_limit(cells)
    if len(data) > limit:
        raise InputError(
            f"more text than {what} can take ({len(data)} bytes; at most {limit})"
        )


def header_is_complete(head: bytes) -> bool:
    """Does ``head`` (the first chunk of a longer input) hold the whole first
    line that is not blank?  Only then can a header read from it be judged."""
    found = first_line(head)
    return found is not None and head.count(b"\n") >= found[0]


def header_fields(data: bytes, count: int, expected: str, after: str) -> tuple[int, list[bytes]]:
    """The 1-based number and the ``count`` decimal fields of the first line
    that is not blank, the header ``expected`` (``"'N M' (two positive
    integers)"``), which ``after`` follows (``"the maze"``)."""
    found = first_line(data)
    if found is None:
        raise InputError(f"empty input: expected {expected.split(' (')[0]} and {after}")
    number, text = found
    fields = text.split()
    if len(fields) != count or not all(is_decimal(f) for f in fields):
        raise InputError(f"expected {expected}, found {quote(b' '.join(fields))}", line=number)
    return number, fields


def board_sides(
    fields: list[bytes], names: tuple[str, str], *, line: int, board: str, cell: str
) -> tuple[int, int]:
    """Rows and columns of a board from two decimal header fields: both
    positive, with at most :data:`~bipartite_game._limits.MAX_VERTICES`
    cells in all (vertex ids are int32)."""
    rows = read_count(fields[0], names[0], line=line, maximum=MAX_VERTICES)
    cols = read_count(fields[1], names[1], line=line, maximum=MAX_VERTICES)
    if rows <= 0 or cols <= 0:
        raise InputError(
            f"{names[0]} and {names[1]} must be positive, found {rows} {cols}", line=line
        )
    if rows * cols > MAX_VERTICES:
        raise InputError(
            f"a {rows}x{cols} {board} has more than {MAX_VERTICES} {cell}s", line=line
        )
    return rows, cols


def header_size_limit(
    head: bytes, read_header: Callable[[bytes], tuple[int, ...]]
) -> int | None:
    """The most bytes of text a board's header at the start of ``head`` (the
    first chunk of the input) allows: :func:`text_limit` of its rows times
    its columns, the first two numbers ``read_header`` returns; ``None``
    when the header line does not end within ``head``.  A bad header raises
    :class:`InputError` at once, so an endless stream with a bad first line
    is refused before it is read."""
    head = as_bytes(head, "size_limit()")
    if not header_is_complete(head):
        return None
    rows, cols = read_header(head)[:2]
    return text_limit(rows * cols)
