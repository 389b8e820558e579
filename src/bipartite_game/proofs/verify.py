"""Check a certificate without trusting the solver that wrote it.

This module reads only the graph and the certificate
(:mod:`~bipartite_game.proofs.certificate` writes them; the format and the proofs
are in its docstring and in ``docs/certificates.md``).  It never imports
the matching, blossom, game, decompose or explain modules: a certificate
checked by the code that produced it would prove nothing.  Its own kernels
are a few lines each.

What is checked, in order (the first failure is reported):

0. given a maze's move set, the one the certificate records (if any) is
   the same (as sets of steps, read by the board builders' parser);
1. the labels are the graph's vertices (the certificate's vertices are
   found in the graph by name, in whatever order either lists them);
2. ``mate`` is a matching of the graph (symmetric, along edges);
3. it is maximum: with ``A`` the barrier, ``2|M| = n + |A| - odd(G - A)``
   (Tutte–Berge), the odd components counted here;
4. every odd component of ``G - A`` is factor-critical: the blossom merges
   join odd cycles of distinct pieces along edges of ``G - A`` and leave
   each odd component one piece;
5. the levels: each barrier vertex is matched into an odd component, and
   its ``via`` is a neighbour in an odd component of smaller level (a
   component's level is 0 when it holds a free vertex, else its barrier
   partner's);
6. the claims: ``first_player_wins`` is true exactly on ``A`` and the even
   components of ``G - A`` (covered by every maximum matching, Theorem 1
   of the certificate module) and false on the odd components (missed by
   some maximum matching, Theorem 2).

Cost: O(V + E) for the components, O(log Δ) per edge the certificate names
(the matching, the ``via`` edges, at most 1.5 V merge edges), and
O(V α(V)) for the merges' union-find: near linear on every graph, bipartite
or not.  Reading the JSON is Python's ``json`` plus one C-level pass per
array for its types.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .._arrays import BoolArray, Int32Array, IntArray
from .._jit import kernel
from .._text import quote
from ..errors import BipartiteGameError
from ..graphs.convert import is_networkx_graph
from ..graphs.csr import wide_offsets
from ..graphs.graph import Graph, GraphLike, OffsetArray

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["CertificateError", "Verdict", "verify"]

#: The ``format`` value this checker reads (the writer's ``FORMAT``).
FORMAT = "bipartite-game certificate 1"


class CertificateError(BipartiteGameError):
    """A certificate that cannot be read: not JSON, a key missing, a value
    of the wrong type, length or range.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> try:
    ...     verify(Graph.from_edges([0], [1]), "{}")
    ... except CertificateError as error:
    ...     print(error)
    certificate: 'format' must be 'bipartite-game certificate 1'
    """


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`verify`; ``str()`` is its one line.

    Parameters
    ----------
    ok : bool
        ``True`` when every claim of the certificate holds about the graph
        (its matching is maximum, its winners and losers are right), so the
        answer is proved; ``False`` when one fails.
    message : str
        The verdict in one line: ``verified: N vertices, matching of size
        K``, or ``claim failed: ...`` naming the first claim that fails and
        why (the vertex it is about, or the count that disproves it).

    Attributes
    ----------
    ok
        ``True`` when every claim of the certificate holds about the graph
        (its matching is maximum, its winners and losers are right), so the
        answer is proved; ``False`` when one fails.
    message
        The verdict in one line: ``verified: N vertices, matching of size
        K``, or ``claim failed: ...`` naming the first claim that fails and
        why (the vertex it is about, or the count that disproves it).

    See Also
    --------
    verify : the usual way to get one.

    Examples
    --------
    >>> from bipartite_game import Graph, certify
    >>> g = Graph.from_edges(["a", "b"], ["b", "c"])
    >>> verify(g, certify(g))
    Verdict(ok=True, message='verified: 3 vertices, matching of size 1')
    """

    ok: bool
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, eq=False)
class _Certificate:
    labels: list[str]
    first_player_wins: BoolArray
    mate: IntArray
    barrier: IntArray
    barrier_level: IntArray
    barrier_via: IntArray
    blossom_edges: IntArray
    blossom_sizes: IntArray
    moves: str | None = None


