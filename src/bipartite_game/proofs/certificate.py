"""Certificates: every answer written down so that anyone can check it.

A certificate holds the claims (``first_player_wins`` per vertex and one
maximum matching ``mate``) and witnesses that prove them, checked by
:mod:`~bipartite_game.proofs.verify` without trusting the solver.  The witnesses
are one Gallai–Edmonds barrier ``A`` and two small structures around it;
the same format serves bipartite and general graphs.

Theorem 1 (Tutte–Berge, with its equality case).  Let ``A`` be a set of
vertices and ``q`` the number of odd components of ``G - A``.  Every
matching ``N`` leaves at least ``q - |A|`` vertices free, so
``|N| <= (n + |A| - q) / 2``.  If a matching ``M`` meets the bound, ``M`` is
maximum, and in every maximum matching: every vertex of ``A`` is matched
into an odd component (distinct ones), every vertex of an even component
is matched, and each odd component has exactly one vertex that is free or
matched to ``A``.

Proof.  In an odd component ``K`` the vertices matched inside ``K`` are
even in number, so ``s_K + u_K`` is odd, hence at least 1, where ``s_K``
counts the vertices of ``K`` matched to ``A`` and ``u_K`` the free ones.
The ``s_K`` sum to at most ``|A| - u_A`` (``u_A``: free vertices of ``A``),
so the free vertices number at least
``sum u_K + u_A + u_even >= q - |A| + (|A| - u_A - sum s_K) + u_A + u_even``.
A maximum matching has exactly as many free vertices as ``M``, that is
``q - |A|``, so every slack is zero: ``u_A = 0``, ``u_even = 0``,
``sum s_K = |A|`` and ``s_K + u_K = 1`` for every odd ``K``.  ∎

So a vertex of ``A`` or of an even component of ``G - A`` is covered by
every maximum matching: the player to move wins there (``true``).

Theorem 2 (who loses).  Let ``A`` and ``M`` meet the bound, let every odd
component of ``G - A`` be factor-critical, and give each component a
*level*: 0 if it holds an ``M``-free vertex, else the level of the vertex
``a`` of ``A`` that ``M`` matches into it; let every ``a`` in ``A`` have a
neighbour ``via(a)`` in an odd component of smaller level than ``a``'s.
Then every vertex ``x`` of an odd component is missed by some maximum
matching (``false``).

Proof.  Follow ``K_r`` (the component of ``x``), its ``a_r``, the
component ``K_{r-1}`` of ``via(a_r)``, and so on; levels fall, so the walk
ends at a component ``K_0`` with a free vertex, and the components and
barrier vertices met are distinct (each component has one ``a``, by
Theorem 1).  Match each ``a_i`` to ``via(a_i)`` in ``K_{i-1}``; match
``K_i - via(a_{i+1})`` (``i < r``) and ``K_r - x`` perfectly inside
themselves (factor-critical); keep ``M`` everywhere else.  This matching
leaves free the free vertices of ``M`` except ``K_0``'s, plus ``x``: as
many as ``M``, so it is maximum, and it misses ``x``.  ∎

Factor-critical (``K - x`` has a perfect matching for every ``x``), by
merges: a single vertex is factor-critical; if pieces ``P_0 .. P_{2k}``
(``k >= 1``), each factor-critical, are joined in a cycle by edges
``e_i`` from ``P_i`` to ``P_{i+1}`` (indices mod ``2k + 1``), their union
is factor-critical.  For ``x`` in ``P_j``, pair the other pieces around the
cycle, ``(P_{j+1}, P_{j+2})`` by ``e_{j+1}``, ``(P_{j+3}, P_{j+4})`` by
``e_{j+3}``, and so on; each piece loses at most one vertex to its edge and
matches the rest inside itself.  A component of ``G - A`` is proven
factor-critical when a list of such merges, starting from single vertices,
ends with the whole component as one piece.  These merges are exactly the
blossoms of Edmonds' search from the component's one vertex not matched
inside it; on bipartite graphs every odd component is a single vertex and
there are none.

The format (JSON; ids are 0-based positions in ``labels``, the names by
which a checker finds the vertices in its own graph, in any order):
``labels``, ``first_player_wins``, ``mate`` (partner or -1), ``barrier``
(``A``, ascending), ``barrier_level`` and ``barrier_via`` (one per barrier
vertex), ``blossom_edges`` (``x0, y0, x1, y1, ...``: each merge's cycle
edges in order, ``x_i`` in piece ``i`` and ``y_i`` in piece ``i + 1``) and
``blossom_sizes`` (edges per merge); a maze's certificate also records its
move set, ``moves``.  See ``docs/certificates.md``.

Cost of writing: one pass over the edges for the levels, Edmonds' search
restricted to ``D`` for the blossoms (O((V + E) α)), and the JSON text
written by kernels, not by ``json.dumps`` of huge lists.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._arrays import BoolArray, Int32Array, IntArray
from .._digits import write_decimal
from .._frozen import FrozenArrays, freeze, own_frozen
from .._jit import kernel
from ..errors import BipartiteGameError, SolverError
from ..graphs.blossom import find_root  # union-find root, shared with the blossom search
from ..graphs.boards import MOVE_SETS, parse_moves
from ..graphs.convert import is_networkx_graph
from ..graphs.csr import wide_offsets
from ..graphs.graph import Graph, GraphLike, OffsetArray, as_graph, board_hint
from ..theory.game import Solution, solve

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["FORMAT", "Certificate", "certify"]

#: The ``format`` key of every certificate this version writes.
FORMAT = "bipartite-game certificate 1"


@dataclass(frozen=True, eq=False)
class Certificate(FrozenArrays):
    """The claims of one :class:`~bipartite_game.theory.game.Solution` and the
    witnesses that prove them (module docstring), about :attr:`graph`.

    Made by :func:`certify`; one may be built by hand (to test a verifier,
    say): its claims are not checked, only that each is a 1-D array,
    ``first_player_wins`` of booleans and the rest of integers.  The arrays
    are read-only (a caller's array is copied unless it is read-only
    already).

    A certificate made by :func:`certify` names its vertices as its
    :attr:`graph` does (``str()`` of each label, or the ids ``"0" ..
    "n-1"`` of a graph without labels): :meth:`to_json` writes those names,
    and :func:`~bipartite_game.verify` finds the vertices by them, so it
    checks against the same graph built in any vertex order.  One built by
    hand has no graph: its vertices are the ids of the graph it is checked
    against.

    Parameters
    ----------
    first_player_wins : numpy.ndarray
        The claim per vertex: the player to move wins from it.
    mate : numpy.ndarray
        The claimed maximum matching (partner or -1).
    barrier : numpy.ndarray
        The Gallai–Edmonds barrier ``A``, ascending.
    barrier_level : numpy.ndarray
        The level of each barrier vertex (Theorem 2 of the module).
    barrier_via : numpy.ndarray
        Each barrier vertex's neighbour in a component of smaller level.
    blossom_edges : numpy.ndarray
        The merges' cycle edges, ``x0, y0, x1, y1, ...``, merge after merge.
    blossom_sizes : numpy.ndarray
        The number of edges of each merge.

    Attributes
    ----------
    graph : Graph or None
        The graph certified.
    num_vertices, matching_size : int
        The sizes.
    is_labelled : bool
        Whether the vertices are named by the graph's labels.

    Raises
    ------
    BipartiteGameError
        When an array is not 1-D or of the wrong kind.

    See Also
    --------
    certify : the usual way to get one.
    verify : its check.

    Examples
    --------
    >>> certify(Graph.from_edges(["a", "b"], ["b", "c"]))
    Certificate(num_vertices=3, matching_size=1, losing_starts=2, barrier_size=1, ...)
    """

    first_player_wins: BoolArray = field(repr=False)
    mate: Int32Array = field(repr=False)
    barrier: Int32Array = field(repr=False)
    barrier_level: Int32Array = field(repr=False)
    barrier_via: Int32Array = field(repr=False)
    blossom_edges: Int32Array = field(repr=False)
    blossom_sizes: Int32Array = field(repr=False)

    _frozen_arrays = (
        "first_player_wins",
        "mate",
        "barrier",
        "barrier_level",
        "barrier_via",
        "blossom_edges",
        "blossom_sizes",
    )

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            kinds = "b" if item.name == "first_player_wins" else "iu"
            shaped = isinstance(value, np.ndarray) and value.ndim == 1
            if not (shaped and value.dtype.kind in kinds):
                what = "booleans" if kinds == "b" else "integers"
                raise BipartiteGameError(
                    f"a Certificate's {item.name} must be a 1-D array of {what}"
                )
            object.__setattr__(self, item.name, own_frozen(value))

    @property
    def graph(self) -> Graph | None:
        """The graph certified, kept by reference (O(1)), whose labels name
        the vertices.  ``None`` for a certificate built by hand (or by
        :func:`dataclasses.replace`), whose vertices are the ids of the
        graph it is checked against."""
        graph: Graph | None = self.__dict__.get("_graph")
        return graph

    @property
    def num_vertices(self) -> int:
        """The number of vertices, one claim each."""
        return int(self.first_player_wins.size)

    @property
    def matching_size(self) -> int:
        """The number of edges of the matching ``mate``.  O(V)."""
        return int(np.count_nonzero(self.mate >= 0)) // 2

    @property
    def is_labelled(self) -> bool:
        """Whether the vertices are named by the certified graph's labels
        (else by their ids ``"0" .. "n-1"``)."""
        return self.graph is not None and self.graph.labels is not None

    def names(self) -> list[str]:
        """The vertices' names as :meth:`to_json` writes them by default:
        ``str()`` of each label of :attr:`graph`, else the ids.  O(V).

        Returns
        -------
        list of str
            One name per vertex, in id order.

        Examples
        --------
        >>> certify(Graph.from_edges(["a", "b"], ["b", "c"])).names()
        ['a', 'b', 'c']
        """
        own = self.graph.labels if self.graph is not None else None
        return [str(x) for x in (own if own is not None else range(self.num_vertices))]

    def __repr__(self) -> str:
        self.check_intact()
        losing = self.num_vertices - int(np.count_nonzero(self.first_player_wins))
        return (
            f"Certificate(num_vertices={self.num_vertices}, "
            f"matching_size={self.matching_size}, losing_starts={losing}, "
            f"barrier_size={self.barrier.size}, blossom_merges={self.blossom_sizes.size}, "
            f"labelled={self.is_labelled})"
        )

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the certified graph (as
        :meth:`~bipartite_game.theory.game.Solution._repr_svg_` draws it)
        with the claims tinted (losing starts red, the barrier yellow, the
        other winning starts green), the matching drawn, and the witnesses'
        edges marked (each barrier vertex's ``via`` edge, the blossom
        merges' cycle edges); a summary when there is no graph to draw or
        it is too large.  O(V + E) pieces."""
        from ..drawing.pictures import oversize, picture
        from ..drawing.svg import A_CLASS, LOSING, MATCHING, PATH, WINNING, summary_svg

        self.check_intact()
        wins = int(np.count_nonzero(self.first_player_wins))
        summary = [
            repr(self),
            f"claims: the player to move wins from {wins} starts, loses from "
            f"{self.num_vertices - wins}",
        ]
        graph = self.graph
        if graph is None:
            return summary_svg([*summary, "(no graph to draw: built without one)"])
        note = oversize(graph)
        if note is not None:
            return summary_svg([*summary, note])
        u, v = graph.edges()
        n = max(graph.num_vertices, 1)
        keys = np.minimum(u, v).astype(np.int64) * n + np.maximum(u, v)

        def marked(a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]) -> BoolArray:
            ends = np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)
            return np.isin(keys, ends)

        via = marked(self.barrier, self.barrier_via)
        merges = marked(self.blossom_edges[0::2], self.blossom_edges[1::2])
        losing = ~self.first_player_wins
        barrier = np.zeros(self.num_vertices, dtype=np.bool_)
        barrier[self.barrier] = True
        first = np.flatnonzero(self.mate > np.arange(self.mate.size))
        return picture(
            graph,
            summary,
            tints=[
                (np.flatnonzero(losing).tolist(), LOSING, "losing"),
                (np.flatnonzero(barrier).tolist(), A_CLASS, "barrier"),
                (np.flatnonzero(~losing).tolist(), WINNING, "winning"),
            ],
            edge_styles=[
                (via, PATH, "via", 3.0, True),
                (merges, PATH, "blossom", 3.0, False),
            ],
            pairs=zip(first.tolist(), self.mate[first].tolist(), strict=True),
            legend=[
                (LOSING, "claimed false: some maximum matching misses it (the mover loses)"),
                (A_CLASS, "the barrier A: claimed true, covered by every maximum matching"),
                (WINNING, "claimed true: covered by every maximum matching"),
                (MATCHING, "the certificate's maximum matching"),
                (PATH, "witnesses: via edges dashed, blossom merges' cycles solid"),
            ],
        )

    def to_json(
        self, labels: Sequence[str] | bytes | None = None, *, moves: str | None = None
    ) -> str:
        """The certificate as JSON text (a ``str``, as :func:`json.dumps`
        gives, pure ASCII, without a final line break).

        ``labels`` are the vertex names, one per vertex: a sequence of
        strings, or bytes holding one name a line, each line ended by a
        newline (as :func:`~bipartite_game.verify` takes them; the maze's
        ``row col`` lines, which spares a list of millions of strings); by
        default :meth:`names` (the certified graph's labels, ``str()`` of
        each, or its ids ``"0" .. "n-1"``).  Anything else, or another
        number of names, raises :class:`BipartiteGameError` naming
        ``labels``.  ``moves``: the move set of the maze whose graph was
        certified (a name or ``"R,C"``, as
        :func:`~bipartite_game.graphs.boards.grid_board` takes it), written
        as the ``moves`` key so that a check with another move set says
        which one the certificate was made for.  Numbers and booleans are
        written by a kernel: O(V + E) bytes.

        Parameters
        ----------
        labels : sequence of str or bytes, optional
            The vertex names, one per vertex.
        moves : str, optional
            The move set of the maze certified.

        Returns
        -------
        str
            The JSON text.

        Raises
        ------
        BipartiteGameError
            When ``labels`` is not one name per vertex.

        Examples
        --------
        >>> print(certify(Graph.from_edges(["a", "b"], ["b", "c"])).to_json())
        {"format": "bipartite-game certificate 1",
        "labels": ["a", "b", "c"],
        "first_player_wins": [false,true,false],
        "mate": [-1,2,1],
        "barrier": [1],
        "barrier_level": [1],
        "barrier_via": [0],
        "blossom_edges": [],
        "blossom_sizes": []}
        """
        self.check_intact()
        n = self.num_vertices
        names = _labels_json(self.names() if labels is None else labels, n)
        # each part is ASCII text as soon as it is made (no bytes copy kept
        # beside it): the peak is the parts and the joined text
        parts = ['{"format": ', json.dumps(FORMAT)]
        if moves is not None:
            parts += [',\n"moves": ', json.dumps(_move_set_name(moves))]
        parts += [
            ',\n"labels": ',
            names,
            ',\n"first_player_wins": ',
            _json_booleans(self.first_player_wins),
        ]
        for item in fields(self)[1:]:  # the integer arrays, in the format's order
            parts += [f',\n"{item.name}": ', _json_integers(getattr(self, item.name))]
        parts.append("}")
        return "".join(parts)


