"""``bipartite-game sum``: a sum of geography games, one token on each board."""

from __future__ import annotations

from ..judge import JudgeCommand
from ..options import add_budget, add_moves
from ..parser import Parser

__all__ = ["SumCommand"]


class SumCommand(JudgeCommand):
    """Who wins a sum of boards and a winning move, by the Sprague-Grundy
    theorem (or, under misère play, a search)."""

    problem = "sums"
    answer_options = ("moves", "misere", "budget", "seconds")
    description = (
        "Read several boards, each a block headed by a line '@graph PATH...' (then an "
        "edge list, as for 'graph'; the token starts on PATH's first label and has "
        "moved along the rest) or '@maze ROW COL [ROW COL]...' (then a maze, as for "
        "'maze'; the token on that cell, 1-based, then moved through the others). A "
        "turn moves one token of the mover's choice to an adjacent unvisited vertex of "
        "its board; who cannot move on any board loses. Print 'first' and a winning "
        "move 'COMPONENT VERTEX' (the block's number, 1-based, and the label or the "
        "cell 'ROW COL' to move to), or 'second'. Decided by the Sprague-Grundy "
        "theorem (docs/sums.md): exact on forests, searched within a budget elsewhere."
    )

    def add_options(self, parser: Parser) -> None:
        add_moves(parser, "the mazes' move set, as for 'maze' (default rook)")
        parser.add_argument(
            "--misere",
            action="store_true",
            help="misère play: who makes the last move loses; searched exhaustively within a "
            "budget (the Grundy values do not add under misère play)",
        )
        add_budget(parser, "the Grundy values (or the misère search)")
