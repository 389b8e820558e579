"""The page's graph mode through its API, against the brute force: the
analysis of random graphs (bipartite or not), whole games on them against
the engine, the explanation of every vertex, and the bounds and bad input,
answered 4xx with a message."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import networkx as nx
import pytest
from starlette.testclient import TestClient

from bipartite_game import brute
from bipartite_game.play.web import Limits, create_app
from tests.support.enumeration import edge_classes, maximum_matchings, missed_by_some

BASE = "http://localhost"
LOOKS = {"show_losing": True, "show_matching": True, "plan": True}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(max_side=9, max_vertices=12, max_edges=30, max_games=8), warm_up=False)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _error(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    assert words in response.json()["error"], response.json()


class _Case:
    """A random graph with random labels, its edge-list text and its
    adjacency lists for the brute force."""

    def __init__(self, rng: random.Random, *, low: int = 1, high: int = 8) -> None:
        n = rng.randint(low, high)
        p = rng.choice([0.25, 0.4, 0.6])
        self.labels = rng.sample([f"v{k}" for k in range(40)] + list("abcdefghij"), n)
        self.edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p]
        self.adjacency: list[list[int]] = [[] for _ in range(n)]
        for a, b in self.edges:
            self.adjacency[a].append(b)
            self.adjacency[b].append(a)
        lines = [f"{self.labels[a]} {self.labels[b]}" for a, b in self.edges]
        lines += [self.labels[v] for v in range(n) if not self.adjacency[v]]
        rng.shuffle(lines)
        self.text = "# a random graph\n" + "\n".join(lines) + "\n"
        self.number = {label: k for k, label in enumerate(self.labels)}

    def losing(self, gone: frozenset[int] = frozenset()) -> set[str]:
        """The losing starts (labels) of the graph without the vertices ``gone``."""
        adjacency = [
            [] if v in gone else [w for w in ends if w not in gone]
            for v, ends in enumerate(self.adjacency)
        ]
        lose = brute.geography_losing_starts(adjacency)
        return {self.labels[v] for v, lost in enumerate(lose) if lost and v not in gone}

    def is_maximum_matching(self, pairs: list[list[str]]) -> bool:
        used: set[int] = set()
        for pair in pairs:
            a, b = (self.number[x] for x in pair)
            if b not in self.adjacency[a] or {a, b} & used:
                return False
            used |= {a, b}
        return len(pairs) == len(maximum_matchings(len(self.labels), self.edges)[0])


def test_analysis_of_random_graphs_equals_the_brute_force(client: TestClient) -> None:
    rng = random.Random(17)
    odd = 0
    for _ in range(60):
        case = _Case(rng)
        result = _ok(client.post("/api/graph/analyse", json={"edges": case.text}))
        assert sorted(result["labels"]) == sorted(case.labels)
        assert {frozenset(e) for e in result["edges"]} == {
            frozenset({case.labels[a], case.labels[b]}) for a, b in case.edges
        }
        assert set(result["losing"]) == case.losing()
        assert case.is_maximum_matching(result["matching"])
        assert result["matching_size"] == len(result["matching"])
        # Gallai–Edmonds: the barrier A is the neighbours of D outside D
        losing = {case.number[x] for x in result["losing"]}
        barrier = {w for v in losing for w in case.adjacency[v]} - losing
        assert set(result["barrier"]) == {case.labels[v] for v in barrier}
        odd += not result["bipartite"]
        assert ("not bipartite" in result["summary"]) == (not result["bipartite"])
    assert odd >= 10  # the general graphs were tried, not only bipartite ones


def test_edge_overlay_equals_the_brute_force(client: TestClient) -> None:
    """Each edge's class and elementary component, against every maximum
    matching enumerated: the components are those of the edges of C in
    some maximum matching (C: no vertex of it or next to it is missed)."""
    rng = random.Random(36)
    with_pieces = 0
    for _ in range(60):
        case = _Case(rng)
        result = _ok(client.post("/api/graph/analyse", json={"edges": case.text}))
        n = len(case.labels)
        matchings = maximum_matchings(n, case.edges)
        truth = edge_classes(case.edges, matchings)
        missed = missed_by_some(n, matchings)
        in_c = [
            not missed[v] and not any(missed[w] for w in case.adjacency[v]) for v in range(n)
        ]
        joined = nx.Graph()
        joined.add_nodes_from(range(n))
        ids = []
        for (a, b), cls in zip(result["edges"], result["edge_classes"], strict=True):
            u, v = sorted((case.number[a], case.number[b]))
            assert cls == truth[(u, v)]
            ids.append((u, v))
            if cls != "none" and in_c[u] and in_c[v]:
                joined.add_edge(u, v)
        piece_of = {x: k for k, part in enumerate(nx.connected_components(joined)) for x in part}
        pieces = result["components"]
        numbers: dict[int, int] = {}  # the page's number -> the brute force's
        for (u, v), piece in zip(ids, pieces, strict=True):
            together = in_c[u] and in_c[v] and piece_of[u] == piece_of[v]
            assert (piece is not None) == together
            if piece is not None:
                assert numbers.setdefault(piece, piece_of[u]) == piece_of[u]
        assert len(set(numbers.values())) == len(numbers)
        with_pieces += any(p is not None for p in pieces)
    assert with_pieces >= 10


def test_a_blossom_with_a_stem(client: TestClient) -> None:
    # a triangle a b c (a blossom) with a stem c d e: every vertex but d is
    # missed by some maximum matching, and d is the barrier
    text = "a b\nb c\nc a\nc d\nd e\n"
    result = _ok(client.post("/api/graph/analyse", json={"edges": text}))
    assert result["bipartite"] is False and "odd cycle" in result["summary"]
    adjacency = [[1, 2], [0, 2], [0, 1, 3], [2, 4], [3]]
    lose = brute.geography_losing_starts(adjacency)
    assert sorted(result["losing"]) == [x for x, lost in zip("abcde", lose, strict=True) if lost]
    assert result["barrier"] == ["d"]


@pytest.mark.parametrize("side", ["auto", "winning", "first", "second"])
def test_whole_games_on_general_graphs(client: TestClient, side: str) -> None:
    """Random games: the overlays are the brute force's losing starts of what
    is left and a maximum matching; each planned answer is the answer the
    engine gives; the engine wins every game where it has the winning side."""
    rng = random.Random(f"graph-{side}")
    played = 0
    while played < 12:
        case = _Case(rng, low=2)
        if not case.edges:
            continue
        played += 1
        body = {"edges": case.text, "side": side, **LOOKS}
        state = _ok(client.post("/api/graph/games", json=body), 201)
        game = f"/api/games/{state['id']}"
        you = state["you"]
        if state["phase"] == "place":
            assert set(state["losing"]) == case.losing()
            placed = rng.choice(case.labels)
            state = _ok(client.post(game + "/place", json={"vertex": placed, **LOOKS}))
        start = case.number[state["path"][0]]
        # the side that wins from this start, by brute force
        mover_wins = brute.geography_first_player_wins(case.adjacency, start)
        engine_wins = mover_wins == (you == "second")
        while state["phase"] == "play":
            visited = frozenset(case.number[x] for x in state["path"])
            assert set(state["losing"]) == case.losing(visited)
            token = case.number[state["path"][-1]]
            assert set(state["shown_path"]) == set(state["path"])
            planned = dict(map(tuple, state["planned"]))
            assert sorted(planned) == sorted(state["legal"])
            for move, answer in planned.items():
                after = _ok(client.post(game + "/move", json={"vertex": move}))
                if answer is None:
                    assert after["phase"] == "over" and after["winner"] == "you"
                else:
                    assert after["path"][-2:] == [move, answer]
                    assert after["account"].startswith(f"You moved to vertex {move}; the engine")
                _ok(client.post(game + "/undo", json={}))
            assert token == case.number[state["path"][-1]]
            state = _ok(
                client.post(game + "/move", json={"vertex": rng.choice(state["legal"]), **LOOKS})
            )
        if engine_wins:
            assert state["winner"] == "engine", state
        record = state["record"]
        assert [line["vertex"] for line in record] == state["path"]
        assert all(line["verdict"] in ("good", "mistake", "lost", None) for line in record)


def test_the_engine_has_the_winning_side_and_wins(client: TestClient) -> None:
    # the Petersen graph has a perfect matching: the mover wins from anywhere;
    # the engine takes that side, the person places and loses every game
    outer = [("o0", "o1"), ("o1", "o2"), ("o2", "o3"), ("o3", "o4"), ("o4", "o0")]
    inner = [("i0", "i2"), ("i2", "i4"), ("i4", "i1"), ("i1", "i3"), ("i3", "i0")]
    spokes = [(f"o{k}", f"i{k}") for k in range(5)]
    text = "".join(f"{a} {b}\n" for a, b in outer + inner + spokes)
    state = _ok(client.post("/api/graph/games", json={"edges": text, "side": "auto"}), 201)
    assert state["phase"] == "place" and state["you"] == "second"
    game = f"/api/games/{state['id']}"
    state = _ok(client.post(game + "/place", json={"vertex": "i3"}))
    assert "along its matching" in state["account"]
    while state["phase"] == "play":
        state = _ok(client.post(game + "/move", json={"vertex": state["legal"][-1]}))
    assert state["winner"] == "engine"
    assert "You cannot move" in state["message"]


def test_explanations_of_every_vertex(client: TestClient) -> None:
    rng = random.Random(170)
    for _ in range(25):
        case = _Case(rng)
        analysis = _ok(client.post("/api/graph/analyse", json={"edges": case.text}))
        mate: dict[str, str] = {}
        for a, b in analysis["matching"]:
            mate[a], mate[b] = b, a
        for label in case.labels:
            body = {"edges": case.text, "vertex": label}
            proof = _ok(client.post("/api/graph/explain", json=body))
            assert proof["vertex"] == label and proof["text"].startswith(label + ": ")
            assert proof["first_player_wins"] == (label not in analysis["losing"])
            assert proof["matching"] == analysis["matching"]
            if proof["first_player_wins"]:
                assert proof["path"] == [] and proof["partner"] == mate[label]
                assert proof["vertex_class"] == ("A" if label in analysis["barrier"] else "C")
                continue
            # an even alternating path from a free vertex to this one
            path = proof["path"]
            assert proof["vertex_class"] == "D" and path[-1] == label and len(path) % 2 == 1
            assert path[0] not in mate
            for k in range(1, len(path)):
                a, b = case.number[path[k - 1]], case.number[path[k]]
                assert b in case.adjacency[a]
                assert (mate.get(path[k - 1]) == path[k]) == (k % 2 == 0)


def test_bounds_and_bad_input_are_refused_with_a_message(client: TestClient) -> None:
    limits = _ok(client.get("/api/limits"))
    assert limits == {
        "max_side": 9,
        "max_vertices": 12,
        "max_edges": 30,
        "max_sum_boards": 6,
        "max_sum_size": 600,
        "max_body": 64 * 1024,
        "too_large": {
            "maze": "maze too large: at most 9 on a side",
            "graph": "graph too large: at most 12 vertices and 30 edges",
            "sum": "sum too large: at most 6 boards, mazes at most 9 on a side, "
            "600 cells and vertices in all",
        },
    }
    many = "".join(f"x{k}\n" for k in range(13))
    for path in ("/api/graph/analyse", "/api/graph/games"):
        _error(client.post(path, json={"edges": many}), 413, "13 vertices, at most 12")
    dense = "".join(f"{a} {b}\n" for a in range(9) for b in range(a + 1, 9))  # 36 edges
    _error(client.post("/api/graph/analyse", json={"edges": dense}), 413, "36 edges, at most 30")
    _error(client.post("/api/graph/analyse", json={"edges": "a b\na b c\n"}), 400, "line 2")
    _error(client.post("/api/graph/analyse", json={}), 400, "missing field 'edges'")
    _error(client.post("/api/graph/analyse", json={"edges": 3}), 400, "must be a str")
    _error(client.post("/api/graph/games", json={"edges": "# none\n"}), 400, "edge list is empty")
    _error(
        client.post("/api/graph/games", json={"edges": "a b\n", "start": "z"}),
        400,
        "illegal start: no vertex 'z'",
    )
    _error(
        client.post("/api/graph/explain", json={"edges": "a b\n", "vertex": "q"}),
        400,
        "no vertex 'q'",
    )
    _error(client.post("/api/graph/explain", json={"edges": "a b\n"}), 400, "missing field")
    _error(
        client.post("/api/graph/games", json={"edges": "a b\n", "side": "left"}), 400, "side must"
    )
    # a graph game takes vertices, never cells; illegal moves are named
    state = _ok(
        client.post(
            "/api/graph/games", json={"edges": "a b\nb c\nc d\n", "side": "first", "start": "a"}
        ),
        201,
    )
    game = f"/api/games/{state['id']}"
    _error(client.post(game + "/move", json={"cell": [0, 0]}), 400, "missing field 'vertex'")
    _error(client.post(game + "/move", json={"vertex": "c"}), 400, "vertex 'c' is not an unvisited")
    _error(client.post(game + "/move", json={"vertex": "nope"}), 400, "no vertex 'nope'")
    _error(client.post(game + "/place", json={"vertex": "b"}), 400, "already on the board")
    # a warning about a probably mistaken edge list is passed on
    warned = _ok(client.post("/api/graph/analyse", json={"edges": "a,b\nb,c\n"}))
    assert warned["warning"] and "a,b" in warned["warning"]


def test_serve_refuses_a_bad_vertex_bound_in_one_line() -> None:
    from tests.support.cli import assert_one_line_error, run

    for bad in ("0", "1001", "-3"):
        assert_one_line_error(
            run("serve", f"--max-vertices={bad}"),
            "--max-vertices: expected a whole number from 1 to 1000",
        )


def test_any_token_is_a_label_and_travels_intact(client: TestClient) -> None:
    # labels are the edge list's tokens, whatever they hold; the page sets
    # them as text, and the API carries them in ASCII JSON
    labels = ["<b>", '"q"', "é", "Ω\u200b", "a&b", "x'y"]
    text = "".join(f"{a} {b}\n" for a, b in itertools.pairwise(labels))
    result = _ok(client.post("/api/graph/analyse", json={"edges": text}))
    assert result["labels"] == labels
    body = {"edges": text, "side": "first", "start": "<b>", **LOOKS}
    state = _ok(client.post("/api/graph/games", json=body), 201)
    assert state["path"][0] == "<b>"
    game = f"/api/games/{state['id']}"
    while state["phase"] == "play":
        state = _ok(client.post(game + "/move", json={"vertex": state["legal"][0]}))
    assert state["path"] == labels  # a path: every move is forced
    proof = _ok(client.post("/api/graph/explain", json={"edges": text, "vertex": "Ω\u200b"}))
    assert proof["vertex"] == "Ω\u200b" and proof["text"].startswith("Ω\u200b: ")
