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

Renamed public names stay importable under their old name for two minor
releases (:func:`renamed_names`, or ``renamed=`` of :func:`lazy_names`): the
old name gives the new object with a :class:`DeprecationWarning` naming the
new one, at every use, as networkx does.
"""

from __future__ import annotations

import sys
import warnings
from importlib import import_module
from types import ModuleType
from typing import Any

__all__ = ["lazy_names", "renamed_names"]

#: When the old names of the names renamed after 0.1.0 go: they stay
#: through two minor releases, 0.2 and 0.3.
RENAMED_UNTIL = "0.4"

#: The attribute of a lazy package holding its ``{name: submodule}`` table.
_HOMES = "_HOMES"


class _Package(ModuleType):
    """A package whose submodules never replace its lazily loaded names."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__.get(_HOMES, ()) and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


def _renamed(package: str, old: str, new: str) -> None:
    warnings.warn(
        f"{package}.{old} is deprecated and will be removed in {RENAMED_UNTIL}: "
        f"it is now {package}.{new}",
        DeprecationWarning,
        stacklevel=3,  # the line that named it
    )


def renamed_names(module: str, renamed: dict[str, str]) -> None:
    """Let ``module`` answer each old name of ``renamed`` (old → new) with
    its new name's object and a :class:`DeprecationWarning` (PEP 562).  Call
    once, at the module's end; the old names stay out of ``__all__``."""
    namespace = sys.modules[module].__dict__

    def __getattr__(name: str) -> Any:
        new = renamed.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        _renamed(module, name, new)
        return namespace[new]

    namespace["__getattr__"] = __getattr__


def lazy_names(
    package: str, homes: dict[str, str], *, renamed: dict[str, str] | None = None
) -> None:
    """Make each name of ``homes`` an attribute of ``package`` imported from
    ``package.<homes[name]>`` on first use, then kept; each old name of
    ``renamed`` (old → new, a name of ``homes``) gives the new one's object
    with a :class:`DeprecationWarning` at every use, and is never kept."""
    module = sys.modules[package]
    renamed = renamed or {}

    def __getattr__(name: str) -> Any:
        if name in renamed:
            _renamed(package, name, renamed[name])
            return getattr(module, renamed[name])
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
