"""Docstring text that several public names share, written once.

Functions and classes across the layers take the same arguments and raise
the same errors again and again; that numpydoc text is one, so each layer
writes it once, in a table of named pieces, and :func:`filled` makes a
decorator from the table (pandas' ``@doc`` does the same for its shared
sections).  A docstring asks for a piece by a line of its own, ``{name}``,
or ``{name(word)}`` for a piece that speaks of a parameter or a function
(its ``$arg`` becomes ``word``); the decorator puts the piece there when
the function or class is defined, each of its lines indented as that line.
So the docstring every reader gets (``help()``, the API reference,
numpydoc's checks, doctest) is the whole text; only the source is shorter.
A brace anywhere else (``{vertex: value}``) is plain text, and a slot
naming no piece is an error at import.  The tables:
:data:`bipartite_game.theory._docs.SECTIONS` (a graph, a vertex, a
search's limits) and the sweep's parameters in
:mod:`bipartite_game.experiments.sweep`.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TypeVar

__all__ = ["filled"]

T = TypeVar("T")

#: A slot: a line that is only ``{name}`` or ``{name(word)}`` (never a
#: docstring's first line), matched with the line break before it, which a
#: search finds fast: a module's import fills all its docstrings.
_SLOT = re.compile(r"\n([ \t]*)\{([a-z_]+)(?:\(([\w.]+)\))?\}[ \t]*(?=\n|$)")


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
