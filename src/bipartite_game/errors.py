"""Exceptions.  All are ``ValueError`` subclasses whose message quotes the input."""

from __future__ import annotations

__all__ = [
    "BipartiteGameError",
    "BipartiteGameWarning",
    "GeographyTooLarge",
    "IllegalMoveError",
    "InputError",
    "NotBipartiteError",
    "SolverError",
]


class BipartiteGameError(ValueError):
    """Base class of every error this package raises on bad input."""


class InputError(BipartiteGameError):
    """Text that does not follow its format.

    ``line`` is the 1-based line number the problem was found on, or ``None``
    when the problem is not tied to one line (an empty file, say).
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        self.detail = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NotBipartiteError(BipartiteGameError):
    """A graph that must be 2-coloured has an odd cycle, quoted in the message."""

    def __init__(self, message: str, cycle: list[int]) -> None:
        self.cycle = cycle
        super().__init__(message)


class IllegalMoveError(BipartiteGameError):
    """A move that the rules do not allow in the current position."""


class GeographyTooLarge(BipartiteGameError):
    """A geography game too large for the method its rule allows: a search
    past its budget of states, or a matrix too large to eliminate."""


class SolverError(RuntimeError):
    """The solver's own certificate check failed: a bug, never bad input."""


class BipartiteGameWarning(UserWarning):
    """Input that is valid but probably not what was meant; the command line
    prints it as one ``bipartite-game: warning: ...`` line."""
