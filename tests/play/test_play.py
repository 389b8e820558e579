"""The referee of a person-against-engine match, and the terminal game."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, IllegalMoveError, brute
from bipartite_game.errors import BipartiteGameError
from bipartite_game.graphs.boards import grid_board, parse_moves
from bipartite_game.play.match import Match
from bipartite_game.play.position import Engine, Position
from tests.support.cli import assert_one_line_error, run
from tests.support.paths import GOLDEN, ROOT
from tests.support.strategies import EdgeSet, adjacency, graphs, mazes

EXAMPLE = ROOT / "examples" / "maze.txt"


def _board(rows: list[str], moves: str = "rook"):  # type: ignore[no-untyped-def]
    return grid_board([[ch == "." for ch in row] for row in rows], moves)


def _person_move(match: Match, opponent: str, rng: random.Random, adj: list[list[int]]) -> int:
    position = match.position
    assert position is not None
    legal = list(position.legal_moves)
    if opponent == "random":
        return int(rng.choice(legal))
    visited = [position.start, *position.move_stack]
    wins = brute.geography_winning_moves(adj, position.current, visited)
    return wins[0] if wins else legal[-1]


@settings(max_examples=60)
@given(
    mazes(max_rows=3, max_cols=4),
    st.sampled_from(["rook", "king", "knight"]),
    st.sampled_from(["random", "brute"]),
    st.integers(0, 2**32 - 1),
)
def test_engine_on_the_auto_side_wins_every_game(
    rows: list[str], moves: str, opponent: str, seed: int
) -> None:
    board = _board(rows, moves)
    n = board.graph.num_vertices
    if n == 0:
        with pytest.raises(BipartiteGameError, match="no open cell"):
            Match(board)
        return
    adj, cells = brute.grid_adjacency(rows, parse_moves(moves)[0])
    losing = brute.geography_losing_starts(adj)
    rng = random.Random(seed)
    # every given start, then the rules' own placement (no start given)
    starts: list[tuple[int, int] | None] = [*cells, None]
    for start in starts:
        match = Match(board, side="auto", start=start)
        if start is not None:
            v = board.vertex_at(*start)
            assert v is not None
            assert match.engine_side == ("second" if losing[v] else "first")
        else:
            assert match.engine_side == ("second" if any(losing) else "first")
        if match.awaiting_start:
            match.place(*cells[rng.randrange(n)])
        while not match.is_over():
            match.play(_person_move(match, opponent, rng, adj))
        assert match.winner == "engine"


@settings(max_examples=60)
@given(mazes(max_rows=3, max_cols=4), st.integers(0, 2**32 - 1))
def test_hints_are_the_winning_moves_of_the_brute_force(rows: list[str], seed: int) -> None:
    board = _board(rows)
    n = board.graph.num_vertices
    if n == 0:
        return
    adj, cells = brute.grid_adjacency(rows, parse_moves("rook")[0])
    rng = random.Random(seed)
    match = Match(board, side="second")  # the person places the token
    losing = brute.geography_losing_starts(adj)
    assert match.hints() == [v for v in range(n) if losing[v]]
    match.place(*cells[rng.randrange(n)])
    while not match.is_over():
        position = match.position
        assert position is not None
        visited = [position.start, *position.move_stack]
        expected = brute.geography_winning_moves(adj, position.current, visited)
        assert sorted(match.hints()) == sorted(expected)
        match.play(rng.choice(list(position.legal_moves)))
    assert match.hints() == []


def test_moves_as_directions_and_cells() -> None:
    board = _board(["...", "...", "..."])
    match = Match(board, side="first", start=(1, 1))
    assert board.cell(match.parse_move("up")) == (0, 1)
    assert board.cell(match.parse_move(" E ")) == (1, 2)
    assert board.cell(match.parse_move("3 2")) == (2, 1)
    assert board.cell(match.parse_move("2,1")) == (1, 0)
    with pytest.raises(IllegalMoveError, match=r"'ne' .* is not an open, unvisited cell"):
        match.parse_move("ne")  # a diagonal is not a rook move
    with pytest.raises(IllegalMoveError, match="'jump' is neither a cell"):
        match.parse_move("jump")
    with pytest.raises(IllegalMoveError, match="'9 9'"):
        match.parse_move("9 9")


def test_undo_takes_back_the_persons_move_and_the_answer() -> None:
    board = _board(["....", "....", "...."])
    match = Match(board, side="first", start=(0, 0))
    assert not match.undo()
    position = match.position
    assert position is not None
    match.play(match.parse_move("right"))
    assert len(position.move_stack) == 2
    assert match.undo() and position.move_stack == []
    with pytest.raises(IllegalMoveError, match="the token is already on the board"):
        match.place(2, 2)


def test_undo_right_after_placing_takes_back_the_start() -> None:
    board = _board(["...", ".#.", "..."])
    match = Match(board, side="second")
    assert not match.can_undo() and not match.undo()  # nothing placed yet
    assert match.place(0, 0) is not None  # the engine, the mover, answers at once
    assert match.can_undo()
    assert match.undo() and match.awaiting_start and match.position is None
    assert match.last_exchange is None and not match.can_undo()
    match.place(0, 1)  # a new start, answered again
    position = match.position
    assert position is not None and position.start == board.vertex_at(0, 1)
    assert len(position.move_stack) == 1
    # a move of the person's is taken back before the start is
    match.play(next(iter(position.legal_moves)))
    assert match.undo() and match.position is position and len(position.move_stack) == 1
    assert match.undo() and match.awaiting_start


def test_nothing_to_take_back_when_the_engine_placed_the_token() -> None:
    match = Match(_board(["...", "..."]), side="first")  # the engine places
    assert match.position is not None and match.start_placed_by == "engine"
    assert not match.can_undo() and not match.undo() and match.position is not None


def test_bad_starts_and_sides_are_refused() -> None:
    board = _board([".#", ".."])
    with pytest.raises(IllegalMoveError, match="illegal start: cell 1 2 is not an open cell"):
        Match(board, start=(0, 1))
    with pytest.raises(BipartiteGameError, match="side must be first, second, winning or auto"):
        Match(board, side="both")
    match = Match(board, side="second")
    with pytest.raises(IllegalMoveError, match="place the token first"):
        match.play(0)


def test_single_cell_ends_at_once() -> None:
    match = Match(_board(["."]), side="first", start=(0, 0))
    assert match.is_over() and match.winner == "engine"


# --- the terminal game, through the real command -------------------------


PLAY_CASES = [
    ("example-second", ["--side", "placer"], "hint\n2 3\nhint\ndown\n"),
    ("example-first-hints", ["--side", "mover", "--hints"], "hint\nright\nleft\n"),
    (
        "example-start-mistakes",
        ["--start", "1,1", "--side", "mover"],
        "help\njump\nup\nhint\n2 1\nundo\nboard\ndown\nright\nup\n",
    ),
]


@pytest.mark.parametrize(("name", "args", "script"), PLAY_CASES, ids=[c[0] for c in PLAY_CASES])
def test_scripted_terminal_game_matches_its_transcript(
    name: str, args: list[str], script: str
) -> None:
    result = run("play", "maze", str(EXAMPLE), *args, stdin=script)
    transcript = GOLDEN / "play" / f"{name}.out"
    if os.environ.get("BIPARTITE_GAME_REGOLD"):
        transcript.write_bytes(result.stdout)
    assert result.stderr == ""
    assert result.stdout.decode() == transcript.read_text()
    text = result.stdout.decode()
    expected = 0 if "you win." in text else 1 if "engine wins." in text else 3
    assert result.status == expected


def test_terminal_undo_after_placing_asks_for_the_start_again() -> None:
    script = "undo\n1 1\nundo\n2 3\nquit\n"
    result = run("play", "maze", str(EXAMPLE), "--side", "placer", stdin=script)
    assert result.status == 3, result.stderr
    text = result.stdout.decode()
    assert "Nothing to take back: you have not placed the token yet." in text
    assert "Took back your start: place the token again.\n" in text
    after = text.split("place the token again.")[1]
    assert "Place the token (row col): 2 3" in after  # asked again, and placed
    assert "Nothing to take back" not in after


def test_terminal_game_driven_move_by_move(tmp_path: Path) -> None:
    """Answer each prompt as it comes, with a random legal move read off the
    drawn board, until the game ends: the engine, on the auto side, wins."""
    rng = random.Random(7)
    rows = ["".join("#" if rng.random() < 0.2 else "." for _ in range(7)) for _ in range(6)]
    maze = tmp_path / "maze.txt"
    maze.write_text("6 7\n" + "\n".join(rows) + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "play", "maze", str(maze), "--side", "loser"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    seen = b""
    moves = 0
    try:
        while True:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
            if seen.endswith(b"Play again? [y/N] "):
                proc.stdin.close()  # the end of input declines
            elif seen.endswith(b"Place the token (row col): "):
                free = [
                    (i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch == "."
                ]
                i, j = rng.choice(free)
                proc.stdin.write(f"{i + 1} {j + 1}\n".encode())
                proc.stdin.flush()
            elif seen.endswith(b"Your move: "):
                board = seen.decode().split("  1234567\n")[-1].splitlines()[:6]
                grid = [line[2:] for line in board]
                (ti, tj) = next((i, line.index("@")) for i, line in enumerate(grid) if "@" in line)
                steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                options = [
                    (ti + di, tj + dj)
                    for di, dj in steps
                    if 0 <= ti + di < 6 and 0 <= tj + dj < 7 and grid[ti + di][tj + dj] == "+"
                ]
                assert options, "the prompt came although no move is left"
                i, j = rng.choice(options)
                proc.stdin.write(f"{i + 1},{j + 1}\n".encode())
                proc.stdin.flush()
                moves += 1
    finally:
        if not proc.stdin.closed:
            proc.stdin.close()
        status = proc.wait(timeout=60)
    assert status == 1, proc.stderr.read() if proc.stderr else ""  # the engine won
    assert "You cannot move: the engine wins.\nMoves: start " in seen.decode()
    assert seen.decode().endswith("Play again? [y/N] \n")


def test_play_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("2 3\n...\n..\n")
    assert_one_line_error(run("play", "maze", str(bad)), "line 3: expected 3 cells, found 2")
    assert_one_line_error(
        run("play", "maze", str(EXAMPLE), "--start", "1,2"), "illegal start: cell 1 2"
    )
    assert_one_line_error(run("play", "maze", str(EXAMPLE), "--start", "x"), "--start")
    walls = tmp_path / "walls.txt"
    walls.write_text("1 2\n##\n")
    assert_one_line_error(run("play", "maze", str(walls)), "no open cell")
    assert_one_line_error(run("play", "maze", str(tmp_path / "missing.txt")), "missing.txt")


# --- the person's side by default, and the engine's resistance ---------------


def _resistance_key(adj: list[list[int]], visited: list[int], u: int) -> tuple[int, int, int]:
    """The engine's resistance rule, straight from the rules by brute force:
    the opponent's winning answers to ``u``, minus its losing ones, then ``u``."""
    after = [*visited, u]
    replies = [w for w in adj[u] if w not in after]
    wins = len(brute.geography_winning_moves(adj, u, after))
    return wins, wins - len(replies), u


