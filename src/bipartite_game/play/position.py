"""A game of vertex geography in progress, and an engine that plays it.

Modelled on python-chess: a :class:`Position` holds the move stack and gives
a lazy view of the legal moves, ``push``/``pop``, ``is_over()`` and the
``winner``.  :meth:`Position.best_moves` answers from any position, however it
was reached: the game left is geography on the graph without the visited
vertices (the token's vertex kept as the start), so a move to ``u`` wins
exactly when ``u`` is a losing start of the graph without every visited
vertex.  One solve per call, O(matching).

:class:`Engine` plays perfectly.  While the game follows its matching it
answers in O(1) along that matching (``Solution.reply``'s strategy); after
any surprise (it was losing and the opponent erred, or the position was set
up by hand) it re-solves what is left.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._checks import is_integer
from ..errors import BipartiteGameError, IllegalMoveError
from ..graphs.boards import GridBoard
from ..graphs.graph import Graph
from ..theory.game import Strategy, solve

__all__ = ["Engine", "LegalMoves", "Outcome", "Position"]

FIRST, SECOND = "first", "second"

#: The most vertices on which :meth:`Engine.place` weighs every start when
#: every start loses for the placer (one solve per start).
PLACE_SEARCH = 400


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won and after how many moves."""

    winner: str
    moves: int


class LegalMoves:
    """A live view of the legal moves of a position (neighbours not visited)."""

    def __init__(self, position: Position) -> None:
        self._position = position

    def _array(self) -> npt.NDArray[np.int32]:
        p = self._position
        row = p.graph.neighbors(p.current)
        return row[~p._visited[row]]

    def __iter__(self) -> Iterator[int]:
        return iter(int(v) for v in self._array())

    def __len__(self) -> int:
        return int(self._array().size)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, move: object) -> bool:
        # a bool is an int to Python, but True is no vertex: not even vertex 1
        if not is_integer(move):
            return False
        return bool(np.any(self._array() == int(move)))

    def __repr__(self) -> str:
        return f"<LegalMoves {list(self)}>"


