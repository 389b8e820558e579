"""A sum of boards played against the engine: the referee ``play sum`` and
the web page's sum mode share.

A token sits on each board; a turn moves one token of the mover's choice
along its board (to an unvisited neighbour); who cannot move on any board
loses (``docs/sums.md``).  :class:`SumMatch` keeps one
:class:`~bipartite_game.play.position.Position` a board and says whose turn
it is, what a move is, who won, and what the engine plays: the move of the
Sprague–Grundy proof (:func:`~bipartite_game.theory.sums.engine_move`: the
nim-sum is 0 after it), or when it has none the first legal move.  As in
:class:`~bipartite_game.play.match.Match`, the engine answers inside
:meth:`SumMatch.play`, so between calls it is the person's turn or the game
is over.

Every Grundy value is found under a budget of search states and seconds
(the library's defaults unless given); past it a
:class:`~bipartite_game.errors.GeographyTooLarge` ends the call, before
the game starts or at the engine's move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._text import quote
from ..errors import BipartiteGameError, IllegalMoveError
from ..theory.sums import SumSolution, engine_move, solve_sum
from .match import DIRECTIONS, parse_cell
from .position import Position

if TYPE_CHECKING:
    from ..problems.sums import Board

__all__ = ["SIDES", "SumMatch", "Turn"]

#: The person's side in a sum: the side with the forced win, the other
#: one, or the first or second to move.
SIDES = ("winning", "auto", "first", "second")


@dataclass(frozen=True)
class Turn:
    """One move of a sum game: ``who`` (``"you"`` or ``"engine"``) moved
    the token of board ``board`` (0-based) to ``vertex`` (an id)."""

    who: str
    board: int
    vertex: int


class SumMatch:
    """One game of a sum of ``boards`` between a person (``"you"``) and the
    engine.

    Parameters
    ----------
    boards
        The boards, each with its token's path so far
        (:func:`bipartite_game.problems.sums.parse`).
    side
        One of :data:`SIDES`: ``"winning"`` (the person takes the side with
        a forced win), ``"auto"`` (the engine takes it), ``"first"`` or
        ``"second"`` (the person moves first, or second).
    budget, seconds
        Search states and seconds for each Grundy computation
        (:func:`~bipartite_game.theory.sums.solve_sum`); ``None``: the
        library's defaults.
    opening
        When the engine moves first, make its move now (as
        :class:`~bipartite_game.play.match.Match` does); ``False`` leaves it
        to :meth:`engine_turn`, for a caller that shows the start first.

    Raises
    ------
    BipartiteGameError
        For a side not in :data:`SIDES`, and (``GeographyTooLarge``) for a
        sum whose values are past the budget.

    Cost: one :func:`~bipartite_game.theory.sums.solve_sum` when made, one
    a move of the engine's, and one for each position :meth:`solve` is
    asked about.
    """

    def __init__(
        self,
        boards: Sequence[Board],
        *,
        side: str = "winning",
        budget: int | None = None,
        seconds: float | None = None,
        opening: bool = True,
    ) -> None:
        if side not in SIDES:
            raise BipartiteGameError(
                f"side must be one of {', '.join(SIDES)}, not {str(side)[:40]!r}"
            )
        self.boards = list(boards)
        given = (("budget", budget), ("seconds", seconds))
        self._limits: dict[str, Any] = {name: value for name, value in given if value is not None}
        self.positions: list[Position] = []
        for board in self.boards:
            position = Position(board.graph, board.path[0], board=board.grid)
            for vertex in board.path[1:]:
                position.push(vertex)
            self.positions.append(position)
        self._solved: SumSolution | None = None  # solve()'s answer for the positions now
        #: Does the player to move first win with perfect play?
        self.mover_wins = self.solve().first_player_wins
        #: Does the person move first?
        self.you_first = {
            "winning": self.mover_wins,
            "auto": not self.mover_wins,
            "first": True,
            "second": False,
        }[side]
        #: Every move of the game so far, in order.
        self.turns: list[Turn] = []
        #: Why the engine chose its last move: ``"zero"`` (a nim-sum of 0
        #: after it) or ``"first"`` (none does: the first legal move);
        #: ``None`` after the person's move or a take-back.
        self.reason: str | None = None
        if opening:
            self.engine_turn()

    def copy(self) -> SumMatch:
        """A copy to play on: the positions and the record are its own, the
        boards shared (nothing changes them).  O(V)."""
        twin = object.__new__(SumMatch)
        twin.__dict__.update(self.__dict__)
        twin.positions = [p.copy() for p in self.positions]
        twin.turns = list(self.turns)
        return twin

    # --- state --------------------------------------------------------------

    def solve(self) -> SumSolution:
        """The values of the boards now, the nim-sum and a winning move;
        found once a position (every move and take-back forgets it)."""
        if self._solved is None:
            self._solved = solve_sum(self.positions, **self._limits)
        return self._solved

    def is_over(self) -> bool:
        """Has no board a move left?"""
        return not any(p.legal_moves for p in self.positions)

    @property
    def to_move(self) -> str:
        """``"you"`` or ``"engine"``: whose turn it is (who lost, once over)."""
        yours = (len(self.turns) % 2 == 0) == self.you_first
        return "you" if yours else "engine"

    @property
    def winner(self) -> str | None:
        """``"you"``, ``"engine"``, or ``None`` while the game goes on."""
        if not self.is_over():
            return None
        return "engine" if self.to_move == "you" else "you"

    def hint(self) -> tuple[int, int] | None:
        """A winning move for the person now, as ``(board, vertex)`` (the
        nim-sum is 0 after it); ``None`` when every move loses, or the game
        is over.  One :meth:`solve`."""
        if self.is_over():
            return None
        move = self.solve().move
        return None if move is None else (move.component, int(move.vertex))

    def can_undo(self) -> bool:
        """Has the person a move to take back?"""
        return any(turn.who == "you" for turn in self.turns)

    # --- moves ---------------------------------------------------------------

    def play(self, board: int, vertex: int) -> Turn | None:
        """The person moves the token of ``board`` (0-based) to ``vertex``
        (an id); returns the engine's answer (``None`` when the game
        ended).  :class:`IllegalMoveError` when it is not a move."""
        if self.is_over():
            raise IllegalMoveError("the game is over: no board has a move")
        if self.to_move != "you":  # only with opening=False, before engine_turn()
            raise IllegalMoveError("it is the engine's turn: it moves first")
        count = len(self.boards)
        if isinstance(board, bool) or not isinstance(board, int) or not 0 <= board < count:
            raise IllegalMoveError(f"illegal move: no board {board!r} (0 to {count - 1})")
        if not self.positions[board].is_legal(vertex):
            size = self.boards[board].graph.num_vertices
            known = isinstance(vertex, int) and 0 <= vertex < size
            where = self.boards[board].name(vertex) if known else repr(vertex)
            raise IllegalMoveError(f"illegal move: {where} is not a move on board {board + 1}")
        self._push(Turn("you", board, int(vertex)))
        self.reason = None
        return self.engine_turn()

    def engine_turn(self) -> Turn | None:
        """The engine's move, when it is the engine's turn and the game goes
        on (else ``None``): :func:`~bipartite_game.theory.sums.engine_move`."""
        if self.is_over() or self.to_move != "engine":
            return None
        move, winning = engine_move(self.positions, **self._limits)
        self.reason = "zero" if winning else "first"
        turn = Turn("engine", move.component, int(move.vertex))
        self._push(turn)
        return turn

    def undo(self) -> bool:
        """Take back the person's last move and the engine's answer after it;
        ``False`` when the person has not moved (:meth:`can_undo`)."""
        mine = [k for k, turn in enumerate(self.turns) if turn.who == "you"]
        if not mine:
            return False
        while len(self.turns) > mine[-1]:
            turn = self.turns.pop()
            self.positions[turn.board].pop()
        self._solved = None
        self.reason = None
        return True

    def parse_move(self, text: str) -> tuple[int, int]:
        """``(board, vertex)`` of a typed move ``K WHERE``: the board's number
        (1-based), then on a maze a cell ``row col`` (1-based) or a direction
        word, on a graph a label.  :class:`IllegalMoveError` quoting the text
        unless it names a legal move."""
        words = text.split(None, 1)
        count = len(self.boards)
        if len(words) != 2 or not (words[0].isascii() and words[0].isdigit()):
            raise IllegalMoveError(
                f"illegal move: {quote(text)}: expected the board's number (1 to {count}) and "
                "where to move"
            )
        k = int(words[0][:9]) - 1
        if not 0 <= k < count:
            raise IllegalMoveError(
                f"illegal move: there is no board {quote(words[0])} (1 to {count})"
            )
        board, position, where = self.boards[k], self.positions[k], words[1].strip()
        if board.grid is not None:
            row, col = board.grid.cell(position.current)
            if where.lower() in DIRECTIONS:  # 0-based (row, col) from here on
                dr, dc = DIRECTIONS[where.lower()]
                cell: tuple[int, int] | None = (row + dr, col + dc)
            else:
                cell = parse_cell(where)
            height, width = board.grid.shape
            vertex = None
            if cell is not None and 0 <= cell[0] < height and 0 <= cell[1] < width:
                vertex = board.grid.vertex_at(*cell)
        else:
            assert board.edges is not None
            vertex = board.edges.index(where.encode("utf-8", "surrogateescape"))
        if vertex is None or not position.is_legal(vertex):
            raise IllegalMoveError(f"illegal move: {quote(where)} is not a move on board {k + 1}")
        return k, vertex

    def _push(self, turn: Turn) -> None:
        self.positions[turn.board].push(turn.vertex)
        self.turns.append(turn)
        self._solved = None
