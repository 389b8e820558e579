"""``bipartite-game sum``: a disjunctive sum of geography games.

Input: blocks, each a header line starting with ``@`` and the board under
it, up to the next header or the end:

- ``@graph PATH...`` then an edge list in ``graph``'s format: the token
  starts on the first label of PATH and has moved along the rest, so it is
  on the last, every label of PATH visited (one label: a start);
- ``@maze ROW COL [ROW COL]...`` then a maze in ``maze``'s format (``N M``
  and N rows of ``.`` and ``#``): the token on the cell ``ROW COL``
  (1-based), then moved through the other cells given, in order.  Mazes
  use ``--moves`` (rook by default).

Before the first header only blank lines and ``#`` comments; a header may
end with a ``# comment``.  Inside a block the board's own format holds (a
maze row may start with ``#``: it is a wall), so a board line may not start
with ``@``.  Each step of a PATH must be a move of the game (along an edge,
to a vertex not yet visited).

Output: ``first`` (the player to move wins) and the winning move on a
second line, ``COMPONENT VERTEX`` (the component's number, 1-based in the
file's order, and the vertex's label, or for a maze its cell ``ROW COL``),
after which the nim-sum of the Grundy values is 0; or ``second`` (the
player to move loses).  ``--format json``: ``docs/json.md``.

``--misere``: the player who makes the last move loses; the same output,
found by an exhaustive search of the sum (``first`` alone when no board
has a move: the player to move has won).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .._limits import ensure_fits
from .._stats import phase
from .._text import as_bytes, quote, saturating
from ..errors import InputError
from ..graphs.boards import GridBoard, grid_board
from ..graphs.edgelist import EdgeList, parse_edge_list
from ..graphs.graph import Graph
from . import _json
from .graph import BYTES_PER_INPUT_BYTE
from .maze import parse as parse_maze

__all__ = ["Board", "answer", "parse"]

_SPACE = b" \t\r\v\f"
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Board:
    """One parsed component: its graph, the token's path (vertex ids, the
    token on the last), and how to name a vertex."""

    graph: Graph
    path: tuple[int, ...]
    edges: EdgeList | None = None
    grid: GridBoard | None = None

    def name(self, vertex: int) -> str:
        """The vertex as the input names it: a label, or a cell ``ROW COL``."""
        if self.grid is not None:
            row, col = self.grid.cell(vertex)
            return f"{row + 1} {col + 1}"
        assert self.edges is not None
        return self.edges.tokens[vertex].decode("utf-8", "surrogateescape")

    def json_name(self, vertex: int) -> object:
        """The vertex in JSON: its label, or a cell ``[ROW, COL]`` (1-based)."""
        if self.grid is not None:
            row, col = self.grid.cell(vertex)
            return [row + 1, col + 1]
        return self.name(vertex)


def parse(data: bytes | str, *, moves: str = "rook") -> list[Board]:
    """The components of a sum file; :class:`InputError` naming the line."""
    data = as_bytes(data, "sums.parse()")
    ensure_fits(len(data) * BYTES_PER_INPUT_BYTE, "this sum")
    if b"\x00" in data:
        where = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InputError("NUL byte in input", line=where)
    lines = data.split(b"\n")
    headers = [k for k, line in enumerate(lines) if line.lstrip(_SPACE).startswith(b"@")]
    before = lines[: headers[0]] if headers else lines
    for k, line in enumerate(before):
        text = line.strip(_SPACE)
        if text and not text.startswith(b"#"):
            raise InputError(
                f"expected a header '@graph START' or '@maze ROW COL', found {quote(text)}",
                line=k + 1,
            )
    if not headers:
        raise InputError("no component: expected a header '@graph START' or '@maze ROW COL'")
    boards = []
    for i, k in enumerate(headers):
        end = headers[i + 1] if i + 1 < len(headers) else len(lines)
        body = b"\n".join(lines[k + 1 : end])
        boards.append(_board(lines[k], body, k + 1, moves))
    return boards


def _board(header: bytes, body: bytes, line: int, moves: str) -> Board:
    words = header.split(b"#", 1)[0].split()
    kind, path = words[0][1:], words[1:]
    if kind == b"graph":
        if not path:
            raise InputError("'@graph' needs the token's start: '@graph LABEL'", line=line)
        edges = _inside(parse_edge_list, body, line)
        graph = Graph.from_edge_list(edges, labelled=False)
        ids = []
        for label in path:
            vertex = edges.index(label)
            if vertex is None:
                raise InputError(f"{quote(label)} is not a vertex of this graph", line=line)
            ids.append(vertex)
        return Board(graph, _checked_path(graph, ids, path, line), edges=edges)
    if kind == b"maze":
        if not path or len(path) % 2:
            raise InputError(
                "'@maze' needs the token's cell: '@maze ROW COL' (1-based), then any cells "
                "it moved through",
                line=line,
            )
        maze = _inside(parse_maze, body, line)
        grid = grid_board(maze.open, moves)
        height, width = grid.shape
        ids = []
        for row_text, col_text in zip(path[0::2], path[1::2], strict=True):
            row, col = saturating(row_text, 1 << 40), saturating(col_text, 1 << 40)
            cell = f"{row_text.decode('ascii', 'replace')} {col_text.decode('ascii', 'replace')}"
            if row is None or col is None or not (1 <= row <= height and 1 <= col <= width):
                raise InputError(f"no cell {quote(cell)} in a {height}x{width} maze", line=line)
            vertex = grid.vertex_at(row - 1, col - 1)
            if vertex is None:
                raise InputError(f"cell {row} {col} is a wall", line=line)
            ids.append(vertex)
        names = [b"%d %d" % (r + 1, c + 1) for r, c in (grid.cell(v) for v in ids)]
        return Board(grid.graph, _checked_path(grid.graph, ids, names, line), grid=grid)
    raise InputError(
        f"unknown block {quote(words[0] if words else b'@')}: expected '@graph' or '@maze'",
        line=line,
    )


def _inside(parser: Callable[[bytes], T], body: bytes, line: int) -> T:
    """``parser(body)``, its error's line counted in the whole file."""
    try:
        return parser(body)
    except InputError as error:
        where = line if error.line is None else line + error.line
        raise InputError(f"in the block of line {line}: {error.detail}", line=where) from None


