"""``bipartite-game edges``: each edge's class among the maximum matchings."""

from __future__ import annotations

import argparse

from ..judge import JudgeCommand
from ..options import add_edge_budget
from ..parser import Parser

__all__ = ["EdgesCommand"]


class EdgesCommand(JudgeCommand):
    """The edges of an edge list in every, some or no maximum matching."""

    problem = "edges"
    description = (
        "Read an edge list (as for 'graph') and print each distinct edge once, in order "
        "of first appearance, as 'U V CLASS': CLASS is 'every' (in every maximum "
        "matching), 'some' (in some but not all) or 'none' (in none)."
    )

    def add_options(self, parser: Parser) -> None:
        add_edge_budget(parser)

    def options(self, args: argparse.Namespace) -> dict[str, object]:
        return {} if args.budget is None else {"budget": args.budget}