@settings(max_examples=80)
@given(graphs(max_vertices=9), st.integers(0, 2**32 - 1))
def test_a_lost_engine_resists_by_the_documented_rule(edges: EdgeSet, seed: int) -> None:
    """From random positions where every move loses, the engine's move is the
    one leaving the fewest winning answers, then the most losing ones, then
    the lowest id, each counted by the brute force."""
    n, pairs = edges
    if n == 0:
        return
    graph = Graph.from_edges([u for u, _ in pairs], [v for _, v in pairs], n)
    adj = adjacency(n, pairs)
    engine = Engine(graph)
    rng = random.Random(seed)
    position = Position(graph, rng.randrange(n))
    while not position.is_over():
        visited = [position.start, *position.move_stack]
        if not brute.geography_winning_moves(adj, position.current, visited[:-1]):
            legal = list(position.legal_moves)
            expected = min(_resistance_key(adj, visited, u) for u in legal)[2]
            assert engine.move(position) == expected
        position.push(rng.choice(list(position.legal_moves)))


@settings(max_examples=40)
@given(mazes(max_rows=3, max_cols=4))
def test_engine_placement_when_every_start_loses_for_the_placer(rows: list[str]) -> None:
    board = _board(rows)
    n = board.graph.num_vertices
    if n == 0:
        return
    adj, _ = brute.grid_adjacency(rows, parse_moves("rook")[0])
    losing = brute.geography_losing_starts(adj)
    start = Engine(board.graph).place()
    if any(losing):
        assert start == losing.index(True)
    else:
        assert start == min(_resistance_key(adj, [], s) for s in range(n))[2]


