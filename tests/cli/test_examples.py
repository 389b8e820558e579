"""Every command in examples/README.md runs on its bundled example."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.paths import GOLDEN, ROOT
from tests.support.strategies import tiered

TABLE = (ROOT / "examples" / "README.md").read_text()
COMMANDS = re.findall(r"`(bipartite-game [^`]+)`", TABLE)


def test_every_command_has_an_example() -> None:
    commands = {shlex.split(command)[1] for command in COMMANDS}
    assert commands >= {
        "maze",
        "lock",
        "knights",
        "king",
        "graph",
        "edges",
        "bunny",
        "play",
        "annotate",
        "check",
        "gen",
        "stress",
        "verify",
    }


@pytest.mark.parametrize("command", tiered(COMMANDS))
def test_example_runs(command: str, tmp_path: Path) -> None:
    words = shlex.split(command)[1:]
    words = [w.replace("examples/", f"{ROOT}/examples/") for w in words]
    stdin = b""
    if words[0] == "play":
        stdin = b"quit\n"
    if "OUTPUT" in words:
        answer = tmp_path / "answer.txt"
        answer.write_bytes(run("maze", str(ROOT / "examples" / "maze.txt")).stdout)
        words[words.index("OUTPUT")] = str(answer)
    result = run(*words, stdin=stdin)
    assert result.status in ((0, 1, 3) if words[0] == "play" else (0,)), result.stderr
    assert result.stdout


@pytest.mark.parametrize(
    ("example", "golden"),
    [
        ("lock.txt", "lock/mixed_cases"),
        ("king.txt", "king/sample"),
        ("graph.txt", "graph/square_with_tail"),
        ("knights.txt", "knights/knight_3x3_same_colour"),
        ("bunny.txt", "bunny/sample3"),
    ],
)
def test_examples_are_the_golden_inputs(example: str, golden: str) -> None:
    assert (ROOT / "examples" / example).read_bytes() == (GOLDEN / f"{golden}.in").read_bytes()
