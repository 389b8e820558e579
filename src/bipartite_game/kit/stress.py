"""``bipartite-game stress``: a contestant's program against the right answers.

The loop every contestant writes by hand: generate an input, run the
program on it, compare its output with a trusted answer, and on the first
difference cut the input down to something a person can read.  Here the
trusted answer is the front-end's, computed in this process (no interpreter
started per case); the comparison is the checker's (:func:`.check.compare`,
tokens with white space ignored); the cutting is :func:`.shrink.shrink` with
the problem's candidates.

A failure is a wrong answer, a time-out, a crash (killed by a signal), a
non-zero exit status or more output than the output limit; shrinking keeps
the *kind* of the failure, so a wrong answer is never traded for a crash on
the way.  A program is judged on what it printed by the time its own
process exited: anything it left running is killed then, with its whole
process group, so that a child holding the output open is not taken for a
time-out.  What a report shows of a text is cut to its first lines and
escaped, so a program's output never reaches the terminal raw.  Case ``k`` of a run seeded
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
import selectors
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
from typing import Any

from .._command import check_output, real, whole, write_file, write_stdout
from ..errors import BipartiteGameError
from .check import compare
from .shrink import lines, shrink

__all__ = [
    "MAX_JOBS",
    "MAX_TIME_LIMIT",
    "OUTPUT_LIMIT",
    "Failure",
    "Outcome",
    "Report",
    "run_solution",
    "stress",
]

Solution = str | Callable[[str], str]

#: The most a program may print by default (bytes): past it the run is
#: stopped, a failure of kind ``output limit``, as a judge's output limit.
OUTPUT_LIMIT = 64 << 20
#: The longest time limit, in seconds (longer ones overflow the system's timers).
MAX_TIME_LIMIT = 10**6
#: The most programs run at once.
MAX_JOBS = 256
#: The most of a failing run's output a :class:`Failure` keeps (bytes, as
#: decoded: characters).
KEPT_OUTPUT = 1 << 20
#: What a report shows of a text: its first lines, and at most so many characters.
SHOWN_LINES, SHOWN_CHARS = 40, 4000
#: The end of a program's standard error kept, for its last line.
_STDERR_TAIL = 1 << 16
#: How often a silent program is looked at, to see whether it exited while
#: something it left behind holds its output open.
_POLL_SECONDS = 0.02
#: Seconds the output is still read after the program exited and the rest of
#: its process group was killed (a process outside the group may hold it).
_DRAIN_SECONDS = 0.5


@dataclass(frozen=True)
class Outcome:
    """One run of the solution: ``kind`` is ``ok``, ``wrong answer``,
    ``time-out``, ``crash``, ``non-zero exit`` or ``output limit``; ``detail``
    says more (the first differing line, the exit status or signal, the last
    line the program wrote to standard error).  ``output`` is what it printed,
    at most the output limit."""

    kind: str
    output: str
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.kind == "ok"


@dataclass(frozen=True)
class Failure:
    """The first failing case, shrunk: its number, the shrunk input, the
    right answer and the solution's output on it (at most its first
    :data:`KEPT_OUTPUT` characters), and the original input."""

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
            f"case {self.case}: {self.outcome.kind}: {_printable(self.outcome.detail)}\n"
            f"shrunk from {was} to {size}\n"
            f"--- input ---\n{shown(self.input)}"
            f"--- expected ---\n{shown(self.expected)}"
            f"--- received ---\n{shown(self.outcome.output)}"
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


def shown(text: str) -> str:
    """``text`` as a report shows it: at most :data:`SHOWN_LINES` lines and
    :data:`SHOWN_CHARS` characters, then a line saying it was cut; every
    character a terminal would act on (escape sequences, carriage returns,
    other control characters) written as a Python escape; ending in a
    newline unless empty."""
    kept = "\n".join(text[:SHOWN_CHARS].split("\n")[:SHOWN_LINES])
    body = "\n".join(_printable(line) for line in kept.split("\n"))
    body = body if body.endswith("\n") or not body else body + "\n"
    if text in (kept, kept + "\n"):
        return body
    return body + f"[... cut here: {len(text) - len(kept)} more characters not shown]\n"


def _printable(text: str) -> str:
    """``text`` with every character that is not printable (tabs aside)
    written as a Python escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


