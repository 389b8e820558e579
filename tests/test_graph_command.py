"""``bipartite-game graph`` through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings

from bipartite_game import Graph, brute
from bipartite_game.edgelist import parse_edge_list
from bipartite_game.errors import BipartiteGameWarning, InputError

from .cli_util import assert_one_line_error, golden_cases, run
from .strategies import adjacency, graphs


def _golden_options(stem: str) -> list[str]:
    """``rule-edge-*`` golden files run with ``--rule edge``, ``directed-*``
    (after that prefix, if any) with ``--directed``."""
    options = []
    if stem.startswith("rule-edge-"):
        options += ["--rule", "edge"]
        stem = stem.removeprefix("rule-edge-")
    if stem.startswith("directed-"):
        options.append("--directed")
    return options


@pytest.mark.parametrize("case", golden_cases("graph"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("graph", str(case), *_golden_options(case.stem))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


def test_reads_standard_input_and_file_alike(tmp_path: Path) -> None:
    text = "a b\nb c\n"
    path = tmp_path / "g.txt"
    path.write_text(text)
    assert (
        run("graph", stdin=text).stdout
        == run("graph", str(path)).stdout
        == (b"a second\nb first\nc second\n")
    )


def test_start_prints_one_word() -> None:
    assert run("graph", "--start", "b", stdin="a b\nb c\n").stdout == b"first\n"
    assert run("graph", "--start", "a", stdin="a b\nb c\n").stdout == b"second\n"


def test_crlf_comments_blank_lines_and_repeats() -> None:
    text = "# a comment line\r\n\r\nx y  \r\ny x\r\nx y # again\r\nz z\r\n"
    assert run("graph", stdin=text).stdout == b"x first\ny first\nz second\n"


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("empty",)),
        ("# only a comment\n\n", ("empty",)),
        ("a b\nb c d\n", ("line 2", "found 3 tokens")),
        ("a b\x00\n", ("line 1", "NUL")),
    ],
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("graph", stdin=text), *fragments)


def test_unknown_start_is_an_error() -> None:
    assert_one_line_error(run("graph", "--start", "q", stdin="a b\n"), "'q'")


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    assert_one_line_error(run("graph", str(tmp_path / "nope.txt")), "nope.txt")


def test_labels_are_kept_byte_exact() -> None:
    text = "é ü\nü 10\n".encode() + b"\xff 10\n"
    result = run("graph", stdin=text)
    assert result.status == 0
    assert [line.split(b" ")[0] for line in result.stdout.splitlines()] == [
        "é".encode(),
        "ü".encode(),
        b"10",
        b"\xff",
    ]


def test_parser_errors_name_the_line() -> None:
    with pytest.raises(InputError, match="line 3"):
        parse_edge_list("a\n\nb c d\n")


@settings(max_examples=150)
@given(graphs(max_vertices=12, bipartite=True))
def test_command_agrees_with_brute_force(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    assume(n > 0)  # an empty edge list is refused, tested above
    lines = [f"v{u} v{w}" for u, w in edges] + [f"v{v}" for v in range(n)]
    edge_list = parse_edge_list("\n".join(lines))
    graph = edge_list.to_graph()
    order = [int(label[1:]) for label in edge_list.labels()]
    expected = brute.geography_losing_starts(adjacency(n, edges))
    from bipartite_game import solve

    got = solve(graph).losing.tolist()
    assert got == [expected[v] for v in order]
    assert isinstance(graph, Graph)


def test_comma_separated_pairs_get_a_warning_not_an_error() -> None:
    result = run("graph", stdin="a,b\nb,c\n")
    assert result.status == 0
    assert result.stdout == b"a,b second\nb,c second\n"  # labels, as the format says
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bipartite-game: warning: every line is one label, such as 'a,b'")
    assert run("graph", stdin="a b\nb,c\n").stderr == ""  # one real edge: no warning
    assert run("graph", stdin="a\nb\n").stderr == ""  # lone labels without commas


def test_the_library_warns_with_its_own_category() -> None:
    with pytest.warns(BipartiteGameWarning, match="no edge"):
        Graph.from_edge_list("1,2\n2,3\n")
