"""NOI2011 "Bunny and Egg" (兔兔与蛋蛋游戏) as vertex geography.

Rules.  An ``n x m`` board holds white pieces ``O``, black pieces ``X`` and
one empty cell ``.``.  Bunny moves first; the players alternate.  Bunny
moves a white piece orthogonally next to the empty cell into it, Egg a black
one; a player who cannot move loses.  Given a played game of ``k`` rounds
(Bunny's move, then Egg's), the judge asks for Bunny's mistakes: the rounds
``i`` where the position before Bunny's ``i``-th move was won for her and the
position after it is won for Egg.

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

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .._stats import phase
from ..graphs.boards import grid_board
from .annotate import IllegalRecordError, mover_wins_along

__all__ = ["BLACK", "EMPTY", "WHITE", "mistakes", "replay"]

#: The cells of a board, as bytes.
WHITE, BLACK, EMPTY = ord("O"), ord("X"), ord(".")
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


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


def replay(
    cells: npt.NDArray[np.uint8], moves: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The empty cell's walk ``e0, e1, ..., e_2k`` for the board ``cells``
    (``O``, ``X`` and one ``.``, as bytes) and the ``moves`` (the 0-based
    cells moved from, Bunny's first), every move checked against the rules on
    the real pieces and the game checked to be over (Bunny cannot move)
    after them; an :class:`IllegalRecordError` names the move at fault
    (``index``; the last one when the game is not over).  O(k) after a copy
    of the board."""
    cells = cells.copy()
    i, j = (int(x) for x in np.argwhere(cells == EMPTY)[0])
    walk = [(i, j)]
    for t, cell in enumerate(moves):
        player, piece = ("Bunny", WHITE) if t % 2 == 0 else ("Egg", BLACK)
        legal = _legal_cells(cells, (i, j), piece)
        if not legal:
            raise IllegalRecordError(
                f"the game is over: {player} has no move here", index=t, reason="over"
            )
        if cell not in legal:
            colour = "white" if piece == WHITE else "black"
            raise IllegalRecordError(
                f"{player} cannot move from {cell[0] + 1} {cell[1] + 1}: not a {colour} piece "
                f"next to the empty cell {i + 1} {j + 1}",
                index=t,
                reason="not-adjacent",
            )
        cells[i, j], cells[cell] = piece, EMPTY
        i, j = cell
        walk.append(cell)
    if _legal_cells(cells, (i, j), WHITE):
        raise IllegalRecordError(
            "the record ends before the game does: Bunny can still move",
            index=len(moves) - 1,
            reason="unfinished",
        )
    return walk


def mistakes(cells: npt.NDArray[np.uint8], moves: Sequence[tuple[int, int]]) -> list[int]:
    """The rounds (1-based, increasing) where Bunny threw a won position away
    in the game ``moves`` (``2k`` cells, as :func:`replay` takes them) on the
    board ``cells``.  See the module docstring for the reduction.  One
    maximum matching, then one repairing search per move."""
    rounds = len(moves) // 2
    with phase("replay"):
        walk = replay(cells, moves)
    n, m = cells.shape
    e0 = walk[0]
    rows, cols = np.indices((n, m))
    same = (rows + cols) % 2 == (e0[0] + e0[1]) % 2
    open_cells = ((cells == WHITE) & ~same) | ((cells == BLACK) & same)
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
    thrown = wins[0 : 2 * rounds : 2] & wins[1 : 2 * rounds : 2]
    return (np.flatnonzero(thrown) + 1).tolist()


