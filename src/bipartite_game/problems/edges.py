"""``bipartite-game edges``: the class of every edge of an edge list.

Input: the edge-list format of ``graph`` (see :mod:`~bipartite_game.graphs.edgelist`).
Output: each distinct edge once, in order of first appearance and as first
written, one line ``U V CLASS`` with CLASS ``every`` (in every maximum
matching), ``some`` (in some but not all) or ``none`` (in none).  A repeated
edge, in either direction, is printed once; a self-loop is no edge and is
not printed; a lone label adds a vertex and no line.  With
``format="json"`` also each edge's elementary component (``component``:
:attr:`~bipartite_game.theory.decompose.Decomposition.elementary`).

Cost: the parse, :func:`~bipartite_game.theory.decompose.decompose`, and O(E log E)
vectorised to find the first appearances; no Python loop per edge.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._limits import ensure_fits
from .._stats import phase
from .._text import as_bytes
from ..graphs.edgelist import EdgeList, parse_edge_list
from ..graphs.graph import Graph
from ..theory.allowed import DEFAULT_BUDGET
from ..theory.decompose import Decomposition, decompose
from . import _json

__all__ = ["answer"]

#: Peak bytes of working memory per byte of edge-list text: that of
#: ``graph`` plus the classes and the first-appearance keys.
BYTES_PER_INPUT_BYTE = 48

_NAMES = [b" none\n", b" some\n", b" every\n"]
_CLASSES = np.array(["none", "some", "every"], dtype=object)


def answer(
    data: bytes | str, *, format: str = "text", budget: int | None = DEFAULT_BUDGET
) -> bytes:
    """Each distinct edge with its class; ``format="json"``: as parallel
    arrays ``u``, ``v``, ``class`` and ``component`` (``docs/json.md``).
    ``budget``: the steps of exact search the classes of a graph that is
    not bipartite may take (:func:`~bipartite_game.theory.decompose.decompose`;
    ``None``: no limit), :class:`~bipartite_game.theory.allowed.EdgeClassesTooLarge`
    past it."""
    data = as_bytes(data, "edges.answer()")
    as_json = _json.check_format(format)
    ensure_fits(len(data) * BYTES_PER_INPUT_BYTE, "this edge list")
    with phase("parse"):
        edges = parse_edge_list(data)
    n = edges.num_vertices
    with phase("build"):
        # no labels: the output writes the tokens, never the graph's names
        graph = Graph.from_edge_list(edges, labelled=False)
    with phase("decompose"):
        d = decompose(graph, budget=budget)
    with phase("format"):
        return _format(edges, n, d, as_json)


def _format(edges: EdgeList, n: int, d: Decomposition, as_json: bool) -> bytes:
    """The distinct edges in order of first appearance, with their classes
    (and, in JSON, their elementary components)."""
    u, v = edges.u, edges.v
    proper = u != v
    u, v = u[proper], v[proper]
    keys = np.minimum(u, v) * n + np.maximum(u, v)
    _, first = np.unique(keys, return_index=True)
    # the distinct keys, sorted, are the graph's edges u < v in CSR order,
    # as Decomposition.edges() lists them with their classes
    order = np.argsort(first)
    first = first[order]
    u, v = u[first], v[first]
    classes = d.edges()[2][order].astype(np.intp)
    if not as_json:
        return edges.pair_lines(u, v, _NAMES, classes)
    tokens = np.empty(n, dtype=object)
    tokens[:] = _json.labels(edges.tokens)
    fields = [
        ("edges", int(u.size)),
        ("u", tokens[u].tolist()),
        ("v", tokens[v].tolist()),
        ("class", _CLASSES[classes].tolist()),
        ("component", _components(d.elementary, u, v)),
    ]
    return _json.document("edges", fields)


def _components(
    elementary: npt.NDArray[np.int32], u: npt.NDArray[np.int64], v: npt.NDArray[np.int64]
) -> list[int | None]:
    """Per edge, the elementary component holding both its ends, or null
    (not both in one: an edge leaving ``C`` or joining two components)."""
    cu = elementary[u]
    inside = (cu >= 0) & (cu == elementary[v])
    values: list[int | None] = cu.tolist()
    for k in np.flatnonzero(~inside).tolist():
        values[k] = None
    return values
