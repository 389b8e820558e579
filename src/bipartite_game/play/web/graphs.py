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
from ...errors import BipartiteGameError
from ...graphs.edgelist import parse_edge_list
from ...graphs.graph import Graph
from ...theory.decompose import EDGE_CLASSES, decompose
from ...theory.explain import Explanation
from ...theory.game import Solution
from .i18n import Message, Refusal, message, render
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
            raise api_error(400, "error.edges", detail=str(error)) from None
    if edges.num_vertices > limits.max_vertices:
        raise api_error(
            413, "error.graph_vertices", n=edges.num_vertices, most=limits.max_vertices
        )
    graph = Graph.from_edge_list(edges)
    if graph.num_edges > limits.max_edges:
        raise api_error(413, "error.graph_edges", m=graph.num_edges, most=limits.max_edges)
    warning = str(caught[0].message) if caught else None
    return graph, warning


def labels_of(graph: Graph) -> list[str]:
    """Every vertex's label, in vertex order."""
    return [str(label) for label in graph.labels or range(graph.num_vertices)]


def vertex_of(graph: Graph, label: str, what: str = "move") -> int:
    """The vertex named ``label``; a :class:`~.i18n.Refusal` quoting it
    when there is none (the API answers it 400)."""
    try:
        return graph.index(label)
    except BipartiteGameError:
        raise Refusal(f"error.no_vertex.{what}", label=quote(label)) from None


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
        kind = message("graph.kind.bipartite")
    else:
        assert colouring.odd_cycle is not None  # what a failed 2-colouring gives
        cycle = " ".join(labels[x] for x in colouring.odd_cycle.tolist())
        kind = message("graph.kind.odd", cycle=cycle)
    m = graph.num_edges
    if n == 0:
        summary = message("graph.summary.empty")
    elif losing.size:
        summary = message(
            "graph.summary.win", n=n, m=m, kind=kind, size=size, losing=int(losing.size)
        )
    else:
        summary = message("graph.summary.lose", n=n, m=m, kind=kind, size=size)
    return {
        "labels": labels,
        "edges": [[labels[a], labels[b]] for a, b in zip(u.tolist(), v.tolist(), strict=True)],
        "bipartite": colouring.is_bipartite,
        "losing": [labels[x] for x in losing.tolist()],
        "barrier": [labels[x] for x in np.flatnonzero(solution.barrier).tolist()],
        "matching": _pairs(labels, solution.mate),
        "matching_size": size,
        "summary": render(summary),
        "summary_said": summary,
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
        "proof": proof_said(proof),
    }


#: The plural of each noun counted in a proof (its key ``count.<noun>``).
_PLURALS = {"vertex": "vertices", "edge": "edges", "odd_component": "odd_components"}


def _count(k: int, noun: str) -> Message:
    """``k`` of ``noun`` (a key of :data:`_PLURALS`), singular or plural."""
    return message(f"count.{noun if k == 1 else _PLURALS[noun]}", n=k)


def proof_said(proof: Explanation) -> list[Message]:
    """:meth:`~bipartite_game.theory.explain.Explanation.text` line by line as
    messages (:mod:`.i18n`), for the page to say in its language: the same
    English words, vertices by their labels."""
    v = str(proof.start)
    if proof.bipartite:
        bound = message(
            "proof.bound.konig",
            cover=_count(proof.cover_size, "vertex"),
            edges=_count(proof.cover_size, "edge"),
        )
    else:
        bound = message(
            "proof.bound.tutte",
            barrier=_count(proof.barrier_size, "vertex"),
            odd=_count(proof.odd_components, "odd_component"),
            n=proof.num_vertices,
            a=proof.barrier_size,
            o=proof.odd_components,
            edges=_count(proof.matching_size, "edge"),
        )
    maximum = message("proof.maximum", size=proof.matching_size, bound=bound)
    if not proof.first_player_wins:
        lines = [message("proof.second", v=v), maximum]
        path = [str(x) for x in proof.path]
        if len(path) == 1:
            lines.append(message("proof.leaves_start_free", v=v))
        else:
            steps = [path[0]]
            for k in range(1, len(path)):
                steps.append(("=" if k % 2 == 0 else "-") + " " + path[k])
            lines += [
                message("proof.leaves_free", free=path[0]),
                message("proof.path", steps=" ".join(steps)),
                message("proof.path_legend"),
                message("proof.flip", v=v),
            ]
        return [*lines, message("proof.second_answers")]
    partner = str(proof.partner) if proof.partner is not None else "?"
    where = message("proof.class.A" if proof.vertex_class == "A" else "proof.class.C")
    return [
        message("proof.first", v=v),
        message("proof.in_class", v=v, where=where),
        maximum,
        message("proof.first_move", partner=partner, v=v),
    ]
