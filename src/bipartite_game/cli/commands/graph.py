"""``bipartite-game graph``: who wins from each vertex of an edge list."""

from __future__ import annotations

from ..judge import CERTIFICATE, CERTIFICATE_HELP, JudgeCommand
from ..options import add_budget
from ..parser import Parser

__all__ = ["GraphCommand"]


class GraphCommand(JudgeCommand):
    """Geography on an edge list: the vertex or the edge rule, undirected or
    directed, who wins, the Grundy values, misère play."""

    problem = "graph"
    answer_options = (
        "start",
        "explain",
        "certificate",
        "rule",
        "directed",
        "nimbers",
        "misere",
        "budget",
        "seconds",
    )
    description = (
        "Read an edge list (one 'u v' pair a line, '#' comments, a lone label for an "
        "isolated vertex) and print 'LABEL first' or 'LABEL second' for each vertex in "
        "order of first appearance: who wins when the token starts there ('first': the "
        "mover, who moves first from the start; 'second': the other player, the placer)."
    )

    def add_options(self, parser: Parser) -> None:
        parser.add_argument(
            "--start", metavar="LABEL", help="print only 'first' or 'second' for this start"
        )
        parser.add_argument(
            "--explain",
            metavar="LABEL",
            help="print a short proof of who wins from LABEL instead of the answer",
        )
        parser.add_argument(CERTIFICATE, metavar="OUT.json", help=CERTIFICATE_HELP)
        parser.add_argument(
            "--rule",
            choices=("vertex", "edge"),
            default="vertex",
            help="vertex (default): the token may not revisit a vertex; edge: it may not "
            "reuse an edge, every line is its own edge (parallel edges count, a loop is a move)",
        )
        parser.add_argument(
            "--directed", action="store_true", help="read each line 'u v' as an arc u -> v"
        )
        parser.add_argument(
            "--nimbers",
            action="store_true",
            help="print each start's Grundy value ('LABEL VALUE') instead of who wins "
            "(vertex rule, undirected only; docs/nimbers.md)",
        )
        parser.add_argument(
            "--misere",
            action="store_true",
            help="misère play: the player who makes the last move loses (who cannot move "
            "wins); with --nimbers the misère Grundy values (vertex rule, undirected only; "
            "docs/sums.md)",
        )
        add_budget(parser, "--nimbers, --misere and the search of --rule edge and --directed")
