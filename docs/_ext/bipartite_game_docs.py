"""Two directives of the documentation site.

``command-help``: the ``--help`` of a command, as ``bipartite-game WORDS
--help`` prints it at 80 columns: formatted from the command's own parser,
built through the command line's registry
(:data:`bipartite_game.cli.commands.COMMANDS`), so a command's page never
drifts from its parser, and a page naming a command that is not registered
fails the build.  In a translated build, its sentences follow it as text to
translate (``bipartite_game_i18n``).  The page depends on the package's
Python files (:func:`package_sources`), so an incremental build (and the
gettext builder of ``docs/i18n.py update``) reads it again when a help text
changes, not only when the page does.

Links from a page to a Markdown file outside the site (``docs/benchmarks.md``
to ``../benchmarks/README.md``, right on GitHub) become download links to
that file instead of broken links between pages.

``picture``: the SVG picture (``_repr_svg_``) of a Python expression over
``from bipartite_game import *``, embedded in the page as the notebook shows
it, so the pictures of the tutorial are drawn by the code they document.

Type aliases by name inside other types: ``conf.autodoc_type_aliases`` names
``ArrayLike``, ``GraphLike`` and ``Vertex``, but Sphinx 9 writes an alias
nested in a union or a generic (``ArrayLike | None``, ``list[Vertex]``) as
``TypeAliasForwardRef('numpy.typing.ArrayLike')``: its placeholder's repr
(Sphinx issue 14003).  :func:`_alias_names_nested` makes that repr the name.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path
from typing import Any

from bipartite_game_i18n import help_summary
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: The width the help is formatted for (argparse reads COLUMNS).
COLUMNS = "80"


def command_help(words: list[str]) -> str:
    """``bipartite-game WORDS --help``, as printed at :data:`COLUMNS` columns.

    Raises ``ValueError`` for words that name no registered command."""
    from bipartite_game.cli.commands import COMMANDS
    from bipartite_game.cli.main import build_parser, command_parser

    if words and words[0] not in COMMANDS:
        raise ValueError(f"no command {words[0]!r}: one of {', '.join(COMMANDS)}")
    try:
        parser = command_parser(words) if words else build_parser()
    except KeyError as error:
        raise ValueError(f"{' '.join(words)}: no subcommand {error}") from None
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS  # argparse's formatter reads the width from it
    try:
        return parser.format_help()
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous


@functools.cache
def package_sources() -> tuple[Path, ...]:
    """The Python files of the package ``command_help`` runs (the same
    interpreter and environment find the same one): the help is made from
    them."""
    spec = importlib.util.find_spec("bipartite_game")
    if spec is None or not spec.submodule_search_locations:
        return ()
    return tuple(
        sorted(p for folder in spec.submodule_search_locations for p in Path(folder).rglob("*.py"))
    )


class CommandHelp(SphinxDirective):
    """``.. command-help:: maze`` (or ``play maze``, or nothing for the
    command itself): a literal block."""

    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        words = self.arguments[0].split() if self.arguments else []
        try:
            text = command_help(words)
        except ValueError as error:
            raise self.error(f"command-help: {error}") from None
        for source_file in package_sources():
            self.env.note_dependency(source_file)
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        source, line = self.get_source_info()
        return [block, *help_summary(text, source, line)]


class Picture(SphinxDirective):
    """A directive whose content is Python: statements, then an expression
    on the last line whose ``_repr_svg_()`` is embedded as raw HTML."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lines = list(self.content)
        if not lines:
            raise self.error("picture: give Python code, the last line an expression")
        namespace: dict[str, Any] = {}
        exec("from bipartite_game import *", namespace)
        try:
            exec("\n".join(lines[:-1]), namespace)
            shown = eval(lines[-1], namespace)
            svg = shown._repr_svg_()
        except Exception as error:  # a broken example must fail the build, named
            raise self.error(f"picture: {type(error).__name__}: {error}") from None
        return [nodes.raw("", f'<div class="bipartite-game-picture">{svg}</div>', format="html")]


def _outside_links(app: Sphinx, doctree: nodes.document) -> None:
    """A MyST link to a ``.md`` file outside the site, as a download link
    (before Sphinx collects the downloads)."""
    env = app.env
    for node in list(doctree.findall(addnodes.pending_xref)):
        if node.get("reftype") != "myst" or node.get("refdomain") != "doc":
            continue
        target = str(node["reftarget"])
        if target in env.found_docs:
            continue
        source = Path(target + ".md")
        if not (source.is_absolute() and source.is_file()):
            continue
        here = Path(env.doc2path(env.docname)).parent
        link = addnodes.download_reference(
            refdomain=None,
            reftarget=os.path.relpath(source, here),
            refdoc=env.docname,
            reftype="myst",
            refexplicit=True,
        )
        link += node.children
        node.replace_self(link)


def _alias_names_nested() -> None:
    """Write an aliased type nested in another as its name (the placeholder
    a name of ``autodoc_type_aliases`` is evaluated to is written by its
    repr there; Sphinx issue 14003).  Nothing to do where the placeholder
    is gone or writes its name already."""
    from sphinx.util import inspect as sphinx_inspect

    placeholder = getattr(sphinx_inspect, "TypeAliasForwardRef", None)
    if placeholder is not None and repr(placeholder("x")) != "x":
        placeholder.__repr__ = lambda self: str(self.name)


def setup(app: Sphinx) -> dict[str, Any]:
    _alias_names_nested()
    app.connect("doctree-read", _outside_links, priority=100)
    app.add_directive("command-help", CommandHelp)
    app.add_directive("picture", Picture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
