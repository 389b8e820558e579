"""The competitive programmer's kit: generate inputs, stress a solution,
shrink a failure, check an output (see docs/kit.md)."""

from __future__ import annotations

from .check import PROBLEMS, Verdict, check
from .gen import FAMILIES, Generated, Knobs, Span, generate
from .shrink import shrink
from .stress import Failure, Outcome, Report, stress

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
