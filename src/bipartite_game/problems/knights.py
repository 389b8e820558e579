"""``bipartite-game knights``: the Petrozavodsk 2018 knights duel (qoj 2213).

Input: ``n m r c`` (``n, m >= 1``; ``r, c >= 0`` of any size: the judge allows
leaps up to 1000 on boards as small as 1x1, and a leap longer than the board
has no move), then the ``n x m`` board: ``@`` broken, ``.`` free, ``A``
Alice's leaper, ``B`` Bob's.  The board comes as ``n`` rows of ``m`` squares
(white space between squares ignored) or as ``n * m`` lines of one square.  Output: ``Alice`` or
``Bob``, the winner with Alice moving first.  The rules and the argument are
in :mod:`bipartite_game.duel`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._limits import ensure_fits
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
from ..boards import LEAP_CAP
from ..duel import leaper_duel_alice_wins
from ..errors import InputError
from . import _json

__all__ = ["Duel", "answer", "parse", "read_header", "size_limit"]

_SPACE = b" \t\r\v\f"
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[list(b"@.AB")] = True
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
    there, and values past :data:`~bipartite_game.boards.LEAP_CAP` are read as
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
    flat = np.frombuffer(b"".join(row for _, row in rows), dtype=np.uint8)
    known = _KNOWN[flat]
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
    """The winner; ``format="json"``: as a JSON document (``docs/json.md``)."""
    as_json = _json.check_format(format)
    with phase("parse"):
        duel = parse(data)
    with phase("duel"):  # components and colours: no graph, no matching
        wins = leaper_duel_alice_wins(duel.open, duel.r, duel.c, duel.alice, duel.bob)
    if as_json:
        rows, cols = duel.open.shape
        fields = [
            ("rows", int(rows)),
            ("cols", int(cols)),
            ("winner", "Alice" if wins else "Bob"),
            ("first_player_wins", wins),
        ]
        return _json.document("knights", fields)
    return b"Alice\n" if wins else b"Bob\n"
