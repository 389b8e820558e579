"""``bipartite-game maze``: JSOI2009 游戏 (BZOJ 1443, Luogu P4055).

Input: ``N M`` then ``N`` rows of ``M`` cells, ``.`` open and ``#`` wall.
The first player (AA) places the token on an open cell; then YY and AA
alternately move it to an adjacent unvisited open cell; who cannot move loses.
AA wins exactly from the starts where the player to move (YY) loses.

Output: ``WIN`` and each such cell as ``row col`` (1-based, row-major), or
``LOSE`` when there is none (a maze with no open cell included).

Tolerated: CRLF line ends, trailing spaces, blank lines, cells separated by
spaces.  Rejected with the line named: a bad header, a wrong row length, an
unknown character, missing or extra rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._command import write_file
from .._digits import write_decimal
from .._frozen import freeze
from .._jit import kernel
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
from ..errors import BipartiteGameError, InputError
from ..graphs.boards import GridBoard, grid_board
from . import _json

if TYPE_CHECKING:
    from .._native import Library
    from ..theory.game import Solution

__all__ = [
    "Maze",
    "answer",
    "cell_names",
    "format_answer",
    "format_cells",
    "parse",
    "read_header",
    "size_limit",
    "solve_maze",
]

_SPACE = b" \t\r\v\f"
_CELL = re.compile(r"([0-9]+)\s*[, ]\s*([0-9]+)", re.ASCII)
_OPEN, _WALL = ord("."), ord("#")
#: Bytes of working memory per cell of the largest maze pipeline (measured).
BYTES_PER_CELL = 110


@dataclass(frozen=True, eq=False)
class Maze:
    """A parsed maze: ``open[i, j]`` is true for an open cell (read-only,
    so that :func:`~bipartite_game.graphs.boards.grid_board` keeps it
    rather than a copy)."""

    open: npt.NDArray[np.bool_]

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.open.shape[0]), int(self.open.shape[1]))


def read_header(data: bytes) -> tuple[int, int, int]:
    """``(N, M, line)`` from the first line that is not blank; the maze must
    have at most :data:`~bipartite_game.graphs.graph.MAX_VERTICES` cells."""
    number, fields = header_fields(data, 2, "'N M' (two positive integers)", "the maze")
    height, width = board_sides(fields, ("N", "M"), line=number, board="maze", cell="cell")
    return height, width, number


def size_limit(head: bytes) -> int | None:
    """The most bytes of text the header in ``head`` allows (see
    :func:`~bipartite_game._text.header_size_limit`)."""
    return header_size_limit(head, read_header)


def parse(data: bytes | str) -> Maze:
    """Parse the judge format; raise :class:`InputError` naming the line."""
    data = as_bytes(data, "maze.parse()")
    height, width, header_line = read_header(data)
    check_text_size(data, height * width, f"a {height}x{width} maze")
    ensure_fits(height * width * BYTES_PER_CELL, f"a {height}x{width} maze")
    lines = data.split(b"\n")
    numbered = ((k + 1, line.translate(None, _SPACE)) for k, line in enumerate(lines))
    content = [(k, line) for k, line in numbered if line]
    rows = content[1:]
    if len(rows) < height:
        raise InputError(
            f"expected {height} rows, found {len(rows)}",
            line=rows[-1][0] if rows else header_line,
        )
    if len(rows) > height:
        raise InputError(f"expected end of input after {height} rows", line=rows[height][0])
    for number, row in rows:
        if len(row) != width:
            raise InputError(f"expected {width} cells, found {len(row)}", line=number)
    cells = np.frombuffer(b"".join(row for _, row in rows), dtype=np.uint8).reshape(height, width)
    bad = (cells != _OPEN) & (cells != _WALL)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        char = chr(cells[i, j]) if 32 < cells[i, j] < 127 else f"\\x{cells[i, j]:02x}"
        raise InputError(
            f"unknown cell {char!r} in column {j + 1} (expected '.' or '#')", line=rows[i][0]
        )
    return Maze(freeze(cells == _OPEN))


def solve_maze(maze: Maze, *, moves: str = "rook") -> tuple[GridBoard, Solution]:
    """Build the move graph and solve it."""
    board = grid_board(maze.open, moves)
    return board, _solve(board)


def _solve(board: GridBoard) -> Solution:
    from ..theory.game import solve  # here, so that parsing a maze loads no solver

    return solve(board.graph)


def format_answer(board: GridBoard, solution: Solution) -> memoryview:
    """``WIN`` and the cells where the mover loses, or ``LOSE``."""
    return format_cells(board.cell_of[solution.losing], board.shape[1])


def format_cells(cells: npt.NDArray[np.int32], width: int) -> memoryview:
    """The answer for these flat cell indices (ascending), as a byte buffer."""
    if cells.size == 0:
        return memoryview(b"LOSE\n")
    last_row = int(cells.max()) // width + 1  # the widest row number, whatever the order
    per_line = len(str(last_row)) + len(str(width)) + 2
    out = np.empty(4 + cells.size * per_line, dtype=np.uint8)
    out[:4] = np.frombuffer(b"WIN\n", dtype=np.uint8)
    end = _write_cells(cells, width, out, 4)
    return out.data[:end]


def format_losing(
    open_flat: npt.NDArray[np.bool_], losing: npt.NDArray[np.bool_], height: int, width: int
) -> memoryview:
    """The answer from the open cells (flat, row-major) and, for each open
    cell in order, whether the mover loses there; one kernel, one buffer."""
    count = int(np.count_nonzero(losing))
    if count == 0:
        return memoryview(b"LOSE\n")
    per_line = len(str(height)) + len(str(width)) + 2
    out = np.empty(4 + count * per_line, dtype=np.uint8)
    out[:4] = np.frombuffer(b"WIN\n", dtype=np.uint8)
    end = _write_losing(open_flat, losing, width, out, 4)
    return out.data[:end]


def answer(
    data: bytes | str,
    *,
    moves: str = "rook",
    explain: str | None = None,
    format: str = "text",
    certificate: str | None = None,
) -> memoryview:
    """The judge's answer, or with ``explain`` (``"ROW,COL"``, 1-based) the
    proof behind that start cell's verdict, cells named ``row col``.
    ``format="json"``: the answer as a JSON document (``docs/json.md``).
    With ``certificate`` (a path) the certificate of every start is written
    there too, cells named ``"ROW COL"``."""
    as_json = _json.check_format(format)
    if explain is not None and as_json:
        raise BipartiteGameError("--explain prints a proof as text: it has no JSON form")
    with phase("parse"):
        maze = parse(data)
    with phase("build"):
        board = grid_board(maze.open, moves)
    solution = _solve(board)
    if explain is not None:
        return memoryview(_explain(board, solution, explain))
    if certificate is not None:
        from ..proofs.certificate import certify

        with phase("certificate"):
            names = cell_names(board)
            text = certify(solution).to_json(names, moves=moves)
            text += "\n"  # a text file ends with a line break
            write_file(certificate, text.encode("ascii"))
    losing = solution.losing
    height, width = board.shape
    open_flat = maze.open.reshape(-1)
    del maze, board, solution  # free the graph before the output buffer is made
    with phase("format"):
        if not as_json:  # straight from the mask: no array of cells
            return format_losing(open_flat, losing, height, width)
        cells = np.flatnonzero(open_flat)[losing].astype(np.int32)
        return _format(cells, height, width, moves, as_json)


def _format(
    cells: npt.NDArray[np.int32], height: int, width: int, moves: str, as_json: bool
) -> memoryview:
    """The answer for the losing cells, as text or as the JSON document."""
    if not as_json:
        return format_cells(cells, width)
    fields = [
        ("rows", height),
        ("cols", width),
        ("moves", moves),
        ("placer_wins", bool(cells.size)),
        ("winning_starts", _json.cells(cells, width)),
    ]
    return memoryview(_json.document("maze", fields))


def cell_names(board: GridBoard) -> bytes:
    """Every vertex's cell as ``row col`` (1-based), one a line."""
    if board.cell_of.size == 0:
        return b""
    return bytes(format_cells(board.cell_of, board.shape[1])[4:])


