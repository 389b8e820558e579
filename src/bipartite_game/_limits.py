"""Refuse work that cannot fit in memory before starting it.

The memory a process may still take is the least of what the kernel says is
available (``MemAvailable``), what its control groups leave (cgroup v2
``memory.max - memory.current``, or v1 ``memory.limit_in_bytes -
memory.usage_in_bytes``, for its own group and every group above it), and
what its address-space limit leaves (``RLIMIT_AS`` less the current virtual
size).  A container or a ``ulimit -v`` is therefore respected, not only the
machine's memory.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from .errors import BipartiteGameError

__all__ = [
    "LEAP_CAP",
    "MAX_VERTICES",
    "available_memory",
    "ensure_fits",
    "human_size",
    "input_cap",
    "memory_check",
]

#: Largest vertex count the int32 index arrays can hold.  (Here rather than
#: in ``_checks``, which needs numpy: the text readers use it too, and the
#: command line reads a knights board without importing numpy.)
MAX_VERTICES = 2**31 - 1
#: Leaps this long or longer never fit a board (no side exceeds
#: ``MAX_VERTICES`` cells); the same value as ``boards.LEAP_CAP``.
LEAP_CAP = 2**31

# Paths are strings joined by os.path, not pathlib: importing pathlib costs
# about 5 ms (it pulls in urllib.parse and ipaddress), a few percent of a
# judge-sized run (benchmarks/startup.py), and every command line reads this.
_CGROUP_ROOT = "/sys/fs/cgroup"
#: Anything at or above this is "no limit" in cgroup v1 (the page-rounded 2**63 - 1).
_NO_LIMIT = 2**62


def available_memory() -> int | None:
    """Bytes of memory available to a new allocation, if the system says."""
    known = [
        value for value in (_meminfo(), _cgroup_room(), _address_space_room()) if value is not None
    ]
    return max(0, min(known)) if known else None


def _meminfo() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def _read_number(path: str) -> int | None:
    try:
        with open(path, encoding="ascii") as handle:
            text = handle.read().strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None  # "max" (v2) means no limit


def _cgroup_room(
    membership: str | os.PathLike[str] = "/proc/self/cgroup",
    root: str | os.PathLike[str] = _CGROUP_ROOT,
) -> int | None:
    """The least room any of this process's memory cgroups leaves
    (``membership`` and ``root`` are parameters for the tests)."""
    top = os.fspath(root).rstrip("/") or "/"
    try:
        with open(membership, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    rooms: list[int] = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, group = parts
        if controllers == "":  # cgroup v2 (unified hierarchy)
            bases = [top, os.path.join(top, "unified")]
            names = ("memory.max", "memory.current")
        elif "memory" in controllers.split(","):
            bases = [os.path.join(top, "memory")]
            names = ("memory.limit_in_bytes", "memory.usage_in_bytes")
        else:
            continue
        for base in bases:
            # the group itself and every group above it; inside a container the
            # group's own directory may not be visible, the mount's root is
            folder = os.path.join(base, group.lstrip("/")).rstrip("/") or "/"
            while True:
                limit = _read_number(os.path.join(folder, names[0]))
                used = _read_number(os.path.join(folder, names[1]))
                if limit is not None and used is not None and limit < _NO_LIMIT:
                    rooms.append(limit - used)
                if folder == base or os.path.dirname(folder) == folder:
                    break
                folder = os.path.dirname(folder)
    return min(rooms) if rooms else None


def _address_space_room() -> int | None:
    """``RLIMIT_AS`` less this process's current virtual size, if limited."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return soft - int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return soft


def human_size(size: float) -> str:
    """``1.5 GB``-style size for messages (decimal units)."""
    size = float(min(size, 10**30))  # a float can always hold it
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1000:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} PB"


def ensure_fits(needed: int, what: str) -> None:
    """Raise :class:`BipartiteGameError` when ``needed`` bytes will not fit."""
    _refuse_past(available_memory(), needed, what)


def memory_check() -> Callable[[int, str], None]:
    """:func:`ensure_fits` for many small checks in a row (one per case of a
    multi-case input): the available memory is read once, here, since reading
    it (``/proc/meminfo`` and the cgroup files) costs about 0.4 ms a time."""
    available = available_memory()
    return lambda needed, what: _refuse_past(available, needed, what)


def _refuse_past(available: int | None, needed: int, what: str) -> None:
    if available is not None and needed > available:
        raise BipartiteGameError(
            f"{what} needs about {human_size(needed)} of memory; "
            f"only {human_size(available)} is available"
        )


#: Bytes of input allowed at most per byte of available memory (see input_cap).
INPUT_SHARE = 8


def input_cap() -> int:
    """The most bytes the command line reads from one input: an eighth of the
    memory available (every front-end needs several bytes of working memory
    per byte of text), so an endless stream ends with a message, not with
    the machine's memory exhausted."""
    available = available_memory()
    return (available if available is not None else 2**34) // INPUT_SHARE
