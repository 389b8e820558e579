"""The ``bipartite-game`` command line.

Every judge subcommand reads a file argument or standard input and writes its
answer to standard output; ``play`` runs a game in the terminal and ``serve``
the web page.  On bad input every subcommand prints one line
``bipartite-game: error: ...`` to standard error and exits with status 2.
Modules are imported only by the subcommand that needs them, so a small input
answers at once.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO

from . import __version__
from .errors import BipartiteGameError

__all__ = ["main"]

PROG = "bipartite-game"
#: The largest maze ``play`` draws in a terminal.
_PLAY_CELLS = 10_000
#: The largest ``serve --max-side``: the page draws every cell as SVG.
_SERVE_MAX_SIDE = 200


def _read(path: str | None) -> bytes:
    if path is None or path == "-":
        stream: BinaryIO = sys.stdin.buffer
        return stream.read()
    with open(path, "rb") as handle:
        return handle.read()


Output = bytes | memoryview


Options = Callable[[argparse.Namespace], dict[str, object]]


def _answer(args: argparse.Namespace, data: bytes) -> Output:
    """Import the subcommand's front-end only now and let it answer."""
    module = importlib.import_module(f".problems.{args.problem}", __package__)
    options: Options = args.options
    result: Output = module.answer(data, **options(args))
    return result


def _add_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="input file (default: standard input)"
    )


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Solve two-player token games on graphs exactly, by maximum matching. "
            "Each command reads FILE or standard input and prints the judge's answer."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    graph = commands.add_parser(
        "graph",
        help="vertex geography on any graph given as an edge list",
        description=(
            "Read an edge list (one 'u v' pair a line, '#' comments, a lone label for an "
            "isolated vertex) and print 'LABEL first' or 'LABEL second' for each vertex in "
            "order of first appearance: who wins when the token starts there."
        ),
    )
    _add_file(graph)
    graph.add_argument(
        "--start", metavar="LABEL", help="print only 'first' or 'second' for this start"
    )
    graph.set_defaults(problem="graph", options=lambda a: {"start": a.start})

    maze = commands.add_parser(
        "maze",
        help="JSOI2009 maze game (BZOJ 1443, Luogu P4055)",
        description=(
            "Read 'N M' and N rows of '.' (open) and '#' (wall). Print WIN and every "
            "start cell (row col, 1-based) from which the player who places the token "
            "wins, or LOSE if there is none."
        ),
    )
    _add_file(maze)
    maze.add_argument(
        "--moves",
        default="rook",
        metavar="MOVES",
        help="move set: rook (4 neighbours, default), king, knight, or R,C for any leaper",
    )
    maze.set_defaults(problem="maze", options=lambda a: {"moves": a.moves})

    knights = commands.add_parser(
        "knights",
        help="knights duel (Petrozavodsk 2018, Grand Prix of Zhejiang, qoj 2213)",
        description=(
            "Read 'n m r c' and the board ('@' broken, '.' free, 'A' and 'B' the two "
            "(r,c)-leapers), as rows or as separated characters. Print the winner, "
            "'Alice' (who moves first) or 'Bob'."
        ),
    )
    _add_file(knights)
    knights.set_defaults(problem="knights", options=lambda a: {})

    lock = commands.add_parser(
        "lock",
        help="CCPC 2020 Changchun H 'Combination Lock', and locks of any shape",
        description=(
            "Read T, then per case 'm n t' and n forbidden codes of m digits. Players "
            "alternately turn one ring one step; a tried or forbidden code loses. Print "
            "'Alice' (who moves first) or 'Bob' per case."
        ),
    )
    _add_file(lock)
    lock.add_argument(
        "--ring",
        type=int,
        default=10,
        metavar="K",
        help="positions per ring, 2 to 10 (default 10: digits 0-9)",
    )
    lock.add_argument(
        "--no-wrap",
        action="store_true",
        help="rings stop at both ends instead of turning from the last position to the first",
    )
    lock.set_defaults(problem="lock", options=lambda a: {"size": a.ring, "wrap": not a.no_wrap})

    king = commands.add_parser(
        "king",
        help="Google Code Jam 'King' (8-neighbour moves: not bipartite)",
        description=(
            "Read T, then per case 'R C' and R rows of '.', '#' (burned) and one 'K'. "
            "Print 'Case #X: A' if Alice, who moves first, wins, else 'Case #X: B'."
        ),
    )
    _add_file(king)
    king.set_defaults(problem="king", options=lambda a: {})

    play = commands.add_parser(
        "play",
        help="play against the engine in the terminal",
        description=(
            "Play a game against the engine, which wins every game it can. Moves are read "
            "one a line from standard input, so a game can be scripted through a pipe."
        ),
    )
    games = play.add_subparsers(dest="game", metavar="GAME", required=True)
    play_maze = games.add_parser(
        "maze",
        help="the JSOI2009 maze game",
        description=(
            "Play the maze game on FILE (the 'maze' input format). The second player "
            "places the token unless --start gives it; then players alternately move it to "
            "an adjacent unvisited open cell, and who cannot move loses. Type moves as "
            "'row col' or a direction (up, down, left, right, ne, ...), or hint, undo, "
            "board, help, quit."
        ),
    )
    play_maze.add_argument("file", metavar="FILE", help="the maze")
    play_maze.add_argument(
        "--moves", default="rook", metavar="MOVES", help="move set, as for 'maze' (default rook)"
    )
    play_maze.add_argument(
        "--side",
        choices=("first", "second", "auto"),
        default="auto",
        help="your side: first moves first, second places the token; auto (default) "
        "lets the engine take the winning side",
    )
    play_maze.add_argument(
        "--start", metavar="ROW,COL", help="the token's start cell (1-based) instead of placing it"
    )
    play_maze.add_argument(
        "--hints", action="store_true", help="mark your winning moves (*) on the board"
    )
    play_maze.set_defaults(run=_play)

    serve = commands.add_parser(
        "serve",
        help="the web page: draw or load a maze, see the analysis, play the engine",
        description=(
            "Serve a web page where you draw or load a maze, see the losing starts and a "
            "maximum matching, and play against the engine. Stop it with Ctrl-C."
        ),
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)"
    )
    serve.add_argument(
        "--max-side",
        type=int,
        default=64,
        metavar="N",
        help=f"largest maze side the page accepts (default 64, at most {_SERVE_MAX_SIDE})",
    )
    serve.set_defaults(run=_serve)
    return parser


