"""A contestant's program against the right answers (``bipartite-game stress``).

The loop every contestant writes by hand: generate an input, run the
program on it, compare its output with a trusted answer, and on the first
difference cut the input down to something a person can read.  Here the
trusted answer is the front-end's, computed in this process (no interpreter
started per case); the comparison is the checker's (:func:`.check.compare`,
tokens with white space ignored); the cutting is :func:`.shrink.shrink` with
the problem's candidates; the running is :mod:`.program`'s.

A failure is a wrong answer, a time-out, a crash (killed by a signal), a
non-zero exit status or more output than the output limit; shrinking keeps
the *kind* of the failure, so a wrong answer is never traded for a crash or
a time-out on the way.  A program is judged on what it printed by the time
its own process exited, whatever it did with its pipes before; anything it
left running is killed then, with its whole process group.  What a report
shows of a text is cut to its first lines and escaped, so a program's output
never reaches the terminal raw.

A run is a function of its seed: the verdict, the failing case and the
shrunk input are the same on every run, for a program that is itself
deterministic.  Case ``k`` of a run seeded ``s`` is always the same input
(each case has its own random stream); with ``jobs > 1`` cases run in
parallel but are judged in order, so the failure reported is always the
lowest-numbered one, and shrinking tests candidates in parallel but takes
the first failing one in the candidates' order (a fixed order: no set or
hash order enters it), so the report is the same for every ``jobs``.  The
clock enters only through the time limit, and that is CPU time, which load
does not change; a time-out during shrinking counts only when the failure
being shrunk is a time-out, so a candidate slowed down never moves the
shrinking of a wrong answer.  No detail in a report holds a measured time.

Ctrl-C kills every program running at once (:meth:`.program.Programs.stop`)
and raises :class:`Interrupted`, a ``KeyboardInterrupt`` that says how far
the run got.

:func:`stress` is the library entry for a problem of your own (see
``docs/kit.md``): a generator from :class:`random.Random`, the trusted answer
and the solution (a shell command, or a Python function).
"""

from __future__ import annotations

import random
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from .._lazy import renamed_names
from ..errors import BipartiteGameError
from .check import compare
from .program import Programs, Run, wall_limit
from .shrink import lines, shrink

__all__ = [
    "MAX_JOBS",
    "MAX_TIME_LIMIT",
    "OUTPUT_LIMIT",
    "Failure",
    "Interrupted",
    "Report",
    "RunOutcome",
    "run_solution",
    "stress",
    "stress_cases",
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


@dataclass(frozen=True)
class RunOutcome:
    """The outcome of one run of the solution: ``kind`` is ``ok``, ``wrong answer``,
    ``time-out``, ``crash``, ``non-zero exit`` or ``output limit``; ``detail``
    says more (the first differing line, the exit status or signal, the last
    line the program wrote to standard error).  ``output`` is what it printed,
    at most the output limit.

    Parameters
    ----------
    kind : str
        What happened.
    output : str
        What the program printed.
    detail : str, optional
        More about it.

    Attributes
    ----------
    ok : bool
        Whether the run gave a right answer.

    Examples
    --------
    >>> report = stress(lambda rng: f"{rng.randint(1, 9)} {rng.randint(1, 9)}\\n",
    ...                 lambda text: f"{sum(map(int, text.split()))}\\n",
    ...                 lambda text: f"{max(map(int, text.split()))}\\n")
    >>> report.failure.outcome
    RunOutcome(kind='wrong answer', output='8\\n', detail="line 1: expected '14', found '8'")
    """

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
    :data:`KEPT_OUTPUT` characters), and the original input.

    Parameters
    ----------
    case : int
        The case's number, from 0.
    input : str
        The shrunk input.
    expected : str
        The right answer to it.
    outcome : RunOutcome
        The solution's run on it.
    original : str
        The input as generated.
    runs : int
        The runs shrinking took.

    Examples
    --------
    >>> report = stress(lambda rng: f"{rng.randint(1, 9)} {rng.randint(1, 9)}\\n",
    ...                 lambda text: f"{sum(map(int, text.split()))}\\n",
    ...                 lambda text: f"{max(map(int, text.split()))}\\n")
    >>> report.failure.case, report.failure.input, report.failure.expected
    (0, '6 8\\n', '14\\n')
    """

    case: int
    input: str
    expected: str
    outcome: RunOutcome
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
    """What a stress run found: ``failure`` is ``None`` when all agreed.

    Parameters
    ----------
    cases : int
        The cases run.
    seconds : float
        How long the run took.
    failure : Failure or None
        The first failure, shrunk.

    Attributes
    ----------
    ok : bool
        Whether every case agreed.

    Examples
    --------
    >>> report = stress(lambda rng: f"{rng.randint(1, 9)}\\n", lambda text: text,
    ...                 lambda text: text, count=5)
    >>> report.ok, report.cases
    (True, 5)
    """

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
) -> RunOutcome:
    """Run ``solution`` on ``text``.  A shell command gets it on standard
    input and is run as :mod:`.program` says: judged once its own process
    has exited, within ``time_limit`` seconds of CPU time (and twice that
    and a second of wall-clock time), on at most ``output_limit`` bytes of
    output, every process it started killed at the end.  A Python function
    is called with it (an exception is a crash; it has no limits).  The
    outcome is ``ok`` when it ran cleanly; judging the output is
    :func:`judge`'s."""
    if not isinstance(solution, str):
        try:
            return RunOutcome("ok", str(solution(text)))
        except Exception as error:
            return RunOutcome("crash", "", f"raised {type(error).__name__}: {error}")
    return _outcome(
        Programs().run(solution, text.encode(), time_limit=time_limit, output_limit=output_limit),
        time_limit,
        output_limit,
    )


