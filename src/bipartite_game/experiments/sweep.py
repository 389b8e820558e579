"""A sweep: every sample of a random family over a grid of its parameters,
solved, one row of measures per sample (docs/sweep.md).

Seeds.  A sample's seed is ``SeedSequence(seed, spawn_key=(b_1, ..., b_k,
sample)).generate_state(1, numpy.uint64)[0]``, where ``b_i`` is the
IEEE-754 double of the i-th parameter value (in the family's order) read as
an unsigned 64-bit integer, and ``sample`` the sample's index (0-based); the
graph is generated from ``numpy.random.default_rng(that seed)``.  A row
therefore depends on nothing but the family, n, its parameter values, its
sample index and ``seed``: not on the order of the work, the number of
workers or the other parameter values swept.

Workers.  ``jobs`` 1 runs in this process; more run a
``concurrent.futures.ProcessPoolExecutor`` of that many processes (which
ignore Ctrl-C: the caller's ``KeyboardInterrupt`` stops them), and the rows
come back in the grid's order whatever order they finish in.  With a
``scheduler`` the samples run as tasks on a Dask distributed cluster
(``cluster.py``), in batches of consecutive samples small enough that a
batch of the largest graphs is one sample (:func:`batch_size`); the rows
come back in the same order, the same values.
"""

from __future__ import annotations

import concurrent.futures
import decimal
import errno
import functools
import inspect
import itertools
import json
import math
import re
import signal
import struct
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from numbers import Integral, Real
from typing import Any, ParamSpec

import numpy as np

from .._docstrings import filled
from .._limits import ensure_fits
from .._text import quote
from ..errors import BipartiteGameError
from ..theory.allowed import DEFAULT_BUDGET, EdgeClassesTooLarge
from ..theory.decompose import decompose
from ..theory.game import solve
from .catalogue import FAMILIES
from .families import check_parameters, generate
from .ordered import in_order

__all__ = [
    "AHEAD",
    "COLUMNS",
    "MAX_JOBS",
    "MAX_POINTS",
    "batch_size",
    "csv_lines",
    "iter_sweep",
    "json_lines",
    "parse_values",
    "sample_seed",
    "sweep",
    "to_csv",
    "to_json",
]

#: The measures of every row, after the family, n, the parameters, the
#: sample and its seed (and before ``seconds`` when timed).
COLUMNS = (
    "vertices",
    "edges",
    "matching",
    "losing",
    "ge_a",
    "ge_c",
    "every",
    "some",
    "none",
    "bipartite",
)
#: Most values one ``--param`` may hold, and most samples (grid points
#: times samples a point) one sweep may run.
MAX_POINTS = 10**6
#: Most worker processes (the command line's ``--jobs``).
MAX_JOBS = 1024
#: A local worker process's own memory besides its sample's (measured: about
#: 8 MB private and 14 MB proportional set size for a forked worker), counted
#: for each worker when a sweep is checked against the memory available.
WORKER_BYTES = 16 * 2**20
#: Samples a worker may have submitted or finished ahead of the next row due
#: (on a cluster: tasks a worker thread may have ahead).
AHEAD = 64
#: On a cluster, samples are sent in batches of about this many vertices and
#: edges (at most :data:`MAX_BATCH` samples): a task costs the scheduler about
#: a millisecond, which a batch this size outweighs.
BATCH_ELEMENTS = 200_000
MAX_BATCH = 64

Row = dict[str, Any]
P = ParamSpec("P")

