"""Pure renderers for grid boards: SVG for pages and notebooks, text for terminals."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

import numpy as np

from ._checks import int_scalar, vertex_id
from .errors import BipartiteGameError

if TYPE_CHECKING:
    from .boards import GridBoard
    from .game import Solution
    from .position import Position

__all__ = ["GLYPHS", "legend", "render_svg", "render_text"]

_WALL, _OPEN, _LOSING, _VISITED = "#3b3b46", "#f4f1e8", "#f2c6b4", "#b9cfe8"


def _check_parts(board: object, position: object, hints: object, solution: object) -> list[int]:
    """Refuse parts that do not belong to ``board`` (their arrays would index
    its arrays wrongly); return the hints as vertex ids.  O(hints)."""
    from .boards import GridBoard
    from .game import Solution
    from .position import Position

    if not isinstance(board, GridBoard):
        raise BipartiteGameError(f"board must be a GridBoard, not {type(board).__name__}")
    if position is not None and not (
        isinstance(position, Position) and position.graph is board.graph
    ):
        raise BipartiteGameError("position must be a Position on the board's graph")
    if solution is not None and not (
        isinstance(solution, Solution) and solution.graph is board.graph
    ):
        raise BipartiteGameError("solution must be a Solution of the board's graph")
    n = board.graph.num_vertices
    try:
        given = list(hints)  # type: ignore[call-overload]
    except TypeError:
        raise BipartiteGameError(f"hints must be vertex ids, not {hints!r}") from None
    return [vertex_id(v, n) for v in given]


def render_svg(
    board: GridBoard,
    position: Position | None = None,
    *,
    show_losing: bool = False,
    show_matching: bool = False,
    hints: Iterable[int] = (),
    solution: Solution | None = None,
    cell: int = 32,
) -> str:
    """An SVG picture of ``board``.

    Walls are dark, open cells light; with ``show_losing`` the cells where the
    player to move loses are tinted; with ``show_matching`` the edges of one
    maximum matching are drawn; a ``position`` adds the visited cells, the path,
    the token and an outline on each legal move; ``hints`` (vertices) are
    marked with a dot.  ``solution`` reuses a solved board.  Every cell carries
    ``data-row``/``data-col`` (0-based) and classes (``wall``, ``open``,
    ``visited``, ``losing``, ``legal``, ``hint``) for pages that click on them.
    ``position`` and ``solution`` must be on ``board``'s own graph, ``hints``
    its vertex ids, ``cell`` a positive integer (all checked).
    Cost: O(cells) string pieces; meant for boards a person looks at.
    """
    hint_vertices = _check_parts(board, position, hints, solution)
    cell = int_scalar(cell, "cell")
    if cell <= 0:
        raise BipartiteGameError(f"cell must be a positive number of pixels, not {cell}")
    height, width = board.shape
    if (show_losing or show_matching) and solution is None:
        from .game import solve

        solution = solve(board.graph)
    losing_cells: set[int] = set()
    if show_losing and solution is not None:
        losing_cells = set(board.cell_of[solution.losing].tolist())
    visited_cells: set[int] = set()
    legal_cells: set[int] = set()
    if position is not None:
        visited_cells = set(board.cell_of[position.visited].tolist())
        legal_cells = {int(board.cell_of[v]) for v in position.legal_moves}
    hint_cells = {int(board.cell_of[v]) for v in hint_vertices}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell}" '
        f'height="{height * cell}" viewBox="0 0 {width * cell} {height * cell}" '
        'class="bipartite-game-board">'
        '<g stroke="#8a8778" stroke-width="1">'
    ]
    for i in range(height):
        for j in range(width):
            flat = i * width + j
            if not board.open[i, j]:
                fill, kind = _WALL, "wall"
            elif flat in visited_cells:
                fill, kind = _VISITED, "visited"
            elif flat in losing_cells:
                fill, kind = _LOSING, "open losing"
            else:
                fill, kind = _OPEN, "open"
            if flat in legal_cells:
                kind += " legal"
            if flat in hint_cells:
                kind += " hint"
            parts.append(
                f'<rect x="{j * cell}" y="{i * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" class="cell {kind}" data-row="{i}" data-col="{j}"/>'
            )
    parts.append("</g>")
    half = cell / 2

    def centre(v: int) -> tuple[float, float]:
        r, c = board.cell(v)
        return c * cell + half, r * cell + half

    if legal_cells:
        inset = cell * 0.12
        for flat in sorted(legal_cells):
            i, j = divmod(flat, width)
            parts.append(
                f'<rect x="{j * cell + inset:.1f}" y="{i * cell + inset:.1f}" '
                f'width="{cell - 2 * inset:.1f}" height="{cell - 2 * inset:.1f}" fill="none" '
                f'stroke="#2f5d8a" stroke-width="2" stroke-dasharray="4 3" '
                f'pointer-events="none" class="legal-mark"/>'
            )
    if show_matching and solution is not None:
        mate = solution.mate
        for v in np.flatnonzero(mate > np.arange(mate.size)).tolist():
            (x1, y1), (x2, y2) = centre(v), centre(int(mate[v]))
            parts.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6a8e4e" '
                f'stroke-width="{cell / 6:.1f}" stroke-linecap="round" '
                'pointer-events="none" class="matching"/>'
            )
    for flat in sorted(hint_cells):
        i, j = divmod(flat, width)
        parts.append(
            f'<circle cx="{j * cell + half}" cy="{i * cell + half}" r="{cell * 0.14:.1f}" '
            'fill="#e0a100" pointer-events="none" class="hint-mark"/>'
        )
    if position is not None:
        path = [position.start, *position.move_stack]
        points = " ".join(f"{x},{y}" for x, y in map(centre, path))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="#2f5d8a" '
            f'stroke-width="{cell / 8:.1f}" pointer-events="none" class="path"/>'
        )
        x, y = centre(position.current)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.32:.1f}" fill="#c0392b" '
            'pointer-events="none" class="token">'
            f"<title>{escape(position.turn)} to move</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


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
    position: Position | None = None,
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
    """
    hint_vertices = _check_parts(board, position, [] if hints is None else hints, None)
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
