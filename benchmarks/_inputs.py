"""Random inputs for the benchmarks, made here so that a fresh clone can run them.

Each generator is seeded and vectorised (numpy's PCG64), so the same
arguments give the same bytes on every machine and a 4000x4000 maze takes a
fraction of a second.  The files are cached in ``benchmarks/.work`` under a
name that spells the arguments.  The formats are the judges' (see the
README's table of commands); the ``graph`` edge list is one ``u v`` pair a
line with integer labels (``edges``: random pairs; ``king_edges``: the king
graph of a maze).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

WORK = Path(__file__).resolve().parent / ".work"


def _grid_rows(rng: np.random.Generator, rows: int, cols: int, wall: float) -> np.ndarray:
    """A ``rows x cols`` array of ``.`` (open) and ``#`` (wall) bytes."""
    return np.where(rng.random((rows, cols)) < wall, ord("#"), ord(".")).astype(np.uint8)


def _lines(cells: np.ndarray) -> bytes:
    """The rows of a byte array, each ended by a newline."""
    with_newlines = np.full((cells.shape[0], cells.shape[1] + 1), ord("\n"), dtype=np.uint8)
    with_newlines[:, :-1] = cells
    return with_newlines.tobytes()


def maze(seed: int, rows: int, cols: int, wall: float) -> bytes:
    """``maze``: a header and a grid with each cell a wall with probability ``wall``."""
    cells = _grid_rows(np.random.default_rng(seed), rows, cols, wall)
    return f"{rows} {cols}\n".encode() + _lines(cells)


def king(seed: int, cases: int, largest: int, wall: float) -> bytes:
    """``king``: ``cases`` boards, each side drawn from 1 to ``largest``, one ``K``."""
    rng = np.random.default_rng(seed)
    parts = [f"{cases}\n".encode()]
    for _ in range(cases):
        rows, cols = (int(x) for x in rng.integers(1, largest + 1, size=2))
        cells = _grid_rows(rng, rows, cols, wall)
        cells.flat[int(rng.integers(rows * cols))] = ord("K")
        parts.append(f"{rows} {cols}\n".encode() + _lines(cells))
    return b"".join(parts)


def knights(seed: int, rows: int, cols: int, r: int, c: int, broken: float) -> bytes:
    """``knights``: a board of ``@`` (broken) and ``.`` with ``A`` and ``B`` on two squares."""
    rng = np.random.default_rng(seed)
    cells = np.where(rng.random((rows, cols)) < broken, ord("@"), ord(".")).astype(np.uint8)
    alice, bob = rng.choice(rows * cols, size=2, replace=False)
    cells.flat[alice], cells.flat[bob] = ord("A"), ord("B")
    return f"{rows} {cols} {r} {c}\n".encode() + _lines(cells)


def lock(seed: int, cases: int, rings: int, forbidden: int) -> bytes:
    """``lock``: ``cases`` locks of ``rings`` digits, each with ``forbidden`` distinct
    forbidden codes and a start that is none of them."""
    rng = np.random.default_rng(seed)
    codes = 10**rings
    parts = [f"{cases}\n".encode()]
    for _ in range(cases):
        count = min(forbidden, codes - 1)
        chosen = rng.choice(codes, size=count + 1, replace=False)
        parts.append(f"{rings} {count} {int(chosen[0]):0{rings}d}\n".encode())
        digits = (chosen[1:, None] // 10 ** np.arange(rings - 1, -1, -1)) % 10
        parts.append(_lines((digits + ord("0")).astype(np.uint8)))
    return b"".join(parts)


def _decimal_pairs(u: np.ndarray, v: np.ndarray) -> bytes:
    """The lines ``u v`` of two arrays of non-negative integers, written by
    numpy a digit position at a time (no Python string per number: the
    king-maze edge list has 1.3 * 10^7 lines)."""
    numbers = np.column_stack([u, v]).astype(np.int64).ravel()
    width = np.ones(numbers.size, dtype=np.int64)
    for place in range(1, 19):
        width += numbers >= 10**place
    ends = np.cumsum(width + 1)  # each number and its separator
    text = np.full(int(ends[-1]) if ends.size else 0, ord(" "), dtype=np.uint8)
    text[ends[1::2] - 1] = ord("\n")
    last = ends - 2  # each number's last digit
    for place in range(int(width.max()) if width.size else 0):
        more = np.flatnonzero(width > place)
        text[last[more] - place] = ord("0") + (numbers[more] // 10**place) % 10
    return text.tobytes()


def edges(seed: int, vertices: int, count: int) -> bytes:
    """``graph``: ``count`` random pairs of ``vertices`` vertices (repeats and
    self-loops included, as real edge lists have them)."""
    rng = np.random.default_rng(seed)
    pairs = rng.integers(0, vertices, size=(count, 2))
    return _decimal_pairs(pairs[:, 0], pairs[:, 1])


def king_edges(seed: int, rows: int, cols: int, wall: float) -> bytes:
    """``graph``: the king graph of ``maze(seed, rows, cols, wall)``, each
    edge once as ``a b`` with ``a`` the earlier cell (labels ``row * cols +
    col``), in row-major order; open cells with no open neighbour are left out."""
    open_cells = _grid_rows(np.random.default_rng(seed), rows, cols, wall) == ord(".")
    padded = np.zeros((rows + 1, cols + 2), dtype=bool)
    padded[:rows, 1:-1] = open_cells
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    steps = ((0, 1), (1, -1), (1, 0), (1, 1))  # each king step once, forwards
    valid = np.stack(
        [open_cells & padded[di : di + rows, 1 + dj : 1 + dj + cols] for di, dj in steps],
        axis=-1,
    )
    partner = np.stack([index + di * cols + dj for di, dj in steps], axis=-1)
    first = np.broadcast_to(index[..., None], valid.shape)
    return _decimal_pairs(first[valid], partner[valid])


GENERATORS: dict[str, Callable[..., bytes]] = {
    "maze": maze,
    "king": king,
    "knights": knights,
    "lock": lock,
    "edges": edges,
    "king_edges": king_edges,
}


def generated(kind: str, *args: float) -> Path:
    """The cached file of ``GENERATORS[kind](*args)``, made on first use."""
    WORK.mkdir(exist_ok=True)
    path = WORK / (f"{kind}_" + "_".join(str(a) for a in args) + ".txt")
    if not path.exists():
        partial = path.with_suffix(".part")
        partial.write_bytes(GENERATORS[kind](*args))
        partial.replace(path)
    return path
