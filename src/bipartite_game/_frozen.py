"""Read-only arrays, and the objects that keep theirs so.

A :class:`~bipartite_game.graphs.graph.Graph` is checked once, when it is
made, and the compiled kernels trust its arrays from then on; so does every
object built on one (a ``Solution``, a ``Decomposition``, a board, a
certificate) with the arrays it made.  That trust holds only while nothing
can write to those arrays: each is read-only (:func:`freeze`, on the array
and every array it is a view of), an array a caller passes in is kept only
when it is read-only all the way down (:func:`own_frozen`, else a copy), and
an array whose ``flags.writeable`` was set back to true is found by the
object's ``check_intact()`` (O(1): the flags of a few arrays) before a
kernel reads it.  Unpickled or deep-copied arrays are fresh and writable:
``__setstate__`` freezes them again.

:class:`FrozenArrays` is that behaviour, declared once: a class lists its
arrays and the frozen objects it is built on, and inherits ``check_intact``,
``__getstate__`` and ``__setstate__``.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import numpy as np
import numpy.typing as npt

from .errors import BipartiteGameError

__all__ = ["FrozenArrays", "freeze", "is_frozen", "own_frozen", "writable_error"]

ArrayT = TypeVar("ArrayT", bound=npt.NDArray[Any])


def freeze(array: ArrayT) -> ArrayT:
    """Make ``array`` read-only, and every array it is a view of, so that
    no handle on the memory stays writable (``array.base`` included); for
    arrays this package made and hands out.  Returns ``array``, or a
    read-only copy when its memory belongs to an object other than an
    array that hands out a writable buffer (a ``bytearray``, an
    ``mmap``), which no flag can close.  O(depth of views),
    O(size) for such a copy."""
    view: object = array
    while isinstance(view, np.ndarray):
        view.flags.writeable = False
        view = view.base
    if is_frozen(array):
        return array
    copy: ArrayT = array.copy()  # owns its memory: the flag closes it
    copy.flags.writeable = False
    return copy


def _writable_buffer(owner: object) -> bool:
    try:
        with memoryview(owner) as buffer:  # type: ignore[arg-type]
            return not buffer.readonly
    except TypeError:
        return False


def is_frozen(array: object) -> bool:
    """Whether ``array`` is a numpy array that is read-only, and every
    array it is a view of too: nothing can change it short of setting
    ``flags.writeable`` back to true.  O(depth of views), about 0.4 µs."""
    if not isinstance(array, np.ndarray):
        return False
    view: object = array
    while isinstance(view, np.ndarray):
        if view.flags.writeable:
            return False
        view = view.base
    return view is None or isinstance(view, bytes) or not _writable_buffer(view)


def own_frozen(array: ArrayT) -> ArrayT:
    """``array`` itself when it is frozen (:func:`is_frozen`), else a
    read-only copy: what an object keeps of an array a caller passed in, so
    that the caller's later writes cannot reach it.  O(size) when it copies."""
    if is_frozen(array):
        return array
    copy: ArrayT = array.copy()
    return freeze(copy)


def writable_error(owner: str, name: str) -> BipartiteGameError:
    """The error for an array of ``owner`` found writable again: its
    ``flags.writeable`` was set back to true, so its contents can no
    longer be trusted by the compiled kernels."""
    return BipartiteGameError(
        f"{owner}.{name} was made writable (flags.writeable = True): the arrays of a "
        f"{owner} are read-only because the compiled kernels trust them; copy an "
        f"array to change it (.copy()), and build a new {owner} from the copy"
    )


class FrozenArrays:
    """An immutable object whose arrays the compiled kernels trust.

    A subclass declares its arrays in :attr:`_frozen_arrays` and the frozen
    objects it is built on in :attr:`_frozen_parts`, and freezes the arrays
    when it is made (:func:`freeze` for its own fresh ones,
    :func:`own_frozen` for a caller's).  It inherits:

    - :meth:`check_intact`, which every method and every function taking
      the object calls: the parts' check first, then each array's flags;
    - :meth:`__getstate__` and :meth:`__setstate__`, so that an unpickled or
      deep-copied object has its arrays frozen again (numpy makes such
      copies writable), attributes in slots included.
    """

    __slots__ = ()

    #: The arrays, by attribute name; ``"_colouring.side"`` is the array
    #: ``side`` of the attribute ``_colouring``.  An attribute that is
    #: missing or ``None`` holds no array.  Messages name each array
    #: without the underscores its names start with (``colouring.side``).
    _frozen_arrays: ClassVar[tuple[str, ...]] = ()
    #: Attributes holding the frozen objects this one is built on (a
    #: solution's graph), checked first; ``None`` is skipped.
    _frozen_parts: ClassVar[tuple[str, ...]] = ()
    #: ``_frozen_arrays`` as ``(attribute, array of it or None)``, made once
    #: per class: :meth:`check_intact` runs at every method call.
    _frozen_pairs: ClassVar[tuple[tuple[str, str | None], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        pairs = []
        for name in cls._frozen_arrays:
            outer, _, inner = name.partition(".")
            if "." in inner:
                raise TypeError(f"{cls.__name__}: {name!r} reaches more than one attribute deep")
            pairs.append((outer, inner or None))
        cls._frozen_pairs = tuple(pairs)

    def check_intact(self) -> None:
        """Raise :class:`BipartiteGameError` if one of the arrays, or one
        of the objects this one is built on, was made writable again
        (``flags.writeable = True``, on it or on an array it is a view of):
        the kernels trust the arrays as checked when they were made, and
        cannot once they may have changed.  O(1)."""
        for name in self._frozen_parts:
            part = getattr(self, name)
            if part is not None:
                part.check_intact()
        for name, inner in self._frozen_pairs:
            value = getattr(self, name, None)
            if inner is not None and value is not None:
                value = getattr(value, inner, None)
            if value is not None and not is_frozen(value):
                shown = name.lstrip("_") if inner is None else f"{name.lstrip('_')}.{inner}"
                raise writable_error(self._frozen_owner(), shown)

    def _frozen_owner(self) -> str:
        """The name of the class that declared the arrays, for messages."""
        for cls in type(self).__mro__:
            if "_frozen_arrays" in vars(cls):
                return cls.__name__
        return type(self).__name__

    def __getstate__(self) -> dict[str, Any]:
        """Every attribute, in the instance dictionary or in slots."""
        state = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            for name in vars(cls).get("__slots__", ()):
                if hasattr(self, name):
                    state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled or deep-copied: every attribute back, the arrays frozen
        again (an array over a buffer that is not an array, as pickle's
        out-of-band buffers give, is copied).  O(attributes)."""
        for name, value in state.items():
            if isinstance(value, np.ndarray):
                value = freeze(value)
            object.__setattr__(self, name, value)
