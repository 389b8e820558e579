"""The public docstrings follow numpydoc: every name of ``bipartite_game.__all__``
and every public name of the modules the API reference documents
(``docs/api/*.md``) says what it takes (Parameters, one ``name : type`` line
per parameter of the signature, in its order; a class's are its
constructor's), what it gives (Returns, or Yields for a generator)
and shows itself at work (Examples), and so do the public methods of the
classes among them.  Read with numpydoc's own parser
(``numpydoc.docscrape``, an unknown section an error); that the examples
hold is ``test_docs.py``'s check (``doctest`` over the same modules).
"""

from __future__ import annotations

import importlib
import inspect
import re
import warnings
from collections.abc import Callable
from typing import Any

import pytest
from numpydoc.docscrape import NumpyDocString, get_doc_object
from numpydoc.validate import validate

import bipartite_game
from tests.support.paths import ROOT

DOCS = ROOT / "docs"

#: numpydoc's own checks (``numpydoc.validate``) that every docstring here
#: passes: the layout (GL: no unknown section, sections in order, no stray
#: blank lines), the parameters (PR: each documented, none unknown, in
#: order, typed and described, ``name : type``), the returns and yields (RT,
#: YD), See Also entries described (SA02, SA04) and an Examples section
#: (EX01).  Left out: the summary's form (SS: one line, an imperative
#: verb), which the house style does not follow, and See Also everywhere.
NUMPYDOC_CHECKS = frozenset(
    {"GL01", "GL02", "GL03", "GL05", "GL06", "GL07", "GL09", "GL10"}
    | {"PR01", "PR02", "PR03", "PR04", "PR05", "PR06", "PR07", "PR10"}
    | {"RT01", "RT03", "YD01", "SA02", "SA04", "EX01"}
)


def _documented_modules() -> list[str]:
    """The modules of the API reference's module pages, in page order."""
    found: list[str] = []
    for page in sorted((DOCS / "api").glob("*.md")):
        found += re.findall(r"^\.\. automodule:: (\S+)", page.read_text(), re.MULTILINE)
    return found


def _public_names(module: Any) -> list[str]:
    """A module's public names as autodoc shows them: its ``__all__``, or the
    classes and functions it defines under names without ``_``."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(value) or inspect.isfunction(value))
        and value.__module__ == module.__name__
    ]


def _top_level() -> dict[str, Any]:
    """Every documented class and function, by the name the docs give it."""
    names = {
        f"bipartite_game.{name}": getattr(bipartite_game, name) for name in bipartite_game.__all__
    }
    for module_name in _documented_modules():
        module = importlib.import_module(module_name)
        for name in _public_names(module):
            names[f"{module_name}.{name}"] = getattr(module, name)
    found: dict[str, Any] = {}
    seen: set[int] = set()
    for name, value in names.items():
        if (inspect.isclass(value) or inspect.isfunction(value)) and id(value) not in seen:
            seen.add(id(value))
            found[name] = value
    return found


def _methods() -> dict[str, Callable[..., Any]]:
    """The public methods (plain, class and static) the documented classes
    define themselves; properties are attributes, documented as such."""
    found: dict[str, Callable[..., Any]] = {}
    for name, value in _top_level().items():
        if not inspect.isclass(value):
            continue
        for attribute, member in vars(value).items():
            if attribute.startswith("_"):
                continue
            if isinstance(member, classmethod | staticmethod):
                found[f"{name}.{attribute}"] = member.__func__
            elif inspect.isfunction(member):
                found[f"{name}.{attribute}"] = member
    return found


TOP_LEVEL = _top_level()
METHODS = _methods()


def _parsed(value: Any) -> NumpyDocString:
    doc = inspect.getdoc(value)
    assert doc, "no docstring"
    with warnings.catch_warnings():
        # numpydoc warns of an unknown section and goes on: make it fail
        warnings.simplefilter("error")
        return NumpyDocString(doc)


def _parameters(value: Any) -> list[str]:
    """The parameters a caller passes, as numpydoc names them (``*args``)."""
    if isinstance(value, type) and issubclass(value, BaseException):
        if "__init__" not in vars(value):
            return []  # the exception's message, as every exception takes it
        value = value.__init__
    signature = inspect.signature(value)
    names = []
    for index, parameter in enumerate(signature.parameters.values()):
        if index == 0 and parameter.name in ("self", "cls") and not inspect.isclass(value):
            continue
        if parameter.kind is parameter.VAR_POSITIONAL:
            names.append(f"*{parameter.name}")
        elif parameter.kind is parameter.VAR_KEYWORD:
            names.append(f"**{parameter.name}")
        else:
            names.append(parameter.name)
    return names


def _gives(value: Any) -> str | None:
    """ "Returns", "Yields" or None (a class, or a function returning None)."""
    if inspect.isclass(value):
        return None
    annotation = inspect.signature(value).return_annotation
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    if text in ("None", "NoReturn") or annotation is None:
        return None
    if inspect.isgeneratorfunction(value):
        return "Yields"
    return "Returns"


def _names(entries: list[Any]) -> list[str]:
    """The names of a section's entries; numpydoc's ``x, y : int`` names two."""
    return [part.strip() for entry in entries for part in entry.name.split(",")]


def _check_signature_sections(value: Any) -> None:
    doc = _parsed(value)
    wanted = _parameters(value)
    documented = _names(doc["Parameters"])
    assert documented == wanted, f"Parameters section names {documented}, signature {wanted}"
    for entry in doc["Parameters"]:
        assert entry.type, f"parameter {entry.name!r} has no type"
        assert entry.desc, f"parameter {entry.name!r} has no description"
    gives = _gives(value)
    if gives is None:
        return
    assert doc[gives], f"no {gives} section"
    for entry in doc[gives]:
        assert entry.type or entry.name, f"a {gives} entry with no type"
        assert entry.desc, f"a {gives} entry with no description"


@pytest.mark.parametrize("name", sorted(TOP_LEVEL))
def test_names_say_what_they_take_and_give(name: str) -> None:
    _check_signature_sections(TOP_LEVEL[name])


@pytest.mark.parametrize("name", sorted(TOP_LEVEL) + sorted(METHODS))
def test_names_and_methods_show_an_example(name: str) -> None:
    examples = "\n".join(_parsed({**TOP_LEVEL, **METHODS}[name])["Examples"])
    assert ">>> " in examples, "no Examples section with a >>> example"


@pytest.mark.parametrize("name", sorted(METHODS))
def test_methods_say_what_they_take_and_give(name: str) -> None:
    _check_signature_sections(METHODS[name])


@pytest.mark.parametrize("name", sorted(TOP_LEVEL) + sorted(METHODS))
def test_numpydoc_validation_passes(name: str) -> None:
    found = validate(get_doc_object({**TOP_LEVEL, **METHODS}[name]))["errors"]
    failed = [f"{code} {message}" for code, message in found if code in NUMPYDOC_CHECKS]
    assert not failed, failed


def test_the_reference_has_many_names() -> None:
    """The walk above finds what the reference shows (guards the walk)."""
    assert {"bipartite_game.solve", "bipartite_game.Graph"} <= set(TOP_LEVEL)
    assert "bipartite_game.Graph.from_edges" in METHODS
    assert "bipartite_game.theory.nimbers.grundy_values" in TOP_LEVEL
    assert "bipartite_game.kit.stress" in TOP_LEVEL
    assert len(TOP_LEVEL) > 60 and len(METHODS) > 60