#: The numpydoc entries of the sweep's parameters, in its order, written
#: once: ``{sweep_parameters}`` in a docstring stands for them all, and
#: ``{name}`` for one of them or of :data:`_ROW_PARAMETERS` (filled by
#: :data:`_documented`).
_SWEEP_PARAMETERS = """\
family : str
    The family's name (see ``bipartite-game sweep --help``).
n : int
    Its size parameter.
parameters : mapping of str to sequence of float
    The values of each of the family's parameters.
samples : int
    The samples at each point.
seed : int
    The sweep's seed; each sample's is derived from it.
jobs : int, optional
    The worker processes.
moves : str, optional
    The move set of the maze families.
timing : bool, optional
    Add a ``seconds`` column.
edge_classes : bool, optional
    Include the columns ``every``, ``some`` and ``none``.
budget : int or None, optional
    The steps of exact search each sample's edge classes may take
    (``None``: no limit).
progress : bool, optional
    Show a progress bar on standard error.
isolated : bool, optional
    Run the samples in worker processes even with one job.
scheduler : str or distributed.Client, optional
    A Dask cluster to run on.
"""
_ROW_PARAMETERS = """\
rows : iterable of dict
    The rows.
columns : sequence of str, optional
    The columns, in order.
"""
_ENTRIES = re.compile(r"^(\w+) : .*\n(?: {4}.*\n)*", re.MULTILINE)
_documented = filled(
    {
        "sweep_parameters": _SWEEP_PARAMETERS,
        **{
            entry.group(1): entry.group(0)
            for entry in _ENTRIES.finditer(_SWEEP_PARAMETERS + _ROW_PARAMETERS)
        },
    }
)


def _collected(rows: Callable[P, Iterator[Row]], name: str, doc: str) -> Callable[P, list[Row]]:
    """The function returning the rows of ``rows`` as one list: the same
    parameters (its signature, returning ``list[Row]``), named ``name``,
    documented by ``doc`` (its slots filled by :data:`_documented`)."""

    def collected(*args: P.args, **kwargs: P.kwargs) -> list[Row]:
        return list(rows(*args, **kwargs))

    # __wrapped__: its source is rows's, where Sphinx reads the defaults as written
    functools.update_wrapper(collected, rows, assigned=())
    collected.__name__ = collected.__qualname__ = name
    collected.__doc__ = doc
    signature = inspect.signature(rows).replace(return_annotation="list[Row]")
    collected.__signature__ = signature  # type: ignore[attr-defined]
    return _documented(collected)


def parse_values(text: str) -> tuple[float, ...]:
    """``V1,V2,...`` where each item is a number or a range ``START:STOP:STEP``
    (``START``, ``START + STEP``, ... up to ``STOP``, which is included when it
    lands on the grid, computed exactly in decimal so that ``0:1:0.1`` ends
    at 1).

    A number is written in ASCII, is 0 or of magnitude from
    :data:`SMALLEST` to :data:`LARGEST`, and ``-0`` is 0; a step is
    positive; at most :data:`MAX_POINTS` values in all, each different from
    the others as a double (a repeated value would repeat its samples: the
    same seeds, the same rows).  Anything else is a
    :class:`BipartiteGameError` that quotes the item, raised before any
    value is made.

    Parameters
    ----------
    text : str
        The values, as ``--param`` takes them after ``NAME=``.

    Returns
    -------
    tuple of float
        The values, in the order written.

    Raises
    ------
    BipartiteGameError
        When an item is not a number or a range, quoting it.

    Examples
    --------
    >>> parse_values("1,2:3:0.5")
    (1.0, 2.0, 2.5, 3.0)
    >>> parse_values("0:1:0.25")
    (0.0, 0.25, 0.5, 0.75, 1.0)
    """
    if not isinstance(text, str):
        raise BipartiteGameError(f"expected the values as text, not {type(text).__name__}")
    if text.count(",") >= MAX_POINTS:
        raise BipartiteGameError(f"more than {MAX_POINTS} values")
    values: list[float] = []
    seen: set[float] = set()
    with decimal.localcontext(_EXACT):
        for item in text.split(","):
            parts = item.split(":")
            if len(parts) == 1:
                numbers = [float(_decimal(parts[0]))]
            elif len(parts) == 3:
                numbers = _grid(
                    item, *(_decimal(part) for part in parts), room=MAX_POINTS - len(values)
                )
            else:
                raise BipartiteGameError(
                    f"expected a number or START:STOP:STEP, found {quote(item.strip())}"
                )
            first = len(values)
            for value in numbers:
                if value in seen:
                    fine = len(values) > first and values[-1] == value
                    raise BipartiteGameError(_repeated(item, value, fine))
                seen.add(value)
                values.append(value)
            if len(values) > MAX_POINTS:
                raise BipartiteGameError(f"more than {MAX_POINTS} values")
    return tuple(values)


