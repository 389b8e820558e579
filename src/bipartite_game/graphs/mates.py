"""Matchings as ``mate`` arrays, and their checks.

A matching is a ``mate`` array: ``mate[v]`` is the vertex matched to ``v``,
or ``-1`` when ``v`` is free.  Every public function that takes one from a
caller checks it here, once (:func:`validate_matching`), before a kernel of
:mod:`.matching` or :mod:`.blossom` grows it in place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._arrays import Int32Array
from .._checks import int_array
from .._jit import kernel
from ..errors import BipartiteGameError
from .convert import is_networkx_graph
from .csr import is_neighbour
from .graph import Graph, OffsetArray, as_graph

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["first_bad_mate", "matching_size", "require_graph", "validate_matching"]


#: A dict's missing partner (``None`` may be a label).
_MISSING = object()


def matching_size(mate: npt.ArrayLike | Mapping[Hashable, Hashable]) -> int:
    """Number of edges in a matching: a ``mate`` array, or a dict of
    partners ``{u: v, v: u}`` as :meth:`Solution.matching` and
    :func:`maximum_matching` of a networkx graph give.

    ``mate`` is checked to be a matching of some graph: integers
    ``-1 .. n - 1`` with ``mate[mate[v]] == v`` wherever ``mate[v] >= 0``.
    O(V), vectorised; a dict is checked to hold each pair both ways, no
    vertex its own partner.  A graph is refused: its matching is
    ``matching_size(maximum_matching(graph))``.

    Parameters
    ----------
    mate : array_like or mapping
        A ``mate`` array, or a dict of partners ``{u: v, v: u}``.

    Returns
    -------
    int
        The number of matched pairs.

    Raises
    ------
    BipartiteGameError
        When ``mate`` is not a matching, or is a graph.

    See Also
    --------
    maximum_matching : a maximum matching to count.

    Examples
    --------
    >>> from bipartite_game import Graph, maximum_matching
    >>> matching_size(maximum_matching(Graph.from_edges([0, 1, 2], [1, 2, 3])))
    2
    >>> matching_size({"a": "b", "b": "a"})
    1
    """
    if isinstance(mate, Graph) or is_networkx_graph(mate):
        raise BipartiteGameError(
            f"matching_size() takes a matching (a mate array or a dict of partners), "
            f"not a graph ({type(mate).__name__}); "
            "matching_size(maximum_matching(graph)) is the size of a maximum matching"
        )
    if isinstance(mate, Mapping):  # {u: v} both ways, as Solution.matching() gives
        for u, w in mate.items():
            try:
                back = _MISSING if bool(w == u) else mate.get(w, _MISSING)
                paired = back is not _MISSING and bool(back == u)
            except (TypeError, ValueError):  # unhashable, or no single truth value
                back, paired = _MISSING, False
            if not paired:
                whose = "missing" if back is _MISSING else repr(back)
                raise BipartiteGameError(
                    f"not a matching: {u!r} is its own partner"
                    if w is u or (back is _MISSING and _same(w, u))
                    else f"not a matching: {u!r} has partner {w!r}, whose partner is {whose}"
                )
        return len(mate) // 2
    array = _mate_array(mate, None)
    matched = np.flatnonzero(array >= 0)
    partner = array[matched]
    lonely = (array[partner] != matched) | (partner == matched)
    if lonely.any():
        v = int(matched[int(np.argmax(lonely))])
        if int(array[v]) == v:
            raise BipartiteGameError(f"not a matching: vertex {v} is its own mate")
        raise BipartiteGameError(
            f"not a matching: vertex {v} has mate {int(array[v])}, "
            f"whose mate is {int(array[array[v]])}"
        )
    return int(matched.size // 2)


def _same(a: object, b: object) -> bool:
    """``a == b`` as one truth value (False when it has none)."""
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def validate_matching(graph: Graph, mate: npt.ArrayLike) -> Int32Array:
    """Check that ``mate`` is a matching of ``graph``; return it as int32.

    One integer per vertex (see :mod:`.graph` for what converts), each
    ``-1`` (free) or a neighbour whose mate is the vertex back.  O(V + E)."""
    require_graph(graph, "validate_matching")
    result = _mate_array(mate, graph.num_vertices)
    bad = first_bad_mate(graph.indptr, graph.indices, result)
    if bad >= 0:
        w = int(result[bad])
        why = "is not a neighbour" if result[w] == bad else f"has mate {int(result[w])}"
        raise BipartiteGameError(f"not a matching: vertex {bad} has mate {w}, which {why}")
    return result


def _mate_array(mate: npt.ArrayLike, n: int | None) -> Int32Array:
    """``mate`` as a fresh int32 array of ``n`` entries (any length when
    ``n`` is None), each in ``-1 .. n - 1``.  O(V)."""
    array = int_array(mate, "mate")
    size = array.size if n is None else n
    if array.size != size:
        raise BipartiteGameError(f"mate must have one entry per vertex ({size}), not {array.size}")
    if size:
        low, high = int(array.min()), int(array.max())
        if low < -1 or high >= size:
            v = int(np.argmin(array)) if low < -1 else int(np.argmax(array))
            raise BipartiteGameError(
                f"not a matching: mate[{v}] = {int(array[v])} is neither -1 nor a vertex "
                f"0..{size - 1}"
            )
    return array.astype(np.int32)


def require_graph(graph: object, caller: str) -> Graph:
    """``graph`` as a :class:`Graph` (a networkx graph converted, see
    :func:`.graph.as_graph`), or a :class:`BipartiteGameError` naming the
    function called; a graph whose arrays were made writable is refused
    (:meth:`Graph.check_intact`).  O(1) for a Graph."""
    return as_graph(graph, caller)


def _first_bad_mate_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, mate: Int32Array
) -> int:
    check = lib.csr_function("bg_first_bad_mate", "iiq", indptr)
    return check(indptr, indices, mate, indptr.size - 1)


@kernel(native=_first_bad_mate_native)
def first_bad_mate(indptr: OffsetArray, indices: Int32Array, mate: Int32Array) -> int:
    """First vertex whose mate is not a symmetric neighbour, or -1."""
    n = indptr.size - 1
    for v in range(n):
        w = mate[v]
        if w < 0:
            if w != -1:
                return v
            continue
        if w >= n or mate[w] != v or not is_neighbour(indptr, indices, v, w):
            return v
    return -1


