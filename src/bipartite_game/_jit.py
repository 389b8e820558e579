"""Compiled kernels that cost nothing until the work is big enough.

Every search in this package is written once, as a plain Python function over
numpy arrays, and decorated with :func:`kernel`.  A kernel call on a small
input runs that Python function directly; a call on a large input compiles it
with ``numba.njit(cache=True)`` (or loads it from numba's on-disk cache) and
runs the machine code.

Why: importing numba and loading even a cached kernel costs about 0.35 s,
which dwarfs the whole answer on a judge's 100x100 maze (0.1 s interpreted).
Deferring numba until a call is large keeps judge-sized inputs fast, while
one source of truth keeps the compiled and the interpreted paths the same
algorithm.  numba is imported only inside :meth:`Kernel.compiled`, never when
this module or a module of kernels is imported.

Kernels may call other kernels: numba is taught that a :class:`Kernel` is typed
as its compiled dispatcher, so the callee is compiled with the caller.

A kernel that also has a C version (``@kernel(native=adapter)``, see
:mod:`._native`) runs that instead whenever the native library is loaded,
whatever the size of the call: the library costs a millisecond to load, so
neither numba's start-up nor the interpreter is worth paying for it.

numba caches next to the package, in ``NUMBA_CACHE_DIR`` or in the user's cache
directory, and raises (``cannot cache function ...: no locator available``) when
it can write none of them: a read-only installation run by a user without a
home, as services and sandboxes are.  Then a kernel is cached in a directory
of this user's own under the temporary directory instead, so later runs still
start fast, and if even that is impossible it is compiled without a cache.
Either way the answer is the same and one line says so, once per process.

numba is an optional extra (``pip install "bipartite-game[numba]"``): the C
library does the hot paths.  Without numba every call is interpreted, with
the same answers; the first large one says once, on standard error, how to
get speed (:func:`_note_interpreted`).

The choice is made per call from the total size of the array arguments
(:data:`SMALL_WORK`, lower once a kernel has run compiled).  The
environment variable ``BIPARTITE_GAME_JIT`` overrides it: ``always`` compiles
every call (the test suite uses this so that the compiled code is what is
tested), ``never`` interprets every call, ``auto`` (the default) decides by size.
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
import threading
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

import numpy as np

from ._native import Library, library
from ._stats import INTERPRETED_CALLS as _INTERPRETED_CALLS
from ._stats import NATIVE_CALLS as _NATIVE_CALLS
from ._stats import NUMBA_CALLS as _NUMBA_CALLS
from ._stats import count

__all__ = ["SMALL_WORK", "WARM_WORK", "Kernel", "jit_mode", "kernel", "set_jit_mode"]

P = ParamSpec("P")
R = TypeVar("R")

#: Total array elements at or below which ``auto`` mode interprets a call
#: while no kernel has run compiled in this process.  Measured by
#: ``benchmarks/jit.py`` (see docs/benchmarks.md): the first compiled call of
#: a process costs about 0.35 s (numba's import, 0.12 s, and the first cached
#: kernel's load, 0.23 s, most of it numba setting up its compiler), while a
#: kernel interpreted costs at most about 1 µs per element (4 µs for the
#: graph builders, which are weighted).  A whole 100x100 maze answer (calls
#: of at most 80,000 elements) takes 0.1 s interpreted against 0.37 s
#: compiled; from about 200x200 compiling wins.
SMALL_WORK = 100_000
#: The same threshold once a kernel has run compiled: numba is paid for, and
#: each further kernel costs only its own load from the cache (3-5 ms).
WARM_WORK = 3_000

_MODES = ("auto", "always", "never")
_mode = os.environ.get("BIPARTITE_GAME_JIT", "auto").strip().lower() or "auto"
if _mode not in _MODES:
    _mode = "auto"

_typeof_registered = False
#: Whether a kernel has run compiled in this process (numba's cost is paid).
_warm = False

_note_lock = threading.Lock()
#: The notes already given in this process (each is given once).
_noted: set[str] = set()
#: Whether numba can be imported: None until a call needs it.
_numba_found: bool | None = None


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
    """A numba-compatible function compiled on first large call.

    ``weight`` multiplies the size of its arguments in the choice to
    compile: more than 1 for a kernel that costs more per element
    interpreted than a typical one (about 1 µs), such as the graph builders.

    ``native``, when given, is the kernel's adapter to the C library of
    ``_native``: called with the library and the kernel's own arguments, it
    returns what ``py_func`` would.  While the library is loaded every call
    goes there, whatever its size; numba is then never imported for it.
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
        self._compiled: Any = None

    def compiled(self) -> Any:
        """The numba dispatcher for this kernel, created on first use."""
        if self._compiled is None:
            _register_typeof()
            self._compiled = _njit(self.py_func)
        return self._compiled

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self.native is not None:
            lib = library()
            if lib is not None:
                count(_NATIVE_CALLS, 1)
                return self.native(lib, *args, **kwargs)
        if _mode == "never" or (_mode == "auto" and _is_small(args, self.weight)):
            count(_INTERPRETED_CALLS, 1)
            return self.py_func(*args, **kwargs)
        if not _has_numba():
            if _mode == "auto":  # a large call, slow interpreted: say how to be fast
                _note_interpreted(self)
            count(_INTERPRETED_CALLS, 1)
            return self.py_func(*args, **kwargs)
        global _warm
        count(_NUMBA_CALLS, 1)
        result: R = self.compiled()(*args, **kwargs)
        _warm = True
        return result

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
    """Decorate a numba-compatible function as a lazily compiled kernel:
    ``@kernel``, ``@kernel(weight=4)`` for one that costs more per element
    interpreted, ``@kernel(native=adapter)`` for one with a C version in
    ``_native``'s library (see :class:`Kernel`)."""
    if py_func is not None:
        return Kernel(py_func)
    return lambda func: Kernel(func, weight, native)


