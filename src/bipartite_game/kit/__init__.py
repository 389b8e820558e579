"""The competitive programmer's kit: generate inputs, stress a solution,
shrink a failure, check an output (see docs/kit.md).

- :mod:`.gen` -- random valid inputs for every judge problem.
- :mod:`.stress` -- a contestant's program against the right answers.
- :mod:`.shrink` -- a failing input made small (delta debugging).
- :mod:`.check` -- is this output a right answer to this input?
- :mod:`.program` -- a contestant's program run once, as a judge runs it.

A library: the command line's ``check``, ``gen`` and ``stress`` read their
options and call these functions with plain values.  The names below are
imported on first use (:mod:`.._lazy`), as in the package root: the command
line imports ``kit.check`` for every run of ``check``, and must not pay for
the generators (numpy's random module) and the stress loop each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

if TYPE_CHECKING:
    from .check import PROBLEMS, CheckVerdict, check
    from .gen import FAMILIES, Generated, Knobs, Span, generate
    from .shrink import shrink
    from .stress import Failure, Interrupted, Report, RunOutcome, stress

#: Where each public name lives.
_HOMES = {
    "PROBLEMS": "check",
    "CheckVerdict": "check",
    "check": "check",
    "FAMILIES": "gen",
    "Generated": "gen",
    "Knobs": "gen",
    "Span": "gen",
    "generate": "gen",
    "shrink": "shrink",
    "Failure": "stress",
    "Interrupted": "stress",
    "Report": "stress",
    "RunOutcome": "stress",
    "stress": "stress",
}

__all__ = [
    "FAMILIES",
    "PROBLEMS",
    "CheckVerdict",
    "Failure",
    "Generated",
    "Interrupted",
    "Knobs",
    "Report",
    "RunOutcome",
    "Span",
    "check",
    "generate",
    "shrink",
    "stress",
]


#: Names renamed after 0.1.0, kept as deprecated aliases (:mod:`.._lazy`).
_RENAMED = {"Verdict": "CheckVerdict", "Outcome": "RunOutcome"}

lazy_names(__name__, _HOMES, renamed=_RENAMED)
