"""The library as a new user meets it: root exports, labels, reprs, pictures."""

from __future__ import annotations

import importlib

import networkx as nx
import numpy as np
import pytest

import bipartite_game as bg
from bipartite_game import BipartiteGameError, Graph, IllegalMoveError, Position, solve
from tests.support.paths import ROOT


def test_what_the_readme_uses_comes_from_the_package_root() -> None:
    for name in (
        "Position",
        "Engine",
        "render_svg",
        "render_text",
        "grid_board",
        "lock_board",
        "GridBoard",
        "first_player_wins_from",
    ):
        assert name in bg.__all__ and getattr(bg, name) is not None, name
    board = bg.grid_board([[True, True, True]])
    assert bg.first_player_wins_from(board.graph, 1) is True
    assert bg.Engine(board.graph).move(Position(board.graph, 1)) in (0, 2)


def test_labels_work_wherever_a_vertex_is_taken_on_a_networkx_grid() -> None:
    graph = Graph.from_networkx(nx.grid_2d_graph(2, 3))
    solution = solve(graph)
    assert solution.winner((1, 1)) == "first"  # a bare TypeError before
    assert solution.first_player_wins((0, 0))
    partner = solution.reply((0, 0))
    assert partner is not None and graph.has_edge((0, 0), partner)  # labels out too
    strategy = solution.strategy((1, 1))
    first = strategy.reply((1, 1))
    assert first is not None
    position = Position(graph, (1, 1))
    position.push(first)
    assert position.current == first
    with pytest.raises(IllegalMoveError, match=r"\(9, 9\) is no vertex"):
        position.push((9, 9))
    with pytest.raises(BipartiteGameError, match=r"no vertex labelled \(9, 9\)"):
        solution.winner((9, 9))
    with pytest.raises(BipartiteGameError, match="no vertex labelled 0"):
        solution.winner(0)  # on a labelled graph an integer is a label too, never an id


def test_results_keyed_by_label() -> None:
    graph = Graph.from_networkx(nx.path_graph(["a", "b", "c"]))
    solution = solve(graph)
    assert solution.winners() == {"a": "second", "b": "first", "c": "second"}
    matching = solution.matching()
    assert matching["b"] in ("a", "c") and matching[matching["b"]] == "b"
    assert solve(Graph.from_edges([0], [1])).winners() == {0: "first", 1: "first"}


def test_from_networkx_refuses_a_directed_graph() -> None:
    with pytest.raises(BipartiteGameError, match=r"DiGraph is directed.*to_undirected"):
        Graph.from_networkx(nx.DiGraph([(1, 2)]))


def test_from_edges_takes_labels() -> None:
    graph = Graph.from_edges(["a", "b"], ["b", "c"])
    assert graph.labels == ("a", "b", "c") and graph.num_edges == 2
    named = Graph.from_edges(["x"], ["y"], labels=["y", "x", "lone"])
    assert named.num_vertices == 3 and named.has_edge("x", "y")
    with pytest.raises(BipartiteGameError, match="'q' is not among the labels"):
        Graph.from_edges(["q"], ["x"], labels=["x"])
    with pytest.raises(BipartiteGameError, match="pass labels= instead of num_vertices="):
        Graph.from_edges(["a"], ["b"], 5)
    with pytest.raises(BipartiteGameError, match="hashable"):
        Graph.from_edges([["a"]], ["b"])
    with pytest.raises(BipartiteGameError, match="booleans"):
        Graph.from_edges([True], [False])  # booleans stay refused, not labels


def test_reprs_show_sizes_and_str_draws_a_grid_position() -> None:
    board = bg.grid_board(np.array([[True, True], [True, False]]))
    solution = solve(board.graph)
    assert repr(board.graph) == "Graph(num_vertices=3, num_edges=2)"
    assert repr(solution) == (
        "Solution(num_vertices=3, num_edges=2, matching_size=1, losing_starts=2)"
    )
    assert repr(Graph.from_edges(["a"], ["b"])).endswith("labelled)")
    position = Position.from_board(board, 0, 0)
    assert str(position) == "  12\n1 @+\n2 +#\n"
    plain = Position(Graph.from_edges([0], [1]), 0)
    assert str(plain) == repr(plain)


