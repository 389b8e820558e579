"""Where a long run spends its time: phases, sizes, peak memory, progress.

Why a module of its own: the command line wants two things of a long run —
``--stats`` (each phase's time, the graph's and the matching's size, the
peak memory, as a table on standard error) and, at a terminal, a sign that
the run is alive — and both need the same record of which phase is running.
Code anywhere reports into that record with :func:`phase` (a context
manager), :func:`count` and :func:`note` (a fact in words); the command
line opens a :func:`session` around one command.  With no session open, as
in every library call, :func:`phase` returns one shared do-nothing context
and :func:`count` returns at once: the cost is a global lookup, so the game
layer can report unconditionally.

Phases nest (``decompose`` runs ``match`` inside it); a phase entered many
times (one per case of ``lock``) adds up its time and counts its calls.

Progress: past :data:`PROGRESS_AFTER` seconds a daemon thread rewrites one
line on standard error (``\\r``, then erase to the end of the line) every
half second with the running phase and the time so far (and a bar with the
share done, for a phase that says how far it is with :func:`progress`), and
each phase boundary rewrites it at once; the line is erased when the session
ends, so nothing of it stays on the screen and nothing ever goes to standard output.
The compiled kernels release the GIL (``nogil=True`` in :mod:`._jit`), so the
thread keeps ticking during a long matching; a long stretch of interpreted
code still lets it run every few milliseconds (the interpreter's switch
interval); but one long C call that holds the GIL (``bytes.split`` of a huge
edge list, a ``dict`` of a million labels) stops the ticks until it returns,
and then the phase boundary rewrites the line.  The command line turns
progress on only when standard error is a terminal (and the input is not
being typed there).  ``BIPARTITE_GAME_PROGRESS_AFTER`` (seconds) overrides
the delay, for tests.
"""

from __future__ import annotations

import os
import resource
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Any, TextIO

__all__ = [
    "PROGRESS_AFTER",
    "Recorder",
    "active",
    "count",
    "note",
    "phase",
    "progress",
    "report_solved",
    "session",
]

#: The sizes ``_jit`` counts, one per way a kernel call ran: in the native
#: C library, or as plain Python (the specification).
NATIVE_CALLS = "kernel calls: native"
INTERPRETED_CALLS = "kernel calls: interpreted"
_KERNEL_CALLS = (NATIVE_CALLS, INTERPRETED_CALLS)

#: Seconds of work before the progress line appears.
PROGRESS_AFTER = 2.0
#: Seconds between two ticks of the progress line.
_TICK = 0.5
#: Erase from the cursor to the end of the line (ECMA-48 EL).
_ERASE = "\r\x1b[K"
#: Characters of the progress bar.
_BAR = 20


