"""``bipartite-game edges`` through the real command line, and the networkx
functions, against enumeration of every maximum matching."""

from __future__ import annotations

from pathlib import Path
from random import Random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import BipartiteGameError
from bipartite_game.problems.edges import answer
from bipartite_game.theory.interop import (
    gallai_edmonds_decomposition,
    maximum_matching_edge_classes,
)
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.enumeration import edge_classes, maximum_matchings, missed_by_some
from tests.support.strategies import EdgeSet, examples, graphs, tiered


@pytest.mark.parametrize("case", tiered(golden_cases("edges")), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("edges", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


def test_reads_standard_input() -> None:
    assert run("edges", stdin="a b\nb c\nc d\n").stdout == b"a b every\nb c none\nc d every\n"


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("empty",)),
        ("a b c\n", ("line 1", "found 3 tokens")),
        ("a\x00 b\n", ("line 1", "NUL")),
    ],
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("edges", stdin=text), *fragments)


def test_missing_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    assert_one_line_error(run("edges", str(tmp_path / "absent.txt")), "absent.txt")


@settings(max_examples=examples(150))
@given(graphs(max_vertices=9).filter(lambda c: c[0] > 0), st.randoms(use_true_random=False))
def test_every_line_matches_enumeration(case: EdgeSet, random: Random) -> None:
    n, edges = case
    # written in a shuffled order, some reversed, some repeated, with loops
    written = [(v, u) if random.random() < 0.5 else (u, v) for u, v in edges]
    written += [random.choice(written) for _ in range(len(written) // 3)] if written else []
    written.append((0, 0))
    random.shuffle(written)
    names = [f"v{k}" for k in range(n)]
    text = "".join(f"{names[u]} {names[v]}\n" for u, v in written)
    text += "".join(f"{name}\n" for name in names)  # isolated vertices too
    lines = answer(text).decode().splitlines()
    truth = edge_classes(edges, maximum_matchings(n, edges))
    seen: list[tuple[int, int]] = []
    for u, v in written:
        if u != v and (u, v) not in seen and (v, u) not in seen:
            seen.append((u, v))
    assert lines == [f"{names[u]} {names[v]} {truth[min(u, v), max(u, v)]}" for u, v in seen]


def test_networkx_decomposition_and_edge_classes() -> None:
    G = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("x", "x")])
    G.add_node("lonely")
    assert gallai_edmonds_decomposition(G) == {
        "a": "C",
        "b": "C",
        "c": "C",
        "d": "C",
        "x": "D",
        "lonely": "D",
    }
    assert maximum_matching_edge_classes(G) == {
        ("a", "b"): "every",
        ("a", "c"): "none",
        ("b", "c"): "none",
        ("c", "d"): "every",
    }


@settings(max_examples=60)
@given(graphs(max_vertices=9))
def test_networkx_functions_match_enumeration(case: EdgeSet) -> None:
    n, edges = case
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    if n == 0:
        assert gallai_edmonds_decomposition(G) == {}
        return
    matchings = maximum_matchings(n, edges)
    missed = missed_by_some(n, matchings)
    classes = gallai_edmonds_decomposition(G)
    assert [classes[v] == "D" for v in range(n)] == missed
    truth = edge_classes(edges, matchings)
    result = maximum_matching_edge_classes(G)
    ordered = {tuple(sorted((int(str(a)), int(str(b))))): c for (a, b), c in result.items()}
    assert ordered == truth


@pytest.mark.parametrize("bad", [nx.DiGraph([(0, 1)]), "a b", None])
def test_networkx_functions_refuse_directed_and_non_graphs(bad: object) -> None:
    with pytest.raises(BipartiteGameError, match="undirected networkx graph"):
        gallai_edmonds_decomposition(bad)
    with pytest.raises(BipartiteGameError, match="undirected networkx graph"):
        maximum_matching_edge_classes(bad)
