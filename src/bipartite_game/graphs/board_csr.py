"""The kernels behind :mod:`.boards`: a board's move graph written straight
into CSR, with no Python loop over the cells.

:func:`grid_csr` builds a grid's (two compiled passes over the cells:
:func:`number_kept` numbers the open ones, :func:`grid_degrees` writes the
offsets and the leaper colouring, :func:`grid_indices` the neighbours);
:func:`lattice_csr` a lock's (one sweep over the codes in order, twice).
Each is a Python kernel (``@kernel``, the specification) with its adapter
to ``native/boards.c`` or ``native/lattice.c``; they trust their arguments,
which :func:`~.boards.grid_board` and :func:`~.boards.lock_board` check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray
from .._jit import kernel
from .csr import OffsetArray

if TYPE_CHECKING:
    from .._native import Library
    from .boards import GridSteps

__all__ = ["grid_csr", "grid_degrees", "grid_indices", "lattice_csr", "number_kept"]


#: The builders' weight in ``_jit``'s size of a call (the note that a large
#: input runs interpreted, without the native library): they cost about 4 µs
#: per cell interpreted, 4 times a typical kernel, and every kernel after
#: them works on the graph they write, up to 8 entries a cell.
_BUILDER_WEIGHT = 8


def _number_kept_native(lib: Library, keep: BoolArray) -> tuple[Int32Array, int]:
    vertex_of = np.empty(keep.size, dtype=np.int32)
    count = lib.function("bg_number_kept", "?qi")(keep, keep.size, vertex_of)
    return vertex_of, count


@kernel(native=_number_kept_native)
def number_kept(keep: BoolArray) -> tuple[Int32Array, int]:
    """Vertex ids for the kept positions in order (-1 elsewhere), and their
    count: how the board builders number the open cells or allowed codes."""
    vertex_of = np.full(keep.size, -1, dtype=np.int32)
    count = 0
    for k in range(keep.size):
        if keep[k]:
            vertex_of[k] = count
            count += 1
    return vertex_of, count


def grid_csr(
    open_flat: BoolArray, height: int, width: int, grid: GridSteps
) -> tuple[OffsetArray, Int32Array, npt.NDArray[np.int8]]:
    """The CSR of the move graph on the open cells (row-major ids) and the
    leaper colouring (empty when the move set is not a leaper).  Rows come
    out sorted because the steps are sorted and ids follow cell order.

    Two compiled passes over the grid, the first writing offsets and sides,
    the second the neighbours, and nothing per vertex beyond the CSR: the
    offsets are int32 when the directed edges fit (at most ``2**31 - 1``),
    int64 otherwise, and no cell array is made (:attr:`~.boards.GridBoard.cell_of`
    derives it from the mask when asked).  At 4000x4000 that is 170 MB
    less memory than int64 offsets and a cell per vertex.
    O(cells * steps)."""
    vertex_of, count = number_kept(open_flat)
    wide = open_flat.size * max(grid.dr.size, 1) >= 2**31
    indptr: OffsetArray = (
        np.empty(count + 1, dtype=np.int64) if wide else np.empty(count + 1, dtype=np.int32)
    )
    side = np.zeros(count if grid.colour_step > 0 else 0, dtype=np.int8)
    edges = grid_degrees(
        vertex_of, height, width, grid.dr, grid.dc, grid.colour_step, grid.rows_only, side, indptr
    )
    indices = np.empty(edges, dtype=np.int32)
    grid_indices(vertex_of, height, width, grid.dr, grid.dc, indices)
    return indptr, indices, side


def grid_degrees_native(
    lib: Library,
    vertex_of: Int32Array,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    colour_step: int,
    colour_rows_only: bool,
    side: npt.NDArray[np.int8],
    indptr: OffsetArray,
) -> int:
    if indptr.dtype.itemsize == 4:  # int32
        degrees = lib.function("bg_grid_degrees_i32", "iqqllqqqbi")
    else:
        degrees = lib.function("bg_grid_degrees", "iqqllqqqbl")
    return degrees(
        vertex_of, height, width, dr, dc, dr.size, colour_step, colour_rows_only, side, indptr
    )


@kernel(weight=_BUILDER_WEIGHT, native=grid_degrees_native)
def grid_degrees(
    vertex_of: Int32Array,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    colour_step: int,
    colour_rows_only: bool,
    side: npt.NDArray[np.int8],
    indptr: OffsetArray,
) -> int:
    """The first pass of :func:`grid_csr`: ``indptr`` (int32 or int64, one
    more entry than vertices) and, when ``colour_step`` > 0, ``side`` (see
    the module docstring), in place; returns the number of entries."""
    steps = dr.size
    v = 0
    edges = 0
    indptr[0] = 0
    for i in range(height):
        for j in range(width):
            if vertex_of[i * width + j] < 0:
                continue
            if colour_step > 0:
                if colour_rows_only:
                    side[v] = (i // colour_step) & 1
                else:
                    side[v] = (i // colour_step + j // colour_step) & 1
            for s in range(steps):
                a = i + dr[s]
                b = j + dc[s]
                if 0 <= a < height and 0 <= b < width and vertex_of[a * width + b] >= 0:
                    edges += 1
            v += 1
            indptr[v] = edges
    return edges


def grid_indices_native(
    lib: Library,
    vertex_of: Int32Array,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    indices: Int32Array,
) -> int:
    fill = lib.function("bg_grid_indices", "iqqllqi")
    return fill(vertex_of, height, width, dr, dc, dr.size, indices)


@kernel(weight=_BUILDER_WEIGHT, native=grid_indices_native)
def grid_indices(
    vertex_of: Int32Array,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    indices: Int32Array,
) -> int:
    """The second pass of :func:`grid_csr`: each open cell's neighbours in
    step order, in place; returns how many."""
    steps = dr.size
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
    return at


def lattice_csr_native(
    lib: Library, allowed: BoolArray, size: int, rings: int, wrap: bool
) -> tuple[IntArray, Int32Array, Int32Array, npt.NDArray[np.int8]]:
    if not (1 <= rings <= 64 and size >= 2 and size**rings == allowed.size):
        raise ValueError(f"lattice_csr: {allowed.size} codes are not {size}**{rings}")
    vertex_of, count = _number_kept_native(lib, allowed)
    code_of = np.empty(count, dtype=np.int32)
    parity_of = np.empty(count, dtype=np.int8)
    indptr = np.empty(count + 1, dtype=np.int64)
    places, digits = np.empty((2, rings), dtype=np.int64)
    sweep = lib.function("bg_lattice_pass", "?qiqqqqllibli")
    spare = np.empty(1, dtype=np.int32)  # pass 0 writes no row
    edges = sweep(
        allowed, allowed.size, vertex_of, size, rings, wrap, 0,
        places, digits, code_of, parity_of, indptr, spare,
    )
    buffer = np.empty(edges + 1, dtype=np.int32)
    sweep(
        allowed, allowed.size, vertex_of, size, rings, wrap, 1,
        places, digits, code_of, parity_of, indptr, buffer,
    )
    return indptr, buffer[:edges], code_of, parity_of


@kernel(weight=_BUILDER_WEIGHT, native=lattice_csr_native)
def lattice_csr(
    allowed: BoolArray, size: int, rings: int, wrap: bool
) -> tuple[IntArray, Int32Array, Int32Array, npt.NDArray[np.int8]]:
    """CSR of the spin graph on the allowed codes (rows sorted, no repeats),
    each vertex's code, and its digit-sum parity.

    Rows come out sorted without a sort: a turn of ring ``i`` moves the code
    by ``place_i`` or, across the wrap, by ``(size - 1) * place_i``, both less
    than ``place_{i+1}``; so the lower neighbours in falling ring order, then
    the upper ones in rising ring order, are in increasing order.  A ring of
    two positions that wraps turns to the same code both ways, so it is built
    as one that does not wrap.  The test on ``allowed`` is added, not
    branched on: it is the one unpredictable branch.
    """
    total = allowed.size
    vertex_of, count = number_kept(allowed)
    code_of = np.empty(count, dtype=np.int32)
    parity_of = np.empty(count, dtype=np.int8)
    indptr = np.zeros(count + 1, dtype=np.int64)
    places = np.empty(rings, dtype=np.int64)
    place = 1
    for i in range(rings):
        places[i] = place
        place *= size
    top = size - 1
    wraps = wrap and size > 2
    digits = np.zeros(rings, dtype=np.int64)
    # pass 0 counts each row, pass 1 writes it; a row may write one slot past
    # its end (a forbidden neighbour, overwritten next), hence the spare slot
    buffer = np.empty(1, dtype=np.int32)
    for pass_number in range(2):
        if pass_number == 1:
            buffer = np.empty(indptr[count] + 1, dtype=np.int32)
        digits[:] = 0
        parity = 0
        v = 0
        for code in range(total):
            if allowed[code]:
                at = indptr[v]
                width = 0
                for i in range(rings - 1, -1, -1):
                    digit = digits[i]
                    if wraps and digit == top:
                        other = code - top * places[i]
                        if pass_number == 1:
                            buffer[at + width] = vertex_of[other]
                        width += allowed[other]
                    if digit > 0:
                        other = code - places[i]
                        if pass_number == 1:
                            buffer[at + width] = vertex_of[other]
                        width += allowed[other]
                for i in range(rings):
                    digit = digits[i]
                    if digit < top:
                        other = code + places[i]
                        if pass_number == 1:
                            buffer[at + width] = vertex_of[other]
                        width += allowed[other]
                    if wraps and digit == 0:
                        other = code + top * places[i]
                        if pass_number == 1:
                            buffer[at + width] = vertex_of[other]
                        width += allowed[other]
                if pass_number == 0:
                    code_of[v] = code
                    parity_of[v] = parity
                    indptr[v + 1] = indptr[v] + width
                v += 1
            # the odometer: next code's digits and digit-sum parity
            for i in range(rings):
                if digits[i] < top:
                    digits[i] += 1
                    parity ^= 1
                    break
                digits[i] = 0
                parity ^= top & 1
    return indptr, buffer[: indptr[count]], code_of, parity_of