def _has_numba() -> bool:
    """Whether numba is installed (looked up once, without importing it)."""
    global _numba_found
    if _numba_found is None:
        import importlib.util

        _numba_found = importlib.util.find_spec("numba") is not None
    return _numba_found


def _note_interpreted(kernel: Kernel[Any, Any]) -> None:
    """Say once that a large input runs interpreted, and what makes it fast."""
    if library() is None:
        _note(
            "the native kernel library was not built (no C compiler at install?) and numba "
            "is not installed: large inputs run interpreted, slowly; reinstall where a C "
            "compiler is found, or pip install 'bipartite-game[numba]'"
        )
    else:
        _note(
            f"numba is not installed: {kernel.__qualname__} has no C version and runs "
            "interpreted, slowly on large inputs; pip install 'bipartite-game[numba]' for speed"
        )


def _is_small(args: tuple[Any, ...], weight: int = 1) -> bool:
    """Whether ``auto`` interprets a call with these arguments: their total
    array elements, times the kernel's weight, at most :data:`SMALL_WORK`, or
    :data:`WARM_WORK` once numba has been paid for."""
    work = 0
    for arg in args:
        if isinstance(arg, np.ndarray):
            work += arg.size
    return work * weight <= (WARM_WORK if _warm else SMALL_WORK)


def _njit(py_func: Callable[..., Any]) -> Any:
    """Compile ``py_func`` lazily with numba, cached on disk wherever possible.

    numba picks its cache directory when the function is decorated and raises
    ``RuntimeError`` there if it finds none it can write; with a zip import or
    ``NUMBA_CACHE_LOCATOR_CLASSES`` it may pick one without trying it, and
    then the first call fails with ``OSError`` instead.  Both are caught here,
    at decoration, so that a kernel never fails for want of a cache.
    """
    import numba

    dispatcher = _usable(lambda: numba.njit(cache=True, nogil=True)(py_func))
    if dispatcher is not None:
        return dispatcher
    fallback = _fallback_cache_dir()
    if fallback is not None:

        def in_fallback() -> Any:
            plain: Any = numba.njit(nogil=True)(py_func)
            # what numba's own ``enable_caching`` does, with another cache
            plain._cache = _fallback_cache_class(fallback)(py_func)
            return plain

        dispatcher = _usable(in_fallback)
        if dispatcher is not None:
            _note(f"numba has no writable cache directory; caching compiled kernels in {fallback}")
            return dispatcher
    _note("numba has no writable cache directory; compiling without a cache (slower start)")
    return numba.njit(nogil=True)(py_func)


