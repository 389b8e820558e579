"""bipartite-game: token games on graphs solved exactly by maximum matching.

The public names below are imported on first use (PEP 562 ``__getattr__``),
not with the package: a command-line run imports the package first, and
importing every module here (numpy's and ours, about 50 ms) would be paid by
every command, even the ones that need two of them.  It also keeps
``bipartite_game.proofs.verify`` free of the solver (see ``_HOMES``).
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
    from ._version import __version__
    from .graphs.boards import GridBoard, LockBoard, grid_board, lock_board
    from .graphs.graph import Colouring, Graph
    from .graphs.matching import matching_size, maximum_matching
    from .play.position import Engine, Outcome, Position
    from .play.render import render_svg, render_text
    from .proofs.certificate import Certificate, certify
    from .proofs.verify import CertificateError, Verdict, verify
    from .theory.decompose import Decomposition, decompose
    from .theory.explain import Explanation
    from .theory.game import Solution, Strategy, first_player_wins_from, solve
    from .theory.geography import GeographySolution, solve_geography

#: Where each public name lives; imported on first use (:mod:`._lazy`), so
#: that ``import bipartite_game.proofs.verify`` loads none of the solver: the
#: checker must not run the code whose answers it checks.
_HOMES = {
    "GridBoard": "graphs.boards",
    "LockBoard": "graphs.boards",
    "grid_board": "graphs.boards",
    "lock_board": "graphs.boards",
    "Certificate": "proofs.certificate",
    "certify": "proofs.certificate",
    "CertificateError": "proofs.verify",
    "Verdict": "proofs.verify",
    "verify": "proofs.verify",
    "Decomposition": "theory.decompose",
    "decompose": "theory.decompose",
    "Explanation": "theory.explain",
    "Solution": "theory.game",
    "Strategy": "theory.game",
    "first_player_wins_from": "theory.game",
    "solve": "theory.game",
    "GeographySolution": "theory.geography",
    "solve_geography": "theory.geography",
    "Colouring": "graphs.graph",
    "Graph": "graphs.graph",
    "matching_size": "graphs.matching",
    "maximum_matching": "graphs.matching",
    "Engine": "play.position",
    "Outcome": "play.position",
    "Position": "play.position",
    "render_svg": "play.render",
    "render_text": "play.render",
    "__version__": "_version",
}


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
# only public names in dir(): these served the imports above
del TYPE_CHECKING, annotations, lazy_names
