"""Each package's docstring is the map of its folder: it names every module
and subpackage in it (a ``:mod:`.name``` reference, one line each), and every
module it names exists.  A module added without a line, or removed with its
line left, fails here.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from types import ModuleType

import pytest

import bipartite_game

#: ``:mod:`.name``` or ``:mod:`~.name```, relative to the package (one dot)
#: or above it (more dots), or absolute.
MOD_ROLE = re.compile(r":mod:`~?([\w.]+)`")


def _packages() -> list[str]:
    names = [bipartite_game.__name__]
    for info in pkgutil.walk_packages(bipartite_game.__path__, f"{bipartite_game.__name__}."):
        if info.ispkg:
            names.append(info.name)
    return sorted(names)


def _resolved(reference: str, package: str) -> str:
    """The absolute name of a ``:mod:`` reference written in ``package``."""
    if not reference.startswith("."):
        return reference
    return importlib.util.resolve_name(reference, package)


def _compiled(name: str) -> bool:
    """The C kernels' extension, which an install without a compiler lacks:
    the root's docstring names it in plain text (with :mod:`._native`)."""
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def _doc(package: str) -> str:
    module: ModuleType = importlib.import_module(package)
    assert module.__doc__, f"{package} has no docstring"
    return module.__doc__


PACKAGES = _packages()


def test_the_walk_finds_the_packages() -> None:
    assert {"bipartite_game", "bipartite_game.theory", "bipartite_game.theory.geography"} <= set(
        PACKAGES
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_docstring_names_each_of_its_modules(package: str) -> None:
    module = importlib.import_module(package)
    named = {_resolved(found, package) for found in MOD_ROLE.findall(_doc(package))}
    modules = {
        info.name
        for info in pkgutil.iter_modules(module.__path__, f"{package}.")
        if not _compiled(info.name)
    }
    missing = sorted(modules - named)
    assert not missing, f"{package}'s docstring does not name {missing}"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_docstring_names_no_module_that_does_not_exist(package: str) -> None:
    for found in MOD_ROLE.findall(_doc(package)):
        name = _resolved(found, package)
        assert importlib.util.find_spec(name) is not None, (
            f"{package}'s docstring names {found!r}: no module {name}"
        )
