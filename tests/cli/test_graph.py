"""``bipartite-game graph`` through the real command line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, brute
from bipartite_game.errors import BipartiteGameWarning, InputError
from bipartite_game.graphs import edgelist
from bipartite_game.graphs.edgelist import EdgeList, parse_edge_list
from tests.support.cli import assert_one_line_error, golden_cases, golden_game, run
from tests.support.strategies import adjacency, examples, graphs, tiered


def _golden_options(stem: str) -> list[str]:
    """The command-line options of a golden file's game (:func:`golden_game`)."""
    rule, directed = golden_game(stem)
    return ["--rule", rule] + (["--directed"] if directed else [])


@pytest.mark.parametrize("case", tiered(golden_cases("graph")), ids=lambda p: p.stem)
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


@settings(max_examples=examples(150))
@given(graphs(max_vertices=12, bipartite=True))
def test_command_agrees_with_brute_force(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    assume(n > 0)  # an empty edge list is refused, tested above
    lines = [f"v{u} v{w}" for u, w in edges] + [f"v{v}" for v in range(n)]
    edge_list = parse_edge_list("\n".join(lines))
    graph = Graph.from_edge_list(edge_list)
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


_NUMBERS = st.integers(0, 10**19).map(str)
_NOT_PLAIN = st.sampled_from(["0", "00", "01", "007", "-1", "+2", "1e3", "a", "٣", "1_0"])


def _edge_list_text(lines: list[list[str]]) -> str:
    return "".join(" ".join(line) + "\n" for line in lines)


def _parse_both(text: str) -> tuple[EdgeList, EdgeList]:
    """The edge list read as it is, and read with labels always numbered by
    the dict (the path every label takes when they are not all numbers)."""
    fast = parse_edge_list(text)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(edgelist, "_number_decimal_tokens", lambda *args: None)
        slow = parse_edge_list(text)
    return fast, slow


@given(
    st.lists(
        st.lists(st.one_of(_NUMBERS, _NUMBERS, _NOT_PLAIN), min_size=1, max_size=2),
        min_size=1,
        max_size=30,
    )
)
def test_numbered_labels_are_numbered_as_the_dict_numbers_them(lines: list[list[str]]) -> None:
    fast, slow = _parse_both(_edge_list_text(lines))
    assert fast.tokens == slow.tokens
    assert fast.u.tolist() == slow.u.tolist() and fast.v.tolist() == slow.v.tolist()


@given(
    st.lists(
        st.lists(st.integers(0, 10**18 - 1).map(str), min_size=1, max_size=2),
        min_size=1,
        max_size=30,
    )
)
def test_plain_numbers_take_the_sorting_path(lines: list[list[str]]) -> None:
    text = _edge_list_text(lines).encode()
    raw = np.frombuffer(text, dtype=np.uint8)
    is_token = ~edgelist._WHITESPACE[raw]
    starts = is_token.copy()
    starts[1:] &= ~is_token[:-1]
    numbered = edgelist._number_decimal_tokens(raw, is_token, starts, text.split())
    assert numbered is not None
    unique = list(dict.fromkeys(text.split()))
    assert numbered[0] == unique
    assert [unique[i] for i in numbered[1].tolist()] == text.split()


def test_a_leading_zero_or_a_sign_keeps_the_dict_path() -> None:
    for text in (b"1 01\n", b"-1 1\n", b"1234567890123456789 1\n", b"1 x\n"):
        raw = np.frombuffer(text, dtype=np.uint8)
        is_token = ~edgelist._WHITESPACE[raw]
        starts = is_token.copy()
        starts[1:] &= ~is_token[:-1]
        assert edgelist._number_decimal_tokens(raw, is_token, starts, text.split()) is None
