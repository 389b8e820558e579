"""NOI2011 "Bunny and Egg" against a search that moves the real pieces."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game.problems import bunny
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.strategies import examples, tiered

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _legal(board: bytes, width: int, empty: int, piece: int) -> list[int]:
    """Cells next to the empty one holding ``piece``, from the rules."""
    height = len(board) // width
    i, j = divmod(empty, width)
    out = []
    for di, dj in STEPS:
        a, b = i + di, j + dj
        if 0 <= a < height and 0 <= b < width and board[a * width + b] == piece:
            out.append(a * width + b)
    return out


def _move(board: bytes, empty: int, cell: int) -> bytes:
    cells = bytearray(board)
    cells[empty], cells[cell] = cells[cell], cells[empty]
    return bytes(cells)


@cache
def mover_wins(board: bytes, width: int, empty: int, bunny_to_move: bool) -> bool:
    """Exhaustive minimax over the real pieces; no reduction, no matching."""
    piece = ord("O") if bunny_to_move else ord("X")
    for cell in _legal(board, width, empty, piece):
        if not mover_wins(_move(board, empty, cell), width, cell, not bunny_to_move):
            return True
    return False


Game = tuple[str, list[int]]


@st.composite
def played_games(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A random board up to 4x4 and a random legal record that ends with
    Bunny unable to move; the text and the mistakes by exhaustive search.
    About half the random games end the other way: a few are drawn before
    one is given up, so that Hypothesis filters few examples (its health
    check fails a run that filters many)."""
    for _ in range(8):
        game = _played_game(draw)
        if game is not None:
            return game
    assume(False)
    raise AssertionError("unreachable")


def _played_game(draw: st.DrawFn) -> tuple[str, list[int]] | None:
    """One random game, or ``None`` if it does not end with Bunny stuck."""
    height = draw(st.integers(1, 4))
    width = draw(st.integers(2 if height == 1 else 1, 4))
    cells = draw(st.lists(st.sampled_from("OX"), min_size=height * width, max_size=height * width))
    empty = draw(st.integers(0, height * width - 1))
    cells[empty] = "."
    board = "".join(cells).encode()
    start = board
    moves: list[int] = []
    mistakes: list[int] = []
    bunny_to_move = True
    while True:
        piece = ord("O") if bunny_to_move else ord("X")
        legal = _legal(board, width, empty, piece)
        if not legal:
            break
        cell = draw(st.sampled_from(legal))
        after = _move(board, empty, cell)
        # a mistake: Bunny had a win before her move, and Egg has one after it
        if (
            bunny_to_move
            and mover_wins(board, width, empty, True)
            and mover_wins(after, width, cell, False)
        ):
            mistakes.append(len(moves) // 2 + 1)
        board, empty = after, cell
        moves.append(cell)
        bunny_to_move = not bunny_to_move
    # the judge's records end with Bunny unable to move, after Egg's reply
    if not (bunny_to_move and moves):
        return None
    rows = "\n".join(start[i * width : (i + 1) * width].decode() for i in range(height))
    lines = [f"{c // width + 1} {c % width + 1}" for c in moves]
    text = f"{height} {width}\n{rows}\n{len(moves) // 2}\n" + "\n".join(lines) + "\n"
    return text, mistakes


@settings(max_examples=examples(300))
@given(played_games())
def test_mistakes_agree_with_a_search_of_the_real_pieces(game: tuple[str, list[int]]) -> None:
    text, expected = game
    want = f"{len(expected)}\n" + "".join(f"{r}\n" for r in expected)
    assert bunny.answer(text).decode() == want


@pytest.mark.parametrize("case", golden_cases("bunny"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("bunny", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


@pytest.mark.parametrize(
    ("text", "fragments"),
    tiered([
        ("", ("empty input",)),
        ("1 6\nXO..XO\n1\n1 2\n1 1\n", ("line 2", "exactly one empty cell", "2")),
        ("1 6\nXOXOXO\n1\n1 2\n1 1\n", ("exactly one empty cell", "0")),
        ("1 6\nXO.OXQ\n1\n1 2\n1 1\n", ("line 2", "unknown cell 'Q'")),
        ("1 6\nXO.OX\n1\n1 2\n1 1\n", ("line 2", "expected 6 cells, found 5")),
        # Bunny moving a black piece, or one not next to the empty cell
        ("1 6\nXO.OXO\n1\n1 5\n1 4\n", ("line 4", "Bunny cannot move from 1 5")),
        ("1 6\nXO.OXO\n1\n1 6\n1 1\n", ("line 4", "not a white piece")),
        # the record goes on after the game ended: Bunny has no move at round 2
        ("1 6\nXO.OXO\n2\n1 2\n1 1\n1 3\n1 2\n", ("line 6", "the game is over: Bunny")),
        # counts that do not match
        ("1 6\nXO.OXO\n1\n1 2\n", ("expected 2 moves for k = 1, found 1",)),
        ("1 6\nXO.OXO\n1\n1 2\n1 1\n1 3\n", ("line 6", "expected 2 moves for k = 1, found 3")),
        ("1 6\nXO.OXO\n0\n", ("line 3", "k must be at least 1")),
        ("1 6\nXO.OXO\n1\n1 2\n1 9\n", ("line 5", "off the 1x6 board")),
        # the record stops while Bunny can still move
        ("1 6\nOX.OXO\n1\n1 4\n1 5\n", ("line 5", "ends before the game does")),
        (f"1 6\nXO.OXO\n1{'0' * 5000}\n", ("line 3", "k is too large")),
        ("1 6\nXO.OXO\n1\n١ 2\n1 1\n", ("line 4", "expected a move 'x y'")),
    ]),
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("bunny", stdin=text), *fragments)
