"""``bipartite-game play sum``: a sum of boards against the engine, which
plays the Sprague–Grundy move; run as a user runs it, the engine checked
against random opponents, and the referee it shares with the page's sum
mode (:class:`~bipartite_game.play.sum_match.SumMatch`) checked against the
brute force of the rules."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.errors import IllegalMoveError
from bipartite_game.graphs.graph import Graph
from bipartite_game.play.position import Position
from bipartite_game.play.sum_match import SIDES, SumMatch, Turn
from bipartite_game.problems.sums import Board, parse
from bipartite_game.theory.sums import engine_move, solve_sum
from tests.support.cli import assert_one_line_error, run
from tests.support.paths import GOLDEN, ROOT
from tests.support.strategies import EdgeSet, examples, graphs

EXAMPLE = str(ROOT / "examples" / "sum.txt")


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
    path = GOLDEN / "sum" / "crlf.in"  # the same sum
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


# ------------------------------------------------ the referee, SumMatch
def _sum_text(parts: list[tuple[EdgeSet, int]]) -> str:
    """``parts`` in the ``sum`` format: a ``@graph`` block a board, its
    vertices named ``v0``, ``v1``, ...; an isolated vertex on a line alone."""
    blocks = []
    for (n, edges), start in parts:
        touched = {w for edge in edges for w in edge}
        lines = [f"v{u} v{v}" for u, v in edges]
        lines += [f"v{w}" for w in range(n) if w not in touched]
        blocks.append(f"@graph v{start}\n" + "\n".join(lines) + "\n")
    return "".join(blocks)


def _adjacency(board: Board) -> list[list[int]]:
    graph = board.graph
    return [
        [int(w) for w in graph.indices[graph.indptr[v] : graph.indptr[v + 1]]]
        for v in range(graph.num_vertices)
    ]


def _components(
    match: SumMatch, adjacencies: list[list[list[int]]]
) -> list[tuple[list[list[int]], int, list[int]]]:
    """The game in the brute force's terms, from the boards' starts and the
    match's record alone (not from its positions)."""
    paths = [list(board.path) for board in match.boards]
    for turn in match.turns:
        paths[turn.board].append(turn.vertex)
    return [(adj, path[-1], path) for adj, path in zip(adjacencies, paths, strict=True)]


def _before_answer(
    match: SumMatch, adjacencies: list[list[list[int]]]
) -> list[tuple[list[list[int]], int, list[int]]]:
    """The game as the engine found it: its last move taken back."""
    components = _components(match, adjacencies)
    path = components[match.turns[-1].board][2]
    path.pop()
    return [(adj, path[-1], path) for adj, _, path in components]


def _legal(components: list[tuple[list[list[int]], int, list[int]]]) -> set[tuple[int, int]]:
    return {
        (k, w)
        for k, (adj, token, path) in enumerate(components)
        for w in adj[token]
        if w not in path
    }


