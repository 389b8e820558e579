"""Reading one input with a bound, for the command line.

A judge command reads a file argument or standard input whole.  The reading
is bounded so that an endless or binary stream ends with one line instead of
the machine's memory: a NUL byte (no format has one) stops it at once, a
front-end with a header says from the first chunk how much text that header
allows, and nothing may pass :func:`~bipartite_game._limits.input_cap`.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable
from typing import BinaryIO

from ._limits import human_size, input_cap
from .errors import BipartiteGameError, InputError

__all__ = ["PROG", "SizeLimit", "read_input"]

#: The command's name, as every message starts with it.
PROG = "bipartite-game"
#: A front-end's bound from the first chunk of its input (None: no bound known).
SizeLimit = Callable[[bytes], "int | None"]

#: Bytes read per call from the input; also the header's look-ahead.
_CHUNK = 1 << 20


def read_input(
    path: str | None, size_limit: SizeLimit | None = None, *, binary: bool = False
) -> bytes:
    """The whole input, read with a bound.

    At most :func:`~bipartite_game._limits.input_cap` bytes (an eighth of the
    memory available), or less when the front-end can tell from the first
    chunk how much its header allows (``size_limit``).  A NUL byte, which no
    format allows, stops the reading at once (``< /dev/zero``).  Both end
    with one line naming the problem, so an endless or binary stream never
    eats the machine's memory.  With ``binary``, NUL bytes are data (a
    contestant's output, which is judged whatever it holds), and only the
    size is bounded.
    """
    if path is None or path == "-":
        if sys.stdin is None:
            raise BipartiteGameError("standard input is closed: give a FILE")
        if sys.stdin.isatty() and sys.stderr is not None:
            sys.stderr.write(f"{PROG}: reading standard input (end it with Ctrl-D)...\n")
            sys.stderr.flush()
        return _read_stream(sys.stdin.buffer, "standard input", size_limit, input_cap(), binary)
    with open(path, "rb") as handle:
        cap = input_cap()
        size = os.fstat(handle.fileno()).st_size
        if size > cap:
            raise BipartiteGameError(
                f"{path}: {human_size(size)} is more input than this machine's memory allows "
                f"(at most {human_size(cap)})"
            )
        return _read_stream(handle, path, size_limit, cap, binary)


def _read_stream(
    stream: BinaryIO, name: str, size_limit: SizeLimit | None, cap: int, binary: bool = False
) -> bytes:
    size = _regular_file_left(stream)
    if size is not None:
        return _read_regular(stream, name, size_limit, cap, size, binary)
    # the chunks go into one growing buffer, whose value is then handed out
    # without a copy: joining a list of them would hold the text twice
    text = io.BytesIO()
    total = 0
    limit = cap
    # a buffered read returns short only at an end of input; at a terminal
    # that end (Ctrl-D) is not remembered, so reading on would wait for a
    # second Ctrl-D
    at_terminal = stream.isatty()
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return text.getvalue()
        nul = -1 if binary else chunk.find(b"\0")
        if nul >= 0:
            line = text.getvalue().count(b"\n") + chunk.count(b"\n", 0, nul) + 1
            raise InputError(f"{name} is binary: NUL byte (expected text)", line=line)
        if not total and size_limit is not None:
            allowed = size_limit(chunk)
            if allowed is not None:
                limit = min(cap, allowed)
        total += len(chunk)
        if total > limit:
            why = "its header allows" if limit < cap else "this machine's memory allows"
            raise BipartiteGameError(
                f"{name}: more input than {why} (at most {human_size(limit)})"
            )
        text.write(chunk)
        if at_terminal and len(chunk) < _CHUNK:
            return text.getvalue()


def _regular_file_left(stream: BinaryIO) -> int | None:
    """The bytes left in ``stream`` when it is a regular file (a file
    argument, or standard input redirected from a file), else ``None``."""
    if not hasattr(os, "pread"):  # Windows: read in chunks
        return None
    try:
        info = os.fstat(stream.fileno())
        left = info.st_size - stream.tell()
        # size 0: empty, or a file of /proc whose size is not known in advance
        return left if stat.S_ISREG(info.st_mode) and left > 0 else None
    except (OSError, ValueError):  # no descriptor, or one that cannot seek
        return None


def _read_regular(
    stream: BinaryIO,
    name: str,
    size_limit: SizeLimit | None,
    cap: int,
    size: int,
    binary: bool = False,
) -> bytes:
    """A regular file, read whole in one piece: its size is known, so the
    bounds are checked before reading, and the text is held once.  (Joining
    chunks holds it twice at the end: 18 MB for a 3000x3000 board, more
    than the rest of a knights answer.)  Same checks and messages as the
    chunked reading."""
    head = os.pread(stream.fileno(), _CHUNK, stream.tell())
    nul = -1 if binary else head.find(b"\0")
    if nul >= 0:
        line = head.count(b"\n", 0, nul) + 1
        raise InputError(f"{name} is binary: NUL byte (expected text)", line=line)
    limit = cap
    if head and size_limit is not None:
        allowed = size_limit(head)
        if allowed is not None:
            limit = min(cap, allowed)
    if size > limit:
        why = "its header allows" if limit < cap else "this machine's memory allows"
        raise BipartiteGameError(f"{name}: more input than {why} (at most {human_size(limit)})")
    data = stream.read(size)  # as far as its size when opened, should it grow
    nul = -1 if binary else data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(f"{name} is binary: NUL byte (expected text)", line=line)
    return data