def test_decomposition_repr_lists_its_classes_by_label() -> None:
    """It printed ``Decomposition()``: every field was hidden from the repr."""
    path = Graph.from_edges(["a", "b"], ["b", "c"])
    assert repr(bg.decompose(path)) == (
        "Decomposition(num_vertices=3, num_edges=2, D=['a', 'c'], A=['b'], C=[], blocks=0, "
        "edges={'none': 0, 'some': 2, 'every': 0})"
    )
    triangle = Graph.from_edges([0, 1, 2, 2], [1, 2, 0, 3])  # no fine blocks: no bipartite
    assert repr(bg.decompose(triangle)) == (
        "Decomposition(num_vertices=4, num_edges=4, D=[], A=[], C=[0, 1, 2, 3], "
        "edges={'none': 2, 'some': 0, 'every': 2})"
    )


def test_reprs_stay_one_short_line_on_large_graphs_and_long_labels() -> None:
    n = 100_000  # a path: C holds every vertex
    long = bg.decompose(Graph.from_edges(np.arange(n - 1), np.arange(1, n)))
    assert "C=[0, 1, 2, 3, 4, 5, ... 99994 more]" in repr(long)
    assert len(repr(long)) < 200
    named = Graph.from_edge_list([("x" * 1000, "y"), ("y", "z")])
    shown = repr(bg.decompose(named))
    assert f"D=['{'x' * 36}..., 'z']" in shown and len(shown) < 200


def test_engine_repr_names_its_solution_strategy_and_last_reason() -> None:
    """It printed ``<bipartite_game.play.position.Engine object at 0x...>``."""
    graph = Graph.from_edges(["a", "b"], ["b", "c"])
    engine = bg.Engine(graph)
    solution = "Solution(num_vertices=3, num_edges=2, matching_size=1, losing_starts=2)"
    assert repr(engine) == f"Engine(solution={solution}, strategy=None, last_reason=None)"
    position = Position(graph, "a")  # the mover loses from a: the engine resists
    position.push(engine.move(position))
    assert repr(engine) == (
        f"Engine(solution={solution}, strategy=Strategy(start='a', first_player_wins=False), "
        "last_reason='resisting')"
    )


def test_the_readme_library_examples_are_right() -> None:
    """Every pycon block of the README's Library section, as a doctest."""
    import doctest

    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Library", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```pycon\n")[1:]]
    assert len(blocks) == 3
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    # the blocks read as one session
    runner.run(parser.get_doctest("\n".join(blocks), {}, "README", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        ("bipartite_game.kit", "Verdict", "CheckVerdict"),
        ("bipartite_game.kit.check", "Verdict", "CheckVerdict"),
        ("bipartite_game.kit", "Outcome", "RunOutcome"),
        ("bipartite_game.kit.stress", "Outcome", "RunOutcome"),
        ("bipartite_game.brute", "SearchTooLarge", "BruteForceTooLarge"),
    ],
)
def test_a_renamed_class_answers_to_its_old_name_with_a_deprecation_warning(
    module: str, old: str, new: str
) -> None:
    home = importlib.import_module(module)
    assert old not in home.__all__ and new in home.__all__
    for _ in range(2):  # at every use, not only the first
        with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated.*{new}"):
            alias = getattr(home, old)
        assert alias is getattr(home, new)
    assert old not in dir(home)
    with pytest.raises(AttributeError, match="no attribute 'Verdicts'"):
        getattr(home, "Verdicts")  # noqa: B009 - a name that never was


def test_the_drawing_s_old_module_warns_and_gives_the_same_objects() -> None:
    """``bipartite_game.graphs.drawing`` (0.1.0's home of the pictures) stays
    for two minor releases: importing it warns, and its names are the new
    modules' objects."""
    import subprocess
    import sys

    code = (
        "import warnings\n"
        "warnings.simplefilter('error')\n"
        "try:\n"
        "    import bipartite_game.graphs.drawing\n"
        "except DeprecationWarning as w:\n"
        "    print('warned:', w)\n"
        "warnings.simplefilter('ignore')\n"
        "import bipartite_game.graphs.drawing as old\n"
        "from bipartite_game.drawing import pictures, svg, layout\n"
        "print(old.picture is pictures.picture, old.graph_svg is svg.graph_svg,\n"
        "      old.force_layout is layout.force_layout)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    warned, same = done.stdout.splitlines()
    assert warned.startswith("warned: bipartite_game.graphs.drawing is deprecated")
    assert "removed in 0.4" in warned
    assert same == "True True True"