def _move_set_name(moves: object) -> str:
    """``moves`` as a certificate records it: the name of a named move set,
    else ``"R,C"`` of its leaper; a move set :func:`parse_moves` refuses
    raises its error.  O(1)."""
    if not isinstance(moves, str):
        raise BipartiteGameError(
            f"to_json(): moves must be a move-set name or 'R,C', not {type(moves).__name__}"
        )
    _, leaper = parse_moves(moves)
    name = moves.strip().lower()
    if name in MOVE_SETS or leaper is None:
        return name
    return f"{leaper[0]},{leaper[1]}"


def json_labels(labels: Sequence[str]) -> str:
    """A JSON array of strings, ASCII (labels kept exactly: undecodable
    bytes, read with ``surrogateescape``, are written as ``\\udcXX``
    escapes)."""
    return json.dumps(list(labels))


def _labels_json(labels: object, n: int) -> str:
    """:meth:`Certificate.to_json`'s ``labels``, checked, as a JSON array.
    Bytes of plain printable ASCII without quotes or backslashes (the
    maze's lines) become the array by one replace; other bytes are decoded
    line by line (``surrogateescape``).  O(size), vectorised."""
    if isinstance(labels, bytes):
        count = labels.count(b"\n")
        if count != n or not (labels.endswith(b"\n") if n else labels == b""):
            raise BipartiteGameError(
                f"to_json(): labels hold {count} lines for {n} vertices "
                "(bytes are one label a line, each ended by a newline)"
            )
        if n == 0:
            return "[]"
        codes = np.frombuffer(labels, dtype=np.uint8)
        special = (codes < 32) & (codes != 10)
        special |= (codes >= 127) | (codes == ord('"')) | (codes == ord("\\"))
        if not special.any():
            return '["' + labels[:-1].decode("ascii").replace("\n", '","') + '"]'
        return json_labels(labels.decode("utf-8", "surrogateescape").split("\n")[:-1])
    if isinstance(labels, str) or not isinstance(labels, Sequence):
        raise BipartiteGameError(
            "to_json(): labels must be a sequence of strings, or bytes one label a line, "
            f"not {type(labels).__name__}"
        )
    names = list(labels)
    other = [name for name in names if not isinstance(name, str)]
    if other:
        raise BipartiteGameError(
            f"to_json(): labels must be strings, not {other[0]!r} ({type(other[0]).__name__})"
        )
    if len(names) != n:
        raise BipartiteGameError(f"to_json(): {len(names)} labels for {n} vertices")
    return json_labels(names)


