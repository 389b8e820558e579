"""The version of the installed distribution, read from its metadata
(:mod:`importlib.metadata`) the first time ``bipartite_game.__version__`` is
asked for, never when the package is imported: a command-line run does not
pay for reading the metadata."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["__version__"]

try:
    __version__ = version("bipartite-game")
except PackageNotFoundError:  # the sources on sys.path, never installed
    __version__ = "0+unknown"
