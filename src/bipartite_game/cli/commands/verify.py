"""``bipartite-game verify``: check a certificate against its input.

The input is read by the same parsers as ``graph`` and ``maze`` (edge-list
text, or the maze judge format and its move graph); the certificate is
checked by :mod:`~bipartite_game.proofs.verify`, which never loads the solver.
The certificate's vertices are found in the input by name, in any order.
Exit status: 0 verified, 1 refused (one line: the claim that fails, the
vertex names that differ, or the move set the certificate was made for), 2
an input or certificate that cannot be read.
"""

from __future__ import annotations

import argparse
import signal
import warnings

from ..._command import stop_if_reader_leaves, write_stdout
from ..._input import read_input
from ...errors import BipartiteGameError, BipartiteGameWarning
from ..command import Command
from ..parser import Parser

__all__ = ["VerifyCommand"]


class VerifyCommand(Command):
    """``verify [--maze [--moves M]] FILE CERT``: a certificate's claims
    checked without the solver."""

    description = (
        "Read FILE (an edge list, or with --maze a maze) and CERT (a JSON certificate "
        "written by '--certificate') and check every claim: the matching is a maximum "
        "matching of this graph, each 'true' start is covered by every maximum matching "
        "and each 'false' one is missed by some. The check does not use the solver. "
        "The certificate's vertices are found in FILE by name, in any order. "
        "Print 'verified: N vertices, matching of size K', or one line naming the first "
        "claim that fails, the vertex names that differ, or the move set the certificate "
        "was made for."
    )
    epilog = (
        "Exit status: 0 verified, 1 refused (a claim fails, the names differ, another "
        "move set), 2 FILE or CERT cannot be read (or the verdict cannot be written), "
        "141 the verdict's reader went away. "
        "The format: docs/certificates.md."
    )

    def add_arguments(self, parser: Parser) -> None:
        parser.add_argument("--maze", action="store_true", help="FILE is a maze ('maze' format)")
        parser.add_argument(
            "--moves",
            default=None,
            metavar="MOVES",
            help=(
                "with --maze: the move set of the maze's graph (default rook), as given to "
                "'maze --moves'; a certificate made for another move set is refused, naming it"
            ),
        )
        parser.add_argument("file", metavar="FILE", help="the input ('-': standard input)")
        parser.add_argument(
            "certificate", metavar="CERT", help="the certificate ('-': standard input)"
        )

    def run(self, args: argparse.Namespace) -> int:
        """Check the certificate; print the verdict; 0 or 1 (2 by the
        command line's handling of :class:`BipartiteGameError`)."""
        from ...proofs.verify import verify

        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if args.moves is not None and not args.maze:
            raise BipartiteGameError("--moves needs --maze")
        if args.file == "-" and args.certificate == "-":
            raise BipartiteGameError("FILE and CERT cannot both be standard input")
        moves: str | None = None  # the maze's, checked against the one the certificate records
        with stop_if_reader_leaves():  # the reader gone: stop at once, status 141
            if args.maze:
                from ...graphs.boards import grid_board
                from ...problems.maze import cell_names, parse, size_limit

                text = read_input(args.file, size_limit)
                moves = args.moves or "rook"
                board = grid_board(parse(text).open, moves)
                graph = board.graph
                labels: list[str] | bytes = cell_names(board)
            else:
                from ...graphs.edgelist import parse_edge_list
                from ...graphs.graph import Graph

                text = read_input(args.file)
                edges = parse_edge_list(text)
                labels = edges.labels()
                graph = Graph.from_edges(edges.u, edges.v, edges.num_vertices, labels)
            certificate = read_input(args.certificate)
            try:
                verdict = verify(graph, certificate, labels=labels, moves=moves)
            except BipartiteGameError as error:
                if args.maze or not _is_maze(text):
                    raise
                raise BipartiteGameError(f"{error} ({_MAZE_HINT})") from None
        write_stdout(f"{verdict}\n")
        if not verdict.ok and not args.maze and _is_maze(text):
            warnings.warn(_MAZE_HINT, BipartiteGameWarning, stacklevel=1)
        return 0 if verdict.ok else 1


_MAZE_HINT = "FILE reads as a maze: give --maze to check a 'maze --certificate'"


def _is_maze(text: bytes) -> bool:
    """Does ``text`` read as a maze in the judge's format?  (Read as an edge
    list it makes another graph, and the certificate then fails.)"""
    from ...problems.maze import parse

    try:
        parse(text)
    except BipartiteGameError:
        return False
    return True
