"""A :class:`~bipartite_game.graphs.graph.Graph` or a board as a picture:
the notebook pictures (``_repr_svg_``) of graphs, boards, solutions,
decompositions and positions.

:func:`picture` draws a graph by :func:`~.svg.graph_svg`: at its labels
when they are grid coordinates ``(row, col)`` (:func:`~.layout.label_points`),
else by :func:`~.layout.force_layout`, and as a summary past
:data:`DRAW_LIMIT` vertices (:func:`oversize` says why); :func:`board_picture`
draws a board's cells by :func:`~.svg.board_svg`, sized to fit, and as a
summary past :data:`BOARD_DRAW_LIMIT` cells.  A graph is read through its
public arrays and labels only: this package imports no layer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .layout import force_layout, label_points
from .svg import WRITTEN_LABELS, GraphMarks, board_svg, graph_svg, short_label, summary_svg

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's own from Python 3.12

    from ..graphs.graph import Graph

__all__ = [
    "BOARD_DRAW_LIMIT",
    "DRAW_LIMIT",
    "EDGE_DRAW_LIMIT",
    "GRID_DRAW_LIMIT",
    "board_picture",
    "oversize",
    "picture",
]

#: The most vertices :func:`picture` lays out by force (O(V^2) a step), and
#: the most it draws at grid labels; the most edges it draws.  Past these a
#: graph's picture is its summary.
DRAW_LIMIT, GRID_DRAW_LIMIT, EDGE_DRAW_LIMIT = 200, 2500, 6000
#: The most cells a board's picture draws (about 110 bytes a cell).
BOARD_DRAW_LIMIT = 10_000


def picture(
    graph: Graph,
    summary: Sequence[str],
    *,
    labels: Sequence[str] | None = None,
    **marks: Unpack[GraphMarks],
) -> str:
    """``graph`` drawn by :func:`graph_svg`, its vertices where its labels
    say when they are grid coordinates (:func:`label_points`), else where
    :func:`force_layout` puts them; the marks as :func:`graph_svg` takes them
    (``edge_styles`` aligned with ``graph.edges()``).  ``labels`` default to
    the graph's labels, or the ids.  Past :data:`DRAW_LIMIT` vertices
    (:data:`GRID_DRAW_LIMIT` at grid labels) or :data:`EDGE_DRAW_LIMIT`
    edges, the ``summary`` lines and a note instead, in O(1) more.
    Cost: O(V + E) pieces, plus the layout's O(V^2) a step.

    Parameters
    ----------
    graph : Graph
        The graph.
    summary : sequence of str
        The lines shown instead when the graph is too large.
    labels : sequence of str, optional
        One label per vertex.
    **marks : GraphMarks
        ``tints``, ``edge_styles`` (aligned with ``graph.edges()``),
        ``pairs``, ``path``, ``token``, ``token_title``, ``outlined`` and
        ``legend``, as for :func:`graph_svg`.

    Returns
    -------
    str
        The SVG text.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> picture(Graph.from_edges([0, 1], [1, 2]), ["a path"]).count("data-vertex")
    3
    """
    note = oversize(graph)
    if note is not None:
        return summary_svg([*summary, note])
    n = graph.num_vertices
    grid = label_points(graph.labels)
    u, v = graph.edges()
    if grid is not None:
        span = int(grid.max()) + 1 if n else 1
        spacing = max(14, min(48, 720 // span))
        radius = min(16.0, spacing * 0.33)
        points = grid * spacing + spacing
    else:
        radius = max(5.0, min(11.0, 440 / max(n, 1)))
    if labels is None:
        names = graph.labels if graph.labels is not None else range(n)
        labels = [str(name) for name in names]
    if grid is None:
        side = int(min(720, max(240, 56 * math.sqrt(max(n, 1)))))
        if n <= _ROOMY:  # discs wide enough for the labels at a readable size
            longest = max((len(short_label(text)) for text in labels), default=1)
            wide = min(_ROOMY_RADIUS, 0.6 * _LABEL_FONT * longest / 1.9)
            if wide > radius:  # and room for the wider discs
                radius = wide
                side = int(min(720, max(side, 10 * radius * math.sqrt(n))))
        points = force_layout(n, u, v, side, side, margin=max(2 * radius, 20))
        if n:  # the layout is centred in a square: no empty band above or left
            points = points - points.min(axis=0) + int(radius) + 8
    return graph_svg(
        points,
        u,
        v,
        labels=labels,
        write_labels=n <= WRITTEN_LABELS and radius >= 8,
        radius=radius,
        **marks,
    )


#: Up to this many vertices (laid out by force), a disc grows (to at most
#: ``_ROOMY_RADIUS``) until the longest label written on it is
#: ``_LABEL_FONT`` pixels high.
_ROOMY, _ROOMY_RADIUS, _LABEL_FONT = 30, 21.0, 9.0


def _grid_labelled(graph: Graph) -> bool:
    return graph.num_vertices <= GRID_DRAW_LIMIT and label_points(graph.labels) is not None


def oversize(graph: Graph) -> str | None:
    """Why :func:`picture` would not draw ``graph`` (a note for its summary),
    or ``None`` when it would.  O(1), or O(V) to look at the labels of a
    graph past :data:`DRAW_LIMIT` vertices.

    Parameters
    ----------
    graph : Graph
        The graph.

    Returns
    -------
    str or None
        The note, or ``None``.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> oversize(Graph.from_edges([0], [1])) is None
    True
    >>> oversize(Graph.from_edges(range(5000), range(1, 5001)))
    '(too large to draw: more than 200 vertices)'
    """
    n = graph.num_vertices
    if graph.num_edges > EDGE_DRAW_LIMIT:
        return f"(too large to draw: more than {EDGE_DRAW_LIMIT} edges)"
    if n > DRAW_LIMIT and not _grid_labelled(graph):
        return f"(too large to draw: more than {DRAW_LIMIT} vertices)"
    return None


def board_picture(open_cells: npt.NDArray[np.bool_], summary: Sequence[str]) -> str:
    """A board by :func:`board_svg` with cells sized to fit about 640
    pixels (6 to 32 a cell); past :data:`BOARD_DRAW_LIMIT` cells the
    ``summary`` lines instead.  O(cells).

    Parameters
    ----------
    open_cells : numpy.ndarray
        2-D booleans, true on the open cells.
    summary : sequence of str
        The lines shown instead when the board is too large.

    Returns
    -------
    str
        The SVG text.

    Examples
    --------
    >>> import numpy as np
    >>> board_picture(np.ones((2, 3), dtype=bool), ["a board"]).count("data-row")
    6
    """
    height, width = (int(s) for s in open_cells.shape)
    if height * width > BOARD_DRAW_LIMIT:
        return summary_svg([*summary, f"(too large to draw: more than {BOARD_DRAW_LIMIT} cells)"])
    cell = max(6, min(32, 640 // max(height, width, 1)))
    return board_svg(open_cells, cell=cell)
