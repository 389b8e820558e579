"""``bipartite-game annotate``: a verdict for every move of a played game."""

from __future__ import annotations

import argparse
import signal

from ..._command import stop_if_reader_leaves, write_stdout
from ..._input import read_input
from ...errors import BipartiteGameError
from ..command import Command
from ..options import add_moves
from ..parser import Parser

__all__ = ["AnnotateCommand"]

#: ``annotate``'s games, each with its help line, its description and the
#: board it reads before the record (the argument's name, metavar and help).
_GAMES = (
    (
        "maze",
        "a maze game; the record's lines are cells 'row col' (1-based)",
        "Annotate a record of the maze game: one cell 'row col' (1-based) a line.",
        ("maze", "MAZE", "the maze ('maze' input format)"),
    ),
    (
        "graph",
        "a game on an edge list; the record's lines are vertex labels",
        "Annotate a record of vertex geography on an edge list: one label a line.",
        ("edges", "EDGES", "the edge list ('graph' input format)"),
    ),
)


class AnnotateCommand(Command):
    """``annotate maze`` and ``annotate graph``: each line of a game record
    with ``good``, ``mistake`` or ``lost``."""

    description = (
        "Read a game record, one move a line (the first is where the token was placed), "
        "and print each line with its verdict: 'good' (the player could force a win and "
        "still can), 'mistake' (could, and cannot any more) or 'lost' (could not)."
    )

    def add_arguments(self, parser: Parser) -> None:
        games = parser.add_subcommands(dest="board", metavar="GAME")
        for name, summary, description, (board, metavar, what) in _GAMES:
            game = games.add_parser(name, help=summary, description=description)
            game.add_argument(board, metavar=metavar, help=what)
            game.add_argument("record", metavar="RECORD", help="the record ('-': standard input)")
            if name == "maze":
                add_moves(game, "move set, as for 'maze' (default rook)")

    def run(self, args: argparse.Namespace) -> int:
        """Every record line with its verdict."""
        from ...problems.annotate import answer_graph, answer_maze

        signal.signal(signal.SIGINT, signal.SIG_DFL)
        board_file = args.maze if args.board == "maze" else args.edges
        if board_file == "-" and args.record == "-":
            raise BipartiteGameError("the board and the record cannot both be standard input")
        with stop_if_reader_leaves():
            board, record = read_input(board_file), read_input(args.record)
            if args.board == "maze":
                output = answer_maze(board, record, moves=args.moves)
            else:
                output = answer_graph(board, record)
        write_stdout(output)
        return 0
