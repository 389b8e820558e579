"""The page's sum mode: several small boards, a token on each, played
against the engine.

A turn moves one token of the mover's choice; who cannot move on any board
loses (``docs/sums.md``).  The sum arrives as text in the ``sum`` command's
format (:func:`~bipartite_game.problems.sums.parse`), is read within the
bounds of :class:`~.limits.Limits` (boards, drawn size, each board's own
bounds) and played by a :class:`SumGame`: one
:class:`~bipartite_game.play.position.Position` a board, the engine's move
that of the Sprague–Grundy proof
(:func:`~bipartite_game.theory.sums.solve_sum`: the nim-sum is 0 after it),
or when it has none the first legal move, as in ``play sum``.  Every value
is found under ``Limits.sum_budget`` search states; a sum past it is
refused in one line (:class:`~bipartite_game.errors.GeographyTooLarge`).

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
from ...errors import BipartiteGameError, IllegalMoveError
from ...graphs.boards import parse_moves
from ...problems.sums import Board, parse
from ...theory.sums import SumSolution, engine_move, solve_sum
from ..position import Position
from ..render import render_svg
from .limits import Limits
from .reading import api_error, cell, field

__all__ = ["SumGame", "read_sum", "sum_move", "sum_state"]

#: ``side`` of a new sum game: the person takes the side with the forced
#: win, the other one, or moves first or second.
SIDES = ("winning", "auto", "first", "second")


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
        raise api_error(
            413, f"too many boards: {headers}, at most {limits.max_sum_boards} in a sum here"
        )
    try:
        parse_moves(moves)
    except BipartiteGameError as error:
        raise api_error(400, f"moves: {error}") from None
    try:
        boards = parse(text.encode("utf-8"), moves=moves)
    except BipartiteGameError as error:
        raise api_error(400, f"sum: {error}") from None
    size = 0
    for k, board in enumerate(boards, 1):
        if board.grid is not None:
            height, width = board.grid.shape
            if max(height, width) > limits.max_side:
                raise api_error(
                    413,
                    f"board {k} too large: a {height}x{width} maze, "
                    f"at most {limits.max_side} on a side",
                )
            size += height * width
        else:
            graph = board.graph
            if graph.num_vertices > limits.max_vertices or graph.num_edges > limits.max_edges:
                raise api_error(
                    413,
                    f"board {k} too large: {graph.num_vertices} vertices and "
                    f"{graph.num_edges} edges, at most {limits.max_vertices} and "
                    f"{limits.max_edges}",
                )
            size += graph.num_vertices
    if size > limits.max_sum_size:
        raise api_error(
            413,
            f"sum too large to draw: {size} cells and vertices in all, at most "
            f"{limits.max_sum_size} (small boards, please)",
        )
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
class Turn:
    """One move of a sum game: ``who`` (``"you"`` or ``"engine"``) moved
    the token of board ``board`` (0-based) to ``vertex`` (an id)."""

    who: str
    board: int
    vertex: int


class SumGame:
    """A sum played against the engine.

    ``side`` is one of :data:`SIDES`; ``budget`` and ``seconds`` bound
    every Grundy computation (:func:`~bipartite_game.theory.sums.solve_sum`).
    When the engine moves first it does so here.  An action either
    finishes or raises, leaving a copy (:meth:`copy`) to be thrown away.
    """

    def __init__(
        self, boards: list[Board], *, side: str = "winning", budget: int, seconds: float
    ) -> None:
        if side not in SIDES:
            raise BipartiteGameError(
                f"side must be one of {', '.join(SIDES)}, not {str(side)[:40]!r}"
            )
        self.boards = boards
        self.budget = budget
        self.seconds = seconds
        self.positions = []
        for board in boards:
            position = Position(board.graph, board.path[0], board=board.grid)
            for vertex in board.path[1:]:
                position.push(vertex)
            self.positions.append(position)
        self.drawings = [_drawing(board) for board in boards]
        self._solved: SumSolution | None = None  # solve()'s answer for the positions now
        self.mover_wins = self.solve().first_player_wins
        self.you_first = {
            "winning": self.mover_wins,
            "auto": not self.mover_wins,
            "first": True,
            "second": False,
        }[side]
        self.turns: list[Turn] = []
        #: why the engine chose its last move: "zero" (a nim-sum of 0 after
        #: it) or "first" (none does: the first legal move)
        self.reason: str | None = None
        if not self.you_first and not self.over:
            self._engine_moves()

    def copy(self) -> SumGame:
        """A copy to play an action on: the positions and the record are
        its own, the boards and their drawings shared.  O(V)."""
        twin = object.__new__(SumGame)
        twin.__dict__.update(self.__dict__)
        twin.positions = [p.copy() for p in self.positions]
        twin.turns = list(self.turns)
        return twin

    def solve(self) -> SumSolution:
        """The values of the boards now, the nim-sum, a winning move; found
        once a position (every move and take-back forgets it)."""
        if self._solved is None:
            self._solved = solve_sum(self.positions, budget=self.budget, seconds=self.seconds)
        return self._solved

    def _push(self, turn: Turn) -> None:
        self.positions[turn.board].push(turn.vertex)
        self.turns.append(turn)
        self._solved = None

    @property
    def over(self) -> bool:
        return not any(p.legal_moves for p in self.positions)

    @property
    def to_move(self) -> str:
        """``"you"`` or ``"engine"``: whose turn it is (who lost, once over)."""
        yours = (len(self.turns) % 2 == 0) == self.you_first
        return "you" if yours else "engine"

    @property
    def winner(self) -> str | None:
        if not self.over:
            return None
        return "engine" if self.to_move == "you" else "you"

    def play(self, board: int, vertex: int) -> None:
        """Your move on ``board`` (0-based) to ``vertex`` (an id), and the
        engine's answer; :class:`IllegalMoveError` when it is not a move."""
        if self.over:
            raise IllegalMoveError("the game is over: no board has a move")
        position = self.positions[board]
        if not position.is_legal(vertex):
            raise IllegalMoveError(
                f"illegal move: {self.boards[board].name(vertex)} is not a move on board "
                f"{board + 1}"
            )
        self._push(Turn("you", board, vertex))
        self.reason = None
        if not self.over:
            self._engine_moves()

    def _engine_moves(self) -> None:
        move, winning = engine_move(self.positions, budget=self.budget, seconds=self.seconds)
        self.reason = "zero" if winning else "first"
        self._push(Turn("engine", move.component, int(move.vertex)))

    def undo(self) -> None:
        """Take back your last move and the engine's answer after it."""
        mine = [k for k, turn in enumerate(self.turns) if turn.who == "you"]
        if not mine:
            raise IllegalMoveError("nothing to take back: you have not moved yet")
        while len(self.turns) > mine[-1]:
            turn = self.turns.pop()
            self.positions[turn.board].pop()
        self._solved = None
        self.reason = None

    def can_undo(self) -> bool:
        return any(turn.who == "you" for turn in self.turns)


