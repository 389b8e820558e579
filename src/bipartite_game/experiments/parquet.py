"""A sweep's rows as one Parquet file, written as they come.

The columns are the CSV's, typed: ``family`` a string, ``n`` and the counts
int64, the parameters float64, ``seed`` uint64 (a seed may exceed 2^63),
``bipartite`` a boolean, ``seconds`` (with timing) float64.  Rows are
written in row groups of :data:`GROUP_ROWS`, so memory does not grow with
the number of samples.  The file is written as every output file is
(:func:`~bipartite_game._command.replacing`): through its symbolic links,
into a temporary file beside the target, renamed over it when complete, so
an interrupted sweep leaves no half file; a directory, a FIFO or a device
there is refused.

pyarrow is an optional extra (``pip install "bipartite-game[sweep]"``),
imported only here, when a file is written.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._command import replacing
from ..errors import BipartiteGameError
from .sweep import COLUMNS

__all__ = ["GROUP_ROWS", "MISSING_EXTRA", "check_available", "write_parquet"]

#: Rows per row group.
GROUP_ROWS = 65_536
#: The one line said when pyarrow is not installed.
MISSING_EXTRA = 'writing Parquet needs the package pyarrow: pip install "bipartite-game[sweep]"'

_TEXT = ("family",)
_UNSIGNED = ("seed",)
_FLAGS = ("bipartite",)
#: n, the sample's number and every measure but the flags: counts.
_WHOLE = ("n", "sample", *(column for column in COLUMNS if column not in _FLAGS))


def check_available() -> None:
    """Raise the one-line error when pyarrow cannot be imported."""
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise BipartiteGameError(MISSING_EXTRA) from None


def _type(pa: Any, column: str) -> Any:
    if column in _TEXT:
        return pa.string()
    if column in _UNSIGNED:
        return pa.uint64()
    if column in _FLAGS:
        return pa.bool_()
    if column in _WHOLE:
        return pa.int64()
    return pa.float64()  # the parameters and seconds


def write_parquet(
    rows: Iterable[Mapping[str, Any]], path: str, columns: Sequence[str] | None = None
) -> int:
    """Write the rows to the Parquet file ``path`` (``columns``: the first
    row's keys) and return how many were written.  No rows and no
    ``columns``: nothing to say what the columns are, an error.  ``path``
    is written whole or not at all, through its links (see the module)."""
    check_available()
    import pyarrow as pa
    import pyarrow.parquet as pq

    iterator = iter(rows)
    first = next(iterator, None)
    if columns is None:
        if first is None:
            raise BipartiteGameError("no rows: a Parquet file needs its columns")
        columns = list(first)
    schema = pa.schema([(column, _type(pa, column)) for column in columns])
    written = 0
    with replacing(path) as handle, pq.ParquetWriter(handle, schema) as writer:
        chained = iterator if first is None else itertools.chain([first], iterator)
        while group := list(itertools.islice(chained, GROUP_ROWS)):
            arrays = [
                pa.array([row[column] for row in group], type=field.type)
                for column, field in zip(columns, schema, strict=True)
            ]
            writer.write_table(pa.Table.from_arrays(arrays, schema=schema))
            written += len(group)
    return written
