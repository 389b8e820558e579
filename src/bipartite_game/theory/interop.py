"""networkx in, networkx-style results out: the decomposition by node and
the edge classes by edge.

networkx has no Gallai–Edmonds or Dulmage–Mendelsohn decomposition (its
pull request 6730) and cannot say which edges lie in every maximum matching
(its issue 2991).  These two functions answer both for any undirected
``networkx.Graph`` (self-loops are ignored: no matching uses one), keyed by
the graph's own nodes and edges.  The theory is in
:mod:`~bipartite_game.theory.decompose`.

Cost: building the CSR (a Python loop over ``G.edges()``, as networkx
itself iterates), then :func:`~bipartite_game.theory.decompose.decompose`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from ..graphs.convert import undirected_networkx
from ..graphs.graph import Graph
from .decompose import EDGE_CLASSES, VERTEX_CLASSES, Decomposition, decompose

__all__ = ["gallai_edmonds_decomposition", "maximum_matching_edge_classes"]


def _decomposed(G: Any, caller: str) -> tuple[list[Hashable], Decomposition]:
    undirected_networkx(G, caller)
    graph = Graph.from_networkx(G)
    nodes = list(G.nodes)
    return nodes, decompose(graph)


def gallai_edmonds_decomposition(G: Any) -> dict[Hashable, str]:
    """The Gallai–Edmonds class of every node of ``G``: ``"D"``, ``"A"`` or ``"C"``.

    ``D``: nodes some maximum matching leaves unmatched; ``A``: their
    neighbours outside ``D``; ``C``: the rest (perfectly matched among
    themselves by every maximum matching).  On a bipartite graph these,
    split by side, are the coarse Dulmage–Mendelsohn decomposition.  In
    vertex geography the player to move loses exactly from ``D``.

    Examples
    --------
    >>> import networkx as nx
    >>> gallai_edmonds_decomposition(nx.path_graph(3))
    {0: 'D', 1: 'A', 2: 'D'}
    """
    nodes, d = _decomposed(G, "gallai_edmonds_decomposition")
    names = [VERTEX_CLASSES[k] for k in d.vertex_class.tolist()]
    return dict(zip(nodes, names, strict=True))


def maximum_matching_edge_classes(G: Any) -> dict[tuple[Hashable, Hashable], str]:
    """For every edge ``(u, v)`` of ``G`` (as ``G.edges()`` lists it):
    ``"every"`` if every maximum matching uses it, ``"some"`` if some but not
    all do, ``"none"`` if none does.  Self-loops are left out.

    Examples
    --------
    >>> import networkx as nx
    >>> maximum_matching_edge_classes(nx.path_graph(4))
    {(0, 1): 'every', (1, 2): 'none', (2, 3): 'every'}
    """
    nodes, d = _decomposed(G, "maximum_matching_edge_classes")
    index = {node: i for i, node in enumerate(nodes)}
    pairs = [(a, b) for a, b in G.edges() if a != b]
    n = len(nodes)
    u = np.fromiter((index[a] for a, _ in pairs), dtype=np.int64, count=len(pairs))
    v = np.fromiter((index[b] for _, b in pairs), dtype=np.int64, count=len(pairs))
    graph = d.graph
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    entry = np.searchsorted(src * n + graph.indices, u * n + v)
    names = [EDGE_CLASSES[k] for k in d.edge_class[entry].tolist()]
    return dict(zip(pairs, names, strict=True))
