"""The package's boundary for ids and id arrays from outside.

Every public function that hands an id or an array to a compiled kernel
converts it with :func:`vertex_id` or :func:`int_array` first, so a kernel
never sees a value it could read out of bounds with.  The rules, the same
everywhere: an id is a Python or numpy integer (``bool`` is
refused, as are floats, even ``1.0``, as Python's own indexing refuses them);
an id array may be any integer dtype, or floats whose values are all whole
numbers (``np.asarray([])`` is a float array), never booleans (a mask passed
where ids are meant), strings, complex numbers or objects.

Why here and not in the kernels: the C kernels do not check
indices, so an id out of range reads or writes memory that is not the
array's, and a malformed CSR can send a search round for ever; and a check
inside a kernel would run on every call, the package's own trusted ones
included.  Every check is vectorised, O(size) unless said otherwise.
What passed is then kept read-only: that is :mod:`._frozen`'s.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeGuard

import numpy as np
import numpy.typing as npt

from ._arrays import Int32Array, IntArray, SideArray
from ._limits import MAX_VERTICES as MAX_VERTICES  # re-exported: its old home
from ._limits import ensure_fits
from .errors import BipartiteGameError

#: Working memory of the constructor's check: the copies, the degrees and
#: their count per vertex; per entry the copy, its row, the stable order and
#: the transpose, and boolean temporaries.
_CHECK_BYTES_PER_VERTEX, _CHECK_BYTES_PER_ENTRY = 32, 24
#: Past this many vertices or edges, ``from_edges`` asks if its memory fits.
CHECK_MEMORY_FROM = 1 << 20

_INT64_MAX = 2**63 - 1


def is_integer(value: object) -> TypeGuard[int | np.integer[Any]]:
    """A Python or numpy integer that is not a boolean."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def int_scalar(value: object, what: str) -> int:
    """``value`` as a Python int; refuses booleans, floats and the rest.  O(1)."""
    if not is_integer(value):
        raise BipartiteGameError(
            f"{what} must be an integer, not {value!r} ({type(value).__name__})"
        )
    return int(value)


def vertex_id(value: object, n: int) -> int:
    """``value`` as a vertex id of a graph of ``n`` vertices, or a
    :class:`BipartiteGameError` quoting it.  O(1)."""
    if is_integer(value):
        if 0 <= value < n:
            return int(value)
        shown, why = str(int(value)), ""
    else:
        shown, why = repr(value), f" (vertex ids are integers, not {type(value).__name__})"
    noun = "vertex" if n == 1 else "vertices"
    raise BipartiteGameError(f"no vertex {shown} in a graph of {n} {noun}{why}")


def int_array(values: object, what: str) -> IntArray:
    """``values`` as a 1-D int64 array, refusing anything that would change
    in the conversion: booleans, fractions, non-finite or out-of-range
    floats, integers beyond int64, strings, complex numbers, objects, and
    any other number of dimensions.  O(size), vectorised; no copy when the
    input is already int64."""
    try:
        array = np.asarray(values)
    except (ValueError, TypeError) as error:  # a ragged list, say
        raise BipartiteGameError(f"{what} must be a 1-D array of integers ({error})") from None
    if array.ndim != 1:
        raise BipartiteGameError(
            f"{what} must be a 1-D array of integers, not {array.ndim}-D (shape {array.shape})"
        )
    kind = array.dtype.kind
    if kind == "i":
        return array.astype(np.int64, copy=False)
    if kind == "u":
        if array.dtype.itemsize == 8 and array.size and int(array.max()) > _INT64_MAX:
            raise BipartiteGameError(f"{what} holds {int(array.max())}, beyond int64")
        return array.astype(np.int64)
    if array.size == 0 and kind in "fO":
        return np.zeros(0, dtype=np.int64)  # [] and () are float (object) arrays to numpy
    if kind == "f":
        whole = np.isfinite(array) & (array == np.floor(array))
        whole &= (array >= -(2.0**63)) & (array < 2.0**63)
        if not whole.all():
            bad = array[int(np.argmin(whole))].item()
            raise BipartiteGameError(f"{what} must be integers, found {bad!r}")
        return array.astype(np.int64)
    if kind == "O":
        items = array.tolist()
        bad = [x for x in items if not is_integer(x)]
        if bad:
            raise BipartiteGameError(f"{what} must be integers, found {bad[0]!r}")
        huge = [x for x in items if not -(2**63) <= x <= _INT64_MAX]
        if huge:
            raise BipartiteGameError(f"{what} holds {huge[0]}, beyond int64")
        return np.array(items, dtype=np.int64)
    if kind == "b":
        raise BipartiteGameError(f"{what} must be integers, not booleans")
    raise BipartiteGameError(f"{what} must be integers, not {array.dtype}")


