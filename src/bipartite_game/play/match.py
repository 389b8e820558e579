"""A match between a person and the engine, on a grid board or any graph.

The terminal game and the web page share this one referee: who places the
token, whose turn it is, what a typed move means, hints and take-backs.  On a
grid board moves may be named by cell or direction; on any graph (the web
page's graph mode) by vertex, and every other rule is the same code.  The
rules of the maze game (JSOI2009) decide who places the token: the second
player, the one who does not move first from it.

The two players are the *mover* (``"first"``: makes the first move from the
start) and the *placer* (``"second"``: places the token when no start is
given, then moves second).  The side with a forced win: from a given start,
the side :meth:`Engine.choose_side` names; with no start, the placer when the
board has a start where the mover loses, else the mover.  With
``side="winning"`` the person takes that side and the engine resists (see
:meth:`Engine.resist`); with ``side="auto"`` the engine takes it and wins
every game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._text import quote, saturating
from ..errors import BipartiteGameError, IllegalMoveError
from ..graphs.boards import GridBoard
from ..graphs.graph import Graph
from ..theory.annotate import annotate
from ..theory.game import solve
from .position import FIRST, SECOND, Engine, Position

__all__ = [
    "DIRECTIONS",
    "SIDES",
    "Exchange",
    "Match",
    "RecordLine",
    "direction_name",
    "parse_cell",
]

SIDES = (FIRST, SECOND, "auto", "winning")

#: Words for one-step moves, as (row, column) offsets; rows grow downwards.
DIRECTIONS: dict[str, tuple[int, int]] = {
    **dict.fromkeys(("u", "up", "n", "north"), (-1, 0)),
    **dict.fromkeys(("d", "down", "s", "south"), (1, 0)),
    **dict.fromkeys(("l", "left", "w", "west"), (0, -1)),
    **dict.fromkeys(("r", "right", "e", "east"), (0, 1)),
    **dict.fromkeys(("ul", "up-left", "nw", "northwest"), (-1, -1)),
    **dict.fromkeys(("ur", "up-right", "ne", "northeast"), (-1, 1)),
    **dict.fromkeys(("dl", "down-left", "sw", "southwest"), (1, -1)),
    **dict.fromkeys(("dr", "down-right", "se", "southeast"), (1, 1)),
}
_NAMES = {
    (-1, 0): "up",
    (1, 0): "down",
    (0, -1): "left",
    (0, 1): "right",
    (-1, -1): "up-left",
    (-1, 1): "up-right",
    (1, -1): "down-left",
    (1, 1): "down-right",
}
_CELL = re.compile(r"^\s*([0-9]+)\s*[, ]\s*([0-9]+)\s*$")
#: Row and column numbers beyond this are all equally off the board.
_FAR = 2**31


def direction_name(step: tuple[int, int]) -> str | None:
    """``"up"``, ``"down-left"``, … for a one-step offset, else ``None``."""
    return _NAMES.get(step)


def parse_cell(text: str) -> tuple[int, int] | None:
    """``"R C"`` or ``"R,C"`` (1-based) as a 0-based ``(row, col)``, else ``None``."""
    found = _CELL.match(text)
    if found is None:
        return None
    row = saturating(found.group(1), _FAR)
    col = saturating(found.group(2), _FAR)
    assert row is not None and col is not None  # the pattern matched digits
    return row - 1, col - 1


@dataclass(frozen=True)
class Exchange:
    """The last exchange of a game: ``played`` (the person's move, or the
    start the person placed) and the engine's ``answer`` to it (``None`` when
    the game ended), with ``reason``, how the engine chose it (see
    :attr:`~bipartite_game.play.position.Engine.last_reason`)."""

    played: int
    answer: int | None
    reason: str | None


@dataclass(frozen=True)
class RecordLine:
    """One line of a game's record: the ``vertex`` played (the start, for
    the first line), ``who`` played it (``you``, ``engine``, or ``given``
    for a start nobody chose) and its ``verdict`` (``good``, ``mistake``,
    ``lost``; ``None`` for a given start)."""

    vertex: int
    who: str
    verdict: str | None


def _side_of_move(k: int) -> str:
    """The side that makes move ``k`` (0-based) of a game."""
    return FIRST if k % 2 == 0 else SECOND


def _other(side: str) -> str:
    return SECOND if side == FIRST else FIRST


class Match:
    """One game between a person (``"you"``) and the engine on ``board``.

    Parameters
    ----------
    board
        The grid and its move graph, or any :class:`~bipartite_game.graphs.graph.Graph`
        (then there are no cells: moves and starts are vertex ids, and
        :attr:`board` raises; :attr:`graph` is the graph played on either way).
    side
        The person's side: ``"first"`` (the mover), ``"second"`` (the placer),
        ``"winning"`` (the side with a forced win) or ``"auto"`` (the engine
        takes the side with a forced win).
    start
        The token's start cell, 0-based (a vertex id on a graph); ``None``
        lets the rules decide: the second player places it.

    The engine answers inside :meth:`play` and :meth:`place`, so between calls
    it is always the person's turn, or the game is over.  Cost: one solve of
    the board when the match is made, then O(1) per engine move while the game
    follows the engine's matching, one solve per move after a surprise.
    """

    def __init__(
        self,
        board: GridBoard | Graph,
        *,
        side: str = "auto",
        start: tuple[int, int] | int | None = None,
    ) -> None:
        if side not in SIDES:
            raise BipartiteGameError(f"side must be first, second, winning or auto, not {side!r}")
        if isinstance(board, Graph):
            self.grid: GridBoard | None = None
            self.graph = board
        elif isinstance(board, GridBoard):
            self.grid = board
            self.graph = board.graph
        else:
            raise BipartiteGameError(
                f"a Match is played on a GridBoard or a Graph, not {type(board).__name__}"
            )
        if self.graph.num_vertices == 0:
            where = "the maze has no open cell" if self.grid else "the graph has no vertex"
            raise BipartiteGameError(f"{where} to play on")
        #: The match speaks vertex ids (the web page names them by label):
        #: it plays on the graph's arrays without the labels.
        self._ids = self.graph.unlabelled()
        self.engine = Engine(self._ids)
        start_vertex = None if start is None else self._start_vertex(start)
        if start_vertex is not None:
            self.winning_side = self.engine.choose_side(start_vertex)
        else:
            self.winning_side = SECOND if bool(self.engine.solution.losing.any()) else FIRST
        if side == "auto":
            side = _other(self.winning_side)
        elif side == "winning":
            side = self.winning_side
        self.you = side
        self.engine_side = _other(side)
        self.position: Position | None = None
        #: The person's last move and the engine's answer (``None`` before
        #: the person has moved, and after a take-back).
        self.last_exchange: Exchange | None = None
        if start_vertex is not None:
            self._placed_by = "given"
            self._begin(start_vertex)
        elif self.engine_side == SECOND:
            self._placed_by = "engine"
            self._begin(self.engine.place())
        else:
            self._placed_by = "you"

    # --- state --------------------------------------------------------------

    @property
    def board(self) -> GridBoard:
        """The grid board played on; a match on a plain graph has none."""
        if self.grid is None:
            raise BipartiteGameError("this match is played on a graph, which has no cells")
        return self.grid

    @property
    def awaiting_start(self) -> bool:
        """Is the person to place the token?"""
        return self.position is None

    def is_over(self) -> bool:
        return self.position is not None and self.position.is_over()

    @property
    def winner(self) -> str | None:
        """``"you"``, ``"engine"`` or ``None`` while the game goes on."""
        if self.position is None or not self.position.is_over():
            return None
        return "you" if self.position.winner == self.you else "engine"

    @property
    def start_placed_by(self) -> str:
        """Who chose the start: ``"you"``, ``"engine"`` or ``"given"``."""
        return self._placed_by

    # --- moves ---------------------------------------------------------------

    def place(self, row: int, col: int) -> int | None:
        """The person places the token on ``(row, col)``; returns the engine's
        answer, if the engine moves first."""
        if self.position is not None:
            raise IllegalMoveError("illegal move: the token is already on the board")
        return self.place_vertex(self._open_vertex((row, col), "start"))

    def place_vertex(self, vertex: int) -> int | None:
        """The person places the token on ``vertex``; returns the engine's
        answer, if the engine moves first."""
        if self.position is not None:
            raise IllegalMoveError("illegal move: the token is already on the board")
        try:
            vertex = self._ids.vertex_id(vertex)
        except BipartiteGameError as error:
            raise IllegalMoveError(f"illegal start: {error}") from None
        answer = self._begin(vertex)
        self.last_exchange = Exchange(vertex, answer, self._reason(answer))
        return answer

    def play(self, move: int) -> int | None:
        """The person moves the token to vertex ``move``; returns the engine's
        answer (``None`` when the game ended).  Raises
        :class:`IllegalMoveError` naming the vertex (by its label, if any)
        unless ``move`` is an unvisited neighbour of the token."""
        position = self._require_turn()
        if not position.is_legal(move):
            raise IllegalMoveError(
                f"illegal move: {self._named(move)} is not an unvisited neighbour of the token"
            )
        position.push(move)
        answer = self._engine_turn()
        played = position.move_stack[-1 if answer is None else -2]
        self.last_exchange = Exchange(played, answer, self._reason(answer))
        return answer

    def planned_answers(self) -> dict[int, int | None]:
        """The engine's answer to each legal move the person has now (``None``
        where the move ends the game), found by asking the engine exactly as
        :meth:`play` would.  Cost: one engine move per legal move (O(1) each
        along its matching; a solve, or one per legal move when resisting)."""
        position = self._require_turn()
        reason = self.engine.last_reason
        plans: dict[int, int | None] = {}
        for move in list(position.legal_moves):
            position.push(move)
            try:
                plans[move] = self.engine.move(position)
            finally:
                position.pop()
        self.engine.last_reason = reason
        return plans

    def overlay(
        self, position: Position | None = None
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """The theorem at work now, for a picture: the losing starts of what
        is left, and the matching the winner answers along.

        Before the token is placed, the whole board's losing starts and
        maximum matching.  In a game, the losing starts of the graph without
        the visited vertices (so a legal move onto one wins for the player
        who makes it), and the engine's strategy's matching while the engine
        wins along it (it is fixed for the whole game); otherwise the
        matching of a winning strategy from the token's vertex in what is
        left (the token's vertex kept).  ``position`` (default: the game's)
        may be an earlier position of this game, to step back through it.
        Cost: one or two solves.
        """
        solution = self.engine.solution
        position = self.position if position is None else position
        if position is None:
            return solution.losing, solution.mate
        visited = position.visited
        rest = solve(self._ids.without_ids(np.flatnonzero(visited)))
        strategy = self.engine.following(position, self.engine_side)
        if strategy is None:
            visited[position.current] = False
            here = solve(self._ids.without_ids(np.flatnonzero(visited)))
            strategy = here.strategy(position.current)
        return rest.losing, strategy.mate

    def parse_move(self, text: str) -> int:
        """The vertex a typed move means: a direction word (``up``, ``ne``, …)
        or a cell ``"row col"`` (1-based).  Raises :class:`IllegalMoveError`
        quoting the text when it names no legal move."""
        position = self._require_turn()
        word = text.strip().lower()
        if word in DIRECTIONS:
            dr, dc = DIRECTIONS[word]
            row, col = self.board.cell(position.current)
            return self.move_at(row + dr, col + dc, typed=text.strip())
        parsed = parse_cell(word)
        if parsed is None:
            raise IllegalMoveError(
                f"illegal move: {quote(text.strip())} is neither a cell 'row col' nor a direction"
            )
        return self.move_at(*parsed, typed=text.strip())

    def move_at(self, row: int, col: int, *, typed: str | None = None) -> int:
        """The vertex of a legal move to cell ``(row, col)`` (0-based); raises
        :class:`IllegalMoveError` naming the cell (and ``typed``, the text the
        person gave, if any) when it is not one."""
        position = self._require_turn()
        vertex = self.board.vertex_at(row, col)
        if vertex is None or not position.is_legal(vertex):
            off = self._off_board(row, col)
            if off is not None:
                said = f"{quote(typed)}: {off}" if typed else off
                raise IllegalMoveError(f"illegal move: {said}")
            cell = f"cell {row + 1} {col + 1}"
            said = f"{quote(typed)} ({cell})" if typed else cell
            raise IllegalMoveError(
                f"illegal move: {said} is not an open, unvisited cell one move from the token"
            )
        return vertex

    def record(self) -> list[RecordLine]:
        """Every line of the game so far with who made it and its verdict
        (:func:`~bipartite_game.theory.annotate.annotate`): the start first (no
        verdict when it was given, not chosen), then each move."""
        if self.position is None:
            return []
        path = [self.position.start, *self.position.move_stack]
        verdicts = annotate(self._ids, path)
        lines = [
            RecordLine(
                path[0],
                self.start_placed_by,
                None if self.start_placed_by == "given" else verdicts[0],
            )
        ]
        for k, vertex in enumerate(self.position.move_stack):
            who = "you" if _side_of_move(k) == self.you else "engine"
            lines.append(RecordLine(vertex, who, verdicts[k + 1]))
        return lines

    @property
    def engine_moves(self) -> list[int]:
        """The engine's moves so far, in order (vertices)."""
        if self.position is None:
            return []
        stack = self.position.move_stack
        return [v for k, v in enumerate(stack) if _side_of_move(k) == self.engine_side]

    def hints(self) -> list[int]:
        """The person's winning moves now (vertices), or, before the token is
        placed, the winning starts for the placer; empty when none wins."""
        if self.position is None:
            return np.flatnonzero(self.engine.solution.losing).tolist()
        if self.position.is_over():
            return []
        return self.position.best_moves()

    def can_undo(self) -> bool:
        """Is there anything to take back: a move of the person's, or (before
        the person's first move) the start the person placed?"""
        position = self.position
        if position is None:
            return False
        return self._placed_by == "you" or any(
            _side_of_move(k) == self.you for k in range(len(position.move_stack))
        )

    def undo(self) -> bool:
        """Take back the person's last move and the engine's answer to it;
        before the person's first move, the start the person placed (and the
        engine's answer to it): the person places the token again.  ``False``
        when there is nothing to take back (:meth:`can_undo`)."""
        position = self.position
        if position is None:
            return False
        mine = [k for k in range(len(position.move_stack)) if _side_of_move(k) == self.you]
        if mine:
            while len(position.move_stack) > mine[-1]:
                position.pop()
        elif self._placed_by == "you":
            self.position = None
        else:
            return False
        self.last_exchange = None
        return True

    # --- helpers -------------------------------------------------------------

    def _start_vertex(self, start: tuple[int, int] | int) -> int:
        """A start cell (grid) or vertex id (graph) as a vertex id, checked."""
        if self.grid is not None:
            if not isinstance(start, tuple):
                raise BipartiteGameError(f"a start on a grid is a cell (row, col), not {start!r}")
            return self._open_vertex(start, "start")
        if isinstance(start, tuple):
            raise BipartiteGameError(f"a start on a graph is a vertex id, not {start!r}")
        try:
            return self._ids.vertex_id(start)
        except BipartiteGameError as error:
            raise IllegalMoveError(f"illegal start: {error}") from None

    def _named(self, vertex: object) -> str:
        """``cell 2 3`` on a grid, the label (else the id) on a graph."""
        try:
            v = self._ids.vertex_id(vertex)
        except BipartiteGameError:
            return repr(vertex)
        if self.grid is not None:
            row, col = self.grid.cell(v)
            return f"cell {row + 1} {col + 1}"
        return f"vertex {quote(str(self.graph.label(v)))}"

    def _open_vertex(self, cell: tuple[int, int], what: str) -> int:
        vertex = self.board.vertex_at(*cell)
        if vertex is None:
            row, col = cell
            problem = self._off_board(row, col) or f"cell {row + 1} {col + 1} is not an open cell"
            raise IllegalMoveError(f"illegal {what}: {problem}")
        return vertex

    def _off_board(self, row: int, col: int) -> str | None:
        """``cell 9 1 is off the 3x3 board`` for a cell off the board, else None."""
        height, width = self.board.shape
        if 0 <= row < height and 0 <= col < width:
            return None
        shown = [str(n + 1) if n + 1 < _FAR else "(huge)" for n in (row, col)]
        return f"cell {shown[0]} {shown[1]} is off the {height}x{width} board"

    def _begin(self, start: int) -> int | None:
        self.position = Position(self._ids, start, board=self.grid)
        return self._engine_turn()

    def _require_turn(self) -> Position:
        if self.position is None:
            raise IllegalMoveError("illegal move: place the token first")
        if self.position.is_over():
            raise IllegalMoveError("illegal move: the game is over")
        return self.position

    def _reason(self, answer: int | None) -> str | None:
        return None if answer is None else self.engine.last_reason

    def _engine_turn(self) -> int | None:
        position = self.position
        assert position is not None
        if position.is_over() or position.turn != self.engine_side:
            return None
        answer = self.engine.move(position)
        assert answer is not None  # the game is not over
        position.push(answer)
        return int(answer)
