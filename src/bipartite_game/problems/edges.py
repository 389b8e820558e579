"""``bipartite-game edges``: the class of every edge of an edge list.

Input: the edge-list format of ``graph`` (see :mod:`~bipartite_game.edgelist`).
Output: each distinct edge once, in order of first appearance and as first
written, one line ``U V CLASS`` with CLASS ``every`` (in every maximum
matching), ``some`` (in some but not all) or ``none`` (in none).  A repeated
edge, in either direction, is printed once; a self-loop is no edge and is
not printed; a lone label adds a vertex and no line.

Cost: the parse, :func:`~bipartite_game.decompose.decompose`, and O(E log E)
vectorised to find the first appearances; no Python loop per edge.
"""

from __future__ import annotations

import numpy as np

from .._limits import ensure_fits
from .._text import as_bytes
from ..decompose import decompose
from ..edgelist import parse_edge_list
from ..graph import Graph

__all__ = ["answer"]

#: Peak bytes of working memory per byte of edge-list text: that of
#: ``graph`` plus the classes and the first-appearance keys.
BYTES_PER_INPUT_BYTE = 48

_NAMES = np.array([b" none\n", b" some\n", b" every\n"], dtype=object)


def answer(data: bytes | str) -> bytes:
    data = as_bytes(data, "edges.answer()")
    ensure_fits(len(data) * BYTES_PER_INPUT_BYTE, "this edge list")
    edges = parse_edge_list(data)
    n = edges.num_vertices
    graph = Graph.from_edges(edges.u, edges.v, n, edges.labels())
    d = decompose(graph)
    proper = edges.u != edges.v
    u, v = edges.u[proper], edges.v[proper]
    keys = np.minimum(u, v) * n + np.maximum(u, v)
    _, first = np.unique(keys, return_index=True)
    first.sort()
    u, v = u[first], v[first]
    # the CSR's entry keys src * n + dst are sorted: one search finds each edge
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    entry = np.searchsorted(src * n + graph.indices, u * n + v)
    names = _NAMES[d.edge_class[entry].astype(np.intp)].tolist()
    tokens = np.empty(n, dtype=object)
    tokens[:] = edges.tokens
    lines: list[bytes] = [b""] * (4 * u.size)
    lines[0::4] = tokens[u].tolist()
    lines[1::4] = [b" "] * u.size
    lines[2::4] = tokens[v].tolist()
    lines[3::4] = names
    return b"".join(lines)