def vertex_array(values: object, n: int, what: str) -> IntArray:
    """``values`` as an int64 array of vertex ids of a graph of ``n`` vertices.
    O(size)."""
    array = int_array(values, what)
    if array.size:
        low, high = int(array.min()), int(array.max())
        if low < 0 or high >= n:
            bad = low if low < 0 else high
            raise BipartiteGameError(f"{what}: {bad} is out of range 0..{n - 1}")
    return array


def validated_csr(indptr_in: object, indices_in: object) -> tuple[IntArray, Int32Array]:
    """Check that two arrays are a symmetric CSR with sorted rows, no
    repeats and no self-loops; return private copies as int64 and int32.

    O(V + E) vectorised checks, and one stable sort of the E neighbour
    ids for symmetry.  Why that suffices: with sorted rows, listing the
    entries' rows (their sources) in the stable order of their neighbour
    ids gives the transpose, row by row, each row sorted; the graph is
    symmetric exactly when every vertex is a neighbour as often as it has
    neighbours (so the transpose has the same offsets) and that listing
    equals ``indices``.  (A comparison sort of 32-bit ids; ``np.unique``,
    which numpy 2.3 made hash-based, is slow on large arrays, and sorting
    64-bit edge keys measured twice as slow.)
    """
    indptr = int_array(indptr_in, "indptr")
    indices = int_array(indices_in, "indices")
    if indptr.size == 0:
        raise BipartiteGameError(
            "indptr is empty: a graph of n vertices has n + 1 row offsets "
            "(the graph with no vertex is Graph([0], []))"
        )
    n = indptr.size - 1
    if n > MAX_VERTICES:
        raise BipartiteGameError(f"{n} vertices is more than {MAX_VERTICES}")
    if indptr[0] != 0:
        raise BipartiteGameError(f"indptr must start at 0, not {int(indptr[0])}")
    if indptr[-1] != indices.size:
        raise BipartiteGameError(
            f"indptr must end at the number of indices ({indices.size}), not {int(indptr[-1])}"
        )
    degree = np.diff(indptr)
    if n and int(degree.min()) < 0:
        v = int(np.argmin(degree))
        raise BipartiteGameError(
            f"indptr must never decrease: indptr[{v}] = {int(indptr[v])} "
            f"> indptr[{v + 1}] = {int(indptr[v + 1])}"
        )
    if indices.size:
        low, high = int(indices.min()), int(indices.max())
        if low < 0 or high >= n:
            raise BipartiteGameError(
                f"neighbour {low if low < 0 else high} out of range 0..{n - 1}"
            )
    if indices.size > CHECK_MEMORY_FROM:
        ensure_fits(
            _CHECK_BYTES_PER_VERTEX * (n + 1) + _CHECK_BYTES_PER_ENTRY * indices.size,
            f"checking a graph of {n} vertices and {indices.size} neighbour entries",
        )
    # private copies: the caller may change its arrays after the check
    own_indptr = np.array(indptr, dtype=np.int64, copy=True)
    own_indices = np.ascontiguousarray(indices.astype(np.int32))
    src = np.repeat(np.arange(n, dtype=np.int32), degree)
    if np.any(src == own_indices):
        v = int(src[int(np.argmax(src == own_indices))])
        raise BipartiteGameError(f"self-loop at vertex {v}")
    if own_indices.size > 1:
        bad = (src[1:] == src[:-1]) & (own_indices[1:] <= own_indices[:-1])
        if bad.any():
            k = int(np.argmax(bad))
            raise BipartiteGameError(
                f"row {int(src[k])} must be sorted without repeats: "
                f"{int(own_indices[k])} comes before {int(own_indices[k + 1])}"
            )
    symmetric = np.array_equal(np.bincount(own_indices, minlength=n), degree)
    if symmetric:
        transpose = src[np.argsort(own_indices, kind="stable")]
        symmetric = np.array_equal(transpose, own_indices)
    if not symmetric:
        u, v = _asymmetric_edge(src, own_indices, n)
        raise BipartiteGameError(f"not symmetric: edge {u} -> {v} is stored but {v} -> {u} is not")
    return own_indptr, own_indices


def _asymmetric_edge(src: Int32Array, indices: Int32Array, n: int) -> tuple[int, int]:
    """An edge ``u -> v`` without ``v -> u`` of a CSR with sorted rows that
    is not symmetric, to name in the error.  The keys ``u * n + v`` come in
    order; sorted, the reversed keys ``v * n + u`` differ from them first
    where the smaller of the two is missing from the other.  O(E log E),
    on the error path only."""
    forward = src.astype(np.int64) * n + indices
    backward = indices.astype(np.int64) * n + src
    backward.sort()
    k = int(np.argmax(forward != backward))
    if forward[k] < backward[k]:
        u, v = divmod(int(forward[k]), n)
    else:
        v, u = divmod(int(backward[k]), n)
    return u, v


