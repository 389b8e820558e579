"""``bipartite-game stress``: a contestant's program against the right answers.

The loop every contestant writes by hand: generate an input, run the
program on it, compare its output with a trusted answer, and on the first
difference cut the input down to something a person can read.  Here the
trusted answer is the front-end's, computed in this process (no interpreter
started per case); the comparison is the checker's (:func:`.check.compare`,
tokens with white space ignored); the cutting is :func:`.shrink.shrink` with
the problem's candidates.

A failure is a wrong answer, a time-out, a crash (killed by a signal) or a
non-zero exit status; shrinking keeps the *kind* of the failure, so a wrong
answer is never traded for a crash on the way.  Case ``k`` of a run seeded
``s`` is always the same input (each case has its own random stream), and
with ``jobs > 1`` cases run in parallel but are judged in order: the failure
reported is always the lowest-numbered one, and shrinking tests candidates
in parallel but takes the first failing one in the candidates' order, so
the report is the same for every ``jobs``.

:func:`stress` is the library entry for a problem of your own (see
``docs/kit.md``): a generator from :class:`random.Random`, the trusted answer
and the solution (a shell command, or a Python function).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BipartiteGameError
from .check import compare
from .shrink import lines, shrink

__all__ = ["Failure", "Outcome", "Report", "run_solution", "stress"]

Solution = str | Callable[[str], str]


@dataclass(frozen=True)
class Outcome:
    """One run of the solution: ``kind`` is ``ok``, ``wrong answer``,
    ``time-out``, ``crash`` or ``non-zero exit``; ``detail`` says more (the
    first differing line, the exit status or signal, the last line the
    program wrote to standard error)."""

    kind: str
    output: str
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.kind == "ok"


@dataclass(frozen=True)
class Failure:
    """The first failing case, shrunk: its number, the shrunk input, the
    right answer and the solution's output on it, and the original input."""

    case: int
    input: str
    expected: str
    outcome: Outcome
    original: str
    runs: int

    def __str__(self) -> str:
        size = _size(self.input)
        was = _size(self.original)
        return (
            f"case {self.case}: {self.outcome.kind}: {self.outcome.detail}\n"
            f"shrunk from {was} to {size}\n"
            f"--- input ---\n{_ends(self.input)}"
            f"--- expected ---\n{_ends(self.expected)}"
            f"--- received ---\n{_ends(self.outcome.output)}"
        )


@dataclass(frozen=True)
class Report:
    """What a stress run found: ``failure`` is ``None`` when all agreed."""

    cases: int
    seconds: float
    failure: Failure | None

    @property
    def ok(self) -> bool:
        return self.failure is None

    def __str__(self) -> str:
        if self.failure is not None:
            return str(self.failure)
        rate = self.cases / self.seconds if self.seconds > 0 else float("inf")
        return f"ok: {self.cases} cases agree in {self.seconds:.2f} s ({rate:.1f} cases/s)\n"


def _size(text: str) -> str:
    count = text.count("\n") + (not text.endswith("\n") and bool(text))
    return f"{count} line{'s' if count != 1 else ''} ({len(text)} bytes)"


def _ends(text: str) -> str:
    return text if text.endswith("\n") or not text else text + "\n"


