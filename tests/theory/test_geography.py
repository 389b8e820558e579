"""The geography family against the brute force written straight from the rules,
and its kernels' native versions against their Python specification."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError, GeographyTooLarge, IllegalMoveError
from bipartite_game.theory.geography import (
    brute,
    chains,
    directed,
    edge_bipartite,
    geography_mover_wins,
    peel,
    search,
    solve_geography,
)
from bipartite_game.theory.geography.position import GeographyMove, GeographyPosition
from bipartite_game.theory.geography.search import DEFAULT_SECONDS
from tests.support.cli import Result, assert_one_line_error, run
from tests.support.native import same_as_python
from tests.support.paths import ROOT

Edges = list[tuple[int, int]]


@st.composite
def bipartite_multigraphs(draw: st.DrawFn, max_edges: int = 14) -> tuple[int, int, Edges]:
    """``(n, a, edges)``: sides 0..a-1 and a..n-1, repeated edges, either direction."""
    a = draw(st.integers(1, 6))
    b = draw(st.integers(0, 6))
    if b == 0:
        return a, a, []
    pair = st.tuples(st.integers(0, a - 1), st.integers(a, a + b - 1), st.booleans())
    drawn = draw(st.lists(pair, max_size=max_edges))
    return a + b, a, [(y, x) if flip else (x, y) for x, y, flip in drawn]


@st.composite
def multigraphs(
    draw: st.DrawFn, max_vertices: int = 6, max_edges: int = 10, acyclic: bool = False
) -> tuple[int, Edges]:
    """Any pairs, loops and repeats included; ``acyclic``: arcs low -> high only."""
    n = draw(st.integers(1, max_vertices))
    ends = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(ends, ends), max_size=max_edges))
    if acyclic:
        edges = [(min(a, b), max(a, b)) for a, b in edges if a != b]
    return n, edges


@st.composite
def chainy(draw: st.DrawFn, max_edges: int = 14) -> tuple[int, Edges]:
    """Graphs made mostly of forced-move chains: a few hubs joined by paths
    of 0..6 inner vertices, each path one way round or the other, a cycle
    of 1..8 vertices apart or through a hub, a few edges at random (loops
    and repeats too), the vertices numbered at random."""
    hubs = draw(st.integers(1, 3))
    n, edges = hubs, []
    for _ in range(draw(st.integers(0, 3))):
        a, b = draw(st.integers(0, hubs - 1)), draw(st.integers(0, hubs - 1))
        inner = list(range(n, n + draw(st.integers(0, 6))))
        n += len(inner)
        path = [a, *inner, b]
        if draw(st.booleans()):
            path.reverse()
        edges += list(itertools.pairwise(path))
    length = draw(st.integers(0, 8))
    if length:
        ring = list(range(n, n + length))
        n += length
        if draw(st.booleans()):  # through a hub
            ring[0] = draw(st.integers(0, hubs - 1))
        edges += list(zip(ring, ring[1:] + ring[:1], strict=True))
    ends = st.integers(0, n - 1)
    edges += draw(st.lists(st.tuples(ends, ends), max_size=3))
    edges = edges[:max_edges]
    order = draw(st.permutations(range(n)))
    return n, [(order[a], order[b]) for a, b in edges]


def _winners(n: int, edges: Edges, rule: str, directed: bool) -> tuple[str, list[bool]]:
    u = np.array([a for a, _ in edges], dtype=np.int64)
    v = np.array([b for _, b in edges], dtype=np.int64)
    solution = solve_geography(u, v, n, rule=rule, directed=directed)
    return solution.method, [solution.first_player_wins(s) for s in range(n)]


@given(bipartite_multigraphs())
def test_edge_geography_on_bipartite_multigraphs_by_gf2(graph: tuple[int, int, Edges]) -> None:
    n, a, edges = graph
    u, v = [x for x, _ in edges], [y for _, y in edges]
    solution = solve_geography(u, v, n, rule="edge")
    assert solution.method == "gf2"
    expected = brute.winners(n, edges, rule="edge", directed=False)
    assert [solution.first_player_wins(s) for s in range(n)] == expected
    for s in range(n):
        support = solution.kernel(s)
        assert (support is None) == expected[s]
        if support is None:
            continue
        # the proof of the loss: S on s's side, s in S, even edges into S
        inside = np.zeros(n, dtype=bool)
        inside[support] = True
        assert inside[s]
        assert all((w < a) == (s < a) for w in support)
        into = np.zeros(n, dtype=int)
        for x, y in edges:
            into[y] += inside[x]
            into[x] += inside[y]
        assert all(into[w] % 2 == 0 for w in range(n) if (w < a) != (s < a))


@given(multigraphs(max_edges=9))
def test_edge_geography_on_any_multigraph_with_loops(graph: tuple[int, Edges]) -> None:
    n, edges = graph
    _, wins = _winners(n, edges, "edge", False)
    assert wins == brute.winners(n, edges, rule="edge", directed=False)


@pytest.mark.parametrize("rule", ["vertex", "edge"])
@given(graph=multigraphs(max_vertices=7, max_edges=11))
def test_directed_games_on_random_digraphs(rule: str, graph: tuple[int, Edges]) -> None:
    n, edges = graph
    _, wins = _winners(n, edges, rule, True)
    assert wins == brute.winners(n, edges, rule=rule, directed=True)


@pytest.mark.parametrize(("rule", "directed"), [("vertex", True), ("edge", True), ("edge", False)])
@given(graph=chainy())
def test_games_made_of_chains_and_cycles(
    rule: str, directed: bool, graph: tuple[int, Edges]
) -> None:
    # the chains are shortened before the search (chains.py): the starts
    # inside them and outside must keep their verdicts
    n, edges = graph
    _, wins = _winners(n, edges, rule, directed)
    assert wins == brute.winners(n, edges, rule=rule, directed=directed)


@pytest.mark.parametrize(
    ("rule", "directed", "parity"), [("vertex", True, 0), ("edge", True, 1), ("edge", False, 1)]
)
@pytest.mark.parametrize("length", [*range(1, 12), 99, 100])
def test_a_cycle_is_won_by_its_parity(rule: str, directed: bool, parity: int, length: int) -> None:
    # the token runs round: length - 1 moves (vertex rule: back into the
    # visited start) or length (edge rule: then the start's ways are used)
    ring = np.arange(length)
    solution = solve_geography(ring, (ring + 1) % length, length, rule=rule, directed=directed)
    assert (~solution.losing == (length % 2 == parity)).all()
    if length <= 11:  # the brute force too
        edges = [(i, (i + 1) % length) for i in range(length)]
        assert (~solution.losing).tolist() == brute.winners(
            length, edges, rule=rule, directed=directed
        )


@pytest.mark.parametrize(("rule", "directed"), [("vertex", True), ("edge", True), ("edge", False)])
def test_chains_shrink_to_one_or_two_inner_vertices(rule: str, directed: bool) -> None:
    from bipartite_game.theory.geography.chains import compress

    # hubs 0 and 1 (arcs both ways, a loop on 1); paths 0 -> 2..1001 -> 1
    # (1000 inner vertices) and 1 -> 1002..2000 -> 0 (999); a cycle of 101
    a_path, b_path, ring = [0, *range(2, 1002), 1], [1, *range(1002, 2001), 0], range(2001, 2102)
    u = np.array([0, 1, 1, *a_path[:-1], *b_path[:-1], *ring])
    v = np.array([1, 0, 1, *a_path[1:], *b_path[1:], *ring[1:], ring[0]])
    n = 2102
    part = compress(n, u, v, directed=directed, exit_wins=np.zeros(n, dtype=np.bool_))
    assert part is not None
    # the hubs and the cycle's anchor; 2, 1 and 2 inner vertices (even, odd, even)
    assert part.n == 3 + 2 + 1 + 2
    assert sorted(part.ends[:, 2].tolist()) == [100, 999, 1000]
    solution = solve_geography(u, v, n, rule=rule, directed=directed)
    assert solution.method == "search"


@pytest.mark.parametrize("rule", ["vertex", "edge"])
@given(graph=multigraphs(max_vertices=9, max_edges=16, acyclic=True))
def test_directed_games_on_dags_by_retrograde_analysis(rule: str, graph: tuple[int, Edges]) -> None:
    n, edges = graph
    method, wins = _winners(n, edges, rule, True)
    assert method == "acyclic"
    assert wins == brute.winners(n, edges, rule=rule, directed=True)


@given(multigraphs(max_edges=10))
def test_vertex_geography_undirected_goes_to_matching(graph: tuple[int, Edges]) -> None:
    n, edges = graph
    method, wins = _winners(n, edges, "vertex", False)
    assert method == "matching"
    assert wins == brute.winners(n, edges, rule="vertex", directed=False)


@pytest.mark.parametrize(
    ("rule", "directed"), [("vertex", False), ("vertex", True), ("edge", True), ("edge", False)]
)
@given(graph=multigraphs(max_edges=8), data=st.data())
def test_best_moves_are_the_moves_to_losing_positions(
    rule: str, directed: bool, graph: tuple[int, Edges], data: st.DataObject
) -> None:
    n, edges = graph
    start = data.draw(st.integers(0, n - 1))
    position = GeographyPosition(
        [a for a, _ in edges], [b for _, b in edges], n, start=start, rule=rule, directed=directed
    )
    for _ in range(data.draw(st.integers(0, 3))):  # play a few moves first
        if position.is_over():
            break
        position.push(data.draw(st.sampled_from(position.legal_moves)))
    left = _left_after(position, edges)
    assert position.mover_wins() == brute.mover_wins(
        n, left, position.token, rule=rule, directed=directed
    )
    assert bool(position.best_moves()) == position.mover_wins()
    assert position.is_over() == (not position.legal_moves)


def _left_after(position: GeographyPosition, edges: Edges) -> Edges:
    """The edges still playable, computed from the move stack by hand."""
    if position.game.rule == "edge":
        used = {m.edge for m in position.stack}
        return [e for i, e in enumerate(edges) if i not in used]
    visited = {position.start} | {m.to for m in position.stack}
    gone = visited - {position.token}
    return [(a, b) for a, b in edges if a not in gone and b not in gone]


def test_a_game_played_out_names_the_winner() -> None:
    # edge geography on a path a-b-c from a: a->b, b->c, and the first player is stuck
    position = GeographyPosition([0, 1], [1, 2], start=0, rule="edge")
    assert position.legal_moves == [GeographyMove(1, 0)]
    assert position.winner is None
    position.push(GeographyMove(1, 0))
    position.push(GeographyMove(2, 1))
    assert position.is_over() and position.winner == "second"
    position.pop()
    assert position.winner == "first" if position.is_over() else position.legal_moves
    with pytest.raises(IllegalMoveError, match="illegal move"):
        position.push(GeographyMove(0, 0))


def test_parallel_edges_are_distinct_moves_and_a_loop_stays() -> None:
    position = GeographyPosition([0, 0, 1], [1, 1, 1], start=1, rule="edge")
    assert position.legal_moves == [GeographyMove(0, 0), GeographyMove(0, 1), GeographyMove(1, 2)]


def test_search_past_its_budget_refuses_naming_pspace() -> None:
    rng = np.random.default_rng(0)
    u, v = rng.integers(0, 12, 40), rng.integers(0, 12, 40)
    with pytest.raises(GeographyTooLarge, match="PSPACE-complete"):
        solve_geography(u, v, 12, rule="edge", budget=50)
    with pytest.raises(GeographyTooLarge, match="50 search states"):
        solve_geography(u, v, 12, rule="vertex", directed=True, budget=50)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: solve_geography([0], [1], rule="edges"), "rule must be"),
        (lambda: solve_geography([0], [5], 3, rule="edge"), "out of range"),
        (lambda: solve_geography([0, 1], [1], rule="edge"), "differ in length"),
        (lambda: solve_geography(["a"], ["b"], rule="edge"), "integer vertex ids"),
        (lambda: solve_geography([0], [1], rule="vertex", directed=True).kernel(0), "bipartite"),
        (lambda: geography_mover_wins([0], [1], 2, 7, rule="edge"), "no vertex 7"),
        (lambda: GeographyPosition([0], [1], start=0).push("x"), "illegal move"),  # type: ignore[arg-type]
        (lambda: GeographyPosition([0], [1], start=0).push(np.array([1, -1])), "illegal move"),  # type: ignore[arg-type]
    ],
)
def test_library_misuse_is_a_bipartite_game_error(call: object, match: str) -> None:
    with pytest.raises(BipartiteGameError, match=match):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("function", "args", "kwargs", "match"),
    [
        (solve_geography, ([0], [1]), {"budget": "x"}, "budget must be a positive integer"),
        (solve_geography, ([0], [1]), {"budget": 0}, "budget must be"),
        (solve_geography, ([0], [1]), {"budget": True}, "budget must be"),
        (solve_geography, ([0], [1]), {"budget": 2.5}, "budget must be"),
        (solve_geography, ([0], [1]), {"seconds": "10"}, "seconds must be a positive number"),
        (solve_geography, ([0], [1]), {"seconds": 0}, "seconds must be"),
        (solve_geography, ([0], [1]), {"seconds": float("nan")}, "seconds must be"),
        (solve_geography, ([0], [1]), {"seconds": None}, "seconds must be"),
        (solve_geography, ([0], [1]), {"directed": "yes"}, "directed must be True or False"),
        (solve_geography, ([0], [1]), {"directed": 0}, "directed must be"),
        (solve_geography, ([0], [1]), {"rule": ["edge"]}, "rule must be"),
        (solve_geography, ([0], [1]), {"rule": np.array(["edge"])}, "rule must be"),
        (solve_geography, ([0], [1], 2.0), {}, "num_vertices must be an integer"),
        (solve_geography, ([0], [1]), {"labels": 5}, "labels must be a sequence"),
        (solve_geography, ([0], [1], 2), {"labels": ["a"]}, "1 labels for 2 vertices"),
        (geography_mover_wins, ([0], [1], 2, 0), {"budget": "x"}, "budget must be"),
        (geography_mover_wins, ([0], [1], 2, 0), {"seconds": -1}, "seconds must be"),
        (geography_mover_wins, ([0], [1], 2, "0"), {}, "no vertex '0'"),
        (geography_mover_wins, ([0], [1], 2, 0), {"directed": 1}, "directed must be"),
        (GeographyPosition, ([0], [1]), {"start": 0, "budget": None}, "budget must be"),
        (GeographyPosition, ([0], [1]), {"start": 0, "seconds": "1"}, "seconds must be"),
        (GeographyPosition, ([0], [1]), {"start": 0, "directed": "no"}, "directed must be"),
        (GeographyPosition, ([0], [1]), {"start": 0, "rule": None}, "rule must be"),
        (GeographyPosition, ([0], [1]), {"start": 5}, "no vertex 5"),
    ],
)
def test_every_argument_is_checked(
    function: Callable[..., object], args: tuple[Any, ...], kwargs: dict[str, Any], match: str
) -> None:
    # a wrong budget used to surface as a TypeError from inside the search
    with pytest.raises(BipartiteGameError, match=match):
        function(*args, **kwargs)


def test_search_past_its_seconds_refuses_naming_them() -> None:
    # a dense non-bipartite multigraph: edge geography by search only
    rng = np.random.default_rng(1)
    u, v = rng.integers(0, 14, 90), rng.integers(0, 14, 90)
    with pytest.raises(GeographyTooLarge, match=r"more than 0\.01 s of search: .*PSPACE"):
        solve_geography(u, v, 14, rule="edge", seconds=0.01)


def test_no_vertices_no_answers() -> None:
    assert solve_geography([], [], 0, rule="edge").losing.size == 0


# ------------------------------------------------------------- command line
def test_cli_start_under_each_rule() -> None:
    text = "a b\nb c\nb c\n"
    assert run("graph", "--rule", "edge", "--start", "c", stdin=text).stdout == b"second\n"
    assert run("graph", "--rule", "edge", "--start", "a", stdin=text).stdout == b"first\n"
    assert run("graph", "--directed", "--start", "a", stdin=text).stdout == b"second\n"
    assert run("graph", "--start", "a", stdin=text).stdout == b"second\n"


@pytest.mark.parametrize("options", [["--rule", "edge"], ["--directed"]])
@pytest.mark.parametrize("proof", [["--explain", "a"], ["--certificate", "unwritten.json"]])
def test_cli_refuses_proofs_with_other_rules(
    options: list[str], proof: list[str], tmp_path: Path
) -> None:
    proof = [proof[0], str(tmp_path / proof[1])] if proof[0] == "--certificate" else proof
    result = run("graph", *proof, *options, stdin="a b\n")
    assert_one_line_error(result, proof[0], "vertex geography on undirected graphs only")
    assert not (tmp_path / "unwritten.json").exists()


@pytest.mark.parametrize("options", [["--rule", "edge"], ["--directed"]])
def test_cli_json_of_the_other_games(options: list[str]) -> None:
    import json

    text = "a b\nb c\nb c\n"
    result = run("graph", "--format", "json", *options, stdin=text)
    doc = json.loads(result.stdout)
    plain = run("graph", *options, stdin=text).stdout.decode().split()
    assert doc["rule"] == ("edge" if "edge" in options else "vertex")
    assert doc["directed"] == ("--directed" in options)
    assert doc["labels"] == plain[0::2]
    assert doc["first_player_wins"] == [word == "first" for word in plain[1::2]]


@pytest.mark.slow  # the search runs to its budget: seconds
def test_cli_refuses_a_search_too_large_in_one_line() -> None:
    # a dense non-bipartite multigraph: edge geography by search only
    rng = np.random.default_rng(1)
    lines = "".join(f"v{a} v{b}\n" for a, b in rng.integers(0, 14, (90, 2)))
    result = run("graph", "--rule", "edge", stdin=lines)
    assert_one_line_error(result, "PSPACE-complete", "needs more than")
    # whichever limit comes first, by the machine's speed, is the one named
    assert "10 s of search" in result.stderr or "500000 search states" in result.stderr


def _timed_cli(lines: str, *options: str) -> tuple[float, Result]:
    started = time.monotonic()
    result = run("graph", *options, stdin=lines)
    return time.monotonic() - started, result


def _cycle(n: int) -> str:
    return "".join(f"{i} {(i + 1) % n}\n" for i in range(n))


@pytest.mark.parametrize(
    ("options", "n", "first"),
    [(["--directed"], 100_000, True), (["--rule", "edge", "--directed"], 100_001, True)],
)
def test_cli_answers_a_long_directed_cycle(options: list[str], n: int, first: bool) -> None:
    # a cycle is one chain: shortened to 2 or 3 vertices, answered at once
    # (it used to run out of its budget after minutes, holding gigabytes)
    result = run("graph", *options, stdin=_cycle(n))
    assert result.status == 0, result.stderr
    verdict = b"first" if first else b"second"
    assert result.stdout == b"".join(b"%d %s\n" % (i, verdict) for i in range(n))


def _random_digraph(n: int, m: int, seed: int) -> str:
    rng = np.random.default_rng(seed)
    return "".join(f"{a} {b}\n" for a, b in rng.integers(0, n, (m, 2)).tolist())


# The time budget (DEFAULT_SECONDS) against the wall clock, on inputs that
# run to it: generous (budget + 2 s for start-up and reading the input),
# and slow, so not run by default.
@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("k400", ["--rule", "edge"]),
        ("digraph", ["--directed"]),
        ("digraph", ["--directed", "--rule", "edge"]),
        ("digraph-dense", ["--directed"]),
        ("digraph-dense", ["--directed", "--rule", "edge"]),
    ],
)
def test_cli_answers_or_refuses_within_its_time_budget(name: str, options: list[str]) -> None:
    if name == "k400":  # the complete graph on 400 vertices
        lines = "".join(f"{a} {b}\n" for a in range(400) for b in range(a + 1, 400))
    else:  # 10^4 vertices, 2 or 3 arcs a vertex: a giant strong component
        lines = _random_digraph(10_000, 30_000 if "dense" in name else 20_000, seed=len(name))
    seconds, result = _timed_cli(lines, *options)
    assert seconds < DEFAULT_SECONDS + 2, seconds
    if result.status != 0:
        assert_one_line_error(result, "PSPACE-complete")


@pytest.mark.parametrize("rule", ["vertex", "edge"])
def test_library_refuses_within_its_time_budget_in_a_fresh_process(rule: str) -> None:
    # the same, short: a budget of 2 s set through the library
    code = (
        "import sys, time, numpy as np\n"
        "from bipartite_game import solve_geography\n"
        "from bipartite_game.errors import GeographyTooLarge\n"
        "rng = np.random.default_rng(5)\n"
        "u, v = rng.integers(0, 10_000, (2, 20_000))\n"
        "started = time.monotonic()\n"
        "try:\n"
        f"    solve_geography(u, v, 10_000, rule={rule!r}, directed=True, seconds=2)\n"
        "except GeographyTooLarge as error:\n"
        "    print(error)\n"
        "print(time.monotonic() - started)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *message, seconds = done.stdout.splitlines()
    assert float(seconds) < 2 + 2
    assert message == [] or "PSPACE-complete" in message[0]


def test_cli_unknown_rule_is_a_usage_error() -> None:
    result = run("graph", "--rule", "edges", stdin="a b\n")
    assert result.status == 2 and "invalid choice" in result.stderr


def test_docstring_examples_hold() -> None:
    import doctest

    from bipartite_game.theory import geography
    from bipartite_game.theory.geography import position

    for module in (geography, position):
        assert doctest.testmod(module).failed == 0


def test_docs_page_example_holds() -> None:
    import doctest

    page = (ROOT / "docs" / "geography.md").read_text()
    test = doctest.DocTestParser().get_doctest(page, {}, "geography.md", "docs/geography.md", 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


def test_one_start_solves_only_what_it_reaches() -> None:
    # a dense component with odd cycles that the search refuses, and a path
    rng = np.random.default_rng(3)
    dense = rng.integers(0, 20, (80, 2))
    u = np.concatenate((dense[:, 0], [20, 21]))
    v = np.concatenate((dense[:, 1], [21, 22]))
    with pytest.raises(GeographyTooLarge):
        solve_geography(u, v, 23, rule="edge", budget=1000)
    assert geography_mover_wins(u, v, 23, 21, rule="edge", budget=1000)
    assert not geography_mover_wins(u, v, 23, 20, rule="edge", budget=1000)


def test_long_paths_peel_away_without_elimination() -> None:
    # on a path the token can never turn back: the mover wins iff the edges
    # on one side of the start are odd in number
    n = 100_001
    solution = solve_geography(np.arange(n - 1), np.arange(1, n), n, rule="edge")
    left = np.arange(n)
    assert (solution.losing == ((left % 2 == 0) & ((n - 1 - left) % 2 == 0))).all()


def test_cli_refuses_a_bipartite_core_too_large_to_eliminate() -> None:
    # a 200 x 200 grid torus (even sides: bipartite), every vertex of degree 4:
    # nothing peels, one component of 20,000 + 20,000 vertices
    side = 200
    cell = np.arange(side * side).reshape(side, side)
    right, down = np.roll(cell, -1, axis=1), np.roll(cell, -1, axis=0)
    u = np.concatenate((cell.ravel(), cell.ravel()))
    v = np.concatenate((right.ravel(), down.ravel()))
    lines = "".join(f"{a} {b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True))
    result = run("graph", "--rule", "edge", stdin=lines)
    assert_one_line_error(result, "GF(2)", "20000 + 20000")



def test_best_moves_share_one_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # every legal move's solve used to get the whole time budget, so a
    # start with many moves took one budget a move
    from bipartite_game.theory.geography import position as module

    allowed: list[float] = []

    def slow_solve(*args: object, seconds: float, **kwargs: object) -> bool:
        allowed.append(seconds)
        time.sleep(0.3)
        return True

    monkeypatch.setattr(module, "geography_mover_wins", slow_solve)
    star = GeographyPosition([0] * 20, list(range(1, 21)), start=0, seconds=1)
    with pytest.raises(GeographyTooLarge, match="more than 1 s of search for 20 legal moves"):
        star.best_moves()
    assert 2 <= len(allowed) <= 4 and allowed[0] <= 1
    assert all(later < earlier for earlier, later in itertools.pairwise(allowed))


# --------------------------------------------------------------------------
# The geography kernels' native versions against their Python specification.

IntArray = npt.NDArray[np.int64]
Seed = st.integers(0, 2**32 - 1)


def _multigraph(rng: np.random.Generator, bipartite: bool) -> tuple[int, IntArray, IntArray]:
    """Random edges (repeats; loops unless ``bipartite``): on ``bipartite``,
    sides 0..a-1 and a..n-1, each edge either way round."""
    n = int(rng.integers(1, 16))
    m = int(rng.integers(0, 3 * n + 1))
    if not bipartite:
        u = rng.integers(0, n, m)
        v = rng.integers(0, n, m)
        return n, u.astype(np.int64), v.astype(np.int64)
    a = int(rng.integers(1, n + 1))
    if a == n:
        return n, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    x = rng.integers(0, a, m)
    y = rng.integers(a, n, m)
    flip = rng.random(m) < 0.5
    return n, np.where(flip, y, x).astype(np.int64), np.where(flip, x, y).astype(np.int64)


@st.composite
def seeded_multigraphs(
    draw: st.DrawFn, bipartite: bool | None = None
) -> tuple[int, IntArray, IntArray, int]:
    """``(n, u, v, seed)``; ``bipartite`` None: either kind."""
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    kind = bool(rng.random() < 0.5) if bipartite is None else bipartite
    return (*_multigraph(rng, kind), seed)


def _side(n: int, u: IntArray, v: IntArray) -> npt.NDArray[np.int8]:
    _, side, bipartite = edge_bipartite.bipartite_parts(n, u, v)
    assert bipartite.all()
    return side


@given(seeded_multigraphs())
def test_parity_union_find(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    same_as_python(edge_bipartite._parity_union_find, n, u, v)


@given(seeded_multigraphs())
def test_union_find(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    same_as_python(edge_bipartite._union_find, n, u, v)


def _peel_arguments(
    n: int, u: IntArray, v: IntArray, column_side: int
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_], npt.NDArray[np.int8], IntArray]:
    """As ``peel_side`` passes them: the odd pairs' CSR, the columns, the
    verdicts and the alias table (garbage-free here: -7)."""
    side = _side(n, u, v)
    a, b = peel.odd_edges(n, u, v, side)
    indptr, adjacent = peel._symmetric(n, a, b)
    is_column = side == column_side
    answer = np.full(n, -1, dtype=np.int8)
    alias = np.full((n, 2), -7, dtype=np.int64)
    return indptr, adjacent, is_column, answer, alias


@given(seeded_multigraphs(bipartite=True), st.integers(0, 1))
def test_peel(graph: tuple[int, IntArray, IntArray, int], column_side: int) -> None:
    n, u, v, _seed = graph
    indptr, adjacent, is_column, answer, alias = _peel_arguments(n, u, v, column_side)
    alive = np.ones(n, dtype=np.bool_)
    same_as_python(
        peel._peel, indptr, adjacent, is_column, answer, alive, alias
    )


@given(seeded_multigraphs(bipartite=True), st.integers(0, 1))
def test_resolve(graph: tuple[int, IntArray, IntArray, int], column_side: int) -> None:
    """As ``losing_starts`` calls it: the live columns given some verdict."""
    n, u, v, seed = graph
    indptr, adjacent, is_column, answer, alias = _peel_arguments(n, u, v, column_side)
    alive = np.ones(n, dtype=np.bool_)
    count = peel._peel(indptr, adjacent, is_column, answer, alive, alias)
    rng = np.random.default_rng(seed)
    live = alive & is_column
    answer[live] = rng.integers(0, 2, int(live.sum()))
    same_as_python(peel._resolve, answer, alias, count)


def _dense_arguments(
    n: int, u: IntArray, v: IntArray
) -> tuple[IntArray, IntArray, npt.NDArray[np.int8], IntArray, IntArray, IntArray, IntArray]:
    """What ``_dense_losing`` computes before its kernels, on the odd pairs:
    the edges, the sides, the vertices by component and side, the component
    starts, each component's side-0 count and the vertices' component."""
    side = _side(n, u, v)
    a, b = peel.odd_edges(n, u, v, side)
    comp, count = edge_bipartite._component_ids(n, a, b)
    order = np.lexsort((side, comp)).astype(np.int64)
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp, minlength=count), out=comp_start[1:])
    in_x = np.bincount(comp[side == 0], minlength=count).astype(np.int64)
    return a, b, side, order, comp_start, in_x, comp


@given(seeded_multigraphs(bipartite=True))
def test_local_index(graph: tuple[int, IntArray, IntArray, int]) -> None:
    n, u, v, _seed = graph
    _, _, _, order, comp_start, in_x, comp = _dense_arguments(n, u, v)
    same_as_python(edge_bipartite._local_index, order, comp_start, in_x, comp)


@given(seeded_multigraphs(bipartite=True), st.integers(0, 1), st.booleans())
def test_all_components(graph: tuple[int, IntArray, IntArray, int], only: int, fresh: bool) -> None:
    n, u, v, seed = graph
    a, b, side, order, comp_start, in_x, comp = _dense_arguments(n, u, v)
    local = edge_bipartite._local_index(order, comp_start, in_x, comp)
    count = comp_start.size - 1
    edge_order = np.argsort(comp[a], kind="stable").astype(np.int64)
    edge_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp[a], minlength=count), out=edge_start[1:])
    rng = np.random.default_rng(seed)
    losing = np.zeros(n, dtype=np.bool_) if fresh else rng.random(n) < 0.3
    same_as_python(
        edge_bipartite._all_components,
        a, b, side, order, comp_start, in_x, local, edge_order, edge_start, losing, only,
    )  # fmt: skip


@st.composite
def word_matrices(draw: st.DrawFn) -> tuple[npt.NDArray[np.uint64], int, IntArray, IntArray, int]:
    """``(matrix, ncols, rows, columns, seed)``: a zero matrix of ``ncols``
    bit columns and the edges to XOR into it, of rank about ``rank`` (rows
    repeated as sums of a few others); up to three words a row."""
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    nrows = int(rng.integers(0, 140 if seed % 4 == 0 else 20))
    ncols = int(rng.integers(0, 140 if seed % 4 == 1 else 20))
    matrix = np.zeros((nrows, (ncols + 63) // 64), dtype=np.uint64)
    if nrows == 0 or ncols == 0:
        empty = np.zeros(0, dtype=np.int64)
        return matrix, ncols, empty, empty, seed
    bits = rng.random((nrows, ncols)) < rng.random()
    rank = int(rng.integers(0, nrows + 1))
    for r in range(rank, nrows):  # the other rows: sums of the first ones
        if rank:
            pick = rng.integers(0, rank, int(rng.integers(0, 4)))
            bits[r] = np.bitwise_xor.reduce(bits[pick], axis=0) if pick.size else False
    rows, columns = np.nonzero(bits)
    extra = int(rng.integers(0, 4))  # repeated edges: they cancel mod 2
    rows = np.concatenate((rows, rows[:extra], rows[:extra])).astype(np.int64)
    columns = np.concatenate((columns, columns[:extra], columns[:extra])).astype(np.int64)
    order = rng.permutation(rows.size)
    return matrix, ncols, rows[order], columns[order], seed


Drawn = tuple[npt.NDArray[np.uint64], int, IntArray, IntArray, int]


@given(word_matrices())
def test_fill(drawn: Drawn) -> None:
    matrix, _, rows, columns, _seed = drawn
    same_as_python(edge_bipartite._fill, matrix, rows, columns)


@given(word_matrices())
def test_reduce(drawn: Drawn) -> None:
    matrix, ncols, rows, columns, _seed = drawn
    edge_bipartite._fill(matrix, rows, columns)
    same_as_python(edge_bipartite._reduce, matrix, ncols)


@given(word_matrices(), st.booleans())
def test_losing_columns(drawn: Drawn, reduced: bool) -> None:
    """On the reduced matrix, as the elimination reads it, and on any matrix
    with any pivots (the kernel reads bits, whatever they mean)."""
    matrix, ncols, rows, columns, seed = drawn
    edge_bipartite._fill(matrix, rows, columns)
    if reduced:
        pivot = edge_bipartite._reduce(matrix, ncols)
    else:
        rng = np.random.default_rng(seed)
        pivot = np.full(matrix.shape[0], -1, dtype=np.int64)
        chosen = rng.permutation(ncols)[: min(ncols, matrix.shape[0])]
        pivot[: chosen.size] = chosen
    same_as_python(edge_bipartite._losing_columns, matrix, pivot, ncols)


@given(seeded_multigraphs(bipartite=False), st.booleans())
def test_strong_components(graph: tuple[int, IntArray, IntArray, int], vertex: bool) -> None:
    n, u, v, _seed = graph
    if vertex:  # as directed_winners passes it under the vertex rule
        keep = u != v
        u, v = u[keep], v[keep]
    indptr, heads = directed._csr(n, u, v)
    same_as_python(directed.strong_components, indptr, heads)


@given(seeded_multigraphs(bipartite=False), st.booleans())
def test_settle(graph: tuple[int, IntArray, IntArray, int], vertex: bool) -> None:
    """From every component k there is, with the wins settled below it (or
    any wins at all on half the examples)."""
    n, u, v, seed = graph
    if vertex:
        keep = u != v
        u, v = u[keep], v[keep]
    indptr, heads = directed._csr(n, u, v)
    comp = directed.strong_components(indptr, heads)
    members = np.argsort(comp, kind="stable").astype(np.int64)
    count = int(comp.max(initial=-1)) + 1
    comp_start = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(comp, minlength=count), out=comp_start[1:])
    looped = np.zeros(n, dtype=np.bool_)
    looped[u[u == v]] = True
    rng = np.random.default_rng(seed)
    k = int(rng.integers(0, count + 1))
    wins = rng.random(n) < 0.5 if seed % 2 else np.zeros(n, dtype=np.bool_)
    same_as_python(
        directed._settle, k, comp_start, members, indptr, heads, looped, wins,
    )  # fmt: skip


@given(seeded_multigraphs(), st.booleans())
def test_reach(graph: tuple[int, IntArray, IntArray, int], is_directed: bool) -> None:
    n, u, v, seed = graph
    rng = np.random.default_rng(seed)
    start = int(rng.integers(0, n))
    seen = np.zeros(n, dtype=np.bool_)
    same_as_python(search._reach, n, u, v, start, is_directed, seen)


def _chainy(rng: np.random.Generator) -> tuple[int, IntArray, IntArray]:
    """Paths and cycles through a random order of the vertices, a few other
    edges (loops and repeats too): chains, anchored cycles, and ends."""
    n = int(rng.integers(1, 16))
    order = rng.permutation(n)
    cuts = np.sort(rng.choice(np.arange(1, n + 1), size=int(rng.integers(1, n + 1)), replace=False))
    u, v, first = [], [], 0
    for cut in cuts.tolist():
        piece = order[first:cut].tolist()
        first = cut
        closed = piece + piece[:1] if rng.random() < 0.5 else piece
        u += closed[:-1]
        v += closed[1:]
    extra = int(rng.integers(0, 4))
    u += rng.integers(0, n, extra).tolist()
    v += rng.integers(0, n, extra).tolist()
    return n, np.array(u, dtype=np.int64), np.array(v, dtype=np.int64)


@given(Seed, st.booleans())
def test_chains(seed: int, directed: bool) -> None:
    rng = np.random.default_rng(seed)
    n, u, v = _chainy(rng) if rng.random() < 0.7 else _multigraph(rng, False)
    blocked = rng.random(n) < 0.2
    chain = np.full(n, -1, dtype=np.int64)
    pos = np.zeros(n, dtype=np.int64)
    ends = np.full((n, 3), -7, dtype=np.int64)
    args = (n, u, v, directed, blocked, chain, pos, ends)
    same_as_python(chains._chains, *args)
