"""The page as a teaching tool, through its API: the theorem at work during
a game (the overlays of what is left, checked against the brute force), the
engine's planned answers (checked by playing them), the one-line account of
each exchange, and stepping back through a finished game."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bipartite_game import brute
from bipartite_game.graphs.boards import parse_moves
from bipartite_game.play.web import Limits, create_app
from tests.support.enumeration import maximum_matchings

BASE = "http://localhost"
CELL = 32  # render_svg's default cell size, which the page uses


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(max_side=9, max_body=4096, max_games=8), warm_up=False)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _random_maze(rng: random.Random) -> list[str]:
    height, width = rng.randint(2, 4), rng.randint(2, 4)
    while True:
        rows = ["".join(rng.choice("...#") for _ in range(width)) for _ in range(height)]
        if sum(row.count(".") for row in rows) >= 2:
            return rows


def _text(rows: list[str]) -> str:
    return f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n"


def _tinted(svg: str) -> set[tuple[int, int]]:
    """The cells drawn as losing starts."""
    found = re.findall(r'class="cell open losing[^"]*" data-row="(\d+)" data-col="(\d+)"', svg)
    return {(int(r), int(c)) for r, c in found}


def _pairs(svg: str) -> set[frozenset[tuple[int, int]]]:
    """The matching's pairs drawn: bars (``line``) and arcs (``path``)."""
    ends = re.findall(
        r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"[^>]*class="matching"',
        svg,
    )
    ends += re.findall(r'<path d="M([\d.]+),([\d.]+) Q[\d.,-]+ ([\d.]+),([\d.]+)"', svg)

    def cell(x: str, y: str) -> tuple[int, int]:
        return int(float(y)) // CELL, int(float(x)) // CELL

    return {frozenset({cell(x1, y1), cell(x2, y2)}) for x1, y1, x2, y2 in ends}


def _what_is_left(rows: list[str], visited: list[list[int]], keep: list[int] | None) -> list[str]:
    """The maze with the visited cells walled up (but ``keep``)."""
    grid = [list(row) for row in rows]
    for r, c in visited:
        if [r, c] != keep:
            grid[r][c] = "#"
    return ["".join(row) for row in grid]


def _brute_losing(rows: list[str], moves: str) -> set[tuple[int, int]]:
    adjacency, cells = brute.grid_adjacency(rows, parse_moves(moves)[0])
    losing = brute.geography_losing_starts(adjacency)
    return {cell for cell, lose in zip(cells, losing, strict=True) if lose}


def _is_maximum_matching(rows: list[str], moves: str, pairs: set[frozenset[Any]]) -> bool:
    adjacency, cells = brute.grid_adjacency(rows, parse_moves(moves)[0])
    number = {cell: k for k, cell in enumerate(cells)}
    used: set[int] = set()
    for pair in pairs:
        a, b = (number.get(cell) for cell in pair)
        if a is None or b is None or b not in adjacency[a] or {a, b} & used:
            return False
        used |= {a, b}
    edges = [(a, b) for a, ends in enumerate(adjacency) for b in ends if a < b]
    return len(pairs) == len(maximum_matchings(len(cells), edges)[0])


LOOKS = {"show_losing": True, "show_matching": True, "plan": True}


