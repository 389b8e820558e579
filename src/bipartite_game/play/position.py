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

from .._docstrings import filled
from ..errors import BipartiteGameError, IllegalMoveError
from ..graphs.boards import GridBoard
from ..graphs.graph import Graph, GraphLike, Vertex, as_graph
from ..theory._docs import SECTIONS, shared_docs
from ..theory.game import Strategy, solve

__all__ = ["Engine", "LegalMoves", "Outcome", "Position"]

FIRST, SECOND = "first", "second"

#: The shared pieces, and what :meth:`Engine.move` and :meth:`Engine.resist`
#: both take, give and raise.
_engine_docs = filled(
    {
        **SECTIONS,
        "engine_move": (
            "Parameters\n----------\nposition : Position\n    A game on this engine's graph.\n\n"
            "Returns\n-------\nVertex or None\n    The move, or ``None`` when the game is over.\n\n"
            "Raises\n------\nBipartiteGameError\n    When ``position`` is on another graph."
        ),
    }
)

#: The most vertices on which :meth:`Engine.place` weighs every start when
#: every start loses for the placer (one solve per start).
PLACE_SEARCH = 400


@shared_docs
@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won and after how many moves
    (:meth:`Position.outcome`).

    Parameters
    ----------
    winner : str
        ``"first"`` (the player who moved first from the start) or
        ``"second"``: the player who made the last move, after which the
        other had none.
    moves : int
        How many moves were played from the start (the start itself is no
        move); the winner is ``"first"`` exactly when it is odd.

    Attributes
    ----------
    winner
        ``"first"`` (the player who moved first from the start) or
        ``"second"``: the player who made the last move, after which the
        other had none.
    moves
        How many moves were played from the start (the start itself is no
        move); the winner is ``"first"`` exactly when it is odd.

    {made_by(Position.outcome)}

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> position = Position(Graph.from_edges([0, 1], [1, 2]), 0)
    >>> position.push(1); position.push(2)
    >>> position.outcome()
    Outcome(winner='second', moves=2)
    """

    winner: str
    moves: int


class LegalMoves:
    """A live view of the legal moves of a position (neighbours not
    visited), as vertices: labels on a labelled graph, else ids."""

    def __init__(self, position: Position) -> None:
        self._position = position

    def _array(self) -> npt.NDArray[np.int32]:
        """The legal moves' ids (the array layer).  O(degree)."""
        p = self._position
        row = p.graph.neighbor_ids(p._current)
        return row[~p._visited[row]]

    def __iter__(self) -> Iterator[Vertex]:
        return iter(self._position.graph.labels_of(self._array()))

    def __len__(self) -> int:
        return int(self._array().size)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, move: object) -> bool:
        try:
            v = self._position.graph.vertex_id(move)
        except BipartiteGameError:
            return False
        return bool(np.any(self._array() == v))

    def __repr__(self) -> str:
        return f"<LegalMoves {list(self)}>"


