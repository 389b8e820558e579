"""Boards as graphs: grids with any move set, and locks of any shape.

Builders write the CSR arrays directly with compiled kernels (two passes: count
degrees, then fill; :mod:`.board_csr`), so no Python loop ever visits a cell.

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
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray
from .._checks import MAX_VERTICES, int_scalar, is_integer, vertex_array, vertex_id
from .._frozen import FrozenArrays, freeze, own_frozen
from .._limits import ensure_fits
from .._text import quote, saturating
from ..errors import BipartiteGameError
from .board_csr import grid_csr, lattice_csr
from .graph import Graph

if TYPE_CHECKING:
    pass

__all__ = [
    "MOVE_SETS",
    "GridBoard",
    "GridSteps",
    "LockBoard",
    "grid_board",
    "grid_steps",
    "leaper_colouring",
    "leaper_steps",
    "lock_board",
    "parse_moves",
]

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


#: Leaps this long or longer never fit a board (no side exceeds 2**31 - 1 cells).
LEAP_CAP = 2**31


def parse_moves(spec: str) -> tuple[tuple[Step, ...], tuple[int, int] | None]:
    """Steps for a move-set name or ``R,C``, and the leaper ``(r, c)`` if it is one.

    Named sets are unions of leapers: ``king`` is the (0,1) and (1,1) leapers.
    """
    if not isinstance(spec, str):
        raise BipartiteGameError(f"a move set is a name or 'R,C', not {type(spec).__name__}")
    text = spec.strip().lower()
    if text in MOVE_SETS:
        leapers = MOVE_SETS[text]
    else:
        parts = [saturating(part, LEAP_CAP) for part in text.replace(" ", "").split(",")]
        if len(parts) != 2 or parts[0] is None or parts[1] is None:
            raise BipartiteGameError(
                f"unknown move set {quote(spec)}: use rook, king, knight or R,C (two "
                "non-negative integers)"
            )
        # a leap at least as long as any board is the same as LEAP_CAP: it has
        # no move on any board; capping keeps every step an int64
        leapers = ((parts[0], parts[1]),)
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


class GridBoard(FrozenArrays):
    """A grid of open cells and the graph of moves between them.

    Vertices are the open cells in row-major order; ``cell_of[v]`` is the flat
    index ``i * width + j`` of vertex ``v``, made from ``open`` when first
    asked for (the solver never needs it: 4 bytes a vertex a judge's answer
    does not spend).  ``GridBoard(open, steps, cell_of, graph)`` checks that
    the parts agree (``open`` booleans with one open cell per vertex, a given
    ``cell_of`` the open cells in increasing order; pass ``None`` to have it
    derived), in O(cells), so that the renderers and :meth:`cell` stay
    inside the grid.  ``open`` and ``cell_of`` are read-only: the board keeps
    the arrays given when they are read-only already, else copies; one made
    writable again makes the board refused (:meth:`check_intact`, O(1)).

    Parameters
    ----------
    open : numpy.ndarray
        2-D booleans, true on the open cells.
    steps : tuple of (int, int)
        The move set, as steps ``(dr, dc)``.
    cell_of : numpy.ndarray or None
        The flat cell of each vertex, or ``None`` to have it derived.
    graph : Graph
        The move graph, one vertex per open cell in row-major order.

    Raises
    ------
    BipartiteGameError
        When the parts disagree.

    See Also
    --------
    grid_board : the usual way to build one.

    Examples
    --------
    >>> board = grid_board([[1, 1, 0], [1, 1, 1]])
    >>> board.graph, board.shape
    (Graph(num_vertices=5, num_edges=5), (2, 3))
    """

    __slots__ = ("_cell_of", "graph", "open", "steps")
    _frozen_arrays = ("open", "_cell_of")
    _frozen_parts = ("graph",)

    open: BoolArray
    steps: tuple[Step, ...]
    graph: Graph
    _cell_of: Int32Array | None

    def __init__(
        self,
        open: BoolArray,
        steps: tuple[Step, ...],
        cell_of: Int32Array | None,
        graph: Graph,
    ) -> None:
        if not (isinstance(open, np.ndarray) and open.ndim == 2 and open.dtype == np.bool_):
            raise BipartiteGameError("a GridBoard's open cells must be a 2-D array of booleans")
        if not isinstance(graph, Graph):
            raise BipartiteGameError(f"a GridBoard needs a Graph, not {type(graph).__name__}")
        graph.check_intact()
        open = own_frozen(open)
        if int(np.count_nonzero(open)) != graph.num_vertices:
            raise BipartiteGameError("a GridBoard's graph must have one vertex per open cell")
        if cell_of is not None:
            cells = open.size
            if not (
                isinstance(cell_of, np.ndarray)
                and cell_of.dtype.kind in "iu"
                and cell_of.shape == (graph.num_vertices,)
            ):
                raise BipartiteGameError(
                    "a GridBoard's cell_of must give one integer cell per vertex"
                )
            cell_of = own_frozen(cell_of)
            if cell_of.size and (int(cell_of.min()) < 0 or int(cell_of.max()) >= cells):
                raise BipartiteGameError(f"a GridBoard's cell_of must hold cells 0..{cells - 1}")
            # increasing, on open cells only, as many as there are: the open cells in order
            if np.any(cell_of[1:] <= cell_of[:-1]) or not open.reshape(-1)[cell_of].all():
                raise BipartiteGameError(
                    "a GridBoard's cell_of must list the open cells in increasing order"
                )
        parts = {"open": open, "steps": steps, "_cell_of": cell_of, "graph": graph}
        for name, value in parts.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a GridBoard is immutable: cannot set {name!r}")

    def __repr__(self) -> str:
        height, width = self.shape
        return f"GridBoard(shape=({height}, {width}), steps={self.steps!r}, graph={self.graph!r})"

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the board, walls dark and open cells light
        (a summary past :data:`~bipartite_game.drawing.pictures.BOARD_DRAW_LIMIT`
        cells)."""
        from ..drawing.pictures import board_picture

        self.check_intact()
        return board_picture(self.open, [repr(self)])

    @property
    def cell_of(self) -> Int32Array:
        """The flat cell index of each vertex, ``cell_of[v]`` that of
        vertex ``v`` (int32, read-only)."""
        self.check_intact()
        cell_of = self._cell_of
        if cell_of is None:
            cell_of = freeze(np.flatnonzero(self.open.reshape(-1)).astype(np.int32))
            object.__setattr__(self, "_cell_of", cell_of)
        return cell_of

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.open.shape[0]), int(self.open.shape[1]))

    def cell(self, v: int) -> tuple[int, int]:
        """0-based ``(row, col)`` of vertex ``v`` (a vertex id, checked).

        Parameters
        ----------
        v : int
            A vertex id.

        Returns
        -------
        tuple of int
            Its ``(row, col)``.

        Raises
        ------
        BipartiteGameError
            When ``v`` is no vertex id of the board.

        Examples
        --------
        >>> grid_board([[1, 1, 0], [1, 1, 1]]).cell(3)
        (1, 1)
        """
        cell_of = self.cell_of
        i, j = divmod(int(cell_of[vertex_id(v, cell_of.size)]), self.shape[1])
        return i, j

    def vertex_at(self, row: int, col: int) -> int | None:
        """The vertex on cell ``(row, col)``, or ``None`` for a wall or
        off-board; ``row`` and ``col`` must be integers.

        Parameters
        ----------
        row, col : int
            A cell, 0-based.

        Returns
        -------
        int or None
            The vertex on that cell, or ``None``.

        Examples
        --------
        >>> board = grid_board([[1, 1, 0], [1, 1, 1]])
        >>> board.vertex_at(1, 2), board.vertex_at(0, 2)
        (4, None)
        """
        self.check_intact()
        row = int_scalar(row, "row")
        col = int_scalar(col, "col")
        height, width = self.shape
        if not (0 <= row < height and 0 <= col < width) or not self.open[row, col]:
            return None
        flat = row * width + col
        return int(np.searchsorted(self.cell_of, flat))