def certify(solution: Solution | GraphLike) -> Certificate:
    """The certificate of ``solution`` (module docstring), or of the
    solution of a graph (a :class:`Graph` or a networkx graph, solved
    first).  It keeps the graph (:attr:`Certificate.graph`), whose labels
    name the vertices in :meth:`Certificate.to_json`.

    ``A`` is the solution's barrier; levels come from one breadth-first
    search from the free vertices over ``D`` and ``A``; the merges from
    Edmonds' search inside each component of ``G[D]``.  A solution whose
    structure does not allow them raises :class:`SolverError` (a bug).
    ``solution`` must be a :class:`~bipartite_game.theory.game.Solution`.
    O((V + E) α(V)).

    Parameters
    ----------
    solution : Solution or GraphLike
        A solution, or a graph to solve first.

    Returns
    -------
    Certificate
        The claims and their witnesses.

    Raises
    ------
    BipartiteGameError
        When ``solution`` is neither a solution nor a graph.
    SolverError
        When the solution's structure allows no certificate (a bug).

    See Also
    --------
    verify : the check, which does not trust the solver.

    Examples
    --------
    >>> from bipartite_game import verify
    >>> g = Graph.from_edges(["a", "b"], ["b", "c"])
    >>> print(verify(g, certify(g).to_json()))
    verified: 3 vertices, matching of size 1
    """
    if isinstance(solution, Graph) or is_networkx_graph(solution):
        solution = solve(as_graph(solution, "certify"))
    if not isinstance(solution, Solution):
        raise BipartiteGameError(
            "certify() takes a Solution (solve(graph)) or a graph, "
            f"not {type(solution).__name__}{board_hint(solution)}"
        )
    solution.check_intact()
    graph = solution.graph
    losing = solution.losing
    barrier = solution.barrier
    mate = solution.mate
    level, via = _levels(graph.indptr, graph.indices, mate, losing, barrier)
    where = np.flatnonzero(barrier).astype(np.int32)
    if where.size and int(level[where].min()) < 1:
        raise SolverError("certificate: a barrier vertex has no level (no path to a free vertex)")
    edges, sizes, problem = _merges(graph.indptr, graph.indices, mate, losing)
    if problem:
        raise SolverError("certificate: a component of D is not matched near-perfectly inside")
    certificate = Certificate(
        first_player_wins=freeze(~losing),
        mate=mate,
        barrier=freeze(where),
        barrier_level=freeze(level[where]),
        barrier_via=freeze(via[where]),
        blossom_edges=freeze(edges),
        blossom_sizes=freeze(sizes),
    )
    # not a field (the fields are the claims and witnesses): O(1)
    object.__setattr__(certificate, "_graph", graph)
    return certificate


