"""``bipartite-game graph``: vertex geography on any edge list.

Output: ``LABEL first`` or ``LABEL second`` for every vertex in order of first
appearance (who wins with the token starting there), or with ``start`` only
``first`` or ``second``.
"""

from __future__ import annotations

import numpy as np

from ..edgelist import parse_edge_list
from ..errors import InputError
from ..game import solve
from ..graph import Graph

__all__ = ["answer"]

_VERDICT = np.array([b" second\n", b" first\n"], dtype=object)


def answer(data: bytes, *, start: str | None = None) -> bytes:
    edges = parse_edge_list(data)
    labels = edges.labels()
    graph = Graph.from_edges(edges.u, edges.v, edges.num_vertices, labels)
    solution = solve(graph)
    if start is not None:
        key = start.encode("utf-8", "surrogateescape")
        try:
            vertex = edges.tokens.index(key)
        except ValueError:
            raise InputError(f"--start {start!r} is not a vertex of the graph") from None
        return b"first\n" if solution.first_player_wins(vertex) else b"second\n"
    verdicts = _VERDICT[(~solution.losing).astype(np.intp)].tolist()
    lines: list[bytes] = [b""] * (2 * len(edges.tokens))
    lines[0::2] = edges.tokens
    lines[1::2] = verdicts
    return b"".join(lines)