def _outcome(run: Run, time_limit: float, output_limit: int) -> RunOutcome:
    """What a run of a program was: its kind and detail, its output decoded.

    The details are the same on every run of the same program (no measured
    time in them), so that a report is too."""
    clean = run.limit is None and run.status == 0 and not run.error
    # a failing run is not judged: only the part a failure keeps is decoded
    output = (run.output if clean else run.output[:KEPT_OUTPUT]).decode(errors="replace")
    said = run.stderr.decode(errors="replace").strip().splitlines()
    said_last = f" (it said: {said[-1][:200]})" if said else ""
    if run.error:
        return RunOutcome("non-zero exit", output, f"could not be started: {run.error}")
    if run.limit in ("cpu", "wall"):  # one detail: which came first can depend on load
        clock = wall_limit(time_limit)
        detail = f"no exit within {time_limit:g} s of CPU time ({clock:g} s by the clock)"
        return RunOutcome("time-out", output, detail)
    if run.limit == "output":
        return RunOutcome("output limit", output, f"printed more than {_mib(output_limit)}")
    status = run.status
    if status < 0:
        return RunOutcome("crash", output, f"killed by {_signal_name(-status)}{said_last}")
    if 128 < status <= 128 + 64:  # the shell's report of a signal
        return RunOutcome(
            "crash", output, f"exit status {status}: {_signal_name(status - 128)}{said_last}"
        )
    if status != 0:
        return RunOutcome("non-zero exit", output, f"exit status {status}{said_last}")
    return RunOutcome("ok", output)


def _mib(size: int) -> str:
    return f"{size >> 20} MiB" if size % (1 << 20) == 0 else f"{size} bytes"


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def kept(outcome: RunOutcome) -> RunOutcome:
    """``outcome`` with at most the first :data:`KEPT_OUTPUT` characters of
    its output, as a failure keeps it (shrinking judges many runs, and a
    flood of output must not be held once per run)."""
    if len(outcome.output) <= KEPT_OUTPUT:
        return outcome
    return RunOutcome(outcome.kind, outcome.output[:KEPT_OUTPUT], outcome.detail)


