"""The web API: answers checked against the solver and the brute force, whole
games played through it, and every bound answered with a 4xx and a message."""

from __future__ import annotations

import importlib
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from bipartite_game import brute
from bipartite_game.graphs.boards import parse_moves
from bipartite_game.play.web import Limits, create_app
from bipartite_game.play.web.routes.shared import AppState

SAMPLE = "3 3\n.##\n...\n#.#\n"
#: The test client's address; the server answers only to its own names.
BASE = "http://localhost"
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(max_side=12, max_body=4096, max_games=3), warm_up=False)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _error(response: Any, status: int, fragment: str) -> None:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert fragment in message, message


def test_page_and_its_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<div id="board"' in page.text
    for asset in ("/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200
    assert client.get("/favicon.ico").status_code == 204  # no 404 in the console


@pytest.mark.parametrize("moves", ["rook", "king", "knight"])
def test_analysis_matches_the_brute_force(client: TestClient, moves: str) -> None:
    rng = random.Random(moves)
    for _ in range(15):
        rows = ["".join(rng.choice("..#") for _ in range(4)) for _ in range(3)]
        text = "3 4\n" + "\n".join(rows) + "\n"
        result = _ok(
            client.post(
                "/api/analyse",
                json={"maze": text, "moves": moves, "show_losing": True, "show_matching": True},
            )
        )
        adjacency, cells = brute.grid_adjacency(rows, parse_moves(moves)[0])
        losing = brute.geography_losing_starts(adjacency)
        expected = [list(cell) for cell, lose in zip(cells, losing, strict=True) if lose]
        assert result["losing_starts"] == expected
        assert result["answer"] == ("WIN" if expected else "LOSE")
        assert result["rows"] == rows
        assert result["svg"].count('class="cell open losing') == len(expected)


def _play_to_the_end(client: TestClient, state: dict[str, Any], rng: random.Random) -> str:
    game = f"/api/games/{state['id']}"
    if state["phase"] == "place":
        rows = client.get(game).json()
        assert rows["phase"] == "place"
        state = _ok(client.post(game + "/place", json={"cell": [0, 0]}))
    while state["phase"] == "play":
        state = _ok(client.post(game + "/move", json={"cell": rng.choice(state["legal"])}))
    assert state["phase"] == "over"
    winner: str = state["winner"]
    return winner


def test_engine_wins_every_game_it_chooses_the_side_of(client: TestClient) -> None:
    rng = random.Random(3)
    for _ in range(10):
        rows = ["." + "".join(rng.choice("...#") for _ in range(5)) for _ in range(5)]
        text = "5 6\n" + "\n".join(rows) + "\n"
        state = _ok(client.post("/api/games", json={"maze": text, "side": "auto"}), 201)
        assert _play_to_the_end(client, state, rng) == "engine"
        assert "the engine wins" in client.get(f"/api/games/{state['id']}").json()["message"]


def test_hint_and_undo(client: TestClient) -> None:
    state = _ok(client.post("/api/games", json={"maze": SAMPLE, "side": "second"}), 201)
    game = f"/api/games/{state['id']}"
    assert state["phase"] == "place" and state["you"] == "second"
    hinted = _ok(client.post(game + "/hint", json={}))
    assert hinted["hints"] == [[1, 2], [2, 1]]
    assert not state["can_undo"]
    _error(client.post(game + "/undo", json={}), 400, "nothing to take back")
    # a placement is taken back like a move: back to choosing the start
    state = _ok(client.post(game + "/place", json={"cell": [2, 1]}))
    assert state["phase"] == "play" and state["can_undo"]
    state = _ok(client.post(game + "/undo", json={}))
    assert state["phase"] == "place" and state["path"] == [] and not state["can_undo"]
    state = _ok(client.post(game + "/place", json={"cell": [1, 2]}))
    assert state["can_undo"]
    assert state["path"] == [[1, 2], [1, 1]] and state["engine_moves"] == [[1, 1]]
    assert state["account"] == (
        "You placed the token on row 2, column 3; the engine has no winning move and resists "
        "with row 2, column 2, the move that leaves you the fewest winning answers."
    )
    assert state["message"].startswith(state["account"])
    assert _ok(client.post(game + "/hint", json={}))["hints"] == [[2, 1]]
    state = _ok(client.post(game + "/move", json={"cell": [1, 0]}))  # a mistake
    assert state["phase"] == "over" and state["winner"] == "engine"
    state = _ok(client.post(game + "/undo", json={}))
    assert state["phase"] == "play"
    assert state["path"] == [[1, 2], [1, 1]]
    state = _ok(client.post(game + "/move", json={"cell": [2, 1]}))
    assert state["phase"] == "over" and state["winner"] == "you"
    assert "you win" in state["message"]
    _error(client.post(game + "/move", json={"cell": [1, 0]}), 400, "the game is over")


def test_bad_requests_get_a_4xx_and_a_message(client: TestClient) -> None:
    _error(client.post("/api/analyse", content=b"{not json", headers=JSON), 400, "not JSON")
    _error(client.post("/api/analyse", json=[1, 2]), 400, "must be a JSON object")
    _error(client.post("/api/analyse", json={}), 400, "missing field 'maze'")
    _error(client.post("/api/analyse", json={"maze": 5}), 400, "field 'maze' must be a str")
    _error(
        client.post("/api/analyse", json={"maze": "2 3\n...\n..\n"}),
        400,
        "maze: line 3: expected 3 cells, found 2",
    )
    _error(client.post("/api/analyse", json={"maze": SAMPLE, "moves": "bishop"}), 400, "moves:")
    big = "13 13\n" + ("." * 13 + "\n") * 13
    _error(client.post("/api/analyse", json={"maze": big}), 413, "at most 12 on a side")
    _error(client.post("/api/analyse", json={"maze": "x" * 5000}), 413, "too large")
    _error(client.post("/api/games", json={"maze": SAMPLE, "side": "both"}), 400, "side must")
    _error(
        client.post("/api/games", json={"maze": SAMPLE, "start": [0, 1]}),
        400,
        "illegal start: cell 1 2 is not an open cell",
    )
    _error(client.post("/api/games", json={"maze": "1 1\n#\n"}), 400, "no open cell")
    _error(client.post("/api/games", json={"maze": SAMPLE, "start": "a"}), 400, "[row, col]")
    state = _ok(
        client.post("/api/games", json={"maze": SAMPLE, "start": [1, 1], "side": "first"}), 201
    )
    game = f"/api/games/{state['id']}"
    _error(client.post(game + "/move", json={"cell": [0, 0]}), 400, "illegal move")
    _error(client.post(game + "/move", json={"cell": [9, 9]}), 400, "illegal move: cell 10 10")
    _error(client.post(game + "/move", json={"cell": [True, 0]}), 400, "[row, col]")
    _error(client.post(game + "/place", json={"cell": [0, 0]}), 400, "already on the board")
    _error(client.post("/api/games/nope/move", json={"cell": [0, 0]}), 404, "no game 'nope'")
    _error(client.get("/api/analyse"), 405, "Method Not Allowed")
    _error(client.get("/no/such/page"), 404, "Not Found")


def test_a_board_too_large_is_refused_by_its_limit_not_by_bytes(client: TestClient) -> None:
    """The client's bounds: 12 on a side, 4096 bytes of body.  A request
    carrying a board names the board's limit, even when its body is past
    the byte cap (declared or streamed) or the maze's rows are missing."""
    maze = "70 70\n" + ("." * 70 + "\n") * 70  # 5 KB
    side = "maze too large: at most 12 on a side (this request is over 4096 bytes)"
    for path in ("/api/analyse", "/api/games"):
        _error(client.post(path, json={"maze": maze}), 413, side)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the cap counts as it reads
        yield b'{"maze": "'
        for _ in range(70):
            yield b"." * 70 + b"\\n"
        yield b'"}'

    _error(client.post("/api/analyse", content=chunks(), headers=JSON), 413, side)
    # the header alone is enough
    _error(
        client.post("/api/analyse", json={"maze": "100 100\n..\n"}),
        413,
        "maze too large: 100x100, at most 12 on a side",
    )
    _error(
        client.post("/api/analyse", json={"maze": "1000000000 5\n"}),
        413,
        "maze too large: 1000000000x5, at most 12 on a side",
    )
    _error(
        client.post("/api/analyse", json={"maze": "9" * 3000 + " 1\n"}),
        413,
        "maze too large: 99999999999999999999...x1, at most 12 on a side",
    )
    edges = "".join(f"v{k} w{k}\n" for k in range(600))
    for path in ("/api/graph/analyse", "/api/graph/games", "/api/graph/explain"):
        _error(
            client.post(path, json={"edges": edges, "vertex": "v1"}),
            413,
            "graph too large: at most 200 vertices and 2000 edges (this request is over",
        )
    _error(
        client.post("/api/sums", json={"sum": "@maze 1 1\n" + maze}),
        413,
        "sum too large: at most 6 boards, mazes at most 12 on a side, 600 cells",
    )
    # a click carries no board: a body that large is only too many bytes
    game = _ok(client.post("/api/games", json={"maze": SAMPLE, "side": "first"}), 201)["id"]
    _error(
        client.post(f"/api/games/{game}/move", json={"cell": [0, 0], "pad": maze}),
        413,
        "request body too large: at most 4096 bytes",
    )
    # the page is told the same words, to refuse before sending
    limits = _ok(client.get("/api/limits"))
    assert limits["max_body"] == 4096
    assert limits["too_large"]["maze"] == "maze too large: at most 12 on a side"
    assert limits["too_large"]["graph"].startswith("graph too large: at most 200 vertices")


def test_the_oldest_game_is_dropped_beyond_the_cap(client: TestClient) -> None:
    ids = [
        _ok(client.post("/api/games", json={"maze": SAMPLE, "side": "first"}), 201)["id"]
        for _ in range(4)
    ]
    assert client.get(f"/api/games/{ids[0]}").status_code == 404
    for game_id in ids[1:]:
        assert client.get(f"/api/games/{game_id}").status_code == 200


def test_a_computation_out_of_time_gets_503(monkeypatch: pytest.MonkeyPatch) -> None:
    from bipartite_game.theory.game import solve as real_solve

    def slow_solve(graph: Any) -> Any:
        time.sleep(0.5)
        return real_solve(graph)

    monkeypatch.setattr("bipartite_game.play.web.routes.maze.solve", slow_solve)
    app = create_app(Limits(solve_seconds=0.1), warm_up=False)
    with TestClient(app, base_url=BASE) as slow:
        _error(slow.post("/api/analyse", json={"maze": SAMPLE}), 503, "took too long")


def test_serve_command_answers_then_stops() -> None:
    """``bipartite-game serve --port 0`` as a user starts it."""
    import subprocess
    import sys
    import urllib.request

    server = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("bipartite-game: serving on http://127.0.0.1:"), line
        url = line.split("serving on ")[1].split()[0]
        deadline = time.monotonic() + 120  # the warm-up may compile the kernels
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    assert response.status == 200
                    assert b'id="board"' in response.read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_serve_refuses_bad_options_in_one_line() -> None:
    import socket

    from tests.support.cli import assert_one_line_error, run

    assert_one_line_error(run("serve", "--max-side", "0"), "--max-side: expected a whole number")
    assert_one_line_error(run("serve", "--port", "70000"), "--port: expected a whole number from 0")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert_one_line_error(
            run("serve", "--port", str(port)), f"cannot listen on 127.0.0.1:{port}"
        )


ROUTE_GROUPS = ("page", "maze", "graph", "games", "sums")


def test_each_route_group_documents_exactly_its_routes() -> None:
    """The API's reference is the route modules' docstrings: each lists
    every route its ``routes()`` makes, with its method, and no other; and
    the groups together are the whole application."""
    app = create_app(warm_up=False)
    served = set()
    for route in app.routes:
        if isinstance(route, Mount):
            served.add(("GET", route.path + "/..."))
        else:
            assert isinstance(route, Route)
            served.update((m, route.path) for m in route.methods or () if m != "HEAD")
    documented = set()
    for name in ROUTE_GROUPS:
        group = importlib.import_module(f"bipartite_game.play.web.routes.{name}")
        listed = {
            (m, re.sub(r"\{[a-z_]+\}", "{game_id:str}", path))
            for m, path in re.findall(r"^``(GET|POST) +(/[^`]*)``", group.__doc__ or "", re.M)
        }
        made = set()
        for route in group.routes(AppState.new(Limits())):
            if isinstance(route, Mount):
                made.add(("GET", route.path + "/..."))
            else:
                assert isinstance(route, Route)
                made.update((m, route.path) for m in route.methods or () if m != "HEAD")
        assert listed == made, name
        documented |= listed
    assert documented == served
