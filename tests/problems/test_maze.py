"""``bipartite-game maze`` (JSOI2009) through the real command and the API."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.graphs.boards import grid_board, parse_moves
from bipartite_game.problems import maze
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.native import plain_search
from tests.support.strategies import examples, mazes, tiered


def _expected(rows: list[str], moves: str) -> bytes:
    """The judge's answer computed from the rules by exhaustive search."""
    steps, _ = parse_moves(moves)
    adjacency, cells = brute.grid_adjacency(rows, steps)
    losing = brute.geography_losing_starts(adjacency)
    winners = [cell for cell, lose in zip(cells, losing, strict=True) if lose]
    if not winners:
        return b"LOSE\n"
    return b"WIN\n" + b"".join(f"{i + 1} {j + 1}\n".encode() for i, j in winners)


def _text(rows: list[str]) -> bytes:
    return f"{len(rows)} {len(rows[0])}\n".encode() + "".join(r + "\n" for r in rows).encode()


@pytest.mark.parametrize("case", tiered(golden_cases("maze")), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("maze", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


def test_golden_files_agree_with_brute_force() -> None:
    for case in golden_cases("maze"):
        parsed = maze.parse(case.read_bytes())
        rows = ["".join("." if c else "#" for c in row) for row in parsed.open]
        assert case.with_suffix(".out").read_bytes() == _expected(rows, "rook"), case.name


def test_sample_from_standard_input() -> None:
    assert run("maze", stdin="3 3\n.##\n...\n#.#\n").stdout == b"WIN\n2 3\n3 2\n"


@settings(max_examples=examples(300))
@given(
    mazes(max_rows=4, max_cols=5),
    st.sampled_from(["rook", "knight", "king", "1,1", "0,2", "2,3"]),
)
def test_every_move_set_agrees_with_brute_force(rows: list[str], moves: str) -> None:
    assert maze.answer(_text(rows), moves=moves) == _expected(rows, moves)


@settings(max_examples=examples(60))
@given(
    st.integers(1, 40),
    st.integers(1, 40),
    st.floats(0.0, 0.5),
    st.sampled_from(["knight", "5,7", "1,3", "2,2", "3,4", "rook"]),
    st.integers(0, 2**32 - 1),
)
def test_leaper_mazes_push_relabel_as_plain(
    rows: int, cols: int, walls: float, moves: str, seed: int
) -> None:
    """Mazes too large for brute force, answered with push-relabel (which on
    boards this small takes over after the first augmenting path) and with
    the plain search alone (checked by brute force above): the same bytes."""
    rng = np.random.default_rng(seed)
    grid = ["".join(np.where(rng.random(cols) < walls, "#", ".")) for _ in range(rows)]
    pushed = bytes(maze.answer(_text(grid), moves=moves))
    with plain_search():
        plain = bytes(maze.answer(_text(grid), moves=moves))
    assert pushed == plain


@settings(max_examples=examples(30))
@given(mazes(max_rows=4, max_cols=4))
def test_command_line_agrees_with_brute_force(rows: list[str]) -> None:
    assert run("maze", stdin=_text(rows)).stdout == _expected(rows, "rook")


def test_leaper_colouring_is_proper_for_every_small_leaper() -> None:
    open_cells = [[True] * 9 for _ in range(9)]
    for r in range(5):
        for c in range(5):
            board = grid_board(open_cells, f"{r},{c}")
            side = board.graph.two_colouring().side
            assert side is not None
            u, v = board.graph.edges()
            assert (side[u] != side[v]).all(), (r, c)


@pytest.mark.parametrize(
    ("text", "fragments"),
    tiered([
        ("", ("empty",)),
        ("3\n...\n", ("line 1", "'N M'")),
        ("x 3\n...\n", ("line 1", "'N M'")),
        ("0 3\n", ("line 1", "positive")),
        ("2 3\n...\n..\n", ("line 3", "expected 3 cells, found 2")),
        ("2 3\n...\n....\n", ("line 3", "expected 3 cells, found 4")),
        ("2 3\n...\n.x.\n", ("line 3", "'x'", "column 2")),
        ("3 3\n...\n...\n", ("line 3", "expected 3 rows, found 2")),
        ("1 3\n...\n...\n", ("line 3", "end of input")),
    ]),
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("maze", stdin=text), *fragments)


def test_unknown_move_set_is_an_error() -> None:
    assert_one_line_error(run("maze", "--moves", "queen", stdin="1 1\n.\n"), "queen")


def test_huge_maze_is_refused_before_work_starts() -> None:
    assert_one_line_error(run("maze", stdin="46000 46000\n"), "memory")
    assert_one_line_error(run("maze", stdin="2000000 2000000\n"), "more than 2147483647 cells")
