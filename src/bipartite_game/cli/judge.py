"""What the judge commands share (``graph``, ``maze``, ``knights``, ``lock``,
``king``, ``bunny``, ``edges``, ``sum``): read FILE or standard input, answer
through the problem's front-end, write the answer.

A judge command is a :class:`JudgeCommand` naming its front-end module
(:attr:`~JudgeCommand.problem`, under ``problems/``) and the keyword options
its ``answer`` takes (:meth:`~JudgeCommand.options`); the input file,
``--format`` and ``--stats`` are added by :meth:`~JudgeCommand.add_arguments`
before the command's own options (:meth:`~JudgeCommand.add_options`).
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from typing import TYPE_CHECKING, Any, ClassVar

from .. import _stats
from .._command import check_output, stop_if_reader_leaves, write_stdout
from .._input import read_input
from ..errors import BipartiteGameError
from .command import Command

if TYPE_CHECKING:
    from .parser import Parser

__all__ = ["CERTIFICATE", "CERTIFICATE_HELP", "JudgeCommand"]

#: ``graph`` and ``maze`` write a certificate of their answer.
CERTIFICATE = "--certificate"
CERTIFICATE_HELP = (
    "also write a JSON certificate of every answer to OUT.json, which "
    "'bipartite-game verify' checks (see docs/certificates.md)"
)


class JudgeCommand(Command):
    """A judge command: the front-end :attr:`problem` answers the input."""

    #: The front-end's module under ``bipartite_game.problems``.
    problem: ClassVar[str]

    def add_arguments(self, parser: Parser) -> None:
        """The input file, ``--format`` and ``--stats``, then the command's
        own options (:meth:`add_options`)."""
        parser.add_argument(
            "file", nargs="?", metavar="FILE", help="input file (default: standard input)"
        )
        parser.add_argument(
            "--format",
            choices=("text", "json"),
            default="text",
            help="text: the judge's answer (default); json: the same as one JSON document "
            "(see docs/json.md)",
        )
        parser.add_argument(
            "--stats",
            action="store_true",
            help="print each phase's time, the graph's and the matching's size and the peak "
            "memory to standard error",
        )
        self.add_options(parser)

    def add_options(self, parser: Parser) -> None:
        """The command's own options (none by default)."""

    #: The command's options that the front-end's ``answer`` takes under
    #: their own names, as parsed.
    answer_options: ClassVar[tuple[str, ...]] = ()

    def options(self, args: argparse.Namespace) -> dict[str, object]:
        """The keyword options of the front-end's ``answer``: by default
        each of :attr:`answer_options`, as parsed."""
        return {name: getattr(args, name) for name in self.answer_options}

    def run(self, args: argparse.Namespace) -> int:
        """Read the input, write the answer.

        Ctrl-C ends the process at once, by the signal's default action, even
        inside a compiled kernel (which never returns to the interpreter to see
        a ``KeyboardInterrupt``): a judge command holds nothing that needs
        cleaning up, and a shell loop around it sees that it was interrupted.
        So does standard output's reader going away (exit 141).
        """
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        options = self.options(args)
        if args.format == "json":
            options["format"] = "json"
            if options.get("explain") not in (None, False):  # a proof is text: refused early
                raise BipartiteGameError("--explain prints text: it has no --format json")
        certificate = options.get("certificate")
        if isinstance(certificate, str):  # a FIFO, a device, a read-only folder: before the work
            check_output(certificate)
        # the phases (--stats) and, at a terminal, a progress line: both on
        # stderr; none while a person types the input at that terminal
        stderr = sys.stderr
        typed = args.file in (None, "-") and sys.stdin is not None and sys.stdin.isatty()
        at_terminal = stderr is not None and stderr.isatty() and not typed
        with _stats.session(
            stats=stderr if args.stats else None, progress=stderr if at_terminal else None
        ):
            with stop_if_reader_leaves():
                with _stats.phase("import"):
                    module: Any = importlib.import_module(f"..problems.{self.problem}", __package__)
                with _stats.phase("read"):
                    data = read_input(args.file, getattr(module, "size_limit", None))
                output: bytes | memoryview = module.answer(data, **options)
            with _stats.phase("write"):
                write_stdout(output)
        return 0
