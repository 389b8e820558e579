"""Notebook pictures (``_repr_svg_``) of graphs, boards, solutions,
decompositions and positions, drawn by the shared core ``drawing/``:
well-formed XML, the right vertices tinted (checked against ``solve`` and
``decompose``), labels escaped, the same bytes for the same graph, and a
summary instead of a drawing for a large graph."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import (
    Engine,
    Graph,
    Position,
    decompose,
    grid_board,
    lock_board,
    render_svg,
    solve,
)
from bipartite_game.drawing import layout, pictures
from bipartite_game.drawing.svg import LOSING, TEXT_CHARS, WINNING
from tests.support.strategies import EdgeSet, graphs

SVG = "{http://www.w3.org/2000/svg}"


def _graph(case: EdgeSet) -> Graph:
    n, edges = case
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], num_vertices=n)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _vertex_classes(svg: str) -> dict[int, set[str]]:
    """``data-vertex`` → the classes of its disc."""
    return {
        int(c.attrib["data-vertex"]): set(c.attrib["class"].split())
        for c in _parse(svg).iter(f"{SVG}circle")
        if "data-vertex" in c.attrib
    }


def _count(svg: str, css: str) -> int:
    return sum(css in e.attrib.get("class", "").split() for e in _parse(svg).iter())


@settings(max_examples=60, deadline=None)
@given(graphs(max_vertices=10))
def test_solution_picture_tints_every_start_as_solve_says(case: EdgeSet) -> None:
    solution = solve(_graph(case))
    svg = solution._repr_svg_()
    classes = _vertex_classes(svg)
    assert sorted(classes) == list(range(case[0]))
    fills = {
        int(c.attrib["data-vertex"]): c.attrib["fill"]
        for c in _parse(svg).iter(f"{SVG}circle")
        if "data-vertex" in c.attrib
    }
    for v, found in classes.items():
        expected = "losing" if solution.losing[v] else "winning"
        assert expected in found and ({"losing", "winning"} - {expected}).isdisjoint(found)
        assert fills[v] == (LOSING if solution.losing[v] else WINNING)
    assert _count(svg, "matching") == solution.matching_size
    assert _count(svg, "edge") == solution.graph.num_edges


@settings(max_examples=60, deadline=None)
@given(graphs(max_vertices=10))
def test_decomposition_picture_tints_d_a_c_and_styles_edge_classes(case: EdgeSet) -> None:
    found = decompose(_graph(case))
    svg = found._repr_svg_()
    for v, classes in _vertex_classes(svg).items():
        assert found.class_of(v) in classes
    for name, number in found.count().items():
        assert _count(svg, name) == number


def _matched_pairs(svg: str) -> set[frozenset[int]]:
    """The pairs the picture draws as its matching, by the discs at their ends."""
    root = _parse(svg)
    at = {
        (c.attrib["cx"], c.attrib["cy"]): int(c.attrib["data-vertex"])
        for c in root.iter(f"{SVG}circle")
        if "data-vertex" in c.attrib
    }
    lines = [e.attrib for e in root.iter(f"{SVG}line") if e.attrib.get("class") == "matching"]
    return {frozenset((at[e["x1"], e["y1"]], at[e["x2"], e["y2"]])) for e in lines}


def _pairs(mate: np.ndarray) -> set[frozenset[int]]:
    return {frozenset((v, int(mate[v]))) for v in range(mate.size) if mate[v] > v}


@settings(max_examples=40, deadline=None)
@given(graphs(max_vertices=9), st.data())
def test_engine_picture_draws_the_matching_it_answers_along(
    case: EdgeSet, data: st.DataObject
) -> None:
    graph = _graph(case)
    engine = Engine(graph)
    svg = engine._repr_svg_()
    solution = engine.solution
    assert _matched_pairs(svg) == _pairs(solution.mate) and _count(svg, "token") == 0
    for v, classes in _vertex_classes(svg).items():
        assert ("losing" if solution.losing[v] else "winning") in classes
    if graph.num_vertices == 0:
        return
    start = data.draw(st.integers(0, graph.num_vertices - 1))
    if engine.move(Position(graph, start)) is None:  # no move: no game played
        assert engine._repr_svg_() == svg
        return
    svg = engine._repr_svg_()
    assert _matched_pairs(svg) == _pairs(solution.strategy(start).mate)
    token = next(c for c in _parse(svg).iter(f"{SVG}circle") if c.attrib["class"] == "token")
    disc = next(
        c for c in _parse(svg).iter(f"{SVG}circle") if c.attrib.get("data-vertex") == str(start)
    )
    assert (token.attrib["cx"], token.attrib["cy"]) == (disc.attrib["cx"], disc.attrib["cy"])
    assert f"from {start}" in svg


@settings(max_examples=40, deadline=None)
@given(graphs(max_vertices=9), st.data())
def test_position_picture_on_a_graph_shows_visited_legal_and_token(
    case: EdgeSet, data: st.DataObject
) -> None:
    graph = _graph(case)
    if graph.num_vertices == 0:
        return
    position = Position(graph, data.draw(st.integers(0, graph.num_vertices - 1)))
    for _ in range(data.draw(st.integers(0, 3))):
        moves = list(position.legal_moves)
        if not moves:
            break
        position.push(data.draw(st.sampled_from(moves)))
    svg = position._repr_svg_()
    classes = _vertex_classes(svg)
    visited = position.visited
    legal = set(position.legal_moves)
    for v, found in classes.items():
        assert ("visited" in found) == bool(visited[v])
        assert ("legal" in found) == (v in legal)
    assert _count(svg, "token") == 1


def test_position_on_a_board_is_drawn_as_the_board() -> None:
    board = grid_board([[True, True, True], [True, False, True]])
    position = Position.from_board(board, 0, 0)
    position.push(1)
    assert position._repr_svg_() == render_svg(board, position, legend=True)
    assert _count(position._repr_svg_(), "wall") == 1


def test_grid_board_picture_has_one_cell_a_square_walls_dark() -> None:
    cells = np.array([[True, False, True], [True, True, False]])
    svg = grid_board(cells)._repr_svg_()
    assert _count(svg, "cell") == 6
    assert _count(svg, "wall") == 2
    assert _count(svg, "open") == 4


def test_grid_labels_place_vertices_on_their_rows_and_columns() -> None:
    graph = Graph.from_networkx(nx.grid_2d_graph(3, 4))
    root = _parse(graph._repr_svg_())
    assert graph.labels is not None
    place = {
        graph.labels[int(c.attrib["data-vertex"])]: (float(c.attrib["cx"]), float(c.attrib["cy"]))
        for c in root.iter(f"{SVG}circle")
        if "data-vertex" in c.attrib
    }
    xs = {x for x, _ in place.values()}
    ys = {y for _, y in place.values()}
    assert len(xs) == 4 and len(ys) == 3
    for label, (x, y) in place.items():
        assert isinstance(label, tuple)
        row, col = label
        assert sorted(xs).index(x) == col and sorted(ys).index(y) == row


def test_labels_are_escaped() -> None:
    graph = Graph.from_edges(["<a&b>", 'say "hi"'], ["x]]>", "<a&b>"])
    svg = graph._repr_svg_()
    root = _parse(svg)
    titles = {t.text for t in root.iter(f"{SVG}title")}
    assert {"<a&b>", 'say "hi"', "x]]>"} <= titles
    assert "<a&b>" not in svg


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=6, unique=True))
def test_any_text_labels_give_well_formed_xml(names: list[str]) -> None:
    """Control characters and lone surrogates (no XML document may hold
    them, escaped or not) are replaced; everything else is escaped."""
    graph = Graph.from_edges(names[:-1], names[1:])
    position = Position(graph, names[0])
    for svg in (graph._repr_svg_(), solve(graph)._repr_svg_(), position._repr_svg_()):
        root = _parse(svg)
        assert len(_vertex_classes(svg)) == len(names)
        assert all(t.text for t in root.iter(f"{SVG}title"))


def test_a_long_label_is_cut_in_the_picture() -> None:
    graph = Graph.from_edges(["x" * 100_000], ["y"])
    svg = graph._repr_svg_()
    assert len(svg) < 5_000
    assert "x" * TEXT_CHARS not in svg and "x" * 150 in svg


def test_the_same_graph_gives_the_same_bytes() -> None:
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (4, 5)]
    one = Graph.from_edges([u for u, _ in edges], [v for _, v in edges])
    two = Graph.from_edges([u for u, _ in edges], [v for _, v in edges])
    for make in (lambda g: g, solve, decompose, lambda g: Position(g, 0)):
        assert make(one)._repr_svg_() == make(two)._repr_svg_()


def test_lock_picture_labels_vertices_with_their_codes() -> None:
    lock = lock_board(2, 3, [4], 0)
    root = _parse(lock._repr_svg_())
    titles = {t.text for t in root.iter(f"{SVG}title")}
    assert {"00", "22", "the start"} <= titles and "11" not in titles  # code 4 is 11
    assert lock.code(lock.graph.num_vertices - 1) == "22"


@pytest.mark.parametrize("n", [0, 1, 2])
def test_tiny_graphs_are_drawn(n: int) -> None:
    graph = Graph.from_edges([0] if n == 2 else [], [1] if n == 2 else [], num_vertices=n)
    for svg in (graph._repr_svg_(), solve(graph)._repr_svg_(), decompose(graph)._repr_svg_()):
        assert len(_vertex_classes(svg)) == n


def test_a_large_graph_is_a_summary_not_a_drawing() -> None:
    n = 100_001  # a path of odd length: the mover loses from every other vertex
    graph = Graph.from_edges(np.arange(n - 1), np.arange(1, n))
    solution = solve(graph)
    pictures = [
        graph._repr_svg_(),
        solution._repr_svg_(),
        decompose(solution)._repr_svg_(),
        Position(graph, 0)._repr_svg_(),
        Engine(graph)._repr_svg_(),
        grid_board(np.ones((300, 300), dtype=bool))._repr_svg_(),
    ]
    for svg in pictures:
        root = _parse(svg)
        assert "summary" in root.attrib["class"]
        assert len(svg) < 2000 and not _vertex_classes(svg)
    assert "wins from 50000 starts, loses from 50001" in pictures[1]


def test_a_picture_stays_bounded_up_to_the_limit() -> None:
    """The largest graph drawn by force, with the most edges: a bounded file."""
    n = pictures.DRAW_LIMIT
    rng = np.random.default_rng(7)
    u = rng.integers(0, n, 4 * n)
    v = rng.integers(0, n, 4 * n)
    keep = u != v
    graph = Graph.from_edges(u[keep], v[keep], num_vertices=n)
    svg = solve(graph)._repr_svg_()
    assert len(_vertex_classes(svg)) == n
    assert len(svg) < 300 * n + 150 * graph.num_edges
    bigger = Graph.from_edges(u[keep], v[keep], num_vertices=n + 1)
    assert "summary" in _parse(bigger._repr_svg_()).attrib["class"]


def test_force_layout_stays_inside_its_box_and_separates_vertices() -> None:
    graph = Graph.from_networkx(nx.petersen_graph())
    u, v = graph.edges()
    points = layout.force_layout(10, u, v, 300, 200, margin=20)
    assert points.shape == (10, 2)
    assert points[:, 0].min() >= 20 and points[:, 0].max() <= 280
    assert points[:, 1].min() >= 20 and points[:, 1].max() <= 180
    assert len({tuple(p) for p in points.tolist()}) == 10
