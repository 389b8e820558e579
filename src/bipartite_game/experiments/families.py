"""Random graph families, generated with vectorised numpy.

* ``er`` — Erdős–Rényi G(n, p) with p = c/n.  The number of edges is drawn
  first, m ~ Binomial(n(n-1)/2, p); then m distinct pairs, uniformly among
  all m-subsets of pairs.  The pairs are drawn in rounds: as many ordered
  pairs (a, b) of independent uniform vertices as are still missing, those
  with a = b dropped, each kept as {min, max}, merged with the pairs held
  (duplicates count once), until m are held.  Every step treats all pairs
  alike (it commutes with any permutation of the pairs), so the final
  m-set is uniform given m, and the graph is exactly G(n, p) in
  distribution.  When m is more than half of the pairs the complement is
  drawn the same way instead (the rounds stay few).
* ``bipartite-er`` — G(n, n, p) with p = c/n: vertices 0..n-1 on one side,
  n..2n-1 on the other, the same method on the n² cross pairs.
* ``regular`` — a uniform random simple d-regular graph by the
  configuration model with rejection: the n·d half-edges paired by a uniform
  random permutation; a pairing with a loop or a repeated edge is thrown
  away whole and drawn again, which makes the accepted graph exactly uniform
  among simple d-regular graphs.  A pairing is simple with probability about
  exp(-(d²-1)/4), so d is at most :data:`MAX_DEGREE`; n·d must be even.
* ``maze`` — an n×n grid, each cell a wall with probability p
  independently; the moves as for ``bipartite-game maze --moves``.
* ``king`` — the same with king moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from .._arrays import IntArray
from .._limits import MAX_VERTICES
from ..errors import BipartiteGameError
from ..graphs.boards import grid_board, parse_moves
from ..graphs.graph import Graph
from .catalogue import FAMILIES

__all__ = ["MAX_DEGREE", "check_parameters", "generate", "random_pairs"]

#: Largest degree of ``regular``: the configuration model needs about
#: exp((d²-1)/4) pairings per graph (42 at d = 4, 403 at d = 5).
MAX_DEGREE = 5


def check_parameters(family: str, n: int, values: Sequence[float], moves: str = "rook") -> None:
    """Refuse a family, size or parameter values it cannot generate."""
    if family not in FAMILIES:
        raise BipartiteGameError(
            f"unknown family {family!r}: expected one of {', '.join(FAMILIES)}"
        )
    names = FAMILIES[family]
    if len(values) != len(names):
        raise BipartiteGameError(f"{family} takes the parameters {', '.join(names)}")
    if moves != "rook" and family != "maze":
        raise BipartiteGameError("--moves applies to the maze family only")
    parse_moves(moves)  # an unknown move set is refused before any work
    if not isinstance(n, int) or n < 1:
        raise BipartiteGameError(f"n must be a whole number at least 1, not {n!r}")
    for name, value in zip(names, values, strict=True):
        if not math.isfinite(value):
            raise BipartiteGameError(f"{name} must be finite, not {value!r}")
    if family == "er":
        _check_range("c", values[0], 0, n, "n")
        _check_size(n, "n")
    elif family == "bipartite-er":
        _check_range("c", values[0], 0, n, "n")
        _check_size(2 * n, "2n")
    elif family == "regular":
        d = values[0]
        if not float(d).is_integer() or not 0 <= d <= min(MAX_DEGREE, n - 1):
            raise BipartiteGameError(
                f"d must be a whole number from 0 to {min(MAX_DEGREE, n - 1)} (n - 1, and "
                f"{MAX_DEGREE} for the configuration model's rejection), not {_shown(d)}"
            )
        if n * int(d) % 2:
            raise BipartiteGameError(f"no {int(d)}-regular graph has {n} vertices: n*d is odd")
        _check_size(n, "n")
    else:
        _check_range("p", values[0], 0, 1, "1")
        _check_size(n * n, "n*n")


def _check_range(name: str, value: float, low: float, high: float, shown: str) -> None:
    if not low <= value <= high:
        raise BipartiteGameError(
            f"{name} must be from {_shown(low)} to {shown}, not {_shown(value)}"
        )


def _check_size(vertices: int, what: str) -> None:
    if vertices > MAX_VERTICES:
        raise BipartiteGameError(f"{what} = {vertices} vertices: at most {MAX_VERTICES}")


def _shown(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def random_pairs(
    rng: np.random.Generator,
    pairs: int,
    m: int,
    draw: Callable[[np.random.Generator, int], IntArray],
) -> IntArray:
    """``m`` distinct keys out of ``0..pairs-1``, uniform among m-subsets,
    drawn in rounds by ``draw(rng, count)`` (uniform keys, possibly
    repeated, with -1 for a draw to drop); sorted."""
    if m > pairs // 2:  # the complement is the smaller draw
        missing = random_pairs(rng, pairs, pairs - m, draw)
        keep = np.ones(pairs, dtype=bool)
        keep[missing] = False
        return np.flatnonzero(keep).astype(np.int64)
    held = np.empty(0, dtype=np.int64)
    while held.size < m:
        fresh = draw(rng, m - held.size)
        held = np.union1d(held, fresh[fresh >= 0])
        if held.size > m:  # cannot happen: each round draws only what is missing
            raise AssertionError("drew more pairs than asked")
    return held


def _er_edges(rng: np.random.Generator, n: int, c: float) -> tuple[IntArray, IntArray]:
    pairs = n * (n - 1) // 2
    p = min(c / n, 1.0)
    m = int(rng.binomial(pairs, p)) if pairs else 0

    def draw(rng: np.random.Generator, count: int) -> IntArray:
        a = rng.integers(0, n, size=count, dtype=np.int64)
        b = rng.integers(0, n, size=count, dtype=np.int64)
        low, high = np.minimum(a, b), np.maximum(a, b)
        # {low, high} as its rank among the pairs in row-major order of the
        # upper triangle: rows 0..low-1 hold low*(2n-low-1)/2 pairs
        key = low * (2 * n - low - 1) // 2 + (high - low - 1)
        return np.where(a == b, -1, key)

    keys = random_pairs(rng, pairs, m, draw)
    # invert the rank: the row is the largest i with i*(2n-i-1)/2 <= key
    # (a float estimate, then corrected exactly in integers: the rounding of
    # the square root moves it by a few rows at most, near the last rows)
    root = np.sqrt(np.maximum((2.0 * n - 1) ** 2 - 8.0 * keys, 0.0))
    row = np.clip(np.floor(((2 * n - 1) - root) / 2), 0, max(n - 2, 0)).astype(np.int64)
    while True:
        start = row * (2 * n - row - 1) // 2
        low, high = start > keys, keys - start >= n - row - 1
        if not (low.any() or high.any()):
            return row, row + 1 + (keys - start)
        row = row - low + high


def _bipartite_er_edges(rng: np.random.Generator, n: int, c: float) -> tuple[IntArray, IntArray]:
    pairs = n * n
    m = int(rng.binomial(pairs, min(c / n, 1.0)))

    def draw(rng: np.random.Generator, count: int) -> IntArray:
        return rng.integers(0, pairs, size=count, dtype=np.int64)

    keys = random_pairs(rng, pairs, m, draw)
    return keys // n, n + keys % n


def _regular_edges(rng: np.random.Generator, n: int, d: int) -> tuple[IntArray, IntArray]:
    stubs = np.repeat(np.arange(n, dtype=np.int64), d)
    while True:
        paired = rng.permutation(stubs).reshape(-1, 2)
        low, high = paired.min(axis=1), paired.max(axis=1)
        if np.any(low == high):
            continue
        if np.unique(low * n + high).size == low.size:
            return low, high


def generate(family: str, n: int, values: Sequence[float], seed: int, moves: str = "rook") -> Graph:
    """One graph of ``family`` with ``n`` and parameter ``values`` (in the
    order of :data:`~bipartite_game.experiments.catalogue.FAMILIES`), from
    ``numpy.random.default_rng(seed)``."""
    check_parameters(family, n, values, moves)
    rng = np.random.default_rng(seed)
    if family in ("maze", "king"):
        open_cells = rng.random((n, n)) >= values[0]
        return grid_board(open_cells, "king" if family == "king" else moves).graph
    if family == "er":
        u, v = _er_edges(rng, n, values[0])
        vertices = n
    elif family == "bipartite-er":
        u, v = _bipartite_er_edges(rng, n, values[0])
        vertices = 2 * n
    else:
        u, v = _regular_edges(rng, n, int(values[0]))
        vertices = n
    return Graph.from_edges(u, v, num_vertices=vertices)
