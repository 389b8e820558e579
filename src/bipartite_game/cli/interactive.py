"""The command line's interactive commands: ``play`` (a game against the
engine in the terminal, :mod:`.terminal`) and ``serve`` (the web page,
:mod:`.web`).  Their parsers and what they run; the judge commands are in
:mod:`.cli`, which registers these with :func:`add_parsers`."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .._command import OutputError, ReaderGone, add_budget, silence_stdout, whole
from .._input import read_input as _read
from .._text import quote
from ..errors import BipartiteGameError

__all__ = ["add_parsers"]

#: The largest maze ``play`` draws in a terminal.
_PLAY_CELLS = 10_000
#: ``play maze --side`` words and the :class:`~.play.Match` sides they mean.
_PLAY_SIDES = {"winner": "winning", "loser": "auto", "placer": "second", "mover": "first"}
#: The largest ``serve --max-side``: the page draws every cell as SVG.
_SERVE_MAX_SIDE = 200
#: The largest ``serve --max-vertices`` (the page draws every vertex).
_SERVE_MAX_VERTICES = 1000


def add_parsers(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``play`` and ``serve`` subcommands."""
    play = commands.add_parser(
        "play",
        help="play against the engine in the terminal",
        description=(
            "Play a game against the engine. By default you take the side that has a "
            "forced win, and the engine resists as long as it can: find the win. Moves "
            "are read one a line, so a game can be scripted through a pipe."
        ),
    )
    games = play.add_subparsers(dest="game", metavar="GAME", required=True)
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
            "unfinished (quit, or the input ended), 2 bad input or an output that cannot be "
            "written (a full disk), 130 Ctrl-C, 141 the output's reader went away. "
            "Colour is used when standard output is a terminal and NO_COLOR is not set."
        ),
    )
    play_maze.add_argument("file", metavar="FILE", help="the maze ('-': standard input)")
    play_maze.add_argument(
        "--moves", default="rook", metavar="MOVES", help="move set, as for 'maze' (default rook)"
    )
    play_maze.add_argument(
        "--side",
        choices=tuple(_PLAY_SIDES),
        default="winner",
        help="your side: winner (default) the side with a forced win, so the engine resists; "
        "loser the other one, to watch the engine win; placer (you place the token and "
        "move second) or mover (you move first)",
    )
    play_maze.add_argument(
        "--start", metavar="ROW,COL", help="the token's start cell (1-based) instead of placing it"
    )
    play_maze.add_argument(
        "--hints", action="store_true", help="mark your winning moves (*) on the board"
    )
    play_maze.set_defaults(run=_play)
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
    play_sum.add_argument(
        "--moves", default="rook", metavar="MOVES", help="the mazes' move set (default rook)"
    )
    play_sum.add_argument(
        "--side",
        choices=("winner", "loser", "first", "second"),
        default="winner",
        help="your side: winner (default) the side with a forced win; loser the other; "
        "first (you move first) or second",
    )
    add_budget(play_sum, "each of the engine's Grundy values")
    play_sum.set_defaults(run=_play_sum)

    serve = commands.add_parser(
        "serve",
        help="the web page: draw or load a maze or any graph, see why, play the engine",
        description=(
            "Serve a web page where you draw or load a maze or any graph, see the losing "
            "starts and a maximum matching, and play against the engine; or play a sum of a "
            "few small boards (the sum command's format) with their Grundy values and "
            "nim-sum shown. Stop it with Ctrl-C."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1); requests must name it, localhost, "
        "127.0.0.1 or [::1] as their Host, unless it is 0.0.0.0 or ::, which answer any name",
    )
    serve.add_argument(
        "--port",
        type=whole(0, 65535),
        default=8000,
        help="port (default 8000; 0 picks a free one)",
    )
    serve.add_argument(
        "--max-side",
        type=whole(1, _SERVE_MAX_SIDE),
        default=64,
        metavar="N",
        help=f"largest maze side the page accepts (default 64, at most {_SERVE_MAX_SIDE})",
    )
    serve.add_argument(
        "--max-vertices",
        type=whole(1, _SERVE_MAX_VERTICES),
        default=200,
        metavar="N",
        help="most vertices of a graph the page accepts, with at most 10 N edges "
        f"(default 200, at most {_SERVE_MAX_VERTICES})",
    )
    serve.set_defaults(run=_serve)


def _play(args: argparse.Namespace) -> int:
    """``play maze``: a game against the engine on standard input/output."""
    from ..graphs.boards import grid_board
    from ..play.match import parse_cell
    from ..play.terminal import check_fits, play_maze, wants_colour
    from ..problems.maze import parse

    start = None
    if args.start is not None:
        start = parse_cell(args.start)
        if start is None:
            raise BipartiteGameError(
                f"--start: expected 'ROW,COL' (1-based), found {quote(args.start)}"
            )
    if sys.stdin is None or sys.stdout is None:
        raise BipartiteGameError("play needs standard input and output open")
    maze = parse(_read(args.file))
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
    from ..play.terminal import check_fits, play_sum, wants_colour
    from ..problems.sums import parse

    if sys.stdin is None or sys.stdout is None:
        raise BipartiteGameError("play needs standard input and output open")
    boards = parse(_read(args.file), moves=args.moves)
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


def _serve(args: argparse.Namespace) -> int:
    """``serve``: the web page on uvicorn."""
    from ..play.web import Limits, serve

    if not args.host.strip():
        raise BipartiteGameError("--host: expected an address to listen on, found ''")
    limits = Limits(
        max_side=args.max_side,
        max_vertices=args.max_vertices,
        max_edges=10 * args.max_vertices,
        # room for that many edges of short labels ("v123 v456\n" and JSON)
        max_body=max(64 * 1024, 32 * 10 * args.max_vertices),
    )
    return serve(host=args.host, port=args.port, limits=limits)
