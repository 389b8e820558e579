"""bipartite-game: token games on graphs solved exactly by maximum matching."""

from __future__ import annotations

from .boards import GridBoard, LockBoard, grid_board, lock_board
from .decompose import Decomposition, decompose
from .errors import (
    BipartiteGameError,
    IllegalMoveError,
    InputError,
    NotBipartiteError,
    SolverError,
)
from .explain import Explanation
from .game import Solution, Strategy, first_player_wins_from, solve
from .geography import GeographySolution, solve_geography
from .graph import Colouring, Graph
from .matching import matching_size, maximum_matching
from .position import Engine, Outcome, Position
from .render import render_svg, render_text

__version__ = "0.1.0"

__all__ = [
    "BipartiteGameError",
    "Colouring",
    "Decomposition",
    "Engine",
    "Explanation",
    "GeographySolution",
    "Graph",
    "GridBoard",
    "IllegalMoveError",
    "InputError",
    "LockBoard",
    "NotBipartiteError",
    "Outcome",
    "Position",
    "Solution",
    "SolverError",
    "Strategy",
    "__version__",
    "decompose",
    "first_player_wins_from",
    "grid_board",
    "lock_board",
    "matching_size",
    "maximum_matching",
    "render_svg",
    "render_text",
    "solve",
    "solve_geography",
]
