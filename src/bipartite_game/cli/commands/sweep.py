"""``bipartite-game sweep``: many random graphs of a family over a grid of
parameters, solved in worker processes (or on a Dask cluster), one row a
sample (:mod:`~bipartite_game.experiments.sweep`; docs/sweep.md).

The rows are written as they come, in chunks; ``--plot`` draws them as they
pass.  Ctrl-C, and the rows' reader going away, stop the pool or cancel the
cluster's tasks at once.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..._command import (
    READER_GONE,
    ReaderGone,
    check_output,
    end_now,
    replacing,
    stop_if_reader_leaves,
    write_stdout,
)
from ...errors import BipartiteGameError
from ..command import Command
from ..options import add_edge_budget, int_in_range
from ..parser import Parser

__all__ = ["SweepCommand"]


class SweepCommand(Command):
    """The sweep: its options checked before any work, its rows written as
    they are ready, then the figure."""

    description = (
        "Generate SAMPLES random graphs of FAMILY at every point of the parameters' grid, "
        "solve each, and print one row per sample: the family, n, the parameters, the "
        "sample and its seed, vertices, edges, matching, losing, ge_a, ge_c, every, some, "
        "none, bipartite (see docs/sweep.md). Families: er, G(n, c/n); bipartite-er, "
        "G(n, n, c/n); regular, a random d-regular graph; maze, an n x n grid with each "
        "cell a wall with probability p (--moves); king, the same with king moves. "
        "Without --timing the same command prints the same bytes, whatever --jobs, and "
        "on a Dask cluster (--scheduler) the same bytes as locally. --plot draws the "
        "measures per vertex against the parameter, with the theory's limit where known."
    )

    def add_arguments(self, parser: Parser) -> None:
        from ...experiments.catalogue import FAMILIES

        parser.add_argument("family", metavar="FAMILY", choices=tuple(FAMILIES), help="the family")
        parser.add_argument(
            "--n",
            type=int_in_range(1, 2**31 - 1),
            required=True,
            help="size: vertices (er, regular), vertices a side (bipartite-er), side of the grid "
            "(maze, king)",
        )
        parser.add_argument(
            "--param",
            type=_parameter,
            action="append",
            default=[],
            metavar="NAME=VALUES",
            help="a parameter's values: V1,V2,... or START:STOP:STEP (STOP included when on the "
            "grid); each 0 or of magnitude 1e-300 to 1e15, none twice, at most 10^6; several "
            "--param give their product",
        )
        parser.add_argument(
            "--samples",
            type=int_in_range(1, 10**6),
            default=1,
            help="graphs per point (default 1); the grid's points times SAMPLES is at most 10^6",
        )
        parser.add_argument(
            "--seed",
            type=int_in_range(0, 10**18 - 1),
            default=0,
            help="the sweep's seed (default 0)",
        )
        parser.add_argument(
            "--jobs",
            type=int_in_range(1, 1024),
            default=None,
            help="worker processes, 1 to 1024 (default: the cores this process may use)",
        )
        parser.add_argument(
            "--moves",
            type=_move_set,
            default="rook",
            metavar="MOVES",
            help="maze family's move set, as for 'maze --moves' (default rook)",
        )
        parser.add_argument(
            "--format",
            choices=("csv", "json", "parquet"),
            default="csv",
            help="csv (default), json, or parquet (needs pyarrow and --output FILE)",
        )
        parser.add_argument(
            "--output",
            metavar="FILE",
            default=None,
            help="write the rows to FILE instead of standard output (required by --format parquet)",
        )
        parser.add_argument(
            "--timing",
            action="store_true",
            help="add each sample's solve seconds as a column 'seconds' (not reproducible)",
        )
        parser.add_argument(
            "--no-edge-classes",
            action="store_true",
            help="leave out the columns every, some, none (their edge classes cost about one "
            "to two solves more a sample on graphs that are not bipartite)",
        )
        add_edge_budget(parser)
        parser.add_argument(
            "--scheduler",
            type=_scheduler,
            metavar="ADDRESS",
            default=None,
            help="run the samples as tasks on the Dask cluster of this scheduler "
            "(tcp://HOST:PORT, tls://HOST:PORT, an IPv6 host in brackets) instead of local "
            "processes, reached within 5 s or refused; needs the sweep extra",
        )
        parser.add_argument(
            "--plot",
            metavar="FILE",
            default=None,
            help="also draw each measure per vertex against the parameter, mean and 95%% band, "
            "into FILE.png or FILE.svg; needs the sweep extra",
        )

    def run(self, args: argparse.Namespace) -> int:
        """The rows on standard output (or ``--output``) as they are ready,
        then the figure (``--plot``); Ctrl-C exits 130 quietly, the
        cluster's tasks cancelled, and so does the rows' reader going away
        (exit 141).  Every option, and every file written, is checked before
        any work."""
        parameters: dict[str, tuple[float, ...]] = {}
        for name, values in args.param:
            if name in parameters:
                raise BipartiteGameError(f"--param {name} given twice")
            parameters[name] = values
        if args.no_edge_classes and args.budget is not None:
            raise BipartiteGameError(
                "--budget bounds the edge classes' work: give it or --no-edge-classes, not both"
            )
        if args.plot is not None:
            from ...experiments.plot import check_path

            check_path(args.plot)
        if args.format == "parquet":
            from ...experiments.parquet import check_available

            check_available()
            if args.output is None:
                raise BipartiteGameError(
                    "--format parquet writes a binary file: give --output FILE"
                )
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
        try:
            with watching as computed:
                figure = _sweep_rows(
                    args, parameters, to_stdout, stderr is not None and stderr.isatty(), computed
                )
        except ReaderGone:
            # the work is stopped (workers killed, cluster tasks cancelled):
            # end here, not through the exit hooks, where the stopped pool's
            # thread could still be closing its pipes ("Exception ignored
            # ... Bad file descriptor", seen on Python 3.11.2)
            end_now(READER_GONE)
        except KeyboardInterrupt:
            # likewise on Ctrl-C: the exit hook joins the stopped pool's
            # thread, which a signal arriving inside the pool's own waiting
            # can leave blocked (a hang seen about once in ten runs)
            end_now(130)
        if figure is not None:
            figure.save(args.plot)
        return 0




def _parameter(text: str) -> tuple[str, tuple[float, ...]]:
    """An argparse ``type`` for ``--param NAME=VALUES`` (values as
    :func:`~bipartite_game.experiments.sweep.parse_values` reads them)."""
    from ...experiments.sweep import parse_values

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
    from ...experiments.cluster import parse_scheduler

    try:
        parse_scheduler(text)
    except BipartiteGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


def _move_set(text: str) -> str:
    """An argparse ``type`` for ``sweep --moves``: a move set ``maze`` knows."""
    from ...graphs.boards import parse_moves

    try:
        parse_moves(text)
    except BipartiteGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


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
    from ...experiments.sweep import csv_lines, iter_sweep, json_lines

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
        **({} if args.budget is None else {"budget": args.budget}),
        progress=progress,
        isolated=True,
        scheduler=args.scheduler,
    )
    rows = _until(rows, math.prod(map(len, parameters.values())) * args.samples, computed)
    try:
        figure = None
        if args.plot is not None:
            from ...experiments.plot import SweepPlot

            figure = SweepPlot(args.family)
            rows = _tee_to_figure(rows, figure)
        if args.format == "parquet":
            from ...experiments.parquet import write_parquet

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


def _tee_to_figure(rows: Iterator[Any], figure: Any) -> Iterator[Any]:
    """The rows, each also added to the figure as it passes; closing it
    closes ``rows``."""
    try:
        for row in rows:
            figure.add(row)
            yield row
    finally:
        rows.close()  # type: ignore[attr-defined]
