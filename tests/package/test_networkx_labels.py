"""A second tour of the library as a networkx user takes it, after the
labels work (issue 26) and the modules merged since (sums, misère, the
degree-3 Grundy values behind ``grundy_values``): what the first tour
(``tests/package/test_networkx_graphs.py``) did not walk, and the findings of the review,
each as a user meets it.

- ``matching_size`` handed a graph (networkx's or ours) gave a number:
  ``matching_size(nx.path_graph(3)) == 1``, its node list read as a mate
  array whose every vertex was its own mate; a dict holding a pair one way
  only counted as half a pair (``{'a': 'b'}`` gave 0).  Now refused.
- ``solve(board)`` on a ``GridBoard`` said only "not GridBoard": the
  refusal now says where the board's graph is.
- The notebook picture of a ``Position`` on a graph drew the token as a
  red disc over the vertex's written label (unreadable), and its legend
  did not say what the dashed rings are; a ``Position`` on a board had no
  legend at all; a small graph's labels of five letters were written at
  7 pixels.
- Every command imported ``logging`` at start-up (for ``sweep
  --scheduler`` alone).
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Hashable

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from bipartite_game import (
    BipartiteGameError,
    Engine,
    Graph,
    Position,
    certify,
    decompose,
    grid_board,
    matching_size,
    maximum_matching,
    solve,
    solve_geography,
)
from bipartite_game.theory.misere import (
    misere_array,
    misere_first_player_wins,
    misere_sum,
    misere_value,
    misere_values,
)
from bipartite_game.theory.nimbers import grundy_value, grundy_values
from bipartite_game.theory.sums import solve_sum
from tests.support.paths import ROOT
from tests.support.strategies import networkx_graphs

SVG = "{http://www.w3.org/2000/svg}"
REVIEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _plain(vertex: object, graph: nx.Graph) -> bool:
    """A vertex as the user named it: one of the graph's nodes, of the very
    type given (never a numpy scalar standing in for an int label)."""
    return vertex in graph and any(
        type(vertex) is type(node) and vertex == node for node in graph.nodes
    )


# ------------------------------------------------------- the later modules
@REVIEW
@given(networkx_graphs(), networkx_graphs())
def test_sums_of_networkx_graphs_name_their_move_by_label(a: nx.Graph, b: nx.Graph) -> None:
    first, second = next(iter(a.nodes)), next(iter(b.nodes))
    values = (grundy_value(a, first, budget=10**6), grundy_value(b, second, budget=10**6))
    found = solve_sum([(a, first), (b, second)], budget=10**6)
    assert found.values == values
    assert found.first_player_wins == (values[0] ^ values[1] != 0)
    if found.move is not None:
        board, token = (a, first) if found.move.component == 0 else (b, second)
        assert _plain(found.move.vertex, board) and board.has_edge(token, found.move.vertex)
    # a game in progress on a networkx graph is a component too
    position = Position(a, first)
    assert solve_sum([position, (b, second)], budget=10**6).values == values


@REVIEW
@given(networkx_graphs())
def test_misere_speaks_labels_and_its_values_follow_the_node_order(graph: nx.Graph) -> None:
    values = misere_array(graph, budget=10**6)  # indexed by vertex id: the node order
    assert len(values) == graph.number_of_nodes()
    for i, v in enumerate(graph.nodes):
        assert misere_value(graph, v, budget=10**6) == int(values[i])
        assert misere_first_player_wins(graph, v, budget=10**6) == (values[i] != 0)
    keyed = dict(zip(graph.nodes, values.tolist(), strict=True))
    assert misere_values(graph, budget=10**6) == keyed
    start = next(iter(graph.nodes))
    found = misere_sum([(graph, start)], budget=10**6)
    if found.move is not None:
        assert found.move[0] == 0 and _plain(found.move[1], graph)
        assert graph.has_edge(start, found.move[1])


@REVIEW
@given(networkx_graphs())
def test_every_vertex_returned_is_the_users_own_object(graph: nx.Graph) -> None:
    s = solve(graph)
    returned: list[Hashable] = [*s.losing_starts(), *s.winning_starts()]
    returned += [x for pair in s.matching().items() for x in pair]
    returned += [x for x in map(s.reply, graph.nodes) if x is not None]
    g = Graph.from_networkx(graph)
    returned += [x for v in graph.nodes for x in g.neighbors(v)]
    returned += [x for pair in g.edge_pairs() for x in pair]
    returned += list(decompose(graph).classes())
    returned += [x for pair in maximum_matching(graph).items() for x in pair]
    returned += list(grundy_values(graph, budget=10**6))
    geography = solve_geography(graph, rule="vertex")
    returned += [*geography.losing_starts(), *geography.winning_starts()]
    engine = Engine(graph)
    returned.append(engine.place())
    position = Position(graph, next(iter(graph.nodes)))
    returned += [*position.legal_moves, *position.best_moves()]
    move = engine.move(position)
    if move is not None:
        position.push(move)
        returned += [move, *position.move_stack, position.current]
    assert all(_plain(x, graph) for x in returned), [
        x for x in returned if not _plain(x, graph)
    ]


def test_explain_of_a_networkx_solution_names_labels() -> None:
    graph = nx.Graph([("ann", "bob"), ("bob", "cy"), ("cy", "dee"), ("dee", "ann"), ("ann", "eve")])
    s = solve(graph)
    for v in graph.nodes:
        text = str(s.explain(v))
        assert text.startswith(f"{v}: ")
        assert not re.search(r"\b[0-9]\b", text.replace("size ", "").split("\n", 1)[0])
    with pytest.raises(BipartiteGameError, match="'zed'"):
        s.explain("zed")


# ------------------------------------------------------------ matching_size
@pytest.mark.parametrize(
    "graph", [nx.path_graph(3), nx.Graph([("a", "b")]), Graph.from_edge_list("a b\n")]
)
def test_matching_size_refuses_a_graph_and_says_what_to_pass(graph: object) -> None:
    with pytest.raises(BipartiteGameError, match=r"not a graph .*maximum_matching\(graph\)"):
        matching_size(graph)  # type: ignore[arg-type]


def test_matching_size_checks_a_dict_of_partners() -> None:
    assert matching_size({"a": "b", "b": "a"}) == 1
    assert matching_size({None: "x", "x": None}) == 1  # None may be a label
    with pytest.raises(BipartiteGameError, match="'a' has partner 'b', whose partner is missing"):
        matching_size({"a": "b"})
    with pytest.raises(BipartiteGameError, match="'a' has partner 'b', whose partner is 'c'"):
        matching_size({"a": "b", "b": "c", "c": "b"})
    with pytest.raises(BipartiteGameError, match="'a' is its own partner"):
        matching_size({"a": "a"})
    with pytest.raises(BipartiteGameError, match="not a matching"):
        matching_size({"a": ["b"]})  # type: ignore[dict-item]  # an unhashable partner


def test_matching_size_refuses_a_vertex_matched_to_itself() -> None:
    assert matching_size([1, 0, -1]) == 1
    with pytest.raises(BipartiteGameError, match="vertex 2 is its own mate"):
        matching_size([1, 0, 2])


# ------------------------------------------------------------------ boards
@pytest.mark.parametrize("call", [solve, decompose, certify, maximum_matching])
def test_a_board_handed_where_a_graph_is_wanted_says_where_its_graph_is(call: object) -> None:
    board = grid_board([[True, True], [True, False]])
    with pytest.raises(BipartiteGameError, match=r"not GridBoard \(a board's move graph is its"):
        call(board)  # type: ignore[operator]
    assert solve(board.graph).winning_starts() == [0]  # the corner, between the two others


# ---------------------------------------------------------------- pictures
def _texts(svg: str) -> dict[str, float]:
    """Each text written in a picture, and its font size in pixels."""
    root = ET.fromstring(svg)
    sizes: dict[str, float] = {}

    def walk(node: ET.Element, size: float) -> None:
        size = float(node.get("font-size", size))
        if node.tag == f"{SVG}text" and node.text:
            sizes[node.text] = size
        for child in node:
            walk(child, size)

    walk(root, 16.0)
    return sizes


def test_position_picture_keeps_the_tokens_label_readable_and_explains_its_marks() -> None:
    graph = nx.Graph([("alice", "bob"), ("bob", "carol"), ("carol", "dave"), ("dave", "alice")])
    position = Position(graph, "alice")
    position.push("bob")
    svg = position._repr_svg_()
    root = ET.fromstring(svg)
    tokens = [c for c in root.iter(f"{SVG}circle") if "token" in c.get("class", "").split()]
    assert len(tokens) == 1 and tokens[0].get("fill") == "none"  # a ring, not a disc on the label
    texts = _texts(svg)
    assert "bob" in texts and "a legal move" in texts
    assert "the token: second to move" in texts


def test_small_graphs_write_labels_of_up_to_eight_characters_at_a_readable_size() -> None:
    names = ["alice", "bob", "carol", "dave", "frederic", "eve", "gina"]
    graph = nx.cycle_graph(names)
    texts = _texts(Graph.from_networkx(graph)._repr_svg_())
    assert all(texts[name] >= 8 for name in names), texts


def test_a_position_on_a_board_has_a_legend() -> None:
    board = grid_board(np.array([[True, True, False], [True, True, True]]))
    position = Position.from_board(board, 0, 0)
    position.push(1)
    texts = _texts(position._repr_svg_())
    assert {"visited (the line: the moves so far)", "a legal move"} <= set(texts)
    assert "the token: second to move" in texts
    # the web page's board (no legend asked for) is unchanged
    from bipartite_game import render_svg

    assert "legend" not in render_svg(board, position)


# ------------------------------------------------------------- start-up
@pytest.mark.parametrize("command", ["knights", "maze", "graph"])
def test_a_judge_command_does_not_import_logging(command: str) -> None:
    # the Dask merge imported logging (and threading, traceback, ...) at the
    # top of the command line for sweep --scheduler alone: about 5 ms more
    # on every command's start, a knights example's 7 %
    example = ROOT / "examples" / f"{command}.txt"
    probe = (
        "import sys\n"
        "from bipartite_game import cli\n"
        f"status = cli.main([{command!r}, {str(example)!r}])\n"
        "sys.stdout.flush()\n"
        "print(status, 'logging' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[-1] == "0 False"
