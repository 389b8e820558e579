"""Docstring sections that many public names share, written once.

The game layer's functions take the same arguments and raise the same
errors again and again: a graph, a vertex as the graph names it, a
search's ``budget`` and ``seconds`` and the refusal past them.  Their
numpydoc text is one, so it is written once, here (pandas' ``@doc`` does
the same for its shared sections).  A docstring asks for a piece by a
line of its own, ``{name}`` or ``{name(argument)}`` for a piece that names
a parameter; the decorator :func:`filled` puts the piece there when the
function is defined, each of its lines indented as that line.  So the
docstring every reader gets (``help()``, the API reference, numpydoc's
checks, doctest) is the whole text; only the source is shorter.  A brace
anywhere else (``{vertex: value}``) is plain text, and a slot naming no
piece is an error at import.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

__all__ = ["SECTIONS", "filled", "shared_docs"]

T = TypeVar("T")

#: A piece: its text, or its text for a parameter's name (``{name(start)}``).
Piece = str | Callable[[str], str]

#: A slot: a line that is only ``{name}`` or ``{name(argument)}``.
_SLOT = re.compile(r"^([ \t]*)\{([a-z_]+)(?:\(([a-z_]+)\))?\}[ \t]*$", re.MULTILINE)


_GRAPH = "Parameters\n----------\ngraph : GraphLike\n    A :class:`Graph` or a networkx graph."
_LIMITS = (
    "budget : int, optional\n    The most states a search may hold.\n"
    "seconds : float, optional\n    The longest a search may take."
)


def _vertex_parameter(name: str) -> str:
    return f"Parameters\n----------\n{name} : hashable\n    A vertex, as the graph names it."


def _no_vertex(name: str) -> str:
    return f"Raises\n------\nBipartiteGameError\n    When ``{name}`` is no vertex."


#: The shared pieces, by name.  Those that open a section (``Parameters``,
#: ``Raises``) may be followed by more entries of it.
SECTIONS: dict[str, Piece] = {
    # Parameters opening with the graph, the argument of most functions here.
    "graph_parameter": _GRAPH,
    # Parameters opening with one vertex, named as the graph names it.
    "vertex_parameter": _vertex_parameter,
    # Raises opening with the refusal of a vertex that is none.
    "no_vertex": _no_vertex,
    # The two limits of every search (entries of Parameters).
    "search_limits": _LIMITS,
    # Raises opening with the refusal past those limits.
    "too_large": (
        "Raises\n------\nGeographyTooLarge\n    When a search passes ``budget`` or ``seconds``."
    ),
    # Parameters of a position, the token on ``vertex`` and ``visited``
    # used, within the search limits.
    "position_parameters": (
        f"{_GRAPH}\nvertex : hashable\n    The token's vertex.\n"
        "visited : array_like, optional\n"
        f"    The vertices used already (ids, labels, or a boolean mask).\n{_LIMITS}"
    ),
}


def filled(sections: Mapping[str, Piece]) -> Callable[[T], T]:
    """A decorator that fills the slots of a function's or a class's
    docstring with ``sections``; a docstring without slots (or none, as
    under ``python -OO``) is left as it is.  O(length of the docstring).

    Raises
    ------
    KeyError
        When a slot names no piece of ``sections`` (at import).
    """

    def fill(documented: T) -> T:
        text = documented.__doc__
        if not text:
            return documented

        def piece(slot: re.Match[str]) -> str:
            indent, name, argument = slot.groups()
            found = sections[name]
            if callable(found) != (argument is not None):
                raise KeyError(f"{name}: {'an argument' if callable(found) else 'no argument'}")
            lines = (found(argument) if callable(found) else found).splitlines()
            return "\n".join(indent + line if line else "" for line in lines)

        try:
            documented.__doc__ = _SLOT.sub(piece, text)
        except KeyError as error:
            name = getattr(documented, "__qualname__", documented)
            raise KeyError(f"the docstring of {name}: no shared piece {error}") from None
        return documented

    return fill


#: :func:`filled` with the pieces of :data:`SECTIONS`.
shared_docs = filled(SECTIONS)