def run_solution(
    solution: Solution,
    text: str,
    *,
    time_limit: float = 10.0,
    output_limit: int = OUTPUT_LIMIT,
) -> Outcome:
    """Run ``solution`` on ``text``: a shell command gets it on standard
    input, in a session of its own so that every process it started is
    killed once it has exited, timed out or printed more than
    ``output_limit`` bytes; it is judged on what it printed by the time its
    own process exited.  A Python function is called with it (an exception
    is a crash; it has no limits).  The outcome is ``ok`` when it ran
    cleanly; judging the output is :func:`judge`'s."""
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
        out, err, stop = _collect(process, text.encode(), time_limit, output_limit)
    finally:
        _kill(process)  # what it left running, and itself if it still runs
        for pipe in (process.stdin, process.stdout, process.stderr):
            with contextlib.suppress(OSError):
                pipe.close()  # type: ignore[union-attr]
        process.wait()
    status = process.returncode
    clean = stop is None and status == 0
    # a failing run is not judged: only the part a failure keeps is decoded
    output = (out if clean else out[:KEPT_OUTPUT]).decode(errors="replace")
    del out
    said = err.decode(errors="replace").strip().splitlines()
    said_last = f" (it said: {said[-1][:200]})" if said else ""
    if stop == "time-out":
        return Outcome("time-out", output, f"no answer in {time_limit:g} s")
    if stop == "output limit":
        return Outcome("output limit", output, f"printed more than {_mib(output_limit)}")
    if status < 0:
        return Outcome("crash", output, f"killed by {_signal_name(-status)}{said_last}")
    if 128 < status <= 128 + 64:  # the shell's report of a signal
        return Outcome(
            "crash", output, f"exit status {status}: {_signal_name(status - 128)}{said_last}"
        )
    if status != 0:
        return Outcome("non-zero exit", output, f"exit status {status}{said_last}")
    return Outcome("ok", output)


def _collect(
    process: subprocess.Popen[bytes], data: bytes, time_limit: float, output_limit: int
) -> tuple[bytearray, bytearray, str | None]:
    """Feed ``data`` to the program and read what it prints until its
    output ends, it exits, the time limit passes or it prints more than
    ``output_limit`` bytes: ``(stdout, the end of stderr, why it was
    stopped)``, the last ``None``, ``"time-out"`` or ``"output limit"``.

    One thread, one selector over the three pipes (as ``communicate``
    does), with a bound on what is kept.  The program's own exit is looked
    at every :data:`_POLL_SECONDS` while it is silent: once it has exited,
    the rest of its process group is killed, so a child it left holding
    the output open ends too, and the output is judged as it stands.
    """
    out, err = bytearray(), bytearray()
    deadline = time.monotonic() + time_limit
    exited = False
    assert process.stdin and process.stdout and process.stderr
    with selectors.DefaultSelector() as selector:
        if data:
            os.set_blocking(process.stdin.fileno(), False)
            selector.register(process.stdin, selectors.EVENT_WRITE)
        else:
            process.stdin.close()
        selector.register(process.stdout, selectors.EVENT_READ)
        selector.register(process.stderr, selectors.EVENT_READ)
        written = 0
        feeding = bool(data)
        while selector.get_map():
            now = time.monotonic()
            if now >= deadline:
                return out, err, None if exited else "time-out"
            if not exited and _has_exited(process):
                exited = True
                _kill(process)  # what it left behind: its output is complete
                deadline = min(deadline, now + _DRAIN_SECONDS)
                if feeding:  # no more input to give
                    feeding = False
                    selector.unregister(process.stdin)
            for key, _ in selector.select(min(deadline - now, _POLL_SECONDS)):
                if key.fileobj is process.stdin:
                    try:
                        written += os.write(key.fd, data[written : written + (1 << 16)])
                    except BlockingIOError:
                        continue
                    except OSError:  # it stopped reading (a closed pipe): its choice
                        written = len(data)
                    if written >= len(data):
                        feeding = False
                        selector.unregister(process.stdin)
                        process.stdin.close()
                    continue
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fileobj)
                elif key.fileobj is process.stdout:
                    out += chunk
                    if len(out) > output_limit:
                        del out[output_limit:]
                        return out, err, "output limit"
                else:
                    err += chunk
                    if len(err) > 2 * _STDERR_TAIL:
                        del err[:-_STDERR_TAIL]
    return out, err, None


def _mib(size: int) -> str:
    return f"{size >> 20} MiB" if size % (1 << 20) == 0 else f"{size} bytes"


def _has_exited(process: subprocess.Popen[bytes]) -> bool:
    """Has the program's own process exited?  Asked without reaping it
    where the system allows (``waitid`` with ``WNOWAIT``), so that its
    process group's id cannot be taken by another process before the group
    is killed."""
    waitid = getattr(os, "waitid", None)
    if waitid is None or not hasattr(os, "WNOWAIT"):  # pragma: no cover - not on Linux
        return process.poll() is not None
    try:
        return waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped already
        return True


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


