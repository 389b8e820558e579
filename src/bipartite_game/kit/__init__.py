"""The competitive programmer's kit: a checker for every judge problem."""

from __future__ import annotations

from .check import PROBLEMS, Verdict, check

__all__ = ["PROBLEMS", "Verdict", "check"]