def _checked_path(graph: Graph, ids: list[int], names: list[bytes], line: int) -> tuple[int, ...]:
    """The token's path, each step a legal move."""
    seen = {ids[0]}
    for k in range(1, len(ids)):
        if ids[k] in seen:
            raise InputError(f"the path visits {quote(names[k])} twice", line=line)
        seen.add(ids[k])
        if not graph.has_edge(ids[k - 1], ids[k]):
            raise InputError(
                f"the path's step {quote(names[k - 1])} -> {quote(names[k])} is not a move",
                line=line,
            )
    return tuple(ids)


def answer(
    data: bytes | str,
    *,
    moves: str = "rook",
    format: str = "text",
    misere: bool = False,
    budget: int | None = None,
    seconds: float | None = None,
) -> bytes:
    """Who wins the sum, and a winning move (module docstring); with
    ``misere`` under misère play, by exhaustive search.  ``budget`` (search
    states) and ``seconds`` bound the work (``None``: the library's
    defaults)."""
    as_json = _json.check_format(format)
    given = (("budget", budget), ("seconds", seconds))
    limits: dict[str, Any] = {name: value for name, value in given if value is not None}
    with phase("parse"):
        boards = parse(data, moves=moves)
    if misere:
        return _misere(boards, as_json, limits)
    from ..theory.sums import solve_sum

    with phase("solve"):
        solution = solve_sum([(b.graph, b.path[-1], b.path) for b in boards], **limits)
    move = solution.move
    with phase("format"):
        if as_json:
            fields: list[tuple[str, object]] = [
                ("components", len(boards)),
                ("grundy_values", list(solution.values)),
                ("nim_sum", solution.nim_sum),
                ("first_player_wins", solution.first_player_wins),
            ]
            if move is not None:
                board = boards[move.component]
                fields.append(
                    ("move", {"component": move.component + 1, "to": board.json_name(move.vertex)})
                )
            return _json.document("sum", fields)
        if move is None:
            return b"second\n"
        return _move_text(boards, move.component, move.vertex)


def _misere(boards: list[Board], as_json: bool, limits: dict[str, Any]) -> bytes:
    """The misère sum: who wins, and a winning move when there is one to
    make (a sum with no move at all is won by the player to move)."""
    from ..theory.misere import misere_sum

    with phase("solve"):
        solved = misere_sum([(b.graph, b.path[-1], b.path) for b in boards], **limits)
    wins, move = solved.first_player_wins, solved.move
    with phase("format"):
        if as_json:
            fields: list[tuple[str, object]] = [
                ("misere", True),
                ("components", len(boards)),
                ("first_player_wins", wins),
            ]
            if move is not None:
                k, vertex = move
                fields.append(("move", {"component": k + 1, "to": boards[k].json_name(vertex)}))
            return _json.document("sum", fields)
        if move is None:
            return b"first\n" if wins else b"second\n"
        return _move_text(boards, *move)


def _move_text(boards: list[Board], k: int, vertex: int) -> bytes:
    return f"first\n{k + 1} {boards[k].name(vertex)}\n".encode("utf-8", "surrogateescape")
