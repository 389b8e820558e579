"""The web page's sum mode through its API: whole games against the engine
checked with the brute force of the multi-token game, hints, undo, illegal
moves refused, and every hostile input answered with a 4xx and a one-line
message."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from bipartite_game import brute
from bipartite_game.play.web import Limits, create_app
from tests.support.paths import ROOT

EXAMPLE = (ROOT / "examples" / "sum.txt").read_text()
BASE = "http://localhost"
LIMITS = Limits(max_side=12, max_vertices=30, max_body=4096, max_sum_boards=4, max_sum_size=120)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(LIMITS, warm_up=False), base_url=BASE) as test_client:
        yield test_client


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _error(response: Any, status: int, fragment: str) -> str:
    assert response.status_code == status, response.text
    message: str = response.json()["error"]
    assert fragment in message, message
    assert "\n" not in message and "Traceback" not in message, message
    return message


def _move(where: Any, k: int) -> dict[str, Any]:
    """The request body of a move to ``where`` (a cell or a label) on board ``k``."""
    key = "cell" if isinstance(where, list) else "vertex"
    return {"board": k, key: where, "show_values": True}


def _random_move(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    options = [(k, w) for k, b in enumerate(state["boards"]) for w in b["legal"]]
    k, where = rng.choice(options)
    return _move(where, k)


# ------------------------------------------------------------ random sums
def _random_sum(rng: random.Random) -> tuple[str, list[list[list[int]]]]:
    """A sum of two or three random graph boards of up to five vertices,
    the token on vertex 0 of each: its text and each board's adjacency."""
    blocks, adjacencies = [], []
    for _ in range(rng.randint(2, 3)):
        n = rng.randint(1, 5)
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.45]
        adjacency: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        lines = [f"v{u} v{v}" for u, v in edges]
        lines += [f"v{w}" for w in range(n) if not adjacency[w]]
        blocks.append("@graph v0\n" + "\n".join(lines) + "\n")
        adjacencies.append(adjacency)
    return "".join(blocks), adjacencies


def _components(
    state: dict[str, Any], adjacencies: list[list[list[int]]]
) -> list[tuple[list[list[int]], int, list[int]]]:
    """The brute force's view of the game in ``state``: each board's token
    and visited vertices, replayed from the record."""
    paths: list[list[int]] = [[0] for _ in adjacencies]
    for line in state["record"]:
        paths[line["board"]].append(int(line["to"][1:]))
    return [(adj, path[-1], path) for adj, path in zip(adjacencies, paths, strict=True)]


def test_random_sums_match_the_brute_force_and_the_engine_wins_its_side(
    client: TestClient,
) -> None:
    rng = random.Random(27)
    for _ in range(25):
        text, adjacencies = _random_sum(rng)
        start = {"sum": text, "side": "auto", "show_values": True}
        state = _ok(client.post("/api/sums", json=start), 201)
        mover_wins = brute.sum_first_player_wins(_components({"record": []}, adjacencies))
        assert state["mover_wins"] == mover_wins
        # the losing side for the person: the engine moves first exactly when it wins so
        assert state["you_first"] == (not mover_wins)
        game = f"/api/sums/{state['id']}"
        while True:
            now = _components(state, adjacencies)
            values = state["values"]
            nim = 0
            for value in values:
                nim ^= value
            assert state["nim_sum"] == nim
            # the nim-sum decides the game, as the brute force does from the rules
            assert (nim != 0) == brute.sum_first_player_wins(now)
            if state["phase"] == "over":
                break
            assert nim == 0  # the engine holds the win: it always hands you a nim-sum of 0
            state = _ok(client.post(game + "/move", json=_random_move(state, rng)))
        assert state["winner"] == "engine"  # "auto": the engine always had the won side
        assert all(not board["legal"] for board in state["boards"])


def test_the_engine_wins_the_example_from_its_winning_position(client: TestClient) -> None:
    # examples/sum.txt: values 1 and 2, the mover wins; "auto" gives the engine that side
    rng = random.Random(5)
    for _ in range(6):
        state = _ok(
            client.post("/api/sums", json={"sum": EXAMPLE, "side": "auto", "show_values": True}),
            201,
        )
        assert state["mover_wins"] and not state["you_first"]
        first = state["record"][0]
        assert first == {"who": "engine", "board": 1, "to": [1, 2]}  # 2 2 -> 2 3, as `sum` says
        assert "The engine moved first" in state["message"]
        game = f"/api/sums/{state['id']}"
        while state["phase"] == "play":
            assert state["nim_sum"] == 0
            state = _ok(client.post(game + "/move", json=_random_move(state, rng)))
        assert state["winner"] == "engine"
        assert "You cannot move on any board: the engine wins." in state["message"]
        again = _ok(client.get(game))
        assert again["phase"] == "over" and again["winner"] == "engine"
        _error(client.post(game + "/move", json={"board": 0, "cell": [0, 1]}), 400, "game is over")


