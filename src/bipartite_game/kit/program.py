"""A contestant's program run once, as a judge runs it.

The input goes to its standard input, its output is read up to a bound, and
the run is judged when the program's own process has exited — not when its
output closes: coreutils ``cat``, or a C program ending in
``fclose(stdout); fclose(stderr);``, closes both pipes and then still has to
exit, and a program may close them and go on working.  At its exit every
process it left in its process group is killed (each run is a session of its
own), so a child holding the output open neither holds the run up nor
outlives it, and the output is what it printed by then: what the pipes hold
is read to their end without waiting for anyone.

The time limit is **CPU time** (user and system) of the program's processes,
as judges count it, because that is what a busy machine does not change: a
run that waits for a core uses none, so the same program on the same input
gets the same verdict under any load, unless its CPU time is within a hair
of the limit.  It is read from ``/proc`` now and then while the program runs
(every process of its session, so a program behind a shell counts too) and
exactly from the system at its exit (its own time and that of the children
it waited for).  A run is also stopped after :func:`wall_limit` seconds of
wall-clock time (twice the limit and one second), so that a program that
sleeps or waits forever ends too; that bound is generous so that load alone
never reaches it.

The exit is seen at once through a pidfd where Linux gives one (elsewhere by
polling), before the process is reaped, so the group's id cannot have been
handed to another process when the group is killed.  A :class:`Programs`
knows the runs under way, and :meth:`Programs.stop` (Ctrl-C) kills them all
at once.  The command line also makes its process a child subreaper
(:func:`become_subreaper`), so that a killed program's own children are
reaped here, not left as zombies under an init that does not reap.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from ..errors import BipartiteGameError

__all__ = [
    "Programs",
    "Run",
    "Stopped",
    "become_subreaper",
    "check_command",
    "command_words",
    "wall_limit",
]

#: The end of a program's standard error kept (bytes), for its last line.
STDERR_TAIL = 1 << 16
#: How often a program's exit is looked for where no pidfd tells it.
_POLL_SECONDS = 0.02
#: The least time between two readings of a running program's CPU time.
_CPU_POLL_SECONDS = 0.1
#: The longest a killed program's processes are waited for, to reap them.
_REAP_SECONDS = 1.0
#: Characters that need a shell to mean what they say.
_SHELL = frozenset("|&;<>()$`\\*?[]{}~#=%!\n")
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def wall_limit(time_limit: float) -> float:
    """The wall-clock seconds a run of CPU time limit ``time_limit`` may
    last: ``2 * time_limit + 1``."""
    return 2 * time_limit + 1


@dataclass(frozen=True)
class Run:
    """One run of a program.

    ``output`` is what it printed (at most the output limit), ``stderr``
    the end of its standard error; ``status`` its exit status as
    :attr:`subprocess.Popen.returncode` has it (``-N``: killed by signal
    ``N``); ``limit`` the limit it passed, if any: ``"cpu"``, ``"wall"`` or
    ``"output"``; ``cpu`` the CPU seconds it was seen to use; ``error``,
    when not empty, why it could not be started.
    """

    output: bytes
    stderr: bytes
    status: int
    limit: str | None
    cpu: float
    error: str = ""


class Stopped(Exception):
    """The :class:`Programs` were stopped: this run was killed, or not started."""


class Programs:
    """The programs running now, so that they can all be killed at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: set[int] = set()  # session ids: never one that was reaped
        self._stopped = False

    @property
    def stopped(self) -> bool:
        return self._stopped

    def stop(self) -> None:
        """Kill every program running now, with all its processes, and
        start no other: each run under way raises :class:`Stopped`."""
        with self._lock:
            self._stopped = True
            for session in self._live:
                _kill_group(session)

    def run(self, command: str, data: bytes, *, time_limit: float, output_limit: int) -> Run:
        """Run the shell command ``command`` on ``data`` within
        ``time_limit`` seconds of CPU time (and :func:`wall_limit` of
        wall-clock time), reading at most ``output_limit`` bytes of its
        output."""
        words = command_words(command)
        with self._lock:
            if self._stopped:
                raise Stopped
        try:
            process = subprocess.Popen(
                words or command,
                shell=words is None,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as error:  # gone or rewritten since it was found (a rebuild)
            return Run(b"", b"", 127, None, 0.0, error.strerror or str(error))
        with self._lock:
            self._live.add(process.pid)
            stopped = self._stopped
        if stopped:  # stop() came before the program was known: it missed it
            _kill_group(process.pid)
        try:
            watched = _watch(process, data, time_limit, output_limit)
        finally:
            _kill_group(process.pid)  # a no-op unless something went wrong
            with self._lock:
                self._live.discard(process.pid)
            status, cpu = _reap(process)
        if self._stopped:
            raise Stopped
        cpu = max(cpu, watched.cpu)
        limit = watched.limit or ("cpu" if cpu > time_limit else None)
        return Run(watched.output, watched.stderr, status, limit, cpu)


def command_words(command: str) -> list[str] | None:
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


def check_command(command: str) -> None:
    """Refuse a command that cannot run: empty, or, when it needs no shell,
    naming a program that does not exist or cannot be run (a command with
    shell syntax is the shell's to judge; a shell's builtin, ``exit 3``, is
    a program)."""
    if not command.strip():
        raise BipartiteGameError("stress needs the program to test: --solution 'CMD'")
    if any(ch in _SHELL for ch in command):
        return
    try:
        program = shlex.split(command)[0]
    except ValueError:  # an open quote: the shell will say so
        return
    if shutil.which(program) is not None:
        return
    if os.sep in program:
        if os.path.isdir(program):
            raise BipartiteGameError(f"--solution: {program} is a folder, not a program")
        if os.path.exists(program):
            raise BipartiteGameError(f"--solution: {program} is not executable (chmod +x?)")
        raise BipartiteGameError(f"--solution: {program}: no such file")
    known = subprocess.run(
        ["/bin/sh", "-c", 'command -v "$1"', "sh", program],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    if known.returncode != 0:  # neither on the PATH nor the shell's own
        raise BipartiteGameError(f"--solution: {program}: no such program on the PATH")


# ------------------------------------------------------------ one run
def _watch(
    process: subprocess.Popen[bytes], data: bytes, time_limit: float, output_limit: int
) -> Run:
    """Feed ``data`` to the program and read what it prints until its own
    process exits or it passes a limit; then kill its process group.  The
    process is not reaped here (:func:`_reap` does it, once the group is
    killed and forgotten)."""
    assert process.stdin and process.stdout and process.stderr
    out, err = bytearray(), bytearray()
    started = time.monotonic()
    wall_deadline = started + wall_limit(time_limit)
    # no process uses more CPU time than the wall-clock time times the cores
    next_cpu_reading = started + time_limit / (os.cpu_count() or 1)
    cpu_interval = max(_CPU_POLL_SECONDS, time_limit / 20)
    limit: str | None = None
    cpu = 0.0
    pidfd = _pidfd(process.pid)
    pipes = {process.stdout.fileno(): out, process.stderr.fileno(): err}
    with contextlib.ExitStack() as stack, selectors.DefaultSelector() as selector:
        if pidfd is not None:
            stack.callback(os.close, pidfd)
            selector.register(pidfd, selectors.EVENT_READ)
        written = 0
        if data:
            os.set_blocking(process.stdin.fileno(), False)
            selector.register(process.stdin, selectors.EVENT_WRITE)
        else:
            process.stdin.close()
        for fd in pipes:
            selector.register(fd, selectors.EVENT_READ)
        exited = False
        while not exited and limit is None:
            now = time.monotonic()
            if now >= wall_deadline:
                limit = "wall"
                break
            if now >= next_cpu_reading:
                seen = _session_cpu(process.pid)
                if seen is not None and seen > time_limit:
                    limit, cpu = "cpu", seen
                    break
                next_cpu_reading = now + cpu_interval
            wait = min(wall_deadline, next_cpu_reading) - now
            if pidfd is None:
                wait = min(wait, _POLL_SECONDS)
            for key, _ in selector.select(max(wait, 0.0)):
                if key.fd == pidfd:
                    exited = True
                elif key.fileobj is process.stdin:
                    try:
                        written += os.write(key.fd, data[written : written + (1 << 16)])
                    except BlockingIOError:
                        continue
                    except OSError:  # it stopped reading (a closed pipe): its choice
                        written = len(data)
                    if written >= len(data):
                        selector.unregister(process.stdin)
                        process.stdin.close()
                elif not _read(key.fd, pipes[key.fd], selector):
                    continue
                elif len(out) > output_limit:
                    limit = "output"
                    break
                elif len(err) > 2 * STDERR_TAIL:
                    del err[:-STDERR_TAIL]
            if pidfd is None and not exited:
                exited = _has_exited(process)
        _kill_group(process.pid)  # what it left running, or itself if it overran
        if limit is None:  # its output: everything the pipes hold now
            for fd, into in pipes.items():
                if fd in selector.get_map():
                    _drain(fd, into, output_limit + 1 - len(out) if into is out else 1 << 20)
            if len(out) > output_limit:
                limit = "output"
    del out[output_limit:], err[:-STDERR_TAIL]
    return Run(bytes(out), bytes(err), 0, limit, cpu)


def _read(fd: int, into: bytearray, selector: selectors.BaseSelector) -> bool:
    """Read what the pipe ``fd`` holds into ``into``; at its end, stop
    watching it.  True when something was read."""
    chunk = os.read(fd, 1 << 16)
    if not chunk:
        selector.unregister(fd)
        return False
    into += chunk
    return True


def _drain(fd: int, into: bytearray, most: int) -> None:
    """Read what the pipe ``fd`` holds now, without waiting, up to ``most``
    bytes more."""
    os.set_blocking(fd, False)
    read = 0
    while read < most:
        try:
            chunk = os.read(fd, min(1 << 16, most - read))
        except BlockingIOError:
            return
        if not chunk:
            return
        into += chunk
        read += len(chunk)


def _reap(process: subprocess.Popen[bytes]) -> tuple[int, float]:
    """Close the pipes and reap the program: its exit status (as
    ``Popen.returncode`` has it) and the CPU seconds of it and of the
    children it waited for.  Then reap the processes of its group that were
    left to this one (see :func:`become_subreaper`)."""
    for pipe in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            pipe.close()  # type: ignore[union-attr]
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    give_up = time.monotonic() + _REAP_SECONDS
    while time.monotonic() < give_up:
        try:
            pid, _ = os.waitpid(-process.pid, os.WNOHANG)
        except ChildProcessError:
            break  # none of the group is a child of this process
        if pid == 0:  # killed, not dead yet
            time.sleep(0.001)
    return process.returncode, usage.ru_utime + usage.ru_stime


# ------------------------------------------------------------ the system
def _pidfd(pid: int) -> int | None:
    """A descriptor that becomes readable when ``pid`` exits (Linux 5.3)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _has_exited(process: subprocess.Popen[bytes]) -> bool:
    """Has the program's own process exited?  Asked without reaping it
    (``waitid`` with ``WNOWAIT``), so that its process group's id cannot be
    taken by another process before the group is killed."""
    waitid = getattr(os, "waitid", None)
    if waitid is None or not hasattr(os, "WNOWAIT"):  # pragma: no cover - not on Linux
        return process.poll() is not None
    try:
        return waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # pragma: no cover - reaped already
        return True


def _session_cpu(session: int) -> float | None:
    """CPU seconds used by the processes of ``session`` (their own, and
    their reaped children's), from ``/proc``; ``None`` without it."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    ticks = 0
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                line = stat.read()
        except OSError:  # ended meanwhile
            continue
        fields = line[line.rfind(b")") + 2 :].split()
        # after the name: state ppid pgrp session ... utime stime cutime cstime
        if len(fields) > 14 and int(fields[3]) == session:
            ticks += sum(int(value) for value in fields[11:15])
    return ticks / _CLOCK_TICKS


def _kill_group(session: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(session, signal.SIGKILL)


_PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    """Have the orphans of this process's descendants handed to it rather
    than to init (Linux's child subreaper), so that a killed program's own
    children are reaped here, not left as zombies where init does not reap
    (a container's).  For a command-line process; a library leaves it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
