"""Public names imported on first use (PEP 562), for the package root and
``kit/``: ``import bipartite_game`` loads neither numpy nor the solver, and
``bipartite_game.proofs.verify`` stays free of the code it checks.

A package calls :func:`lazy_names` once, at its end, with where each public
name lives.  One rule more than PEP 562: a submodule named like one of the
package's functions (``decompose``, ``verify``, ``kit.stress``) never
replaces the function.  Python's import sets ``package.name = submodule``
when it loads one; an eager ``from .decompose import decompose`` used to win
that race, and lazily loaded names must win it too.  The submodules stay in
``sys.modules``.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import Any

__all__ = ["lazy_names"]

#: The attribute of a lazy package holding its ``{name: submodule}`` table.
_HOMES = "_HOMES"


class _Package(ModuleType):
    """A package whose submodules never replace its lazily loaded names."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__.get(_HOMES, ()) and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


def lazy_names(package: str, homes: dict[str, str]) -> None:
    """Make each name of ``homes`` an attribute of ``package`` imported from
    ``package.<homes[name]>`` on first use, then kept."""
    module = sys.modules[package]

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", package), name)
        module.__dict__[name] = value
        return value

    def __dir__() -> list[str]:
        """The public names only: ``__all__`` (or the names without an
        underscore), the lazy ones, and the public subpackages."""
        public = module.__dict__.get("__all__")
        if public is None:
            public = [name for name in module.__dict__ if not name.startswith("_")]
        loaded = [
            name
            for name, value in module.__dict__.items()
            if isinstance(value, ModuleType) and not name.startswith("_")
        ]
        return sorted(set(public) | set(homes) | set(loaded))

    module.__dict__.update({_HOMES: homes, "__getattr__": __getattr__, "__dir__": __dir__})
    module.__class__ = _Package
