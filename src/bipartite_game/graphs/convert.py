"""A user's graph, in whatever form it comes, as the endpoint arrays and
labels a :class:`~bipartite_game.graphs.graph.Graph` is built from; and a
graph back out as networkx.

Each reader here checks the form it reads and says what it found in one
:class:`~bipartite_game.errors.BipartiteGameError`; none builds the CSR.
The constructors of :class:`~bipartite_game.graphs.graph.Graph`
(``from_networkx``, ``from_scipy``, ``from_adjacency``, ``from_edge_list``
on pairs, ``from_edges`` on labels) call them and build from what they give,
as they do from :mod:`.edgelist` and :mod:`.successors`: this module never
imports the class, so the constructors stay the one public way in.

- :func:`networkx_ends` and :func:`networkx_graph` -- networkx in and out
  (networkx, optional, imported only to build one); :func:`is_networkx_graph`
  recognises one without importing networkx, and :func:`undirected_networkx`
  refuses anything else for a function that takes only networkx.
- :func:`scipy_ends` -- a square scipy sparse matrix's stored entries.
- :func:`adjacency_ends` -- neighbour lists, of ids or of labels.
- :func:`pair_labels`, :func:`labelled_ends` and :func:`label_ids` -- edges
  named by their ends' labels, numbered in order of first appearance.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .._arrays import IntArray
from .._checks import checked_labels
from ..errors import BipartiteGameError

__all__ = [
    "adjacency_ends",
    "is_networkx_graph",
    "label_ids",
    "labelled_ends",
    "networkx_ends",
    "networkx_graph",
    "pair_labels",
    "scipy_ends",
    "undirected_networkx",
]


def is_networkx_graph(obj: object) -> bool:
    """Is ``obj`` a networkx graph (of networkx's own classes or a subclass)?
    Looks at the type's modules only: networkx is not imported.  O(1)."""
    return any(
        getattr(cls, "__module__", "").partition(".")[0] == "networkx"
        and hasattr(obj, "nodes")
        and hasattr(obj, "edges")
        for cls in type(obj).__mro__
    )


def undirected_networkx(G: Any, caller: str) -> None:
    """Refuse, naming ``caller``, anything but an undirected graph with
    networkx's ``is_directed``: for the functions that take networkx only
    (:mod:`bipartite_game.theory.interop`).  O(1)."""
    if getattr(G, "is_directed", None) is None or G.is_directed():
        raise BipartiteGameError(
            f"{caller}() takes an undirected networkx graph, not {type(G).__name__}"
        )


def networkx_ends(nx_graph: Any) -> tuple[IntArray, IntArray, list[Hashable]]:
    """The edges of an undirected networkx graph as ids into its nodes, and
    the nodes in its order (the labels).  A directed graph is refused: the
    games here are on undirected graphs, and silently forgetting the
    directions would answer another game.  O(V + E)."""
    directed = getattr(nx_graph, "is_directed", None)
    if callable(directed) and directed():
        raise BipartiteGameError(
            f"from_networkx() takes an undirected graph, and this {type(nx_graph).__name__} "
            "is directed; pass G.to_undirected() if an edge either way is meant"
        )
    try:
        nodes = list(nx_graph.nodes)
        position = {node: i for i, node in enumerate(nodes)}
        pairs = np.array(
            [(position[a], position[b]) for a, b in nx_graph.edges()], dtype=np.int64
        ).reshape(-1, 2)
    except (AttributeError, TypeError, KeyError, ValueError) as error:
        raise BipartiteGameError(
            f"from_networkx() takes a networkx graph, not {type(nx_graph).__name__} ({error})"
        ) from None
    return pairs[:, 0], pairs[:, 1], nodes


def networkx_graph(nodes: Iterable[Hashable], pairs: Iterable[tuple[Hashable, Hashable]]) -> Any:
    """A networkx ``Graph`` of these nodes, in this order, and edges.  Needs
    networkx, an optional dependency.  O(V + E)."""
    try:
        import networkx as nx
    except ImportError:
        raise BipartiteGameError("to_networkx() needs networkx: pip install networkx") from None
    out = nx.Graph()
    out.add_nodes_from(nodes)
    out.add_edges_from(pairs)
    return out


def scipy_ends(matrix: Any) -> tuple[Any, Any, int]:
    """The rows and columns of a square scipy sparse matrix's stored
    entries (each one an edge), and its size.  O(entries)."""
    try:
        coo = matrix.tocoo()
    except (AttributeError, TypeError, ValueError) as error:
        raise BipartiteGameError(
            f"from_scipy() takes a scipy sparse matrix, not {type(matrix).__name__} ({error})"
        ) from None
    if coo.shape[0] != coo.shape[1]:
        raise BipartiteGameError(f"adjacency matrix must be square, not {coo.shape}")
    return coo.row, coo.col, int(coo.shape[0])


def adjacency_ends(
    adjacency: Iterable[Iterable[int]] | Mapping[Any, Iterable[Any]],
) -> tuple[npt.ArrayLike, npt.ArrayLike, int, tuple[Hashable, ...] | None]:
    """The edges of neighbour lists, their vertex count and labels: a list
    of lists of ids (vertex ``i``'s neighbours at ``i``; no labels, the ids
    as given, for ``from_edges`` to check), or a dict ``{vertex:
    [neighbours]}`` of labels, networkx's dict-of-lists (every key is a
    vertex, in the dict's order, then any neighbour not a key).  O(V + E)."""
    if isinstance(adjacency, Mapping):
        try:
            rows = {key: list(row) for key, row in adjacency.items()}
            names = tuple(dict.fromkeys([*rows, *(w for row in rows.values() for w in row)]))
        except TypeError as error:
            raise BipartiteGameError(
                f"from_adjacency() takes a dict of neighbour lists ({error})"
            ) from None
        src = [v for v, row in rows.items() for _ in row]
        dst = [w for row in rows.values() for w in row]
        u, v = label_ids(src, dst, names)
        return u, v, len(names), names
    try:
        lists = [list(row) for row in adjacency]
    except TypeError as error:
        raise BipartiteGameError(
            f"from_adjacency() takes a list of neighbour lists ({error})"
        ) from None
    src_ids = [v for v, row in enumerate(lists) for _ in row]
    dst_ids = [w for row in lists for w in row]
    return src_ids, dst_ids, len(lists), None


def pair_labels(
    pairs: object, caller: str
) -> tuple[list[Hashable], list[Hashable], tuple[Hashable, ...]]:
    """An iterable of 2-item pairs of labels as the two ends' lists and the
    labels in order of first appearance.  O(E)."""
    try:
        listed = [tuple(pair) for pair in pairs]  # type: ignore[attr-defined]
    except TypeError as error:
        raise BipartiteGameError(
            f"{caller}() takes edge-list text or a list of pairs, not "
            f"{type(pairs).__name__} ({error})"
        ) from None
    for pair in listed:
        if len(pair) != 2:
            raise BipartiteGameError(f"{caller}(): an edge is a pair, not {pair!r}")
    try:
        names = tuple(dict.fromkeys(x for pair in listed for x in pair))
    except TypeError as error:
        raise BipartiteGameError(f"{caller}(): edge ends must be hashable ({error})") from None
    return [a for a, _ in listed], [b for _, b in listed], names


def label_ids(
    src: list[Hashable], dst: list[Hashable], names: tuple[Hashable, ...]
) -> tuple[IntArray, IntArray]:
    """The ids of the ends ``src[k]``, ``dst[k]`` among the vertices
    ``names`` (distinct, hashable; every end one of them): by a dict,
    whatever the labels are (ints too).  O(V + E)."""
    number = {name: i for i, name in enumerate(names)}
    u = np.fromiter((number[x] for x in src), dtype=np.int64, count=len(src))
    v = np.fromiter((number[x] for x in dst), dtype=np.int64, count=len(dst))
    return u, v


def labelled_ends(
    u: object, v: object, labels: Sequence[Hashable] | None, num_vertices: int | None
) -> tuple[list[int], list[int], Sequence[Hashable]] | None:
    """Endpoints given as labels, as ids and the labels; ``None`` when they
    are numbers (or booleans, which ``from_edges``' check refuses).  O(E)."""
    if isinstance(u, np.ndarray) and isinstance(v, np.ndarray) and u.dtype.kind in "biuf":
        return None
    if isinstance(u, (str, bytes)) or isinstance(v, (str, bytes)):
        raise BipartiteGameError("edge ends must be sequences of endpoints, not one string")
    try:
        ends = [list(u), list(v)]  # type: ignore[call-overload]
    except TypeError:
        return None  # not iterable: from_edges' check says why
    numeric = (int, float, np.number, bool, np.bool_)
    if all(isinstance(x, numeric) for side in ends for x in side):
        return None
    if len(ends[0]) != len(ends[1]):
        raise BipartiteGameError(
            f"edge arrays differ in length: {len(ends[0])} and {len(ends[1])}"
        )
    try:
        if labels is not None:
            names = checked_labels(labels, None)
            number = {name: i for i, name in enumerate(names)}
            missing = [x for side in ends for x in side if x not in number]
            if missing:
                raise BipartiteGameError(f"edge endpoint {missing[0]!r} is not among the labels")
        else:
            if num_vertices is not None:
                raise BipartiteGameError(
                    "edges given by label number their vertices themselves: "
                    "pass labels= instead of num_vertices="
                )
            order = [x for pair in zip(*ends, strict=True) for x in pair]
            names = tuple(dict.fromkeys(order))
            number = {name: i for i, name in enumerate(names)}
        return [number[x] for x in ends[0]], [number[x] for x in ends[1]], names
    except TypeError as error:  # an unhashable endpoint
        raise BipartiteGameError(f"edge endpoints must be hashable labels ({error})") from None
