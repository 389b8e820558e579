"""``bipartite-game play sum``: a sum of boards against the engine, which
plays the Sprague–Grundy move; run as a user runs it, and the engine
checked against random opponents."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game.graphs.graph import Graph
from bipartite_game.play.position import Position
from bipartite_game.theory.sums import engine_move, solve_sum

from .cli_util import assert_one_line_error, run
from .strategies import EdgeSet, examples, graphs

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "sum.txt")


def test_the_winning_line_wins() -> None:
    # 1 xor 2: to 2 3 (value 1); the engine goes 1 2; to 2 4; the engine
    # goes 2 2; to 2 3, and the engine has no move left
    result = run("play", "sum", EXAMPLE, stdin="2 2 3\n2 2 4\n1 2 3\n")
    assert result.status == 0, result
    assert b"The engine cannot move on any board: you win." in result.stdout


def test_a_mistake_loses_to_the_engine() -> None:
    result = run("play", "sum", EXAMPLE, stdin="2 2 3\n1 2 2\n1 left\n1 3 1\n")
    assert result.status == 1, result
    assert b"the engine wins" in result.stdout


def test_hint_illegal_moves_and_unfinished() -> None:
    path = Path(__file__).resolve().parent / "golden" / "sum" / "crlf.in"  # the same sum
    played = run("play", "sum", str(path), "--side", "first", stdin="hint\n9 a\nx\n1 zz\n")
    assert played.status == 3, played
    out = played.stdout.decode()
    assert "Grundy values 0, 1; nim-sum 1; a winning move: board 2 to q." in out
    assert "there is no board '9'" in out
    assert "expected the board's number" in out
    assert "'zz' is not a move on board 1" in out


def test_the_sum_on_standard_input_without_a_terminal_is_refused_in_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "play", "sum", "-"],
        input=b"@graph a\na b\n",
        capture_output=True,
        start_new_session=True,  # no controlling terminal
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and "play sum -: the sum came on standard input" in lines[0]


def test_bad_files_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("@maze 1 1\n1 2\n.#\n@tree a\n")
    assert_one_line_error(run("play", "sum", str(bad)), "line 4", "unknown block")
    wide = tmp_path / "wide.txt"
    wide.write_text("@maze 1 1\n1 200\n" + "." * 200 + "\n")
    assert_one_line_error(run("play", "sum", str(wide)), "does not fit")


@st.composite
def _boards(draw: st.DrawFn) -> list[tuple[EdgeSet, int]]:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        n, edges = draw(graphs(max_vertices=6).filter(lambda g: g[0] > 0))
        parts.append(((n, edges), draw(st.integers(0, n - 1))))
    return parts


@settings(max_examples=examples(200), deadline=None)
@given(_boards(), st.randoms(use_true_random=False))
def test_the_engine_wins_every_sum_it_is_given_the_winning_side_of(
    parts: list[tuple[EdgeSet, int]], rng: object
) -> None:
    positions = [
        Position(Graph.from_edges([a for a, _ in e], [b for _, b in e], n), start)
        for (n, e), start in parts
    ]
    engine_to_move = solve_sum(positions).first_player_wins
    while True:
        legal = [(k, int(w)) for k, p in enumerate(positions) for w in p.legal_moves]
        if not legal:
            break
        if engine_to_move:
            move, _ = engine_move(positions)
            k, w = move.component, move.vertex
            assert (k, w) in legal
        else:
            k, w = rng.choice(legal)  # type: ignore[attr-defined]
        positions[k].push(w)
        engine_to_move = not engine_to_move
    assert engine_to_move is False  # the opponent is the one left without a move