def grid_board(open_cells: npt.ArrayLike, moves: str | tuple[Step, ...] = "rook") -> GridBoard:
    """The move graph of a grid.

    Both arguments are checked here, once: the kernel that writes the CSR
    trusts them.  The graph's offsets are int32 when its entries fit (see
    :func:`grid_csr`).  Cost: O(cells * steps), compiled.

    Parameters
    ----------
    open_cells : array_like
        2-D array of booleans (or of 0 and 1), true where the token may
        stand; at most ``2**31 - 1`` cells.
    moves : str or tuple of (int, int), optional
        A move-set name (``rook``, the default, ``king``, ``knight``),
        ``"R,C"`` for a leaper, or an explicit sequence of steps ``(dr, dc)``,
        pairs of integers (closed under negation is not required: the graph
        is undirected).

    Returns
    -------
    GridBoard
        The board and its move graph, one vertex per open cell in row-major
        order.

    Raises
    ------
    BipartiteGameError
        When the cells are not a 2-D boolean array, or the move set is
        unknown.

    See Also
    --------
    solve : who wins from each open cell.

    Examples
    --------
    >>> board = grid_board([[1, 1, 0], [1, 1, 1]])
    >>> board.graph
    Graph(num_vertices=5, num_edges=5)
    >>> grid_board([[1, 1, 1]], moves="knight").graph.num_edges
    0
    """
    mask = _open_mask(open_cells)
    height, width = mask.shape
    grid = grid_steps(height, width, moves)
    indptr, indices, side = grid_csr(mask.reshape(-1), height, width, grid)
    # valid by construction (rows sorted, see grid_csr): no second check
    graph = Graph._trusted(indptr, indices, side=side if grid.leaper is not None else None)
    return GridBoard(mask, grid.steps, None, graph)


