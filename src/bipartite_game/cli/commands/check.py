"""``bipartite-game check``: judge an output against the right answer."""

from __future__ import annotations

import argparse
import signal

from ..._command import stop_if_reader_leaves, write_stdout
from ..._input import read_input
from ...errors import BipartiteGameError
from ..command import Command
from ..options import add_moves, add_ring
from ..parser import Parser

__all__ = ["CheckCommand"]


class CheckCommand(Command):
    """A judge's checker: ``ok`` (status 0) or ``wrong answer`` and the first
    differing line (status 1)."""

    description = (
        "Compare OUTPUT with the right answer to INPUT for PROBLEM, token by token "
        "(white space ignored), as a judge's checker does. Prints 'ok' and exits 0, or "
        "'wrong answer' with the first differing line and exits 1 (testlib's "
        "conventions); a bad INPUT is an error (exit 2)."
    )

    def add_arguments(self, parser: Parser) -> None:
        parser.add_argument(
            "problem", metavar="PROBLEM", help="maze, lock, knights, king, graph, bunny or edges"
        )
        parser.add_argument("input", metavar="INPUT", help="the test's input ('-': standard input)")
        parser.add_argument("output", metavar="OUTPUT", help="the output to judge")
        add_moves(parser, "maze: the move set")
        add_ring(parser, "lock: ring size, 2 to 10")
        parser.add_argument("--no-wrap", action="store_true", help="lock: rings that do not wrap")

    def run(self, args: argparse.Namespace) -> int:
        """The verdict on standard output, 0 for ok and 1 otherwise."""
        from ...kit.check import check, front_end

        signal.signal(signal.SIGINT, signal.SIG_DFL)
        front_end(args.problem)  # an unknown problem is refused before any reading
        if args.input == "-" and args.output == "-":
            raise BipartiteGameError("INPUT and OUTPUT cannot both be standard input")
        options: dict[str, object] = {}
        if args.problem == "maze":
            options["moves"] = args.moves
        elif args.problem == "lock":
            options = {"size": args.ring, "wrap": not args.no_wrap}
        # the output is judged whatever it holds (NUL bytes too): only a bad
        # INPUT is an error
        with stop_if_reader_leaves():
            verdict = check(
                args.problem,
                read_input(args.input),
                read_input(args.output, binary=True),
                **options,
            )
        write_stdout(f"{verdict}\n".encode())
        return 0 if verdict.ok else 1
