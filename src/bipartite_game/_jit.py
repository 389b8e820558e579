"""Compiled kernels that cost nothing until the work is big enough.

Every search in this package is written once, as a plain Python function over
numpy arrays, and decorated with :func:`kernel`.  A kernel call on a small
input runs that Python function directly; a call on a large input compiles it
with ``numba.njit(cache=True)`` (or loads it from numba's on-disk cache) and
runs the machine code.

Why: importing numba and loading even a cached kernel costs about half a
second, which dwarfs the whole answer on a 3x3 maze.  Deferring numba until a
call is large keeps tiny judge inputs instant, while one source of truth keeps
the compiled and the interpreted paths the same algorithm.

Kernels may call other kernels: numba is taught that a :class:`Kernel` is typed
as its compiled dispatcher, so the callee is compiled with the caller.

The choice is made per call from the total size of the array arguments.  The
environment variable ``BIPARTITE_GAME_JIT`` overrides it: ``always`` compiles
every call (the test suite uses this so that the compiled code is what is
tested), ``never`` interprets every call, ``auto`` (the default) decides by size.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

import numpy as np

__all__ = ["SMALL_WORK", "Kernel", "jit_mode", "kernel", "set_jit_mode"]

P = ParamSpec("P")
R = TypeVar("R")

#: Total array elements at or below which ``auto`` mode interprets a call.
SMALL_WORK = 3000

_MODES = ("auto", "always", "never")
_mode = os.environ.get("BIPARTITE_GAME_JIT", "auto").strip().lower() or "auto"
if _mode not in _MODES:
    _mode = "auto"

_typeof_registered = False


def jit_mode() -> str:
    """The current mode: ``auto``, ``always`` or ``never``."""
    return _mode


def set_jit_mode(mode: str) -> str:
    """Set the mode for this process and return the previous one."""
    global _mode
    if mode not in _MODES:
        raise ValueError(f"jit mode must be one of {_MODES}, not {mode!r}")
    previous, _mode = _mode, mode
    return previous


class Kernel(Generic[P, R]):
    """A numba-compatible function compiled on first large call."""

    def __init__(self, py_func: Callable[P, R]) -> None:
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__doc__ = py_func.__doc__
        self._compiled: Any = None

    def compiled(self) -> Any:
        """The numba dispatcher for this kernel, created on first use."""
        if self._compiled is None:
            import numba

            _register_typeof()
            self._compiled = numba.njit(cache=True, nogil=True)(self.py_func)
        return self._compiled

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if _mode == "never" or (_mode == "auto" and _is_small(args)):
            return self.py_func(*args, **kwargs)
        result: R = self.compiled()(*args, **kwargs)
        return result

    def __repr__(self) -> str:
        return f"<kernel {self.__qualname__}>"


def kernel(py_func: Callable[P, R]) -> Kernel[P, R]:
    """Decorate a numba-compatible function as a lazily compiled kernel."""
    return Kernel(py_func)


def _is_small(args: tuple[Any, ...]) -> bool:
    work = 0
    for arg in args:
        if isinstance(arg, np.ndarray):
            work += arg.size
    return work <= SMALL_WORK


def _register_typeof() -> None:
    """Type a Kernel global inside compiled code as its numba dispatcher."""
    global _typeof_registered
    if _typeof_registered:
        return
    from numba.core import types
    from numba.extending import typeof_impl

    @typeof_impl.register(Kernel)
    def _typeof_kernel(value: Kernel[Any, Any], context: Any) -> Any:
        return types.Dispatcher(value.compiled())

    _typeof_registered = True
