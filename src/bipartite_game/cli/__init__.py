"""The command line: ``bipartite-game COMMAND`` (and ``python -m bipartite_game``).

- :mod:`.main` -- the parser's skeleton, the dispatch to a command, the
  exit statuses (:func:`~.main.main`, the console script's entry).
- :mod:`.commands` -- one module per command, and the registry
  (:data:`~.commands.COMMANDS`: each command's module and summary) that
  imports a command's module only when it runs.
- :mod:`.command` -- :class:`~.command.Command`, what every command is: its
  arguments (``add_arguments``) and what it runs (``run``).
- :mod:`.judge` -- what the judge commands share: the input, ``--format``,
  ``--stats``, the front-end's answer written.
- :mod:`.parser` -- the argument parser, a bad command line as one line
  (:func:`~.parser.fail`).
- :mod:`.options` -- the option values argparse reads and checks
  (``int_in_range``, ``float_in_range``, ``--budget``).

Standard output's failures are in the root helper ``_command``, shared with
the libraries below.  The top layer: it may use every package, and none uses
it.
"""

from __future__ import annotations

from .main import main

__all__ = ["main"]
