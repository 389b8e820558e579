"""``check``: a judge's checker, run as a contestant runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bipartite_game.kit import check
from bipartite_game.kit.check import PROBLEMS, compare
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.paths import GOLDEN
from tests.support.strategies import tiered


@pytest.mark.parametrize(
    "case",
    tiered([
        case
        for problem in PROBLEMS
        for case in golden_cases(problem)
        # check judges the default rule; these are edge or directed geography
        if not case.stem.startswith(("rule-edge-", "directed-"))
    ]),
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


def test_a_nul_byte_in_the_output_is_judged_not_refused(tmp_path: Path) -> None:
    """The contestant's output is judged whatever it holds; exit 2 is for
    a bad INPUT only."""
    maze = tmp_path / "maze.txt"
    maze.write_bytes(b"3 3\n.##\n...\n#.#\n")
    output = tmp_path / "out.txt"
    output.write_bytes(b"WIN\n2 3\x00\n")
    result = run("check", "maze", str(maze), str(output))
    assert result.status == 1, result.stderr
    assert result.stdout == b"wrong answer: line 2: expected '2 3', found '2 3\\x00'\n"
    piped = run("check", "maze", str(maze), "-", stdin=b"\x00" * 10)
    assert piped.status == 1 and piped.stdout.startswith(b"wrong answer: line 1:")
    binary_input = tmp_path / "binary.txt"
    binary_input.write_bytes(b"1 1\n\x00\n")
    assert_one_line_error(run("check", "maze", str(binary_input), str(output)), "NUL")


def test_a_flood_of_output_is_split_only_as_far_as_the_answer() -> None:
    verdict = compare(b"WIN " * 2_000_000, b"WIN\n")
    assert str(verdict) == "wrong answer: line 1: expected end of answer, found " + repr(
        ("WIN " * 2_000_000).strip()[:60]
    )[:-1] + "…'"