def verify(
    graph: GraphLike,
    certificate: object,
    *legacy: object,
    labels: Sequence[str] | bytes | None = None,
    moves: str | None = None,
) -> Verdict:
    """Check every claim of ``certificate`` about ``graph``.

    ``graph`` is a :class:`Graph` or a networkx graph (converted, its nodes
    the labels).  ``certificate`` is JSON text (bytes or str), or a
    certificate object (:class:`~bipartite_game.Certificate`, recognised by
    its ``to_json`` method: this module imports nothing of the solver's,
    see below), whose JSON is then written with its own vertex names (the
    labels of the graph it certifies; one built by hand, without a graph,
    is written with ``graph``'s names: its ids are ``graph``'s).

    The certificate names its vertices (its ``labels``), and they are found
    in ``graph`` by name: the same graph built in another vertex order (or
    from its edges in another order) checks.  ``labels`` are the names of
    ``graph``'s vertices, in id order: a sequence of strings, or bytes
    holding one name a line (the maze's ``row col`` lines, which spares a
    list of millions of strings); by default the graph's labels, ``str()``
    of each, or the ids ``"0" .. "n-1"`` of a graph without labels.  When
    the certificate's names are not the graph's, the verdict says which
    differ, a few of each quoted.  ``moves``: the move set the maze graph
    was built with (a name or ``"R,C"``); a certificate that records
    another one (``maze --certificate`` records it) is refused with the
    verdict naming it; one that records none is checked as it is.  The
    former form ``verify(graph, labels, certificate)`` is still taken.
    Raise :class:`CertificateError` when the certificate cannot be read.
    Module docstring for what and at what cost.

    Parameters
    ----------
    graph : GraphLike
        A :class:`Graph` or a networkx graph.
    certificate : object
        JSON text (``str`` or ``bytes``), or a certificate object.
    *legacy : object
        The former form's certificate, ``verify(graph, labels, certificate)``.
    labels : sequence of str or bytes, optional
        The names of ``graph``'s vertices, in id order.
    moves : str, optional
        The move set the maze graph was built with.

    Returns
    -------
    Verdict
        ``ok`` and the one-line verdict.

    Raises
    ------
    CertificateError
        When the certificate cannot be read.
    BipartiteGameError
        When ``graph`` is not a graph, or ``labels`` not one name per vertex.

    See Also
    --------
    certify : writes the certificate.

    Examples
    --------
    >>> from bipartite_game import Graph, certify
    >>> g = Graph.from_edges(["a", "b"], ["b", "c"])
    >>> text = certify(g).to_json().replace("[false,true", "[true,true")
    >>> verify(g, text).ok
    False
    """
    if legacy:
        if len(legacy) != 1 or labels is not None:
            raise BipartiteGameError(
                "verify() takes (graph, certificate, labels=...) or (graph, labels, certificate)"
            )
        labels, certificate = certificate, legacy[0]  # type: ignore[assignment]
    if isinstance(graph, Graph):
        graph.check_intact()
    elif is_networkx_graph(graph):
        graph = Graph.from_networkx(graph)
    else:
        raise BipartiteGameError(
            f"verify() takes a Graph or a networkx graph, not {type(graph).__name__}"
        )
    n = graph.num_vertices
    if labels is None:
        labels = [str(x) for x in (graph.labels if graph.labels is not None else range(n))]
    if not isinstance(labels, bytes) and (
        isinstance(labels, str)
        or not isinstance(labels, Sequence)
        or not set(map(type, labels)) <= {str}
    ):
        raise BipartiteGameError("verify() takes the labels as strings, or as bytes one a line")
    count = labels.count(b"\n") if isinstance(labels, bytes) else len(labels)
    if count != n:
        raise BipartiteGameError(f"verify(): {count} labels for {n} vertices")
    if moves is not None and not isinstance(moves, str):
        raise BipartiteGameError(
            f"verify(): moves must be a move-set name or 'R,C', not {type(moves).__name__}"
        )
    if not isinstance(certificate, (bytes, str)):
        write = getattr(certificate, "to_json", None)
        if not callable(write):
            raise BipartiteGameError(
                "verify() takes the certificate as JSON text or a Certificate, "
                f"not {type(certificate).__name__}"
            )
        # one made by certify names its vertices as its graph does; one built
        # by hand has no graph, and its ids are this graph's
        own_names = getattr(certificate, "graph", None) is not None
        certificate = write() if own_names else write(labels)
        if not isinstance(certificate, (bytes, str)):
            raise BipartiteGameError("verify(): the certificate's to_json() gave no JSON text")
    cert = _read(certificate)
    if moves is not None and cert.moves is not None:
        failure = _moves_failure(cert.moves, moves)
        if failure is not None:
            return Verdict(False, failure)
    found = _by_name(labels, cert)
    if isinstance(found, str):
        return Verdict(False, found)
    failure = _first_failure(graph, found)
    if failure is not None:
        return Verdict(False, f"claim failed: {failure}")
    size = int(np.count_nonzero(found.mate >= 0)) // 2
    return Verdict(True, f"verified: {n} vertices, matching of size {size}")


