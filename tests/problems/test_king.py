"""``bipartite-game king`` (Google Code Jam "King") against brute force."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game.problems import king
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.problems import king_boards, king_brute, king_component, king_text
from tests.support.strategies import examples, tiered


@settings(max_examples=examples(300))
@given(king_boards())
def test_king_agrees_with_brute_force(rows: list[str]) -> None:
    start = next((i, row.index("K")) for i, row in enumerate(rows) if "K" in row)
    assume(sum(row.count(".") for row in king_component(rows, start)) <= 16)
    cells = np.array([list(row.encode()) for row in rows], dtype=np.uint8)
    assert king.alice_wins(cells) == king_brute(rows)


@settings(max_examples=examples(25))
@given(st.lists(king_boards(max_side=4), min_size=1, max_size=4))
def test_command_agrees_with_brute_force(cases: list[list[str]]) -> None:
    expected = "".join(
        f"Case #{k}: {'A' if king_brute(rows) else 'B'}\n" for k, rows in enumerate(cases, 1)
    )
    assert run("king", stdin=king_text(cases)).stdout == expected.encode()


@pytest.mark.parametrize("case", golden_cases("king"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("king", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


def test_golden_files_agree_with_brute_force() -> None:
    for case in golden_cases("king"):
        lines = [line.strip() for line in case.read_text().splitlines() if line.strip()]
        boards_in_file, at = [], 1
        for _ in range(int(lines[0])):
            r = int(lines[at].split()[0])
            boards_in_file.append(lines[at + 1 : at + 1 + r])
            at += 1 + r
        expected = "".join(
            f"Case #{k}: {'A' if king_brute(rows) else 'B'}\n"
            for k, rows in enumerate(boards_in_file, 1)
        )
        assert case.with_suffix(".out").read_text() == expected, case.name


@pytest.mark.parametrize(
    ("text", "fragments"),
    tiered([
        ("", ("end of input",)),
        ("1\n2\nK.\n", ("line 2", "'R C'")),
        ("1\n2 2\nK.\n.\n", ("line 4", "expected 2 squares")),
        ("1\n2 2\nK.\n.x\n", ("line 4", "'x'")),
        ("1\n2 2\n..\n..\n", ("exactly one 'K'", "found 0")),
        ("1\n2 2\nKK\n..\n", ("exactly one 'K'", "found 2")),
        ("1\n1 1\nK\n1 1\n", ("line 4", "end of input")),
        ("2\n1 1\nK\n", ("end of input", "case 2")),
    ]),
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("king", stdin=text), *fragments)
