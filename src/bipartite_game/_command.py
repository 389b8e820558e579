"""What every subcommand shares, in whichever layer its code lives (``cli/``
or ``kit/``): option values checked by argparse, and standard output written
with its failures named as the output's.

Option values: each ``type=`` here turns the text into a number in a stated
range or refuses it with one line naming what was expected, so that a
negative, huge, empty, non-numeric, infinite or NaN value never reaches a
function that would overflow on it (a C ``time_t``, numpy's seeding, a
thread pool's size).  Numbers are read only up to
:data:`~bipartite_game._text.MAX_DIGITS` digits, never with ``int`` on a
megabyte of text.

Standard output: :func:`write_stdout` writes whole and turns a failure (a
full disk, a closed descriptor) into an :class:`OutputError`, which the
command line reports as the output's, never as the input's; a reader that went
away (``| head``) is not an error.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable

from ._text import MAX_DIGITS, quote

__all__ = [
    "OutputError",
    "real",
    "require_stdout",
    "silence_stdout",
    "whole",
    "write_stdout",
]


# ----------------------------------------------------------- option values
def whole(least: int, most: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ``least..most`` (at most
    :data:`MAX_DIGITS` digits, so ``most`` must be below 10**18)."""

    def value(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {least} to {most}, found {quote(text)}"
            )
        number = int(text)
        if not least <= number <= most:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {least} to {most}, found {quote(text)}"
            )
        return number

    value.__name__ = "whole number"
    return value


def real(least: float, most: float, *, above: bool = False) -> Callable[[str], float]:
    """An argparse ``type``: a finite number in ``least..most`` (greater
    than ``least`` when ``above``); ``inf`` and ``nan`` are refused."""
    low, high = _shown(least), _shown(most)
    shown = (
        f"a number more than {low}, at most {high}" if above else f"a number from {low} to {high}"
    )

    def value(text: str) -> float:
        try:
            number = float(text) if len(text) <= 100 else math.nan
        except ValueError:
            number = math.nan
        if (
            not math.isfinite(number)
            or number < least
            or number > most
            or (above and number == least)
        ):
            raise argparse.ArgumentTypeError(f"expected {shown}, found {quote(text)}")
        return number

    value.__name__ = "number"
    return value


def _shown(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else f"{bound:g}"


# ---------------------------------------------------------- standard output
class OutputError(Exception):
    """Standard output failed (closed, full disk, ...): the output, not the input."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def require_stdout() -> None:
    """Refuse to start when standard output is closed (``>&-``): the answer
    would be lost, and a command that ran anyway would report success."""
    if sys.stdout is None:
        raise OutputError("standard output is closed")


def write_stdout(output: bytes | memoryview | str) -> bool:
    """Write to standard output (text as UTF-8); a reader that went away
    (``| head``) is not an error, any other failure is one of the output.
    False when the reader went away (a command writing as it works stops)."""
    require_stdout()
    data = output.encode() if isinstance(output, str) else output
    try:
        sys.stdout.flush()  # whatever was written as text goes first
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        silence_stdout()
        return False
    except OSError as error:
        silence_stdout()
        raise OutputError(error.strerror or str(error)) from None
    return True


def silence_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's own flush
    at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - nothing more to do
        pass
