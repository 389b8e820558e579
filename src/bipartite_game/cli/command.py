"""What every command of the command line is: :class:`Command`.

A command lives in a module of its own under :mod:`.commands`, registered
there by name with its one-line summary; its module is imported only when
the command runs (or shows its ``--help``).  The registry names its class;
the command line makes one with the name and the summary of its
registry entry, gives :meth:`Command.add_arguments` the command's parser,
whose description and epilog are the class's, and calls
:meth:`Command.run` with what the parser read.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .parser import Parser

__all__ = ["Command"]


class Command(ABC):
    """One command: its ``name`` and ``summary`` (the registry's), its
    ``--help`` text (:attr:`description`, :attr:`epilog`), its arguments and
    what it runs.

    :meth:`run` returns the exit status: 0 and 1 are the command's own
    answers (1 a wrong answer, a failing claim, a lost game); a bad input is
    a :class:`~bipartite_game.errors.BipartiteGameError`, which the command
    line turns into one line and status 2.
    """

    #: The paragraph under the usage in the command's ``--help``.
    description: ClassVar[str | None] = None
    #: The paragraph after the options (exit statuses, references).
    epilog: ClassVar[str | None] = None

    def __init__(self, name: str, summary: str) -> None:
        self.name = name
        self.summary = summary

    @abstractmethod
    def add_arguments(self, parser: Parser) -> None:
        """Add the command's arguments and options to its ``parser``."""

    @abstractmethod
    def run(self, args: argparse.Namespace) -> int:
        """Run the command on what its parser read; the exit status."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
