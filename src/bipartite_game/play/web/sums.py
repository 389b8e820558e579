"""The page's sum mode: several small boards, a token on each, played
against the engine.

A turn moves one token of the mover's choice; who cannot move on any board
loses (``docs/sums.md``).  The sum arrives as text in the ``sum`` command's
format (:func:`~bipartite_game.problems.sums.parse`), is read within the
bounds of :class:`~.limits.Limits` (boards, drawn size, each board's own
bounds) and played by the referee ``play sum`` uses too,
:class:`~bipartite_game.play.sum_match.SumMatch` (the engine's move that of
the Sprague–Grundy proof, or when it has none the first legal move), which
a :class:`SumGame` keeps with its boards' drawings.  Every value is found
under ``Limits.sum_budget`` search states; a sum past it is refused in one
line (:class:`~bipartite_game.errors.GeographyTooLarge`).

A maze board is drawn by :func:`~bipartite_game.play.render.render_svg`, a
graph board by :func:`~bipartite_game.drawing.svg.graph_svg` at a
:func:`~bipartite_game.drawing.layout.force_layout` found once a game.
The state names a maze's cells ``[row, col]`` (0-based, as the maze API
does) and a graph's vertices by label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...drawing.layout import force_layout
from ...drawing.svg import HINT, VISITED, WRITTEN_LABELS, graph_svg
from ...errors import BipartiteGameError
from ...graphs.boards import parse_moves
from ...problems.sums import Board, parse
from ..render import render_svg
from ..sum_match import SumMatch, Turn
from .i18n import Message, Refusal, message, render
from .limits import Limits
from .reading import api_error, cell, field

__all__ = ["SumGame", "read_sum", "sum_move", "sum_state"]


def read_sum(body: dict[str, Any], limits: Limits) -> list[Board]:
    """The request's ``sum`` text (and ``moves`` for its mazes) as boards
    within the bounds: 400 naming the line of a bad sum, 413 past
    ``max_sum_boards``, ``max_sum_size`` or one board's own bound (a maze's
    ``max_side``, a graph's ``max_vertices`` and ``max_edges``).  O(text)."""
    text = field(body, "sum", str)
    moves = field(body, "moves", str, "rook")
    # the header count first: a body of many empty blocks is refused unread
    headers = sum(1 for line in text.split("\n") if line.lstrip(" \t\r\v\f").startswith("@"))
    if headers > limits.max_sum_boards:
        raise api_error(413, "error.too_many_boards", n=headers, most=limits.max_sum_boards)
    try:
        parse_moves(moves)
    except BipartiteGameError as error:
        raise api_error(400, "error.moves", detail=str(error)) from None
    try:
        boards = parse(text.encode("utf-8"), moves=moves)
    except BipartiteGameError as error:
        raise api_error(400, "error.sum", detail=str(error)) from None
    size = 0
    for k, board in enumerate(boards, 1):
        if board.grid is not None:
            height, width = board.grid.shape
            if max(height, width) > limits.max_side:
                raise api_error(
                    413,
                    "error.board_maze_too_large",
                    board=k,
                    height=height,
                    width=width,
                    side=limits.max_side,
                )
            size += height * width
        else:
            graph = board.graph
            if graph.num_vertices > limits.max_vertices or graph.num_edges > limits.max_edges:
                raise api_error(
                    413,
                    "error.board_graph_too_large",
                    board=k,
                    n=graph.num_vertices,
                    m=graph.num_edges,
                    most_n=limits.max_vertices,
                    most_m=limits.max_edges,
                )
            size += graph.num_vertices
    if size > limits.max_sum_size:
        raise api_error(413, "error.sum_too_large", size=size, most=limits.max_sum_size)
    return boards


@dataclass(frozen=True)
class _Drawing:
    """Where a graph board's vertices are drawn, found once a game."""

    points: npt.NDArray[np.float64]
    radius: float


def _drawing(board: Board) -> _Drawing | None:
    """A graph board's layout, as :func:`~bipartite_game.drawing.pictures.picture`
    makes it; ``None`` for a maze.  O(V^2) a step of the layout."""
    if board.grid is not None:
        return None
    n = board.graph.num_vertices
    u, v = board.graph.edges()
    side = int(min(720, max(240, 56 * math.sqrt(max(n, 1)))))
    radius = max(5.0, min(14.0, 440 / max(n, 1)))
    points = force_layout(n, u, v, side, side, margin=max(2 * radius, 20))
    return _Drawing(np.asarray(points, dtype=np.float64), radius)


@dataclass(frozen=True)
class SumGame:
    """A sum game as the page keeps it: the referee
    (:class:`~bipartite_game.play.sum_match.SumMatch`) and where each graph
    board is drawn (``None`` for a maze), laid out once a game."""

    match: SumMatch
    drawings: tuple[_Drawing | None, ...]

    @classmethod
    def start(cls, boards: list[Board], *, side: str, budget: int, seconds: float) -> SumGame:
        """A new game of ``boards``; when the engine moves first it does so
        here.  ``side`` is one of :data:`~bipartite_game.play.sum_match.SIDES`;
        ``budget`` and ``seconds`` bound every Grundy computation."""
        match = SumMatch(boards, side=side, budget=budget, seconds=seconds)
        return cls(match, tuple(_drawing(board) for board in boards))

    def copy(self) -> SumGame:
        """A copy to play an action on (:meth:`SumMatch.copy`), the
        drawings shared.  O(V)."""
        return SumGame(self.match.copy(), self.drawings)


