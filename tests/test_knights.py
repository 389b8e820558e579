"""The knights duel against the exhaustive search of its own rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute
from bipartite_game.problems import knights
from bipartite_game.theory.duel import alice_wins, leaper_duel_alice_wins

from .cli_util import assert_one_line_error, golden_cases, run
from .strategies import examples

Board = tuple[list[str], int, int, tuple[int, int], tuple[int, int]]


def _brute(rows: list[str], r: int, c: int, alice: tuple[int, int], bob: tuple[int, int]) -> bool:
    """Alice wins?  Adjacency straight from the rules, then exhaustive search."""
    plain = [row.replace("A", ".").replace("B", ".") for row in rows]
    adjacency, cells = brute.grid_adjacency(plain, brute.leaper_steps(r, c))
    index = {cell: k for k, cell in enumerate(cells)}
    return brute.duel_first_player_wins(adjacency, index[alice], index[bob], budget=400_000)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    n = draw(st.integers(1, 4))
    m = draw(st.integers(1, 4))
    assume(n * m >= 2)
    # leaps up to 6 on boards up to 4x4: the judge allows leaps longer than
    # the board (they have no move there)
    r = draw(st.integers(0, 6))
    c = draw(st.integers(0, 6))
    wall = draw(st.sampled_from([0.0, 0.15, 0.3, 0.5]))
    cells = ["@" if draw(st.floats(0, 1)) < wall else "." for _ in range(n * m)]
    a, b = draw(st.lists(st.integers(0, n * m - 1), min_size=2, max_size=2, unique=True))
    cells[a], cells[b] = "A", "B"
    rows = ["".join(cells[i * m : (i + 1) * m]) for i in range(n)]
    return rows, r, c, divmod(a, m), divmod(b, m)


@settings(max_examples=examples(400))
@given(boards())
def test_rule_agrees_with_brute_force_for_every_leaper(board: Board) -> None:
    rows, r, c, alice, bob = board
    try:
        expected = _brute(rows, r, c, alice, bob)
    except brute.BruteForceTooLarge:
        assume(False)
        return
    open_cells = [[ch != "@" for ch in row] for row in rows]
    assert leaper_duel_alice_wins(open_cells, r, c, alice, bob) == expected


@settings(max_examples=examples(200))
@given(boards())
def test_judge_format_agrees_with_brute_force(board: Board) -> None:
    rows, r, c, alice, bob = board
    try:
        expected = _brute(rows, r, c, alice, bob)
    except brute.BruteForceTooLarge:
        assume(False)
        return
    text = f"{len(rows)} {len(rows[0])} {r} {c}\n" + "\n".join(rows) + "\n"
    assert knights.answer(text) == (b"Alice\n" if expected else b"Bob\n")


@settings(max_examples=examples(150))
@given(boards())
def test_graph_version_agrees_with_grid_version(board: Board) -> None:
    rows, r, c, alice, bob = board
    plain = [row.replace("A", ".").replace("B", ".") for row in rows]
    adjacency, cells = brute.grid_adjacency(plain, brute.leaper_steps(r, c))
    index = {cell: k for k, cell in enumerate(cells)}
    graph = Graph.from_adjacency(adjacency)
    open_cells = [[ch != "@" for ch in row] for row in rows]
    assert alice_wins(graph, index[alice], index[bob]) == leaper_duel_alice_wins(
        open_cells, r, c, alice, bob
    )


@pytest.mark.parametrize("case", golden_cases("knights"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("knights", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


@pytest.mark.parametrize("case", golden_cases("knights"), ids=lambda p: p.stem)
def test_golden_files_agree_with_brute_force(case: Path) -> None:
    duel = knights.parse(case.read_bytes())
    rows = ["".join("." if ok else "@" for ok in row) for row in duel.open]
    expected = _brute(rows, duel.r, duel.c, duel.alice, duel.bob)
    assert case.with_suffix(".out").read_bytes() == (b"Alice\n" if expected else b"Bob\n")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("empty",)),
        ("2 2 1\nA.\n.B\n", ("line 1", "'n m r c'")),
        ("0 2 0 0\n", ("line 1", "positive")),
        ("2 2 1 1\nA.\n.\n", ("line 3", "expected a row of 2 squares, found 1")),
        ("2 2 1 1\nA.\n", ("expected 2 rows of 2 squares, found 1",)),
        # the right number of squares in all, but not as rows of m
        ("2 3 1 2\nA..B\n..\n", ("line 2", "expected a row of 3 squares, found 4")),
        ("2 2 1 1\nA.\n.B\n..\n", ("line 4", "expected 2 rows of 2 squares, found 3")),
        ("\u00b2 2 1 1\nA.\n.B\n", ("line 1", "n m r c")),
        ("1%s 1 0 0\nA\n" % ("0" * 5000), ("line 1", "n is too large")),
        ("99999 99999 1 1\nA\n", ("line 1", "more than 2147483647 squares")),
        ("2 2 1 1\nA.\n.x\n", ("line 3", "'x'")),
        ("2 2 1 1\n..\n.B\n", ("exactly one 'A'", "none")),
        ("2 2 1 1\nAB\n.B\n", ("line 3", "exactly one 'B'", "2")),
    ],
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("knights", stdin=text), *fragments)


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        # leaps longer than the board: Alice has no move, Bob wins
        ("2 2 2 2\nA.\n.B\n", b"Bob\n"),
        ("1 3 1 1\nA.B\n", b"Bob\n"),
        ("4 1 1 1\nA\n.\n.\nB\n", b"Bob\n"),
        ("1 2 1000 1000\nAB\n", b"Bob\n"),
        ("1 2 %s 0\nAB\n" % ("9" * 5000), b"Bob\n"),
        # (2, 0) fits as (0, 2) along the rows: Alice shuttles in her own component
        ("2 3 2 0\nA..\n..B\n", b"Alice\n"),
        # one square a line
        ("1 3 0 2\nA\n.\n.\n", None),
    ],
)
def test_leaps_longer_than_the_board(text: str, winner: bytes | None) -> None:
    if winner is None:
        with pytest.raises(ValueError, match="exactly one 'B'"):
            knights.answer(text)
        return
    assert knights.answer(text) == winner
    duel = knights.parse(text)
    rows = ["".join("." if ok else "@" for ok in row) for row in duel.open]
    expected = _brute(rows, min(duel.r, 10), min(duel.c, 10), duel.alice, duel.bob)
    assert winner == (b"Alice\n" if expected else b"Bob\n")


def test_tokens_on_one_vertex_are_refused() -> None:
    graph = Graph.from_edges([0], [1])
    with pytest.raises(ValueError, match="share"):
        alice_wins(graph, 0, 0)
