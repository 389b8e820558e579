"""The commands of ``bipartite-game``: one module each, and their registry.

:data:`COMMANDS` maps each command's name to its module, its class and its
one-line summary, in the order the top-level help lists them.  The summaries are all
the help needs, so a run imports the module of its own command only
(:func:`load_command`), and the top-level ``--help`` none.  Adding a command
is a module here with a :class:`~bipartite_game.cli.command.Command`
subclass, and a line below naming both.

- :mod:`.graph`, :mod:`.maze`, :mod:`.knights`, :mod:`.lock`, :mod:`.king`,
  :mod:`.bunny`, :mod:`.edges`, :mod:`.sum` -- the judge commands (input in,
  the judge's answer out: :mod:`..judge`)
- :mod:`.check`, :mod:`.annotate`, :mod:`.verify` -- judge an output, a
  played game, a certificate
- :mod:`.sweep` -- random families over a grid of parameters
- :mod:`.play`, :mod:`.serve` -- the terminal game and the web page
- :mod:`.gen`, :mod:`.stress` -- the contest kit
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..command import Command

__all__ = ["COMMANDS", "CommandInfo", "load_command"]


class CommandInfo(NamedTuple):
    """Where a command lives (its module, under this package, and its
    :class:`~bipartite_game.cli.command.Command` subclass there) and its line
    in the top-level help."""

    module: str
    class_name: str
    summary: str


#: Every command, by name, in the order of the top-level help.
COMMANDS: dict[str, CommandInfo] = {
    "graph": CommandInfo(
        "graph",
        "GraphCommand",
        "geography (vertex or edge rule, undirected or directed) on an edge list",
    ),
    "maze": CommandInfo("maze", "MazeCommand", "JSOI2009 maze game (BZOJ 1443, Luogu P4055)"),
    "knights": CommandInfo(
        "knights",
        "KnightsCommand",
        "knights duel (Petrozavodsk 2018, Grand Prix of Zhejiang, qoj 2213)",
    ),
    "lock": CommandInfo(
        "lock", "LockCommand", "CCPC 2020 Changchun H 'Combination Lock', and locks of any shape"
    ),
    "king": CommandInfo(
        "king", "KingCommand", "Google Code Jam 'King' (8-neighbour moves: not bipartite)"
    ),
    "bunny": CommandInfo(
        "bunny",
        "BunnyCommand",
        "NOI2011 'Bunny and Egg' (Luogu P1971): Bunny's mistakes in a played game",
    ),
    "check": CommandInfo(
        "check", "CheckCommand", "judge an output: is it the right answer to this input?"
    ),
    "annotate": CommandInfo(
        "annotate",
        "AnnotateCommand",
        "a verdict (good, mistake, lost) for every move of a played game",
    ),
    "edges": CommandInfo(
        "edges", "EdgesCommand", "which edges lie in every, some or no maximum matching"
    ),
    "sum": CommandInfo(
        "sum", "SumCommand", "a sum of geography games: one token on each board, who wins and how"
    ),
    "sweep": CommandInfo(
        "sweep",
        "SweepCommand",
        "solve many random graphs of a family over a grid of parameters: one row a sample",
    ),
    "verify": CommandInfo(
        "verify",
        "VerifyCommand",
        "check a certificate written by 'graph --certificate' or 'maze --certificate'",
    ),
    "play": CommandInfo("play", "PlayCommand", "play against the engine in the terminal"),
    "serve": CommandInfo(
        "serve",
        "ServeCommand",
        "the web page: draw or load a maze or any graph, see why, play the engine",
    ),
    "gen": CommandInfo("gen", "GenCommand", "print a random valid input for a problem"),
    "stress": CommandInfo(
        "stress",
        "StressCommand",
        "run a solution on random inputs, compare, shrink the first failure",
    ),
}


def load_command(name: str) -> Command:
    """The command ``name`` (a key of :data:`COMMANDS`), its module imported
    now."""
    info = COMMANDS[name]
    module = import_module(f"{__name__}.{info.module}")
    command: Command = getattr(module, info.class_name)(name, info.summary)
    return command
