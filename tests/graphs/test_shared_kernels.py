"""The small kernels that other kernels share, against Python's own answer:
the decimal writer (``_digits.write_decimal``), the row scan
(``graphs.csr.is_neighbour``) and the union-find root
(``graphs.blossom.find_root``, on int32 and int64 forests alike)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game._digits import write_decimal
from bipartite_game.graphs.blossom import find_root
from bipartite_game.graphs.csr import is_neighbour
from bipartite_game.graphs.graph import Graph
from tests.support.strategies import EdgeSet, graphs


@given(st.integers(0, 2**63 - 1), st.integers(0, 5))
def test_write_decimal_writes_what_str_writes(value: int, at: int) -> None:
    out = np.full(at + 25, 255, dtype=np.uint8)
    digits = np.empty(20, dtype=np.uint8)
    end = write_decimal(np.int64(value), digits, out, at)
    assert bytes(out[at:end]) == str(value).encode()
    assert (out[:at] == 255).all() and (out[end:] == 255).all()


@given(graphs())
def test_is_neighbour_is_membership_of_the_row(edges: EdgeSet) -> None:
    n, pairs = edges
    graph = Graph.from_edges([u for u, _ in pairs], [v for _, v in pairs], n)
    for v in range(n):
        row = set(graph.indices[graph.indptr[v] : graph.indptr[v + 1]].tolist())
        for w in range(n):
            assert is_neighbour(graph.indptr, graph.indices, v, w) == (w in row)


@given(st.lists(st.integers(0, 9), min_size=1, max_size=10), st.sampled_from([np.int32, np.int64]))
def test_find_root_follows_the_parents_to_a_root(parents: list[int], dtype: type) -> None:
    n = len(parents)
    parent = [p % (v + 1) for v, p in enumerate(parents)]  # each at most its vertex
    root_of: npt.NDArray[np.int32] | npt.NDArray[np.int64] = np.array(parent, dtype=dtype)
    expected = []
    for v in range(n):
        x = v
        while root_of[x] != x:
            x = int(root_of[x])
        expected.append(x)
    assert [find_root(root_of, v) for v in range(n)] == expected
