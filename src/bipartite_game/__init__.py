"""bipartite-game: token games on graphs solved exactly by maximum matching."""

from __future__ import annotations

from .errors import (
    BipartiteGameError,
    IllegalMoveError,
    InputError,
    NotBipartiteError,
    SolverError,
)
from .game import Solution, Strategy, solve
from .graph import Colouring, Graph
from .matching import matching_size, maximum_matching

__version__ = "0.1.0"

__all__ = [
    "BipartiteGameError",
    "Colouring",
    "Graph",
    "IllegalMoveError",
    "InputError",
    "NotBipartiteError",
    "Solution",
    "SolverError",
    "Strategy",
    "__version__",
    "matching_size",
    "maximum_matching",
    "solve",
]
