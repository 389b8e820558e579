"""``bipartite-game bunny``: NOI2011 兔兔与蛋蛋游戏 (Luogu P1971, BZOJ 2437).

Rules.  An ``n x m`` board holds white pieces ``O``, black pieces ``X`` and
one empty cell ``.``.  Bunny moves first; the players alternate.  Bunny
moves a white piece orthogonally next to the empty cell into it, Egg a black
one; a player who cannot move loses.  Given a played game of ``k`` rounds
(Bunny's move, then Egg's), the judge asks for Bunny's mistakes: the rounds
``i`` where the position before Bunny's ``i``-th move was won for her and the
position after it is won for Egg.

Input: ``n m``, the ``n`` rows, ``k``, then ``2k`` lines ``x y`` (1-based row
and column of the piece moved, which is the cell that becomes empty), Bunny's
and Egg's moves alternately.  Output: the number of mistakes, then their
round numbers in increasing order, one a line.

The reduction.  Follow the empty cell instead of the pieces: it walks
``e0, e1, e2, ...`` over orthogonal neighbours, so its colour ``(row + col)
mod 2`` alternates, and move ``t`` (Bunny's when ``t`` is odd) takes it onto
a cell of colour ``c(e0) + t``.  A cell changes its content only when the
empty cell enters it: the piece there moves out, and when the empty cell
leaves again the piece that moves in is the one the next player moved.  So:

1. *No cell is entered twice.*  Bunny enters a cell ``e_t`` (``t`` odd, so of
   the colour other than ``c(e0)``); Egg's next move fills it with a black
   piece, which stays there until the empty cell enters it again.  Entering
   a cell holding a black piece is Egg's move, which always goes to cells of
   colour ``c(e0)``: impossible.  Likewise a cell Egg enters (and ``e0``
   itself) is next filled with a white piece, and Bunny's moves go only to
   the other colour.  (A cell filled by the last move of the game is never
   entered again either: no move follows.)
2. *Which cells can be entered.*  A cell is entered at most once, so when it
   is entered it still holds the piece it started with: Bunny can enter the
   white cells of the colour other than ``c(e0)``, Egg the black cells of
   colour ``c(e0)``, and no other cell, ever.  Call these cells, with
   ``e0``, *open*.
3. *The game is vertex geography* on the grid graph of open cells with the
   token on ``e0``: a move is to an orthogonal neighbour that is open and
   not yet visited, and whose piece has the mover's colour, which every open
   cell of the right colour class has (2); the colour classes alternate with
   the turn, so "open and unvisited" is the whole condition.  Bunny is the
   player to move from ``e0``.

So the position before Bunny's ``i``-th move is won for her exactly when the
player to move wins vertex geography from ``e_{2i-2}`` with ``e0 ..
e_{2i-3}`` removed, and the position after it is won for Egg exactly when the
player to move wins from ``e_{2i-1}`` with ``e0 .. e_{2i-2}`` removed: the
verdicts of :func:`~bipartite_game.theory.annotate.mover_wins_along` along the
empty cell's walk, one matching and then one repairing search per move.

The record is replayed with the real pieces (each move checked against the
rules, the game's end checked after it), independently of the reduction; the
tests compare the answer with an exhaustive search that moves the pieces.
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
from ..graphs.boards import grid_board
from ..theory.annotate import mover_wins_along
from . import _json

__all__ = ["Record", "answer", "mistakes", "parse"]

_SPACE = b" \t\r\v\f"
_WHITE, _BLACK, _EMPTY = ord("O"), ord("X"), ord(".")
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[[_WHITE, _BLACK, _EMPTY]] = True
#: Bytes of working memory per cell (board, open mask, graph, matching).
BYTES_PER_CELL = 120
#: The most rounds a record may have.
MAX_ROUNDS = 10**7
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


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
    empties = np.argwhere(cells == _EMPTY)
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


def _legal_cells(
    cells: npt.NDArray[np.uint8], empty: tuple[int, int], piece: int
) -> list[tuple[int, int]]:
    n, m = cells.shape
    i, j = empty
    return [
        (i + di, j + dj)
        for di, dj in _STEPS
        if 0 <= i + di < n and 0 <= j + dj < m and cells[i + di, j + dj] == piece
    ]


def replay(record: Record) -> list[tuple[int, int]]:
    """The empty cell's walk ``e0, e1, ..., e_2k``, with every move checked
    against the rules on the real pieces, and the game checked to be over
    (Bunny cannot move) after the record.  O(k) after a copy of the board."""
    cells = record.cells.copy()
    i, j = (int(x) for x in np.argwhere(cells == _EMPTY)[0])
    walk = [(i, j)]
    for t, (cell, line) in enumerate(zip(record.moves, record.lines, strict=True)):
        player, piece = ("Bunny", _WHITE) if t % 2 == 0 else ("Egg", _BLACK)
        legal = _legal_cells(cells, (i, j), piece)
        if not legal:
            raise InputError(f"the game is over: {player} has no move here", line=line)
        if cell not in legal:
            colour = "white" if piece == _WHITE else "black"
            raise InputError(
                f"{player} cannot move from {cell[0] + 1} {cell[1] + 1}: not a {colour} piece "
                f"next to the empty cell {i + 1} {j + 1}",
                line=line,
            )
        cells[i, j], cells[cell] = piece, _EMPTY
        i, j = cell
        walk.append(cell)
    if _legal_cells(cells, (i, j), _WHITE):
        raise InputError(
            "the record ends before the game does: Bunny can still move", line=record.lines[-1]
        )
    return walk


def mistakes(record: Record) -> list[int]:
    """The rounds (1-based, increasing) where Bunny threw a won position away.
    See the module docstring for the reduction.  One maximum matching, then
    one repairing search per move."""
    with phase("replay"):
        walk = replay(record)
    cells = record.cells
    n, m = cells.shape
    e0 = walk[0]
    rows, cols = np.indices((n, m))
    same = (rows + cols) % 2 == (e0[0] + e0[1]) % 2
    open_cells = ((cells == _WHITE) & ~same) | ((cells == _BLACK) & same)
    open_cells[e0] = True
    with phase("build"):
        board = grid_board(open_cells, "rook")
    flat = np.array([i * m + j for i, j in walk], dtype=np.int64)
    vertex = np.searchsorted(board.cell_of, flat)
    # the reduction's lemma 2: the walk stays on open cells
    assert bool(np.all(board.cell_of[np.minimum(vertex, board.cell_of.size - 1)] == flat))
    with phase("verdicts"):
        wins = mover_wins_along(board.graph, vertex)
    # round i: Bunny moves from e_{2i-2}, then Egg is to move from e_{2i-1}
    thrown = wins[0 : 2 * record.rounds : 2] & wins[1 : 2 * record.rounds : 2]
    return (np.flatnonzero(thrown) + 1).tolist()


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