class GridSteps(NamedTuple):
    """A move set made ready for a ``height`` x ``width`` grid's builder:
    the steps that fit on it (``dr``, ``dc`` as arrays), the leaper it is
    (or ``None``) and its colouring rule (``colour_step`` 0 when none)."""

    steps: tuple[Step, ...]
    dr: IntArray
    dc: IntArray
    leaper: tuple[int, int] | None
    colour_step: int
    rows_only: bool


def grid_steps(height: int, width: int, moves: str | tuple[Step, ...]) -> GridSteps:
    """``moves`` (as :func:`grid_board` takes them, checked) for a grid of
    this shape, ready for :func:`grid_csr`."""
    leaper: tuple[int, int] | None
    if isinstance(moves, str):
        steps, leaper = parse_moves(moves)
    else:
        given = _steps(moves)
        both = set(given) | {(-dr, -dc) for dr, dc in given}
        both.discard((0, 0))
        steps, leaper = tuple(sorted(both)), None
    usable = [(dr, dc) for dr, dc in steps if abs(dr) < max(height, 1) and abs(dc) < max(width, 1)]
    dr_array = np.array([s[0] for s in usable], dtype=np.int64)
    dc_array = np.array([s[1] for s in usable], dtype=np.int64)
    colour_step, rows_only = _colour_rule(*leaper) if leaper is not None else (0, False)
    return GridSteps(tuple(usable), dr_array, dc_array, leaper, colour_step, rows_only)


def _open_mask(open_cells: npt.ArrayLike) -> BoolArray:
    """``open_cells`` as a contiguous 2-D boolean array, read-only and the
    board's own (the caller's array only when it is read-only already), or
    an error: only booleans, or integers that are all 0 or 1, convert.
    O(cells)."""
    try:
        array = np.asarray(open_cells)
    except (ValueError, TypeError) as error:  # a ragged list, say
        raise BipartiteGameError(f"a grid must be a 2-D array of booleans ({error})") from None
    if array.ndim != 2:
        raise BipartiteGameError(f"a grid must be 2-D, not {array.ndim}-D")
    if array.dtype != np.bool_:
        what = "a grid's cells must be booleans (or 0 and 1)"
        if array.dtype.kind not in "iu":
            raise BipartiteGameError(f"{what}, not {array.dtype}")
        other = ((array != 0) & (array != 1)).reshape(-1)
        if other.any():
            raise BipartiteGameError(f"{what}, found {array.reshape(-1)[int(np.argmax(other))]}")
    if array.size > MAX_VERTICES:
        raise BipartiteGameError(f"a grid of {array.size} cells is more than {MAX_VERTICES}")
    mask = np.ascontiguousarray(array, dtype=np.bool_)
    return own_frozen(mask) if np.may_share_memory(mask, array) else freeze(mask)


def _steps(moves: object) -> list[Step]:
    """Explicit steps as pairs of Python ints, or an error quoting the bad one."""
    try:
        given = [tuple(step) for step in moves]  # type: ignore[attr-defined]
    except TypeError:
        raise BipartiteGameError(
            f"moves must be a move-set name or a sequence of (dr, dc) steps, not {moves!r}"
        ) from None
    for step in given:
        if len(step) != 2 or not all(is_integer(x) for x in step):
            raise BipartiteGameError(f"a step must be two integers (dr, dc), not {step!r}")
    return [(int(dr), int(dc)) for dr, dc in given]


