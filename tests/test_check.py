"""``check``: a judge's checker, run as a contestant runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bipartite_game.kit import check
from bipartite_game.kit.check import PROBLEMS, compare

from .cli_util import GOLDEN, assert_one_line_error, golden_cases, run


@pytest.mark.parametrize(
    "case",
    [
        case
        for problem in PROBLEMS
        for case in golden_cases(problem)
        # check judges the default rule; these are edge or directed geography
        if not case.stem.startswith(("rule-edge-", "directed-"))
    ],
    ids=lambda p: f"{p.parent.name}-{p.stem}",
)
def test_every_golden_answer_is_ok(case: Path) -> None:
    expected = case.with_suffix(".out")
    result = run("check", case.parent.name, str(case), str(expected))
    assert result.status == 0, result.stderr
    assert result.stdout == b"ok\n"


def test_white_space_does_not_matter() -> None:
    case = GOLDEN / "maze" / "sample.in"
    spaced = b"  WIN \r\n\n" + b"\t".join(case.with_suffix(".out").read_bytes().split()[1:])
    assert check("maze", case.read_bytes(), spaced).ok


@pytest.mark.parametrize(
    ("output", "verdict"),
    [
        (b"WIN\n2 3\n", "wrong answer: line 3: expected '3 2', found end of output"),
        (b"WIN\n2 3\n3 1\n", "wrong answer: line 3: expected '3 2', found '3 1'"),
        (b"LOSE\n", "wrong answer: line 1: expected 'WIN', found 'LOSE'"),
        (b"WIN\n2 3\n3 2\n4 4\n", "wrong answer: line 4: expected end of answer, found '4 4'"),
        (b"", "wrong answer: line 1: expected 'WIN', found end of output"),
    ],
)
def test_wrong_answers_name_the_first_differing_line(output: bytes, verdict: str) -> None:
    maze = b"3 3\n.##\n...\n#.#\n"
    assert str(check("maze", maze, output)) == verdict


def test_command_exit_statuses(tmp_path: Path) -> None:
    maze = tmp_path / "maze.txt"
    maze.write_bytes(b"3 3\n.##\n...\n#.#\n")
    wrong = tmp_path / "wrong.txt"
    wrong.write_bytes(b"LOSE\n")
    result = run("check", "maze", str(maze), str(wrong))
    assert result.status == 1
    assert result.stdout == b"wrong answer: line 1: expected 'WIN', found 'LOSE'\n"
    # options reach the solver: with king moves this maze has a different answer
    king = run("maze", "--moves", "king", str(maze)).stdout
    (tmp_path / "king.txt").write_bytes(king)
    assert run("check", "maze", str(maze), str(tmp_path / "king.txt")).status == 1
    ok = run("check", "maze", "--moves", "king", str(maze), str(tmp_path / "king.txt"))
    assert ok.status == 0, ok.stderr


def test_bad_input_is_not_a_wrong_answer(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"2 3\n...\n..\n")
    assert_one_line_error(run("check", "maze", str(bad), str(bad)), "line 3")
    assert_one_line_error(run("check", "queen", str(bad), str(bad)), "no checker for 'queen'")
    assert_one_line_error(run("check", "maze", "-", "-"), "both be standard input")


def test_comparison_quotes_little_of_a_huge_line() -> None:
    verdict = compare(b"x" * 1_000_000, b"WIN\n")
    assert not verdict.ok
    assert len(str(verdict)) < 200