@settings(max_examples=40)
@given(mazes(max_rows=3, max_cols=4), st.integers(0, 2**32 - 1))
def test_the_person_gets_the_winning_side_by_default_and_wins_with_perfect_play(
    rows: list[str], seed: int
) -> None:
    board = _board(rows)
    n = board.graph.num_vertices
    if n == 0:
        return
    adj, cells = brute.grid_adjacency(rows, parse_moves("rook")[0])
    losing = brute.geography_losing_starts(adj)
    rng = random.Random(seed)
    for start in [None, cells[rng.randrange(n)]]:
        match = Match(board, side="winning", start=start)
        if start is None:
            assert match.you == ("second" if any(losing) else "first")
        else:
            v = board.vertex_at(*start)
            assert v is not None and match.you == ("second" if losing[v] else "first")
        assert match.winning_side == match.you
        if match.awaiting_start:
            match.place(*cells[losing.index(True)])
        while not match.is_over():
            position = match.position
            assert position is not None
            visited = [position.start, *position.move_stack]
            match.play(brute.geography_winning_moves(adj, position.current, visited)[0])
        assert match.winner == "you"


def test_the_default_side_is_the_winning_one_and_says_so() -> None:
    result = run("play", "maze", str(EXAMPLE), stdin="2 3\ndown\n")
    text = result.stdout.decode()
    assert "You are the placer" in text
    assert "The placer has a forced win with a well-chosen start: that is you." in text
    assert "you win." in text and result.status == 0


