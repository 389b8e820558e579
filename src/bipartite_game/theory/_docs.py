"""Docstring sections that many public names share, written once.

The game layer's functions take the same arguments and raise the same
errors again and again: a graph, a vertex as the graph names it, a
search's ``budget`` and ``seconds`` and the refusal past them; its result
types name the function that makes them.  That numpydoc text is one, so it
is written once, here (pandas' ``@doc`` does the same for its shared
sections).  A docstring asks for a piece by a line of its own, ``{name}``,
or ``{name(word)}`` for a piece that speaks of a parameter or a function
(its ``$arg`` becomes ``word``); the decorator :func:`filled` puts the
piece there when the function or class is defined, each of its lines
indented as that line.  So the docstring every reader gets (``help()``,
the API reference, numpydoc's checks, doctest) is the whole text; only the
source is shorter.  A brace anywhere else (``{vertex: value}``) is plain
text, and a slot naming no piece is an error at import.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TypeVar

__all__ = ["SECTIONS", "filled", "shared_docs"]

T = TypeVar("T")

#: A slot: a line that is only ``{name}`` or ``{name(word)}`` (never a
#: docstring's first line), matched with the line break before it, which a
#: search finds fast: a module's import fills all its docstrings.
_SLOT = re.compile(r"\n([ \t]*)\{([a-z_]+)(?:\(([\w.]+)\))?\}[ \t]*(?=\n|$)")

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


def filled(sections: Mapping[str, str]) -> Callable[[T], T]:
    """A decorator that fills the slots of a function's docstring with
    ``sections``; on a class, of its docstring and of every method's and
    property's it defines (one decorator for the class).  A docstring
    without slots, or none (``python -OO``), is left as it is.  O(length
    of the docstrings).

    Raises
    ------
    KeyError
        When a slot names no piece of ``sections``, or gives a word to a
        piece without ``$arg`` or none to one with it (at import).
    """

    def piece(slot: re.Match[str]) -> str:
        indent, name, word = slot.groups()
        text = sections[name]
        if ("$arg" in text) != (word is not None):
            raise KeyError(f"{name}: {'a word' if word is None else 'no word'} expected")
        if word is not None:
            text = text.replace("$arg", word)
        return "".join("\n" + (indent + line if line else "") for line in text.splitlines())

    def fill_one(documented: object) -> None:
        text = documented.__doc__
        if text and "{" in text:
            try:
                documented.__doc__ = _SLOT.sub(piece, text)
            except KeyError as error:
                name = getattr(documented, "__qualname__", documented)
                raise KeyError(f"the docstring of {name}: no shared piece {error}") from None

    def fill(documented: T) -> T:
        fill_one(documented)
        if isinstance(documented, type):
            for member in vars(documented).values():
                if isinstance(member, (classmethod, staticmethod)):
                    fill_one(member.__func__)
                elif isinstance(member, property):
                    fill_one(member.fget)
                    fill_one(member)  # a property keeps its own copy
                elif isinstance(member, cached_property):
                    fill_one(member.func)
                    fill_one(member)
                elif inspect.isfunction(member):
                    fill_one(member)
        return documented

    return fill


#: :func:`filled` with the pieces of :data:`SECTIONS`.
shared_docs = filled(SECTIONS)
