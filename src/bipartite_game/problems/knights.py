"""``bipartite-game knights``: the Petrozavodsk 2018 knights duel (qoj 2213).

Input: ``n m r c`` (``n, m >= 1``; ``r, c >= 0`` of any size: the judge allows
leaps up to 1000 on boards as small as 1x1, and a leap longer than the board
has no move), then the ``n x m`` board: ``@`` broken, ``.`` free, ``A``
Alice's leaper, ``B`` Bob's.  The board comes as ``n`` rows of ``m`` squares
(white space between squares ignored) or as ``n * m`` lines of one square.  Output: ``Alice`` or
``Bob``, the winner with Alice moving first.  The rules and the argument are
in :mod:`bipartite_game.theory.duel`.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import _stats
from .._limits import LEAP_CAP, ensure_fits
from .._native import Library, library
from .._stats import phase
from .._text import (
    as_bytes,
    board_sides,
    check_text_size,
    header_fields,
    header_size_limit,
    quote,
    saturating,
)
from ..errors import InputError
from ..theory.duel_bits import QUEUE_CELLS, BitBoard

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Duel", "answer", "parse", "read_header", "size_limit"]

_SPACE = b" \t\r\v\f"
#: Bytes of working memory per cell (board, mask, search stack).
BYTES_PER_CELL = 16


@dataclass(frozen=True, eq=False)
class Duel:
    open: npt.NDArray[np.bool_]
    r: int
    c: int
    alice: tuple[int, int]
    bob: tuple[int, int]


def read_header(data: bytes) -> tuple[int, int, int, int, int]:
    """``(n, m, r, c, line)`` from the first line that is not blank.  ``r`` and
    ``c`` may be of any size; one at least as long as the board has no move
    there, and values past :data:`~bipartite_game.graphs.boards.LEAP_CAP` are read as
    that cap (the same game)."""
    expected = "'n m r c' (four non-negative integers)"
    number, fields = header_fields(data, 4, expected, "the board")
    n, m = board_sides(fields, ("n", "m"), line=number, board="board", cell="square")
    r = saturating(fields[2], LEAP_CAP)
    c = saturating(fields[3], LEAP_CAP)
    assert r is not None and c is not None  # decimal, checked above
    return n, m, r, c, number


def size_limit(head: bytes) -> int | None:
    """The most bytes of text the header in ``head`` allows (see
    :func:`~bipartite_game._text.header_size_limit`)."""
    return header_size_limit(head, read_header)


def parse(data: bytes | str) -> Duel:
    """Parse the judge format; raise :class:`InputError` naming the line.

    The board comes as ``n`` lines of ``m`` squares (white space between
    squares ignored), or as ``n * m`` lines of one square each.
    """
    data = as_bytes(data, "knights.parse()")
    n, m, r, c, header_line = read_header(data)
    check_text_size(data, n * m, f"a {n}x{m} board")
    ensure_fits(n * m * BYTES_PER_CELL, f"a {n}x{m} board")
    lines = data.split(b"\n")
    content = [(k + 1, line) for k, line in enumerate(lines) if line.strip()]
    rows = [(k, line.translate(None, _SPACE)) for k, line in content[1:]]
    if not (len(rows) == n * m and all(len(row) == 1 for _, row in rows)):
        for k, row in rows:
            if len(row) != m:
                raise InputError(f"expected a row of {m} squares, found {len(row)}", line=k)
        if len(rows) != n:
            where = rows[n][0] if len(rows) > n else (rows[-1][0] if rows else header_line)
            raise InputError(f"expected {n} rows of {m} squares, found {len(rows)}", line=where)
    import numpy as np  # here: the command line's native path does without it

    known_bytes = np.zeros(256, dtype=np.bool_)
    known_bytes[list(b"@.AB")] = True
    flat = np.frombuffer(b"".join(row for _, row in rows), dtype=np.uint8)
    known = known_bytes[flat]
    if not known.all():
        at = int(np.argmin(known))
        line = _line_of(rows, at)
        raise InputError(
            f"unknown square {quote(bytes(flat[at : at + 1]))} (expected '@', '.', 'A' or 'B')",
            line=line,
        )
    board = flat.reshape(n, m)
    alice = _token(board, ord("A"), "A", rows)
    bob = _token(board, ord("B"), "B", rows)
    return Duel(board != ord("@"), r, c, alice, bob)


def _line_of(rows: list[tuple[int, bytes]], at: int) -> int:
    for k, row in rows:
        if at < len(row):
            return k
        at -= len(row)
    return rows[-1][0]


def _token(
    board: npt.NDArray[np.uint8], code: int, name: str, rows: list[tuple[int, bytes]]
) -> tuple[int, int]:
    import numpy as np

    where = np.argwhere(board == code)
    if len(where) != 1:
        found = "none" if len(where) == 0 else f"{len(where)}"
        line = (
            rows[-1][0]
            if len(where) == 0
            else _line_of(rows, int(where[1][0]) * board.shape[1] + int(where[1][1]))
        )
        raise InputError(f"expected exactly one '{name}' on the board, found {found}", line=line)
    return int(where[0][0]), int(where[0][1])


def answer(data: bytes | str, *, format: str = "text") -> bytes:
    """The winner; ``format="json"``: as a JSON document (``docs/json.md``).

    With the native library the board goes from the text into a bitset and
    the search runs on it, in C, without numpy (whose import alone costs
    0.1 s and 16 MiB, more than the whole answer on a 3000x3000 board):
    about 2 bits of memory per square beside the text.  Without it,
    :func:`parse` and :func:`~bipartite_game.theory.duel.leaper_duel_alice_wins`
    give the same answers and messages.
    """
    as_json = format != "text" and _json_format(format)
    lib = library()
    if lib is None:
        from ..theory.duel import leaper_duel_alice_wins

        with phase("parse"):
            duel = parse(data)
        with phase("duel"):  # components and colours: no graph, no matching
            wins = leaper_duel_alice_wins(duel.open, duel.r, duel.c, duel.alice, duel.bob)
        rows, cols = int(duel.open.shape[0]), int(duel.open.shape[1])
    else:
        with phase("parse"):
            board = _read_bits(lib, data)
        with phase("duel"):
            wins = board.alice_wins(lib)
        rows, cols = board.n, board.m
    if _stats.active():  # --stats: the sizes the other commands report
        with phase("count"):
            if lib is None:
                _report_sizes(lambda i, j: duel.open[i:j], rows, cols, duel.r, duel.c)
            else:
                _report_sizes(_bit_rows(board), rows, cols, board.r, board.c)
    if as_json:
        from . import _json

        fields = [
            ("rows", rows),
            ("cols", cols),
            ("winner", "Alice" if wins else "Bob"),
            ("first_player_wins", wins),
        ]
        return _json.document("knights", fields)
    return b"Alice\n" if wins else b"Bob\n"


#: Squares unpacked at a time while counting for ``--stats``.
_COUNT_BLOCK = 1 << 22


def _report_sizes(
    rows_of: Callable[[int, int], npt.NDArray[np.bool_]], n: int, m: int, r: int, c: int
) -> None:
    """For ``--stats``: the leaper graph's size, as the other commands give
    theirs (vertices: the squares not broken, tokens' included; edges: the
    leaper moves between two of them), and why there is no matching (the
    duel is decided by components and colours).  ``rows_of(i, j)`` gives
    rows ``i`` to ``j`` of the board as booleans.  O(squares) time, counted a
    block of rows at a time: O(:data:`_COUNT_BLOCK`) memory."""
    import numpy as np

    from ..graphs.boards import leaper_steps

    block = max(1, _COUNT_BLOCK // m)
    # each move once: the steps going down, or right along a row
    leaps = leaper_steps(min(r, LEAP_CAP), min(c, LEAP_CAP))
    steps = [(di, dj) for di, dj in leaps if (di, dj) > (0, 0)]
    steps = [(di, dj) for di, dj in steps if di < n and abs(dj) < m]
    squares = moves = 0
    for top in range(0, n, block):
        bottom = min(n, top + block)
        here = rows_of(top, bottom)
        squares += int(np.count_nonzero(here))
        for di, dj in steps:
            if top + di >= n:
                continue
            there = rows_of(top + di, min(n, bottom + di))
            a = here[: there.shape[0], max(0, -dj) : m - max(0, dj)]
            b = there[:, max(0, dj) : m - max(0, -dj)]
            moves += int(np.count_nonzero(a & b))
    _stats.count("graphs", 1)
    _stats.count("vertices", squares)
    _stats.count("edges", moves)
    _stats.note("matching", "none (the duel is decided by components and colours)")


def _bit_rows(board: BitBoard) -> Callable[[int, int], npt.NDArray[np.bool_]]:
    """Rows ``i`` to ``j`` of a bitset board as booleans (``_report_sizes``)."""
    import numpy as np

    m = board.m

    def rows_of(i: int, j: int) -> npt.NDArray[np.bool_]:
        start, stop = i * m, j * m
        first = start >> 3
        chunk = np.frombuffer(
            board.bits, dtype=np.uint8, count=((stop + 7) >> 3) - first, offset=first
        )
        bits = np.unpackbits(chunk, bitorder="little")[start & 7 : (start & 7) + stop - start]
        return bits.astype(np.bool_).reshape(j - i, m)

    return rows_of


def _json_format(format: str) -> bool:
    from . import _json  # numpy: only for a JSON answer

    return _json.check_format(format)


_NOT_SPACE = re.compile(rb"\S")
#: The fields of the native reader's report (``native/duel.c``, its enum).
_ROWS, _ALL_ONE, _BAD_LINE, _BAD_LENGTH, _EXTRA_LINE, _LAST_LINE = range(6)
_UNKNOWN_AT, _UNKNOWN_LINE, _UNKNOWN_BYTE = range(6, 9)
_TOKENS = {"A": (9, 10, 11), "B": (12, 13, 14)}
_INFO_SIZE = 16


def _read_bits(lib: Library, data: bytes | str) -> BitBoard:
    """:func:`parse`, by the native reader: the same checks in the same
    order, the same messages, with the board read in C into a bitset."""
    data = as_bytes(data, "knights.parse()")
    n, m, r, c, header_line = read_header(data)
    cells = n * m
    check_text_size(data, cells, f"a {n}x{m} board")
    header = _NOT_SPACE.search(data)
    assert header is not None  # read_header found it
    end = data.find(b"\n", header.start())
    begin = len(data) if end < 0 else end + 1
    # a text shorter than the board is refused below: no bitset for it
    writable = cells if len(data) - begin >= cells else 0
    if writable:
        ensure_fits(cells // 4 + 4 * min(cells, QUEUE_CELLS), f"a {n}x{m} board")
    bits = bytearray((writable + 7) // 8)
    info = array("q", bytes(8 * _INFO_SIZE))
    lib.function("bg_knights_board", "BqqqqqqBl")(
        data, begin, len(data), header_line, n, m, writable, bits, info
    )
    rows = info[_ROWS]
    if not (rows == cells and info[_ALL_ONE]):
        if info[_BAD_LINE]:
            length = info[_BAD_LENGTH]
            raise InputError(f"expected a row of {m} squares, found {length}", line=info[_BAD_LINE])
        if rows != n:
            where = info[_EXTRA_LINE] if rows > n else (info[_LAST_LINE] if rows else header_line)
            raise InputError(f"expected {n} rows of {m} squares, found {rows}", line=where)
    if info[_UNKNOWN_AT] >= 0:
        raise InputError(
            f"unknown square {quote(bytes([info[_UNKNOWN_BYTE]]))} (expected '@', '.', 'A' or 'B')",
            line=info[_UNKNOWN_LINE],
        )
    tokens = []
    for name, (count, first, second_line) in _TOKENS.items():
        if info[count] != 1:
            many = "none" if info[count] == 0 else f"{info[count]}"
            line = info[_LAST_LINE] if info[count] == 0 else info[second_line]
            raise InputError(f"expected exactly one '{name}' on the board, found {many}", line=line)
        tokens.append(info[first])
    assert writable  # n * m squares were found
    return BitBoard(bits, n, m, r, c, tokens[0], tokens[1])
