"""bipartite-game: token games on graphs solved exactly by maximum matching.

The public names below are imported on first use (PEP 562 ``__getattr__``),
not with the package: a command-line run imports the package first, and
importing every module here (numpy's and ours, about 50 ms) would be paid by
every command, even the ones that need two of them.  It also keeps
``bipartite_game.verify`` free of the solver (see ``_HOMES``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_names
from .errors import (
    BipartiteGameError,
    IllegalMoveError,
    InputError,
    NotBipartiteError,
    SolverError,
)

if TYPE_CHECKING:
    from .boards import GridBoard, LockBoard, grid_board, lock_board
    from .certificate import Certificate, certify
    from .decompose import Decomposition, decompose
    from .explain import Explanation
    from .game import Solution, Strategy, first_player_wins_from, solve
    from .geography import GeographySolution, solve_geography
    from .graph import Colouring, Graph
    from .matching import matching_size, maximum_matching
    from .position import Engine, Outcome, Position
    from .render import render_svg, render_text
    from .verify import CertificateError, Verdict, verify

#: Where each public name lives; imported on first use (:mod:`._lazy`), so
#: that ``import bipartite_game.verify`` loads none of the solver: the
#: checker must not run the code whose answers it checks.
_HOMES = {
    "GridBoard": "boards",
    "LockBoard": "boards",
    "grid_board": "boards",
    "lock_board": "boards",
    "Certificate": "certificate",
    "certify": "certificate",
    "CertificateError": "verify",
    "Verdict": "verify",
    "verify": "verify",
    "Decomposition": "decompose",
    "decompose": "decompose",
    "Explanation": "explain",
    "Solution": "game",
    "Strategy": "game",
    "first_player_wins_from": "game",
    "solve": "game",
    "GeographySolution": "geography",
    "solve_geography": "geography",
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


__version__ = "0.1.0"

__all__ = [
    "BipartiteGameError",
    "Certificate",
    "CertificateError",
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
    "Verdict",
    "__version__",
    "certify",
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
    "verify",
]

lazy_names(__name__, _HOMES)
