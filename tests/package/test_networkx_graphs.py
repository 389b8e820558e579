"""The networkx user's tour (issue 26): a networkx graph handed to every
entry point, every vertex that comes back a label, and right.

Random graphs are labelled with strings, tuples, and integers that are not
``0 .. n - 1``; the winners are compared with networkx's own deletion test:
the mover from ``v`` wins iff every maximum matching covers ``v``, that is
iff ``nu(G - v) < nu(G)`` (``networkx.max_weight_matching`` with
``maxcardinality=True``).  The last tests are the failures the issue lists
under "Why", each as it was met.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import subprocess
import sys
from collections.abc import Hashable

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings

import bipartite_game
from bipartite_game import (
    BipartiteGameError,
    Engine,
    Graph,
    IllegalMoveError,
    Position,
    certify,
    decompose,
    first_player_wins_from,
    matching_size,
    maximum_matching,
    solve,
    verify,
)
from bipartite_game.theory.annotate import annotate
from bipartite_game.theory.nimbers import grundy_value, grundy_values
from tests.support.strategies import networkx_graphs


def _nu(graph: nx.Graph) -> int:
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def _winners(graph: nx.Graph) -> set[Hashable]:
    """The starts the mover wins from, by networkx's deletion test."""
    size = _nu(graph)
    wins = set()
    for v in graph.nodes:
        rest = graph.copy()
        rest.remove_node(v)
        if _nu(rest) < size:
            wins.add(v)
    return wins


def _edge_class(graph: nx.Graph, u: Hashable, v: Hashable) -> str:
    size = _nu(graph)
    without = graph.copy()
    without.remove_edge(u, v)
    if _nu(without) < size:
        return "every"
    ends = graph.copy()
    ends.remove_nodes_from([u, v])
    return "some" if _nu(ends) + 1 == size else "none"


def _is_matching_of(graph: nx.Graph, pairs: dict[Hashable, Hashable]) -> bool:
    return all(graph.has_edge(a, b) and pairs[b] == a for a, b in pairs.items())


TOUR = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@TOUR
@given(networkx_graphs())
def test_solve_speaks_the_graphs_labels(graph: nx.Graph) -> None:
    nodes = set(graph.nodes)
    wins = _winners(graph)
    s = solve(graph)
    assert s.graph.labels == tuple(graph.nodes)
    assert set(s.winning_starts()) == wins and set(s.losing_starts()) == nodes - wins
    assert s.winners() == {v: "first" if v in wins else "second" for v in graph.nodes}
    for v in graph.nodes:
        assert s.first_player_wins(v) == (v in wins)
        assert first_player_wins_from(graph, v) == (v in wins)
        reply = s.reply(v)
        assert reply is None or graph.has_edge(v, reply)
        strategy = s.strategy(v)
        assert strategy.start == v and strategy.first_player_wins == (v in wins)
        if v in wins:
            assert strategy.reply(v) in graph[v]
        proof = s.explain(v)
        assert proof.start == v and set(proof.path) <= nodes
        assert proof.partner is None or proof.partner in graph[v]
    matching = s.matching()
    assert _is_matching_of(graph, matching) and len(matching) == 2 * _nu(graph)


@TOUR
@given(networkx_graphs())
def test_maximum_matching_of_a_networkx_graph_is_in_its_nodes(graph: nx.Graph) -> None:
    found = maximum_matching(graph)
    assert isinstance(found, dict) and _is_matching_of(graph, found)
    assert matching_size(found) == _nu(graph)


@TOUR
@given(networkx_graphs())
def test_graph_methods_give_labels(graph: nx.Graph) -> None:
    g = Graph.from_networkx(graph)
    for v in graph.nodes:
        assert set(g.neighbors(v)) == set(graph[v]) and len(g.neighbors(v)) == graph.degree(v)
        assert g.label(g.index(v)) == v
    assert {frozenset(e) for e in g.edge_pairs()} == {frozenset(e) for e in graph.edges}
    back = g.to_networkx()
    assert list(back.nodes) == list(graph.nodes)
    assert {frozenset(e) for e in back.edges} == {frozenset(e) for e in graph.edges}
    pairs = Graph.from_edge_list(list(graph.edges))
    touched = {x for e in graph.edges for x in e}
    assert set(pairs.labels or ()) == touched and pairs.num_edges == graph.number_of_edges()
    adjacency = Graph.from_adjacency({v: list(graph[v]) for v in graph.nodes})
    assert adjacency.labels == tuple(graph.nodes) and adjacency.num_edges == g.num_edges


