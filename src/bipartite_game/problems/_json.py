"""``--format json``: the answer of a front-end as one JSON document.

Why: a script should not have to parse judge text.  Every front-end builds
its document here, so that all of them look alike (the schema is in
``docs/json.md``): one object, ``"problem"`` first, one key a line, every
value compact on its line, ASCII only (``ensure_ascii``), the same bytes for
the same input.  Per-vertex and per-case answers are parallel arrays, not
lists of objects: a million vertices cost a million array items, not a
million small objects.

Large arrays never pass through a Python loop of ours: booleans, integers
and strings go through :func:`json.dumps` of one list (its C encoder), the
label tokens are decoded in one call on their join, and a maze's cells are
written as ``[row,col]`` pairs by a kernel into one byte buffer.

Labels are the input's tokens decoded as UTF-8; a byte that is not UTF-8
becomes a lone surrogate ``\\udc80`` to ``\\udcff`` (Python's
``surrogateescape``), which ``json.loads`` in Python reads back and
``.encode("utf-8", "surrogateescape")`` turns into the original bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._digits import write_decimal
from .._jit import kernel
from ..errors import BipartiteGameError

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["FORMATS", "Encoded", "booleans", "cells", "check_format", "document", "labels"]

#: The output formats every front-end's ``answer`` takes.
FORMATS = ("text", "json")


def check_format(format: str) -> bool:
    """Is ``format`` ``"json"`` (else ``"text"``)?  Anything else is misuse."""
    if format not in FORMATS:
        raise BipartiteGameError(f"format must be 'text' or 'json', not {format!r}")
    return format == "json"


@dataclass(frozen=True)
class Encoded:
    """A value already written as JSON text."""

    text: bytes


def _dumps(value: object) -> bytes:
    import json  # here: every front-end imports this module, and json costs 1.5 ms

    return json.dumps(value, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def document(problem: str, fields: Sequence[tuple[str, object]]) -> bytes:
    """The document ``{"problem": problem, key: value, ...}``, one key a
    line; a value is a plain JSON-able value or :class:`Encoded` text."""
    parts = [b'{\n  "problem": ', _dumps(problem)]
    for key, value in fields:
        parts += [b',\n  ', _dumps(key), b": "]
        parts.append(value.text if isinstance(value, Encoded) else _dumps(value))
    parts.append(b"\n}\n")
    return b"".join(parts)


def booleans(values: npt.NDArray[np.bool_]) -> Encoded:
    """A boolean array as a JSON array of ``true``/``false``."""
    return Encoded(_dumps(np.asarray(values, dtype=np.bool_).tolist()))


def dumps_ints(values: npt.NDArray[np.int64]) -> bytes:
    """An integer array as a JSON array."""
    return _dumps(np.asarray(values, dtype=np.int64).tolist())


def labels(tokens: Sequence[bytes]) -> list[str]:
    """Label tokens (no white space inside) as text, decoded in one call on
    their join: UTF-8 resynchronises at every ASCII byte, so this decodes
    each token exactly as decoding it alone would."""
    if not tokens:
        return []
    return b"\n".join(tokens).decode("utf-8", "surrogateescape").split("\n")


def cells(flat: npt.NDArray[np.int32], width: int) -> Encoded:
    """Flat cell indices (row-major, ``width`` columns) as a JSON array of
    1-based ``[row,col]`` pairs, in their order.  O(cells), one kernel."""
    flat = np.ascontiguousarray(flat, dtype=np.int32)
    if flat.size == 0:
        return Encoded(b"[]")
    rows = int(flat.max()) // width + 1
    per_pair = len(str(rows)) + len(str(width)) + 4  # "[r,c],"
    out = np.empty(2 + flat.size * per_pair, dtype=np.uint8)
    end = _write_pairs(flat, width, out)
    return Encoded(out[:end].tobytes())


def _write_pairs_native(
    lib: Library, flat: npt.NDArray[np.int32], width: int, out: npt.NDArray[np.uint8]
) -> int:
    return lib.function("bg_write_pairs", "iqqB")(flat, flat.size, width, out)


@kernel(native=_write_pairs_native)
def _write_pairs(flat: npt.NDArray[np.int32], width: int, out: npt.NDArray[np.uint8]) -> int:
    """Write ``[[r,c],[r,c],...]`` (1-based) into ``out``; returns the end."""
    digits = np.empty(20, dtype=np.uint8)
    out[0] = 91  # [
    at = 1
    for k in range(flat.size):
        if k > 0:
            out[at] = 44  # ,
            at += 1
        out[at] = 91
        at += 1
        cell = np.int64(flat[k])
        row = cell // width + 1
        col = cell - (row - 1) * width + 1
        for value, end in ((row, 44), (col, 93)):  # "r," then "c]"
            at = write_decimal(value, digits, out, at)
            out[at] = end
            at += 1
    out[at] = 93  # ]
    return at + 1