def checked_side(
    side: object, indptr: IntArray | npt.NDArray[np.int32], indices: Int32Array
) -> SideArray:
    """``side`` as an int8 2-colouring of the CSR graph, checked: one 0 or 1
    (or boolean) per vertex, and every edge joining different sides (the
    bipartite kernels rely on it).  O(V + E)."""
    n = indptr.size - 1
    try:
        raw: npt.NDArray[Any] | None = np.asarray(side)
    except (ValueError, TypeError):
        raw = None  # int_array says why
    if raw is not None and raw.dtype == np.bool_ and raw.ndim == 1:
        values = raw.astype(np.int64)
    else:
        values = int_array(side, "side")
    if values.shape != (n,):
        raise BipartiteGameError(f"side must have one entry per vertex ({n}), not {values.size}")
    wrong = (values != 0) & (values != 1)
    if wrong.any():
        v = int(np.argmax(wrong))
        raise BipartiteGameError(f"side must be 0 or 1, but side[{v}] = {int(values[v])}")
    result = values.astype(np.int8)
    src = np.repeat(np.arange(n, dtype=np.int32), np.diff(indptr))
    same = result[src] == result[indices]
    if same.any():
        k = int(np.argmax(same))
        u, v = int(src[k]), int(indices[k])
        raise BipartiteGameError(
            f"side is not a 2-colouring: edge {u} - {v} has side {int(result[u])} at both ends"
        )
    return result


def edge_ends(values: object) -> IntArray:
    """One endpoint array of :meth:`Graph.from_edges`, flattened, as ids."""
    try:
        array = np.asarray(values)
    except (ValueError, TypeError) as error:
        raise BipartiteGameError(f"edge endpoints must be integer vertex ids ({error})") from None
    flat = array.ravel()
    text = flat.dtype.kind in "USO"  # strings, or objects that may be strings
    names = [x for x in flat.tolist() if isinstance(x, (str, bytes))] if text else []
    if names:
        raise BipartiteGameError(
            f"edge endpoints must be integer vertex ids, not {names[0]!r}: to name "
            "vertices, pass ids with labels=, or use Graph.from_edge_list"
        )
    return int_array(flat, "edge endpoints")


def checked_labels(labels: object, n: int | None) -> tuple[Hashable, ...]:
    """``labels`` as a tuple, one per vertex when ``n`` is given: hashable
    and distinct (a label names one vertex; ``Graph.index`` and the answers
    keyed by label rely on it).  O(V), one hash of each."""
    if isinstance(labels, (str, bytes)):
        raise BipartiteGameError(f"labels must be a sequence of names, not {labels!r}")
    try:
        names: tuple[Hashable, ...] = tuple(labels)  # type: ignore[arg-type]
    except TypeError:
        raise BipartiteGameError(
            f"labels must be a sequence of names, not {type(labels).__name__}"
        ) from None
    if n is not None and len(names) != n:
        raise BipartiteGameError(f"{len(names)} labels for {n} vertices")
    try:
        distinct = len(set(names)) == len(names)
    except TypeError:
        bad = next(x for x in names if not _hashable(x))
        raise BipartiteGameError(
            f"labels must be hashable, not {bad!r} ({type(bad).__name__})"
        ) from None
    if not distinct:
        seen: set[Hashable] = set()
        for name in names:
            if name in seen:
                raise BipartiteGameError(f"labels must be distinct: {name!r} names two vertices")
            seen.add(name)
    return names


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def checked_edges(
    u: object, v: object, num_vertices: object, labels: object
) -> tuple[IntArray, IntArray, int, list[Hashable] | None]:
    """Two endpoint arrays (:func:`edge_ends`) of one length, the vertex
    count (``num_vertices``, else the number of ``labels``, else one more
    than the largest endpoint; at most :data:`MAX_VERTICES`), the labels (one
    per vertex) and every endpoint in range.  O(E)."""
    src, dst = edge_ends(u), edge_ends(v)
    if src.shape != dst.shape:
        raise BipartiteGameError(f"edge arrays differ in length: {src.size} and {dst.size}")
    names = None if labels is None else list(checked_labels(labels, None))
    if num_vertices is not None:
        n = int_scalar(num_vertices, "num_vertices")
    elif names is not None:
        n = len(names)
    else:
        n = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
    if n < 0 or n > MAX_VERTICES:
        raise BipartiteGameError(f"vertex count out of range 0..{MAX_VERTICES}: {n}")
    if names is not None and len(names) != n:
        raise BipartiteGameError(f"{len(names)} labels for {n} vertices")
    if src.size:
        low = int(min(src.min(), dst.min()))
        high = int(max(src.max(), dst.max()))
        if low < 0 or high >= n:
            raise BipartiteGameError(
                f"edge endpoint {low if low < 0 else high} out of range 0..{n - 1}"
            )
    return src, dst, n, names