class _Nothing:
    """The context :func:`phase` returns when no session is open."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NOTHING = _Nothing()
_current: Recorder | None = None


def phase(name: str) -> _Nothing | _Phase:
    """A context that times the phase ``name`` in the open session (if any)."""
    recorder = _current
    return _NOTHING if recorder is None else _Phase(recorder, name)


def active() -> bool:
    """Is a session open?  For a size that costs work to find (a count over
    an array): compute it only then."""
    return _current is not None


def count(name: str, value: int) -> None:
    """Add ``value`` to the size ``name`` (``vertices``, ``edges``, ...) of
    the open session, if any."""
    recorder = _current
    if recorder is not None:
        recorder.sizes[name] = recorder.sizes.get(name, 0) + int(value)


def progress(done: int, total: int) -> None:
    """Say that the running phase of the open session, if any, has done
    ``done`` of its ``total`` parts: its progress line shows a bar and the
    share until the phase ends."""
    recorder = _current
    if recorder is not None and total > 0:
        recorder.advance(min(max(done, 0), total) / total)


def note(name: str, text: str) -> None:
    """Say ``text`` as the fact ``name`` of the open session, if any: for
    what is not a count (``matching``: none, and why)."""
    recorder = _current
    if recorder is not None:
        recorder.notes[name] = text


class _Phase:
    def __init__(self, recorder: Recorder, name: str) -> None:
        self.recorder = recorder
        self.name = name

    def __enter__(self) -> None:
        self.recorder.enter(self.name)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.recorder.leave()


class Recorder:
    """The phases of one run: per path of nested names, total seconds and
    calls, in order of first entry; sizes by name; and the progress line."""

    def __init__(self, *, progress: TextIO | None = None, delay: float = PROGRESS_AFTER) -> None:
        self.started = time.perf_counter()
        self.times: dict[tuple[str, ...], list[float]] = {}
        self.sizes: dict[str, int] = {}
        self.notes: dict[str, str] = {}
        self._stack: list[tuple[str, float]] = []
        #: the share done of the running phase, and its depth in the stack
        self.share: tuple[float, int] | None = None
        self._stream = progress
        self._delay = delay
        self._lock = threading.Lock()
        self._shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if progress is not None:
            self._thread = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._thread.start()

    def enter(self, name: str) -> None:
        with self._lock:
            self._stack.append((name, time.perf_counter()))
            # listed in order of first entry: a phase before the ones inside it
            self.times.setdefault(tuple(name for name, _ in self._stack), [0.0, 0])
        self._show()

    def leave(self) -> None:
        now = time.perf_counter()
        with self._lock:
            total = self.times[tuple(name for name, _ in self._stack)]
            _, began = self._stack.pop()
            self.share = None
            total[0] += now - began
            total[1] += 1
            inside = bool(self._stack)
        if inside:  # back in the enclosing phase; between phases, wait for the next
            self._show()

    def advance(self, share: float) -> None:
        """The running phase has done ``share`` (0 to 1) of its work: the
        line shows it at once when the whole percentage changed."""
        with self._lock:
            before = self.share
            self.share = (share, len(self._stack))
        if before is None or int(before[0] * 100) != int(share * 100):
            self._show()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def close(self) -> None:
        """Stop the progress thread and erase its line."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        with self._lock:
            if self._shown and self._stream is not None:
                self._write(_ERASE)
            self._stream = None

    def _tick(self) -> None:
        while not self._stop.wait(_TICK):
            self._show()

    def _show(self) -> None:
        if self._stream is None:
            return
        elapsed = self.elapsed()
        if elapsed < self._delay:
            return
        with self._lock:
            if self._stream is None:  # closed meanwhile
                return
            where = " > ".join(name for name, _ in self._stack) or "working"
            share = self.share
            if share is not None and share[1] == len(self._stack):
                filled = int(share[0] * _BAR)
                where += f" [{'#' * filled}{'.' * (_BAR - filled)}] {share[0]:.0%}"
            self._write(f"{_ERASE}bipartite-game: {where} ... {elapsed:.1f} s")
            self._shown = True

    def _write(self, text: str) -> None:
        assert self._stream is not None
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):  # a terminal that went away: stop showing
            self._stream = None

    def table(self) -> str:
        """The ``--stats`` table: phases (nested ones indented) with seconds
        and calls, the time outside every phase, the sizes and the peak
        memory, aligned."""
        rows: list[tuple[str, str, str]] = []
        for path, (seconds, calls) in self.times.items():
            rows.append(("  " * (len(path) - 1) + path[-1], f"{seconds:.3f}", str(calls)))
        total = self.elapsed()
        inside = sum(s for path, (s, _) in self.times.items() if len(path) == 1)
        rows.append(("(other)", f"{max(total - inside, 0.0):.3f}", ""))
        rows.append(("total", f"{total:.3f}", ""))
        width = max(len("phase"), *(len(name) for name, _, _ in rows))
        lines = [f"{'phase':<{width}}  {'seconds':>9}  {'calls':>5}"]
        lines += [f"{name:<{width}}  {sec:>9}  {calls:>5}" for name, sec, calls in rows]
        facts = self._facts()
        label = max(len(key) for key, _ in facts)
        lines += [f"{key:<{label}}  {value}" for key, value in facts]
        return "".join(f"bipartite-game: stats: {line}".rstrip() + "\n" for line in lines)

    def _facts(self) -> list[tuple[str, str]]:
        sizes = self.sizes
        facts: list[tuple[str, str]] = []
        if "graphs" in sizes:
            many = f" in {sizes['graphs']} graphs" if sizes["graphs"] != 1 else ""
            facts.append(
                ("graph", f"{sizes['vertices']} vertices, {sizes['edges']} edges{many}")
            )
        notes = dict(self.notes)
        if "matched pairs" in sizes:
            facts.append(("matching", f"{sizes['matched pairs']} pairs"))
            notes.pop("matching", None)
        elif "matching" in notes:
            facts.append(("matching", notes.pop("matching")))
        for key, value in sizes.items():
            if key not in ("graphs", "vertices", "edges", "matched pairs", *_KERNEL_CALLS):
                facts.append((key, str(value)))
        facts.extend(notes.items())
        if any(key in sizes for key in _KERNEL_CALLS):
            ways = zip(_KERNEL_CALLS, ("in C", "interpreted"), strict=True)
            calls = ", ".join(f"{sizes.get(key, 0)} {how}" for key, how in ways)
            facts.append(("kernel calls", calls))
        facts.append(("peak memory", f"{peak_memory() / 2**20:.1f} MiB (the process's ru_maxrss)"))
        return facts


def peak_memory() -> int:
    """The process's peak resident memory in bytes (``ru_maxrss``: KiB on
    Linux, bytes on macOS); it includes the interpreter and its imports."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024


@contextmanager
def session(*, stats: TextIO | None = None, progress: TextIO | None = None) -> Iterator[None]:
    """Record the phases of the code inside; at its end, erase the progress
    line and, when it ended without an error and ``stats`` is a stream,
    write the table there.  Nothing is recorded when both are ``None``."""
    global _current
    if stats is None and progress is None:
        yield
        return
    try:
        delay = float(os.environ.get("BIPARTITE_GAME_PROGRESS_AFTER", PROGRESS_AFTER))
    except ValueError:
        delay = PROGRESS_AFTER
    recorder = Recorder(progress=progress, delay=delay)
    _current = recorder
    try:
        yield
    finally:
        _current = None
        recorder.close()
    if stats is not None:
        try:
            stats.write(recorder.table())
            stats.flush()
        except (OSError, ValueError):  # standard error gone: the answer still stands
            pass


def report_solved(vertices: int, edges: int, mate: Any) -> None:
    """Count one solved graph's size and its matching's (``mate``, a numpy
    array: its matched pairs are counted only while a session records)."""
    if active():
        count("graphs", 1)
        count("vertices", vertices)
        count("edges", edges)
        count("matched pairs", int((mate >= 0).sum()) // 2)