def sum_move(game: SumGame, body: dict[str, Any]) -> tuple[int, int]:
    """The request's move: ``board`` (0-based) and ``cell`` ``[row, col]``
    on a maze or ``vertex`` (a label) on a graph, as (board, vertex id);
    400 for a malformed one, :class:`IllegalMoveError` for a place that is
    no vertex of the board."""
    k = field(body, "board", int)
    count = len(game.boards)
    if not 0 <= k < count:
        raise IllegalMoveError(f"illegal move: no board {k} (0 to {count - 1})")
    board = game.boards[k]
    if board.grid is not None:
        row, col = cell(body, "cell")
        height, width = board.grid.shape
        vertex = board.grid.vertex_at(row, col) if 0 <= row < height and 0 <= col < width else None
        if vertex is None:
            raise IllegalMoveError(
                f"illegal move: no open cell [{row}, {col}] on board {k + 1}"[:200]
            )
        return k, vertex
    assert board.edges is not None
    label = field(body, "vertex", str)
    found = board.edges.index(label.encode("utf-8"))
    if found is None:
        raise IllegalMoveError(f"illegal move: no vertex {label[:60]!r} on board {k + 1}")
    return k, found


def _where(board: Board, vertex: int) -> Any:
    """A vertex in the JSON: a maze's cell ``[row, col]`` (0-based), a label."""
    if board.grid is not None:
        return list(board.grid.cell(vertex))
    return board.name(vertex)


def _spoken(board: Board, vertex: int) -> str:
    if board.grid is not None:
        row, col = board.grid.cell(vertex)
        return f"row {row + 1}, column {col + 1}"
    return f"vertex {board.name(vertex)}"


def _said(game: SumGame, turn: Turn) -> str:
    return f"board {turn.board + 1} to {_spoken(game.boards[turn.board], turn.vertex)}"


def _message(game: SumGame, hint: tuple[int, int] | None, hinted: bool) -> tuple[str, str | None]:
    """The line under the boards, and the account of the last exchange."""
    turns = game.turns
    account = None
    news = []
    if turns and turns[-1].who == "engine":
        engine = turns[-1]
        why = (
            "leaving a nim-sum of 0"
            if game.reason == "zero"
            else "the first legal move: no move leaves a nim-sum of 0"
        )
        if len(turns) >= 2 and turns[-2].who == "you":
            mine, answer = _said(game, turns[-2]), _said(game, engine)
            account = f"You moved {mine}; the engine answered {answer}, {why}."
            news.append(account)
        else:
            news.append(f"The engine moved first: {_said(game, engine)}, {why}.")
    if game.over:
        news.append(
            "The engine cannot move on any board: you win."
            if game.winner == "you"
            else "You cannot move on any board: the engine wins."
        )
    else:
        news.append("Your move: click a marked cell or vertex on any board.")
        if hinted:
            news.append(
                f"Hint: the gold mark on board {hint[0] + 1} leaves a nim-sum of 0."
                if hint is not None
                else "Hint: no winning move; every move leaves a nim-sum that is not 0."
            )
    return " ".join(news), account


def _board_svg(game: SumGame, k: int, hint: int | None) -> str:
    board, position, drawing = game.boards[k], game.positions[k], game.drawings[k]
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
    solution = game.solve() if (hint or show_values) else None
    move = None
    if hint and solution is not None and solution.move is not None and not game.over:
        move = (solution.move.component, int(solution.move.vertex))
    message, account = _message(game, move, hint)
    boards = []
    for k, (board, position) in enumerate(zip(game.boards, game.positions, strict=True)):
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
        "phase": "over" if game.over else "play",
        "you_first": game.you_first,
        "mover_wins": game.mover_wins,
        "winner": game.winner,
        "can_undo": game.can_undo(),
        "message": message,
        "account": account,
        "boards": boards,
        "values": None if not show_values or solution is None else list(solution.values),
        "nim_sum": None if not show_values or solution is None else solution.nim_sum,
        "hint": None
        if move is None
        else {"board": move[0], "to": _where(game.boards[move[0]], move[1])},
        "record": [
            {"who": t.who, "board": t.board, "to": _where(game.boards[t.board], t.vertex)}
            for t in game.turns
        ],
    }
