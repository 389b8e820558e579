"""The page's graph mode: an edge list in the ``graph`` command's format, its
analysis, the proof behind one vertex's verdict, and the labels a game on it
is spoken in.

The page names vertices by their labels (the edge list's tokens) and draws
the graph itself, since it lays it out and edits it; the server sends only
what the theorem says about it, in labels: the losing starts, one maximum
matching, the Gallai–Edmonds barrier, each edge's class with its elementary
component (:func:`edge_overlay`), and for one vertex its
:class:`~bipartite_game.theory.explain.Explanation` (the alternating path, or the
partner and the barrier).  Every rule is the solver's, on bipartite graphs
and others alike.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._text import quote
from ...errors import BipartiteGameError, IllegalMoveError
from ...graphs.edgelist import parse_edge_list
from ...graphs.graph import Graph
from ...theory.decompose import EDGE_CLASSES, decompose
from ...theory.game import Solution
from .limits import Limits
from .reading import api_error, field

__all__ = ["analysis", "edge_overlay", "explanation", "graph_of", "labels_of", "vertex_of"]


def graph_of(body: dict[str, Any], limits: Limits) -> tuple[Graph, str | None]:
    """The request's ``edges`` text as a labelled graph within the bounds
    (413 past ``max_vertices`` or ``max_edges``; 400 naming the line of a bad
    edge list), and the parser's warning about it, if any.  O(text)."""
    text = field(body, "edges", str)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            edges = parse_edge_list(text.encode("utf-8"))
        except BipartiteGameError as error:
            raise api_error(400, f"edges: {error}") from None
    if edges.num_vertices > limits.max_vertices:
        raise api_error(
            413,
            f"graph too large: {edges.num_vertices} vertices, at most {limits.max_vertices}",
        )
    graph = Graph.from_edge_list(edges)
    if graph.num_edges > limits.max_edges:
        raise api_error(
            413, f"graph too large: {graph.num_edges} edges, at most {limits.max_edges}"
        )
    warning = str(caught[0].message) if caught else None
    return graph, warning


def labels_of(graph: Graph) -> list[str]:
    """Every vertex's label, in vertex order."""
    return [str(label) for label in graph.labels or range(graph.num_vertices)]


def vertex_of(graph: Graph, label: str, what: str = "move") -> int:
    """The vertex named ``label``; an :class:`IllegalMoveError` quoting it
    when there is none (the API answers it 400)."""
    try:
        return graph.index(label)
    except BipartiteGameError:
        raise IllegalMoveError(f"illegal {what}: no vertex {quote(label)} in the graph") from None


def _pairs(labels: list[str], mate: npt.NDArray[np.int32]) -> list[list[str]]:
    """A matching's pairs, each once, as label pairs."""
    ends = np.flatnonzero(mate > np.arange(mate.size))
    return [[labels[v], labels[int(mate[v])]] for v in ends.tolist()]


def analysis(graph: Graph, solution: Solution, warning: str | None) -> dict[str, Any]:
    """Everything the theorem says about ``graph``, in labels: the losing
    starts (Gallai–Edmonds D), the barrier A, one maximum matching, and a
    summary in words.  O(V + E)."""
    labels = labels_of(graph)
    u, v = graph.edges()
    n = graph.num_vertices
    losing = np.flatnonzero(solution.losing)
    size = solution.matching_size
    colouring = graph.two_colouring()
    if colouring.is_bipartite:
        kind = "bipartite"
    else:
        assert colouring.odd_cycle is not None  # what a failed 2-colouring gives
        cycle = " ".join(labels[x] for x in colouring.odd_cycle.tolist())
        kind = f"not bipartite (odd cycle {cycle})"
    if n == 0:
        summary = "No vertex: there is nowhere to put the token."
    elif losing.size:
        summary = (
            f"{n} vertices, {graph.num_edges} edges, {kind}. Maximum matching: {size} pairs. "
            f"From {losing.size} of the {n} vertices the mover (who moves first) loses: some "
            "maximum matching misses them, so the placer wins there."
        )
    else:
        summary = (
            f"{n} vertices, {graph.num_edges} edges, {kind}. A maximum matching ({size} pairs) "
            "covers every vertex in every way (it is perfect), so the mover wins from any start."
        )
    return {
        "labels": labels,
        "edges": [[labels[a], labels[b]] for a, b in zip(u.tolist(), v.tolist(), strict=True)],
        "bipartite": colouring.is_bipartite,
        "losing": [labels[x] for x in losing.tolist()],
        "barrier": [labels[x] for x in np.flatnonzero(solution.barrier).tolist()],
        "matching": _pairs(labels, solution.mate),
        "matching_size": size,
        "summary": summary,
        "warning": warning,
        **edge_overlay(solution),
    }


def edge_overlay(solution: Solution) -> dict[str, list[Any]]:
    """The edge-class overlay, parallel to the analysis' ``edges``:
    ``edge_classes`` (``every``, ``some`` or ``none``) and ``components``
    (the elementary component holding both ends, numbered from 0, or
    ``None``; :attr:`~bipartite_game.theory.decompose.Decomposition.elementary`).
    The page's limits keep the classes' work small: ``budget=None``.
    O(V + E) on the graphs the page holds."""
    d = decompose(solution, budget=None)
    u, v, cls = d.edges()
    piece = d.elementary
    pu, pv = piece[u], piece[v]
    inside = (pu >= 0) & (pu == pv)
    components: list[int | None] = pu.tolist()
    for k in np.flatnonzero(~inside).tolist():
        components[k] = None
    return {
        "edge_classes": [EDGE_CLASSES[c] for c in cls.tolist()],
        "components": components,
    }


def explanation(graph: Graph, solution: Solution, vertex: int) -> dict[str, Any]:
    """Why ``vertex`` wins or loses (:meth:`~bipartite_game.theory.game.Solution.explain`),
    for the page to draw: the even alternating path (a losing start), or the
    partner and the Gallai–Edmonds barrier (a winning one).  O(V + E)."""
    labels = labels_of(graph)
    proof = solution.explain(graph.label(vertex))
    return {
        "vertex": labels[vertex],
        "first_player_wins": proof.first_player_wins,
        "vertex_class": proof.vertex_class,
        "path": [str(x) for x in proof.path],
        "partner": None if proof.partner is None else str(proof.partner),
        "barrier": [labels[x] for x in np.flatnonzero(solution.barrier).tolist()],
        "matching": _pairs(labels, solution.mate),
        "text": proof.text(),
    }
