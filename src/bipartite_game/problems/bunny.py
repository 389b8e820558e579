"""``bipartite-game bunny``: NOI2011 兔兔与蛋蛋游戏 (Luogu P1971, BZOJ 2437).

Input: ``n m``, the ``n`` rows, ``k``, then ``2k`` lines ``x y`` (1-based row
and column of the piece moved, which is the cell that becomes empty), Bunny's
and Egg's moves alternately.  Output: the number of mistakes, then their
round numbers in increasing order, one a line.

Parse and format only: the rules, the replay of the record on the real
pieces and the reduction to vertex geography (with its proof) are
:mod:`bipartite_game.theory.bunny`; a move the rules refuse is named here by
its input line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._checks import MAX_VERTICES
from .._limits import ensure_fits
from .._stats import phase
from .._text import as_bytes, board_sides, header_fields, is_decimal, quote, read_count
from ..errors import InputError
from ..theory.annotate import IllegalRecordError
from ..theory.bunny import BLACK, EMPTY, WHITE
from ..theory.bunny import mistakes as bunny_mistakes
from . import _json

__all__ = ["Record", "answer", "mistakes", "parse"]

_SPACE = b" \t\r\v\f"
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[[WHITE, BLACK, EMPTY]] = True
#: Bytes of working memory per cell (board, open mask, graph, matching).
BYTES_PER_CELL = 120
#: The most rounds a record may have.
MAX_ROUNDS = 10**7


@dataclass(frozen=True, eq=False)
class Record:
    """A board and a played game: ``cells`` holds ``O``, ``X`` and one ``.``
    (bytes), ``moves`` the ``2k`` cells moved from, 0-based, and ``lines``
    the input line of each move (for messages)."""

    cells: npt.NDArray[np.uint8]
    moves: list[tuple[int, int]]
    lines: list[int]

    @property
    def rounds(self) -> int:
        return len(self.moves) // 2


def parse(data: bytes | str) -> Record:
    """Parse the judge format; raise :class:`InputError` naming the line.
    The moves are checked against the rules by :func:`mistakes`."""
    data = as_bytes(data, "bunny.parse()")
    header_line, fields = header_fields(data, 2, "'n m' (two positive integers)", "the board")
    n, m = board_sides(fields, ("n", "m"), line=header_line, board="board", cell="cell")
    ensure_fits(n * m * BYTES_PER_CELL, f"a {n}x{m} board")
    lines = data.split(b"\n")
    content = [(k + 1, line) for k, line in enumerate(lines) if line.strip()]
    rows = content[1 : 1 + n]
    if len(rows) < n:
        where = rows[-1][0] if rows else header_line
        raise InputError(f"expected {n} rows, found {len(rows)}", line=where)
    grid = []
    for number, raw in rows:
        row = raw.translate(None, _SPACE)
        if len(row) != m:
            raise InputError(f"expected {m} cells, found {len(row)}", line=number)
        grid.append(row)
    cells = np.frombuffer(b"".join(grid), dtype=np.uint8).reshape(n, m)
    known = _KNOWN[cells]
    if not known.all():
        i, j = (int(x) for x in np.argwhere(~known)[0])
        raise InputError(
            f"unknown cell {quote(bytes(cells[i, j : j + 1]))} in column {j + 1} "
            "(expected 'O', 'X' or '.')",
            line=rows[i][0],
        )
    empties = np.argwhere(cells == EMPTY)
    if len(empties) != 1:
        where = rows[int(empties[1][0])][0] if len(empties) > 1 else rows[-1][0]
        raise InputError(f"expected exactly one empty cell '.', found {len(empties)}", line=where)
    rest = content[1 + n :]
    if not rest:
        raise InputError(
            "unexpected end of input: expected k, the number of rounds", line=rows[-1][0]
        )
    number, text = rest[0]
    token = text.strip()
    if not is_decimal(token):
        raise InputError(f"expected k, the number of rounds, found {quote(token)}", line=number)
    rounds = read_count(token, "k", line=number, maximum=MAX_ROUNDS)
    if rounds < 1:
        raise InputError("k must be at least 1, found 0", line=number)
    move_lines = rest[1:]
    if len(move_lines) != 2 * rounds:
        where = (
            move_lines[2 * rounds][0]
            if len(move_lines) > 2 * rounds
            else (move_lines[-1][0] if move_lines else number)
        )
        raise InputError(
            f"expected {2 * rounds} moves for k = {rounds}, found {len(move_lines)}", line=where
        )
    moves = []
    for line_number, raw in move_lines:
        pair = raw.split()
        if len(pair) != 2 or not all(is_decimal(p) for p in pair):
            raise InputError(f"expected a move 'x y', found {quote(raw.strip())}", line=line_number)
        x = read_count(pair[0], "x", line=line_number, maximum=MAX_VERTICES)
        y = read_count(pair[1], "y", line=line_number, maximum=MAX_VERTICES)
        if not (1 <= x <= n and 1 <= y <= m):
            raise InputError(f"cell {x} {y} is off the {n}x{m} board", line=line_number)
        moves.append((x - 1, y - 1))
    return Record(cells, moves, [k for k, _ in move_lines])


def mistakes(record: Record) -> list[int]:
    """The rounds where Bunny threw a won position away
    (:func:`bipartite_game.theory.bunny.mistakes`); a move the rules refuse
    is an :class:`InputError` naming its line."""
    try:
        return bunny_mistakes(record.cells, record.moves)
    except IllegalRecordError as error:
        raise InputError(str(error), line=record.lines[error.index]) from None


def answer(data: bytes | str, *, format: str = "text") -> bytes:
    """The number of Bunny's mistakes and their rounds; ``format="json"``:
    as a JSON document (``docs/json.md``)."""
    as_json = _json.check_format(format)
    with phase("parse"):
        record = parse(data)
    found = mistakes(record)
    if as_json:
        return _json.document("bunny", [("rounds", record.rounds), ("mistakes", found)])
    return b"".join([f"{len(found)}\n".encode(), *(f"{r}\n".encode() for r in found)])