def run_solution(solution: Solution, text: str, *, time_limit: float = 10.0) -> Outcome:
    """Run ``solution`` on ``text``: a shell command gets it on standard
    input, in a session of its own so that a time-out kills every process it
    started; a Python function is called with it (an exception is a crash,
    and it has no time limit).  The outcome is ``ok`` when it ran cleanly;
    judging the output is :func:`judge`'s."""
    if not isinstance(solution, str):
        try:
            return Outcome("ok", str(solution(text)))
        except Exception as error:
            return Outcome("crash", "", f"raised {type(error).__name__}: {error}")
    process = subprocess.Popen(
        _argv(solution) or solution,
        shell=_argv(solution) is None,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(text.encode(), timeout=time_limit)
    except subprocess.TimeoutExpired:
        _kill(process)
        out, err = process.communicate()
        return Outcome("time-out", out.decode(errors="replace"), f"no answer in {time_limit:g} s")
    output = out.decode(errors="replace")
    said = err.decode(errors="replace").strip().splitlines()
    said_last = f" (it said: {said[-1][:200]})" if said else ""
    status = process.returncode
    if status < 0:
        return Outcome("crash", output, f"killed by {_signal_name(-status)}{said_last}")
    if 128 < status <= 128 + 64:  # the shell's report of a signal
        return Outcome(
            "crash", output, f"exit status {status}: {_signal_name(status - 128)}{said_last}"
        )
    if status != 0:
        return Outcome("non-zero exit", output, f"exit status {status}{said_last}")
    return Outcome("ok", output)


#: Characters that need a shell to mean what they say.
_SHELL = frozenset("|&;<>()$`\\*?[]{}~#=%!\n")


def _argv(command: str) -> list[str] | None:
    """The words of a command that needs no shell (no operators, variables
    or globs; the program found on the ``PATH``), or ``None``.  Starting the
    program directly saves the shell's start-up: half the cost of a run
    of a small compiled solution."""
    if any(ch in _SHELL for ch in command):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if not words or shutil.which(words[0]) is None:
        return None
    return words


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # it may have ended just now
        os.killpg(process.pid, signal.SIGKILL)


def judge(expected: str, outcome: Outcome) -> Outcome:
    """A clean run whose output differs from ``expected`` is a wrong answer."""
    if not outcome.ok:
        return outcome
    verdict = compare(outcome.output.encode(), expected.encode())
    if verdict.ok:
        return outcome
    detail = str(verdict).removeprefix("wrong answer: ")
    return Outcome("wrong answer", outcome.output, detail)


class _Runner:
    """Runs and judges cases, remembering every input it judged."""

    def __init__(
        self, expected: Callable[[str], str], solution: Solution, time_limit: float
    ) -> None:
        self.expected = expected
        self.solution = solution
        self.time_limit = time_limit
        self.judged: dict[str, tuple[str, Outcome]] = {}
        self.runs = 0
        self._lock = threading.Lock()
        self._in_process = threading.Lock()

    def run(self, text: str) -> Outcome:
        """The solution's run on ``text``, not judged."""
        if isinstance(self.solution, str):
            return run_solution(self.solution, text, time_limit=self.time_limit)
        with self._in_process:
            return run_solution(self.solution, text)

    def judge(self, text: str) -> tuple[str, Outcome]:
        # Python code runs one call at a time: threads would not make it
        # faster (the interpreter's lock), and two threads loading numba's
        # kernels at once break its imports.  Programs run in parallel.
        with self._in_process:
            want = self.expected(text)
            if not isinstance(self.solution, str):
                ran = run_solution(self.solution, text)
        if isinstance(self.solution, str):
            ran = run_solution(self.solution, text, time_limit=self.time_limit)
        outcome = judge(want, ran)
        with self._lock:
            self.runs += 1
            self.judged[text] = (want, outcome)
        return want, outcome

    def fails_as(self, kind: str) -> Callable[[str], bool]:
        """Does a candidate input fail in the same way?  One the trusted
        answer refuses (a ``ValueError``: not a valid input) does not."""

        def still_fails(text: str) -> bool:
            try:
                _, outcome = self.judge(text)
            except ValueError:
                return False
            return outcome.kind == kind

        return still_fails


def stress_cases(
    make_case: Callable[[int], str],
    expected: Callable[[str], str],
    solution: Solution,
    *,
    count: int = 100,
    time_limit: float = 10.0,
    jobs: int = 1,
    candidates: Callable[[str], Iterable[str]] = lines,
    progress: bool = False,
) -> Report:
    """The loop over cases ``0 .. count - 1`` (``make_case(k)`` is case
    ``k``'s input), then the shrinking of the first failure.

    This thread generates each case, hands the run of the program to a pool
    of ``jobs`` threads (each waits on one process) and computes the right
    answer while the program runs, keeping ``2 * jobs`` cases in flight;
    the cases are judged in order.  Measured on 10x10 mazes against a
    compiled solution, answering here while the program runs made 255
    cases/s at ``jobs=1`` and 367 at ``jobs=2``, against 166 and 288 when
    each pool thread also generated and answered its case (under a lock:
    numba's first import is not thread-safe).
    """
    if count < 1 or jobs < 1 or not time_limit > 0:
        raise BipartiteGameError("count and jobs must be at least 1, the time limit positive")
    runner = _Runner(expected, solution, time_limit)
    began = time.perf_counter()
    bar = _progress(count) if progress else None
    window: deque[tuple[str, str, Future[Outcome]]] = deque()
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for case in range(count):
                while len(window) < 2 * jobs and case + len(window) < count:
                    text = make_case(case + len(window))
                    run = pool.submit(runner.run, text)
                    window.append((text, expected(text), run))  # answered while it runs
                text, want, run = window.popleft()
                outcome = judge(want, run.result())
                if bar is not None:
                    bar.update(1)
                if outcome.ok:
                    continue
                for _, _, future in window:
                    future.cancel()
                # the runs under way end before shrinking starts, and no bar
                # stands still while it runs
                wait([future for _, _, future in window])
                if bar is not None:
                    bar.close()
                    bar = None
                before = runner.runs
                small = shrink(
                    text, runner.fails_as(outcome.kind), candidates, executor=pool, batch=jobs
                )
                want, final = runner.judged.get(small, (want, outcome))
                failure = Failure(case, small, want, final, text, runner.runs - before)
                return Report(case + 1, time.perf_counter() - began, failure)
    finally:
        if bar is not None:
            bar.close()
    return Report(count, time.perf_counter() - began, None)


def _progress(count: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=count, file=sys.stderr, unit="case", leave=False)


def stress(
    generate: Callable[[random.Random], str],
    expected: Callable[[str], str],
    solution: Solution,
    *,
    count: int = 100,
    seed: int = 0,
    time_limit: float = 10.0,
    jobs: int = 1,
    candidates: Callable[[str], Iterable[str]] = lines,
) -> Report:
    """Stress ``solution`` against ``expected`` on ``count`` inputs of
    ``generate``, and shrink the first failure.

    ``generate(rng)`` draws one input from a :class:`random.Random` (case
    ``k`` gets ``Random(f"{seed}/{k}")``, so a case never depends on the
    others); ``expected(text)`` is the right output and raises
    ``ValueError`` for an input that is not valid (shrinking then skips
    it); ``solution`` is a shell command (input on standard input) or a
    function of the input text.  ``candidates(text)`` lists smaller inputs
    to try when shrinking (default: without blocks of lines).
    """
    return stress_cases(
        lambda case: generate(random.Random(f"{seed}/{case}")),
        expected,
        solution,
        count=count,
        time_limit=time_limit,
        jobs=jobs,
        candidates=candidates,
    )


# ------------------------------------------------------------ command line
def add_parser(commands: argparse._SubParsersAction, summary: str) -> None:  # type: ignore[type-arg]
    """Register ``stress`` (``summary``: its line in the top-level help)."""
    from .gen import add_generator_options

    parser = commands.add_parser(
        "stress",
        help=summary,
        description=(
            "Run the shell command SOLUTION on inputs of 'gen PROBLEM' (on standard input), "
            "compare its output with the right answer token by token, and on the first "
            "difference, crash, non-zero exit or time-out shrink the input while it still "
            "fails the same way, print it with the expected and received outputs and exit 1. "
            "Exit 0 with one summary line when all agree."
        ),
    )
    add_generator_options(parser)
    parser.add_argument("--solution", metavar="CMD", help="the program to test (required)")
    parser.add_argument("--count", default="100", metavar="N", help="cases (default 100)")
    parser.add_argument(
        "--time-limit", default="10", metavar="SEC", help="seconds per run (default 10)"
    )
    parser.add_argument("--jobs", default="1", metavar="J", help="cases run at once (default 1)")
    parser.add_argument("--save", metavar="FILE", help="write the shrunk failing input to FILE")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from .check import front_end
    from .gen import answer_options, generate, knobs_from, number
    from .shrink import CANDIDATES

    knobs = knobs_from(args)
    if not args.solution:
        raise BipartiteGameError("stress needs the program to test: --solution 'CMD'")
    seed = int(number(args.seed, "--seed"))
    count = int(number(args.count, "--count"))
    jobs = int(number(args.jobs, "--jobs"))
    time_limit = number(args.time_limit, "--time-limit", float)
    if count < 1:
        raise BipartiteGameError(f"--count must be at least 1, not {count}")
    if jobs < 1:
        raise BipartiteGameError(f"--jobs must be at least 1, not {jobs}")
    if not time_limit > 0:
        raise BipartiteGameError(f"--time-limit must be positive, not {args.time_limit}")
    module = front_end(args.problem)
    options = answer_options(args.problem, knobs)

    def expected(text: str) -> str:
        return bytes(module.answer(text.encode(), **options)).decode()

    report = stress_cases(
        lambda case: generate(args.problem, seed, knobs, index=case).text,
        expected,
        args.solution,
        count=count,
        time_limit=time_limit,
        jobs=jobs,
        candidates=CANDIDATES[args.problem],
        progress=sys.stderr.isatty(),
    )
    sys.stdout.write(str(report))
    sys.stdout.flush()
    if report.failure is not None and args.save is not None:
        Path(args.save).write_text(report.failure.input)
    return 0 if report.ok else 1