class Position:
    """The token on ``current``, the visited vertices, and whose turn it is.

    ``turn`` is ``"first"`` (the player who moves first from the start) or
    ``"second"``.  ``start`` must be a vertex of ``graph`` (an integer id, see
    :mod:`.graph`); a ``board``, if given, must be the one ``graph`` was
    built from.
    """

    def __init__(self, graph: Graph, start: Hashable, *, board: GridBoard | None = None) -> None:
        if not isinstance(graph, Graph):
            raise BipartiteGameError(f"a Position needs a Graph, not {type(graph).__name__}")
        graph.check_intact()
        start = graph.vertex_id(start)
        if board is not None and not (isinstance(board, GridBoard) and board.graph is graph):
            raise BipartiteGameError("board must be the GridBoard whose graph is played on")
        self.graph = graph
        self.board = board
        self.start = start
        self.move_stack: list[int] = []
        self._visited = np.zeros(graph.num_vertices, dtype=np.bool_)
        self._visited[start] = True

    @property
    def current(self) -> int:
        """The token's vertex."""
        return self.move_stack[-1] if self.move_stack else self.start

    @property
    def turn(self) -> str:
        return FIRST if len(self.move_stack) % 2 == 0 else SECOND

    @property
    def visited(self) -> npt.NDArray[np.bool_]:
        """A copy of the visited mask (the token's vertex included)."""
        return self._visited.copy()

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def is_legal(self, move: object) -> bool:
        """Is ``move`` an unvisited neighbour of the token?  False for
        anything else, including values that are no vertex at all
        (``True``, ``1.0``, ``-1``).  O(degree)."""
        return move in self.legal_moves

    def push(self, move: Hashable) -> None:
        """Move the token to ``move`` (a vertex id, or a label of a labelled
        graph); raises :class:`IllegalMoveError` (a :class:`BipartiteGameError`)
        unless it is a legal move."""
        if self.graph.labels is not None and not is_integer(move):
            try:
                move = self.graph.index(move)
            except BipartiteGameError:
                raise IllegalMoveError(f"illegal move: {move!r} is no vertex") from None
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal move: {move!r} from {self.current}")
        vertex = int(move)  # type: ignore[call-overload]  # is_legal: an integer
        self.move_stack.append(vertex)
        self._visited[vertex] = True

    def pop(self) -> int:
        """Take back the last move."""
        if not self.move_stack:
            raise BipartiteGameError("no move to take back")
        move = self.move_stack.pop()
        self._visited[move] = False
        return move

    def is_over(self) -> bool:
        return not self.legal_moves

    @property
    def winner(self) -> str | None:
        """``"first"`` or ``"second"`` once the game is over, else ``None``."""
        if not self.is_over():
            return None
        return SECOND if self.turn == FIRST else FIRST

    def outcome(self) -> Outcome | None:
        winner = self.winner
        return None if winner is None else Outcome(winner, len(self.move_stack))

    def best_moves(self) -> list[int]:
        """The moves that win for the player to move (empty when every move
        loses against perfect play).  Solves the graph without the visited
        vertices once."""
        moves = list(self.legal_moves)
        if not moves:
            return []
        rest = solve(self.graph.without(np.flatnonzero(self._visited)))
        return [u for u in moves if rest.losing[u]]

    def mover_wins(self) -> bool:
        """Does the player to move win with perfect play from here?"""
        return bool(self.best_moves())

    def grundy_value(self) -> int:
        """The Grundy value (nimber) of this position: what it is worth as one
        component of a sum of games; 0 exactly when the player to move
        loses.  By :func:`~bipartite_game.theory.nimbers.grundy_value`:
        exact where what is left of the token's component has maximum
        degree 3 (:mod:`~bipartite_game.theory.cubic`), else the search (the
        forest rule where what the token can reach is a tree), which raises
        :class:`~bipartite_game.errors.GeographyTooLarge` past its budget."""
        from ..theory.nimbers import grundy_value

        return grundy_value(self.graph, self.current, np.flatnonzero(self._visited))

    @classmethod
    def from_board(cls, board: GridBoard, row: int, col: int) -> Position:
        """The token on cell ``(row, col)`` (0-based) of a grid board."""
        if not isinstance(board, GridBoard):
            raise BipartiteGameError(f"board must be a GridBoard, not {type(board).__name__}")
        start = board.vertex_at(row, col)
        if start is None:
            raise IllegalMoveError(f"illegal start: cell {(row, col)!r} is not an open cell")
        return cls(board.graph, start, board=board)

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of a position on a grid board."""
        if self.board is None:
            return None
        from .render import render_svg

        return render_svg(self.board, self)

    def copy(self) -> Position:
        other = Position(self.graph, self.start, board=self.board)
        for move in self.move_stack:
            other.push(move)
        return other

    def __str__(self) -> str:
        """The board drawn as text on a grid board (see
        :func:`~bipartite_game.play.render.render_text`), else the repr."""
        if self.board is None:
            return repr(self)
        from .render import render_text

        return render_text(self.board, self)

    def __repr__(self) -> str:
        return (
            f"Position(start={self.start}, moves={self.move_stack}, "
            f"turn={self.turn!r}, over={self.is_over()})"
        )


class Engine:
    """A perfect player for one graph."""

    def __init__(self, graph: Graph) -> None:
        self.solution = solve(graph)  # refuses anything but a Graph
        self.graph = graph
        self._strategy: Strategy | None = None
        self._followed_moves: list[int] = []
        #: How :meth:`move` chose its last move: ``"matching"`` (the partner
        #: in the strategy's matching), ``"solved"`` (a winning move found by
        #: solving what is left, after the game left the matching) or
        #: ``"resisting"`` (every move loses: :meth:`resist`).
        self.last_reason: str | None = None

    def choose_side(self, start: int) -> str:
        """The side that wins from ``start``."""
        return FIRST if self.solution.first_player_wins(start) else SECOND

    def move(self, position: Position) -> int | None:
        """The engine's move in ``position`` (``None`` when the game is over).

        A winning move whenever one exists; otherwise the move of
        :meth:`resist`, which makes the opponent's win hardest to find.
        ``position`` must be a game on this engine's graph.  Cost: O(1) while
        the game follows the engine's matching, else one solve of what is
        left of the graph (winning) or one per legal move (losing).
        """
        if not (isinstance(position, Position) and position.graph is self.graph):
            raise BipartiteGameError("the engine plays positions on its own graph only")
        legal = list(position.legal_moves)
        if not legal:
            return None
        if self._strategy is None or self._strategy.start != position.start:
            self._strategy = self.solution.strategy(position.start)
            self._followed_moves = []
        strategy = self._strategy
        engine_is_first = position.turn == FIRST
        if strategy.first_player_wins == engine_is_first:
            # the engine is the strategy's winner: answer along its matching
            answer = strategy.reply(position.current)
            if answer is not None and answer in legal and self._followed(position, strategy):
                self.last_reason = "matching"
                return answer
        best = position.best_moves()
        if best:
            self.last_reason = "solved"
            return best[0]
        self.last_reason = "resisting"
        return self.resist(position)

    def following(self, position: Position, side: str) -> Strategy | None:
        """The strategy the engine, playing ``side`` (``"first"`` or
        ``"second"``), answers along in ``position``: its winning strategy
        from the start while its moves have followed it, else ``None`` (the
        engine is losing, or it left the matching after a surprise and now
        solves what is left).  O(1) per move over a game."""
        strategy = self._strategy
        if strategy is None or strategy.start != position.start:
            return None
        if strategy.first_player_wins != (side == FIRST):
            return None
        return strategy if self._followed(position, strategy) else None

    def resist(self, position: Position) -> int | None:
        """The engine's move when every move loses: its *resistance*.

        The rule, one move deep: play the move after which the opponent has
        the **fewest winning answers**; among those, the one after which the
        opponent has the **most losing answers** (the most ways to throw the
        win away); among those, the **lowest vertex id** (on a grid board the
        first cell in row-major order).  A winning answer to ``u`` is an
        unvisited neighbour ``w`` of ``u`` that is a losing start of the graph
        without the visited vertices and ``u`` (see :meth:`Position.best_moves`).
        So the opponent, to keep the win, must find the needle among the most
        hay.  It is not the longest game against perfect play, which would need
        a search of exponential size.  ``None`` when the game is over.
        Cost: one solve of what is left of the graph per legal move.
        """
        if not (isinstance(position, Position) and position.graph is self.graph):
            raise BipartiteGameError("the engine plays positions on its own graph only")
        visited = np.flatnonzero(position._visited)
        best: tuple[int, int, int] | None = None
        for u in position.legal_moves:
            rest = solve(self.graph.without(np.append(visited, u)))
            replies = self.graph.neighbors(u)
            replies = replies[~position._visited[replies]]
            wins = int(np.count_nonzero(rest.losing[replies]))
            key = (wins, wins - int(replies.size), u)
            if best is None or key < best:
                best = key
        return None if best is None else best[2]

    def place(self) -> int:
        """The engine's start when it places the token (and then moves second).

        A start where the mover loses, if there is one: the first in vertex
        order.  Otherwise every start loses for the placer, and the engine
        resists: on graphs of at most :data:`PLACE_SEARCH` vertices it picks the
        start by the rule of :meth:`resist` (fewest winning first moves for the
        mover, then most losing ones, then lowest id), on larger ones vertex 0.
        Cost: O(1) after the solve when winning; one solve per vertex when
        resisting on a small graph.
        """
        self.solution.check_intact()
        losing = np.flatnonzero(self.solution.losing)
        if losing.size:
            return int(losing[0])
        n = self.graph.num_vertices
        if n == 0:
            raise BipartiteGameError("there is no vertex to place the token on")
        if n > PLACE_SEARCH:
            return 0
        best: tuple[int, int, int] | None = None
        for s in range(n):
            replies = self.graph.neighbors(s)
            wins = int(np.count_nonzero(solve(self.graph.without(s)).losing[replies]))
            key = (wins, wins - int(replies.size), s)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2]

    def _followed(self, position: Position, strategy: Strategy) -> bool:
        """Has every move of the strategy's winner so far followed it?

        Remembers the longest move list found to follow, so over a game the
        check costs O(1) per move (plus a C-speed list comparison), and a
        take-back or another game simply shortens what is known."""
        stack = position.move_stack
        known = self._followed_moves
        if len(known) > len(stack) or stack[: len(known)] != known:
            known = []
        moves = [position.start, *stack]
        first = 0 if strategy.first_player_wins else 1
        for k in range(len(known), len(stack)):
            # move k goes from moves[k] to moves[k + 1]; the winner makes
            # the moves k with k % 2 == first
            if k % 2 == first and strategy.reply(moves[k]) != moves[k + 1]:
                self._followed_moves = list(stack[:k])
                return False
        self._followed_moves = list(stack)
        return True