def _usable(make: Callable[[], Any]) -> Any:
    """The dispatcher ``make`` returns, or None if its cache cannot be written.

    Broad on purpose: the fallback reaches into numba's caching classes, and
    if a numba release changes them the right outcome is an uncached compile,
    not an error.
    """
    try:
        dispatcher = make()
    except Exception:
        return None
    stats = getattr(dispatcher, "stats", None)  # absent under NUMBA_DISABLE_JIT
    if stats is None or _can_write(stats.cache_path):
        return dispatcher
    return None


@functools.cache
def _can_write(path: str) -> bool:
    """Probe a cache directory the way numba's own locators do, once per path."""
    try:
        os.makedirs(path, exist_ok=True)
        import tempfile  # here, not at import: start-up time (benchmarks/startup.py)

        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


@functools.cache
def _fallback_cache_dir() -> str | None:
    """This user's own directory for numba's cache in the temporary directory.

    The name is fixed (one per user) rather than fresh per process because a
    process never compiles a kernel twice anyway: the cache only pays off in
    the next process, such as the next command or a restarted server.  A
    fixed name in a shared directory could be planted by someone else, and
    numba's cache files are pickles that run code when loaded, so it must be
    a real directory owned by this user and writable by nobody else.
    """
    uid = os.getuid() if hasattr(os, "getuid") else None  # Windows: per-user temp
    name = "bipartite-game-numba" if uid is None else f"bipartite-game-numba-{uid}"
    try:
        import tempfile

        path = os.path.join(tempfile.gettempdir(), name)
        with contextlib.suppress(FileExistsError):
            os.mkdir(path, 0o700)
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & 0o022:
        return None
    if uid is not None and info.st_uid != uid:
        return None
    return path


@functools.cache
def _fallback_cache_class(cache_dir: str) -> Any:
    """numba's function cache, with ``cache_dir`` as the only place to look.

    numba has no public way to give one function its own cache directory
    (``NUMBA_CACHE_DIR`` is process-wide and read by every cached function,
    the package's or not), so this subclasses its caching classes the way its
    own locators are written: the user-wide locator with another directory.
    """
    from numba.core import caching

    # numba's types are Any where numba (an optional extra) is not installed
    class Locator(caching.UserWideCacheLocator):  # type: ignore[misc, unused-ignore]
        def __init__(self, py_func: Callable[..., Any], py_file: str) -> None:
            super().__init__(py_func, py_file)  # type: ignore[no-untyped-call, unused-ignore]
            subpath: str = self.get_suitable_cache_subpath(py_file)  # type: ignore[no-untyped-call, unused-ignore]
            self._cache_path = os.path.join(cache_dir, subpath)

        def get_cache_path(self) -> str:
            path: str = self._cache_path
            return path

    class Impl(caching.CompileResultCacheImpl):  # type: ignore[misc, unused-ignore]
        pass

    Impl._locator_classes = [Locator]

    class Cache(caching.FunctionCache):  # type: ignore[misc, unused-ignore]
        _impl_class = Impl

    return Cache


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


def _register_typeof() -> None:
    """Type a Kernel global inside compiled code as its numba dispatcher."""
    global _typeof_registered
    if _typeof_registered:
        return
    from numba.core import types
    from numba.extending import typeof_impl

    @typeof_impl.register(Kernel)  # type: ignore[untyped-decorator, unused-ignore]
    def _typeof_kernel(value: Kernel[Any, Any], context: Any) -> Any:
        return types.Dispatcher(value.compiled())

    _typeof_registered = True
