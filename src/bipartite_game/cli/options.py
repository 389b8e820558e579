"""Option values read by argparse, shared by the commands.

Each ``type=`` here turns the text into a number in a stated range or
refuses it with one line naming what was expected, so that a negative,
huge, empty, non-numeric, infinite or NaN value never reaches a function
that would overflow on it (a C ``time_t``, numpy's seeding, a thread pool's
size).  Numbers are read only up to :data:`~bipartite_game._text.MAX_DIGITS`
digits, never with ``int`` on a megabyte of text.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from .._text import MAX_DIGITS, quote

__all__ = [
    "add_budget",
    "add_edge_budget",
    "add_moves",
    "add_ring",
    "float_in_range",
    "int_in_range",
]


def int_in_range(least: int, most: int) -> Callable[[str], int]:
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


def float_in_range(least: float, most: float, *, above: bool = False) -> Callable[[str], float]:
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


def add_budget(parser: argparse.ArgumentParser, what: str) -> None:
    """``--budget`` and ``--seconds``: the limits of the work that may be
    refused (``what`` it is), passed to the library as ``budget`` and
    ``seconds`` (``None`` when not given: the library's defaults)."""
    parser.add_argument(
        "--budget",
        type=int_in_range(1, 10**15),
        metavar="STATES",
        help=f"the work {what} may take, in search states (default 500,000): the search "
        "counts the states it opens, the degree-3 method 1024 steps a state, refusing at "
        "once what it estimates past the budget (docs/nimbers.md)",
    )
    parser.add_argument(
        "--seconds",
        type=float_in_range(0, 10**9, above=True),
        metavar="S",
        help="the seconds the exhaustive search may take (default 10; the degree-3 method "
        "reads no clock: --budget bounds it)",
    )


def add_moves(parser: argparse.ArgumentParser, help: str) -> None:
    """``--moves``: a maze's move set, by name or ``R,C`` (default ``rook``),
    read by :func:`~bipartite_game.graphs.boards.parse_moves` where the
    maze is; ``help`` says what it applies to."""
    parser.add_argument("--moves", default="rook", metavar="MOVES", help=help)


def add_ring(parser: argparse.ArgumentParser, help: str) -> None:
    """``--ring``: a lock's positions per ring, 2 to 10 (default 10, the
    digits), as ``lock`` reads it; ``help`` says what it applies to."""
    parser.add_argument("--ring", type=int_in_range(2, 10), default=10, metavar="K", help=help)


def add_edge_budget(parser: argparse.ArgumentParser) -> None:
    """``--budget`` of the commands that compute edge classes (``edges``,
    ``sweep``): the steps of exact search they may take, passed to the
    library as ``budget`` (``None`` when not given: its default)."""
    parser.add_argument(
        "--budget",
        type=int_in_range(0, 10**15),
        metavar="STEPS",
        help="the steps of exact search the edge classes of a graph that is not bipartite "
        "may take (default 1,000,000,000, some seconds; a step is one edge scanned): the "
        "rare rows no certificate settles are searched, and refused in one line past the "
        "budget, at once when a sample estimates them past it (docs/theory.md)",
    )


def _shown(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else f"{bound:g}"