def test_following_the_hints_wins(client: TestClient) -> None:
    state = _ok(client.post("/api/sums", json={"sum": EXAMPLE}), 201)  # the winning side
    assert state["you_first"] and state["values"] is None  # values only when asked
    game = f"/api/sums/{state['id']}"
    while state["phase"] == "play":
        hinted = _ok(client.post(game + "/hint", json={}))
        hint = hinted["hint"]
        assert hint is not None and "Hint:" in hinted["message"]
        k = hint["board"]
        assert 'class="cell open legal hint"' in hinted["boards"][k]["svg"]
        assert hinted["record"] == state["record"]  # a hint changes nothing
        state = _ok(client.post(game + "/move", json=_move(hint["to"], k)))
    assert state["winner"] == "you"
    assert "you win" in state["message"]
    # the winning line of docs/sums.md: 2 2 3 first
    assert state["record"][0] == {"who": "you", "board": 1, "to": [1, 2]}


def test_a_graph_board_hint_undo_and_view(client: TestClient) -> None:
    text = "@graph a\na b\nb c\nc d\n@maze 1 1\n1 3\n...\n"
    state = _ok(client.post("/api/sums", json={"sum": text, "show_values": True}), 201)
    # a path a-b-c-d from its end: 1; a row of three cells from its end: 0
    assert state["values"] == [1, 0] and state["nim_sum"] == 1
    assert state["boards"][0]["kind"] == "graph" and state["boards"][0]["legal"] == ["b"]
    assert state["boards"][0]["labels"] == ["a", "b", "c", "d"]
    assert state["boards"][1]["legal"] == [[0, 1]]
    game = f"/api/sums/{state['id']}"
    hinted = _ok(client.post(game + "/hint", json={"show_values": True}))
    assert hinted["hint"] == {"board": 0, "to": "b"}
    assert 'class="vertex hint' in hinted["boards"][0]["svg"]
    assert not hinted["can_undo"]
    _error(client.post(game + "/undo", json={}), 400, "nothing to take back")
    # the other winning move, on the maze (to a value of 1): the engine, facing
    # a nim-sum of 0, has no move back to 0 and plays its first legal move
    moved = _ok(client.post(game + "/move", json=_move([0, 1], 1)))
    assert [line["who"] for line in moved["record"]] == ["you", "engine"]
    assert moved["record"][1] == {"who": "engine", "board": 0, "to": "b"}
    assert moved["nim_sum"] != 0 and moved["can_undo"]
    assert moved["account"] is not None and "the first legal move" in moved["account"]
    back = _ok(client.post(game + "/undo", json={"show_values": True}))
    assert back["record"] == [] and back["values"] == [1, 0]
    assert back["boards"] == state["boards"]
    viewed = _ok(client.post(game + "/view", json={}))
    assert viewed["values"] is None and viewed["boards"] == state["boards"]


def test_illegal_moves_are_refused_and_change_nothing(client: TestClient) -> None:
    text = "@graph a\na b\nb c\n@maze 1 1\n2 2\n..\n#.\n"
    state = _ok(client.post("/api/sums", json={"sum": text, "side": "first"}), 201)
    assert state["record"] == []
    game = f"/api/sums/{state['id']}"
    bad = [
        ({"board": 0, "vertex": "c"}, "not a move on board 1"),  # not adjacent
        ({"board": 0, "vertex": "a"}, "not a move on board 1"),  # the token's own
        ({"board": 0, "vertex": "zz"}, "no vertex 'zz' on board 1"),
        ({"board": 1, "cell": [1, 0]}, "no open cell [1, 0] on board 2"),  # a wall
        ({"board": 1, "cell": [5, 9]}, "no open cell [5, 9] on board 2"),
        ({"board": 1, "cell": [1, 1]}, "not a move on board 2"),  # not adjacent
        ({"board": 2, "cell": [0, 1]}, "no board 2"),
        ({"board": -1, "cell": [0, 1]}, "no board -1"),
        ({"board": True, "cell": [0, 1]}, "field 'board' must be a int"),
        ({"board": 1, "cell": "0 1"}, "must be a cell [row, col]"),
        ({"board": 1}, "must be a cell [row, col]"),
        ({"board": 0, "vertex": 3}, "field 'vertex' must be a str"),
        ({"cell": [0, 1]}, "missing field 'board'"),
    ]
    for body, fragment in bad:
        _error(client.post(game + "/move", json=body), 400, fragment)
    assert _ok(client.get(game)) == {**state, "id": state["id"]}


