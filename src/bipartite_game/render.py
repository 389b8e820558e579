"""Pure renderers for grid boards: SVG for pages and notebooks, text for terminals."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .boards import GridBoard
    from .game import Solution
    from .position import Position

__all__ = ["render_svg", "render_text"]

_WALL, _OPEN, _LOSING, _VISITED = "#3b3b46", "#f4f1e8", "#f2c6b4", "#b9cfe8"


def render_svg(
    board: GridBoard,
    position: Position | None = None,
    *,
    show_losing: bool = False,
    show_matching: bool = False,
    solution: Solution | None = None,
    cell: int = 32,
) -> str:
    """An SVG picture of ``board``.

    Walls are dark, open cells light; with ``show_losing`` the cells where the
    player to move loses are tinted; with ``show_matching`` the edges of one
    maximum matching are drawn; a ``position`` adds the visited cells, the path
    and the token.  ``solution`` reuses a solved board.  Cells carry
    ``data-row``/``data-col`` (0-based) for pages that click on them.
    """
    height, width = board.shape
    if (show_losing or show_matching) and solution is None:
        from .game import solve

        solution = solve(board.graph)
    losing_cells: set[int] = set()
    if show_losing and solution is not None:
        losing_cells = set(board.cell_of[solution.losing].tolist())
    visited_cells: set[int] = set()
    if position is not None:
        visited_cells = set(board.cell_of[position.visited].tolist())
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell}" '
        f'height="{height * cell}" viewBox="0 0 {width * cell} {height * cell}" '
        'class="bipartite-game-board">'
    ]
    for i in range(height):
        for j in range(width):
            flat = i * width + j
            if not board.open[i, j]:
                fill, kind = _WALL, "wall"
            elif flat in visited_cells:
                fill, kind = _VISITED, "visited"
            elif flat in losing_cells:
                fill, kind = _LOSING, "losing"
            else:
                fill, kind = _OPEN, "open"
            parts.append(
                f'<rect x="{j * cell}" y="{i * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#8a8778" stroke-width="1" class="cell {kind}" '
                f'data-row="{i}" data-col="{j}"/>'
            )
    half = cell / 2

    def centre(v: int) -> tuple[float, float]:
        r, c = board.cell(v)
        return c * cell + half, r * cell + half

    if show_matching and solution is not None:
        mate = solution.mate
        for v in np.flatnonzero(mate > np.arange(mate.size)).tolist():
            (x1, y1), (x2, y2) = centre(v), centre(int(mate[v]))
            parts.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6a8e4e" '
                f'stroke-width="{cell / 6:.1f}" stroke-linecap="round" class="matching"/>'
            )
    if position is not None:
        path = [position.start, *position.move_stack]
        points = " ".join(f"{x},{y}" for x, y in map(centre, path))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="#2f5d8a" '
            f'stroke-width="{cell / 8:.1f}" class="path"/>'
        )
        x, y = centre(position.current)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.32:.1f}" fill="#c0392b" class="token">'
            f"<title>{escape(position.turn)} to move</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def render_text(
    board: GridBoard, position: Position | None = None, *, hints: list[int] | None = None
) -> str:
    """The board as text: ``#`` wall, ``.`` open, ``o`` visited, ``K`` the
    token, ``*`` a suggested move; rows and columns numbered from 1."""
    height, width = board.shape
    grid = np.where(board.open, ".", "#").astype("<U1")
    if position is not None:
        for v in [position.start, *position.move_stack]:
            grid[board.cell(v)] = "o"
        grid[board.cell(position.current)] = "K"
    for v in hints or []:
        grid[board.cell(v)] = "*"
    label = len(str(height))
    header = " " * (label + 1) + "".join(str((j + 1) % 10) for j in range(width))
    lines = [header] + [f"{i + 1:>{label}} " + "".join(grid[i].tolist()) for i in range(height)]
    return "\n".join(lines) + "\n"