def _skip_blas_probe() -> None:
    """Spare numba's search for scipy's BLAS in this process.

    When numba loads its array maths (at the first compiled call) it imports
    ``scipy.linalg`` if scipy is installed, to offer ``np.dot`` and friends;
    that import costs about 0.17 s, a sixth of a judge-sized run.  No kernel
    here does linear algebra and the command line never uses scipy, so, when
    nothing has imported scipy yet, the command line marks it absent for
    numba's probe.  The library itself never does this.
    """
    if not any(name == "scipy" or name.startswith("scipy.") for name in sys.modules):
        sys.modules["scipy"] = None  # type: ignore[assignment]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    _skip_blas_probe()
    run: Callable[[argparse.Namespace], int] = getattr(args, "run", _solve)
    try:
        return run(args)
    except BipartiteGameError as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"{error.filename or 'input'}: {error.strerror or error}")
    except MemoryError:
        return _fail("out of memory: the input is too large for this machine")
    except KeyboardInterrupt:
        return 130


def _solve(args: argparse.Namespace) -> int:
    """A judge front-end: read the input, write the answer."""
    output = _answer(args, _read(args.file))
    try:
        sys.stdout.buffer.write(output)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        # the reader went away (``| head``); that is not an error of ours
        sys.stderr.close()
    return 0


def _play(args: argparse.Namespace) -> int:
    """``play maze``: a game against the engine on standard input/output."""
    from .boards import grid_board
    from .play import parse_cell
    from .problems.maze import parse
    from .terminal import play_maze

    start = None
    if args.start is not None:
        start = parse_cell(args.start)
        if start is None:
            raise BipartiteGameError(f"--start: expected 'ROW,COL' (1-based), found {args.start!r}")
    maze = parse(_read(args.file))
    if maze.open.size > _PLAY_CELLS:
        height, width = maze.shape
        raise BipartiteGameError(
            f"a {height}x{width} maze is too large to play in a terminal "
            f"(at most {_PLAY_CELLS} cells); solve it with 'bipartite-game maze'"
        )
    board = grid_board(maze.open, args.moves)
    try:
        return play_maze(
            board,
            moves=args.moves,
            side=args.side,
            start=start,
            show_hints=args.hints,
            stdin=sys.stdin,
            stdout=sys.stdout,
        )
    except BrokenPipeError:
        sys.stderr.close()
        return 1


def _serve(args: argparse.Namespace) -> int:
    """``serve``: the web page on uvicorn."""
    from .web import Limits, serve

    if not 1 <= args.max_side <= _SERVE_MAX_SIDE:
        raise BipartiteGameError(
            f"--max-side must be between 1 and {_SERVE_MAX_SIDE}, not {args.max_side}"
        )
    if not 0 <= args.port <= 65535:
        raise BipartiteGameError(f"--port must be between 0 and 65535, not {args.port}")
    limits = Limits(max_side=args.max_side)
    return serve(host=args.host, port=args.port, limits=limits)


def _fail(message: str) -> int:
    first_line = message.splitlines()[0] if message else "unknown error"
    sys.stderr.write(f"{PROG}: error: {first_line}\n")
    return 2
