"""``bipartite-game annotate``: a verdict for every line of a game record.

``annotate maze MAZE RECORD [--moves ...]``: the record holds one cell a line,
``row col`` (1-based); the first is where the token was placed.
``annotate graph EDGES RECORD``: one vertex label a line.  Blank lines are
skipped; CRLF is fine.  Output: each record line as given, a space, and its
verdict (``good``, ``mistake`` or ``lost``, see :mod:`bipartite_game.theory.annotate`).
A record the rules do not allow (a wall, a cell off the board, an unknown
label, a vertex visited before, a move to a non-neighbour or after the game
ended) is refused with one line naming the record's line.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._text import as_bytes, is_decimal, quote, saturating
from ..errors import InputError
from ..graphs.boards import grid_board
from ..graphs.edgelist import parse_edge_list
from ..graphs.graph import Graph
from ..theory.annotate import IllegalRecordError, annotate
from . import maze as maze_format

__all__ = ["answer_graph", "answer_maze"]

Namer = Callable[[int], str]
#: Row and column numbers at least this large are off every board.
_FAR = 2**31


def _lines(record: bytes) -> list[tuple[int, bytes]]:
    """The record's non-blank lines, stripped, with their 1-based numbers."""
    return [(k + 1, line.strip()) for k, line in enumerate(record.split(b"\n")) if line.strip()]


def _format(lines: list[tuple[int, bytes]], verdicts: list[str]) -> bytes:
    return b"".join(
        text + b" " + verdict.encode() + b"\n"
        for (_, text), verdict in zip(lines, verdicts, strict=True)
    )


def _refuse(error: IllegalRecordError, lines: list[tuple[int, bytes]], name: Namer) -> InputError:
    """The rules' refusal, with the record's line and the names people use."""
    t = error.index
    move, before = name(t), name(t - 1)
    if error.reason == "visited":
        why = f"{move} was visited before"
    elif error.reason == "over":
        why = f"the game is over: no move from {before}"
    else:
        why = f"{move} is not one move from {before}"
    return InputError(f"record line {lines[t][0]}: {why}")


def answer_maze(maze: bytes | str, record: bytes | str, *, moves: str = "rook") -> bytes:
    board = grid_board(maze_format.parse(maze).open, moves)
    lines = _lines(as_bytes(record, "annotate"))
    if not lines:
        raise InputError("record: empty: expected the start cell 'row col'")
    height, width = board.shape
    rows = np.empty(len(lines), dtype=np.int64)
    cols = np.empty(len(lines), dtype=np.int64)
    for k, (number, text) in enumerate(lines):
        fields = text.replace(b",", b" ").split()
        if len(fields) != 2 or not all(is_decimal(f) for f in fields):
            raise InputError(
                f"record line {number}: expected a cell 'row col', found {quote(text)}"
            )
        row, col = (saturating(f, _FAR) for f in fields)
        assert row is not None and col is not None  # decimal, checked above
        if not (1 <= row <= height and 1 <= col <= width):
            raise InputError(
                f"record line {number}: cell {quote(text)} is off the {height}x{width} board"
            )
        rows[k], cols[k] = row - 1, col - 1
    # cells to vertices, all at once: a wall is a cell no vertex stands on
    flat = rows * width + cols
    path = np.searchsorted(board.cell_of, flat).astype(np.int64)
    inside = path < board.cell_of.size
    wall = ~inside
    wall[inside] = board.cell_of[path[inside]] != flat[inside]
    if wall.any():
        k = int(np.argmax(wall))
        raise InputError(f"record line {lines[k][0]}: cell {rows[k] + 1} {cols[k] + 1} is a wall")
    try:
        verdicts = annotate(board.graph, path)
    except IllegalRecordError as error:

        def cell(t: int) -> str:
            row, col = board.cell(int(path[t]))
            return f"cell {row + 1} {col + 1}"

        raise _refuse(error, lines, cell) from None
    return _format(lines, verdicts)


def answer_graph(edges: bytes | str, record: bytes | str) -> bytes:
    parsed = parse_edge_list(edges)
    graph = Graph.from_edge_list(parsed)
    number_of = {token: k for k, token in enumerate(parsed.tokens)}
    lines = _lines(as_bytes(record, "annotate"))
    if not lines:
        raise InputError("record: empty: expected the start vertex")
    path = np.empty(len(lines), dtype=np.int64)
    for k, (number, text) in enumerate(lines):
        if len(text.split()) != 1:
            raise InputError(
                f"record line {number}: expected one vertex label, found {quote(text)}"
            )
        vertex = number_of.get(text)
        if vertex is None:
            raise InputError(f"record line {number}: {quote(text)} is not a vertex of the graph")
        path[k] = vertex
    try:
        verdicts = annotate(graph, graph.labels_of(path))
    except IllegalRecordError as error:

        def label(t: int) -> str:
            return quote(parsed.tokens[int(path[t])])

        raise _refuse(error, lines, label) from None
    return _format(lines, verdicts)
