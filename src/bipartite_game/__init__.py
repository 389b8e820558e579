"""bipartite-game: token games on graphs solved exactly by maximum matching.

The public names below are imported on first use (PEP 562 ``__getattr__``),
not with the package: a command-line run imports the package first, and
importing every module here (numpy's and ours, about 50 ms) would be paid by
every command, even the ones that need two of them.
"""

from __future__ import annotations

import importlib
import sys
import types
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

__version__ = "0.1.0"

#: Each lazily imported public name and the module that defines it.
_LAZY = {
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


def __getattr__(name: str) -> Any:
    """Import the module behind a public name on first use, then keep it."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """The package module, keeping a public name when a submodule shares it.

    Python binds a submodule to its package as an attribute when it is first
    imported: ``import bipartite_game.decompose`` (which the ``edges`` command
    does) would make ``bipartite_game.decompose`` the module instead of the
    function.  The eager imports this file used to make bound the function
    last; here the binding is refused, so the name keeps resolving through
    :func:`__getattr__` to the function.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
