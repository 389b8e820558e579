"""Without the native library, every judge command still gives the golden
answers, interpreted.

The rest of the suite runs with the C library (CI requires it), so the
kernels' other path, the one a user without a C compiler runs, is
checked here on every golden file, in process (each command's ``answer``,
as the command line calls it), besides the per-kernel comparisons in each
module's test file (``same_as_python``).
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bipartite_game import _native, _stats
from tests.support.cli import golden_cases, golden_game

_COMMANDS = ("maze", "graph", "king", "knights", "lock", "bunny", "edges")
_CASES = [(command, case) for command in _COMMANDS for case in golden_cases(command)]


@pytest.fixture
def without_library() -> Iterator[None]:
    """The library switched off: every kernel interpreted."""
    previous_native = _native.set_native_mode("never")
    try:
        yield
    finally:
        _native.set_native_mode(previous_native)


@pytest.mark.parametrize(
    ("command", "case"), _CASES, ids=[f"{c}-{p.stem}" for c, p in _CASES]
)
def test_golden_answers_without_the_library(
    without_library: None, command: str, case: Path
) -> None:
    module = importlib.import_module(f"bipartite_game.problems.{command}")
    options: dict[str, object] = {}
    if command == "graph":
        rule, directed = golden_game(case.stem)
        options = {"rule": rule, "directed": directed}
    table = io.StringIO()
    with _stats.session(stats=table):
        got = module.answer(case.read_bytes(), **options)
    assert bytes(got) == case.with_suffix(".out").read_bytes()
    pattern = r"kernel calls +(\d+) in C, (\d+) interpreted"
    calls = re.search(pattern, table.getvalue())
    if command == "knights":  # without the library: numpy's frontier search, no kernel
        assert calls is None, table.getvalue()
    else:
        assert calls is not None and calls[1] == "0", table.getvalue()
        assert int(calls[2]) > 0, table.getvalue()
