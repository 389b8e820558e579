"""Checking a native kernel against its Python specification.

:func:`same_as_python` runs a kernel's C adapter and its plain Python
function on copies of the same arguments and asserts that both return equal
values *and* leave equal arguments (kernels such as the matching searches
work in place).  Tests call it on random inputs, Hypothesis drawing them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

from bipartite_game import _native
from bipartite_game._jit import Kernel
from bipartite_game.graphs import matching


def native_library() -> _native.Library:
    """The library, or skip the test where it is not built (CI requires it:
    ``BIPARTITE_GAME_NATIVE=required`` makes its absence an error instead)."""
    lib = _native.library()
    if lib is None:
        pytest.skip("the native kernel library is not built")
    return lib


def _copy(value: Any) -> Any:
    return value.copy() if isinstance(value, np.ndarray) else value


def _assert_equal(left: Any, right: Any, what: str) -> None:
    if isinstance(left, tuple):
        assert isinstance(right, tuple) and len(left) == len(right), what
        for k, (a, b) in enumerate(zip(left, right, strict=True)):
            _assert_equal(a, b, f"{what}[{k}]")
    elif isinstance(left, np.ndarray):
        assert isinstance(right, np.ndarray), what
        assert left.dtype == right.dtype, f"{what}: {left.dtype} != {right.dtype}"
        assert left.shape == right.shape, f"{what}: {left.shape} != {right.shape}"
        assert np.array_equal(left, right), f"{what}: values differ"
    else:
        assert left == right, f"{what}: {left!r} != {right!r}"


def same_as_python(kernel: Kernel[..., Any], *args: Any) -> Any:
    """Run ``kernel`` natively and as Python on copies of ``args``; assert the
    results and the arguments afterwards are equal; return the result."""
    lib = native_library()
    assert kernel.native is not None, f"{kernel.__name__} has no native version"
    python_args = [_copy(a) for a in args]
    native_args = [_copy(a) for a in args]
    previous = _native.set_native_mode("never")  # nested kernels too: Python only
    try:
        expected = kernel.py_func(*python_args)
    finally:
        _native.set_native_mode(previous)
    got = kernel.native(lib, *native_args)
    _assert_equal(got, expected, f"{kernel.__name__} result")
    for k, (a, b) in enumerate(zip(native_args, python_args, strict=True)):
        _assert_equal(a, b, f"{kernel.__name__} argument {k} afterwards")
    return got


@contextmanager
def plain_search() -> Iterator[None]:
    """``augment_bipartite`` never hands over to push-relabel here: no
    search visits more than the whole of side 0."""
    previous = matching.HAND_OVER_AFTER
    matching.HAND_OVER_AFTER = 1.0
    try:
        yield
    finally:
        matching.HAND_OVER_AFTER = previous
