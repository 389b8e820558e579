"""The ``bipartite-game`` command line: the parser's skeleton, the dispatch
to a command, and the exit statuses.

Every judge command reads a file argument or standard input and writes its
answer to standard output; ``play`` runs a game in the terminal and ``serve``
the web page.  On bad input every command prints one line
``bipartite-game: error: ...`` to standard error and exits with status 2.
The commands are in :mod:`.commands`, one module each, and a run imports
the module of its own command only, so a small input answers at once.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from .._command import (
    READER_GONE,
    OutputError,
    ReaderGone,
    flush_stdout,
    output_unread,
    require_stdout,
    silence_stdout,
    write_stdout,
)
from .._input import PROG
from ..errors import BipartiteGameError, BipartiteGameWarning
from .command import Command
from .commands import COMMANDS, load_command
from .parser import Parser, fail

__all__ = ["build_parser", "command_parser", "main"]

#: What the bare command and ``--help`` say before the list of commands.
_DESCRIPTION = (
    "Solve two-player token games on graphs exactly, by maximum matching. "
    "The judge commands (graph, maze, knights, lock, king, bunny) read FILE or standard "
    "input and print the judge's answer; play runs a game against the engine in "
    "the terminal and serve the same in a web page; check, gen, stress and verify "
    "are a contestant's kit around them. "
    "The players: the placer chooses the token's start and the mover makes the "
    "first move from it (the mover is 'first' in graph, Alice in lock and knights, "
    "A in king; in maze the placer is the judge's AA and the mover YY)."
)


class _Version(argparse.Action):
    """``--version``: the installed version, read from the package's
    metadata only when asked (every other run skips reading it)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("nargs", 0)
        kwargs.setdefault("default", argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> NoReturn:
        from .. import __version__

        write_stdout(f"{parser.prog} {__version__}\n")
        parser.exit()


def build_parser(command: Command | None = None, *, listing: bool = True) -> Parser:
    """The command line's parser: ``command``'s own parser whole (its
    arguments added) and, when ``listing``, every other command of the
    registry by its summary, for the top-level help.

    Only the command that runs needs its arguments, so no other command's
    module is imported; and a run whose first word is its command never
    shows the top-level help, so it builds no other parser at all
    (argparse's gettext look-ups make each cost about 0.4 ms: several
    percent of a judge-sized run for all of them)."""
    parser = Parser(
        prog=PROG,
        description=_DESCRIPTION,
        epilog="Run 'bipartite-game COMMAND --help' for a command's input and options.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    commands = parser.add_subcommands(dest="command", metavar="COMMAND")
    for name, info in COMMANDS.items():
        if command is not None and name == command.name:
            sub = commands.add_parser(
                name, help=info.summary, description=command.description, epilog=command.epilog
            )
            command.add_arguments(sub)
        elif listing or command is None:  # listed in the help, never run
            commands.add_parser(name, help=info.summary)
    return parser


def command_parser(words: Sequence[str]) -> Parser:
    """The parser of the command ``words`` (``["maze"]``, ``["play",
    "sum"]``), built as when it runs: what its ``--help`` shows."""
    name, *nested = words
    parser = build_parser(load_command(name)).subcommands[name]
    for word in nested:
        parser = parser.subcommands[word]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 and 1 are the command's answers (1: a wrong answer, a failing claim, a
    lost game); 2 a bad command line, a bad input or a failing output (one
    line on standard error); 70 a bug of ours; 130 Ctrl-C; 141
    (:data:`~bipartite_game._command.READER_GONE`, nothing said) standard
    output's reader gone away.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _parse_and_run(words)
        flush_stdout()  # what a command printed as text must have arrived
        # written whole, but its reader left before taking it all: lost
        return READER_GONE if output_unread() else status
    except BipartiteGameError as error:
        return fail(str(error))
    except ReaderGone:
        return READER_GONE
    except OutputError as error:  # standard output's, or a file's it names
        return fail(str(error))
    except OSError as error:  # reading: every write of ours is an OutputError
        name = "input" if error.filename is None else str(error.filename) or "''"
        return fail(f"{name}: {error.strerror or error}")
    except MemoryError:
        return fail("out of memory: the input is too large for this machine")
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug of ours: one line, the traceback on request
        if os.environ.get("BIPARTITE_GAME_DEBUG"):
            raise
        fail(
            f"internal error: {type(error).__name__}: {error} (a bug: please report it; "
            "BIPARTITE_GAME_DEBUG=1 shows the traceback)"
        )
        return 70
    finally:  # what a failed run left unwritten must not fail again at exit
        _settle_stdout()


def _parse_and_run(words: list[str]) -> int:
    # The command is the first word that is not an option: the top level's
    # only options (--help, --version) take no value.
    name = next((word for word in words if not word.startswith("-")), None)
    command = load_command(name) if name in COMMANDS else None
    # the top-level help lists every command; it shows only for an option
    # before the command (`--help maze`)
    parser = build_parser(command, listing=not words or words[0] != name)
    if not words:  # a bare command asks what it can do
        parser.print_help()
        return 0
    args, extra = parser.parse_known_args(words)
    if command is None or args.command != command.name:  # pragma: no cover - never
        # the top level's options take no value, so the command parsed is `name`
        raise RuntimeError(f"parsed the command {args.command!r}, built {name!r}")
    if extra:  # the innermost subcommand's usage (`play maze`), not the top level's
        _innermost(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    # every command writes its answer, its verdict or its game there: with
    # standard output closed it would be lost, and the run would say success
    require_stdout()
    warnings.showwarning = _show_warning
    return command.run(args)


def _innermost(parser: Parser, args: argparse.Namespace) -> Parser:
    """The innermost subcommand's parser that ``args`` went through (``play
    maze``'s for ``play maze FILE extra``)."""
    while parser.subcommands:
        parser = parser.subcommands[getattr(args, parser.subcommand_dest)]
    return parser


def _settle_stdout() -> None:
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        silence_stdout()


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning of ours as one line on standard error; others as Python
    shows them."""
    if not issubclass(category, BipartiteGameWarning):
        _default_showwarning(message, category, filename, lineno, file, line)
    elif sys.stderr is not None:
        sys.stderr.write(f"{PROG}: warning: {message}\n")


_default_showwarning = warnings.showwarning