def sum_move(match: SumMatch, body: dict[str, Any]) -> tuple[int, int]:
    """The request's move: ``board`` (0-based) and ``cell`` ``[row, col]``
    on a maze or ``vertex`` (a label) on a graph, as (board, vertex id);
    400 for a malformed one, a :class:`~.i18n.Refusal` for a place that is
    no vertex of the board."""
    k = field(body, "board", int)
    count = len(match.boards)
    if not 0 <= k < count:
        raise Refusal("error.no_board", board=k, last=count - 1)
    board = match.boards[k]
    if board.grid is not None:
        row, col = cell(body, "cell")
        height, width = board.grid.shape
        vertex = board.grid.vertex_at(row, col) if 0 <= row < height and 0 <= col < width else None
        if vertex is None:
            raise Refusal(
                "error.no_cell_on_board", row=str(row)[:60], col=str(col)[:60], board=k + 1
            )
        return k, vertex
    assert board.edges is not None
    label = field(body, "vertex", str)
    found = board.edges.index(label.encode("utf-8"))
    if found is None:
        raise Refusal("error.no_vertex_on_board", label=repr(label[:60]), board=k + 1)
    return k, found


def _where(board: Board, vertex: int) -> Any:
    """A vertex in the JSON: a maze's cell ``[row, col]`` (0-based), a label."""
    if board.grid is not None:
        return list(board.grid.cell(vertex))
    return board.name(vertex)


def _describe_vertex(board: Board, vertex: int) -> Message:
    """A vertex in the page's words: ``row 2, column 3`` on a maze (1-based),
    ``vertex a`` on a graph."""
    if board.grid is not None:
        row, col = board.grid.cell(vertex)
        return message("where.cell", row=row + 1, col=col + 1)
    return message("where.vertex", label=board.name(vertex))


def _describe_turn(match: SumMatch, turn: Turn) -> Message:
    """A move in the page's words: ``board 1 to row 2, column 3``."""
    where = _describe_vertex(match.boards[turn.board], turn.vertex)
    return message("sum.turn", board=turn.board + 1, where=where)


def _message(
    match: SumMatch, hint: tuple[int, int] | None, hinted: bool
) -> tuple[list[Message], Message | None]:
    """The line under the boards, and the account of the last exchange, as
    messages (:mod:`.i18n`)."""
    turns = match.turns
    account = None
    news = []
    if turns and turns[-1].who == "engine":
        engine = turns[-1]
        why = message("sum.why.zero" if match.reason == "zero" else "sum.why.first_legal")
        if len(turns) >= 2 and turns[-2].who == "you":
            mine, answer = _describe_turn(match, turns[-2]), _describe_turn(match, engine)
            account = message("sum.account", mine=mine, answer=answer, why=why)
            news.append(account)
        else:
            news.append(message("sum.engine_first", turn=_describe_turn(match, engine), why=why))
    if match.is_over():
        news.append(message("sum.over.you" if match.winner == "you" else "sum.over.engine"))
    else:
        news.append(message("sum.your_move"))
        if hinted:
            news.append(
                message("sum.hint", board=hint[0] + 1)
                if hint is not None
                else message("sum.hint.none")
            )
    return news, account


def _board_svg(game: SumGame, k: int, hint: int | None) -> str:
    match = game.match
    board, position, drawing = match.boards[k], match.positions[k], game.drawings[k]
    hints = [] if hint is None else [hint]
    if board.grid is not None:
        return render_svg(board.grid, position, hints=hints, coordinates=True)
    assert drawing is not None
    n = board.graph.num_vertices
    u, v = board.graph.edges()
    path = [int(x) for x in (position.start, *position.move_stack)]
    return graph_svg(
        drawing.points,
        u,
        v,
        labels=[board.name(w) for w in range(n)],
        write_labels=n <= WRITTEN_LABELS and drawing.radius >= 8,
        tints=[
            (hints, HINT, "hint"),
            (np.flatnonzero(position.visited).tolist(), VISITED, "visited"),
        ],
        path=path,
        token=int(position.current),
        token_title=f"the token of board {k + 1}",
        outlined=[int(w) for w in position.legal_moves],
        radius=drawing.radius,
    )


def sum_state(
    game_id: str, game: SumGame, *, hint: bool = False, show_values: bool = False
) -> dict[str, Any]:
    """What the page needs: each board's picture and legal moves, whose
    turn, the message, the record; with ``show_values`` each board's Grundy
    value and the nim-sum; with ``hint`` a winning move marked (gold) on
    its board, when there is one.  One :func:`solve_sum` when either is
    asked for (its budget bounds it), else none."""
    match = game.match
    solution = match.solve() if (hint or show_values) else None
    move = match.hint() if hint else None
    said, account = _message(match, move, hint)
    boards = []
    for k, (board, position) in enumerate(zip(match.boards, match.positions, strict=True)):
        drawn: dict[str, Any] = {
            "kind": "maze" if board.grid is not None else "graph",
            "legal": [_where(board, int(w)) for w in position.legal_moves],
            "svg": _board_svg(game, k, move[1] if move is not None and move[0] == k else None),
        }
        if board.grid is None:
            drawn["labels"] = [board.name(w) for w in range(board.graph.num_vertices)]
        boards.append(drawn)
    return {
        "id": game_id,
        "phase": "over" if match.is_over() else "play",
        "you_first": match.you_first,
        "mover_wins": match.mover_wins,
        "winner": match.winner,
        "can_undo": match.can_undo(),
        "message": render(said),
        "said": said,
        "account": None if account is None else render(account),
        "boards": boards,
        "values": None if not show_values or solution is None else list(solution.values),
        "nim_sum": None if not show_values or solution is None else solution.nim_sum,
        "hint": None
        if move is None
        else {"board": move[0], "to": _where(match.boards[move[0]], move[1])},
        "record": [
            {"who": t.who, "board": t.board, "to": _where(match.boards[t.board], t.vertex)}
            for t in match.turns
        ],
    }