def judge(expected: str, outcome: RunOutcome) -> RunOutcome:
    """A clean run whose output differs from ``expected`` is a wrong answer."""
    if not outcome.ok:
        return outcome
    verdict = compare(outcome.output.encode(), expected.encode())
    if verdict.ok:
        return outcome
    detail = str(verdict).removeprefix("wrong answer: ")
    return RunOutcome("wrong answer", outcome.output, detail)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a stress run, its programs killed: ``agreed`` cases
    had agreed, and ``failing`` is the number and the kind of the failure
    being shrunk, if one was found.

    Parameters
    ----------
    agreed : int
        The cases that agreed.
    failing : tuple of (int, str) or None
        The case and kind of the failure being shrunk.

    Examples
    --------
    >>> str(Interrupted(3, None))
    'interrupted: the first 3 cases agree'
    """

    def __init__(self, agreed: int, failing: tuple[int, str] | None) -> None:
        super().__init__(agreed, failing)
        self.agreed = agreed
        self.failing = failing

    def __str__(self) -> str:
        if self.failing is not None:
            case, kind = self.failing
            return f"interrupted while shrinking the failure of case {case} ({kind})"
        if not self.agreed:
            return "interrupted before any case was judged"
        if self.agreed == 1:
            return "interrupted: the first case agrees"
        return f"interrupted: the first {self.agreed} cases agree"


@dataclass(eq=False)
class _Runner:
    """Runs and judges cases, remembering every input it judged."""

    expected: Callable[[str], str]
    solution: Solution
    time_limit: float
    output_limit: int
    judged: dict[str, tuple[str, RunOutcome]] = field(default_factory=dict, init=False)
    runs: int = field(default=0, init=False)
    programs: Programs = field(default_factory=Programs, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _in_process: threading.Lock = field(default_factory=threading.Lock, init=False)

    def run(self, text: str) -> RunOutcome:
        """The solution's run on ``text``, not judged."""
        if isinstance(self.solution, str):
            return self._run_program(self.solution, text)
        with self._in_process:
            return run_solution(self.solution, text)

    def judge(self, text: str) -> tuple[str, RunOutcome]:
        # Python code runs one call at a time: threads would not make it
        # faster (the interpreter's lock).  Programs run in parallel.
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

    def _run_program(self, command: str, text: str) -> RunOutcome:
        run = self.programs.run(
            command, text.encode(), time_limit=self.time_limit, output_limit=self.output_limit
        )
        return _outcome(run, self.time_limit, self.output_limit)

    def fails_as(self, kind: str) -> Callable[[str], bool]:
        """Does a candidate input fail in the same way?  One the trusted
        answer refuses (a ``ValueError``: not a valid input) does not, nor
        one that fails otherwise: a time-out counts only when a time-out is
        being shrunk."""

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
    each pool thread also generated and answered its case (under a lock).

    On any exception, Ctrl-C first, the programs running are killed before
    the pool's threads are waited for, so it returns at once; a
    ``KeyboardInterrupt`` comes out as :class:`Interrupted`.
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
    window: deque[tuple[str, str, Future[RunOutcome]]] = deque()
    agreed, failing = 0, None
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            try:
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
                        agreed += 1
                        continue
                    failing = (case, outcome.kind)
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
            except BaseException:
                # the pool's threads wait on the programs: those go first
                runner.programs.stop()
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    except KeyboardInterrupt:
        raise Interrupted(agreed, failing) from None
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
    that prints more than ``output_limit`` bytes fails (``output limit``);
    ``time_limit`` is CPU seconds a run (see :mod:`.program`).  Ctrl-C
    kills the programs running and raises :class:`Interrupted`.

    Parameters
    ----------
    generate : callable
        ``generate(rng)`` draws one input.
    expected : callable
        ``expected(text)`` is the right output.
    solution : str or callable
        A shell command, or a function of the input text.
    count : int, optional
        How many inputs.
    seed : int, optional
        The run's seed.
    time_limit : float, optional
        CPU seconds a run.
    jobs : int, optional
        Runs at once.
    candidates : callable, optional
        ``candidates(text)`` lists smaller inputs.
    output_limit : int, optional
        The most bytes a program may print.

    Returns
    -------
    Report
        The cases run and the first failure, shrunk.

    Raises
    ------
    Interrupted
        On Ctrl-C.

    Examples
    --------
    >>> report = stress(lambda rng: f"{rng.randint(1, 9)} {rng.randint(1, 9)}\\n",
    ...                 lambda text: f"{sum(map(int, text.split()))}\\n",
    ...                 lambda text: f"{max(map(int, text.split()))}\\n")
    >>> report.ok, report.failure.input
    (False, '6 8\\n')
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


# renamed after 0.1.0 (bipartite_game.Outcome is a game's end)
renamed_names(__name__, {"Outcome": "RunOutcome"})
