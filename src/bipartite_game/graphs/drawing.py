"""The drawing's old home, kept for two minor releases: the pictures are
now the package :mod:`bipartite_game.drawing` (:mod:`~bipartite_game.drawing.svg`,
:mod:`~bipartite_game.drawing.layout`, :mod:`~bipartite_game.drawing.pictures`).

Importing this module warns once (a :class:`DeprecationWarning`) and gives
the same objects under their old names; it goes in 0.4.  Nothing in the
package imports it.
"""

from __future__ import annotations

import warnings

from .._lazy import RENAMED_UNTIL
from ..drawing.layout import force_layout, label_points
from ..drawing.pictures import BOARD_DRAW_LIMIT, DRAW_LIMIT, board_picture, oversize, picture
from ..drawing.svg import (
    A_CLASS,
    C_CLASS,
    DASHED_BOX,
    DASHED_RING,
    EDGE,
    LOSING,
    MATCHING,
    OPEN,
    PATH,
    RING,
    TOKEN,
    VISITED,
    WALL,
    WINNING,
    EdgeStyle,
    Tint,
    board_svg,
    graph_svg,
    summary_svg,
)

__all__ = [
    "A_CLASS",
    "BOARD_DRAW_LIMIT",
    "C_CLASS",
    "DASHED_BOX",
    "DASHED_RING",
    "DRAW_LIMIT",
    "EDGE",
    "LOSING",
    "MATCHING",
    "OPEN",
    "PATH",
    "RING",
    "TOKEN",
    "VISITED",
    "WALL",
    "WINNING",
    "EdgeStyle",
    "Tint",
    "board_picture",
    "board_svg",
    "force_layout",
    "graph_svg",
    "label_points",
    "oversize",
    "picture",
    "summary_svg",
]

warnings.warn(
    "bipartite_game.graphs.drawing is deprecated and will be removed in "
    f"{RENAMED_UNTIL}: the pictures are now bipartite_game.drawing "
    "(drawing.svg, drawing.layout, drawing.pictures)",
    DeprecationWarning,
    stacklevel=2,
)