@TOUR
@given(networkx_graphs())
def test_position_and_engine_play_in_labels(graph: nx.Graph) -> None:
    wins = _winners(graph)
    engine = Engine(graph)
    start = engine.place()
    assert start in graph and (start not in wins or not set(graph.nodes) - wins)
    for first in graph.nodes:
        position = Position(graph, first)
        assert position.start == first and position.current == first
        assert sorted(map(repr, position.legal_moves)) == sorted(map(repr, graph[first]))
        best = position.best_moves()
        assert set(best) <= set(graph[first]) and bool(best) == (first in wins)
        while not position.is_over():
            move = engine.move(position)
            assert move in graph[position.current] and position.is_legal(move)
            position.push(move)
            assert position.current == move and position.move_stack[-1] == move
        # perfect play on both sides: the mover from a winning start wins
        assert position.winner == ("first" if first in wins else "second")
        record = [first, *position.move_stack]
        assert all(graph.has_edge(a, b) for a, b in itertools.pairwise(record))
        assert len(set(record)) == len(record)
        assert repr(first) in repr(position)
        verdicts = annotate(graph, record)
        assert len(verdicts) == len(record) and "mistake" not in verdicts[1:]
        if position.move_stack:
            assert position.pop() == record[-1]


@TOUR
@given(networkx_graphs())
def test_decompose_keys_by_label(graph: nx.Graph) -> None:
    wins = _winners(graph)
    d = decompose(graph)
    classes = d.classes()
    assert list(classes) == list(graph.nodes)
    assert {v for v, c in classes.items() if c == "D"} == set(graph.nodes) - wins
    for v in graph.nodes:
        assert d.class_of(v) == classes[v]
    edge_classes = d.edge_classes()
    assert {frozenset(e) for e in edge_classes} == {frozenset(e) for e in graph.edges}
    for (u, v), cls in edge_classes.items():
        assert cls == _edge_class(graph, u, v) == d.edge_class_of(v, u)


@TOUR
@given(networkx_graphs())
def test_certify_and_verify_take_the_networkx_graph(graph: nx.Graph) -> None:
    certificate = certify(graph)
    assert verify(graph, certificate).ok
    assert verify(graph, certificate.to_json()).ok
    g = Graph.from_networkx(graph)
    names = [str(v) for v in graph.nodes]
    assert verify(g, names, certificate.to_json(names)).ok  # the former form


@settings(max_examples=30, deadline=None)
@given(networkx_graphs())
def test_grundy_values_and_value_in_labels(graph: nx.Graph) -> None:
    values = grundy_values(graph, budget=10**6)
    wins = _winners(graph)
    assert list(values) == list(graph.nodes)
    for v in graph.nodes:
        assert (values[v] != 0) == (v in wins)
        assert grundy_value(graph, v, budget=10**6) == values[v]


# ---------------------------------------------------------------- the "Why" list


def test_why_solve_takes_a_networkx_graph() -> None:
    petersen = nx.petersen_graph()
    assert solve(petersen).winning_starts() == list(range(10))  # a perfect matching
    assert matching_size(maximum_matching(petersen)) == 5
    assert decompose(petersen).classes() == dict.fromkeys(range(10), "C")
    assert Position(petersen, 3).legal_moves
    with pytest.raises(BipartiteGameError, match=r"solve\(\) takes a Graph or a networkx graph"):
        solve("not a graph")


def test_why_labels_in_give_labels_out() -> None:
    h = Graph.from_networkx(nx.Graph([("x", "y"), ("y", "z")]))
    s = solve(h)
    assert s.strategy("x").reply("y") == "z"
    assert list(Position(h, "x").legal_moves) == ["y"]
    assert s.losing_starts() == ["x", "z"] and s.winning_starts() == ["y"]
    neighbours = h.neighbors("y")
    assert neighbours == ["x", "z"] and all(type(w) is str for w in neighbours)
    assert list(h.to_networkx().nodes()) == ["x", "y", "z"]
    position = Position(h, "x")
    with pytest.raises(IllegalMoveError, match=r"^illegal move: 'w' is no vertex$"):
        position.push("w")
    with pytest.raises(IllegalMoveError, match=r"^illegal move: 'z' from 'x'$"):
        position.push("z")


