"""``bipartite-game king`` (Google Code Jam "King") against brute force."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.graphs.boards import parse_moves
from bipartite_game.problems import king

from .cli_util import assert_one_line_error, golden_cases, run
from .strategies import examples, tiered


def _component(rows: list[str], start: tuple[int, int]) -> list[str]:
    """The board with everything outside the king's component burned."""
    seen = {start}
    stack = [start]
    while stack:
        i, j = stack.pop()
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                inside = 0 <= a < len(rows) and 0 <= b < len(rows[0])
                if inside and rows[a][b] != "#" and (a, b) not in seen:
                    seen.add((a, b))
                    stack.append((a, b))
    return [
        "".join("." if (i, j) in seen else "#" for j in range(len(rows[0])))
        for i in range(len(rows))
    ]


def _brute(rows: list[str]) -> bool:
    start = next((i, row.index("K")) for i, row in enumerate(rows) if "K" in row)
    plain = _component(rows, start)
    steps, _ = parse_moves("king")
    adjacency, cells = brute.grid_adjacency(plain, steps)
    return brute.geography_first_player_wins(adjacency, cells.index(start))


@st.composite
def boards(draw: st.DrawFn, max_side: int = 15) -> list[str]:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    burn = draw(st.sampled_from([0.0, 0.3, 0.5, 0.65, 0.8]))
    cells = ["#" if draw(st.floats(0, 1)) < burn else "." for _ in range(rows * cols)]
    k = draw(st.integers(0, rows * cols - 1))
    cells[k] = "K"
    return ["".join(cells[i * cols : (i + 1) * cols]) for i in range(rows)]


def _text(boards: list[list[str]]) -> str:
    parts = [str(len(boards))]
    for rows in boards:
        parts.append(f"{len(rows)} {len(rows[0])}")
        parts.extend(rows)
    return "\n".join(parts) + "\n"


@settings(max_examples=examples(300))
@given(boards())
def test_king_agrees_with_brute_force(rows: list[str]) -> None:
    start = next((i, row.index("K")) for i, row in enumerate(rows) if "K" in row)
    assume(sum(row.count(".") for row in _component(rows, start)) <= 16)
    cells = np.array([list(row.encode()) for row in rows], dtype=np.uint8)
    assert king.alice_wins(cells) == _brute(rows)


@settings(max_examples=examples(25))
@given(st.lists(boards(max_side=4), min_size=1, max_size=4))
def test_command_agrees_with_brute_force(cases: list[list[str]]) -> None:
    expected = "".join(
        f"Case #{k}: {'A' if _brute(rows) else 'B'}\n" for k, rows in enumerate(cases, 1)
    )
    assert run("king", stdin=_text(cases)).stdout == expected.encode()


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
            f"Case #{k}: {'A' if _brute(rows) else 'B'}\n"
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