def kept(outcome: Outcome) -> Outcome:
    """``outcome`` with at most the first :data:`KEPT_OUTPUT` characters of
    its output, as a failure keeps it (shrinking judges many runs, and a
    flood of output must not be held once per run)."""
    if len(outcome.output) <= KEPT_OUTPUT:
        return outcome
    return Outcome(outcome.kind, outcome.output[:KEPT_OUTPUT], outcome.detail)


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
        self,
        expected: Callable[[str], str],
        solution: Solution,
        time_limit: float,
        output_limit: int,
    ) -> None:
        self.expected = expected
        self.solution = solution
        self.time_limit = time_limit
        self.output_limit = output_limit
        self.judged: dict[str, tuple[str, Outcome]] = {}
        self.runs = 0
        self._lock = threading.Lock()
        self._in_process = threading.Lock()

    def run(self, text: str) -> Outcome:
        """The solution's run on ``text``, not judged."""
        if isinstance(self.solution, str):
            return self._run_program(self.solution, text)
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
            ran = self._run_program(self.solution, text)
        outcome = judge(want, ran)
        with self._lock:
            self.runs += 1
            if not outcome.ok:  # the report's: what a failing run printed, cut
                self.judged[text] = (want, kept(outcome))
        return want, outcome

    def _run_program(self, command: str, text: str) -> Outcome:
        return run_solution(
            command, text, time_limit=self.time_limit, output_limit=self.output_limit
        )

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
    output_limit: int = OUTPUT_LIMIT,
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
    if count < 1 or not 1 <= jobs <= MAX_JOBS or output_limit < 1:
        raise BipartiteGameError(
            f"count must be at least 1, jobs from 1 to {MAX_JOBS}, the output limit at least 1"
        )
    if not 0 < time_limit <= MAX_TIME_LIMIT:  # also refuses NaN
        raise BipartiteGameError(
            f"the time limit must be more than 0 and at most {MAX_TIME_LIMIT} s, not {time_limit}"
        )
    runner = _Runner(expected, solution, time_limit, output_limit)
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
                want, final = runner.judged.get(small, (want, kept(outcome)))
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
    output_limit: int = OUTPUT_LIMIT,
) -> Report:
    """Stress ``solution`` against ``expected`` on ``count`` inputs of
    ``generate``, and shrink the first failure.

    ``generate(rng)`` draws one input from a :class:`random.Random` (case
    ``k`` gets ``Random(f"{seed}/{k}")``, so a case never depends on the
    others); ``expected(text)`` is the right output and raises
    ``ValueError`` for an input that is not valid (shrinking then skips
    it); ``solution`` is a shell command (input on standard input) or a
    function of the input text.  ``candidates(text)`` lists smaller inputs
    to try when shrinking (default: without blocks of lines).  A program
    that prints more than ``output_limit`` bytes fails (``output limit``).
    """
    return stress_cases(
        lambda case: generate(random.Random(f"{seed}/{case}")),
        expected,
        solution,
        count=count,
        time_limit=time_limit,
        jobs=jobs,
        candidates=candidates,
        output_limit=output_limit,
    )


# ------------------------------------------------------------ command line
def add_parser(commands: argparse._SubParsersAction, summary: str) -> None:  # type: ignore[type-arg]
    """Register ``stress`` (``summary``: its line in the top-level help)."""
    from .gen import add_generator_options

    parser = commands.add_parser(
        "stress",
        help=summary,
        description=(
            "Run the shell command CMD (--solution) on inputs of 'gen PROBLEM' (on its "
            "standard input), "
            "compare its output with the right answer token by token, and on the first "
            "difference, crash, non-zero exit, time-out or output limit shrink the input "
            "while it still fails the same way, print it with the expected and received "
            "outputs (cut to their first lines, escaped) and exit 1. A program is judged on "
            "what it printed when its own process exited; what it left running is killed. "
            "Exit 0 with one summary line when all agree."
        ),
    )
    add_generator_options(parser)
    parser.add_argument(
        "--solution",
        required=True,
        metavar="CMD",
        help="the program to test, a shell command (input on its standard input)",
    )
    parser.add_argument(
        "--count", type=whole(1, 10**18 - 1), default=100, metavar="N", help="cases (default 100)"
    )
    parser.add_argument(
        "--time-limit",
        type=real(0.0, MAX_TIME_LIMIT, above=True),
        default=10.0,
        metavar="SEC",
        help="seconds per run (default 10)",
    )
    parser.add_argument(
        "--output-limit",
        type=whole(1, 1 << 14),
        default=OUTPUT_LIMIT >> 20,
        metavar="MIB",
        help=f"most MiB a run may print; more is a failure, 'output limit' "
        f"(default {OUTPUT_LIMIT >> 20})",
    )
    parser.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=1,
        metavar="J",
        help="cases run at once (default 1)",
    )
    parser.add_argument("--save", metavar="FILE", help="write the shrunk failing input to FILE")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from .check import front_end
    from .gen import answer_options, generate, knobs_from
    from .shrink import CANDIDATES

    knobs = knobs_from(args)
    if not args.solution.strip():
        raise BipartiteGameError("stress needs the program to test: --solution 'CMD'")
    if args.save is not None:  # refused or found unwritable before any run
        check_output(args.save)
    module = front_end(args.problem)
    options = answer_options(args.problem, knobs)

    def expected(text: str) -> str:
        return bytes(module.answer(text.encode(), **options)).decode()

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
    write_stdout(str(report))
    if report.failure is not None and args.save is not None:
        write_file(args.save, report.failure.input.encode())
    return 0 if report.ok else 1
