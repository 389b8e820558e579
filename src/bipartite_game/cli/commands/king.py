"""``bipartite-game king``: Google Code Jam's "King"."""

from __future__ import annotations

from ..judge import JudgeCommand
from ..parser import Parser

__all__ = ["KingCommand"]


class KingCommand(JudgeCommand):
    """A king's moves on boards with burned squares (not bipartite): who wins
    each case."""

    problem = "king"
    answer_options = ("explain",)
    description = (
        "Read T, then per case 'R C' and R rows of '.', '#' (burned) and one 'K'. "
        "Print 'Case #X: A' if A (the mover: A moves first) wins, else 'Case #X: B'."
    )

    def add_options(self, parser: Parser) -> None:
        parser.add_argument(
            "--explain",
            action="store_true",
            help="after each case's answer, print a short proof from the king's square (row col)",
        )
