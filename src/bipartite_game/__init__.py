"""bipartite-game: token games on graphs solved exactly by maximum matching."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import (
    BipartiteGameError,
    IllegalMoveError,
    InputError,
    NotBipartiteError,
    SolverError,
)

if TYPE_CHECKING:
    from .boards import GridBoard, LockBoard, grid_board, lock_board
    from .decompose import Decomposition, decompose
    from .explain import Explanation
    from .game import Solution, Strategy, first_player_wins_from, solve
    from .graph import Colouring, Graph
    from .matching import matching_size, maximum_matching
    from .position import Engine, Outcome, Position
    from .render import render_svg, render_text

#: Where each public name lives.  They are imported on first use (PEP 562),
#: so that ``import bipartite_game.verify`` loads none of the solver: the
#: checker must not run the code whose answers it checks.
_HOMES = {
    "GridBoard": "boards",
    "LockBoard": "boards",
    "grid_board": "boards",
    "lock_board": "boards",
    "Decomposition": "decompose",
    "decompose": "decompose",
    "Explanation": "explain",
    "Solution": "game",
    "Strategy": "game",
    "first_player_wins_from": "game",
    "solve": "game",
    "Colouring": "graph",
    "Graph": "graph",
    "matching_size": "matching",
    "maximum_matching": "matching",
    "Engine": "position",
    "Outcome": "position",
    "Position": "position",
    "render_svg": "render",
    "render_text": "render",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__version__ = "0.1.0"

__all__ = [
    "BipartiteGameError",
    "Colouring",
    "Decomposition",
    "Engine",
    "Explanation",
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
]
