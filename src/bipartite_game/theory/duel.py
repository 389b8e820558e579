"""The knights duel: two tokens on one bipartite graph, one per player.

Rules.  Alice and Bob each own a token on a different vertex.  On their turn a
player moves their own token along an edge onto a vertex that is not the other
token.  The ordered pair (Alice's vertex, Bob's vertex) may never repeat; the
starting pair counts as seen.  A player who cannot move loses.  Alice moves
first.

Answer.  Let ``G`` be 2-coloured with colours ``col``.  Alice wins exactly when
she has a legal first move and either Bob's token lies outside her component
or both tokens stand on the same colour.

Why.  Every move changes the mover's colour, so whose turn it is can be read
off the pair: Alice moves when ``col(a) xor col(b)`` has its starting value.

1. No legal first move: Alice loses at once.  (Her token may be isolated, or
   its only neighbour may be Bob's square.)
2. *The shuttle.*  A player X with a neighbour ``x1`` of their square ``x0``
   moves ``x0 -> x1 -> x0 -> ...``.  After each answer of the opponent Y from
   ``y`` the pairs ``(x0, y)`` and ``(x1, y)`` have both occurred, so Y can
   never come back to a square already used: Y walks a simple path and, the
   graph being finite, runs out of moves, while each move of X pairs a square
   of X with Y's newest square and is therefore new.  The shuttle only fails
   if Y's token stands on X's target, or if the history already holds a pair
   that X's shuttle would repeat.
3. Different components: Bob's token can never block Alice, and the history
   holds only the starting pair, so Alice wins by the shuttle whenever she has
   a first move.
4. Same component, same colour: a connected component with two tokens has an
   edge at Alice's square, so she has a move; and whenever Alice is to move,
   ``col(a) = col(b)``, so her target (of the other colour) is never Bob's
   square.  The shuttle wins.
5. Same component, different colours: if Alice cannot move, Bob wins (1).
   Otherwise, after her move Bob is to move with ``col(a) = col(b)``: Bob is
   never blocked by Alice's token, for the reason of (4).  The one pair in the
   history that Bob's shuttle ``b0 <-> b1`` could repeat is the starting pair
   ``(a0, b0)``.  Alice can step back onto ``a0`` exactly when Bob stands on
   ``b1``.  If ``a0`` is adjacent to ``b0``, Bob shuttles on ``b1 = a0``, which
   makes that impossible.  Otherwise Bob picks ``b1`` on a path towards
   ``a0`` and must leave the shuttle when Alice steps back.  That Bob still
   always wins is checked by exhaustive search of the rules
   (:func:`bipartite_game.brute.duel_first_player_wins`) on random boards up
   to 4x4 with every leaper ``(r, c)``, ``0 <= r, c <= 3``, in the tests;
   the general argument for this step is not written down yet.

The seed's program mishandles some of these cases.  Colours come in closed
form on leaper boards (:mod:`.boards`), and connectivity from a search that
stops as soon as it meets Bob: a kernel on a general graph
(:func:`_csr_reaches`); on a board, without building a graph, the kernel
:func:`_leaper_reaches` over the board as a bitset (in C, with memory of
about two bits a square) or, without the native library, numpy frontiers
(:func:`_grid_reaches`).  O(cells) at worst, no Python loop per cell.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray, UInt8Array
from .._jit import kernel
from .._native import Library, library
from ..errors import BipartiteGameError
from ..graphs.boards import LEAP_CAP, leaper_colouring, leaper_steps
from ..graphs.csr import component, wide_offsets
from ..graphs.graph import Graph, OffsetArray
from ..graphs.mates import require_graph
from .duel_bits import QUEUE_CELLS as QUEUE_CELLS  # the C search's, shared with duel_bits

__all__ = ["alice_wins", "leaper_duel_alice_wins"]


def _decide(has_move: bool, connected: bool, same_colour: bool) -> bool:
    return has_move and (not connected or same_colour)


def alice_wins(graph: Graph, alice: int, bob: int) -> bool:
    """The duel on any bipartite graph; raises for a non-bipartite one.
    ``alice`` and ``bob`` must be different vertices (integer ids)."""
    graph = require_graph(graph, "alice_wins")
    alice = graph.vertex_id(alice)
    bob = graph.vertex_id(bob)
    if alice == bob:
        raise BipartiteGameError(f"the two tokens share vertex {alice}")
    side = graph.sides()
    has_move = bool(np.any(graph.neighbor_ids(alice) != bob))
    connected = _csr_reaches(graph.indptr, graph.indices, alice, bob)
    return _decide(has_move, connected, bool(side[alice] == side[bob]))


def leaper_duel_alice_wins(
    open_cells: npt.ArrayLike, r: int, c: int, alice: tuple[int, int], bob: tuple[int, int]
) -> bool:
    """The duel of two ``(r, c)``-leapers on a grid, without building a graph.

    ``open_cells`` is true where a token may stand (both tokens' squares
    included).
    """
    mask = np.ascontiguousarray(open_cells, dtype=np.bool_)
    if mask.ndim != 2:
        raise BipartiteGameError(f"the board must be 2-D, not {mask.ndim}-D")
    height, width = mask.shape
    for name, value in (("r", r), ("c", c)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise BipartiteGameError(f"{name} must be a non-negative integer, not {value!r}")
    # a leap at least as long as the board never fits it, whatever its length
    r, c = min(int(r), LEAP_CAP), min(int(c), LEAP_CAP)
    if alice == bob:
        raise BipartiteGameError(f"the two tokens share square {alice}")
    for name, (i, j) in (("Alice", alice), ("Bob", bob)):
        if not (0 <= i < height and 0 <= j < width and mask[i, j]):
            raise BipartiteGameError(f"{name}'s square {(i, j)} is not an open square")
    steps = leaper_steps(r, c)
    (ai, aj), (bi, bj) = alice, bob
    has_move = any(
        0 <= ai + di < height
        and 0 <= aj + dj < width
        and mask[ai + di, aj + dj]
        and (ai + di, aj + dj) != bob
        for di, dj in steps
    )
    if not has_move:
        return False
    if library() is not None:
        bits = np.packbits(mask.reshape(-1), bitorder="little")
        dr = np.array([s[0] for s in steps], dtype=np.int64)
        dc = np.array([s[1] for s in steps], dtype=np.int64)
        connected = _leaper_reaches(bits, height, width, dr, dc, ai * width + aj, bi * width + bj)
    else:  # without the library, numpy's frontiers (see _grid_reaches)
        connected = _grid_reaches(mask, steps, alice, bob)
    colours = leaper_colouring(np.array([ai, bi]), np.array([aj, bj]), r, c)
    return _decide(has_move, connected, bool(colours[0] == colours[1]))


def _csr_reaches_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, source: int, target: int
) -> bool:
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    seen = np.zeros(n, dtype=np.uint8)
    stack = np.empty(max(n, 1), dtype=np.int32)
    reaches = lib.function("bg_csr_reaches", "liqqqBi")
    return bool(reaches(indptr, indices, n, source, target, seen, stack))


@kernel(native=_csr_reaches_native)
def _csr_reaches(indptr: OffsetArray, indices: Int32Array, source: int, target: int) -> bool:
    """Is ``target`` in ``source``'s component?  The C search stops when it
    is found; this specification reads it off the whole component
    (:func:`~bipartite_game.graphs.csr.component`)."""
    reached, _ = component(indptr, indices, source, indptr.size - 1)
    return bool(reached[target])


def _leaper_reaches_native(lib: Library, *args: Any) -> bool:
    """:func:`_leaper_reaches` in C: its arguments, in its order."""
    open_bits, height, width, dr, dc, source, target = args
    cells = height * width
    if not (open_bits.size * 8 >= cells and dr.size == dc.size and 0 <= source < cells):
        raise BipartiteGameError("_leaper_reaches: arrays or cells out of step (a bug)")
    seen = np.zeros((cells + 7) // 8, dtype=np.uint8)
    queue = np.empty(max(1, min(cells, QUEUE_CELLS)), dtype=np.int32)
    reaches = lib.function("bg_leaper_reaches", "BqqllqqqBiq")
    found = reaches(
        open_bits, height, width, dr, dc, dr.size, source, target, seen, queue, queue.size
    )
    if found < 0:  # more steps than a leaper has
        raise BipartiteGameError("_leaper_reaches: more than 8 steps (a bug)")
    return bool(found)


@kernel(native=_leaper_reaches_native)
def _leaper_reaches(
    open_bits: UInt8Array,
    height: int,
    width: int,
    dr: IntArray,
    dc: IntArray,
    source: int,
    target: int,
) -> bool:
    """Does a leaper with steps ``(dr[s], dc[s])`` reach cell ``target`` from
    cell ``source`` (flat indices ``i * width + j``) over open cells?

    ``open_bits`` is the board as a bitset, cell ``k`` bit ``k & 7`` of byte
    ``k >> 3`` (``np.packbits(..., bitorder="little")``): an eighth of a
    boolean array, which is what lets the command line hold a 3000x3000
    board in about a megabyte.  Breadth-first, stopping when ``target`` is
    met; ``target`` counts only if it is open.  The C version keeps its
    queue small (:data:`QUEUE_CELLS`) and leaves ``open_bits`` as it came.
    """
    seen = np.zeros(height * width, dtype=np.bool_)
    queue = np.empty(max(1, height * width), dtype=np.int32)
    seen[source] = True
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        v = queue[head]
        head += 1
        i, j = v // width, v % width
        for s in range(dr.size):
            a, b = i + dr[s], j + dc[s]
            if 0 <= a < height and 0 <= b < width:
                w = a * width + b
                if (open_bits[w >> 3] >> (w & 7)) & 1 and not seen[w]:
                    if w == target:
                        return True
                    seen[w] = True
                    queue[tail] = w
                    tail += 1
    return source == target


def _grid_reaches(
    open_cells: BoolArray,
    steps: tuple[tuple[int, int], ...],
    source: tuple[int, int],
    target: tuple[int, int],
) -> bool:
    """Does a leaper reach ``target`` from ``source`` over open cells?

    Breadth-first by whole frontiers, each layer a few numpy operations per
    step, stopping at the layer that reaches ``target``.  The fallback
    of the C search where the native library is not loaded: the frontier
    search does the same O(cells) work in numpy's compiled loops, far
    faster than an interpreted search cell by cell.
    """
    height, width = open_cells.shape
    unvisited = open_cells.reshape(-1).copy()
    goal = target[0] * width + target[1]
    unvisited[source[0] * width + source[1]] = False
    rows = np.array([source[0]], dtype=np.int64)
    cols = np.array([source[1]], dtype=np.int64)
    while rows.size:
        layer = []
        for dr, dc in steps:
            i = rows + dr
            j = cols + dc
            inside = (i >= 0) & (i < height) & (j >= 0) & (j < width)
            flat = i[inside] * width + j[inside]
            flat = flat[unvisited[flat]]
            unvisited[flat] = False  # claimed now: later steps skip it
            layer.append(flat)
        if not unvisited[goal]:
            return True
        reached = np.concatenate(layer)
        rows, cols = np.divmod(reached, width)
    return False