@pytest.mark.parametrize("moves", ["rook", "king", "knight"])
@pytest.mark.parametrize("side", ["winning", "auto"])
def test_the_theorem_at_work_during_a_game(client: TestClient, moves: str, side: str) -> None:
    """At every state of random games: the tinted cells are the losing
    starts of the unvisited cells (brute force), so a legal move onto one
    wins; the bars are a maximum matching the winner answers along; every
    planned answer is the answer the engine then gives."""
    rng = random.Random(f"{moves}-{side}")
    for _ in range(6):
        rows = _random_maze(rng)
        body = {"maze": _text(rows), "moves": moves, "side": side, **LOOKS}
        state = _ok(client.post("/api/games", json=body), 201)
        game = f"/api/games/{state['id']}"
        if state["phase"] == "place":
            start = rng.choice(
                [[r, c] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
            )
            state = _ok(client.post(game + "/place", json={"cell": start, **LOOKS}))
        while state["phase"] == "play":
            path = state["path"]
            left = _what_is_left(rows, path, None)
            assert _tinted(state["svg"]) == _brute_losing(left, moves)
            # the bars: a maximum matching of what is left, token included,
            # or the engine's matching of the whole board while it follows it
            pairs = _pairs(state["svg"])
            here = _what_is_left(rows, path, path[-1])
            assert _is_maximum_matching(here, moves, pairs) or _is_maximum_matching(
                rows, moves, pairs
            )
            planned = {tuple(move): answer for move, answer in state["planned"]}
            assert sorted(planned) == sorted(tuple(cell) for cell in state["legal"])
            for move, answer in planned.items():
                after = _ok(client.post(game + "/move", json={"cell": list(move)}))
                if answer is None:
                    assert after["phase"] == "over"
                else:
                    assert after["path"][-2:] == [list(move), answer], (after, answer)
                    assert after["account"].startswith(
                        f"You moved to row {move[0] + 1}, column {move[1] + 1}; the engine"
                    )
                _ok(client.post(game + "/undo", json={}))
            state = _ok(
                client.post(game + "/move", json={"cell": rng.choice(state["legal"]), **LOOKS})
            )


def test_the_engine_says_it_answers_along_its_matching(client: TestClient) -> None:
    # a 2x3 block has a perfect matching: the mover wins from every cell,
    # so the engine (taking the winning side) moves first and the person places
    body = {"maze": _text(["...", "..."]), "side": "auto", **LOOKS}
    state = _ok(client.post("/api/games", json=body), 201)
    game = f"/api/games/{state['id']}"
    assert state["phase"] == "place"
    state = _ok(client.post(game + "/place", json={"cell": [0, 0], **LOOKS}))
    assert "the engine answered along its matching" in state["account"]
    engine_pairs = _pairs(state["svg"])
    assert frozenset({(0, 0), tuple(state["path"][1])}) in engine_pairs
    while state["phase"] == "play":
        move = state["legal"][0]
        state = _ok(client.post(game + "/move", json={"cell": move, **LOOKS}))
        if state["phase"] == "play" or len(state["path"]) % 2 == 0:
            answer = state["path"][-1]
            assert frozenset({tuple(move), tuple(answer)}) in engine_pairs
            assert "along its matching" in state["account"]
    assert state["winner"] == "engine"


def test_a_finished_game_can_be_stepped_back_through(client: TestClient) -> None:
    body = {"maze": _text(["....", ".#..", "...."]), "side": "auto"}
    state = _ok(client.post("/api/games", json=body), 201)
    game = f"/api/games/{state['id']}"
    if state["phase"] == "place":
        state = _ok(client.post(game + "/place", json={"cell": [0, 0]}))
    while state["phase"] == "play":
        state = _ok(client.post(game + "/move", json={"cell": state["legal"][0]}))
    path = state["path"]
    assert state["at"] is None
    for k in range(len(path)):
        shown = _ok(client.post(game + "/view", json={"at": k, **LOOKS}))
        assert shown["at"] == k and shown["phase"] == "over" and shown["path"] == path
        row, col = path[k]
        token = f'<circle cx="{col * CELL + 16.0}" cy="{row * CELL + 16.0}" r="10.2" fill="#c0392b"'
        assert token in shown["svg"]
        assert shown["svg"].count('class="cell visited') == k + 1
    # beyond the ends: clamped; the stored game is unchanged
    assert _ok(client.post(game + "/view", json={"at": 99}))["at"] == len(path) - 1
    assert _ok(client.post(game + "/view", json={"at": -3}))["at"] == 0
    assert client.get(game).json()["path"] == path


def test_limits_and_bad_fields(client: TestClient) -> None:
    assert _ok(client.get("/api/limits"))["max_side"] == 9
    state = _ok(client.post("/api/games", json={"maze": _text(["..", ".."])}), 201)
    game = f"/api/games/{state['id']}"
    for body in ({"at": True}, {"at": "1"}, {"plan": 1}, {"show_losing": "yes"}):
        response = client.post(game + "/view", json=body)
        assert response.status_code == 400, body
        assert "must be a" in response.json()["error"]


def test_render_svg_overlays_are_checked_and_drawn() -> None:
    import numpy as np

    from bipartite_game import BipartiteGameError, render_svg
    from bipartite_game.graphs.boards import grid_board

    board = grid_board(np.ones((2, 3), dtype=bool), "knight")  # pairs (0,0)-(1,2), (0,2)-(1,0)
    mate = np.full(6, -1, dtype=np.int32)
    mate[[0, 5, 2, 3]] = [5, 0, 3, 2]
    losing = np.zeros(6, dtype=bool)
    losing[1] = True
    svg = render_svg(
        board, show_matching=True, show_losing=True, losing=losing, mate=mate, coordinates=True
    )
    assert _tinted(svg) == {(0, 1)}
    assert svg.count("<path d=") == 2  # knight pairs are arcs, not a crossing X
    assert _pairs(svg) == {frozenset({(0, 0), (1, 2)}), frozenset({(0, 2), (1, 0)})}
    assert '<g font-size="13.4"' in svg and ">3</text>" in svg  # column numbers
    with pytest.raises(BipartiteGameError, match="losing must be 6 booleans"):
        render_svg(board, show_losing=True, losing=np.zeros(5, dtype=bool))
    bad = mate.copy()
    bad[[0, 1]] = [1, 0]  # (0,0)-(0,1) is no knight move
    with pytest.raises(BipartiteGameError):
        render_svg(board, show_matching=True, mate=bad)
