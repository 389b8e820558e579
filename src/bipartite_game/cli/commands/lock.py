"""``bipartite-game lock``: the combination lock, and locks of any shape."""

from __future__ import annotations

import argparse

from ..judge import JudgeCommand
from ..options import add_ring
from ..parser import Parser

__all__ = ["LockCommand"]


class LockCommand(JudgeCommand):
    """CCPC 2020 Changchun H: who wins each lock, rings of any size, with or
    without wrap-around."""

    problem = "lock"
    description = (
        "Read T (the number of cases), then per case 'm n t': m rings (digits per "
        "code), n forbidden codes, and t the starting code of m digits (leading zeros "
        "kept); then the n forbidden codes, one a line. The start counts as tried. "
        "Players alternately turn one ring one step; a tried or forbidden code loses. "
        "Print 'Alice' (the mover: she moves first) or 'Bob' per case."
    )

    def add_options(self, parser: Parser) -> None:
        add_ring(parser, "positions per ring, 2 to 10 (default 10: digits 0-9)")
        parser.add_argument(
            "--no-wrap",
            action="store_true",
            help="rings stop at both ends instead of turning from the last position to the first",
        )
        parser.add_argument(
            "--explain",
            action="store_true",
            help="after each case's winner, print a short proof from its start code",
        )

    def options(self, args: argparse.Namespace) -> dict[str, object]:
        return {"size": args.ring, "wrap": not args.no_wrap, "explain": args.explain}
