"""What every command shares, in whichever layer its code lives (``cli/``,
or the libraries it calls: a certificate, a sweep's file, the web server):
standard output written with its failures named as the output's, and output
files written whole.

Standard output: :func:`write_stdout` writes whole and turns a failure (a
full disk, a closed descriptor) into an :class:`OutputError`, which the
command line reports as the output's, never as the input's.  A reader that
went away (``| head``) raises :class:`ReaderGone`, on which the command line
ends quietly with :data:`READER_GONE` (141, a shell's status for a process
that SIGPIPE killed); :func:`stop_if_reader_leaves` notices it while a
command still computes.

Files: every output file (``--output``, ``--plot``, ``--certificate``,
``stress --save``) is checked by :func:`check_output` before the command's
work and written by :func:`replacing`: through its symbolic links (the link
stays, its final target gets the file; a dangling link creates its target),
into a temporary file beside that target, renamed over it when complete
(an interrupted command leaves the old file or none, never half of one),
keeping an existing file's permission bits.  A directory, a named pipe, a
socket or a device at the target is refused, since renaming over it would
replace it; ``-`` and ``/dev/stdout`` name standard output, where a command
allows it.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import secrets
import select
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NoReturn, cast

from ._text import quote
from .errors import BipartiteGameError

__all__ = [
    "READER_GONE",
    "OutputError",
    "ReaderGone",
    "check_output",
    "end_now",
    "flush_stdout",
    "output_unread",
    "replacing",
    "require_stdout",
    "silence_stdout",
    "stop_if_reader_leaves",
    "write_file",
    "write_stdout",
]


# ---------------------------------------------------------- standard output
class OutputError(OSError):
    """An output failed, never the input: standard output (closed, a full
    disk) or, when ``filename`` is given, the file the user named (a full
    disk, a read-only folder).  Its message says which:
    ``cannot write the output: REASON`` or ``cannot write FILE: REASON``."""

    def __init__(self, reason: str, filename: str | None = None, code: int | None = None) -> None:
        super().__init__(code, reason)
        self.reason = reason
        self.filename = filename

    def __str__(self) -> str:
        name = "the output" if self.filename is None else self.filename
        return f"cannot write {name}: {self.reason}"


class ReaderGone(BaseException):
    """Standard output's reader went away (``| head``, a pager quit): the
    command stops, quietly, with :data:`READER_GONE`.  A ``BaseException``,
    as ``KeyboardInterrupt`` is: no ``except Exception`` on its way swallows
    it, and the pools and clusters clean up as they do on Ctrl-C."""


#: The exit status when standard output's reader went away: 128 + SIGPIPE
#: (13), what a shell reports for a Unix tool that SIGPIPE killed, so that
#: ``set -o pipefail`` and ``PIPESTATUS`` read every command alike.
READER_GONE = 128 + 13


def require_stdout() -> None:
    """Refuse to start when standard output is closed (``>&-``): the answer
    would be lost, and a command that ran anyway would report success."""
    if sys.stdout is None:
        raise OutputError("standard output is closed")


def write_stdout(output: bytes | memoryview | str) -> None:
    """Write to standard output (text as UTF-8); a reader that went away
    (``| head``) raises :class:`ReaderGone`, any other failure an
    :class:`OutputError`."""
    require_stdout()
    data = output.encode() if isinstance(output, str) else output
    with _stdout_failures():
        sys.stdout.flush()  # whatever was written as text goes first
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def flush_stdout() -> None:
    """Flush what was written to standard output as text (nothing when it
    is closed); failures as :func:`write_stdout` names them."""
    if sys.stdout is not None:
        with _stdout_failures():
            sys.stdout.flush()


@contextlib.contextmanager
def _stdout_failures() -> Iterator[None]:
    """A reader that went away raises :class:`ReaderGone`, any other
    failure to write standard output an :class:`OutputError`; either way
    standard output is silenced first."""
    try:
        yield
    except BrokenPipeError:
        silence_stdout()
        raise ReaderGone from None
    except OSError as error:
        silence_stdout()
        raise OutputError(error.strerror or str(error)) from None


def silence_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's own flush
    at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - nothing more to do
        pass


# ------------------------------------------------------ the reader going away
#: Temporary files being written (:func:`replacing`): removed when the
#: process must end at once.
_PARTIAL: set[str] = set()


@contextlib.contextmanager
def stop_if_reader_leaves(*, interrupt: bool = False) -> Iterator[Callable[[], None]]:
    """While the block runs, standard output's reader going away (a pipe
    whose reading end closed: ``| head -c0``, a pager quit) stops the
    command at once, not at its next write.

    Without ``interrupt`` the process ends there and then with
    :data:`READER_GONE` (what the judge commands do on Ctrl-C too: they hold
    nothing to clean up but a temporary file, which is removed), even in the
    middle of a compiled kernel.  With ``interrupt`` :class:`ReaderGone` is
    raised in the main thread, as Ctrl-C raises ``KeyboardInterrupt``, so
    that a sweep's workers are stopped and its cluster tasks cancelled.

    Yields a function that stops the watching before the block ends: call
    it once the last of the output is computed, so that a reader that
    leaves after that (``| head`` having read it all) is no failure; the
    writes still see a reader gone before they are done.  A thread waits
    in ``poll`` for the pipe's error (no reader left), and for nothing
    else: no cost while the reader stays.  Standard output that is not a
    pipe (a file, a terminal) is not watched.
    """
    fd = _stdout_pipe()
    if fd is None or threading.current_thread() is not threading.main_thread():
        yield lambda: None
        return
    watch = _Watch(fd, interrupt)
    try:
        yield watch.stop
    finally:
        watch.stop()


class _Watch:
    """The thread of :func:`stop_if_reader_leaves`, started when made."""

    def __init__(self, fd: int, interrupt: bool) -> None:
        self.fd = fd
        self.interrupt = interrupt
        self.raised = False
        self.previous: Any = None
        if interrupt:
            self.previous = signal.signal(signal.SIGPIPE, self._on_sigpipe)
        self.stop_read, self.stop_write = os.pipe()
        self.thread: threading.Thread | None = threading.Thread(
            target=_watch, args=(fd, self.stop_read, self._gone), name="reader-watch", daemon=True
        )
        self.thread.start()

    def stop(self) -> None:
        """Stop watching (again: nothing)."""
        if self.thread is None:
            return
        os.write(self.stop_write, b"x")
        self.thread.join()
        self.thread = None
        os.close(self.stop_read)
        os.close(self.stop_write)
        if self.interrupt:
            signal.signal(
                signal.SIGPIPE, signal.SIG_IGN if self.previous is None else self.previous
            )

    def _on_sigpipe(self, signum: int, frame: object) -> None:
        # the watcher's signal, or a write's own; one of another stream (a
        # cluster's socket) is no reason to stop
        if not self.raised and _reader_left(self.fd):
            self.raised = True
            raise ReaderGone

    def _gone(self) -> None:
        if self.interrupt:
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGPIPE)
            return
        end_now(READER_GONE)


def end_now(status: int) -> NoReturn:
    """End the process with ``status`` at once: the temporary files being
    written removed, standard error flushed, and none of the interpreter's
    exit hooks run (a stopped worker pool's own thread may still be closing
    its pipes there, and say so on standard error)."""
    for path in list(_PARTIAL):
        with contextlib.suppress(OSError):
            os.unlink(path)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()
    os._exit(status)


def output_unread() -> bool:
    """Is standard output a pipe whose reader went away leaving some of
    what was written unread?  Then the end of the answer is lost, as a
    later write would have found: asked once the command has written all
    (an answer that fit in the pipe's buffer succeeds in its write even
    when ``| head -1`` takes one line of it and leaves)."""
    fd = _stdout_pipe()
    if fd is None or not _reader_left(fd):
        return False
    import fcntl
    import termios

    try:
        unread = fcntl.ioctl(fd, termios.FIONREAD, bytes(4))
    except OSError:  # pragma: no cover - a pipe answers it on Linux and the BSDs
        return False
    return int.from_bytes(unread, sys.byteorder) > 0


def _stdout_pipe() -> int | None:
    """Standard output's descriptor when it is a pipe, else ``None`` (and
    where pipes cannot be polled: Windows)."""
    if not hasattr(select, "poll"):
        return None
    try:
        fd = sys.stdout.fileno()
        return fd if stat.S_ISFIFO(os.fstat(fd).st_mode) else None
    except (AttributeError, OSError, ValueError):  # closed, or not a real stream
        return None


def _reader_left(fd: int) -> bool:
    """Has the pipe ``fd`` writes to lost its last reader?  (``poll`` then
    reports an error on the writing end.)"""
    poller = select.poll()
    poller.register(fd, 0)
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))


def _watch(fd: int, stop: int, gone: Callable[[], None]) -> None:
    poller = select.poll()
    poller.register(fd, 0)  # the error (no reader left) is reported unasked
    poller.register(stop, select.POLLIN)
    while True:
        for ready, events in poller.poll():
            if ready == stop or events & select.POLLNVAL:
                return
            if events & (select.POLLERR | select.POLLHUP):
                gone()
                return


# ------------------------------------------------------------- file outputs
#: Symbolic links followed at most, as the kernel does (MAXSYMLINKS).
_MAX_LINKS = 40
#: Names of an open descriptor rather than of a file: ``/dev/fd/N``,
#: ``/proc/self/fd/N``, ``/proc/PID/fd/N``.
_DESCRIPTOR = re.compile(r"/(?:dev|proc/(self|thread-self|[0-9]+))/fd/([0-9]{1,9})")
_STANDARD_STREAMS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
#: What a path may name besides a regular file, as a message says it.
_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)

_Target = tuple[str, "os.stat_result | None"]


def check_output(path: str, *, standard_output: bool = False) -> bool:
    """Check ``path`` as an output before any work: what :func:`replacing`
    would write, and that it can (a temporary file is made beside the
    target and removed).  Returns True when ``path`` names standard output
    (``-``, ``/dev/stdout``, ``/dev/fd/1``), which only a command that
    prints its rows there allows (``standard_output``).

    Raises :class:`~bipartite_game.errors.BipartiteGameError` for a path
    that is not a file to write (a directory, a named pipe, a socket, a
    device, a missing folder, standard output where a file is needed), and
    :class:`OutputError` for a file that cannot be written (a read-only
    folder or file)."""
    target = _resolve(path)
    if target is None:
        if not standard_output:
            raise _not_standard_output(path)
        return True
    file, existing = target
    if existing is not None and not os.access(file, os.W_OK):
        raise OutputError(os.strerror(errno.EACCES), path, errno.EACCES)
    fd, temporary = _temporary(file, path)
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    return False


@contextlib.contextmanager
def replacing(path: str) -> Iterator[BinaryIO]:
    """A binary stream that writes the file ``path`` whole or not at all.

    ``path``'s symbolic links are followed: the link stays, and its final
    target gets the new file (a dangling link creates it).  The data goes
    to a temporary file in the target's folder, renamed over the target
    when the block ends normally; an error or an interruption removes it
    and leaves the old file as it was.  An existing file keeps its
    permission bits (and, where the system allows, its owner and group);
    a new one gets the umask's, as ``open`` gives.  Other hard links to the
    old file keep the old data.  No ``fsync``: complete on a rename, not
    proof against a power cut.  A failure of the stream (a full disk) is
    an :class:`OutputError` naming ``path`` (another error in the block
    stays as it is); what is no regular file (a directory, a FIFO, a
    device, standard output) is refused first, as :func:`check_output`
    refuses it."""
    target = _resolve(path)
    if target is None:
        raise _not_standard_output(path)
    file, existing = target
    if existing is not None and not os.access(file, os.W_OK):
        raise OutputError(os.strerror(errno.EACCES), path, errno.EACCES)
    fd, temporary = _temporary(file, path)
    _PARTIAL.add(temporary)
    handle = open(fd, "wb")  # noqa: SIM115 - closed below, on every path
    try:
        yield cast(BinaryIO, _Stream(handle, path))
        try:
            handle.flush()
            if existing is not None:
                _keep_owner_and_mode(fd, existing)
            handle.close()
            os.replace(temporary, file)
        except OSError as error:
            raise OutputError(error.strerror or str(error), path, error.errno) from None
    except BaseException:
        with contextlib.suppress(OSError):
            handle.close()
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    finally:
        _PARTIAL.discard(temporary)


class _Stream(io.BufferedIOBase):
    """The stream :func:`replacing` yields: the temporary file's, whose
    failures are :class:`OutputError` naming the output.  No ``fileno``:
    whoever writes to it goes through :meth:`write`."""

    def __init__(self, handle: BinaryIO, path: str) -> None:
        super().__init__()
        self._handle = handle
        self._path = path

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        try:
            return self._handle.write(data)
        except OSError as error:
            raise OutputError(error.strerror or str(error), self._path, error.errno) from None

    def flush(self) -> None:
        if self._handle.closed:  # replaced already: nothing left to flush
            return
        try:
            self._handle.flush()
        except OSError as error:
            raise OutputError(error.strerror or str(error), self._path, error.errno) from None

    def tell(self) -> int:
        return self._handle.tell()


def write_file(path: str, data: bytes | memoryview) -> None:
    """Write ``data`` to the file ``path`` as :func:`replacing` does (a
    certificate, a shrunk failing input)."""
    with replacing(path) as handle:
        handle.write(data)


def _resolve(path: str) -> _Target | None:
    """The regular file that writing ``path`` creates or replaces, its
    symbolic links followed, and its status if it exists; ``None`` when
    ``path`` names standard output."""
    if not isinstance(path, str) or not path:
        raise BipartiteGameError("a file to write must be named by a non-empty path")
    if "\0" in path:
        raise BipartiteGameError(f"cannot write {quote(path)}: a file name has no NUL byte")
    if path == "-":
        return None
    current = path
    info: os.stat_result | None = None
    for _ in range(_MAX_LINKS + 1):
        descriptor = _descriptor(current)
        if descriptor == 1:
            return None
        if descriptor is not None:
            raise BipartiteGameError(
                f"cannot write {path}: {_through(path, current)}an open file descriptor, not a file"
            )
        try:
            info = os.lstat(current)
            if not stat.S_ISLNK(info.st_mode):
                break
            current = os.path.join(os.path.dirname(current), os.readlink(current))
        except FileNotFoundError:
            info = None
            break
        except OSError as error:  # a file as a folder on the way, a folder not searchable
            raise OutputError(error.strerror or str(error), path, error.errno) from None
    else:
        raise OutputError(os.strerror(errno.ELOOP), path, errno.ELOOP)
    if info is None:
        folder, name = os.path.split(current)
        if not name:
            raise BipartiteGameError(f"cannot write {path}: {_through(path, current)}a folder")
        if not os.path.isdir(folder or "."):
            where = "its folder" if current == path else f"the folder of its target {current}"
            raise BipartiteGameError(f"cannot write {path}: {where} does not exist")
        return current, None
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _KINDS if test(info.st_mode)), "a special file")
        raise BipartiteGameError(
            f"cannot write {path}: {_through(path, current)}{kind}, not a regular file"
        )
    return current, info


def _through(path: str, current: str) -> str:
    """How a message names what ``path`` leads to: itself, or a link's target."""
    return "" if current == path else f"its link leads to {current}, "


