"""``bipartite-game stress``: a contestant's program run on the inputs of
``gen`` and judged against the right answers; the first failure shrunk
(:mod:`~bipartite_game.kit.stress`)."""

from __future__ import annotations

import argparse
import contextlib
import sys

from ..._command import check_output, write_file, write_stdout
from ..._input import PROG
from ...kit.check import front_end
from ...kit.gen import answer_options, check_knobs, generate
from ...kit.program import become_subreaper, check_command
from ...kit.shrink import CANDIDATES
from ...kit.stress import MAX_JOBS, MAX_TIME_LIMIT, OUTPUT_LIMIT, Interrupted, stress_cases
from ..command import Command
from ..options import float_in_range, int_in_range
from ..parser import Parser
from .gen import add_generator_options, knobs_from

__all__ = ["StressCommand"]


class StressCommand(Command):
    """``stress PROBLEM --solution CMD``: status 0 when every case agrees,
    1 with the shrunk failure, 130 on Ctrl-C."""

    description = (
        "Run the shell command CMD (--solution) on inputs of 'gen PROBLEM' (on its "
        "standard input), "
        "compare its output with the right answer token by token, and on the first "
        "difference, crash, non-zero exit, time-out or output limit shrink the input "
        "while it still fails the same way, print it with the expected and received "
        "outputs (cut to their first lines, escaped) and exit 1. A program is judged on "
        "what it printed when its own process exited (closing its output is not an "
        "exit); what it left running is killed. The same seed gives the same report. "
        "Exit 0 with one summary line when all agree; Ctrl-C kills the program and "
        "exits 130."
    )

    def add_arguments(self, parser: Parser) -> None:
        add_generator_options(parser)
        parser.add_argument(
            "--solution",
            required=True,
            metavar="CMD",
            help="the program to test, a shell command (input on its standard input)",
        )
        parser.add_argument(
            "--count",
            type=int_in_range(1, 10**18 - 1),
            default=100,
            metavar="N",
            help="cases (default 100)",
        )
        parser.add_argument(
            "--time-limit",
            type=float_in_range(0.0, MAX_TIME_LIMIT, above=True),
            default=10.0,
            metavar="SEC",
            help="CPU seconds per run, as judges count them: load does not change them "
            "(default 10); a run is also stopped after 2*SEC+1 s of wall-clock time",
        )
        parser.add_argument(
            "--output-limit",
            type=int_in_range(1, 1 << 14),
            default=OUTPUT_LIMIT >> 20,
            metavar="MIB",
            help=f"most MiB a run may print; more is a failure, 'output limit' "
            f"(default {OUTPUT_LIMIT >> 20})",
        )
        parser.add_argument(
            "--jobs",
            type=int_in_range(1, MAX_JOBS),
            default=1,
            metavar="J",
            help="cases run at once (default 1)",
        )
        parser.add_argument("--save", metavar="FILE", help="write the shrunk failing input to FILE")

    def run(self, args: argparse.Namespace) -> int:
        """The report on standard output; every option refused before any
        work."""
        knobs = knobs_from(args)
        check_knobs(args.problem, knobs)
        check_command(args.solution)
        if args.save is not None:  # refused or found unwritable before any run
            check_output(args.save)
        module = front_end(args.problem)
        options = answer_options(args.problem, knobs)

        def expected(text: str) -> str:
            return bytes(module.answer(text.encode(), **options)).decode()

        become_subreaper()  # a killed program's children are reaped here
        try:
            report = stress_cases(
                lambda case: generate(args.problem, args.seed, knobs, index=case).text,
                expected,
                args.solution,
                count=args.count,
                time_limit=args.time_limit,
                jobs=args.jobs,
                candidates=CANDIDATES[args.problem],
                progress=sys.stderr is not None and sys.stderr.isatty(),
                output_limit=args.output_limit << 20,
            )
        except Interrupted as interrupted:  # one line, as for every other ending
            if sys.stderr is not None:
                with contextlib.suppress(OSError, ValueError):
                    sys.stderr.write(f"{PROG}: stress: {interrupted}\n")
                    sys.stderr.flush()
            return 130
        write_stdout(str(report))
        if report.failure is not None and args.save is not None:
            write_file(args.save, report.failure.input.encode())
        return 0 if report.ok else 1
