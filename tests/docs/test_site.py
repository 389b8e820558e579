"""The documentation site (docs/, Sphinx): every example in it runs, the API
reference lists every public name, every command has its page, and (slow
tier) the site builds with warnings as errors.

The examples of a page, in order:

- ``>>>`` examples (```` ```pycon ```` blocks, indented blocks): one doctest
  session per page;
- ```` ```python ```` blocks: run in one namespace per page;
- ```` ```console ```` blocks: each ``$ command`` run by the shell in a scratch
  folder holding ``examples/``, its output compared with the lines below it
  (a block after ``<!-- not run: WHY -->`` is skipped, and WHY must say why);
- ```` ```{picture} ```` blocks: the code run and its ``_repr_svg_()`` parsed.

```` ```sh ```` and ```` ```text ```` blocks are not examples: installs and synopses
(the README's quick start is run as written by ``.ci/run``) and file contents.
"""

from __future__ import annotations

import doctest
import html
import importlib
import importlib.util
import inspect
import io
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bipartite_game
from tests.support.paths import ROOT
from tests.support.strategies import tiered

DOCS = ROOT / "docs"
#: The pages of the site: docs/ and its folders, and the README (the home
#: page includes it).
PAGES = sorted(
    [ROOT / "README.md"]
    + [p for p in DOCS.rglob("*.md") if "_build" not in p.parts and "generated" not in p.parts]
)
FENCE = re.compile(r"^(`{3,})([^\n`]*)\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
NOT_RUN = re.compile(r"<!-- not run: (.+?) -->\s*$")


def _blocks(page: Path, language: str) -> list[str]:
    """The fenced blocks of ``language`` in ``page``, in order, except those
    marked ``<!-- not run: WHY -->`` on the line before."""
    text = page.read_text()
    found = []
    for match in FENCE.finditer(text):
        if match.group(2).strip() != language:
            continue
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if NOT_RUN.search(before):
            continue
        found.append(match.group(3))
    return found


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_pycon_examples_of_the_page_hold(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``>>>`` example of the page, fenced (``pycon``) or indented, in
    order, as one doctest session (a fenced block ends its last output with
    a blank line)."""
    text = page.read_text()
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = parser.get_doctest(text, {}, _name(page), str(page), 0)
    assert len(test.examples) >= text.count("\n>>> ") + text.count("\n    >>> ")
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_python_examples_of_the_page_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = _blocks(page, "python")
    monkeypatch.chdir(ROOT)
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for block in blocks:
        exec(compile(block, _name(page), "exec"), namespace)


def _sessions(block: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` for every ``$ `` line of a block."""
    sessions: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            sessions.append((line[2:], []))
        elif sessions:
            sessions[-1][1].append(line)
    return [(command, "\n".join(lines).rstrip()) for command, lines in sessions]


CONSOLE_PAGES = [p for p in PAGES if _blocks(p, "console")]


@pytest.mark.parametrize("page", tiered(CONSOLE_PAGES), ids=_name)
def test_console_examples_of_the_page_print_what_they_show(page: Path, tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = dict(os.environ, COLUMNS="80")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    for block in _blocks(page, "console"):
        for command, expected in _sessions(block):
            done = subprocess.run(
                ["bash", "-c", command],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            shown = (done.stdout + done.stderr).rstrip()
            assert [line.rstrip() for line in shown.splitlines()] == [
                line.rstrip() for line in expected.splitlines()
            ], f"{_name(page)}: $ {command}"


def test_pictures_of_the_site_are_drawn() -> None:
    count = 0
    for page in PAGES:
        for block in _blocks(page, "{picture}"):
            lines = block.strip().splitlines()
            namespace: dict[str, Any] = {}
            exec("from bipartite_game import *", namespace)
            exec("\n".join(lines[:-1]), namespace)
            svg = eval(lines[-1], namespace)._repr_svg_()
            assert ET.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"
            count += 1
    assert count >= 4


def _reference_names() -> list[str]:
    """The names listed by the autosummary tables of docs/api/index.md."""
    text = (DOCS / "api" / "index.md").read_text()
    names = []
    for block in _blocks(DOCS / "api" / "index.md", "{eval-rst}"):
        if ".. autosummary::" in block:
            names += [
                line.strip()
                for line in block.splitlines()
                if line.startswith("   ") and line.strip() and not line.strip().startswith(":")
            ]
    assert names, text
    return names


def test_the_api_reference_lists_every_public_name_once() -> None:
    names = _reference_names()
    assert len(names) == len(set(names))
    public = set(bipartite_game.__all__) - {"__version__"}
    assert set(names) == public


def _reference_modules() -> list[ModuleType]:
    """The modules whose docstrings the reference shows: the home of each
    public name, and each module page under docs/api/."""
    modules = {inspect.getmodule(getattr(bipartite_game, name)) for name in _reference_names()}
    for page in (DOCS / "api").glob("*.md"):
        for block in _blocks(page, "{eval-rst}"):
            for found in re.findall(r"\.\. automodule:: (\S+)", block):
                modules.add(importlib.import_module(found))
                modules.update(
                    inspect.getmodule(getattr(importlib.import_module(found), name))
                    for name in getattr(importlib.import_module(found), "__all__", [])
                )
    return sorted((m for m in modules if m is not None), key=lambda m: m.__name__)


#: A top-level import in an example (``import scipy.sparse``, ``from x import y``).
IMPORTED = re.compile(r"^\s*(?:import|from)\s+(\w+)", re.MULTILINE)


def _needs_absent_module(test: doctest.DocTest) -> bool:
    """Does an example of ``test`` import a package that is not installed
    (an optional peer such as scipy, which the test extra leaves out)?"""
    names = {m for example in test.examples for m in IMPORTED.findall(example.source)}
    return any(importlib.util.find_spec(name) is None for name in names)


def test_docstring_examples_of_the_reference_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every docstring example of the modules the reference shows runs; a
    docstring whose examples import an optional package that is not
    installed is left out (it runs where the package is)."""
    monkeypatch.chdir(ROOT)
    modules = _reference_modules()
    assert len(modules) >= 10
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for module in modules:
        for test in finder.find(module):
            if _needs_absent_module(test):
                continue
            report = io.StringIO()
            result = runner.run(test, out=report.write)
            assert result.failed == 0, f"{test.name}:\n{report.getvalue()}"
            tried += result.attempted
    assert tried > 0


def _commands() -> dict[str, list[str]]:
    """Every command of the registry and the names of its own subcommands."""
    from bipartite_game.cli.commands import COMMANDS
    from bipartite_game.cli.main import command_parser

    return {name: list(command_parser([name]).subcommands) for name in COMMANDS}


def test_every_command_has_a_page_with_its_help() -> None:
    commands = _commands()
    assert {"graph", "maze", "verify", "gen", "stress", "play"} <= set(commands)
    index = (DOCS / "commands" / "index.md").read_text()
    for name, nested in commands.items():
        page = DOCS / "commands" / f"{name}.md"
        assert page.is_file(), name
        helps = {b.strip() for b in re.findall(r"```\{command-help\}([^\n]*)", page.read_text())}
        assert name in helps
        assert {f"{name} {child}" for child in nested} <= helps
        assert re.search(rf"^{name}$", index, re.MULTILINE), name


def _sphinx_missing() -> str | None:
    for module in ("sphinx", "furo", "myst_parser"):
        try:
            importlib.import_module(module)
        except ImportError:
            return module
    return None


def _needs_sphinx() -> None:
    missing = _sphinx_missing()
    if missing is not None:
        if os.environ.get("BIPARTITE_GAME_DOCS_TESTS") == "required":
            pytest.fail(f"{missing} is not installed: pip install -e '.[docs]'")
        pytest.skip(f"{missing} is not installed (the docs extra)")


#: Objects whose signatures hold the type aliases in every position: alone,
#: in a union (``ArrayLike | None``), in a list, in overloads.
_ALIASED = """\
.. autoclass:: bipartite_game.Graph
.. autofunction:: bipartite_game.matching_size
.. autofunction:: bipartite_game.maximum_matching
.. autofunction:: bipartite_game.solve_geography
.. autofunction:: bipartite_game.theory.nimbers.grundy_values
.. autofunction:: bipartite_game.theory.nimbers.grundy_value
.. autofunction:: bipartite_game.solve
.. autofunction:: bipartite_game.decompose
.. autofunction:: bipartite_game.certify
.. autoclass:: bipartite_game.Position
.. autoclass:: bipartite_game.Engine
.. autoclass:: bipartite_game.Decomposition
.. autoclass:: bipartite_game.Verdict
.. autoclass:: bipartite_game.Outcome
"""

#: A parameter that takes a graph, typed ``Any`` in a signature.
_GRAPH_AS_ANY = re.compile(r"\b(graph|graph_or_u|solution|u): [^,)=]*\bAny\b")


@pytest.fixture(scope="module")
def api_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The objects of ``_ALIASED`` built by the site's own configuration
    (docs/conf.py, its extension and type aliases) with the text builder:
    a few seconds, where the whole site takes a minute or two."""
    _needs_sphinx()
    place = tmp_path_factory.mktemp("api")
    source = place / "source"
    source.mkdir()
    (source / "index.rst").write_text(f"API\n===\n\n{_ALIASED}")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "text", "-c", DOCS, source, place / "out"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return (place / "out" / "index.txt").read_text()


def test_signatures_name_the_type_aliases_wherever_they_stand(api_text: str) -> None:
    """Sphinx 9 wrote an alias inside a union as its placeholder
    (``TypeAliasForwardRef('numpy.typing.ArrayLike') | None``), an overload's
    ``ArrayLike`` as its six-line union, and a graph parameter as ``Any``."""
    text = api_text
    assert "TypeAliasForwardRef" not in text
    assert "_SupportsArray" not in text and "_NestedSequence" not in text
    assert _GRAPH_AS_ANY.search(text) is None, _GRAPH_AS_ANY.search(text)
    for shown in (
        "*, side: ArrayLike | None = None)",
        "matching_size(mate: ArrayLike | Mapping[Hashable, Hashable]) -> int",
        "maximum_matching(graph: GraphLike, *, initial: ArrayLike | None = None)",
        "solve_geography(u: ArrayLike | GraphLike, v: ArrayLike | None = None,",
        "grundy_values(graph_or_u: GraphLike | ArrayLike, v: ArrayLike | None = None,",
        "visited: Iterable[Hashable] | ArrayLike = ()",
        "solve(graph: GraphLike) -> Solution",
        "decompose(graph: GraphLike | Solution, *, budget: int | None = DEFAULT_BUDGET) "
        "-> Decomposition",
        "certify(solution: Solution | GraphLike) -> Certificate",
        "class Position(graph: GraphLike, start: Hashable,",
        "class Engine(graph: GraphLike)",
        "neighbors(v: Hashable) -> list[Vertex]",
        "move(position: Position) -> Vertex | None",
        "without(vertices: object) -> Graph",
        "without_ids(ids: ArrayLike) -> Graph",
    ):
        assert shown in text, shown


def test_verdict_and_outcome_describe_their_fields(api_text: str) -> None:
    fields = re.findall(r"\* \*\*(\w+)\*\* \(\*(\w+)\*\) -- (\S+)", api_text)
    described = {name: kind for name, kind, _ in fields}
    for name, kind in {"ok": "bool", "message": "str", "winner": "str", "moves": "int"}.items():
        assert described.get(name) == kind, (name, fields)


@pytest.mark.slow
def test_the_site_builds_without_a_warning(tmp_path: Path) -> None:
    """The README's command, into a scratch folder: a warning fails it."""
    _needs_sphinx()
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (out / "index.html").is_file()
    for page in ("tutorial", "theory", "api/index", "commands/maze", "kit", "geography"):
        assert (out / f"{page}.html").is_file(), page
    reference = (out / "api" / "generated" / "bipartite_game.Graph.html").read_text()
    assert "from_edges" in reference
    assert "check_intact" in reference  # inherited from the frozen-array mixin
    maze = (out / "commands" / "maze.html").read_text()
    assert "usage: bipartite-game maze" in maze
    tutorial = (out / "tutorial.html").read_text()
    assert tutorial.count('class="bipartite-game-picture"') == 4
    _check_reference_types(out / "api")
    shutil.rmtree(out)


def _check_reference_types(api: Path) -> None:
    """Every signature of the built reference names its types (no alias
    placeholder, no expanded ArrayLike, no graph parameter typed ``Any``);
    no docstring's first line was read as ``type: description`` (napoleon
    reads an attribute's first line so when it holds a colon); the type
    aliases have their entries."""
    pages = {page: page.read_text() for page in api.rglob("*.html")}
    assert len(pages) > 30
    for page, text in pages.items():
        words = html.unescape(re.sub(r"<[^>]+>", "", text))
        assert "TypeAliasForwardRef" not in words, page
        assert "_SupportsArray" not in words, page
        assert _GRAPH_AS_ANY.search(words) is None, (page, _GRAPH_AS_ANY.search(words))
        assert ">Type<" not in text, page
    index = html.unescape(re.sub(r"<[^>]+>", "", pages[api / "index.html"]))
    assert "GraphLike" in index and "Vertex" in index