def _read(text: bytes | str) -> _Certificate:
    """Parse and check the shape of every value against the certificate's
    own number of vertices (its labels); never a traceback."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise CertificateError("certificate: JSON nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, digit limits
        raise CertificateError(f"certificate: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise CertificateError("certificate: expected a JSON object")
    if data.get("format") != FORMAT:
        raise CertificateError(f"certificate: 'format' must be {FORMAT!r}")
    moves = data.pop("moves", None)
    if moves is not None and not isinstance(moves, str):
        raise CertificateError("certificate: 'moves' must be a string (a move set)")
    labels = _value(data, "labels", str, None)
    n = len(labels)
    wins = _value(data, "first_player_wins", bool, n)
    mate = _value(data, "mate", int, n, low=-1, high=n)
    barrier = _value(data, "barrier", int, None, low=0, high=n)
    if barrier.size > 1 and not bool(np.all(barrier[1:] > barrier[:-1])):
        raise CertificateError("certificate: 'barrier' must be ascending without repeats")
    level = _value(data, "barrier_level", int, barrier.size, low=-(2**62), high=2**62)
    via = _value(data, "barrier_via", int, barrier.size, low=0, high=n)
    edges = _value(data, "blossom_edges", int, None, low=0, high=n)
    sizes = _value(data, "blossom_sizes", int, None, low=1, high=n + 1)
    if 2 * int(sizes.sum()) != edges.size:
        raise CertificateError(
            "certificate: 'blossom_edges' must hold two ids per edge of 'blossom_sizes'"
        )
    return _Certificate(list(labels), wins, mate, barrier, level, via, edges, sizes, moves)


def _value(
    data: dict[str, Any],
    key: str,
    kind: type,
    length: int | None,
    *,
    low: int = 0,
    high: int = 0,
) -> Any:
    """``data[key]``: a list of ``kind`` (exactly: ``true`` is no integer),
    of ``length`` items if given, integers in ``[low, high)``; as a list of
    strings or a numpy array.  The key is taken out of ``data``, so that
    each list is freed once it is an array."""
    value = data.pop(key, None)
    if not isinstance(value, list):
        raise CertificateError(f"certificate: {key!r} must be a JSON array")
    if length is not None and len(value) != length:
        what = "the barrier's" if key.startswith("barrier_") else "'labels'"
        raise CertificateError(f"certificate: {key!r} has {len(value)} entries, {what} {length}")
    if value and set(map(type, value)) != {kind}:  # one C-level pass
        noun = {str: "strings", bool: "booleans", int: "integers"}[kind]
        raise CertificateError(f"certificate: {key!r} must hold {noun} only")
    if kind is str:
        return value
    if kind is bool:
        return np.array(value, dtype=np.bool_)
    try:
        array = np.array(value, dtype=np.int64)
    except OverflowError:
        raise CertificateError(f"certificate: {key!r} holds a number too large") from None
    if array.size and (int(array.min()) < low or int(array.max()) >= high):
        bad = int(array[(array < low) | (array >= high)][0])
        raise CertificateError(f"certificate: {key!r} holds {bad}, outside {low}..{high - 1}")
    return array


def _moves_failure(recorded: str, given: str) -> str | None:
    """Why a certificate made for the move set ``recorded`` does not speak
    of a maze built with ``given``, or ``None`` when they are one move set
    (``knight`` is ``2,1`` and ``1,2``).  The move sets are read by the
    board builder's parser (graph input, not the solver).  O(1)."""
    from ..graphs.boards import parse_moves

    try:
        theirs = set(parse_moves(recorded)[0])
    except BipartiteGameError:
        raise CertificateError(
            f"certificate: 'moves' is {quote(recorded)}, not a move set (rook, king, knight or R,C)"
        ) from None
    if theirs == set(parse_moves(given)[0]):
        return None
    return (
        f"move set differs: the certificate was made for the move set {quote(recorded)}, "
        f"not {quote(given.strip().lower())}"
    )