def _descriptor(path: str) -> int | None:
    """The descriptor of this process that ``path`` names (``/dev/stdout``,
    ``/dev/fd/1``, ``/proc/self/fd/1``), -1 for another process's, ``None``
    for a name of no descriptor."""
    absolute = os.path.abspath(path)
    if absolute in _STANDARD_STREAMS:
        return _STANDARD_STREAMS[absolute]
    match = _DESCRIPTOR.fullmatch(absolute)
    if match is None:
        return None
    owner = match[1]
    if owner is not None and owner.isdigit() and int(owner) != os.getpid():
        return -1
    return int(match[2])


def _not_standard_output(path: str) -> BipartiteGameError:
    return BipartiteGameError(
        f"cannot write {path}: this output is a file, not standard output; name a file"
    )


def _temporary(file: str, path: str) -> tuple[int, str]:
    """A new file beside ``file`` (its name hidden, and marked partial):
    its descriptor and name.  A failure names ``path``, the output."""
    folder, name = os.path.split(file)
    for _ in range(100):
        temporary = os.path.join(folder, f".{name[:200]}.{secrets.token_hex(4)}.partial")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise OutputError(error.strerror or str(error), path, error.errno) from None
    raise OutputError("no free name for a temporary file beside it", path, errno.EEXIST)


def _keep_owner_and_mode(fd: int, existing: os.stat_result) -> None:
    """Give the new file the replaced one's permission bits, and its owner
    and group where this process may (root; a group it is in)."""
    if os.name != "posix":  # no owner nor such bits to keep
        return
    if (existing.st_uid, existing.st_gid) != (os.geteuid(), os.getegid()):
        with contextlib.suppress(OSError):
            try:
                os.fchown(fd, existing.st_uid, existing.st_gid)
            except PermissionError:
                os.fchown(fd, -1, existing.st_gid)
    os.fchmod(fd, stat.S_IMODE(existing.st_mode) & 0o777)
