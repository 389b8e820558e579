"""The random families' names and parameters (no numpy: the command line
reads it to build its help)."""

from __future__ import annotations

__all__ = ["FAMILIES"]

#: Each family's parameters, in the order of its columns.
FAMILIES: dict[str, tuple[str, ...]] = {
    "er": ("c",),
    "bipartite-er": ("c",),
    "regular": ("d",),
    "maze": ("p",),
    "king": ("p",),
}
