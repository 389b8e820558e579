"""The native kernel library: C versions of the hot kernels, loaded by ctypes.

Why a second implementation: a kernel run interpreted costs about 1 µs per
element.  A shared library built at install time (``setup.py``; the sources
are ``native/*.c``; a release wheel carries it built) costs about a
millisecond to load and runs at C speed from the first call, which no JIT
compiler's start-up matches at a judge's sizes.  It is the package's one
compiled implementation.  The library is plain C99 with no ``Python.h``: it builds wherever a
C compiler is, a stock Debian Python without its headers included, and it is
loaded with ctypes, which releases the GIL during each call (so the progress
line of ``_stats`` keeps ticking).

The Python kernel stays the single specification: each native function is an
*adapter* attached to its :class:`~bipartite_game._jit.Kernel`
(``@kernel(native=adapter)``) that allocates what the Python function would
return, calls C to fill it, and returns the same values; tests compare the
two on random inputs.  Without the library (no compiler at install, or
``BIPARTITE_GAME_NATIVE=never``) every kernel runs its Python
specification, interpreted, with the same answers.

``BIPARTITE_GAME_NATIVE``: ``auto`` (the default) uses the library when it is
there; ``never`` ignores it (every kernel interpreted: the tests use it to
run the specifications); ``required`` makes its absence an error (CI uses
this, so that a build that silently failed cannot pass as a fallback).
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
import threading
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from .errors import BipartiteGameError

__all__ = ["Library", "library", "native_mode", "set_native_mode"]

_MODES = ("auto", "never", "required")
_mode = os.environ.get("BIPARTITE_GAME_NATIVE", "auto").strip().lower() or "auto"
if _mode not in _MODES:
    _mode = "auto"

#: How each argument of a native function is passed, by its letter in a
#: signature: arrays by address, after checking their dtype and contiguity
#: (a wrong one is a bug in an adapter, caught before C reads the memory),
#: and integer scalars as int64.  An array is a numpy array of the letter's
#: dtype (named here as numpy spells it) or, for a caller that does without
#: numpy (its import costs 0.1 s and 16 MiB), any other contiguous buffer of
#: the letter's item format and size: ``bytes`` (read only: only where C
#: does not write), ``bytearray``, ``array.array``.
_ARRAY_TYPES = {"?": "bool", "b": "int8", "B": "uint8", "i": "int32", "l": "int64", "Q": "uint64"}
_BUFFER_FORMATS = {
    "?": (("?",), 1),
    "b": (("b",), 1),
    "B": (("B",), 1),
    "i": (("i",), 4),
    "l": (("l", "q"), 8),
    "Q": (("L", "Q"), 8),
}
_SCALAR = "q"


def native_mode() -> str:
    """The current mode: ``auto``, ``never`` or ``required``."""
    return _mode


def set_native_mode(mode: str) -> str:
    """Set the mode for this process and return the previous one."""
    global _mode
    if mode not in _MODES:
        raise ValueError(f"native mode must be one of {_MODES}, not {mode!r}")
    previous, _mode = _mode, mode
    return previous


class Library:
    """The loaded shared library: :meth:`function` gives its functions, each
    declared once with the letters of its arguments (see ``_ARRAY_TYPES``)."""

    def __init__(self, handle: ctypes.CDLL, path: str) -> None:
        self._handle = handle
        self.path = path
        self._lock = threading.Lock()
        self._functions: dict[tuple[str, str], Callable[..., int]] = {}

    def function(self, name: str, signature: str) -> Callable[..., int]:
        """``name`` as a Python callable taking arrays and ints in the order
        of ``signature`` and returning the C function's int64 result.

        Cached by name and signature: two adapters that declared one C
        function differently would each be checked by their own letters, and
        only one of them can be right, so a test of either finds it.  Both
        are literal strings at every call, so that ``tests/package/test_native.py``
        can hold each letter to the C prototype's parameter type."""
        key = (name, signature)
        found = self._functions.get(key)
        if found is None:
            with self._lock:
                found = self._functions.get(key) or _declare(self._handle, name, signature)
                self._functions[key] = found
        return found

    def csr_function(self, name: str, letters: str, indptr: Any) -> Callable[..., int]:
        """The native ``name`` for a CSR with these offsets: ``bg_x`` takes
        int64 offsets (``l``), ``bg_x_i32`` int32 ones (``i``), the board
        builders' when the entries fit (see ``native/*_impl.h``); ``letters``
        are the other arguments'."""
        if getattr(getattr(indptr, "dtype", None), "itemsize", 8) == 4:  # int32
            return self.function(name + "_i32", "i" + letters)
        return self.function(name, "l" + letters)


def _declare(handle: ctypes.CDLL, name: str, signature: str) -> Callable[..., int]:
    cfunc: Any = handle[name]  # a fresh function object: its own argtypes
    cfunc.restype = ctypes.c_int64
    cfunc.argtypes = [
        ctypes.c_int64 if letter == _SCALAR else ctypes.c_void_p for letter in signature
    ]
    expected = [None if letter == _SCALAR else letter for letter in signature]

    def call(*args: Any) -> int:
        if len(args) != len(expected):
            raise TypeError(f"{name} takes {len(expected)} arguments, not {len(args)}")
        converted: list[int | None] = []
        kept: list[object] = []  # the buffers' exports, alive until C returns
        for position, (arg, letter) in enumerate(zip(args, expected, strict=True)):
            if letter is None:
                converted.append(int(arg))
            else:
                converted.append(_address(arg, letter, name, position, kept))
        return int(cfunc(*converted))

    call.__name__ = name
    return call