def _levels_native(
    lib: Library,
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    losing: BoolArray,
    barrier: BoolArray,
) -> tuple[Int32Array, Int32Array]:
    n = indptr.size - 1
    level = np.empty(n, dtype=np.int32)
    via = np.empty(n, dtype=np.int32)
    reached = np.empty(n, dtype=np.bool_)
    current = np.empty(n, dtype=np.int32)
    upcoming = np.empty(n, dtype=np.int32)
    levels = lib.function("bg_certificate_levels", "lii??qii?ii")
    levels(wide_offsets(indptr), indices, mate, losing, barrier, n, level, via, reached,
           current, upcoming)  # fmt: skip
    return level, via


@kernel(native=_levels_native)
def _levels(
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    losing: BoolArray,
    barrier: BoolArray,
) -> tuple[Int32Array, Int32Array]:
    """Level and ``via`` of every barrier vertex (Theorem 2).

    Breadth-first by levels: level 0 is the components of ``G[D]`` with a
    free vertex; a barrier vertex next to a component of level ``l`` gets
    level ``l + 1`` and that neighbour as ``via``, and the component it is
    matched into gets level ``l + 1``.  Inside a level the search spreads
    along edges within ``D``.  O(V + E)."""
    n = indptr.size - 1
    reached = np.zeros(n, dtype=np.bool_)
    level = np.zeros(n, dtype=np.int32)
    via = np.full(n, -1, dtype=np.int32)
    current = np.empty(n, dtype=np.int32)
    upcoming = np.empty(n, dtype=np.int32)
    size = 0
    for v in range(n):
        if losing[v] and mate[v] < 0:
            reached[v] = True
            current[size] = v
            size += 1
    depth = 0
    while size > 0:
        following = 0
        head = 0
        while head < size:
            y = current[head]
            head += 1
            for k in range(indptr[y], indptr[y + 1]):
                w = indices[k]
                if losing[w]:
                    if not reached[w]:
                        reached[w] = True
                        current[size] = w
                        size += 1
                elif barrier[w] and via[w] < 0:
                    via[w] = y
                    level[w] = depth + 1
                    x = mate[w]
                    if x >= 0 and losing[x] and not reached[x]:
                        reached[x] = True
                        upcoming[following] = x
                        following += 1
        current, upcoming = upcoming, current
        size = following
        depth += 1
    return level, via