#: How many names a message about names quotes, of each kind.
_QUOTED = 3


def _by_name(expected: Sequence[str] | bytes, cert: _Certificate) -> _Certificate | str:
    """``cert`` with its vertices renumbered to the graph's ids, found by
    name (``expected``: the graph's names in id order), or the verdict's
    message when the names are not the graph's.  O(V) for names in the
    graph's order (one comparison); else a dictionary of the names, O(V)
    Python steps, and the arrays renumbered by numpy, O(size)."""
    given = cert.labels
    if isinstance(expected, bytes):
        # one string compare; a label holding a line break could fake the
        # joined text, so the count of line breaks is part of the check
        joined = "\n".join(given) + "\n" if given else ""
        if joined.count("\n") == len(given) and (
            joined.encode("utf-8", "surrogatepass") == expected
        ):
            return cert
        expected = expected.decode("utf-8", "surrogateescape").split("\n")[:-1]
    else:
        expected = list(expected)
        if expected == given:
            return cert
    # C-level passes only: a dictionary, a set, and one lookup a name
    index = dict(zip(expected, range(len(expected)), strict=True))
    if len(index) < len(expected):
        return (
            "vertex names differ in order, and the graph names two vertices "
            f"{quote(_repeated(expected))} (str() of their labels): a certificate is "
            "matched to it by name only when the names are distinct, else it must list "
            "the vertices in the graph's order"
        )
    named = set(given)
    if len(named) < len(given):
        raise CertificateError(f"certificate: 'labels' names {quote(_repeated(given))} twice")
    if named != index.keys():
        missing = [name for name in expected if name not in named]
        extra = [name for name in given if name not in index]
        parts = []
        if missing:
            parts.append(f"the graph has {_counted(missing)} the certificate does not name")
        if extra:
            parts.append(f"the certificate names {_counted(extra)} the graph does not have")
        return "vertex names differ: " + "; ".join(parts)
    where = np.fromiter(map(index.__getitem__, given), dtype=np.int64, count=len(given))
    return _renumbered(cert, where, expected)


