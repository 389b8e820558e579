"""Pure renderers for grid boards: SVG for pages and notebooks, text for terminals.

The SVG is drawn by :func:`~bipartite_game.drawing.svg.board_svg`, the
drawing core shared with the notebook pictures of graphs, solutions and
decompositions; this module says what a game shows on it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from .._checks import int_scalar, vertex_id
from ..drawing.svg import (
    DASHED_BOX,
    HINT,
    LOSING,
    MATCHING,
    PATH,
    TOKEN,
    VISITED,
    board_svg,
)
from ..errors import BipartiteGameError

if TYPE_CHECKING:
    from ..graphs.boards import GridBoard
    from ..graphs.graph import Graph
    from ..theory.game import Solution

__all__ = ["GLYPHS", "PositionView", "legend", "render_svg", "render_text"]


@runtime_checkable
class PositionView(Protocol):
    """What the renderers read of a game in progress: a
    :class:`~bipartite_game.play.position.Position` is one (the renderers do
    not import it: a position draws itself with them)."""

    graph: Graph

    @property
    def start(self) -> Any: ...

    @property
    def move_stack(self) -> list[Any]: ...

    @property
    def current(self) -> Any: ...

    @property
    def turn(self) -> str: ...

    @property
    def visited(self) -> npt.NDArray[np.bool_]: ...

    @property
    def legal_moves(self) -> Iterable[Any]: ...


def _check_parts(board: object, position: object, hints: object, solution: object) -> list[int]:
    """Refuse parts that do not belong to ``board`` (their arrays would index
    its arrays wrongly); return the hints as vertex ids.  O(hints)."""
    from ..graphs.boards import GridBoard
    from ..theory.game import Solution

    if not isinstance(board, GridBoard):
        raise BipartiteGameError(f"board must be a GridBoard, not {type(board).__name__}")
    board.check_intact()
    if position is not None and not (
        isinstance(position, PositionView) and position.graph is board.graph
    ):
        raise BipartiteGameError("position must be a Position on the board's graph")
    if solution is not None and not (
        isinstance(solution, Solution) and solution.graph is board.graph
    ):
        raise BipartiteGameError("solution must be a Solution of the board's graph")
    if solution is not None:
        solution.check_intact()
    n = board.graph.num_vertices
    try:
        given = list(hints)  # type: ignore[call-overload]
    except TypeError:
        raise BipartiteGameError(f"hints must be vertex ids, not {hints!r}") from None
    return [vertex_id(v, n) for v in given]


def _check_flags(**flags: object) -> None:
    """Refuse a flag that is not a boolean, naming it.  O(flags)."""
    for name, value in flags.items():
        if not isinstance(value, (bool, np.bool_)):
            raise BipartiteGameError(f"{name} must be True or False, not {value!r}")


def render_svg(
    board: GridBoard,
    position: PositionView | None = None,
    *,
    show_losing: bool = False,
    show_matching: bool = False,
    hints: Iterable[int] = (),
    solution: Solution | None = None,
    cell: int = 32,
    losing: npt.ArrayLike | None = None,
    mate: npt.ArrayLike | None = None,
    coordinates: bool = False,
    legend: bool = False,
) -> str:
    """An SVG picture of ``board``.

    Walls are dark, open cells light; with ``show_losing`` the cells where the
    player to move loses are tinted; with ``show_matching`` the edges of one
    maximum matching are drawn; a ``position`` adds the visited cells, the path,
    the token and an outline on each legal move; ``hints`` (vertices) are
    marked with a dot.  ``solution`` reuses a solved board.  Every cell carries
    ``data-row``/``data-col`` (0-based) and classes (``wall``, ``open``,
    ``visited``, ``losing``, ``legal``, ``hint``) for pages that click on them.
    ``losing`` (one boolean per vertex) and ``mate`` (a matching of the
    board's graph) replace the solution's losing starts and matching, to
    show those of a game in progress (:meth:`~bipartite_game.play.match.Match.overlay`).
    ``coordinates`` numbers the rows down the left and the columns across
    the top, 1-based as the judge names cells; ``legend`` writes below the
    board what each colour and mark shown means (a notebook's picture).
    Pairs of the matching that
    are not neighbouring cells (knight moves) are drawn as arcs, so that two
    crossing pairs do not read as one X.
    ``position`` and ``solution`` must be on ``board``'s own graph, ``hints``
    its vertex ids, ``cell`` a positive integer (all checked).
    Cost: O(cells) string pieces; meant for boards a person looks at.

    Parameters
    ----------
    board : GridBoard
        The board.
    position : PositionView, optional
        A game in progress on it.
    show_losing : bool, optional
        Tint the losing starts.
    show_matching : bool, optional
        Draw one maximum matching.
    hints : iterable of int, optional
        Vertex ids to mark with a dot.
    solution : Solution, optional
        The board's solution, if already solved.
    cell : int, optional
        The side of a cell in pixels.
    losing : array_like, optional
        One boolean per vertex, in place of the solution's losing starts.
    mate : array_like, optional
        A matching of the board's graph, in place of the solution's.
    coordinates : bool, optional
        Number the rows and columns.
    legend : bool, optional
        Say below the board what each mark means.

    Returns
    -------
    str
        The SVG text.

    Raises
    ------
    BipartiteGameError
        When an argument does not fit the board.

    See Also
    --------
    render_text : the same board for a terminal.

    Examples
    --------
    >>> from bipartite_game import grid_board
    >>> svg = render_svg(grid_board([[1, 1, 0], [1, 1, 1]]), show_losing=True)
    >>> svg.startswith("<svg "), 'data-row="1"' in svg
    (True, True)
    """
    hint_vertices = _check_parts(board, position, hints, solution)
    _check_flags(
        show_losing=show_losing,
        show_matching=show_matching,
        coordinates=coordinates,
        legend=legend,
    )
    cell = int_scalar(cell, "cell")
    if cell <= 0:
        raise BipartiteGameError(f"cell must be a positive number of pixels, not {cell}")
    losing_mask, mate_array = _overlay(board, losing, mate)
    if (
        (show_losing and losing_mask is None) or (show_matching and mate_array is None)
    ) and solution is None:
        from ..theory.game import solve

        solution = solve(board.graph)
    if solution is not None:
        losing_mask = solution.losing if losing_mask is None else losing_mask
        mate_array = solution.mate if mate_array is None else mate_array
    losing_cells: set[int] = set()
    if show_losing and losing_mask is not None:
        losing_cells = set(board.cell_of[losing_mask].tolist())
    visited_cells: set[int] = set()
    legal_cells: set[int] = set()
    if position is not None:
        visited_cells = set(board.cell_of[position.visited].tolist())
        legal_cells = {int(board.cell_of[v]) for v in position.legal_moves}
    cell_of = board.cell_of
    hint_cells = [int(cell_of[v]) for v in hint_vertices]
    pairs: list[tuple[int, int]] = []
    if show_matching and mate_array is not None:
        first = np.flatnonzero(mate_array > np.arange(mate_array.size))
        pairs = list(zip(cell_of[first].tolist(), cell_of[mate_array[first]].tolist(), strict=True))
    path: list[int] = []
    token = None
    token_title = ""
    if position is not None:
        path = cell_of[[position.start, *position.move_stack]].tolist()
        token = int(cell_of[position.current])
        token_title = f"{position.turn} to move"
    meanings: list[tuple[str, str]] = []
    if legend:
        if position is not None:
            meanings += [
                (VISITED, "visited (the line: the moves so far)"),
                (TOKEN, f"the token: {position.turn} to move"),
                (DASHED_BOX + PATH, "a legal move"),
            ]
        if show_losing:
            meanings.append((LOSING, "the player to move loses from here"))
        if pairs:
            meanings.append((MATCHING, "a maximum matching"))
        if hint_cells:
            meanings.append((HINT, "a hint"))
    return board_svg(
        board.open,
        cell=cell,
        tints=[(visited_cells, VISITED, "visited"), (losing_cells, LOSING, "open losing")],
        outlined=legal_cells,
        dotted=hint_cells,
        pairs=pairs,
        path=path,
        token=token,
        token_title=token_title,
        coordinates=coordinates,
        legend=meanings,
    )


def _overlay(
    board: GridBoard, losing: npt.ArrayLike | None, mate: npt.ArrayLike | None
) -> tuple[npt.NDArray[np.bool_] | None, npt.NDArray[np.int32] | None]:
    """``losing`` and ``mate`` checked against ``board``'s graph. O(V + E)."""
    n = board.graph.num_vertices
    mask = None
    if losing is not None:
        mask = np.asarray(losing)
        if mask.dtype != np.bool_ or mask.shape != (n,):
            raise BipartiteGameError(f"losing must be {n} booleans, one per vertex")
    pairs = None
    if mate is not None:
        from ..graphs.matching import validate_matching

        pairs = validate_matching(board.graph, mate)
    return mask, pairs


#: The text board's glyphs, and their meaning for a legend.
GLYPHS = {
    "#": "wall",
    ".": "open cell",
    "o": "visited",
    "@": "the token",
    "+": "a legal move",
    "*": "a winning move (hint)",
}
#: ANSI colours of the glyphs (Select Graphic Rendition codes).
_COLOURS = {"#": "90", ".": "37", "o": "34", "@": "1;31", "+": "32", "*": "1;33"}


def render_text(
    board: GridBoard,
    position: PositionView | None = None,
    *,
    hints: list[int] | None = None,
    colour: bool = False,
) -> str:
    """The board as text: ``#`` wall, ``.`` open, ``o`` visited, ``@`` the
    token, ``+`` a legal move, ``*`` a suggested move (see :data:`GLYPHS`).

    Rows are numbered down the left; columns across the top, one digit per
    line (a tens line above the units line past 9 columns, and so on), so
    every column keeps its one character.  ``colour`` adds ANSI colours (for
    a terminal that wants them: the caller decides, e.g. by ``NO_COLOR``).
    ``position`` must be on ``board``'s graph, ``hints`` its vertex ids.
    Cost: O(cells).

    Parameters
    ----------
    board : GridBoard
        The board.
    position : PositionView, optional
        A game in progress on it.
    hints : list of int, optional
        Vertex ids to mark ``*``.
    colour : bool, optional
        Add ANSI colours.

    Returns
    -------
    str
        The board, a line a row, each ended by a newline.

    Raises
    ------
    BipartiteGameError
        When ``position`` or ``hints`` do not fit the board.

    See Also
    --------
    render_svg : the same board as a picture.

    Examples
    --------
    >>> from bipartite_game import Position, grid_board
    >>> board = grid_board([[1, 1, 0], [1, 1, 1]])
    >>> print(render_text(board, Position.from_board(board, 0, 0)), end="")
      123
    1 @+#
    2 +..
    """
    hint_vertices = _check_parts(board, position, [] if hints is None else hints, None)
    _check_flags(colour=colour)
    height, width = board.shape
    grid = np.where(board.open, ".", "#").astype("<U1")
    if position is not None:
        for v in [position.start, *position.move_stack]:
            grid[board.cell(v)] = "o"
        for v in position.legal_moves:
            grid[board.cell(v)] = "+"
        grid[board.cell(position.current)] = "@"
    for v in hint_vertices:
        grid[board.cell(v)] = "*"
    label = len(str(height))
    numbers = [str(j + 1) for j in range(width)]
    digits = len(numbers[-1]) if numbers else 1
    header = [
        " " * (label + 1) + "".join(n[-k] if len(n) >= k else " " for n in numbers).rstrip()
        for k in range(digits, 0, -1)
    ]
    if colour:
        paint = {g: f"\x1b[{code}m{g}\x1b[0m" for g, code in _COLOURS.items()}
        rows = ["".join(paint[g] for g in grid[i].tolist()) for i in range(height)]
    else:
        rows = ["".join(grid[i].tolist()) for i in range(height)]
    lines = header + [f"{i + 1:>{label}} {row}" for i, row in enumerate(rows)]
    return "\n".join(lines) + "\n"


def legend() -> str:
    """One line naming every glyph of :func:`render_text`."""
    return "Board: " + ", ".join(f"{g} {meaning}" for g, meaning in GLYPHS.items()) + "."
