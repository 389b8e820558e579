"""The knights duel against the exhaustive search of its own rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute
from bipartite_game.duel import alice_wins, leaper_duel_alice_wins
from bipartite_game.problems import knights

from .cli_util import assert_one_line_error, golden_cases, run

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
    r = draw(st.integers(0, 3))
    c = draw(st.integers(0, 3))
    wall = draw(st.sampled_from([0.0, 0.15, 0.3, 0.5]))
    cells = ["@" if draw(st.floats(0, 1)) < wall else "." for _ in range(n * m)]
    a, b = draw(st.lists(st.integers(0, n * m - 1), min_size=2, max_size=2, unique=True))
    cells[a], cells[b] = "A", "B"
    rows = ["".join(cells[i * m : (i + 1) * m]) for i in range(n)]
    return rows, r, c, divmod(a, m), divmod(b, m)


@settings(max_examples=400)
@given(boards())
def test_rule_agrees_with_brute_force_for_every_leaper(board: Board) -> None:
    rows, r, c, alice, bob = board
    try:
        expected = _brute(rows, r, c, alice, bob)
    except brute.SearchTooLarge:
        assume(False)
        return
    open_cells = [[ch != "@" for ch in row] for row in rows]
    assert leaper_duel_alice_wins(open_cells, r, c, alice, bob) == expected


@settings(max_examples=200)
@given(boards())
def test_judge_format_agrees_with_brute_force(board: Board) -> None:
    rows, r, c, alice, bob = board
    assume(r < len(rows) and c < len(rows[0]))
    try:
        expected = _brute(rows, r, c, alice, bob)
    except brute.SearchTooLarge:
        assume(False)
        return
    text = f"{len(rows)} {len(rows[0])} {r} {c}\n" + "\n".join(rows) + "\n"
    assert knights.answer(text) == (b"Alice\n" if expected else b"Bob\n")


@settings(max_examples=150)
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
        ("2 2 2 0\nA.\n.B\n", ("line 1", "0 <= r < n")),
        ("2 2 0 2\nA.\n.B\n", ("line 1", "0 <= c < m")),
        ("0 2 0 0\n", ("line 1", "positive")),
        ("2 2 1 1\nA.\n.\n", ("line 3", "expected 2 cells, found 1")),
        ("2 2 1 1\nA.\n", ("expected 4 cells",)),
        ("2 2 1 1\nA.\n.x\n", ("line 3", "'x'")),
        ("2 2 1 1\n..\n.B\n", ("exactly one 'A'", "none")),
        ("2 2 1 1\nAB\n.B\n", ("line 3", "exactly one 'B'", "2")),
    ],
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("knights", stdin=text), *fragments)


def test_tokens_on_one_vertex_are_refused() -> None:
    graph = Graph.from_edges([0], [1])
    with pytest.raises(ValueError, match="share"):
        alice_wins(graph, 0, 0)