#: The smallest and the largest magnitude of a value (0 aside): far from a
#: double's limits, so that a range's values and steps stay exact doubles'
#: worth apart and no sum overflows.
SMALLEST = Decimal("1e-300")
LARGEST = Decimal(10) ** 15
#: Enough digits for any sum or quotient of two numbers as read (at most 40
#: characters, exponents from -340 to 15): the grid is computed exactly,
#: and no operation can raise (the traps are off, and checked instead).
_EXACT = decimal.Context(prec=800, Emax=10**4, Emin=-(10**4), traps=[])


def _decimal(text: str) -> Decimal:
    """One number as read: ASCII, finite, 0 or of magnitude from
    :data:`SMALLEST` to :data:`LARGEST` (``-0`` read as 0)."""
    text = text.strip()
    try:
        value = Decimal(text) if 0 < len(text) <= 40 and text.isascii() else None
    except (InvalidOperation, ValueError):
        value = None
    if value is None or not value.is_finite() or abs(value) > LARGEST:
        raise BipartiteGameError(f"expected a number, found {quote(text, 40)}")
    if value and abs(value) < SMALLEST:
        raise BipartiteGameError(
            f"{quote(text, 40)} is too small: a value is 0 or at least 1e-300 in magnitude"
        )
    return value + 0 if value else Decimal(0)  # -0 is 0: the same double, the same seeds