@shared_docs
class Position:
    """The token on ``current``, the visited vertices, and whose turn it is.

    ``turn`` is ``"first"`` (the player who moves first from the start) or
    ``"second"``.  ``start`` must be a vertex of ``graph`` (a label on a
    labelled graph, else an integer id; see :meth:`Graph.vertex_id`), and
    every vertex the position gives back (``start``, ``current``,
    ``move_stack``, ``legal_moves``, ``pop()``, ``best_moves()``) is one
    too.  ``graph`` may be a networkx graph (converted once).  A ``board``,
    if given, must be the one ``graph`` was built from.

    {graph_parameter}
    start : hashable
        The vertex the token starts on.
    board : GridBoard, optional
        The board ``graph`` was built from.

    Attributes
    ----------
    start, current : Vertex
        The start and the token's vertex.
    move_stack : list of Vertex
        The moves played, oldest first.
    turn : str
        Whose turn it is.
    legal_moves : LegalMoves
        The token's unvisited neighbours (a live view).
    winner : str or None
        Who won, once the game is over.

    Raises
    ------
    BipartiteGameError
        When ``start`` is no vertex of ``graph``, or ``board`` is not its board.

    See Also
    --------
    Engine : a perfect player.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> position = Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a")
    >>> position.turn, list(position.legal_moves)
    ('first', ['b'])
    >>> position.push("b")
    >>> position
    Position(start='a', moves=['b'], turn='second', over=False)
    """

    def __init__(
        self, graph: GraphLike, start: Hashable, *, board: GridBoard | None = None
    ) -> None:
        graph = as_graph(graph, "Position")
        start_id = graph.vertex_id(start)
        if board is not None and not (isinstance(board, GridBoard) and board.graph is graph):
            raise BipartiteGameError("board must be the GridBoard whose graph is played on")
        self.graph: Graph = graph
        self.board = board
        self._start = start_id
        self._moves: list[int] = []
        self._visited = np.zeros(graph.num_vertices, dtype=np.bool_)
        self._visited[start_id] = True

    @property
    def start(self) -> Vertex:
        """The vertex the token started on."""
        return self.graph.label(self._start)

    @property
    def _current(self) -> int:
        return self._moves[-1] if self._moves else self._start

    @property
    def current(self) -> Vertex:
        """The token's vertex."""
        return self.graph.label(self._current)

    @property
    def move_stack(self) -> list[Vertex]:
        """The moves played, oldest first (a new list).  O(moves)."""
        return self.graph.labels_of(np.array(self._moves, dtype=np.int64))

    @property
    def turn(self) -> str:
        return FIRST if len(self._moves) % 2 == 0 else SECOND

    @property
    def visited(self) -> npt.NDArray[np.bool_]:
        """A copy of the visited mask, indexed by vertex id (the token's
        vertex included)."""
        return self._visited.copy()

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def is_legal(self, move: object) -> bool:
        """Is ``move`` an unvisited neighbour of the token?  False for
        anything else, including values that are no vertex at all
        (``True``, ``1.0``, ``-1``).  O(degree).

        Parameters
        ----------
        move : object
            Anything; a vertex as the graph names it to be legal.

        Returns
        -------
        bool
            Whether the token may move there.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a")
        >>> position.is_legal("b"), position.is_legal("c"), position.is_legal(None)
        (True, False, False)
        """
        return move in self.legal_moves

    def push(self, move: Hashable) -> None:
        """Move the token to ``move`` (a vertex: a label of a labelled
        graph, else an id); raises :class:`IllegalMoveError` (a
        :class:`BipartiteGameError`) unless it is a legal move.

        Parameters
        ----------
        move : hashable
            The vertex to move to.

        Raises
        ------
        IllegalMoveError
            When ``move`` is not a legal move.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a")
        >>> position.push("b")
        >>> position.current, position.move_stack
        ('b', ['b'])
        """
        try:
            vertex = self.graph.vertex_id(move)
        except BipartiteGameError:
            raise IllegalMoveError(f"illegal move: {move!r} is no vertex") from None
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal move: {move!r} from {self.current!r}")
        self._moves.append(vertex)
        self._visited[vertex] = True

    def pop(self) -> Vertex:
        """Take back the last move; returns it.

        Returns
        -------
        Vertex
            The move taken back.

        Raises
        ------
        BipartiteGameError
            When no move has been played.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a")
        >>> position.push("b")
        >>> position.pop(), position.current
        ('b', 'a')
        """
        if not self._moves:
            raise BipartiteGameError("no move to take back")
        move = self._moves.pop()
        self._visited[move] = False
        return self.graph.label(move)

    def is_over(self) -> bool:
        """Whether the player to move has no legal move.  O(degree).

        Returns
        -------
        bool
            ``True`` once the game is over.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> Position(Graph.from_edges([0], [1]), 0).is_over()
        False
        """
        return not self.legal_moves

    @property
    def winner(self) -> str | None:
        """``"first"`` or ``"second"`` once the game is over, else ``None``."""
        if not self.is_over():
            return None
        return SECOND if self.turn == FIRST else FIRST

    def outcome(self) -> Outcome | None:
        """Who won and after how many moves, once the game is over.

        Returns
        -------
        Outcome or None
            The outcome, or ``None`` while the game goes on.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges([0], [1]), 0)
        >>> position.push(1)
        >>> position.outcome()
        Outcome(winner='first', moves=1)
        """
        winner = self.winner
        return None if winner is None else Outcome(winner, len(self._moves))

    def _best_ids(self) -> list[int]:
        moves = self.legal_moves._array().tolist()
        if not moves:
            return []
        rest = solve(self.graph.without_ids(np.flatnonzero(self._visited)))
        return [u for u in moves if rest.losing[u]]

    def best_moves(self) -> list[Vertex]:
        """The moves that win for the player to move (empty when every move
        loses against perfect play).  Solves the graph without the visited
        vertices once.

        Returns
        -------
        list of Vertex
            The winning moves, in id order.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a")
        >>> position.push("b")
        >>> position.best_moves()
        ['c']
        """
        return self.graph.labels_of(np.array(self._best_ids(), dtype=np.int64))

    def mover_wins(self) -> bool:
        """Does the player to move win with perfect play from here?

        Returns
        -------
        bool
            Whether the player to move wins.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> Position(Graph.from_edges(["a", "b"], ["b", "c"]), "a").mover_wins()
        False
        """
        return bool(self._best_ids())

    def grundy_value(self) -> int:
        """The Grundy value (nimber) of this position: what it is worth as one
        component of a sum of games; 0 exactly when the player to move
        loses.  By :func:`~bipartite_game.theory.nimbers.grundy_value`:
        exact where what is left of the token's component has maximum
        degree 3 (:mod:`~bipartite_game.theory.cubic`), else the search (the
        forest rule where what the token can reach is a tree), which raises
        :class:`~bipartite_game.errors.GeographyTooLarge` past its budget.

        Returns
        -------
        int
            The position's Grundy value.

        Raises
        ------
        GeographyTooLarge
            When the search passes its budget.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> Position(Graph.from_edges(["a", "b"], ["b", "c"]), "b").grundy_value()
        1
        """
        from ..theory.nimbers import grundy_value

        return grundy_value(
            self.graph, self.current, self.graph.labels_of(np.flatnonzero(self._visited))
        )

    @classmethod
    def from_board(cls, board: GridBoard, row: int, col: int) -> Position:
        """The token on cell ``(row, col)`` (0-based) of a grid board.

        Parameters
        ----------
        board : GridBoard
            A grid board.
        row, col : int
            An open cell, 0-based.

        Returns
        -------
        Position
            The position, its vertices the board's vertex ids.

        Raises
        ------
        BipartiteGameError
            When the cell is a wall or off the board.

        Examples
        --------
        >>> from bipartite_game import grid_board
        >>> Position.from_board(grid_board([[1, 1, 0], [1, 1, 1]]), 1, 2).current
        4
        """
        if not isinstance(board, GridBoard):
            raise BipartiteGameError(f"board must be a GridBoard, not {type(board).__name__}")
        start = board.vertex_at(row, col)
        if start is None:
            raise IllegalMoveError(f"illegal start: cell {(row, col)!r} is not an open cell")
        return cls(board.graph, start, board=board)

    def _repr_svg_(self) -> str:
        """Jupyter's picture: on a grid board the board
        (:func:`~bipartite_game.play.render.render_svg`), on any other graph
        the graph as :meth:`Graph._repr_svg_ <bipartite_game.Graph._repr_svg_>`
        lays it out; either with the visited vertices tinted, the path, the
        token and a dashed ring on each legal move (a summary when the graph
        is too large to draw)."""
        if self.board is not None:
            from .render import render_svg

            return render_svg(self.board, self, legend=True)
        from ..drawing.pictures import picture
        from ..drawing.svg import DASHED_RING, PATH, RING, TOKEN, VISITED

        self.graph.check_intact()
        return picture(
            self.graph,
            [repr(self)],
            tints=[(np.flatnonzero(self._visited).tolist(), VISITED, "visited")],
            path=[self._start, *self._moves],
            token=self._current,
            token_title=f"{self.turn} to move",
            outlined=self.legal_moves._array().tolist(),
            legend=[
                (VISITED, "visited (the line: the moves so far)"),
                (RING + TOKEN, f"the token: {self.turn} to move"),
                (DASHED_RING + PATH, "a legal move"),
            ],
        )

    def copy(self) -> Position:
        """A new position with the same start and moves, independent of this one.
        O(moves).

        Returns
        -------
        Position
            The copy.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> position = Position(Graph.from_edges([0, 1], [1, 2]), 0)
        >>> other = position.copy()
        >>> other.push(1)
        >>> position.move_stack, other.move_stack
        ([], [1])
        """
        other = Position(self.graph, self.start, board=self.board)
        other._moves = list(self._moves)
        other._visited = self._visited.copy()
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
            f"Position(start={self.start!r}, moves={self.move_stack!r}, "
            f"turn={self.turn!r}, over={self.is_over()})"
        )


