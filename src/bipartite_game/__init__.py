"""bipartite-game: token games on graphs solved exactly by maximum matching.

The public names below are imported on first use (PEP 562 ``__getattr__``),
not with the package: a command-line run imports the package first, and
importing every module here (numpy's and ours) would be paid by every
command, even the ones that need two of them (the figures: docs/benchmarks.md,
"Start-up: judge-sized inputs").  It also keeps
``bipartite_game.proofs.verify`` free of the solver (see ``_HOMES``).

The packages, in their layers, lowest first (each uses only those before
it in this list, and the modules of the root):

- :mod:`.drawing` -- pictures as SVG text, beside the array layer and
  under it (it knows no game).
- :mod:`.graphs` -- the array layer: graphs as CSR arrays, boards,
  maximum matchings.
- :mod:`.theory` -- the games: who wins, why, and how to play.
- :mod:`.proofs` -- certificates, and their check without the solver.
- :mod:`.problems` -- the judge formats: text in, the answer out.
- :mod:`.play` -- a game in progress, the engine, the terminal and the web page.
- :mod:`.experiments` -- sweeps over random graph families.
- :mod:`.kit` -- the contest kit: generate, stress, shrink, check.
- :mod:`.cli` -- the command line, the top layer.

And the modules beside them:

- :mod:`.errors` -- the exceptions (``ValueError`` subclasses, but
  ``SolverError``: a bug) and the warning.
- :mod:`.brute` -- exhaustive search from the rules: the tests' oracle.
- :mod:`.__main__` -- ``python -m bipartite_game``.
- :mod:`._version` -- ``__version__``, read from the installed metadata.
- :mod:`._lazy` -- public names imported on first use (PEP 562).
- :mod:`._checks` -- the boundary for ids and id arrays from outside.
- :mod:`._arrays` -- the array type aliases, declared once.
- :mod:`._digits` -- whole numbers written in decimal into a byte buffer.
- :mod:`._frozen` -- read-only arrays and the objects that keep theirs so.
- :mod:`._jit` -- each kernel run in C where the library has it, else its
  Python specification.
- :mod:`._native` -- the C kernels (``native/*.c``, built at install
  into the extension ``_ckernels``), loaded by ctypes.
- :mod:`._limits` -- work refused before it starts when it cannot fit.
- :mod:`._stats` -- phases, sizes, memory and progress of a long run.
- :mod:`._text` -- numbers and quotations read safely from any text.
- :mod:`._docstrings` -- docstring text several public names share, written
  once and filled in at definition.
- :mod:`._input` -- one input read with a bound, for the command line.
- :mod:`._command` -- what every command shares: standard output written
  with its failures named.
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
