"""The native edge-list reader, CSR build and graph kernels against their
Python specifications (``native/edgelist.c``, ``native/graph.c``).

The kernels of graph.py are compared by :func:`tests.support.native.same_as_python`
on random and degenerate graphs; the reader is compared with the Python
reader (``edgelist._parse_python``, what runs without the library) on
Hypothesis-made texts, hostile ones included: both must give the same
labels, edges and warning, or the same one error with the same line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import _native
from bipartite_game.errors import BipartiteGameError, BipartiteGameWarning, InputError
from bipartite_game.graphs import csr, edgelist
from bipartite_game.graphs.graph import Graph
from tests.support.native import native_library, same_as_python

# ------------------------------------------------------------------ graphs


@st.composite
def _edge_arrays(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray]:
    """Random endpoint arrays (repeats, both directions and loops included),
    or a degenerate shape: no edges, a star, a path, a complete graph."""
    n = draw(st.integers(1, 40))
    shape = draw(st.sampled_from(["random", "random", "random", "none", "star", "path", "full"]))
    if shape == "random":
        m = draw(st.integers(0, 3 * n))
        ends = draw(st.lists(st.integers(0, n - 1), min_size=2 * m, max_size=2 * m))
        u, v = ends[:m], ends[m:]
    elif shape == "none":
        u, v = [], []
    elif shape == "star":
        u, v = [0] * (n - 1), list(range(1, n))
    elif shape == "path":
        u, v = list(range(n - 1)), list(range(1, n))
    else:
        pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
        u, v = [a for a, _ in pairs], [b for _, b in pairs]
    return n, np.array(u, dtype=np.int64), np.array(v, dtype=np.int64)


def _python_csr(u: np.ndarray, v: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    previous = _native.set_native_mode("never")
    try:
        return csr.symmetric_csr(u, v, n)
    finally:
        _native.set_native_mode(previous)


@given(_edge_arrays(), st.booleans())
def test_the_csr_is_built_as_numpy_builds_it(case: Any, narrow: bool) -> None:
    native_library()
    n, u, v = case
    expected = _python_csr(u, v, n)
    ends = (u.astype(np.int32), v.astype(np.int32)) if narrow else (u, v)
    indptr, indices = csr.symmetric_csr(ends[0], ends[1], n)
    assert indptr.dtype == expected[0].dtype and np.array_equal(indptr, expected[0])
    assert indices.dtype == expected[1].dtype and np.array_equal(indices, expected[1])
    if narrow:  # the reader's trusted path: the same graph as the checked one
        built = Graph._from_ids(ends[0], ends[1], n)
        checked = Graph.from_edges(u, v, n)
        assert np.array_equal(built.indptr, checked.indptr)
        assert np.array_equal(built.indices, checked.indices)


@given(_edge_arrays(), st.integers(0, 2**32 - 1))
def test_the_graph_kernels_match_python(case: Any, seed: int) -> None:
    n, u, v = case
    g = Graph.from_edges(u, v, n)
    _side, parent, a, b = same_as_python(csr.two_colour, g.indptr, g.indices)
    if a >= 0:
        cycle = same_as_python(csr.tree_cycle, parent, a, b)
        assert cycle.size % 2 == 1
    rng = np.random.default_rng(seed)
    source = int(rng.integers(n))
    limit = int(rng.integers(0, n + 2))
    same_as_python(csr.component, g.indptr, g.indices, source, limit)
    same_as_python(csr.component, g.indptr, g.indices, source, n)
    kept = np.flatnonzero(rng.random(n) < rng.random()).astype(np.int32)
    same_as_python(csr.induced, g.indptr, g.indices, kept)


def test_a_large_level_is_swept_in_order_as_python_does() -> None:
    """A graph whose breadth-first levels are large (the sweep branch of
    ``csr.component``): a long cycle of cliques."""
    n = 4000
    u = np.arange(n)
    v = (u + 1) % n
    w = (u + 7) % n
    g = Graph.from_edges(np.concatenate([u, u]), np.concatenate([v, w]), n)
    same_as_python(csr.component, g.indptr, g.indices, 5, n)
    same_as_python(csr.two_colour, g.indptr, g.indices)


# ------------------------------------------------------------------ reader


def _outcome(text: bytes, mode: str) -> tuple[Any, ...]:
    """What ``parse_edge_list`` makes of ``text`` with the library in
    ``mode``: the labels, edges and whether it warned, or the error."""
    previous = _native.set_native_mode(mode)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                parsed = edgelist.parse_edge_list(text)
            except InputError as error:
                return ("error", str(error), error.line)
        warned = [str(w.message) for w in caught if issubclass(w.category, BipartiteGameWarning)]
        assert parsed.u.dtype == np.int64 and parsed.v.dtype == np.int64
        return ("ok", parsed.tokens, parsed.u.tolist(), parsed.v.tolist(), warned)
    finally:
        _native.set_native_mode(previous)


def _same_reading(text: bytes) -> tuple[Any, ...]:
    native_library()
    native = _outcome(text, "auto")
    python = _outcome(text, "never")
    assert native == python
    return native


_SPACE = st.sampled_from([" ", " ", "  ", "\t", "\x0b", "\x0c", "\r", " \t "])
_TOKEN = st.one_of(
    st.integers(0, 60).map(str),  # small numbers: the table indexed by value
    st.integers(0, 10**19).map(str),  # large ones, past 18 digits too: hashed
    st.sampled_from(["0", "00", "01", "-1", "+2", "1e3", "٣", "1_0", "a,b", "1,2", "999999999"]),
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=6),
)
_LINE_END = st.sampled_from(["\n", "\n", "\r\n", " # a comment\n", "#\n", "\t\n"])


@st.composite
def _edge_list_texts(draw: st.DrawFn) -> bytes:
    """Lines of 0 to 3 tokens (3 is an error) with any white space, comments,
    CRLF and unicode; sometimes truncated anywhere (the last line unended)."""
    lines = draw(st.lists(st.lists(_TOKEN, min_size=0, max_size=3), max_size=12))
    parts = []
    for tokens in lines:
        lead = draw(st.sampled_from(["", "", " ", "\t"]))
        line = lead + draw(_SPACE).join(tokens) + draw(_LINE_END)
        parts.append(line)
    text = "".join(parts).encode("utf-8")
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@given(_edge_list_texts())
def test_the_reader_reads_edge_lists_as_python_does(text: bytes) -> None:
    _same_reading(text)


@given(st.binary(max_size=200))
def test_the_reader_reads_any_bytes_as_python_does(text: bytes) -> None:
    _same_reading(text)


@given(
    st.lists(
        st.tuples(st.integers(0, 300), st.integers(0, 300), st.booleans()),
        min_size=1,
        max_size=60,
    )
)
def test_numbered_edge_lists_read_the_same_and_answer_the_same(
    rows: list[tuple[int, int, bool]],
) -> None:
    """Plain numbers (the table path), then the verdict lines natively and
    in Python."""
    text = "".join(f"{a} {b}\n" if pair else f"{a}\n" for a, b, pair in rows).encode()
    outcome = _same_reading(text)
    assert outcome[0] == "ok"
    parsed = edgelist.parse_edge_list(text)
    wins = np.random.default_rng(len(text)).random(parsed.num_vertices) < 0.5
    native = parsed.verdict_lines(wins)
    previous = _native.set_native_mode("never")
    try:
        python = parsed.verdict_lines(wins)
    finally:
        _native.set_native_mode(previous)
    assert native == python
    assert native.count(b"\n") == parsed.num_vertices


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"\n\n  \t\r\n",
        b"# only a comment",
        b"a b c",
        b"1 2\n3 4 5 6\n7 8 9\n",
        b"x\n" * 5 + b"1 2 # three? no: 3 is a comment\n4 5 6 #\n",
        b"1,2\n" * 1500,
        b"1,2\n" * 999 + b"3\n",
        b"1,2\n" * 1000 + b"3\n",
        b"a\x00b\n",
        b"\xff\xfe b\n\x80 \xff\xfe\n",
        b"999999999999999999 1\n1 999999999999999999\n",
        b"1000000000000000000 1\n",
        b"-0 0\n0 -0\n",
        b"7 7\n",
        b"5 5\r\n5\r\n6 5\r",
    ],
)
def test_degenerate_and_hostile_texts_read_the_same(text: bytes) -> None:
    _same_reading(text)


def test_the_command_answers_the_same_without_the_library(tmp_path: Any) -> None:
    """The whole ``graph`` command, native and not, on labels of both kinds."""
    native_library()
    rng = np.random.default_rng(7)
    pairs = rng.integers(0, 400, size=(900, 2))
    numbered = "".join(f"{a} {b}\n" for a, b in pairs.tolist())
    named = "".join(f"v{a} w{b}\n" for a, b in pairs.tolist())
    for text in (numbered, named):
        path = tmp_path / "edges.txt"
        path.write_text(text)
        answers = []
        for mode in ("required", "never"):
            env = dict(os.environ, BIPARTITE_GAME_NATIVE=mode)
            done = subprocess.run(
                [sys.executable, "-m", "bipartite_game", "graph", str(path)],
                capture_output=True,
                env=env,
                timeout=120,
                check=True,
            )
            answers.append(done.stdout)
        assert answers[0] == answers[1]
        assert answers[0].count(b"\n") == len(set(text.split()))


@pytest.mark.parametrize("mode", ["auto", "never"])
def test_the_graph_built_from_the_list_can_let_its_edges_go(mode: str) -> None:
    previous = _native.set_native_mode(mode)
    try:
        parsed = edgelist.parse_edge_list(b"a b\nb c\nc a\nd\nb a\n")
        checked = Graph.from_edges(parsed.u, parsed.v, parsed.num_vertices, parsed.labels())
        built = Graph.from_edge_list(parsed, labelled=False)
        parsed.release_ends()
    finally:
        _native.set_native_mode(previous)
    assert np.array_equal(built.indptr, checked.indptr)
    assert np.array_equal(built.indices, checked.indices)
    assert built.labels is None and checked.labels == ("a", "b", "c", "d")
    assert parsed.u.size == 0 and parsed.v.size == 0
    assert parsed.tokens == [b"a", b"b", b"c", b"d"]


@pytest.mark.filterwarnings("ignore::bipartite_game.errors.BipartiteGameWarning")
@given(_edge_list_texts(), st.binary(max_size=6))
def test_a_label_is_found_as_the_token_list_finds_it(text: bytes, other: bytes) -> None:
    native_library()
    try:
        parsed = edgelist.parse_edge_list(text)
    except InputError:
        return
    tokens = parsed.tokens
    for label in [*tokens[:5], other, b""]:
        expected = tokens.index(label) if label in tokens else None
        assert parsed.index(label) == expected


@pytest.mark.parametrize("mode", ["required", "never"])
@pytest.mark.parametrize("count", [0, 1, 3, 5000])
def test_verdicts_of_the_wrong_length_are_refused(mode: str, count: int) -> None:
    """One verdict per vertex, or an error: never a read past the labels
    (the native writer sizes its output from them) nor a partial answer."""
    if mode == "required":
        native_library()
    previous = _native.set_native_mode(mode)
    try:
        edges = edgelist.parse_edge_list(b"a b\n")
        with pytest.raises(BipartiteGameError, match="one verdict per vertex"):
            edges.verdict_lines(np.ones(count, dtype=np.bool_))
        assert edges.verdict_lines(np.array([True, False])) == b"a first\nb second\n"
    finally:
        _native.set_native_mode(previous)


@pytest.mark.parametrize("text", [b"1 2 3", b"1 2\n3 4\n5 6 7", b"1 2\n3 4 5\n"])
def test_a_crowded_line_of_new_numbers_is_one_error(text: bytes) -> None:
    """The case that once wrote one slot past the label arrays (the third
    token's slot is taken before the line is seen to be crowded): the same
    error as the Python reader, from arrays sized for it."""
    native_library()
    with pytest.raises(InputError) as native_error:
        edgelist.parse_edge_list(text)
    previous = _native.set_native_mode("never")
    try:
        with pytest.raises(InputError) as python_error:
            edgelist.parse_edge_list(text)
    finally:
        _native.set_native_mode(previous)
    assert str(native_error.value) == str(python_error.value)
