"""Docstring sections that many public names of the game layer share,
written once: a graph, a vertex as the graph names it, a search's
``budget`` and ``seconds`` and the refusal past them, and the function that
makes each result type.  :data:`shared_docs` is the decorator that fills a
docstring's slots (``{name}`` or ``{name(word)}`` lines) from
:data:`SECTIONS`; how a slot is filled is :mod:`bipartite_game._docstrings`.
"""

from __future__ import annotations

from .._docstrings import filled

__all__ = ["SECTIONS", "shared_docs"]

_GRAPH = "Parameters\n----------\ngraph : GraphLike\n    A :class:`Graph` or a networkx graph."
_VERTEX = "Parameters\n----------\n$arg : hashable\n    A vertex, as the graph names it."
_LIMITS = (
    "budget : int, optional\n    The most states a search may hold.\n"
    "seconds : float, optional\n    The longest a search may take."
)
_MADE_BY = "See Also\n--------\n$arg : the usual way to get one."

#: The shared pieces, by name.  Those that open a section (``Parameters``,
#: ``Raises``) may be followed by more entries of it.
SECTIONS: dict[str, str] = {
    # Parameters opening with the graph, the argument of most functions here.
    "graph_parameter": _GRAPH,
    # Parameters opening with one vertex, named as the graph names it.
    "vertex_parameter": _VERTEX,
    # Raises opening with the refusal of a vertex that is none.
    "no_vertex": "Raises\n------\nBipartiteGameError\n    When ``$arg`` is no vertex.",
    # See Also of a result type: the function that makes one.
    "made_by": _MADE_BY,
    # Raises and See Also of a result type checked when it is made by hand.
    "checked_against": (
        "Raises\n------\nBipartiteGameError\n"
        f"    When one built by hand disagrees with :func:`$arg`.\n\n{_MADE_BY}"
    ),
    # A solution's ``winner``: a start in, ``"first"`` or ``"second"`` out.
    "winner_sections": (
        f"{_VERTEX}\n\nReturns\n-------\nstr\n    Who wins with perfect play from ``$arg``."
    ),
    # A solution's ``winners()``: who wins from each start.
    "winners_returned": 'Returns\n-------\ndict\n    ``{vertex: "first" or "second"}``.',
    # A solution's ``losing_starts()`` or ``winning_starts()``.
    "starts_returned": "Returns\n-------\nlist of Vertex\n    The $arg starts.",
    # The two limits of every search (entries of Parameters).
    "search_limits": _LIMITS,
    # Raises opening with the refusal past those limits.
    "too_large": (
        "Raises\n------\nGeographyTooLarge\n    When a search passes ``budget`` or ``seconds``."
    ),
    # Raises of a position: past the limits, or a vertex that is none.
    "position_raises": (
        "Raises\n------\nGeographyTooLarge\n    When a search passes ``budget`` or ``seconds``.\n"
        "BipartiteGameError\n    When ``vertex`` or a visited vertex is no vertex."
    ),
    # Parameters of a position, the token on ``vertex`` and ``visited``
    # used, within the search limits.
    "position_parameters": (
        f"{_GRAPH}\nvertex : hashable\n    The token's vertex.\n"
        "visited : array_like, optional\n"
        f"    The vertices used already (ids, labels, or a boolean mask).\n{_LIMITS}"
    ),
}


#: :func:`filled` with the pieces of :data:`SECTIONS`.
shared_docs = filled(SECTIONS)