def test_why_unlabelled_vertices_come_back_as_plain_ints() -> None:
    g = Graph.from_edges([0, 1], [1, 2])
    s = solve(g)
    answers = [s.reply(1), s.strategy(0).reply(1), *g.neighbors(1), *s.losing_starts()]
    answers += [Engine(g).place(), Position(g, 1).current]
    assert all(type(x) is int for x in answers)


def test_why_a_labelled_graph_never_reads_an_int_as_an_id() -> None:
    # labels that are ints but not the ids: 0 is no vertex, 10 is the first
    g = Graph.from_networkx(nx.path_graph([10, 20, 30]))
    assert solve(g).losing_starts() == [10, 30]
    assert Position(g, 20).legal_moves.__contains__(10)
    with pytest.raises(BipartiteGameError, match="no vertex labelled 0"):
        solve(g).first_player_wins(0)
    assert g.label(0) == 10 and g.index(10) == 0  # between the layers


def test_why_from_edge_list_and_from_adjacency_take_python_data() -> None:
    g = Graph.from_edge_list([("a", "b")])
    assert g.labels == ("a", "b") and g.num_edges == 1
    h = Graph.from_adjacency({"a": ["b"]})
    assert h.labels == ("a", "b") and h.has_edge("b", "a")
    assert Graph.from_adjacency({"a": [], 7: ["a"]}).labels == ("a", 7)
    assert Graph.from_edge_list([]).num_vertices == 0
    with pytest.raises(BipartiteGameError, match="an edge is a pair"):
        Graph.from_edge_list([("a", "b", "c")])  # type: ignore[list-item]


def test_why_verify_takes_the_certificate_object() -> None:
    g = Graph.from_edges(["a", "b"], ["b", "c"])
    sol = solve(g)
    assert verify(g, g.labels, certify(sol)).ok  # what was refused
    assert verify(g, certify(sol)).ok
    assert str(verify(g, certify(sol))) == "verified: 3 vertices, matching of size 1"
    other = Graph.from_edges(["a", "b"], ["b", "c"], labels=["a", "b", "c", "d"])
    with pytest.raises(BipartiteGameError, match="4 labels for 3 vertices"):
        verify(g, certify(sol), labels=[str(x) for x in other.labels or ()])
    with pytest.raises(BipartiteGameError, match="JSON text or a Certificate, not int"):
        verify(g, 5)


def test_why_move_stack_and_repr_hold_labels() -> None:
    g = Graph.from_edges(["a", "b"], ["b", "c"])
    position = Position(g, "a")
    position.push("b")
    assert position.move_stack == ["b"]
    assert repr(position) == "Position(start='a', moves=['b'], turn='second', over=False)"


def test_why_the_namespace_is_clean_and_versioned() -> None:
    names = dir(bipartite_game)
    for private in ("TYPE_CHECKING", "annotations", "lazy_names", "_HOMES", "_lazy"):
        assert private not in names
    assert set(bipartite_game.__all__) <= set(names)
    assert bipartite_game.__version__ == importlib.metadata.version("bipartite-game")


def test_why_the_version_costs_nothing_at_import_and_shows_on_the_command_line() -> None:
    code = "import sys, bipartite_game; print('bipartite_game._version' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
    shown = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "--version"], capture_output=True, text=True
    )
    assert shown.returncode == 0 and shown.stderr == ""
    assert shown.stdout == f"bipartite-game {bipartite_game.__version__}\n"


def test_why_networkx_stays_optional() -> None:
    # networkx made unimportable in a fresh interpreter: the rest works, and
    # to_networkx says in one line how to install it
    code = (
        "import sys; sys.modules['networkx'] = None\n"
        "from bipartite_game import Graph, solve, BipartiteGameError\n"
        "g = Graph.from_edge_list([('a', 'b'), ('b', 'c')])\n"
        "assert solve(g).losing_starts() == ['a', 'c']\n"
        "try:\n"
        "    g.to_networkx()\n"
        "except BipartiteGameError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "to_networkx() needs networkx: pip install networkx\n"