def _merges_native(
    lib: Library, indptr: OffsetArray, indices: Int32Array, mate: Int32Array, losing: BoolArray
) -> tuple[Int32Array, Int32Array, int]:
    n = indptr.size - 1
    label = np.empty(n, dtype=np.int8)
    parent = np.empty(n, dtype=np.int32)
    root_of = np.empty(n, dtype=np.int32)
    base = np.empty(n, dtype=np.int32)
    stamp = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int32)
    side = np.empty(2 * n + 2, dtype=np.int32)
    edges = np.empty(3 * n + 6, dtype=np.int32)
    sizes = np.empty(n + 1, dtype=np.int32)
    counts = np.zeros(2, dtype=np.int64)
    merges = lib.function("bg_certificate_merges", "lii?qbiiiliiiil")
    problem = merges(wide_offsets(indptr), indices, mate, losing, n, label, parent, root_of,
                     base, stamp, queue, side, edges, sizes, counts)  # fmt: skip
    if problem:
        return edges[:0], sizes[:0], 1
    return edges[: int(counts[0])].copy(), sizes[: int(counts[1])].copy(), 0


@kernel(native=_merges_native)
def _merges(
    indptr: OffsetArray, indices: Int32Array, mate: Int32Array, losing: BoolArray
) -> tuple[Int32Array, Int32Array, int]:
    """The blossom merges that prove every component of ``G[D]``
    factor-critical: Edmonds' search from each component's one vertex not
    matched inside it, along edges inside ``D``, recording each blossom as
    its cycle of pieces (module docstring).  Returns the flat edges, the
    edges per merge, and 1 if the matching is not near-perfect inside a
    component (a bug), else 0.  O((V + E) α(V))."""
    n = indptr.size - 1
    label = np.zeros(n, dtype=np.int8)  # 0 unseen, 1 even, 2 odd
    parent = np.full(n, -1, dtype=np.int32)  # odd vertex -> its tree neighbour
    root_of = np.arange(n, dtype=np.int32)  # pieces: union-find
    base = np.arange(n, dtype=np.int32)  # per piece root: its base vertex
    stamp = np.zeros(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int32)
    side = np.empty(2 * n + 2, dtype=np.int32)  # one side's edges, upwards
    edges = np.empty(3 * n + 6, dtype=np.int32)
    sizes = np.empty(n + 1, dtype=np.int32)
    written = 0
    merges = 0
    clock = 0
    for root in range(n):
        if not losing[root] or label[root] != 0:
            continue
        if mate[root] >= 0 and losing[mate[root]]:
            continue  # not this component's base; its search labels it
        label[root] = 1
        queue[0] = root
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(indptr[v], indptr[v + 1]):
                w = indices[k]
                if not losing[w] or label[w] == 2:
                    continue
                if find_root(root_of, v) == find_root(root_of, w):
                    continue
                if label[w] == 0:
                    x = mate[w]
                    if x < 0 or not losing[x]:
                        return edges[:0], sizes[:0], 1
                    label[w] = 2
                    parent[w] = v
                    label[x] = 1
                    queue[tail] = x
                    tail += 1
                    continue
                # two even pieces: find the piece where their paths meet,
                # climbing both sides in turn so the cost is the cycle's
                clock += 1
                a = find_root(root_of, v)
                b = find_root(root_of, w)
                top = -1
                while True:
                    if a >= 0:
                        if stamp[a] == clock:
                            top = a
                            break
                        stamp[a] = clock
                        a = -1 if base[a] == root else find_root(root_of, parent[mate[base[a]]])
                    a, b = b, a
                # w's side, upwards
                count = _climb(root_of, mate, base, parent, w, top, side, 0)
                start = written
                # the cycle from the top down w's side (edges reversed) ...
                for t in range(count - 2, -1, -2):
                    edges[written] = side[t + 1]
                    edges[written + 1] = side[t]
                    written += 2
                # ... across v w ...
                edges[written] = w
                edges[written + 1] = v
                written += 2
                # ... and up v's side back to the top
                written = _climb(root_of, mate, base, parent, v, top, edges, written)
                sizes[merges] = (written - start) // 2
                merges += 1
                # merge every piece of the cycle into the top one; the odd
                # vertices become even and are searched from
                keep = base[top]
                for t in range(start, written, 2):
                    for end in (edges[t], edges[t + 1]):
                        if label[end] == 2:
                            label[end] = 1
                            queue[tail] = end
                            tail += 1
                        r = find_root(root_of, end)
                        if r != top:
                            root_of[r] = top
                base[top] = keep
    return edges[:written].copy(), sizes[:merges].copy(), 0