class _Argument:
    """Names an argument in a message, formatted only when one is raised."""

    __slots__ = ("name", "position")

    def __init__(self, name: str, position: int) -> None:
        self.name = name
        self.position = position

    def __str__(self) -> str:
        return f"{self.name}: argument {self.position}"


@functools.cache
def _dtype(letter: str) -> Any:
    """numpy's dtype for an array letter (numpy is imported: an array came)."""
    import numpy

    return numpy.dtype(_ARRAY_TYPES[letter])


def _address(arg: Any, letter: str, name: str, position: int, kept: list[object]) -> int | None:
    """The address of array ``arg`` (argument ``position`` of C function
    ``name``)'s first element, after checking its type (see
    ``_ARRAY_TYPES``); ``kept`` receives what must outlive the call.

    Paid on every array of every native call (thousands for a King input of
    100 boards): a writable numpy array's address is taken through ctypes'
    buffer export (0.7 µs), not ``__array_interface__`` (2 µs, a dict built
    each time), and the error messages are made only when one is raised."""
    what = _Argument(name, position)
    numpy = sys.modules.get("numpy")  # an ndarray means numpy is imported
    if numpy is not None and isinstance(arg, numpy.ndarray):
        if arg.dtype != _dtype(letter):
            raise TypeError(f"{what} must be a {_ARRAY_TYPES[letter]} array")
        if not arg.flags.c_contiguous:
            raise TypeError(f"{what} must be contiguous")
        if arg.flags.writeable and arg.nbytes:
            exported_array = ctypes.c_char.from_buffer(arg)
            kept.append(exported_array)
            return ctypes.addressof(exported_array)
        address: int = arg.__array_interface__["data"][0]
        return address
    formats, size = _BUFFER_FORMATS[letter]
    try:
        view = memoryview(arg)
    except TypeError:
        raise TypeError(f"{what} must be a {_ARRAY_TYPES[letter]} array") from None
    if view.format.lstrip("@=") not in formats or view.itemsize != size:
        raise TypeError(f"{what} must be a {_ARRAY_TYPES[letter]} array")
    if not view.c_contiguous:
        raise TypeError(f"{what} must be contiguous")
    if view.nbytes == 0:
        return None  # C reads nothing there
    if view.readonly:
        if type(arg) is not bytes:
            raise TypeError(f"{what}: a read-only buffer must be bytes")
        pointer = ctypes.c_char_p(arg)  # bytes' own memory, not a copy
        kept.append(pointer)
        return ctypes.cast(pointer, ctypes.c_void_p).value
    exported = ctypes.c_char.from_buffer(arg)
    kept.append(exported)
    return ctypes.addressof(exported)


def library() -> Library | None:
    """The native library, or ``None`` when it is absent or switched off."""
    if _mode == "never":
        return None
    found = _load()
    if found is None and _mode == "required":
        raise BipartiteGameError(
            "the native kernel library is not built or not usable "
            "(BIPARTITE_GAME_NATIVE=required); reinstall with a C compiler, "
            "or unset BIPARTITE_GAME_NATIVE"
        )
    return found


#: The library's file names beside this module, in the order tried: the plain
#: shared library that ``setup.py`` builds (no Python ABI in its name: it
#: uses no Python API, so one build serves every Python), then the names an
#: in-place build made before it had (``_ckernels.cpython-311-...so``).
_LIBRARY_NAMES = tuple(
    dict.fromkeys(
        [
            "_ckernels.dll" if sys.platform == "win32" else "_ckernels.so",
            *("_ckernels" + suffix for suffix in EXTENSION_SUFFIXES),
        ]
    )
)


@functools.cache
def _load() -> Library | None:
    """Load ``_ckernels`` from beside this module, once per process.

    In a source tree (an editable install: ``setup.py`` two levels up, and
    ``native/`` beside the library) a library older than one of its sources
    is not used: it would
    run code that is no longer the code in the tree.  One line says how to
    rebuild it, and the kernels fall back meanwhile.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    for name in _LIBRARY_NAMES:
        path = os.path.join(here, name)
        if os.path.exists(path):
            tree = os.path.exists(os.path.join(here, os.pardir, os.pardir, "setup.py"))
            if tree and _stale(path, os.path.join(here, "native")):
                import logging  # only now: rare, and logging costs start-up time

                logging.getLogger(__name__).warning(
                    "bipartite-game: note: the native kernel library is older than its "
                    "sources and is not used; rebuild it with 'pip install --no-deps -e .' "
                    "(or 'python setup.py build_ext --inplace' with setuptools 77 or newer)"
                )
                return None
            try:
                return Library(ctypes.CDLL(path), path)
            except OSError:
                return None
    return None


def _stale(library_path: str, sources: str) -> bool:
    """Whether a C source or header in ``sources`` is newer than the library
    (never, where there are no sources: an installed package)."""
    try:
        built = os.stat(library_path).st_mtime
        names = os.listdir(sources)
    except OSError:
        return False
    for name in names:
        if name.endswith((".c", ".h")):
            try:
                if os.stat(os.path.join(sources, name)).st_mtime > built:
                    return True
            except OSError:
                continue
    return False
