"""``bipartite-game maze``: the JSOI2009 maze game."""

from __future__ import annotations

from ..judge import CERTIFICATE, CERTIFICATE_HELP, JudgeCommand
from ..options import add_moves
from ..parser import Parser

__all__ = ["MazeCommand"]


class MazeCommand(JudgeCommand):
    """The maze game (BZOJ 1443, Luogu P4055): the cells where the placer
    wins, with any move set."""

    problem = "maze"
    answer_options = ("moves", "explain", "certificate")
    description = (
        "Read 'N M' and N rows of '.' (open) and '#' (wall). The placer (the judge's "
        "AA) puts the token on an open cell; then the mover (YY) and the placer "
        "alternately move it to an adjacent unvisited open cell; who cannot move loses. "
        "Print WIN and every start cell (row col, 1-based) from which the placer wins, "
        "or LOSE if there is none."
    )

    def add_options(self, parser: Parser) -> None:
        add_moves(
            parser, "move set: rook (4 neighbours, default), king, knight, or R,C for any leaper"
        )
        parser.add_argument(
            "--explain",
            metavar="ROW,COL",
            help="print a short proof of who wins with the token placed on this cell (1-based)",
        )
        parser.add_argument(CERTIFICATE, metavar="OUT.json", help=CERTIFICATE_HELP)