@kernel
def _climb(
    root_of: Int32Array,
    mate: Int32Array,
    base: Int32Array,
    parent: Int32Array,
    x: int,
    top: int,
    out: Int32Array,
    at: int,
) -> int:
    """Write the edges from ``x``'s piece up to the piece ``top`` into
    ``out`` from ``at``, two per piece: (its base, the base's odd mate),
    (that odd vertex, its tree parent); returns the end."""
    p = find_root(root_of, x)
    while p != top:
        odd = mate[base[p]]
        out[at] = base[p]
        out[at + 1] = odd
        out[at + 2] = odd
        out[at + 3] = parent[odd]
        at += 4
        p = find_root(root_of, parent[odd])
    return at


def _write_integers_native(lib: Library, values: IntArray, out: npt.NDArray[np.uint8]) -> int:
    return lib.function("bg_write_integers", "lqB")(values, values.size, out)


@kernel(native=_write_integers_native)
def _write_integers(values: IntArray, out: npt.NDArray[np.uint8]) -> int:
    """``values`` as comma-separated decimal text into ``out``; returns the
    length written."""
    digits = np.empty(24, dtype=np.uint8)
    at = 0
    for k in range(values.size):
        if k > 0:
            out[at] = 44  # ','
            at += 1
        value = values[k]
        if value < 0:
            out[at] = 45  # '-'
            at += 1
            value = -value
        at = write_decimal(value, digits, out, at)
    return at


