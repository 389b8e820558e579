"""The competitive programmer's kit: generate inputs, stress a solution,
shrink a failure, check an output (see docs/kit.md).

The names below are imported on first use (PEP 562), as in the package root:
the command line imports ``kit.verify_command`` and ``kit.check`` for every
run of those commands, and must not pay for the generators (numpy's random
module) and the stress loop each time.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .check import PROBLEMS, Verdict, check
    from .gen import FAMILIES, Generated, Knobs, Span, generate
    from .shrink import shrink
    from .stress import Failure, Outcome, Report, stress

#: Where each public name lives.
_HOMES = {
    "PROBLEMS": "check",
    "Verdict": "check",
    "check": "check",
    "FAMILIES": "gen",
    "Generated": "gen",
    "Knobs": "gen",
    "Span": "gen",
    "generate": "gen",
    "shrink": "shrink",
    "Failure": "stress",
    "Outcome": "stress",
    "Report": "stress",
    "stress": "stress",
}

__all__ = [
    "FAMILIES",
    "PROBLEMS",
    "Failure",
    "Generated",
    "Knobs",
    "Outcome",
    "Report",
    "Span",
    "Verdict",
    "check",
    "generate",
    "shrink",
    "stress",
]


class _Package(ModuleType):
    """``kit.check``, ``kit.shrink`` and ``kit.stress`` stay the functions
    when their submodules are imported (see the package root's ``_Package``)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


sys.modules[__name__].__class__ = _Package
