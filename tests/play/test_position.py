"""Positions, best moves from any position, and the engine's play."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, IllegalMoveError, brute
from bipartite_game.graphs.boards import grid_board
from bipartite_game.play.position import Engine, Position
from bipartite_game.play.render import render_svg, render_text
from tests.support.strategies import adjacency, examples, graphs


def _graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


@settings(max_examples=examples(120))
@given(graphs(max_vertices=11), st.integers(0, 2**32 - 1))
def test_best_moves_from_random_mid_game_positions(
    case: tuple[int, list[tuple[int, int]]], seed: int
) -> None:
    n, edges = case
    if n == 0:
        return
    rng = random.Random(seed)
    adj = adjacency(n, edges)
    position = Position(_graph(n, edges), rng.randrange(n))
    for _ in range(rng.randrange(n)):
        legal = list(position.legal_moves)
        if not legal:
            break
        position.push(rng.choice(legal))
    visited = [position.start, *position.move_stack]
    expected = brute.geography_winning_moves(adj, position.current, visited)
    assert sorted(position.best_moves()) == sorted(expected)


def _play(
    position: Position,
    engine: Engine,
    engine_side: str,
    opponent: str,
    rng: random.Random,
    adj: list[list[int]],
) -> str | None:
    while not position.is_over():
        if position.turn == engine_side:
            move = engine.move(position)
        elif opponent == "random":
            move = rng.choice(list(position.legal_moves))
        else:  # the brute force's pick: a winning move if any, else the longest fight
            visited = [position.start, *position.move_stack]
            wins = brute.geography_winning_moves(adj, position.current, visited)
            move = wins[0] if wins else list(position.legal_moves)[-1]
        assert move is not None
        position.push(move)
    return position.winner


@settings(max_examples=80)
@given(graphs(max_vertices=10), st.integers(0, 2**32 - 1), st.sampled_from(["random", "brute"]))
def test_engine_wins_every_won_game(
    case: tuple[int, list[tuple[int, int]]], seed: int, opponent: str
) -> None:
    n, edges = case
    graph = _graph(n, edges)
    adj = adjacency(n, edges)
    losing = brute.geography_losing_starts(adj)
    engine = Engine(graph)
    rng = random.Random(seed)
    for start in range(n):
        side = "second" if losing[start] else "first"
        assert engine.choose_side(start) == side
        winner = _play(Position(graph, start), engine, side, opponent, rng, adj)
        assert winner == side


def test_push_pop_and_illegal_moves() -> None:
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3])
    position = Position(graph, 1)
    assert sorted(position.legal_moves) == [0, 2]
    assert 3 not in position.legal_moves
    with pytest.raises(IllegalMoveError, match="illegal move: 3"):
        position.push(3)
    position.push(2)
    assert position.turn == "second" and list(position.legal_moves) == [3]
    position.push(3)
    assert position.is_over() and position.winner == "second"  # first cannot move
    assert position.pop() == 3 and not position.is_over()
    assert position.winner is None


def test_renderers_show_board_token_and_hints() -> None:
    board = grid_board(np.array([[True, False, False], [True, True, True], [False, True, False]]))
    position = Position.from_board(board, 1, 1)
    text = render_text(board, position, hints=position.best_moves())
    assert text.splitlines()[2] == "2 +@*"  # a legal move, the token, a winning move
    svg = render_svg(board, position, show_losing=True, show_matching=True)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="cell') == 9 and 'class="token"' in svg and 'class="matching"' in svg
    assert position._repr_svg_() is not None
    with pytest.raises(IllegalMoveError, match="not an open cell"):
        Position.from_board(board, 0, 1)
