"""Standard output for the commands: written whole, and its failures named as
the output's (a closed stream, a full disk), never as the input's."""

from __future__ import annotations

import os
import sys

__all__ = ["OutputError", "silence_stdout", "write_stdout"]


class OutputError(Exception):
    """Standard output failed (closed, full disk, ...): the output, not the input."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def write_stdout(output: bytes | memoryview) -> None:
    """Write to standard output; a reader that went away (``| head``) is not
    an error, any other failure is one of the output."""
    try:
        sys.stdout.buffer.write(output)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        silence_stdout()
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
    except (OSError, ValueError):  # pragma: no cover - nothing more to do
        pass
