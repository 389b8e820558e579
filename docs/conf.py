"""Sphinx configuration of the documentation site.

Build it with ``sphinx-build -W --keep-going -b html docs docs/_build/html``
(after ``pip install -e ".[docs]"``).  The pages are the Markdown files of
this folder, read by MyST as they are (the README is the home page); the API
reference is generated from the docstrings (autodoc, autosummary); each
command's page shows its ``--help`` as the installed command prints it
(``_ext/bipartite_game_docs.py``).  ``tests/docs/test_site.py`` runs every example
of the site and, in the slow tier, this build with warnings as errors.

The site is also built in Simplified Chinese from the same pages and the
catalogs of ``locale/`` (``python docs/i18n.py build`` builds both languages,
``python docs/i18n.py update`` brings the catalogs up to date with the
English; ``translating.md`` tells how).
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
    "bipartite_game_i18n",
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
html_static_path = ["_static"]
html_css_files = ["i18n.css"]
# furo's sidebar with the language switch under the search box
# (_templates/sidebar/language.html; the links: bipartite_game_i18n)
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "sidebar/language.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/ethical-ads.html",
        "sidebar/scroll-end.html",
        "sidebar/variant-selector.html",
    ]
}

# Translations (gettext): English is the source; `-D language=zh_CN` builds
# the site in Simplified Chinese from locale/zh_CN/LC_MESSAGES, one catalog
# per page (gettext_compact off), without the source line numbers (a line
# added above a message would otherwise change every catalog below it).
# Literal blocks are not extracted (gettext_additional_targets stays
# empty): code, commands and their output are the program's and stay
# byte for byte as they are in every language.
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_location = False
gettext_uuid = False
gettext_additional_targets: list[str] = []
