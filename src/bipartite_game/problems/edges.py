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
from ..graphs.edgelist import parse_edge_list
from ..graphs.graph import Graph
from ..theory.allowed import DEFAULT_BUDGET
from ..theory.decompose import Decomposition, decompose
from . import _json

__all__ = ["answer"]

#: Peak bytes of working memory per byte of edge-list text: that of
#: ``graph`` plus the classes and the first-appearance keys.
BYTES_PER_INPUT_BYTE = 48

_NAMES = np.array([b" none\n", b" some\n", b" every\n"], dtype=object)
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
        return _format(edges.tokens, edges.u, edges.v, n, graph, d, as_json)


def _format(
    labels: list[bytes],
    u: npt.NDArray[np.int64],
    v: npt.NDArray[np.int64],
    n: int,
    graph: Graph,
    d: Decomposition,
    as_json: bool,
) -> bytes:
    """The distinct edges in order of first appearance, with their classes
    (and, in JSON, their elementary components)."""
    proper = u != v
    u, v = u[proper], v[proper]
    keys = np.minimum(u, v) * n + np.maximum(u, v)
    _, first = np.unique(keys, return_index=True)
    first.sort()
    u, v = u[first], v[first]
    # the CSR's entry keys src * n + dst are sorted: one search finds each edge
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    entry = np.searchsorted(src * n + graph.indices, u * n + v)
    classes = d.edge_class[entry].astype(np.intp)
    tokens = np.empty(n, dtype=object)
    tokens[:] = _json.labels(labels) if as_json else labels
    if as_json:
        fields = [
            ("edges", int(u.size)),
            ("u", tokens[u].tolist()),
            ("v", tokens[v].tolist()),
            ("class", _CLASSES[classes].tolist()),
            ("component", _components(d.elementary, u, v)),
        ]
        return _json.document("edges", fields)
    names = _NAMES[classes].tolist()
    lines: list[bytes] = [b""] * (4 * u.size)
    lines[0::4] = tokens[u].tolist()
    lines[1::4] = [b" "] * u.size
    lines[2::4] = tokens[v].tolist()
    lines[3::4] = names
    return b"".join(lines)


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