def _grid(item: str, start: Decimal, stop: Decimal, step: Decimal, *, room: int) -> list[float]:
    """The values of the range ``item`` as doubles, at most ``room`` of
    them: counted before any is made, in exact decimal (``_EXACT``); each
    value is START + k*STEP exactly, then rounded once to a double."""
    shown = quote(item.strip())
    if step <= 0:
        raise BipartiteGameError(f"the range {shown} needs a positive step")
    if stop < start:
        raise BipartiteGameError(f"the range {shown} is inverted: empty")
    if stop - start > step * (room - 1):  # more than room values: refused before dividing
        raise BipartiteGameError(f"the range {shown} has more than {MAX_POINTS} values")
    count = int((stop - start) // step) + 1
    # whole multiples of one power of ten: exact integers, and float() of
    # their decimal text rounds each value once (a million in about 0.3 s)
    exponent = min(int(start.as_tuple().exponent), int(step.as_tuple().exponent))
    first, stride = int(start.scaleb(-exponent)), int(step.scaleb(-exponent))
    return [float(f"{first + k * stride}e{exponent}") for k in range(count)]


def _repeated(item: str, value: float, fine: bool) -> str:
    shown = str(int(value)) if value.is_integer() else repr(value)
    if fine:  # two values of one range are the same double
        return (
            f"the range {quote(item.strip())} is finer than a double near {shown}: "
            "two of its values are the same number"
        )
    return f"the value {shown} is given twice: its samples would be repeated (the same seeds)"


def sample_seed(seed: int, values: Sequence[float], sample: int) -> int:
    """The seed of one sample (see the module docstring).

    Parameters
    ----------
    seed : int
        The sweep's seed.
    values : sequence of float
        The point's parameter values.
    sample : int
        The sample's number at that point.

    Returns
    -------
    int
        The sample's own seed, a 64-bit unsigned integer.

    Examples
    --------
    >>> sample_seed(7, (0.5,), 0) == sample_seed(7, (0.5,), 0) != sample_seed(7, (0.5,), 1)
    True
    """
    bits = [struct.unpack("<Q", struct.pack("<d", float(v)))[0] for v in values]
    sequence = np.random.SeedSequence(seed, spawn_key=(*bits, sample))
    return int(sequence.generate_state(1, np.uint64)[0])


def _size(family: str, n: int, values: Sequence[float]) -> tuple[float, float]:
    """A sample's expected vertices and a bound on its expected edges."""
    if family == "er":
        return n, values[0] * n / 2
    if family == "bipartite-er":
        return 2 * n, values[0] * n
    if family == "regular":
        return n, values[0] * n / 2
    return n * n, 4.0 * n * n


def _estimate_bytes(family: str, n: int, values: Sequence[float]) -> int:
    """A generous bound on one sample's memory: generation, graph, solve."""
    vertices, edges = _size(family, n, values)
    return int(200 * vertices + 120 * (edges * 1.1 + 100))


@_documented
def batch_size(family: str, n: int, points: Iterable[Sequence[float]]) -> int:
    """Samples per task on a cluster: :data:`BATCH_ELEMENTS` vertices and
    edges of the largest point's graphs, from 1 to :data:`MAX_BATCH`.

    Parameters
    ----------
    {family}
    {n}
    points : iterable of sequence of float
        The grid's points.

    Returns
    -------
    int
        The samples of one task.

    Examples
    --------
    >>> batch_size("er", 1000, [(1.0,), (3.0,)])
    64
    """
    largest = max(sum(_size(family, n, values)) for values in points)
    return max(1, min(MAX_BATCH, int(BATCH_ELEMENTS // max(largest, 1.0))))


Task = tuple[str, int, tuple[float, ...], int, int, str, bool, bool, int | None]


def _run_sample(task: Task) -> Row:
    family, n, values, sample, seed, moves, timing, edge_classes, budget = task
    graph = generate(family, n, values, seed, moves)
    began = time.perf_counter()
    solution = solve(graph)
    losing = int(np.count_nonzero(solution.losing))
    if edge_classes:
        try:
            parts = decompose(solution, budget=budget)
        except EdgeClassesTooLarge as error:  # which sample: its seed rebuilds it
            point = ", ".join(f"{k}={v:g}" for k, v in zip(FAMILIES[family], values, strict=True))
            raise EdgeClassesTooLarge(
                f"sample {sample} of {family} n={n} {point} (seed {seed}): {error}"
            ) from None
        counts = parts.count()
        ge_a = int(np.count_nonzero(parts.vertex_class == 1))
    else:  # D and A are the solve's; only the edge classes need decompose
        ge_a = int(np.count_nonzero(solution.barrier))
    seconds = time.perf_counter() - began
    row: Row = {"family": family, "n": n}
    row.update(zip(FAMILIES[family], values, strict=True))
    row.update(
        sample=sample,
        seed=seed,
        vertices=graph.num_vertices,
        edges=graph.num_edges,
        matching=solution.matching_size,
        losing=losing,
        ge_a=ge_a,
        ge_c=graph.num_vertices - losing - ge_a,
    )
    if edge_classes:
        row.update(every=counts["every"], some=counts["some"], none=counts["none"])
    row["bipartite"] = graph.is_bipartite()
    if timing:
        row["seconds"] = seconds
    return row


def _run_batch(tasks: list[Task]) -> list[Row]:
    """The rows of consecutive samples: one task on a cluster."""
    return [_run_sample(task) for task in tasks]


def _batches(tasks: Iterator[Any], size: int) -> Iterator[list[Any]]:
    while batch := list(itertools.islice(tasks, size)):
        yield batch


def _flattened(batches: Iterator[list[Row]]) -> Iterator[Row]:
    """The rows of the batches; closing it closes ``batches``."""
    try:
        for batch in batches:
            yield from batch
    finally:
        close = getattr(batches, "close", None)
        if close is not None:
            close()


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@_documented
def iter_sweep(
    family: str,
    n: int,
    parameters: Mapping[str, Sequence[float]],
    *,
    samples: int,
    seed: int,
    jobs: int = 1,
    moves: str = "rook",
    timing: bool = False,
    edge_classes: bool = True,
    budget: int | None = DEFAULT_BUDGET,
    progress: bool = False,
    isolated: bool = False,
    scheduler: Any = None,
) -> Iterator[Row]:
    """:func:`sweep`'s rows one at a time, in the same order, as they are
    ready (at most a few hundred samples a worker run ahead of the row
    due).  The arguments are checked at the call, before any work, and a
    ``scheduler`` is connected to then (a dead one is a
    :class:`BipartiteGameError` after at most a few seconds); closing the
    iterator early stops the workers, or cancels the cluster's tasks and
    closes the client made from an address.

    Parameters
    ----------
    {sweep_parameters}

    Returns
    -------
    Iterator of dict
        One row per sample, in the grid's order, as it is ready.

    Raises
    ------
    BipartiteGameError
        When an argument is not valid, or the scheduler cannot be reached.

    Examples
    --------
    >>> rows = iter_sweep("er", 20, {"c": [1.0]}, samples=2, seed=1)
    >>> next(rows)["matching"]
    3
    >>> rows.close()
    """
    if family not in FAMILIES:
        raise BipartiteGameError(
            f"unknown family {family!r}: expected one of {', '.join(FAMILIES)}"
        )
    names = FAMILIES[family]
    for name in parameters:
        if name not in names:
            raise BipartiteGameError(
                f"unknown parameter {name!r} for {family}: it takes {', '.join(names)}"
            )
    grid = {name: _values(name, parameters.get(name), family) for name in names}
    samples = _whole("samples", samples, 1, MAX_POINTS)
    jobs = _whole("jobs", jobs, 1, MAX_JOBS)
    seed = _whole("seed", seed, 0, 2**64 - 1)
    if budget is not None:
        budget = _whole("budget", budget, 0, 2**62)
    total = math.prod(len(values) for values in grid.values()) * samples
    if total > MAX_POINTS:  # counted before the grid is made
        sizes = " x ".join(f"{len(values)} values of {name}" for name, values in grid.items())
        raise BipartiteGameError(
            f"{sizes} x {samples} sample{'s' if samples > 1 else ''} = {total} samples: "
            f"at most {MAX_POINTS} in one sweep"
        )
    points = list(itertools.product(*grid.values()))
    for values in points:
        check_parameters(family, n, values, moves)
    workers = min(jobs, total)
    worst = max(points, key=lambda values: _estimate_bytes(family, n, values))
    if scheduler is not None and jobs != 1:
        raise BipartiteGameError(
            "jobs sets the local worker processes: with a scheduler the cluster's workers "
            "run the samples"
        )
    if scheduler is None:
        ensure_fits(
            workers * (WORKER_BYTES + _estimate_bytes(family, n, worst)),
            f"{workers} sample{'s' if workers > 1 else ''} of {family} at n = {n} at once",
        )
    options = (moves, timing, edge_classes, budget)
    tasks: Iterator[Task] = (
        (family, n, values, sample, sample_seed(seed, values, sample), *options)
        for values in points
        for sample in range(samples)
    )
    if scheduler is not None:
        from . import cluster

        client, owned = cluster.connect(scheduler, _estimate_bytes(family, n, worst))
        size = batch_size(family, n, points)
        batches = cluster.ordered_results(
            client,
            _run_batch,
            _batches(tasks, size),
            window=cluster.threads(client) * max(4, AHEAD // size),
            owned=owned,
        )
        return _counted(_flattened(batches), total, progress)
    if workers == 1 and not isolated:
        return _counted(map(_run_sample, tasks), total, progress)
    return _counted(_run_pool(tasks, workers), total, progress)


# iter_sweep's rows as one list: the same parameters, one signature
sweep = _collected(
    iter_sweep,
    "sweep",
    """Solve ``samples`` graphs of ``family`` at every point of the product
    of ``parameters`` (name -> values; every parameter of the family, none
    other) and return one row per sample, in the grid's order (the
    parameters in the family's order, the last varying fastest, then the
    sample).  ``progress`` shows a tqdm bar on standard error; ``isolated``
    runs the samples in worker processes even when ``jobs`` is 1, so that
    a ``KeyboardInterrupt`` stops them at once rather than after the
    compiled kernel running (the command line does).  ``edge_classes``
    False leaves out the columns ``every``, ``some`` and ``none`` (and
    their cost: about one to two solves more a sample on graphs that are
    not bipartite, docs/sweep.md, Costs); ``budget`` is the steps of exact
    search each sample's edge classes may take
    (:func:`~bipartite_game.theory.decompose.decompose`; ``None``: no
    limit), :class:`~bipartite_game.theory.allowed.EdgeClassesTooLarge`
    past it.  ``scheduler``, a
    Dask scheduler's address (``"tcp://HOST:PORT"``) or a
    ``distributed.Client``, runs the samples on that cluster instead
    (``jobs`` must then be 1): the same rows in the same order.  Everything
    is checked, and the memory a sample needs, before any work.

    Parameters
    ----------
    {sweep_parameters}

    Returns
    -------
    list of dict
        One row per sample: the columns of :data:`COLUMNS` after the point.

    Raises
    ------
    BipartiteGameError
        When an argument is not valid, or the samples would not fit in memory.

    See Also
    --------
    iter_sweep : the rows as they come.
    to_csv, to_json : the rows as text.

    Examples
    --------
    >>> rows = sweep("er", 20, {"c": [1.0]}, samples=2, seed=1)
    >>> [(row["c"], row["sample"], row["matching"]) for row in rows]
    [(1.0, 0, 3), (1.0, 1, 6)]
    """,
)


def _values(name: str, values: Any, family: str) -> tuple[float, ...]:
    """A parameter's values as doubles, or the one-line refusal."""
    if values is None:
        raise BipartiteGameError(f"{family} needs --param {name}=VALUES")
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise BipartiteGameError(
            f"the values of {name} must be a sequence of numbers, not {values!r:.60}"
        )
    read: list[float] = []
    for value in itertools.islice(values, MAX_POINTS + 1):
        try:
            number = (
                float(value) if isinstance(value, Real) and not isinstance(value, bool) else None
            )
        except (OverflowError, ValueError):
            number = None
        if number is None or not math.isfinite(number):
            raise BipartiteGameError(
                f"the values of {name} must be finite numbers, not {value!r:.60}"
            )
        read.append(number + 0.0)  # -0.0 is 0: the same seeds as 0
    if not read:
        raise BipartiteGameError(f"the parameter {name} has no values")
    if len(read) > MAX_POINTS:
        raise BipartiteGameError(f"the parameter {name} has more than {MAX_POINTS} values")
    seen: set[float] = set()
    for number in read:
        if number in seen:
            raise BipartiteGameError(
                f"the value {number!r} of {name} is given twice: its samples would be "
                "repeated (the same seeds)"
            )
        seen.add(number)
    return tuple(read)


def _whole(name: str, value: Any, least: int, most: int) -> int:
    """A whole-number argument in ``least..most``, or the one-line refusal."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise BipartiteGameError(f"{name} must be a whole number, not {value!r:.60}")
    if not least <= int(value) <= most:
        raise BipartiteGameError(f"{name} must be from {least} to {most}, not {int(value)}")
    return int(value)


def _counted(rows: Iterator[Row], total: int, progress: bool) -> Iterator[Row]:
    bar = _bar(total) if progress else None
    try:
        for row in rows:
            if bar is not None:
                bar.update()
            yield row
    finally:
        if bar is not None:
            bar.close()
        close = getattr(rows, "close", None)
        if close is not None:
            close()


def _bar(total: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, file=sys.stderr, unit="sample", dynamic_ncols=True)


def _run_pool(tasks: Iterator[Any], workers: int) -> Iterator[Row]:
    """The rows of ``tasks`` in order, from a pool of ``workers`` processes,
    with at most :data:`AHEAD` samples a worker submitted or held."""
    try:
        pool = concurrent.futures.ProcessPoolExecutor(workers, initializer=_quiet_worker)
    except OSError as error:
        raise _no_room(workers, error) from None
    pending: dict[int, concurrent.futures.Future[Row]] = {}
    try:
        yield from in_order(
            tasks,
            lambda _, task: pool.submit(_run_sample, task),
            _finished,
            concurrent.futures.Future.result,
            window=AHEAD * workers,
            pending=pending,
        )
    except BaseException as error:
        # stop at once: queued samples cancelled, running ones killed
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        if isinstance(error, OSError) and error.errno in _NO_ROOM:  # starting a worker
            raise _no_room(workers, error) from None
        raise
    pool.shutdown()


def _finished(pending: dict[int, concurrent.futures.Future[Row]]) -> list[int]:
    """The indices of the pending samples done, once one is."""
    done, _ = concurrent.futures.wait(
        pending.values(), return_when=concurrent.futures.FIRST_COMPLETED
    )
    return [index for index, future in pending.items() if future in done]


#: What starting a worker process fails with when the system has no room:
#: no file descriptor (each worker holds a few), no process, no memory.
_NO_ROOM = (errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM)


def _no_room(workers: int, error: OSError) -> BipartiteGameError:
    return BipartiteGameError(
        f"cannot start {workers} worker processes: {error.strerror or error} (ask for fewer jobs)"
    )


def _number(value: Any) -> Any:
    """A whole float as an int (``1.0`` is written ``1``), as both CSV and
    JSON write it; below 10^15 in magnitude, where a double holds every
    whole number exactly."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    value = _number(value)
    return repr(value) if isinstance(value, float) else str(value)


@_documented
def csv_lines(rows: Iterable[Row], columns: Sequence[str] | None = None) -> Iterator[str]:
    """The header line, then one line a row (``columns``: the first row's keys).

    Parameters
    ----------
    {rows}
    {columns}

    Yields
    ------
    str
        The header line, then a line a row, each with its line break.

    Examples
    --------
    >>> list(csv_lines([{"c": 1.0, "losing": 3}]))
    ['c,losing\\n', '1,3\\n']
    """
    header_done = False
    for row in rows:
        if columns is None:
            columns = list(row)
        if not header_done:
            yield ",".join(columns) + "\n"
            header_done = True
        yield ",".join(_cell(row[k]) for k in columns) + "\n"
    if not header_done:
        yield ",".join(columns or ()) + "\n"


@_documented
def to_csv(rows: Iterable[Row], columns: Sequence[str] | None = None) -> str:
    """The rows as CSV, a header line first (``columns``: the first row's keys).

    Parameters
    ----------
    {rows}
    {columns}

    Returns
    -------
    str
        The CSV text.

    Examples
    --------
    >>> print(to_csv([{"c": 1.0, "losing": 3}, {"c": 1.5, "losing": 2}]), end="")
    c,losing
    1,3
    1.5,2
    """
    return "".join(csv_lines(rows, columns))


@_documented
def json_lines(rows: Iterable[Row]) -> Iterator[str]:
    """:func:`to_json` in pieces, one a row; numbers as the CSV writes them
    (a whole parameter value ``1``, not ``1.0``).

    Parameters
    ----------
    {rows}

    Yields
    ------
    str
        The pieces of the JSON text.

    Examples
    --------
    >>> "".join(json_lines([{"c": 1.0}])) == to_json([{"c": 1.0}])
    True
    """
    first = True
    for row in rows:
        shown = {key: _number(value) for key, value in row.items()}
        yield ("[\n" if first else ",\n") + json.dumps(shown, separators=(",", ":"))
        first = False
    yield "[]\n" if first else "\n]\n"


@_documented
def to_json(rows: Iterable[Row]) -> str:
    """The rows as one JSON array of objects, one object a line.

    Parameters
    ----------
    {rows}

    Returns
    -------
    str
        The JSON text.

    Examples
    --------
    >>> print(to_json([{"c": 1.0, "bipartite": True}]), end="")
    [
    {"c":1,"bipartite":true}
    ]
    """
    return "".join(json_lines(rows))