def _repeated(names: list[str]) -> str:
    """The first name of ``names`` that is there twice (one is)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    raise AssertionError("no repeated name")  # pragma: no cover (callers know one is)


def _counted(names: list[str]) -> str:
    """``2 vertices ('x', 'y')``: how many, and the first few quoted."""
    shown = ", ".join(quote(name) for name in names[:_QUOTED])
    more = f", and {len(names) - _QUOTED} more" if len(names) > _QUOTED else ""
    noun = "vertex" if len(names) == 1 else "vertices"
    return f"{len(names)} {noun} ({shown}{more})"


def _renumbered(cert: _Certificate, where: IntArray, names: list[str]) -> _Certificate:
    """``cert`` with vertex ``v`` renamed ``where[v]`` (a permutation), and
    the barrier sorted again with its levels and ``via``.  O(size)."""
    n = where.size
    wins = np.empty(n, dtype=np.bool_)
    wins[where] = cert.first_player_wins
    mate = np.full(n, -1, dtype=np.int64)
    matched = np.flatnonzero(cert.mate >= 0)
    mate[where[matched]] = where[cert.mate[matched]]
    barrier = where[cert.barrier]
    order = np.argsort(barrier, kind="stable")
    return _Certificate(
        names,
        wins,
        mate,
        barrier[order],
        cert.barrier_level[order],
        where[cert.barrier_via][order],
        where[cert.blossom_edges],
        cert.blossom_sizes,
        cert.moves,
    )


def _first_failure(graph: Graph, cert: _Certificate) -> str | None:
    """The first claim after the labels that does not hold, in words, or ``None``."""
    n = graph.num_vertices
    indptr, indices = graph.indptr, graph.indices
    labels = cert.labels

    def name(v: int) -> str:
        return f"vertex {quote(labels[int(v)])}"

    # 2. the matching
    mate = cert.mate
    matched = np.flatnonzero(mate >= 0)
    partner = mate[matched]
    broken = np.flatnonzero(mate[partner] != matched)
    if broken.size:
        v, w = int(matched[broken[0]]), int(partner[broken[0]])
        back = int(mate[w])
        other = "free" if back < 0 else f"matched to {name(back)}"
        return f"mate: {name(v)} is matched to {name(w)}, but {name(w)} is {other}"
    missing = np.flatnonzero(~_has_edges(indptr, indices, matched, partner))
    if missing.size:
        v, w = int(matched[missing[0]]), int(partner[missing[0]])
        return f"mate: {name(v)} is matched to {name(w)}, but they are not adjacent"
    size = matched.size // 2
    # 3. maximum, by Tutte–Berge with the barrier
    in_barrier = np.zeros(n, dtype=np.bool_)
    in_barrier[cert.barrier] = True
    component, count = _components(indptr, indices, in_barrier)
    outside = np.flatnonzero(~in_barrier)
    odd = (np.bincount(component[outside], minlength=count) % 2).astype(np.bool_)
    q = int(np.count_nonzero(odd))
    bound = n + cert.barrier.size - q
    if 2 * size != bound:
        return (
            f"maximum: removing the barrier ({cert.barrier.size} vertices) leaves {q} odd "
            f"components, which proves no matching larger than ({n} + {cert.barrier.size} - "
            f"{q}) / 2 = {bound / 2:g}, not the matching of size {size}"
        )
    # 4. every odd component factor-critical, by blossom merges
    problem, at, piece = _merges(
        indptr, indices, in_barrier, cert.blossom_edges, cert.blossom_sizes
    )
    if problem:
        return f"blossom merge {at}: {_MERGE_PROBLEMS[problem]}"
    in_odd = outside[odd[component[outside]]]
    first_piece = np.full(count, -1, dtype=np.int64)
    first_piece[component[in_odd][::-1]] = piece[in_odd][::-1]
    split = np.flatnonzero(piece[in_odd] != first_piece[component[in_odd]])
    if split.size:
        v = int(in_odd[split[0]])
        return (
            f"{name(v)}: its odd component of G minus the barrier is not proven "
            "factor-critical (the blossom merges do not join it into one piece)"
        )
    # 5. the levels, from the components with a free vertex
    component_level = np.full(count, -1, dtype=np.int64)
    free = np.flatnonzero((mate < 0) & ~in_barrier)
    component_level[component[free]] = 0
    into = mate[cert.barrier]
    astray = np.flatnonzero((into < 0) | in_barrier[into])
    if astray.size:  # impossible once the bound holds (Theorem 1); said plainly
        return f"barrier {name(int(cert.barrier[astray[0]]))} is not matched outside the barrier"
    component_level[component[into]] = cert.barrier_level
    via = cert.barrier_via
    via_level = component_level[component[via]]
    bad = np.flatnonzero(
        in_barrier[via]
        | ~odd[component[via]]
        | (via_level < 0)
        | (via_level >= cert.barrier_level)
        | ~_has_edges(indptr, indices, cert.barrier, via)
    )
    if bad.size:
        k = int(bad[0])
        a, y = int(cert.barrier[k]), int(via[k])
        return (
            f"barrier {name(a)} (level {int(cert.barrier_level[k])}): its via {name(y)} must "
            "be a neighbour in an odd component of G minus the barrier of a smaller level"
        )
    # 6. the claims
    covered = in_barrier.copy()
    covered[outside] = ~odd[component[outside]]
    wrong = np.flatnonzero(cert.first_player_wins != covered)
    if wrong.size:
        v = int(wrong[0])
        if covered[v]:
            return (
                f"{name(v)}: first_player_wins is false, but every maximum matching covers it "
                "(it lies in the barrier or in an even component of G minus the barrier)"
            )
        return (
            f"{name(v)}: first_player_wins is true, but some maximum matching misses it "
            "(it lies in an odd component of G minus the barrier)"
        )
    return None


_MERGE_PROBLEMS = {
    1: "it has an even number of edges, or fewer than 3: not an odd cycle",
    2: "one of its edges is not an edge of the graph",
    3: "one of its edges touches the barrier",
    4: "an edge does not start in the piece where the one before it ends",
    5: "it passes through one piece twice",
}


def _has_edges_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, us: IntArray, vs: IntArray
) -> BoolArray:
    result = np.empty(us.size, dtype=np.bool_)
    has_edges = lib.function("bg_verify_has_edges", "lillq?")
    has_edges(wide_offsets(indptr), indices, us, vs, us.size, result)
    return result


@kernel(native=_has_edges_native)
def _has_edges(indptr: OffsetArray, indices: Int32Array, us: IntArray, vs: IntArray) -> BoolArray:
    """``us[k] vs[k]`` is an edge, for each ``k``: binary search in the
    sorted row.  O(log Δ) each."""
    result = np.zeros(us.size, dtype=np.bool_)
    for k in range(us.size):
        result[k] = _adjacent(indptr, indices, us[k], vs[k])
    return result


@kernel
def _adjacent(indptr: OffsetArray, indices: Int32Array, x: int, y: int) -> bool:
    """``x y`` is an edge: binary search in ``x``'s sorted row, O(log Δ)."""
    low = indptr[x]
    high = indptr[x + 1]
    while low < high:
        middle = (low + high) // 2
        if indices[middle] < y:
            low = middle + 1
        else:
            high = middle
    return bool(low < indptr[x + 1] and indices[low] == y)


