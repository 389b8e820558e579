"""Kernels: a Python specification, run in C when the native library has it.

Every search in this package is written once, as a plain Python function over
numpy arrays, and decorated with :func:`kernel`.  That function is the
specification: it is what the tests compare the C version with, and what
runs where there is no C version (a few kernels, called only on small
inputs or from other kernels) or no library (no C compiler at install, or
``BIPARTITE_GAME_NATIVE=never``).

A kernel that has a C version (``@kernel(native=adapter)``, see
:mod:`._native`) runs that instead whenever the native library is loaded,
whatever the size of the call: the library costs a millisecond to load.

Without the library every call is interpreted, with the same answers; the
first large one (more than :data:`SMALL_WORK` array elements, times the
kernel's weight) says once, on standard error, that the library was not
built and how to get it (:func:`_note_interpreted`).  A release wheel carries
the library, so only an install from source with no C compiler gets there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

import numpy as np

from ._native import Library, library, native_mode
from ._stats import INTERPRETED_CALLS as _INTERPRETED_CALLS
from ._stats import NATIVE_CALLS as _NATIVE_CALLS
from ._stats import count

__all__ = ["SMALL_WORK", "Kernel", "kernel"]

P = ParamSpec("P")
R = TypeVar("R")

#: Total array elements (times the kernel's weight) above which an
#: interpreted call, for want of the native library, says so once: a kernel
#: interpreted costs about 1 µs per element (4 µs for the graph builders,
#: which are weighted), so from here on an answer takes a noticeable time.
SMALL_WORK = 100_000

_note_lock = threading.Lock()
#: The notes already given in this process (each is given once).
_noted: set[str] = set()


class Kernel(Generic[P, R]):
    """A Python kernel (the specification), with its C version if any.

    ``native``, when given, is the kernel's adapter to the C library of
    ``_native``: called with the library and the kernel's own arguments, it
    returns what ``py_func`` would.  While the library is loaded every call
    goes there, whatever its size; otherwise ``py_func`` runs.

    ``weight`` multiplies the size of its arguments in the choice to say
    that a call runs interpreted: more than 1 for a kernel that costs more
    per element than a typical one (about 1 µs), such as the graph builders.
    """

    def __init__(
        self,
        py_func: Callable[P, R],
        weight: int = 1,
        native: Callable[Concatenate[Library, P], R] | None = None,
    ) -> None:
        self.py_func = py_func
        self.weight = weight
        self.native = native
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__doc__ = py_func.__doc__

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self.native is not None:
            lib = library()
            if lib is not None:
                count(_NATIVE_CALLS, 1)
                return self.native(lib, *args, **kwargs)
            if not _noted and not _is_small(args, self.weight):
                _note_interpreted()
        count(_INTERPRETED_CALLS, 1)
        return self.py_func(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<kernel {self.__qualname__}>"


@overload
def kernel(py_func: Callable[P, R], /) -> Kernel[P, R]: ...


@overload
def kernel(
    *, weight: int = 1, native: Callable[..., Any] | None = None
) -> Callable[[Callable[P, R]], Kernel[P, R]]: ...


def kernel(
    py_func: Callable[P, R] | None = None,
    /,
    *,
    weight: int = 1,
    native: Callable[..., Any] | None = None,
) -> Kernel[P, R] | Callable[[Callable[P, R]], Kernel[P, R]]:
    """Decorate a Python function over numpy arrays as a kernel: ``@kernel``,
    ``@kernel(native=adapter)`` for one with a C version in ``_native``'s
    library, ``@kernel(weight=4, native=...)`` for one that costs more per
    element interpreted (see :class:`Kernel`)."""
    if py_func is not None:
        return Kernel(py_func)
    return lambda func: Kernel(func, weight, native)


def _note_interpreted() -> None:
    """Say once that a large input runs interpreted for want of the library
    (not when ``BIPARTITE_GAME_NATIVE=never`` asked for that)."""
    if native_mode() != "never":
        _note(
            "the native kernel library was not built (no C compiler at install?): large "
            "inputs run interpreted, slowly; reinstall where a C compiler is found, or "
            "install a release wheel"
        )


def _is_small(args: tuple[Any, ...], weight: int = 1) -> bool:
    """Whether a call with these arguments is small: their total array
    elements, times the kernel's weight, at most :data:`SMALL_WORK`."""
    work = 0
    for arg in args:
        if isinstance(arg, np.ndarray):
            work += arg.size
    return work * weight <= SMALL_WORK


def _note(message: str) -> None:
    """Log ``message`` as a warning the first time it is given only.

    A log record, not :func:`warnings.warn`: the Python logging guide keeps
    warnings for what the calling code should change, and there is nothing
    to change here but the deployment; ``-W error`` would also turn the
    fallback into the very failure it avoids.  With logging unconfigured, as
    in the command line, Python prints the bare message on standard error,
    one line; an application that configures logging routes it as it likes.
    """
    with _note_lock:
        if message in _noted:
            return
        _noted.add(message)
    import logging  # only now: a note is rare, and logging costs start-up time

    logging.getLogger(__name__).warning("bipartite-game: note: %s", message)
