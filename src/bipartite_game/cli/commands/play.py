"""``bipartite-game play``: a game against the engine in the terminal
(:mod:`~bipartite_game.play.terminal`), on a maze (``play maze``) or a sum of
boards (``play sum``); moves are read one a line, so a game can be scripted
through a pipe."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..._command import OutputError, ReaderGone, silence_stdout
from ..._input import read_input
from ..._text import quote
from ...errors import BipartiteGameError
from ..command import Command
from ..options import add_budget, add_moves
from ..parser import Parser

__all__ = ["PlayCommand"]

#: The largest maze ``play`` draws in a terminal.
_PLAY_CELLS = 10_000
#: ``play maze --side`` words and the :class:`~.play.Match` sides they mean.
_PLAY_SIDES = {"winner": "winning", "loser": "auto", "placer": "second", "mover": "first"}


class PlayCommand(Command):
    """``play maze`` and ``play sum``: the user against the engine, which by
    default takes the losing side and resists as long as it can."""

    description = (
        "Play a game against the engine. By default you take the side that has a "
        "forced win, and the engine resists as long as it can: find the win. Moves "
        "are read one a line, so a game can be scripted through a pipe."
    )

    def add_arguments(self, parser: Parser) -> None:
        games = parser.add_subcommands(dest="game", metavar="GAME")
        play_maze = games.add_parser(
            "maze",
            help="the JSOI2009 maze game",
            description=(
                "Play the maze game on FILE (the 'maze' input format; '-' reads it from "
                "standard input and the moves from the terminal). The placer puts the token "
                "on an open cell, unless --start gives it; then the mover and the placer "
                "alternately move it to an adjacent unvisited open cell, and who cannot move "
                "loses. Type moves as 'row col' or a direction (up, down, left, right, ne, "
                "...), or hint, undo, board, help, quit."
            ),
            epilog=(
                "Exit status: 0 you won the last game, 1 the engine won it, 3 it was left "
                "unfinished (quit, or the input ended), 2 bad input or an output that cannot "
                "be written (a full disk), 130 Ctrl-C, 141 the output's reader went away. "
                "Colour is used when standard output is a terminal and NO_COLOR is not set."
            ),
        )
        play_maze.add_argument("file", metavar="FILE", help="the maze ('-': standard input)")
        add_moves(play_maze, "move set, as for 'maze' (default rook)")
        play_maze.add_argument(
            "--side",
            choices=tuple(_PLAY_SIDES),
            default="winner",
            help="your side: winner (default) the side with a forced win, so the engine "
            "resists; loser the other one, to watch the engine win; placer (you place the "
            "token and move second) or mover (you move first)",
        )
        play_maze.add_argument(
            "--start",
            metavar="ROW,COL",
            help="the token's start cell (1-based) instead of placing it",
        )
        play_maze.add_argument(
            "--hints", action="store_true", help="mark your winning moves (*) on the board"
        )
        play_sum = games.add_parser(
            "sum",
            help="a sum of boards, a token on each (the 'sum' input format)",
            description=(
                "Play a sum of games on FILE (the 'sum' input format: blocks '@maze ROW COL' "
                "with a maze, or '@graph LABEL' with an edge list). A turn moves one token of "
                "the mover's choice; who cannot move on any board loses. Type a move as the "
                "board's number and where its token goes ('2 1 3', '1 up', '3 b'), or hint, "
                "board, help, quit. The engine plays the Sprague-Grundy move (docs/sums.md)."
            ),
            epilog=(
                "Exit status: 0 you won, 1 the engine won, 3 the game was left unfinished "
                "(quit, or the input ended), 2 bad input, 130 Ctrl-C, 141 the output's reader "
                "went away."
            ),
        )
        play_sum.add_argument("file", metavar="FILE", help="the sum ('-': standard input)")
        add_moves(play_sum, "the mazes' move set (default rook)")
        play_sum.add_argument(
            "--side",
            choices=("winner", "loser", "first", "second"),
            default="winner",
            help="your side: winner (default) the side with a forced win; loser the other; "
            "first (you move first) or second",
        )
        add_budget(play_sum, "each of the engine's Grundy values")

    def run(self, args: argparse.Namespace) -> int:
        """The game of ``args.game``; its exit status (0 won, 1 lost, 3 unfinished)."""
        return _play_sum(args) if args.game == "sum" else _play(args)




def _play(args: argparse.Namespace) -> int:
    """``play maze``: a game against the engine on standard input/output."""
    from ...graphs.boards import grid_board
    from ...play.match import parse_cell
    from ...play.terminal import check_fits, play_maze, wants_colour
    from ...problems.maze import parse

    start = None
    if args.start is not None:
        start = parse_cell(args.start)
        if start is None:
            raise BipartiteGameError(
                f"--start: expected 'ROW,COL' (1-based), found {quote(args.start)}"
            )
    if sys.stdin is None or sys.stdout is None:
        raise BipartiteGameError("play needs standard input and output open")
    maze = parse(read_input(args.file))
    height, width = maze.shape
    if maze.open.size > _PLAY_CELLS:
        raise BipartiteGameError(
            f"a {height}x{width} maze is too large to play in a terminal "
            f"(at most {_PLAY_CELLS} cells); solve it with 'bipartite-game maze'"
        )
    columns = check_fits(height, width)
    board = grid_board(maze.open, args.moves)
    if args.file == "-":
        _moves_from_terminal()
    return _in_terminal(
        lambda stdout: play_maze(
            board,
            moves=args.moves,
            side=_PLAY_SIDES[args.side],
            start=start,
            show_hints=args.hints,
            stdin=sys.stdin,
            stdout=stdout,
            colour=wants_colour(sys.stdout),
            columns=columns,
        )
    )


def _in_terminal(game: Callable[[TextIO], int]) -> int:
    """Run ``game`` (given the stream to write to) on this process's
    standard streams: bytes the locale cannot decode are an illegal move,
    not a crash; at a terminal the process's own stdout, for input()'s line
    editing, elsewhere one whose failures (a full disk) are named as the
    output's; a reader gone away (a closed pipe) is :class:`ReaderGone`
    (status 141, as for every command) and Ctrl-C 130, the shell's prompt
    left on a line of its own."""
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    stdout: TextIO = sys.stdout if sys.stdout.isatty() else _Output(sys.stdout)  # type: ignore[assignment]
    try:
        return game(stdout)
    except BrokenPipeError:
        silence_stdout()
        raise ReaderGone from None
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        sys.stdout.flush()
        return 130


#: ``play sum --side`` words and :func:`~.play.terminal.play_sum`'s sides.
_SUM_SIDES = {"winner": "winning", "loser": "auto", "first": "first", "second": "second"}


def _play_sum(args: argparse.Namespace) -> int:
    """``play sum``: a sum of boards against the engine."""
    from ...play.terminal import check_fits, play_sum, wants_colour
    from ...problems.sums import parse

    if sys.stdin is None or sys.stdout is None:
        raise BipartiteGameError("play needs standard input and output open")
    boards = parse(read_input(args.file), moves=args.moves)
    columns = 80
    for k, board in enumerate(boards, 1):
        if board.graph.num_vertices > _PLAY_CELLS:
            raise BipartiteGameError(
                f"board {k} has {board.graph.num_vertices} vertices: too large to play in a "
                f"terminal (at most {_PLAY_CELLS}); solve the sum with 'bipartite-game sum'"
            )
        if board.grid is not None:
            columns = check_fits(*board.grid.shape)
    if args.file == "-":
        _moves_from_terminal("sum")
    return _in_terminal(
        lambda stdout: play_sum(
            boards,
            side=_SUM_SIDES[args.side],
            stdin=sys.stdin,
            stdout=stdout,
            colour=wants_colour(sys.stdout),
            columns=columns,
            budget=args.budget,
            seconds=args.seconds,
        )
    )


class _Output:
    """A text stream whose write failures are :class:`OutputError`: the
    game's transcript written to a full disk is the output's failure, not a
    bad input.  A reader gone away stays a :class:`BrokenPipeError`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            silence_stdout()
            raise OutputError(error.strerror or str(error)) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            silence_stdout()
            raise OutputError(error.strerror or str(error)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _moves_from_terminal(game: str = "maze") -> None:
    """``play maze -`` (or ``play sum -``) read the board from standard
    input: read the moves from the terminal (``/dev/tty``), made the
    process's standard input so that line editing works; without a
    terminal, say so and stop."""
    try:
        tty = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        raise BipartiteGameError(
            f"play {game} -: the {game} came on standard input, so the moves must come "
            f"from a terminal, and there is none; give the {game} as a FILE to pipe the moves"
        ) from None
    os.dup2(tty, 0)
    os.close(tty)
    sys.stdin = open(0, encoding=sys.stdin.encoding, errors="replace", closefd=False)  # noqa: SIM115