def test_the_end_of_a_game_names_the_persons_mistakes_first() -> None:
    # from 2 2 the mover wins by stepping into the dead end 3 2; 2 1 throws
    # the win away (the engine answers 1 1 and the person is stuck)
    result = run("play", "maze", str(EXAMPLE), "--start", "2,2", "--side", "mover", stdin="2 1\n")
    text = result.stdout.decode()
    assert "Your mistakes (a forced win thrown away): 1. 2 1 (left)." in text
    assert "1. you 2 1 (left) mistake, 2. engine 1 1 (up) good." in text.replace("\n", " ")
    assert text.index("Your mistakes") < text.index("Verdicts")


@settings(max_examples=60)
@given(graphs(max_vertices=8), st.sampled_from(["random", "brute"]), st.integers(0, 2**32 - 1))
def test_a_match_on_any_graph_is_won_by_the_engine_on_the_auto_side(
    edges: EdgeSet, opponent: str, seed: int
) -> None:
    """The page's graph mode: the same referee on a plain graph, bipartite
    or not; starts and moves are vertex ids."""
    n, pairs = edges
    graph = Graph.from_edges([u for u, _ in pairs], [v for _, v in pairs], n)
    if n == 0:
        with pytest.raises(BipartiteGameError, match="the graph has no vertex to play on"):
            Match(graph)
        return
    adj = adjacency(n, pairs)
    losing = brute.geography_losing_starts(adj)
    rng = random.Random(seed)
    for start in [*range(n), None]:
        match = Match(graph, side="auto", start=start)
        if start is not None:
            assert match.engine_side == ("second" if losing[start] else "first")
        if match.awaiting_start:
            match.place_vertex(rng.randrange(n))
        while not match.is_over():
            match.play(_person_move(match, opponent, rng, adj))
        assert match.winner == "engine"
        assert [line.vertex for line in match.record()] == [
            match.position.start,  # type: ignore[union-attr]
            *match.position.move_stack,  # type: ignore[union-attr]
        ]


def test_a_match_on_a_graph_names_vertices_by_label_and_has_no_cells() -> None:
    graph = Graph.from_edge_list("a b\nb c\nc d\n")
    match = Match(graph, side="first", start=graph.index("a"))
    assert match.grid is None and match.graph is graph
    with pytest.raises(BipartiteGameError, match="played on a graph, which has no cells"):
        _ = match.board
    with pytest.raises(IllegalMoveError, match="vertex 'c' is not an unvisited neighbour"):
        match.play(graph.index("c"))
    with pytest.raises(IllegalMoveError, match="illegal move: True is not"):
        match.play(True)
    with pytest.raises(BipartiteGameError, match="a start on a graph is a vertex id"):
        Match(graph, start=(0, 0))
    with pytest.raises(IllegalMoveError, match="illegal start: no vertex 9"):
        Match(graph, start=9)
    with pytest.raises(BipartiteGameError, match="a start on a grid is a cell"):
        Match(_board(["..", ".."]), start=0)
    with pytest.raises(BipartiteGameError, match="on a GridBoard or a Graph, not str"):
        Match("a b")  # type: ignore[arg-type]
    placing = Match(graph, side="second")
    assert placing.awaiting_start
    with pytest.raises(IllegalMoveError, match="illegal start"):
        placing.place_vertex(7)
    placing.place_vertex(graph.index("b"))
    with pytest.raises(IllegalMoveError, match="already on the board"):
        placing.place_vertex(graph.index("c"))