def _components_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, removed: BoolArray
) -> tuple[IntArray, int]:
    n = indptr.size - 1
    component = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    components = lib.function("bg_verify_components", "li?qll")
    count = components(wide_offsets(indptr), indices, removed, n, component, stack)
    return component, count


@kernel(native=_components_native)
def _components(
    indptr: OffsetArray, indices: Int32Array, removed: BoolArray
) -> tuple[IntArray, int]:
    """Component number of every vertex of the graph minus ``removed``
    (-1 for a removed one) and the number of components.  O(V + E)."""
    n = indptr.size - 1
    component = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    count = 0
    for start in range(n):
        if removed[start] or component[start] >= 0:
            continue
        component[start] = count
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            v = stack[top]
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if not removed[w] and component[w] < 0:
                    component[w] = count
                    stack[top] = w
                    top += 1
        count += 1
    return component, count


@kernel
def _find(root_of: IntArray, x: int) -> int:
    """The union-find root of ``x``, halving the path: graphs.blossom's
    find_root, copied on purpose, since the checker loads no solver module."""
    while root_of[x] != x:
        root_of[x] = root_of[root_of[x]]
        x = root_of[x]
    return x


def _merges_native(lib: Library, *args: Any) -> tuple[int, int, IntArray]:
    """:func:`_merges` in C: its arguments, in its order, and scratch."""
    indptr, indices, removed, edges, sizes = args
    n = indptr.size - 1
    root_of = np.empty(n, dtype=np.int64)
    stamp = np.empty(n, dtype=np.int64)
    at = np.zeros(1, dtype=np.int64)
    merges = lib.function("bg_verify_merges", "li?qllqlll")
    problem = merges(wide_offsets(indptr), indices, removed, n, edges, sizes, sizes.size,
                     root_of, stamp, at)  # fmt: skip
    return problem, int(at[0]), root_of


@kernel(native=_merges_native)
def _merges(
    indptr: OffsetArray,
    indices: Int32Array,
    removed: BoolArray,
    edges: IntArray,
    sizes: IntArray,
) -> tuple[int, int, IntArray]:
    """Apply the blossom merges to single-vertex pieces: each must be an
    odd cycle of at least 3 distinct pieces, joined by edges of the graph
    minus ``removed``, each edge starting in the piece where the previous
    one ends (the last closing the cycle at the first).  Returns a problem
    code (0 when all hold), the merge it is in, and every vertex's piece.
    O(L log Δ + V α(V)) for L merge edges."""
    n = indptr.size - 1
    root_of = np.arange(n, dtype=np.int64)
    stamp = np.full(n, -1, dtype=np.int64)
    at = 0
    for merge in range(sizes.size):
        count = sizes[merge]
        if count < 3 or count % 2 == 0:
            return 1, merge, root_of
        for t in range(at, at + 2 * count, 2):
            x = edges[t]
            y = edges[t + 1]
            if removed[x] or removed[y]:
                return 3, merge, root_of
            if not _adjacent(indptr, indices, x, y):
                return 2, merge, root_of
            after = at if t + 2 == at + 2 * count else t + 2
            if _find(root_of, y) != _find(root_of, edges[after]):
                return 4, merge, root_of
            piece = _find(root_of, x)
            if stamp[piece] == merge:
                return 5, merge, root_of
            stamp[piece] = merge
        top = _find(root_of, edges[at])
        for t in range(at, at + 2 * count, 2):
            root_of[_find(root_of, edges[t])] = top
        at += 2 * count
    for v in range(n):
        root_of[v] = _find(root_of, v)
    return 0, 0, root_of