def _explain(board: GridBoard, solution: Solution, cell: str) -> bytes:
    """The proof for one start cell, cells named ``row col`` (1-based)."""
    vertex = _cell_vertex(board, cell)

    def name(v: int) -> str:
        row, col = board.cell(v)
        return f"{row + 1} {col + 1}"

    return solution.explain(vertex).text(name).encode()


def _cell_vertex(board: GridBoard, cell: str) -> int:
    """The vertex of an open cell given as ``"ROW,COL"`` or ``"ROW COL"``
    (1-based), or an :class:`InputError` saying what is wrong with it."""
    if not isinstance(cell, str):
        raise BipartiteGameError(f"a cell is text 'ROW,COL', not {type(cell).__name__}")
    found = _CELL.fullmatch(cell.strip())
    if found is None:
        raise InputError(f"--explain: expected 'ROW,COL' (1-based), found {quote(cell)}")
    row = saturating(found.group(1), 1 << 40)
    col = saturating(found.group(2), 1 << 40)
    height, width = board.shape
    if row is None or col is None or not (1 <= row <= height and 1 <= col <= width):
        raise InputError(f"--explain: no cell {quote(cell)} in a {height}x{width} maze")
    vertex = board.vertex_at(row - 1, col - 1)
    if vertex is None:
        raise InputError(f"--explain: cell {row} {col} is a wall")
    return vertex


def _write_cells_native(
    lib: Library, cells: npt.NDArray[np.int32], width: int, out: npt.NDArray[np.uint8], at: int
) -> int:
    return lib.function("bg_write_cells", "iqqBq")(cells, cells.size, width, out, at)


@kernel(native=_write_cells_native)
def _write_cells(
    cells: npt.NDArray[np.int32], width: int, out: npt.NDArray[np.uint8], at: int
) -> int:
    """Write ``row col\\n`` (1-based) for each flat cell index into ``out``
    from ``at``; returns the end."""
    digits = np.empty(20, dtype=np.uint8)
    for k in range(cells.size):
        flat = np.int64(cells[k])
        row = flat // width + 1
        col = flat - (row - 1) * width + 1
        for value, end in ((row, 32), (col, 10)):
            at = write_decimal(value, digits, out, at)
            out[at] = end
            at += 1
    return at


def _write_losing_native(lib: Library, open_flat: npt.NDArray[np.bool_], *rest: Any) -> int:
    """The kernel's arguments as they are, the cell count after the first."""
    write = lib.function("bg_write_losing", "?q?qBq")
    return write(open_flat, open_flat.size, *rest)


@kernel(native=_write_losing_native)
def _write_losing(
    open_flat: npt.NDArray[np.bool_],
    losing: npt.NDArray[np.bool_],
    width: int,
    out: npt.NDArray[np.uint8],
    at: int,
) -> int:
    """Write ``row col\\n`` (1-based) for each open cell whose vertex (the
    open cells numbered in order) is ``losing``, into ``out`` from ``at``;
    returns the end.  The C version walks the mask rather than make the
    cells' array: not 4 bytes a vertex at the peak of a maze answer."""
    cells = np.flatnonzero(open_flat)[losing].astype(np.int32)
    return _write_cells(cells, width, out, at)
