"""Whole numbers written in decimal into a byte buffer, by kernels.

The answers that run to millions of numbers (a maze's cells, a
certificate's arrays) are written by kernels straight into a ``uint8``
buffer rather than by formatting Python strings; each writes its numbers
with :func:`write_decimal`.  Their C versions share ``bg_put_decimal``
(native/decimal.h), the same loop.
"""

from __future__ import annotations

import numpy as np

from ._arrays import UInt8Array
from ._jit import kernel

__all__ = ["write_decimal"]


@kernel
def write_decimal(value: int | np.int64, digits: UInt8Array, out: UInt8Array, at: int) -> int:
    """Write the non-negative ``value`` in decimal into ``out`` from ``at``
    (``digits``: scratch of 20 bytes or more, the digits least significant
    first); returns the end.  O(digits)."""
    n = 0
    while True:
        digits[n] = 48 + value % 10
        value //= 10
        n += 1
        if value == 0:
            break
    while n > 0:
        n -= 1
        out[at] = digits[n]
        at += 1
    return at
