"""Boards as graphs: grids with any move set, and locks of any shape.

Builders write the CSR arrays directly with compiled kernels (two passes: count
degrees, then fill), so no Python loop ever visits a cell.

Move sets are lists of steps ``(dr, dc)``.  An ``(r, c)``-leaper moves by
``(±r, ±c)`` or ``(±c, ±r)``; the rook of the maze game is the ``(0, 1)``
leaper.  Every leaper graph is bipartite, with a closed-form colouring: with
``d = gcd(r, c)`` each move keeps ``i mod d`` and ``j mod d`` and changes
``(i // d, j // d)`` by ``(±r/d, ±c/d)`` or its swap; if ``(r + c)/d`` is odd,
``(i // d + j // d) mod 2`` flips at every move, otherwise ``r/d`` and ``c/d``
are both odd and ``(i // d) mod 2`` flips.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

import numpy as np
import numpy.typing as npt

from ._jit import kernel
from .errors import BipartiteGameError
from .graph import Graph

__all__ = [
    "MOVE_SETS",
    "GridBoard",
    "LockBoard",
    "grid_board",
    "leaper_colouring",
    "leaper_steps",
    "lock_board",
    "parse_moves",
]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]
Step = tuple[int, int]

#: Named move sets.  ``rook`` is one orthogonal step (the maze game's move).
MOVE_SETS: dict[str, tuple[Step, ...]] = {
    "rook": ((0, 1),),
    "knight": ((1, 2),),
    "king": ((0, 1), (1, 1)),
}


def leaper_steps(r: int, c: int) -> tuple[Step, ...]:
    """The distinct non-zero steps of an ``(r, c)``-leaper, sorted (8 at most)."""
    steps = {(sr * a, sc * b) for a, b in ((r, c), (c, r)) for sr in (1, -1) for sc in (1, -1)}
    steps.discard((0, 0))
    return tuple(sorted(steps))


def parse_moves(spec: str) -> tuple[tuple[Step, ...], tuple[int, int] | None]:
    """Steps for a move-set name or ``R,C``, and the leaper ``(r, c)`` if it is one.

    Named sets are unions of leapers: ``king`` is the (0,1) and (1,1) leapers.
    """
    text = spec.strip().lower()
    if text in MOVE_SETS:
        leapers = MOVE_SETS[text]
    else:
        parts = text.replace(" ", "").split(",")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise BipartiteGameError(
                f"unknown move set {spec!r}: use rook, king, knight or R,C (two "
                "non-negative integers)"
            )
        leapers = ((int(parts[0]), int(parts[1])),)
    steps = sorted({s for r, c in leapers for s in leaper_steps(r, c)})
    return tuple(steps), (leapers[0] if len(leapers) == 1 else None)


def _colour_rule(r: int, c: int) -> tuple[int, bool]:
    """``(d, rows_only)``: an ``(r, c)``-leaper's colour is ``(i // d + j // d)
    mod 2``, or ``(i // d) mod 2`` when ``rows_only`` (see the module doc)."""
    d = gcd(r, c) or 1
    return d, ((r + c) // d) % 2 == 0


def leaper_colouring(rows: IntArray, cols: IntArray, r: int, c: int) -> npt.NDArray[np.int8]:
    """Closed-form 2-colouring of cells ``(rows, cols)`` for an ``(r, c)``-leaper."""
    d, rows_only = _colour_rule(r, c)
    if rows_only:
        return ((rows // d) & 1).astype(np.int8)
    return ((rows // d + cols // d) & 1).astype(np.int8)


@dataclass(frozen=True, eq=False)
class GridBoard:
    """A grid of open cells and the graph of moves between them.

    Vertices are the open cells in row-major order; ``cell_of[v]`` is the flat
    index ``i * width + j`` of vertex ``v``.
    """

    open: BoolArray
    steps: tuple[Step, ...]
    cell_of: Int32Array
    graph: Graph

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.open.shape[0]), int(self.open.shape[1]))

    def cell(self, v: int) -> tuple[int, int]:
        """0-based ``(row, col)`` of vertex ``v``."""
        i, j = divmod(int(self.cell_of[v]), self.shape[1])
        return i, j

    def vertex_at(self, row: int, col: int) -> int | None:
        """The vertex on cell ``(row, col)``, or ``None`` for a wall or off-board."""
        height, width = self.shape
        if not (0 <= row < height and 0 <= col < width) or not self.open[row, col]:
            return None
        flat = row * width + col
        return int(np.searchsorted(self.cell_of, flat))


def grid_board(open_cells: npt.ArrayLike, moves: str | tuple[Step, ...] = "rook") -> GridBoard:
    """The move graph of a grid.

    Parameters
    ----------
    open_cells
        2-D boolean array, true where the token may stand.
    moves
        A move-set name (``rook``, ``king``, ``knight``), ``"R,C"`` for a
        leaper, or an explicit tuple of steps (closed under negation is not
        required: the graph is undirected).

    Cost: O(cells * steps), compiled.
    """
    mask = np.ascontiguousarray(open_cells, dtype=np.bool_)
    if mask.ndim != 2:
        raise BipartiteGameError(f"a grid must be 2-D, not {mask.ndim}-D")
    height, width = mask.shape
    leaper: tuple[int, int] | None
    if isinstance(moves, str):
        steps, leaper = parse_moves(moves)
    else:
        both = {(dr, dc) for dr, dc in moves} | {(-dr, -dc) for dr, dc in moves}
        both.discard((0, 0))
        steps, leaper = tuple(sorted(both)), None
    usable = [(dr, dc) for dr, dc in steps if abs(dr) < max(height, 1) and abs(dc) < max(width, 1)]
    dr_array = np.array([s[0] for s in usable], dtype=np.int64)
    dc_array = np.array([s[1] for s in usable], dtype=np.int64)
    colour_step, rows_only = _colour_rule(*leaper) if leaper is not None else (0, False)
    indptr, indices, cell_of, side = _grid_csr(
        mask.reshape(-1), height, width, dr_array, dc_array, colour_step, rows_only
    )
    graph = Graph(indptr, indices, side=side if leaper is not None else None)
    return GridBoard(mask, tuple(usable), cell_of, graph)


@kernel
def _number_kept(keep: BoolArray) -> tuple[Int32Array, int]:
    """Vertex ids for the kept positions in order (-1 elsewhere), and their count."""
    vertex_of = np.full(keep.size, -1, dtype=np.int32)
    count = 0
    for k in range(keep.size):
        if keep[k]:
            vertex_of[k] = count
            count += 1
    return vertex_of, count


@kernel
def _grid_csr(
    open_flat: BoolArray,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    colour_step: int,
    colour_rows_only: bool,
) -> tuple[IntArray, Int32Array, Int32Array, npt.NDArray[np.int8]]:
    """CSR of the move graph on open cells, and the leaper colouring when
    ``colour_step`` > 0 (see the module docstring).  Rows come out sorted
    because the steps are sorted and vertex ids follow cell order."""
    vertex_of, count = _number_kept(open_flat)
    cell_of = np.empty(count, dtype=np.int32)
    side = np.zeros(count if colour_step > 0 else 0, dtype=np.int8)
    indptr = np.zeros(count + 1, dtype=np.int64)
    steps = dr.size
    v = 0
    for i in range(height):
        for j in range(width):
            k = i * width + j
            if vertex_of[k] < 0:
                continue
            cell_of[v] = k
            if colour_step > 0:
                if colour_rows_only:
                    side[v] = (i // colour_step) & 1
                else:
                    side[v] = (i // colour_step + j // colour_step) & 1
            degree = 0
            for s in range(steps):
                a = i + dr[s]
                b = j + dc[s]
                if 0 <= a < height and 0 <= b < width and vertex_of[a * width + b] >= 0:
                    degree += 1
            indptr[v + 1] = indptr[v] + degree
            v += 1
    indices = np.empty(indptr[count], dtype=np.int32)
    at = 0
    for i in range(height):
        for j in range(width):
            if vertex_of[i * width + j] < 0:
                continue
            for s in range(steps):
                a = i + dr[s]
                b = j + dc[s]
                if 0 <= a < height and 0 <= b < width:
                    w = vertex_of[a * width + b]
                    if w >= 0:
                        indices[at] = w
                        at += 1
    return indptr, indices, cell_of, side


# --------------------------------------------------------------------- locks
@dataclass(frozen=True, eq=False)
class LockBoard:
    """The codes of a lock reachable from a start, and the graph of spins.

    ``code_of[v]`` is the code (a number in base ``size``, ring ``i`` being
    digit ``i``) of vertex ``v``; ``start`` is the start's vertex.
    """

    rings: int
    size: int
    wrap: bool
    code_of: Int32Array
    start: int
    graph: Graph


def lock_board(
    rings: int, size: int, forbidden: npt.ArrayLike, start: int, *, wrap: bool = True
) -> LockBoard:
    """The component of ``start`` in the lock graph without ``forbidden`` codes.

    ``rings`` rings of ``size`` positions; a move turns one ring one step
    either way (with ``wrap`` the last position turns into the first).  Codes
    are numbers in base ``size``.  Only what the start can reach is built: a
    compiled flood fill over the code lattice marks the component, then a
    two-pass kernel writes its CSR.  Colouring: each spin changes the digit
    sum by 1, or by ``size - 1`` across the wrap, so the digit-sum parity is a
    2-colouring unless ``size`` is odd and the rings wrap; then the graph may
    be non-bipartite and is coloured by search.  O(codes * rings).
    """
    total = size**rings
    allowed = np.ones(total, dtype=np.bool_)
    allowed[np.asarray(forbidden, dtype=np.int64)] = False
    if not allowed[start]:
        raise BipartiteGameError(f"start code {start} is forbidden")
    keep = _lattice_component(allowed, size, rings, wrap, start)
    del allowed
    indptr, indices, code_of = _lattice_csr(keep, size, rings, wrap)
    bipartite_by_parity = wrap is False or size % 2 == 0
    side = _digit_parity(code_of, size, rings) if bipartite_by_parity else None
    graph = Graph(indptr, indices, side=side)
    start_vertex = int(np.searchsorted(code_of, start))
    return LockBoard(rings, size, wrap, code_of, start_vertex, graph)


@kernel
def _spin(code: int, place: int, size: int, step: int, wrap: bool) -> int:
    """The code after turning the ring at ``place`` (= size**ring) by ``step``
    (+1 or -1), or -1 when the ring cannot turn that way."""
    digit = (code // place) % size
    turned = digit + step
    if turned < 0 or turned >= size:
        if not wrap:
            return -1
        turned = (turned + size) % size
    return code + (turned - digit) * place


@kernel
def _lattice_component(
    allowed: BoolArray, size: int, rings: int, wrap: bool, start: int
) -> BoolArray:
    """Allowed codes reachable from ``start`` by spins through allowed codes."""
    seen = np.zeros(allowed.size, dtype=np.bool_)
    stack = np.empty(allowed.size, dtype=np.int32)
    seen[start] = True
    stack[0] = start
    top = 1
    while top > 0:
        top -= 1
        code = stack[top]
        place = 1
        for _ in range(rings):
            for step in (1, -1):
                other = _spin(code, place, size, step, wrap)
                if other >= 0 and allowed[other] and not seen[other]:
                    seen[other] = True
                    stack[top] = other
                    top += 1
            place *= size
    return seen


@kernel
def _lattice_csr(
    keep: BoolArray, size: int, rings: int, wrap: bool
) -> tuple[IntArray, Int32Array, Int32Array]:
    """CSR of the spin graph on the kept codes (rows sorted, no repeats)."""
    total = keep.size
    vertex_of, count = _number_kept(keep)
    code_of = np.empty(count, dtype=np.int32)
    indptr = np.zeros(count + 1, dtype=np.int64)
    indices = np.empty(0, dtype=np.int32)
    row = np.empty(2 * rings, dtype=np.int64)
    for pass_number in range(2):
        if pass_number == 1:
            indices = np.empty(indptr[count], dtype=np.int32)
        v = 0
        for code in range(total):
            if not keep[code]:
                continue
            width = 0
            place = 1
            for _ in range(rings):
                for step in (1, -1):
                    other = _spin(code, place, size, step, wrap)
                    if other >= 0 and keep[other]:
                        # insertion into the sorted row, skipping a repeat
                        # (two positions: both spins reach the same code)
                        at = width
                        while at > 0 and row[at - 1] > other:
                            at -= 1
                        if at > 0 and row[at - 1] == other:
                            continue
                        for x in range(width, at, -1):
                            row[x] = row[x - 1]
                        row[at] = other
                        width += 1
                place *= size
            if pass_number == 0:
                code_of[v] = code
                indptr[v + 1] = indptr[v] + width
            else:
                base = indptr[v]
                for x in range(width):
                    indices[base + x] = vertex_of[row[x]]
            v += 1
    return indptr, indices, code_of


@kernel
def _digit_parity(code_of: Int32Array, size: int, rings: int) -> npt.NDArray[np.int8]:
    """Digit-sum parity of each code."""
    side = np.empty(code_of.size, dtype=np.int8)
    for v in range(code_of.size):
        code = code_of[v]
        total = 0
        for _ in range(rings):
            total += code % size
            code //= size
        side[v] = total & 1
    return side
