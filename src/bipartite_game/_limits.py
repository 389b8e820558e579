"""Refuse work that cannot fit in memory before starting it."""

from __future__ import annotations

import os

from .errors import BipartiteGameError

__all__ = ["available_memory", "ensure_fits"]


def available_memory() -> int | None:
    """Bytes of memory available to a new allocation, if the system says."""
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


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1000 or unit == "TB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    raise AssertionError("unreachable")


def ensure_fits(needed: int, what: str) -> None:
    """Raise :class:`BipartiteGameError` when ``needed`` bytes will not fit."""
    available = available_memory()
    if available is not None and needed > available:
        raise BipartiteGameError(
            f"{what} needs about {_human(needed)} of memory; only {_human(available)} is available"
        )
