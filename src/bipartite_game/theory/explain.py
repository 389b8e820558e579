"""Why a start wins or loses, as a short proof in words.

A losing start ``v`` (some maximum matching misses it): the solution's
matching ``M`` and a maximum matching ``M'`` that misses ``v``
(:meth:`~bipartite_game.theory.game.Solution.strategy`) differ, around ``v``, by
one path: ``v`` is covered by ``M`` (or free, and the path is ``v`` alone)
and free in ``M'``, and since ``|M| = |M'|`` the path ends at a vertex ``M``
leaves free, after an even number of edges.  So it is an even alternating
path from an ``M``-free vertex to ``v``; flipping it turns ``M`` into a
maximum matching that misses ``v``, along which the second player answers
every move.  That ``M`` is maximum is shown as for a winning start, below.

A winning start ``v``: every maximum matching covers it, because ``v`` lies
in ``A`` (every maximum matching matches the barrier into ``D``) or in ``C``
(matched perfectly inside ``C``) of the Gallai–Edmonds decomposition; and
``M`` is maximum, by a König cover of ``|M|`` vertices on bipartite graphs
or, on others, the Tutte–Berge bound with the barrier ``A``: ``G - A`` has
``q`` odd components and ``(n + |A| - q) / 2 = |M|``.  The first move is
``v``'s partner in ``M``.

Cost: O(V + E) per explanation (one augmentation for a losing start, one
pass for the certificate's count).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .._arrays import Int32Array
from .._jit import kernel
from ..errors import SolverError
from ..graphs.blossom import odd_components_without
from ..graphs.graph import Vertex
from .bipartite import koenig_cover

if TYPE_CHECKING:
    from .._native import Library
    from .game import Solution

__all__ = ["Explanation", "explain"]

Namer = Callable[[Any], str]


@dataclass(frozen=True, eq=False)
class Explanation:
    """Who wins from ``start`` and why.

    Parameters
    ----------
    start : Vertex
        The vertex explained.
    first_player_wins : bool
        True when the player to move from ``start`` wins.
    matching_size : int
        Size of the solution's maximum matching ``M``.
    path : tuple of Vertex
        A losing start: an even alternating path from a vertex ``M`` leaves
        free to ``start`` (that vertex first; edges alternate outside and
        inside ``M``, the last one in ``M``), ``(start,)`` when ``M`` misses
        ``start`` already.  Empty for a winning start.
    partner : Vertex or None
        A winning start: its partner in ``M``, the first move.
    vertex_class : str
        ``"D"``, ``"A"`` or ``"C"`` (Gallai–Edmonds).
    bipartite : bool
        Whether ``M`` is certified maximum by a König cover (else by
        Tutte–Berge), for a losing start as for a winning one.
    cover_size : int
        Bipartite graphs: size of the König cover.
    barrier_size, odd_components : int
        Other graphs: ``|A|`` and the odd components of ``G - A``.
    num_vertices : int
        The graph's vertex count ``n``, in the Tutte–Berge bound.

    See Also
    --------
    Solution.explain : the usual way to get one.

    Examples
    --------
    >>> from bipartite_game import Graph, solve
    >>> e = solve(Graph.from_edges(["a", "b"], ["b", "c"])).explain("b")
    >>> e.first_player_wins, e.partner, e.vertex_class
    (True, 'c', 'A')
    """

    start: Vertex
    first_player_wins: bool
    matching_size: int
    path: tuple[Vertex, ...]
    partner: Vertex | None
    vertex_class: str
    bipartite: bool
    cover_size: int = 0
    barrier_size: int = 0
    odd_components: int = 0
    num_vertices: int = 0

    def text(self, name: Namer | None = None) -> str:
        """The proof in words, vertices named by ``name`` (default: the
        graph's labels).

        Parameters
        ----------
        name : callable, optional
            Names a vertex as text; by default ``str`` of its label.

        Returns
        -------
        str
            The proof, a few lines.

        Examples
        --------
        >>> from bipartite_game import Graph, solve
        >>> e = solve(Graph.from_edges(["a", "b"], ["b", "c"])).explain("b")
        >>> print(e.text(lambda v: v.upper()), end="")
        B: first (the player to move wins)
          B is in the barrier A ...
          first move: C, B's partner; then answer every move along the matching.
        """
        name = str if name is None else name
        v = name(self.start)
        maximum = f"  the matching of size {self.matching_size} is maximum: {self._bound()}."
        if not self.first_player_wins:
            free = name(self.path[0])
            lines = [f"{v}: second (the player to move loses)", maximum]
            if len(self.path) == 1:
                lines.append(f"  it leaves {v} free.")
            else:
                steps = [name(self.path[0])]
                for k in range(1, len(self.path)):
                    steps.append(("=" if k % 2 == 0 else "-") + " " + name(self.path[k]))
                lines.append(f"  it leaves {free} free;")
                lines.append(f"  even alternating path: {' '.join(steps)}")
                lines.append("  ('-' an edge outside the matching, '=' an edge in it);")
                lines.append(f"  flipping it gives a maximum matching that misses {v}.")
            lines.append(
                "  the second player answers every move along that matching: every move "
                "has an answer there, so the mover runs out of moves first."
            )
            return "\n".join(lines) + "\n"
        where = (
            "the barrier A of the Gallai–Edmonds decomposition (every maximum matching "
            "matches A into D)"
            if self.vertex_class == "A"
            else "the part C of the Gallai–Edmonds decomposition (every maximum matching "
            "matches C perfectly inside C)"
        )
        partner = name(self.partner) if self.partner is not None else "?"
        return (
            f"{v}: first (the player to move wins)\n"
            f"  {v} is in {where}, so every maximum matching covers it.\n"
            f"{maximum}\n"
            f"  first move: {partner}, {v}'s partner; then answer every move along the "
            "matching.\n"
        )

    def _bound(self) -> str:
        """Why no matching is larger than ``M``: König's cover (bipartite) or
        the Tutte–Berge bound with the barrier ``A`` (Gallai–Edmonds)."""
        if self.bipartite:
            return (
                f"a König vertex cover of {_count(self.cover_size, 'vertex')} touches every "
                f"edge, so no matching has more than {_count(self.cover_size, 'edge')}"
            )
        return (
            "Tutte–Berge: removing the barrier A "
            f"({_count(self.barrier_size, 'vertex')}) leaves "
            f"{_count(self.odd_components, 'odd component')}, so no matching has more than "
            f"({self.num_vertices} + {self.barrier_size} - {self.odd_components}) / 2 "
            f"= {_count(self.matching_size, 'edge')}"
        )

    def __str__(self) -> str:
        return self.text()


def _count(k: int, noun: str) -> str:
    plural = "vertices" if noun == "vertex" else noun + "s"
    return f"{k} {noun if k == 1 else plural}"


def explain(solution: Solution, start: Hashable) -> Explanation:
    """The proof behind ``solution.winner(start)`` (module docstring).
    ``start`` is checked to be a vertex (a label on a labelled graph); the
    explanation's vertices are too.  O(V + E)."""
    graph = solution.graph
    v = graph.vertex_id(start)
    start = graph.label(v)
    size = solution.matching_size
    side = graph.two_colouring().side
    barrier = solution.barrier
    vertex_class = "D" if solution.losing[v] else "A" if barrier[v] else "C"

    # the certificate that M is maximum, for a losing start as for a winning one
    certificate: dict[str, int] = {"num_vertices": graph.num_vertices}
    if side is not None:
        cover = koenig_cover(graph.indptr, graph.indices, side, solution.losing)
        certificate["cover_size"] = int(np.count_nonzero(cover))
    else:
        odd = odd_components_without(graph.indptr, graph.indices, barrier)
        certificate["barrier_size"] = int(np.count_nonzero(barrier))
        certificate["odd_components"] = int(odd)
    if solution.losing[v]:
        other = solution.strategy(start).mate
        path = _difference_path(solution.mate, other, v)
        return Explanation(
            start, False, size, tuple(graph.labels_of(path)), None, "D", side is not None,
            **certificate,
        )  # fmt: skip
    return Explanation(
        start, True, size, (), solution.reply(start), vertex_class, side is not None,
        **certificate,
    )  # fmt: skip


def _difference_path_native(
    lib: Library, mate: Int32Array, other: Int32Array, v: int
) -> Int32Array:
    path = np.empty(mate.size + 1, dtype=np.int32)
    length = lib.function("bg_difference_path", "iiqiq")(mate, other, v, path, path.size)
    if length < 0:
        raise SolverError("the two matchings differ by no path from v (a bug)")
    return path[:length].copy()


@kernel(native=_difference_path_native)
def _difference_path(mate: Int32Array, other: Int32Array, v: int) -> Int32Array:
    """The component of ``mate`` △ ``other`` at ``v`` (free in ``other``),
    walked from ``v`` and returned from its far end, which ``mate`` leaves
    free, to ``v``.  O(path length)."""
    path = np.empty(mate.size + 1, dtype=np.int32)
    length = 0
    x = v
    while True:
        path[length] = x
        length += 1
        y = mate[x]
        if y < 0:
            break
        path[length] = y
        length += 1
        x = other[y]
    return path[:length][::-1].copy()