# --------------------------------------------------------------------- locks
@dataclass(frozen=True, eq=False)
class LockBoard(FrozenArrays):
    """The codes of a lock around a start, and the graph of spins: the
    start's component when it is small, else every allowed code (the game
    from the start is the same either way: it never leaves the component).

    ``code_of[v]`` is the code (a number in base ``size``, ring ``i`` being
    digit ``i``) of vertex ``v``; ``start`` is the start's vertex.
    ``code_of`` is read-only (a caller's array is copied unless it is
    read-only already).

    Parameters
    ----------
    rings : int
        The number of rings.
    size : int
        The positions of each ring.
    wrap : bool
        Whether the last position turns into the first.
    code_of : numpy.ndarray
        The code of each vertex.
    start : int
        The start's vertex id.
    graph : Graph
        The graph of spins.

    Raises
    ------
    BipartiteGameError
        When ``code_of`` or ``start`` does not fit the graph.

    See Also
    --------
    lock_board : the usual way to build one.

    Examples
    --------
    >>> board = lock_board(2, 3, forbidden=[4], start=0)
    >>> board.graph, board.code(board.start)
    (Graph(num_vertices=8, num_edges=14), '00')
    """

    rings: int
    size: int
    wrap: bool
    code_of: Int32Array
    start: int
    graph: Graph

    _frozen_arrays = ("code_of",)
    _frozen_parts = ("graph",)

    def __post_init__(self) -> None:
        """Types and shapes, so that ``code_of[v]`` and ``start`` name the
        graph's vertices.  O(1) (a copy of a writable ``code_of``)."""
        if not isinstance(self.graph, Graph):
            raise BipartiteGameError(f"a LockBoard needs a Graph, not {type(self.graph).__name__}")
        n = self.graph.num_vertices
        code_of = self.code_of
        if not (
            isinstance(code_of, np.ndarray) and code_of.dtype.kind in "iu" and code_of.shape == (n,)
        ):
            raise BipartiteGameError("a LockBoard's code_of must give one integer code per vertex")
        object.__setattr__(self, "code_of", own_frozen(code_of))
        object.__setattr__(self, "start", vertex_id(self.start, n))

    def code(self, v: int) -> str:
        """Vertex ``v``'s code as the lock shows it: one digit a ring,
        ring 0 last (digits joined by dots when ``size`` passes 10).

        Parameters
        ----------
        v : int
            A vertex id.

        Returns
        -------
        str
            Its code, ring 0 last.

        Examples
        --------
        >>> lock_board(2, 3, forbidden=[4], start=0).code(4)
        '12'
        """
        self.check_intact()
        value = int(self.code_of[vertex_id(v, self.graph.num_vertices)])
        digits = []
        for _ in range(self.rings):
            value, digit = divmod(value, self.size)
            digits.append(str(digit))
        return ("" if self.size <= 10 else ".").join(reversed(digits))

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the graph of spins, each vertex labelled with
        its code and the token on the start (a summary when large)."""
        from ..drawing.pictures import DRAW_LIMIT, picture

        self.check_intact()
        n = self.graph.num_vertices
        summary = [
            f"LockBoard(rings={self.rings}, size={self.size}, wrap={self.wrap})",
            repr(self.graph),
        ]
        labels = [self.code(v) for v in range(n)] if n <= DRAW_LIMIT else None
        return picture(
            self.graph, summary, labels=labels, token=self.start, token_title="the start"
        )


def lock_board(
    rings: int, size: int, forbidden: npt.ArrayLike, start: int, *, wrap: bool = True
) -> LockBoard:
    """The lock graph without ``forbidden`` codes, cut down to ``start``'s
    component when that is small (see :class:`LockBoard`).

    ``rings`` rings of ``size`` positions; a move turns one ring one step
    either way (with ``wrap`` the last position turns into the first).  Codes
    are numbers in base ``size``.  One compiled sweep over the codes in order
    writes the CSR of every allowed code: the digits are kept as an odometer,
    so a neighbour is an addition and a digit test, never a division, and the
    rows it reads lie at fixed offsets (cache-friendly streams).  A search on
    that CSR then cuts out the start's component when it is small; a large
    one is solved together with the few codes it misses.  Colouring: each
    spin changes the digit sum by 1, or by ``size - 1`` across the wrap, so
    the digit-sum parity (kept by the same odometer) is a 2-colouring unless
    ``size`` is odd and the rings wrap; then the graph may be non-bipartite
    and is coloured by search.
    O(codes * rings).

    Checked first: ``rings >= 1`` and ``size >= 2`` integers with at most
    ``2**31 - 1`` codes in all (and memory for them), ``forbidden`` and
    ``start`` codes ``0 .. size**rings - 1`` (integers, see :mod:`.graph`),
    ``wrap`` a boolean.

    Parameters
    ----------
    rings : int
        The number of rings, at least 1.
    size : int
        The positions of each ring, at least 2.
    forbidden : array_like
        The codes the lock may never show.
    start : int
        The code it shows at the start (not forbidden).
    wrap : bool, optional
        Whether the last position turns into the first (the default).

    Returns
    -------
    LockBoard
        The codes and the graph of spins.

    Raises
    ------
    BipartiteGameError
        When a number is out of range or the start is forbidden.

    Examples
    --------
    >>> board = lock_board(2, 3, forbidden=[4], start=0)
    >>> board.graph.num_vertices, board.code_of.tolist()
    (8, [0, 1, 2, 3, 5, 6, 7, 8])
    """
    rings = int_scalar(rings, "rings")
    size = int_scalar(size, "size")
    total = _lock_codes(rings, size)
    if not isinstance(wrap, (bool, np.bool_)):
        raise BipartiteGameError(f"wrap must be True or False, not {wrap!r}")
    wrap = bool(wrap)
    start = int_scalar(start, "start")
    if not 0 <= start < total:
        raise BipartiteGameError(f"start code {start} out of range 0..{total - 1}")
    blocked = vertex_array(forbidden, total, "forbidden codes")
    if total > CHECK_MEMORY_FROM:
        ensure_fits(
            (_BYTES_PER_CODE + _BYTES_PER_RING * rings) * total,
            f"a lock of {rings} rings of {size}",
        )
    allowed = np.ones(total, dtype=np.bool_)
    allowed[blocked] = False
    if not allowed[start]:
        raise BipartiteGameError(f"start code {start} is forbidden")
    indptr, indices, code_of, parity = lattice_csr(allowed, size, rings, wrap)
    del allowed
    bipartite_by_parity = wrap is False or size % 2 == 0
    # valid by construction (rows sorted, see lattice_csr): no second check
    graph = Graph._trusted(indptr, indices, side=parity if bipartite_by_parity else None)
    start_vertex = int(np.searchsorted(code_of, start))
    # A small component is cut out and solved alone.  Finding a large one
    # would cost a search as long as the solve it saves (random access over
    # most of the lattice), so past 1/16 of the codes the search gives up and
    # the whole lattice is solved: never more than the connected case costs.
    component = graph.component(start_vertex, limit=graph.num_vertices // _SMALL_PART)
    if component is not None and not component.all():
        graph = graph.subgraph(component)
        code_of = code_of[component]
        start_vertex = int(np.searchsorted(code_of, start))
    return LockBoard(rings, size, wrap, freeze(code_of), start_vertex, graph)


#: A start's component is cut out when it holds at most 1/_SMALL_PART of the codes.
_SMALL_PART = 16

#: Past this many codes, ``lock_board`` asks whether its memory fits.
CHECK_MEMORY_FROM = 1 << 20
#: Working memory per code (the allowed mask, the numbering, each vertex's
#: code, parity and offset, the component search) and per ring (two
#: neighbour slots a code).
_BYTES_PER_CODE, _BYTES_PER_RING = 32, 8


def _lock_codes(rings: int, size: int) -> int:
    """``size**rings``, once both are known sane and the result fits the
    int32 vertex ids; never computes a huge power.  O(rings), rings <= 31."""
    if rings < 1:
        raise BipartiteGameError(f"a lock needs at least 1 ring, not {rings}")
    if size < 2:
        raise BipartiteGameError(f"a ring needs at least 2 positions, not {size}")
    total = 1
    for _ in range(rings):
        total *= size
        if total > MAX_VERTICES:
            raise BipartiteGameError(
                f"a lock of {rings} rings of {size} has more than {MAX_VERTICES} codes"
            )
    return total
