"""``Graph.without`` takes vertices as the graph names them and removes
them, as networkx's ``remove_nodes_from`` does; ``Graph.without_ids`` is
the array layer's form, which keeps every id (the removed vertices stay,
isolated)."""

from __future__ import annotations

from collections.abc import Hashable

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import BipartiteGameError, Graph, Position, solve
from tests.support.strategies import graphs

#: Labels of every kind a user gives: strings, grid cells, integers that
#: are not the ids (so an id read as a label would be caught).
LABELS = st.one_of(
    st.text("abcxyz", min_size=1, max_size=3),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.integers(-5, 40),
)


@st.composite
def labelled_pairs(draw: st.DrawFn) -> tuple[Graph, nx.Graph]:
    """A graph with labels and the same graph in networkx."""
    n, edges = draw(graphs(max_vertices=9))
    labels: list[Hashable] = draw(st.lists(LABELS, min_size=n, max_size=n, unique=True))
    reference = nx.Graph()
    reference.add_nodes_from(labels)
    reference.add_edges_from((labels[u], labels[v]) for u, v in edges)
    return Graph.from_networkx(reference), reference


def _edges(pairs: list[tuple[Hashable, Hashable]]) -> set[frozenset[Hashable]]:
    return {frozenset(pair) for pair in pairs}


@given(labelled_pairs(), st.data())
def test_without_removes_labels_as_networkx_does(
    case: tuple[Graph, nx.Graph], data: st.DataObject
) -> None:
    graph, reference = case
    nodes = list(reference.nodes)
    removed = data.draw(st.lists(st.sampled_from(nodes), unique=True) if nodes else st.just([]))
    rest = graph.without(removed)
    reference.remove_nodes_from(removed)
    assert rest.labels == tuple(reference.nodes)  # the others, in their order
    assert _edges(rest.edge_pairs()) == _edges(list(reference.edges))
    assert solve(rest).winners() == solve(reference).winners()


@given(graphs(max_vertices=9), st.data())
def test_without_on_a_graph_without_labels_keeps_each_vertex_its_name(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    """The vertices of an unlabelled graph are named by their ids: those
    left keep them, as labels unless they are 0 .. k-1 already."""
    n, edges = case
    graph = Graph.from_edges([u for u, _ in edges], [v for _, v in edges], num_vertices=n)
    reference = nx.empty_graph(n)
    reference.add_edges_from(edges)
    removed = data.draw(st.lists(st.integers(0, n - 1), unique=True) if n else st.just([]))
    rest = graph.without(np.array(removed, dtype=np.int64))
    reference.remove_nodes_from(removed)
    names = rest.labels if rest.labels is not None else tuple(range(rest.num_vertices))
    assert names == tuple(reference.nodes)
    assert _edges(rest.edge_pairs()) == _edges(list(reference.edges))
    assert rest.labels is None or rest.labels != tuple(range(rest.num_vertices))


def test_one_vertex_is_one_vertex_even_when_it_is_a_tuple() -> None:
    grid = Graph.from_networkx(nx.grid_2d_graph(2, 3))
    rest = grid.without((0, 1))  # the cell (0, 1), not the vertices 0 and 1
    assert rest.labels is not None and (0, 1) not in rest.labels and rest.num_vertices == 5
    assert rest.without([(0, 0), (1, 1)]).labels == ((0, 2), (1, 0), (1, 2))
    path = Graph.from_edges(["a", "b"], ["b", "c"])
    assert path.without("b").edge_pairs() == [] and path.without("b").labels == ("a", "c")
    assert Graph.from_edges([0, 1], [1, 2]).without(0).labels == (1, 2)


def test_without_keeps_a_known_colouring_and_the_last_vertices_unlabelled() -> None:
    graph = Graph(np.array([0, 1, 3, 4]), np.array([1, 0, 2, 1]), side=[0, 1, 0])
    rest = graph.without([0])
    assert rest.colouring is not None and rest.colouring.side is not None
    assert rest.colouring.side.tolist() == [1, 0] and rest.labels == (1, 2)
    assert graph.without([2]).labels is None  # 0, 1 are named by their ids already
    assert graph.without([]).labels is None and graph.without([]).num_edges == 2


@pytest.mark.parametrize(
    ("vertices", "message"),
    [
        ("zz", "no vertex labelled 'zz'"),
        (0, "no vertex labelled 0"),  # an id is no label
        (True, "no vertex labelled True"),
        (["a", "zz"], "no vertex labelled 'zz'"),
        ([["a"]], r"cannot look up label \['a'\]"),
        (None, "no vertex labelled None"),
    ],
)
def test_without_refuses_what_is_no_vertex_quoting_it(vertices: object, message: str) -> None:
    graph = Graph.from_edges(["a", "b"], ["b", "c"])
    with pytest.raises(BipartiteGameError, match=message):
        graph.without(vertices)


@pytest.mark.parametrize(
    ("vertices", "message"),
    [
        (7, "no vertex 7 in a graph of 3 vertices"),
        ([0, 9], "vertices to remove: 9 is out of range 0..2"),
        (1.5, "no vertex 1.5"),
        ("a", "no vertex 'a'"),
    ],
)
def test_without_on_ids_refuses_what_is_no_vertex(vertices: object, message: str) -> None:
    with pytest.raises(BipartiteGameError, match=message):
        Graph.from_edges([0, 1], [1, 2]).without(vertices)


def test_without_ids_keeps_every_id_and_label() -> None:
    graph = Graph.from_edges(["a", "b", "c"], ["b", "c", "d"])
    rest = graph.without_ids([1])
    assert rest.labels == graph.labels and rest.num_vertices == 4
    assert rest.edge_pairs() == [("c", "d")] and rest.neighbors("b") == []
    assert graph.without_ids(np.int64(2)).edge_pairs() == [("a", "b")]
    with pytest.raises(BipartiteGameError, match="vertices to cut off: 4 is out of range"):
        graph.without_ids([4])
    with pytest.raises(BipartiteGameError, match="no vertex 'b' in a graph of 4 vertices"):
        graph.without_ids("b")  # ids, whatever the labels


def test_best_moves_on_labels_that_are_integers_other_than_the_ids() -> None:
    """The game layer re-solves what is left through the ids: a labelled
    graph whose labels are integers must not be cut at the wrong vertices."""
    graph = Graph.from_edge_list([(10, 20), (20, 30), (30, 40)])  # the path 10-20-30-40
    position = Position(graph, 20)
    assert position.best_moves() == [10]  # 30 would leave 40 to the opponent
    position.push(30)
    assert position.best_moves() == [40]
