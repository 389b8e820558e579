"""The command line's argument parser and its one-line errors.

:class:`Parser` is argparse's parser with the project's rule for a bad
command line (one line on standard error, exit status 2, never the usage),
its help written as the command's output, and a public record of what was
added to it (:attr:`Parser.arguments`, :attr:`Parser.subcommands`), so that
the tests and the documentation walk the commands without argparse's private
attributes.  :func:`fail` writes the one line every error of the command
line is.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from typing import Any, NoReturn, Protocol

from .._command import write_stdout
from .._input import PROG

__all__ = ["MESSAGE_CHARS", "Parser", "Subcommands", "fail", "printable"]

#: The longest error line written; messages quote input, and input can be huge.
MESSAGE_CHARS = 300


class Subcommands(Protocol):
    """What :meth:`Parser.add_subcommands` returns (argparse's subparsers
    action): ``add_parser(name, help=..., description=...)`` makes the
    parser of one subcommand, of the parent's class."""

    def add_parser(self, *args: Any, **kwargs: Any) -> Parser: ...


class Parser(argparse.ArgumentParser):
    """argparse's parser, with a bad command line as one line on standard
    error (the project's rule for every bad input, exit status 2) instead
    of the usage and the error, and help written as the command's output
    (its failures named as the output's).  Subcommands' parsers are of the
    same class (argparse makes them of their parent's).

    It keeps, in public, what it was given: :attr:`arguments`, every action
    :meth:`add_argument` added (``-h`` first), and :attr:`subcommands`, the
    parsers of the subcommands :meth:`add_subcommands` added, by name (the
    one chosen is the parsed namespace's :attr:`subcommand_dest`).
    Argument groups are not used here: an argument added to one would be
    missing from :attr:`arguments`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.arguments: list[argparse.Action] = []  # before argparse adds -h
        self.subcommands: dict[str, Parser] = {}
        #: The attribute of the parsed namespace naming the subcommand chosen.
        self.subcommand_dest = ""
        super().__init__(*args, **kwargs)

    def add_argument(self, *name_or_flags: str, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*name_or_flags, **kwargs)
        self.arguments.append(action)
        return action

    def add_subcommands(self, *, dest: str, metavar: str) -> Subcommands:
        """argparse's subparsers, required, recorded in :attr:`subcommands`
        as they are added."""
        action = self.add_subparsers(dest=dest, metavar=metavar, required=True)
        self.subcommands = action.choices  # argparse fills it as parsers are added
        self.subcommand_dest = dest
        return action

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        where = f"{command}: " if command else ""
        # the user's words are quoted raw by argparse: escaped, on one line
        message = printable(re.sub(r"^argument ", "", message)[: 2 * MESSAGE_CHARS])
        fail(where + message, hint=f"see '{self.prog} --help'")
        self.exit(2)

    def print_help(self, file: Any = None) -> None:
        self._write(self.format_help(), file)

    def print_usage(self, file: Any = None) -> None:
        self._write(self.format_usage(), file)

    @staticmethod
    def _write(text: str, file: Any) -> None:
        if file is None or file is sys.stdout:
            write_stdout(text)
        else:
            with contextlib.suppress(OSError, ValueError):  # standard error lost
                file.write(text)


def fail(message: str, *, hint: str = "") -> int:
    """One line ``bipartite-game: error: MESSAGE`` on standard error (its
    first line, control characters escaped, at most :data:`MESSAGE_CHARS`
    characters, then ``; HINT``); returns 2."""
    first_line = message.splitlines()[0] if message.strip() else "unknown error"
    first_line = printable(first_line[: 2 * MESSAGE_CHARS])
    if len(first_line) > MESSAGE_CHARS:
        first_line = first_line[: MESSAGE_CHARS - 1] + "…"
    if hint:
        first_line += f"; {printable(hint[:MESSAGE_CHARS])}"
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"{PROG}: error: {first_line}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    return 2


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on (control
    characters, escapes) written as a Python escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
