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
import contextlib
import importlib
import math
import os
import re
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

from .. import _stats
from .._command import (
    READER_GONE,
    OutputError,
    ReaderGone,
    add_budget,
    check_output,
    output_unread,
    replacing,
    require_stdout,
    silence_stdout,
    stop_if_reader_leaves,
    whole,
    write_stdout,
)
from .._input import PROG
from .._input import read_input as _read
from ..errors import BipartiteGameError, BipartiteGameWarning
from . import interactive, verify_command

__all__ = ["main"]

#: ``graph`` and ``maze`` write a certificate of their answer.
_CERTIFICATE = "--certificate"
_CERTIFICATE_HELP = (
    "also write a JSON certificate of every answer to OUT.json, which "
    "'bipartite-game verify' checks (see docs/certificates.md)"
)


Output = bytes | memoryview


Options = Callable[[argparse.Namespace], dict[str, object]]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with a bad command line as one line on standard
    error (the project's rule for every bad input, exit status 2) instead of
    the usage and the error, and help written as the command's output
    (its failures named as the output's).  Subcommands' parsers are of the
    same class (argparse makes them of their parent's)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        where = f"{command}: " if command else ""
        # the user's words are quoted raw by argparse: escaped, on one line
        message = _printable(re.sub(r"^argument ", "", message)[: 2 * _MESSAGE_CHARS])
        _fail(where + message, hint=f"see '{self.prog} --help'")
        self.exit(2)

    def _print_message(self, message: str, file: Any = None) -> None:
        if not message:
            return
        if file is None or file is sys.stdout:
            write_stdout(message)
        else:
            with contextlib.suppress(OSError, ValueError):  # standard error lost
                file.write(message)


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


def _front_end(args: argparse.Namespace) -> Any:
    """The subcommand's front-end module, imported only now."""
    return importlib.import_module(f"..problems.{args.problem}", __package__)


def _add_file(parser: argparse.ArgumentParser) -> None:
    """The input file, and the options every judge command shares."""
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="input file (default: standard input)"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: the judge's answer (default); json: the same as one JSON document "
        "(see docs/json.md)",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="print each phase's time, the graph's and the matching's size and the peak "
        "memory to standard error",
    )


#: The kit's commands whose modules (and parsers) load only when they run.
_KIT_COMMANDS = {
    "gen": "print a random valid input for a problem",
    "stress": "run a solution on random inputs, compare, shrink the first failure",
}


def _build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; ``command`` (the first word that is not an option) says
    which of :data:`_KIT_COMMANDS` needs its whole parser, and for a judge
    command (:data:`_JUDGE_PARSERS`) that its parser is the only one built."""
    parser = _Parser(
        prog=PROG,
        description=(
            "Solve two-player token games on graphs exactly, by maximum matching. "
            "The judge commands (graph, maze, knights, lock, king, bunny) read FILE or standard "
            "input and print the judge's answer; play runs a game against the engine in "
            "the terminal and serve the same in a web page; check, gen, stress and verify "
            "are a contestant's kit around them. "
            "The players: the placer chooses the token's start and the mover makes the "
            "first move from it (the mover is 'first' in graph, Alice in lock and knights, "
            "A in king; in maze the placer is the judge's AA and the mover YY)."
        ),
        epilog="Run 'bipartite-game COMMAND --help' for a command's input and options.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    judge = _JUDGE_PARSERS.get(command or "")
    if judge is not None:  # a judge command runs: the others' parsers are never used
        judge(commands)
        return parser

    for add in (_add_graph, _add_maze, _add_knights, _add_lock, _add_king, _add_bunny):
        add(commands)

    checker = commands.add_parser(
        "check",
        help="judge an output: is it the right answer to this input?",
        description=(
            "Compare OUTPUT with the right answer to INPUT for PROBLEM, token by token "
            "(white space ignored), as a judge's checker does. Prints 'ok' and exits 0, or "
            "'wrong answer' with the first differing line and exits 1 (testlib's "
            "conventions); a bad INPUT is an error (exit 2)."
        ),
    )
    checker.add_argument(
        "problem", metavar="PROBLEM", help="maze, lock, knights, king, graph, bunny or edges"
    )
    checker.add_argument("input", metavar="INPUT", help="the test's input ('-': standard input)")
    checker.add_argument("output", metavar="OUTPUT", help="the output to judge")
    checker.add_argument("--moves", default="rook", metavar="MOVES", help="maze: the move set")
    checker.add_argument(
        "--ring", type=whole(2, 10), default=10, metavar="K", help="lock: ring size, 2 to 10"
    )
    checker.add_argument("--no-wrap", action="store_true", help="lock: rings that do not wrap")
    checker.set_defaults(run=_check)

    annotator = commands.add_parser(
        "annotate",
        help="a verdict (good, mistake, lost) for every move of a played game",
        description=(
            "Read a game record, one move a line (the first is where the token was placed), "
            "and print each line with its verdict: 'good' (the player could force a win and "
            "still can), 'mistake' (could, and cannot any more) or 'lost' (could not)."
        ),
    )
    kinds = annotator.add_subparsers(dest="board", metavar="GAME", required=True)
    on_maze = kinds.add_parser(
        "maze",
        help="a maze game; the record's lines are cells 'row col' (1-based)",
        description="Annotate a record of the maze game: one cell 'row col' (1-based) a line.",
    )
    on_maze.add_argument("maze", metavar="MAZE", help="the maze ('maze' input format)")
    on_maze.add_argument("record", metavar="RECORD", help="the record ('-': standard input)")
    on_maze.add_argument(
        "--moves", default="rook", metavar="MOVES", help="move set, as for 'maze' (default rook)"
    )
    on_graph = kinds.add_parser(
        "graph",
        help="a game on an edge list; the record's lines are vertex labels",
        description="Annotate a record of vertex geography on an edge list: one label a line.",
    )
    on_graph.add_argument("edges", metavar="EDGES", help="the edge list ('graph' input format)")
    on_graph.add_argument("record", metavar="RECORD", help="the record ('-': standard input)")
    annotator.set_defaults(run=_annotate)

    _add_edges(commands)
    _add_sum(commands)
    _add_sweep(commands)
    verify_command.add_parser(commands)

    interactive.add_parsers(commands)
    for name, summary in _KIT_COMMANDS.items():
        if command == name:  # its options: only when it runs (its module is large)
            importlib.import_module(f"..kit.{name}", __package__).add_parser(commands, summary)
        else:  # listed in the help, never run
            commands.add_parser(name, help=summary)
    return parser


def _add_graph(commands: Any) -> None:
    """The ``graph`` command's parser."""
    graph = commands.add_parser(
        "graph",
        help="geography (vertex or edge rule, undirected or directed) on an edge list",
        description=(
            "Read an edge list (one 'u v' pair a line, '#' comments, a lone label for an "
            "isolated vertex) and print 'LABEL first' or 'LABEL second' for each vertex in "
            "order of first appearance: who wins when the token starts there ('first': the "
            "mover, who moves first from the start; 'second': the other player, the placer)."
        ),
    )
    _add_file(graph)
    graph.add_argument(
        "--start", metavar="LABEL", help="print only 'first' or 'second' for this start"
    )
    graph.add_argument(
        "--explain",
        metavar="LABEL",
        help="print a short proof of who wins from LABEL instead of the answer",
    )
    graph.add_argument(_CERTIFICATE, metavar="OUT.json", help=_CERTIFICATE_HELP)
    graph.add_argument(
        "--rule",
        choices=("vertex", "edge"),
        default="vertex",
        help="vertex (default): the token may not revisit a vertex; edge: it may not reuse "
        "an edge, every line is its own edge (parallel edges count, a loop is a move)",
    )
    graph.add_argument(
        "--directed", action="store_true", help="read each line 'u v' as an arc u -> v"
    )
    graph.add_argument(
        "--nimbers",
        action="store_true",
        help="print each start's Grundy value ('LABEL VALUE') instead of who wins "
        "(vertex rule, undirected only; docs/nimbers.md)",
    )
    graph.add_argument(
        "--misere",
        action="store_true",
        help="misère play: the player who makes the last move loses (who cannot move wins); "
        "with --nimbers the misère Grundy values (vertex rule, undirected only; docs/sums.md)",
    )
    add_budget(graph, "--nimbers, --misere and the search of --rule edge and --directed")
    graph.set_defaults(
        problem="graph",
        options=lambda a: {
            "start": a.start,
            "explain": a.explain,
            "certificate": a.certificate,
            "rule": a.rule,
            "directed": a.directed,
            "nimbers": a.nimbers,
            "misere": a.misere,
            "budget": a.budget,
            "seconds": a.seconds,
        },
    )


def _add_maze(commands: Any) -> None:
    """The ``maze`` command's parser."""
    maze = commands.add_parser(
        "maze",
        help="JSOI2009 maze game (BZOJ 1443, Luogu P4055)",
        description=(
            "Read 'N M' and N rows of '.' (open) and '#' (wall). The placer (the judge's "
            "AA) puts the token on an open cell; then the mover (YY) and the placer "
            "alternately move it to an adjacent unvisited open cell; who cannot move loses. "
            "Print WIN and every start cell (row col, 1-based) from which the placer wins, "
            "or LOSE if there is none."
        ),
    )
    _add_file(maze)
    maze.add_argument(
        "--moves",
        default="rook",
        metavar="MOVES",
        help="move set: rook (4 neighbours, default), king, knight, or R,C for any leaper",
    )
    maze.add_argument(
        "--explain",
        metavar="ROW,COL",
        help="print a short proof of who wins with the token placed on this cell (1-based)",
    )
    maze.add_argument(_CERTIFICATE, metavar="OUT.json", help=_CERTIFICATE_HELP)
    maze.set_defaults(
        problem="maze",
        options=lambda a: {"moves": a.moves, "explain": a.explain, "certificate": a.certificate},
    )


def _add_knights(commands: Any) -> None:
    """The ``knights`` command's parser."""
    knights = commands.add_parser(
        "knights",
        help="knights duel (Petrozavodsk 2018, Grand Prix of Zhejiang, qoj 2213)",
        description=(
            "Read 'n m r c' and the board ('@' broken, '.' free, 'A' and 'B' the two "
            "(r,c)-leapers), as rows or as separated characters. Print the winner, "
            "'Alice' (the mover: she moves first) or 'Bob'."
        ),
    )
    _add_file(knights)
    knights.set_defaults(problem="knights", options=lambda a: {})


def _add_lock(commands: Any) -> None:
    """The ``lock`` command's parser."""
    lock = commands.add_parser(
        "lock",
        help="CCPC 2020 Changchun H 'Combination Lock', and locks of any shape",
        description=(
            "Read T (the number of cases), then per case 'm n t': m rings (digits per "
            "code), n forbidden codes, and t the starting code of m digits (leading zeros "
            "kept); then the n forbidden codes, one a line. The start counts as tried. "
            "Players alternately turn one ring one step; a tried or forbidden code loses. "
            "Print 'Alice' (the mover: she moves first) or 'Bob' per case."
        ),
    )
    _add_file(lock)
    lock.add_argument(
        "--ring",
        type=whole(2, 10),
        default=10,
        metavar="K",
        help="positions per ring, 2 to 10 (default 10: digits 0-9)",
    )
    lock.add_argument(
        "--no-wrap",
        action="store_true",
        help="rings stop at both ends instead of turning from the last position to the first",
    )
    lock.add_argument(
        "--explain",
        action="store_true",
        help="after each case's winner, print a short proof from its start code",
    )
    lock.set_defaults(
        problem="lock",
        options=lambda a: {"size": a.ring, "wrap": not a.no_wrap, "explain": a.explain},
    )


def _add_king(commands: Any) -> None:
    """The ``king`` command's parser."""
    king = commands.add_parser(
        "king",
        help="Google Code Jam 'King' (8-neighbour moves: not bipartite)",
        description=(
            "Read T, then per case 'R C' and R rows of '.', '#' (burned) and one 'K'. "
            "Print 'Case #X: A' if A (the mover: A moves first) wins, else 'Case #X: B'."
        ),
    )
    _add_file(king)
    king.add_argument(
        "--explain",
        action="store_true",
        help="after each case's answer, print a short proof from the king's square (row col)",
    )
    king.set_defaults(problem="king", options=lambda a: {"explain": a.explain})


def _add_bunny(commands: Any) -> None:
    """The ``bunny`` command's parser."""
    bunny = commands.add_parser(
        "bunny",
        help="NOI2011 'Bunny and Egg' (Luogu P1971): Bunny's mistakes in a played game",
        description=(
            "Read 'n m', the board ('O' white, 'X' black, one '.' empty), k, then 2k moves "
            "'x y' (the piece moved into the empty cell; Bunny moves white first, Egg "
            "black). Print the number of Bunny's mistakes (rounds where she had a win "
            "before her move and Egg has one after it), then their round numbers."
        ),
    )
    _add_file(bunny)
    bunny.set_defaults(problem="bunny", options=lambda a: {})


def _add_edges(commands: Any) -> None:
    """The ``edges`` command's parser."""
    edges = commands.add_parser(
        "edges",
        help="which edges lie in every, some or no maximum matching",
        description=(
            "Read an edge list (as for 'graph') and print each distinct edge once, in order "
            "of first appearance, as 'U V CLASS': CLASS is 'every' (in every maximum "
            "matching), 'some' (in some but not all) or 'none' (in none)."
        ),
    )
    _add_file(edges)
    edges.set_defaults(problem="edges", options=lambda a: {})


def _add_sum(commands: Any) -> None:
    """The ``sum`` command's parser."""
    summed = commands.add_parser(
        "sum",
        help="a sum of geography games: one token on each board, who wins and how",
        description=(
            "Read several boards, each a block headed by a line '@graph PATH...' (then an "
            "edge list, as for 'graph'; the token starts on PATH's first label and has "
            "moved along the rest) or '@maze ROW COL [ROW COL]...' (then a maze, as for "
            "'maze'; the token on that cell, 1-based, then moved through the others). A "
            "turn moves one token of the mover's choice to an adjacent unvisited vertex of "
            "its board; who cannot move on any board loses. Print 'first' and a winning "
            "move 'COMPONENT VERTEX' (the block's number, 1-based, and the label or the "
            "cell 'ROW COL' to move to), or 'second'. Decided by the Sprague-Grundy "
            "theorem (docs/sums.md): exact on forests, searched within a budget elsewhere."
        ),
    )
    _add_file(summed)
    summed.add_argument(
        "--moves",
        default="rook",
        metavar="MOVES",
        help="the mazes' move set, as for 'maze' (default rook)",
    )
    summed.add_argument(
        "--misere",
        action="store_true",
        help="misère play: who makes the last move loses; searched exhaustively within a "
        "budget (the Grundy values do not add under misère play)",
    )
    add_budget(summed, "the Grundy values (or the misère search)")
    summed.set_defaults(
        problem="sums",
        options=lambda a: {
            "moves": a.moves,
            "misere": a.misere,
            "budget": a.budget,
            "seconds": a.seconds,
        },
    )


def _parameter(text: str) -> tuple[str, tuple[float, ...]]:
    """An argparse ``type`` for ``--param NAME=VALUES`` (values as
    :func:`~bipartite_game.experiments.sweep.parse_values` reads them)."""
    from ..experiments.sweep import parse_values

    name, equals, values = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUES, found {text[:60]!r}")
    try:
        return name.strip(), parse_values(values)
    except BipartiteGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _scheduler(text: str) -> str:
    """An argparse ``type`` for ``sweep --scheduler``: an address of the
    form ``[tcp|tls://]HOST:PORT``, checked on its text alone (reaching it
    waits for the other options' checks)."""
    from ..experiments.cluster import parse_scheduler

    try:
        parse_scheduler(text)
    except BipartiteGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


def _move_set(text: str) -> str:
    """An argparse ``type`` for ``sweep --moves``: a move set ``maze`` knows."""
    from ..graphs.boards import parse_moves

    try:
        parse_moves(text)
    except BipartiteGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _add_sweep(commands: Any) -> None:
    """The ``sweep`` command's parser."""
    from ..experiments.catalogue import FAMILIES

    sweep = commands.add_parser(
        "sweep",
        help="solve many random graphs of a family over a grid of parameters: one row a sample",
        description=(
            "Generate SAMPLES random graphs of FAMILY at every point of the parameters' grid, "
            "solve each, and print one row per sample: the family, n, the parameters, the "
            "sample and its seed, vertices, edges, matching, losing, ge_a, ge_c, every, some, "
            "none, bipartite (see docs/sweep.md). Families: er, G(n, c/n); bipartite-er, "
            "G(n, n, c/n); regular, a random d-regular graph; maze, an n x n grid with each "
            "cell a wall with probability p (--moves); king, the same with king moves. "
            "Without --timing the same command prints the same bytes, whatever --jobs, and "
            "on a Dask cluster (--scheduler) the same bytes as locally. --plot draws the "
            "measures per vertex against the parameter, with the theory's limit where known."
        ),
    )
    sweep.add_argument("family", metavar="FAMILY", choices=tuple(FAMILIES), help="the family")
    sweep.add_argument(
        "--n",
        type=whole(1, 2**31 - 1),
        required=True,
        help="size: vertices (er, regular), vertices a side (bipartite-er), side of the grid "
        "(maze, king)",
    )
    sweep.add_argument(
        "--param",
        type=_parameter,
        action="append",
        default=[],
        metavar="NAME=VALUES",
        help="a parameter's values: V1,V2,... or START:STOP:STEP (STOP included when on the "
        "grid); each 0 or of magnitude 1e-300 to 1e15, none twice, at most 10^6; several "
        "--param give their product",
    )
    sweep.add_argument(
        "--samples",
        type=whole(1, 10**6),
        default=1,
        help="graphs per point (default 1); the grid's points times SAMPLES is at most 10^6",
    )
    sweep.add_argument(
        "--seed", type=whole(0, 10**18 - 1), default=0, help="the sweep's seed (default 0)"
    )
    sweep.add_argument(
        "--jobs",
        type=whole(1, 1024),
        default=None,
        help="worker processes, 1 to 1024 (default: the cores this process may use)",
    )
    sweep.add_argument(
        "--moves",
        type=_move_set,
        default="rook",
        metavar="MOVES",
        help="maze family's move set, as for 'maze --moves' (default rook)",
    )
    sweep.add_argument(
        "--format",
        choices=("csv", "json", "parquet"),
        default="csv",
        help="csv (default), json, or parquet (needs pyarrow and --output FILE)",
    )
    sweep.add_argument(
        "--output",
        metavar="FILE",
        default=None,
        help="write the rows to FILE instead of standard output (required by --format parquet)",
    )
    sweep.add_argument(
        "--timing",
        action="store_true",
        help="add each sample's solve seconds as a column 'seconds' (not reproducible)",
    )
    sweep.add_argument(
        "--no-edge-classes",
        action="store_true",
        help="leave out the columns every, some, none: on graphs that are not bipartite "
        "their decomposition can be quadratic (minutes a sample at n = 10^5 above c = e)",
    )
    sweep.add_argument(
        "--scheduler",
        type=_scheduler,
        metavar="ADDRESS",
        default=None,
        help="run the samples as tasks on the Dask cluster of this scheduler "
        "(tcp://HOST:PORT, tls://HOST:PORT, an IPv6 host in brackets) instead of local "
        "processes, reached within 5 s or refused; needs the sweep extra",
    )
    sweep.add_argument(
        "--plot",
        metavar="FILE",
        default=None,
        help="also draw each measure per vertex against the parameter, mean and 95%% band, "
        "into FILE.png or FILE.svg; needs the sweep extra",
    )
    sweep.set_defaults(run=_sweep)


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _sweep(args: argparse.Namespace) -> int:
    """``sweep``: the rows on standard output (or ``--output``) as they are
    ready, then the figure (``--plot``); Ctrl-C exits 130 quietly, the
    cluster's tasks cancelled, and so does the rows' reader going away (exit
    141).  Every option, and every file written, is checked before any work."""
    parameters: dict[str, tuple[float, ...]] = {}
    for name, values in args.param:
        if name in parameters:
            raise BipartiteGameError(f"--param {name} given twice")
        parameters[name] = values
    if args.plot is not None:
        from ..experiments.plot import check_path

        check_path(args.plot)
    if args.format == "parquet":
        from ..experiments.parquet import check_available

        check_available()
        if args.output is None:
            raise BipartiteGameError("--format parquet writes a binary file: give --output FILE")
    # the rows' file (not '-' for Parquet): a FIFO, a device, a read-only folder refused now
    to_stdout = args.output is None or check_output(
        args.output, standard_output=args.format != "parquet"
    )
    if args.scheduler is not None:
        if args.jobs is not None:
            raise BipartiteGameError(
                "--jobs sets local worker processes: with --scheduler the cluster's workers "
                "run the samples"
            )
        # the cluster client's log lines (connections, retries) are not ours
        # to print: a failure is one line, said by the error it raises.
        # Imported here: logging costs every other command about 5 ms.
        import logging

        logging.disable(logging.CRITICAL)
    stderr = sys.stderr
    # rows on standard output: its reader going away stops the work at once
    watching: contextlib.AbstractContextManager[Callable[[], None]] = (
        stop_if_reader_leaves(interrupt=True) if to_stdout else contextlib.nullcontext(_nothing)
    )
    with watching as computed:
        figure = _sweep_rows(
            args, parameters, to_stdout, stderr is not None and stderr.isatty(), computed
        )
    if figure is not None:
        figure.save(args.plot)
    return 0


#: Rows are written in chunks of at most so many lines, and a chunk is cut
#: short when a row comes so many seconds after it began: fast rows go out
#: in few writes, slow ones as soon as they are ready.
_CHUNK_LINES = 256
_CHUNK_SECONDS = 0.2


def _sweep_rows(
    args: argparse.Namespace,
    parameters: dict[str, tuple[float, ...]],
    to_stdout: bool,
    progress: bool,
    computed: Callable[[], None],
) -> Any:
    """Run the sweep and write its rows (to standard output when
    ``to_stdout``, else to ``--output``, replaced when complete); returns
    the figure fed with them (``--plot``), or None.  ``computed()`` is
    called when the last row has come: a reader that leaves after that
    loses nothing that a write would not see."""
    from ..experiments.sweep import csv_lines, iter_sweep, json_lines

    rows = iter_sweep(
        args.family,
        args.n,
        parameters,
        samples=args.samples,
        seed=args.seed,
        jobs=1 if args.scheduler is not None else args.jobs or _cores(),
        moves=args.moves,
        timing=args.timing,
        edge_classes=not args.no_edge_classes,
        progress=progress,
        isolated=True,
        scheduler=args.scheduler,
    )
    rows = _until(rows, math.prod(map(len, parameters.values())) * args.samples, computed)
    try:
        figure = None
        if args.plot is not None:
            from ..experiments.plot import SweepPlot

            figure = SweepPlot(args.family)
            rows = _fed(rows, figure)
        if args.format == "parquet":
            from ..experiments.parquet import write_parquet

            write_parquet(rows, args.output)
            return figure
        lines = json_lines(rows) if args.format == "json" else csv_lines(rows)
        if to_stdout:
            for chunk in _chunks(lines):
                write_stdout(chunk)
        else:
            with replacing(args.output) as handle:
                for chunk in _chunks(lines):
                    handle.write(chunk.encode())
        return figure
    finally:
        rows.close()  # type: ignore[attr-defined]


def _nothing() -> None:
    pass


def _until(rows: Iterator[Any], total: int, last: Callable[[], None]) -> Iterator[Any]:
    """The rows, ``last()`` called when the ``total``-th has come; closing
    it closes ``rows``."""
    try:
        for count, row in enumerate(rows, 1):
            if count == total:
                last()
            yield row
    finally:
        rows.close()  # type: ignore[attr-defined]


def _chunks(lines: Iterator[str]) -> Iterator[str]:
    """The lines in order, joined in chunks (:data:`_CHUNK_LINES`,
    :data:`_CHUNK_SECONDS`)."""
    pending: list[str] = []
    began = time.monotonic()
    for line in lines:
        pending.append(line)
        if len(pending) >= _CHUNK_LINES or time.monotonic() - began >= _CHUNK_SECONDS:
            yield "".join(pending)
            pending.clear()
            began = time.monotonic()
    if pending:
        yield "".join(pending)


def _fed(rows: Iterator[Any], figure: Any) -> Iterator[Any]:
    """The rows, each also given to the figure; closing it closes ``rows``."""
    try:
        for row in rows:
            figure.add(row)
            yield row
    finally:
        rows.close()  # type: ignore[attr-defined]


#: The judge commands' parsers, by name: a run of one of them builds only
#: its own (argparse's gettext look-ups make each parser cost about 0.4 ms,
#: 7 ms for all of them, several percent of a judge-sized run).
_JUDGE_PARSERS: dict[str, Callable[[Any], None]] = {
    "graph": _add_graph,
    "maze": _add_maze,
    "knights": _add_knights,
    "lock": _add_lock,
    "king": _add_king,
    "bunny": _add_bunny,
    "edges": _add_edges,
    "sum": _add_sum,
}


def _subcommand_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    """The innermost subcommand's parser that ``args`` went through (``play
    maze``'s for ``play maze FILE extra``), for its usage in an error."""
    names = [getattr(args, "command", None), getattr(args, "game", None)]
    for name in names:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if name is None or not actions or name not in actions[0].choices:
            break
        parser = actions[0].choices[name]
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
        _flush_stdout()  # what a command printed as text must have arrived
        # written whole, but its reader left before taking it all: lost
        return READER_GONE if output_unread() else status
    except BipartiteGameError as error:
        return _fail(str(error))
    except ReaderGone:
        return READER_GONE
    except OutputError as error:  # standard output's, or a file's it names
        return _fail(str(error))
    except OSError as error:  # reading: every write of ours is an OutputError
        name = "input" if error.filename is None else str(error.filename) or "''"
        return _fail(f"{name}: {error.strerror or error}")
    except MemoryError:
        return _fail("out of memory: the input is too large for this machine")
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug of ours: one line, the traceback on request
        if os.environ.get("BIPARTITE_GAME_DEBUG"):
            raise
        _fail(
            f"internal error: {type(error).__name__}: {error} (a bug: please report it; "
            "BIPARTITE_GAME_DEBUG=1 shows the traceback)"
        )
        return 70
    finally:  # what a failed run left unwritten must not fail again at exit
        _settle_stdout()


def _parse_and_run(words: list[str]) -> int:
    parser = _build_parser(next((w for w in words if not w.startswith("-")), None))
    if not words:  # a bare command asks what it can do
        parser.print_help()
        return 0
    args, extra = parser.parse_known_args(words)
    if extra:  # the subcommand's own usage, not the top level's
        _subcommand_parser(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    # every command writes its answer, its verdict or its game there: with
    # standard output closed it would be lost, and the run would say success
    require_stdout()
    _skip_blas_probe()
    warnings.showwarning = _show_warning
    run: Callable[[argparse.Namespace], int] = getattr(args, "run", _solve)
    return run(args)


def _flush_stdout() -> None:
    """Flush what was written to standard output as text; a failure is the
    output's, a reader gone away :class:`ReaderGone`."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        raise ReaderGone from None
    except OSError as error:
        silence_stdout()
        raise OutputError(error.strerror or str(error)) from None


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


def _solve(args: argparse.Namespace) -> int:
    """A judge front-end: read the input, write the answer.

    Ctrl-C ends the process at once, by the signal's default action, even
    inside a compiled kernel (which never returns to the interpreter to see a
    ``KeyboardInterrupt``): a judge command holds nothing that needs cleaning
    up, and a shell loop around it sees that it was interrupted.  So does
    standard output's reader going away (exit 141).
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    options: dict[str, object] = args.options(args)
    if args.format == "json":
        options["format"] = "json"
        if options.get("explain") not in (None, False):  # a proof is text: refused early
            raise BipartiteGameError("--explain prints text: it has no --format json")
    certificate = options.get("certificate")
    if isinstance(certificate, str):  # a FIFO, a device, a read-only folder: before the work
        check_output(certificate)
    # the phases (--stats) and, at a terminal, a progress line: both on
    # stderr; none while a person types the input at that terminal
    stderr = sys.stderr
    typed = args.file in (None, "-") and sys.stdin is not None and sys.stdin.isatty()
    at_terminal = stderr is not None and stderr.isatty() and not typed
    with _stats.session(
        stats=stderr if args.stats else None, progress=stderr if at_terminal else None
    ):
        with stop_if_reader_leaves():
            with _stats.phase("import"):
                module = _front_end(args)
            with _stats.phase("read"):
                data = _read(args.file, getattr(module, "size_limit", None))
            output: Output = module.answer(data, **options)
        with _stats.phase("write"):
            write_stdout(output)
    return 0


def _check(args: argparse.Namespace) -> int:
    """``check``: the verdict on standard output, 0 for ok and 1 otherwise."""
    from ..kit.check import check, front_end

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    front_end(args.problem)  # an unknown problem is refused before any reading
    if args.input == "-" and args.output == "-":
        raise BipartiteGameError("INPUT and OUTPUT cannot both be standard input")
    options: dict[str, object] = {}
    if args.problem == "maze":
        options["moves"] = args.moves
    elif args.problem == "lock":
        options = {"size": args.ring, "wrap": not args.no_wrap}
    # the output is judged whatever it holds (NUL bytes too): only a bad
    # INPUT is an error
    with stop_if_reader_leaves():
        verdict = check(args.problem, _read(args.input), _read(args.output, binary=True), **options)
    write_stdout(f"{verdict}\n".encode())
    return 0 if verdict.ok else 1


def _annotate(args: argparse.Namespace) -> int:
    """``annotate maze|graph``: every record line with its verdict."""
    from ..problems.annotate import answer_graph, answer_maze

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    board_file = args.maze if args.board == "maze" else args.edges
    if board_file == "-" and args.record == "-":
        raise BipartiteGameError("the board and the record cannot both be standard input")
    with stop_if_reader_leaves():
        board, record = _read(board_file), _read(args.record)
        if args.board == "maze":
            output = answer_maze(board, record, moves=args.moves)
        else:
            output = answer_graph(board, record)
    write_stdout(output)
    return 0


#: The longest error line written; messages quote input, and input can be huge.
_MESSAGE_CHARS = 300


def _fail(message: str, *, hint: str = "") -> int:
    """One line ``bipartite-game: error: MESSAGE`` on standard error (its
    first line, control characters escaped, at most :data:`_MESSAGE_CHARS`
    characters, then ``; HINT``); returns 2."""
    first_line = message.splitlines()[0] if message.strip() else "unknown error"
    first_line = _printable(first_line[: 2 * _MESSAGE_CHARS])
    if len(first_line) > _MESSAGE_CHARS:
        first_line = first_line[: _MESSAGE_CHARS - 1] + "…"
    if hint:
        first_line += f"; {_printable(hint[:_MESSAGE_CHARS])}"
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"{PROG}: error: {first_line}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    return 2


def _printable(text: str) -> str:
    """``text`` with every character a terminal would act on (control
    characters, escapes) written as a Python escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
