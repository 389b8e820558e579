"""``bipartite-game edges``: each edge's class among the maximum matchings."""

from __future__ import annotations

from ..judge import JudgeCommand

__all__ = ["EdgesCommand"]


class EdgesCommand(JudgeCommand):
    """The edges of an edge list in every, some or no maximum matching."""

    problem = "edges"
    description = (
        "Read an edge list (as for 'graph') and print each distinct edge once, in order "
        "of first appearance, as 'U V CLASS': CLASS is 'every' (in every maximum "
        "matching), 'some' (in some but not all) or 'none' (in none)."
    )


COMMAND = EdgesCommand
