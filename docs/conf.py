"""Sphinx configuration of the documentation site.

Build it with ``sphinx-build -W --keep-going -b html docs docs/_build/html``
(after ``pip install -e ".[docs]"``).  The pages are the Markdown files of
this folder, read by MyST as they are (the README is the home page); the API
reference is generated from the docstrings (autodoc, autosummary); each
command's page shows its ``--help`` as the installed command prints it
(``_ext/bipartite_game_docs.py``).  ``tests/test_docs.py`` runs every example
of the site and, in the slow tier, this build with warnings as errors.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "bipartite-game"
author = "bipartite-game developers"
copyright = "bipartite-game developers, MIT licence"


def _version() -> str:
    import bipartite_game

    return bipartite_game.__version__


release = version = _version()

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "bipartite_game_docs",
]

root_doc = "index"
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "**/.ipynb_checkpoints"]

# MyST: the Markdown pages as GitHub shows them; headings get anchors for the
# links between pages (`benchmarks.md#grundy-values-on-forests`).
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# The API reference: one page per public name, members included, in source
# order; numpy-style sections read by napoleon.
autosummary_generate = True
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# Type aliases written as their names, not as what they stand for: numpy's
# ArrayLike (a six-line union, ``_Buffer | _SupportsArray[dtype[Any]] |
# ...``), and the package's GraphLike and Vertex (``Any`` to a type checker,
# so without this every parameter taking a graph would read ``Any``).  A "~"
# shows the last part of the name; the extension makes these names show
# inside unions and lists too (``ArrayLike | None``, ``list[Vertex]``).
autodoc_type_aliases = {
    "npt.ArrayLike": "~numpy.typing.ArrayLike",
    "ArrayLike": "~numpy.typing.ArrayLike",
    "GraphLike": "~bipartite_game.graphs.graph.GraphLike",
    "Vertex": "~bipartite_game.graphs.graph.Vertex",
}
napoleon_google_docstring = False
napoleon_numpy_docstring = True
# "Attributes" sections as fields, not as entries that would repeat the
# properties autodoc documents (Solution.barrier)
napoleon_use_ivar = True
templates_path = ["_templates"]
add_module_names = False

html_theme = "furo"
html_title = f"bipartite-game {release}"
html_static_path: list[str] = []