@settings(max_examples=examples(200), deadline=None)
@given(_boards(), st.sampled_from(SIDES), st.randoms(use_true_random=False))
def test_the_sum_referee_follows_the_rules_of_the_brute_force(
    parts: list[tuple[EdgeSet, int]], side: str, rng: object
) -> None:
    """Random games, with take-backs, against SumMatch: who moves, what is
    legal, the engine's answers (a win kept once held), take-backs and the
    winner, each as the brute force of the multi-token game says."""
    match = SumMatch(parse(_sum_text(parts)), side=side)
    adjacencies = [_adjacency(board) for board in match.boards]
    start = [
        (adj, board.path[-1], list(board.path))
        for adj, board in zip(adjacencies, match.boards, strict=True)
    ]
    assert match.mover_wins == brute.sum_first_player_wins(start)
    you_first = {"winning": match.mover_wins, "auto": not match.mover_wins}.get(
        side, side == "first"
    )
    assert match.you_first == you_first
    engine_holds_the_win = you_first != match.mover_wins
    assert [turn.who for turn in match.turns] == (
        [] if you_first or not _legal(start) else ["engine"]
    )
    while True:
        now = _components(match, adjacencies)
        legal = _legal(now)
        assert match.is_over() == (not legal)
        if not legal:
            break
        assert match.to_move == "you" and match.winner is None
        if engine_holds_the_win:  # the engine handed over a lost position
            assert not brute.sum_first_player_wins(now)
        if match.can_undo() and rng.random() < 0.2:  # type: ignore[attr-defined]
            mine = max(k for k, turn in enumerate(match.turns) if turn.who == "you")
            kept = match.turns[:mine]
            assert match.undo()
            assert match.turns == kept
            for k, position in enumerate(match.positions):
                path = [int(v) for v in (position.start, *position.move_stack)]
                assert path == _components(match, adjacencies)[k][2]
            continue
        illegal = [
            (k, w)
            for k, b in enumerate(match.boards)
            for w in range(b.graph.num_vertices)
            if (k, w) not in legal
        ]
        if illegal:
            before = list(match.turns)
            with pytest.raises(IllegalMoveError, match="is not a move on board"):
                match.play(*rng.choice(illegal))  # type: ignore[attr-defined]
            assert match.turns == before
        k, w = rng.choice(sorted(legal))  # type: ignore[attr-defined]
        answer = match.play(k, w)
        if answer is None:  # your move ended the game
            assert match.turns[-1] == Turn("you", k, w)
            assert not _legal(_components(match, adjacencies))
        else:
            assert match.turns[-2:] == [Turn("you", k, w), answer]
            assert answer.who == "engine"
            assert (answer.board, answer.vertex) in _legal(_before_answer(match, adjacencies))
    loser = match.to_move
    assert match.winner == ("engine" if loser == "you" else "you")
    if engine_holds_the_win:
        assert match.winner == "engine"


def test_the_sum_referee_reads_typed_moves_and_refuses_the_rest() -> None:
    # examples/sum.txt: board 1's token at row 1 column 1, board 2's at row 2 column 2
    match = SumMatch(parse(Path(EXAMPLE).read_bytes()), side="first", opening=False)
    board_2 = match.boards[1].grid
    assert board_2 is not None
    assert match.parse_move("2 2 3") == (1, board_2.vertex_at(1, 2))
    assert match.parse_move("2 right") == (1, board_2.vertex_at(1, 2))
    assert match.parse_move("2 up") == (1, board_2.vertex_at(0, 1))
    for text, fragment in [
        ("2", "expected the board's number (1 to 2)"),
        ("x 1 1", "expected the board's number"),
        ("3 1 1", "there is no board '3' (1 to 2)"),
        ("0 1 1", "there is no board '0'"),
        ("1 3 3", "'3 3' is not a move on board 1"),
        ("2 9 9", "'9 9' is not a move on board 2"),
        ("2 2 2", "'2 2' is not a move on board 2"),  # the token's own cell
    ]:
        with pytest.raises(IllegalMoveError, match=re.escape(fragment)):
            match.parse_move(text)
    for board, vertex, fragment in [
        (2, 0, "no board 2 (0 to 1)"),
        (-1, 0, "no board -1"),
        (True, 0, "no board True"),
        (1, 10**6, "1000000 is not a move on board 2"),
    ]:
        with pytest.raises(IllegalMoveError, match=re.escape(fragment)):
            match.play(board, vertex)
    assert match.turns == []


def test_the_sum_referee_waits_for_the_engine_s_opening_move_when_asked() -> None:
    # "second": the engine opens; opening=False leaves the move to engine_turn()
    boards = parse(Path(EXAMPLE).read_bytes())
    waiting = SumMatch(boards, side="second", opening=False)
    assert waiting.turns == [] and waiting.to_move == "engine"
    with pytest.raises(IllegalMoveError, match="the engine's turn"):
        waiting.play(*waiting.parse_move("2 right"))
    opened = waiting.engine_turn()
    assert opened is not None and opened.who == "engine"
    assert waiting.turns == [opened] and waiting.reason == "zero"  # 1 xor 2: a winning move
    assert waiting.engine_turn() is None  # now it is your turn
    assert SumMatch(boards, side="second").turns == [opened]  # the same move, made at once
    assert not waiting.undo()  # only the engine has moved