def test_hostile_inputs_get_a_4xx_and_one_line(client: TestClient) -> None:
    post = client.post
    many = "".join("@graph a\na b\n" for _ in range(5))
    wide = "@maze 1 1\n1 13\n" + "." * 13 + "\n"
    big_graph = "@graph v0\n" + "".join(f"v{k} v{k + 1}\n" for k in range(31))
    too_much = "".join(f"@maze 1 1\n6 12\n{('.' * 12 + chr(10)) * 6}" for _ in range(2))
    cases: list[tuple[Any, int, str]] = [
        ({"sum": "x" * 5000}, 413, "sum too large: at most 4 boards"),
        ({"sum": many}, 413, "too many boards: 5, at most 4"),
        ({"sum": wide}, 413, "board 1 too large: a 1x13 maze, at most 12 on a side"),
        ({"sum": big_graph}, 413, "board 1 too large: 32 vertices"),
        ({"sum": too_much}, 413, "sum too large to draw: 144 cells and vertices"),
        ({"sum": "@graph a\na b\x00\n"}, 400, "NUL byte"),
        ({"sum": "\u00ff\u00fe\u0001\u0002"}, 400, "sum: line 1: expected a header"),
        ({"sum": ""}, 400, "no component"),
        ({"sum": "@cube 1\n"}, 400, "unknown block"),
        ({"sum": "@graph z\na b\n"}, 400, "'z' is not a vertex"),
        ({"sum": "@maze 1 1\n2 2\n#.\n..\n"}, 400, "cell 1 1 is a wall"),
        ({"sum": "@maze 9 9\n2 2\n..\n..\n"}, 400, "no cell '9 9'"),
        ({"sum": "@graph a c\na b\nb c\n"}, 400, "is not a move"),
        ({"sum": EXAMPLE, "moves": "queen"}, 400, "moves: unknown move set 'queen'"),
        ({"sum": EXAMPLE, "side": "left"}, 400, "side must be one of"),
        ({"sum": 12}, 400, "field 'sum' must be a str"),
        ({}, 400, "missing field 'sum'"),
        ({"sum": EXAMPLE, "show_values": "yes"}, 400, "field 'show_values' must be a bool"),
    ]
    for body, status, fragment in cases:
        _error(post("/api/sums", json=body), status, fragment)
    # not JSON at all, and bytes that are not text
    raw = {"Content-Type": "application/json"}
    _error(post("/api/sums", content=b"\x89PNG\r\n\x1a\n\xff", headers=raw), 400, "not JSON")
    _error(post("/api/sums", content=b"[1, 2]", headers=raw), 400, "must be a JSON object")
    _error(post("/api/sums", content=b'{"sum": "\\ud800"}', headers=raw), 400, "lone surrogate")
    # a form from another site, and games that do not exist (or are of the other kind)
    _error(post("/api/sums", data={"sum": EXAMPLE}), 415, "application/json")
    _error(client.get("/api/sums/nope"), 404, "no game 'nope'")
    _error(post("/api/sums/nope/move", json={"board": 0, "cell": [0, 1]}), 404, "no game")
    sum_id = _ok(post("/api/sums", json={"sum": EXAMPLE}), 201)["id"]
    _error(client.get(f"/api/games/{sum_id}"), 404, "no game")
    maze_id = _ok(post("/api/games", json={"maze": "1 2\n..\n"}), 201)["id"]
    _error(client.get(f"/api/sums/{maze_id}"), 404, "no game")


def test_a_sum_past_the_grundy_budget_is_refused_in_one_line() -> None:
    # a 3x4 open maze under rook moves: degree 4, so its value is searched;
    # small, so that the default budget answers in a tenth of a second and
    # even a loaded machine stays far from the computation's time limit
    text = "@maze 2 2\n3 4\n" + "....\n" * 3 + "@graph a\na b\n"
    limits = Limits(sum_budget=50)
    with TestClient(create_app(limits, warm_up=False), base_url=BASE) as client:
        message = _error(client.post("/api/sums", json={"sum": text}), 400, "search states")
        assert re.search(r"more than 50 search states", message), message
    with TestClient(create_app(Limits(), warm_up=False), base_url=BASE) as client:
        state = _ok(client.post("/api/sums", json={"sum": text, "show_values": True}), 201)
        assert len(state["values"]) == 2


def test_the_page_offers_the_bundled_example(client: TestClient) -> None:
    page = client.get("/").text
    found = re.search(r'<textarea id="sum-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found is not None
    assert found.group(1) == EXAMPLE
    assert client.get("/static/sum.js").status_code == 200
    limits = _ok(client.get("/api/limits"))
    assert limits["max_sum_boards"] == 4 and limits["max_sum_size"] == 120
