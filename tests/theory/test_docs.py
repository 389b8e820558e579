"""The shared docstring sections (``_docstrings.py``, ``theory/_docs.py``): a slot line becomes its
piece, indented as the slot; braces elsewhere stay text; a slot naming no
piece fails at import; and no docstring of the package is left with a slot
unfilled (a ``{name}`` line without the decorator)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import warnings
from typing import Any

import pytest

import bipartite_game
from bipartite_game._docstrings import _SLOT, filled
from bipartite_game.theory._docs import shared_docs


def test_a_slot_becomes_its_piece_indented_as_the_slot() -> None:
    @filled({"limits": "budget : int\n    The most states.", "vertex": "$arg : hashable"})
    def f() -> None:
        """Summary.

        Parameters
        ----------
        {vertex(start)}
        {limits}

        Returns {vertex: value} as text.
        """

    assert f.__doc__ == (
        "Summary.\n\n        Parameters\n        ----------\n        start : hashable\n"
        "        budget : int\n            The most states.\n\n"
        "        Returns {vertex: value} as text.\n        "
    )


def test_a_class_docstring_is_filled_too() -> None:
    @shared_docs
    class Board:
        """A board.

        {graph_parameter}
        """

    lines = str(Board.__doc__).splitlines()
    assert lines[2:6] == ["        Parameters", "        ----------", "        graph : GraphLike",
                          "            A :class:`Graph` or a networkx graph."]  # fmt: skip


def test_a_slot_naming_no_piece_fails_at_import() -> None:
    with pytest.raises(KeyError, match="no shared piece 'nothing'"):

        @shared_docs
        def f() -> None:
            """Summary.

            {nothing}
            """


@pytest.mark.parametrize("slot", ["{graph_parameter(start)}", "{vertex_parameter}"])
def test_a_piece_is_given_an_argument_exactly_when_it_takes_one(slot: str) -> None:
    def f() -> None:
        pass

    f.__doc__ = f"Summary.\n\n    {slot}\n    "
    with pytest.raises(KeyError, match="no shared piece"):
        shared_docs(f)


def test_no_docstring_is_left_alone() -> None:
    def f() -> None:
        pass

    assert shared_docs(f) is f and f.__doc__ is None  # as under python -OO


def _documented() -> list[tuple[str, Any]]:
    """Every module's functions and classes, and the classes' own members."""
    found = []
    for info in pkgutil.walk_packages(bipartite_game.__path__, "bipartite_game."):
        if info.name == "bipartite_game.__main__":  # runs the command line
            continue
        try:
            with warnings.catch_warnings():  # a deprecated module's notice
                warnings.simplefilter("ignore", DeprecationWarning)
                module = importlib.import_module(info.name)
        except ImportError:  # an optional extra's module (the web page's server)
            continue
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(value) or inspect.isclass(value):
                found.append((f"{module.__name__}.{name}", value))
            if inspect.isclass(value):
                for attribute, member in vars(value).items():
                    member = getattr(member, "__func__", member)
                    member = getattr(member, "fget", member)
                    if inspect.isfunction(member):
                        found.append((f"{module.__name__}.{name}.{attribute}", member))
    return found


def test_no_docstring_of_the_package_keeps_a_slot() -> None:
    documented = _documented()
    assert len(documented) > 500
    unfilled = [name for name, value in documented if _SLOT.search(value.__doc__ or "")]
    assert not unfilled, f"slots without @shared_docs in {unfilled}"