@_engine_docs
class Engine:
    """A perfect player for one graph (a :class:`Graph`, or a networkx graph,
    converted once).  Its moves are vertices as the graph names them.

    Its repr names what it holds: the :class:`~bipartite_game.Solution` of
    the graph, the :class:`~bipartite_game.Strategy` of the game it last
    played (``None`` before its first move) and :attr:`last_reason`; its
    notebook picture is the graph with the matching it answers along.

    {graph_parameter}

    See Also
    --------
    Position : the game it plays.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> graph = Graph.from_edges(["a", "b"], ["b", "c"])  # the path a-b-c
    >>> engine, position = Engine(graph), Position(graph, "b")
    >>> engine.move(position)  # from b the mover wins: along the matching
    'c'
    >>> engine  # doctest: +ELLIPSIS
    Engine(solution=Solution(...), strategy=Strategy(start='b', first_player_wins=True), ...)
    """

    def __init__(self, graph: GraphLike) -> None:
        graph = as_graph(graph, "Engine")
        self.solution = solve(graph)
        self.graph: Graph = graph
        self._strategy: Strategy | None = None
        self._followed_moves: list[int] = []
        #: How :meth:`move` chose its last move, ``"matching"`` (the partner
        #: in the strategy's matching), ``"solved"`` (a winning move found by
        #: solving what is left, after the game left the matching) or
        #: ``"resisting"`` (every move loses: :meth:`resist`).
        self.last_reason: str | None = None

    def choose_side(self, start: Hashable) -> str:
        """The side that wins from ``start``.

        {vertex_parameter(start)}

        Returns
        -------
        str
            ``"first"`` or ``"second"``.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> engine = Engine(Graph.from_edges(["a", "b"], ["b", "c"]))
        >>> engine.choose_side("a"), engine.choose_side("b")
        ('second', 'first')
        """
        return FIRST if self.solution.first_player_wins(start) else SECOND

    def _check(self, position: object) -> Position:
        """``position``, if it is a game on this engine's graph: the same
        object, or (a networkx graph converted for each) an equal graph,
        O(V + E) once per position."""
        if isinstance(position, Position):
            other = position.graph
            if other is self.graph or _same_graph(other, self.graph):
                position.graph = self.graph  # later calls: the O(1) test
                return position
        raise BipartiteGameError("the engine plays positions on its own graph only")

    def move(self, position: Position) -> Vertex | None:
        """The engine's move in ``position`` (``None`` when the game is over).

        A winning move whenever one exists; otherwise the move of
        :meth:`resist`, which makes the opponent's win hardest to find.
        ``position`` must be a game on this engine's graph.  Cost: O(1) while
        the game follows the engine's matching, else one solve of what is
        left of the graph (winning) or one per legal move (losing).

        {engine_move}

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> graph = Graph.from_edges(["a", "b"], ["b", "c"])
        >>> Engine(graph).move(Position(graph, "b"))
        'c'
        """
        position = self._check(position)
        legal = position.legal_moves._array()
        if not legal.size:
            return None
        if self._strategy is None or self._strategy.start != position.start:
            self._strategy = self.solution.strategy(position.start)
            self._followed_moves = []
        strategy = self._strategy
        engine_is_first = position.turn == FIRST
        if strategy.first_player_wins == engine_is_first:
            # the engine is the strategy's winner: answer along its matching
            answer = int(strategy.mate[position._current])
            if answer >= 0 and bool(np.any(legal == answer)) and self._followed(position, strategy):
                self.last_reason = "matching"
                return self.graph.label(answer)
        best = position._best_ids()
        if best:
            self.last_reason = "solved"
            return self.graph.label(best[0])
        self.last_reason = "resisting"
        return self.resist(position)

    def following(self, position: Position, side: str) -> Strategy | None:
        """The strategy the engine, playing ``side`` (``"first"`` or
        ``"second"``), answers along in ``position``: its winning strategy
        from the start while its moves have followed it, else ``None`` (the
        engine is losing, or it left the matching after a surprise and now
        solves what is left).  O(1) per move over a game.

        Parameters
        ----------
        position : Position
            A game on this engine's graph.
        side : str
            The side the engine plays.

        Returns
        -------
        Strategy or None
            The strategy it follows, or ``None``.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> graph = Graph.from_edges(["a", "b"], ["b", "c"])
        >>> engine, position = Engine(graph), Position(graph, "b")
        >>> position.push(engine.move(position))
        >>> engine.following(position, "first")
        Strategy(start='b', first_player_wins=True)
        """
        strategy = self._strategy
        if strategy is None or strategy.start != position.start:
            return None
        if strategy.first_player_wins != (side == FIRST):
            return None
        return strategy if self._followed(position, strategy) else None

    def resist(self, position: Position) -> Vertex | None:
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

        {engine_move}

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> graph = Graph.from_edges(["a", "b"], ["b", "c"])
        >>> Engine(graph).resist(Position(graph, "a"))      # the only move, losing
        'b'
        """
        position = self._check(position)
        visited = np.flatnonzero(position._visited)
        best: tuple[int, int, int] | None = None
        for u in position.legal_moves._array().tolist():
            rest = solve(self.graph.without_ids(np.append(visited, u)))
            replies = self.graph.neighbor_ids(u)
            replies = replies[~position._visited[replies]]
            wins = int(np.count_nonzero(rest.losing[replies]))
            key = (wins, wins - int(replies.size), u)
            if best is None or key < best:
                best = key
        return None if best is None else self.graph.label(best[2])

    def place(self) -> Vertex:
        """The engine's start when it places the token (and then moves second).

        A start where the mover loses, if there is one: the first in vertex
        order.  Otherwise every start loses for the placer, and the engine
        resists: on graphs of at most :data:`PLACE_SEARCH` vertices it picks the
        start by the rule of :meth:`resist` (fewest winning first moves for the
        mover, then most losing ones, then lowest id), on larger ones vertex 0.
        Cost: O(1) after the solve when winning; one solve per vertex when
        resisting on a small graph.

        Returns
        -------
        Vertex
            The start.

        Examples
        --------
        >>> from bipartite_game import Graph
        >>> Engine(Graph.from_edges(["a", "b"], ["b", "c"])).place()
        'a'
        """
        return self.graph.label(self._place_id())

    def _place_id(self) -> int:
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
            replies = self.graph.neighbor_ids(s)
            wins = int(np.count_nonzero(solve(self.graph.without_ids(s)).losing[replies]))
            key = (wins, wins - int(replies.size), s)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2]

    def __repr__(self) -> str:
        return (
            f"Engine(solution={self.solution!r}, strategy={self._strategy!r}, "
            f"last_reason={self.last_reason!r})"
        )

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the graph (as
        :meth:`Graph._repr_svg_ <bipartite_game.Graph._repr_svg_>` lays it
        out) with the winning and losing starts tinted as in the solution's
        picture and the matching the engine answers along: its strategy's,
        with its start drawn as the token, once it has played a game, else
        the solution's, which it follows from every winning start.  A
        summary when the graph is too large to draw.  O(V + E) pieces."""
        from ..drawing.pictures import picture
        from ..drawing.svg import LOSING, MATCHING, RING, TOKEN, WINNING

        solution = self.solution
        solution.check_intact()
        strategy = self._strategy
        losing = solution.losing
        if strategy is None:
            mate, start, where = solution.mate, None, "every winning start"
        else:
            mate, start = strategy.mate, self.graph.vertex_id(strategy.start)
            where = repr(strategy.start)
        first = np.flatnonzero(mate > np.arange(mate.size))
        legend = [
            (WINNING, "the player to move wins from here"),
            (LOSING, "the player to move loses from here"),
            (MATCHING, f"the matching the engine answers along from {where}"),
        ]
        if start is not None:
            legend.append((RING + TOKEN, "the start of the engine's game"))
        return picture(
            self.graph,
            [repr(self), f"the engine answers along a maximum matching from {where}"],
            tints=[
                (np.flatnonzero(losing).tolist(), LOSING, "losing"),
                (np.flatnonzero(~losing).tolist(), WINNING, "winning"),
            ],
            pairs=zip(first.tolist(), mate[first].tolist(), strict=True),
            token=start,
            token_title="the start of the engine's game",
            legend=legend,
        )

    def _followed(self, position: Position, strategy: Strategy) -> bool:
        """Has every move of the strategy's winner so far followed it?

        Remembers the longest move list found to follow, so over a game the
        check costs O(1) per move (plus a C-speed list comparison), and a
        take-back or another game simply shortens what is known.  In ids."""
        stack = position._moves
        known = self._followed_moves
        if len(known) > len(stack) or stack[: len(known)] != known:
            known = []
        moves = [position._start, *stack]
        mate = strategy.mate
        first = 0 if strategy.first_player_wins else 1
        for k in range(len(known), len(stack)):
            # move k goes from moves[k] to moves[k + 1]; the winner makes
            # the moves k with k % 2 == first
            if k % 2 == first and int(mate[moves[k]]) != moves[k + 1]:
                self._followed_moves = list(stack[:k])
                return False
        self._followed_moves = list(stack)
        return True


def _same_graph(a: Graph, b: Graph) -> bool:
    """Do ``a`` and ``b`` hold the same vertices, labels and edges?  O(V + E)."""
    return (
        a.labels == b.labels
        and np.array_equal(a.indptr, b.indptr)
        and np.array_equal(a.indices, b.indices)
    )