def _json_integers(values: npt.NDArray[np.integer]) -> str:
    """A JSON array of integers, written by a kernel, decoded straight from
    its buffer."""
    # each value with its comma: 11 bytes for 32-bit ids, 21 for any int64
    per_value = 12 if values.dtype.itemsize <= 4 else 21
    wide: IntArray = np.ascontiguousarray(values, dtype=np.int64)
    out = np.empty(wide.size * per_value + 2, dtype=np.uint8)
    end = _write_integers(wide, out[1:]) + 1
    out[0] = 91  # '['
    out[end] = 93  # ']'
    return str(out[: end + 1].data, "ascii")


def _json_booleans(values: BoolArray) -> str:
    """A JSON array of ``true``/``false``, written by a kernel, decoded
    straight from its buffer."""
    out = np.empty(values.size * 6 + 2, dtype=np.uint8)
    end = _write_booleans(np.ascontiguousarray(values, dtype=np.bool_), out)
    return str(out[:end].data, "ascii")


def _write_booleans_native(lib: Library, values: BoolArray, out: npt.NDArray[np.uint8]) -> int:
    return lib.function("bg_write_booleans", "?qB")(values, values.size, out)


@kernel(native=_write_booleans_native)
def _write_booleans(values: BoolArray, out: npt.NDArray[np.uint8]) -> int:
    """``[true,false,...]`` into ``out``; returns the length written."""
    words = np.frombuffer(b"false,true,", dtype=np.uint8)
    out[0] = 91  # '['
    at = 1
    for k in range(values.size):
        start, stop = (6, 11) if values[k] else (0, 6)
        if k == values.size - 1:
            stop -= 1  # no comma after the last
        for t in range(start, stop):
            out[at] = words[t]
            at += 1
    out[at] = 93  # ']'
    return at + 1
