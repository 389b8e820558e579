"""The knights duel against the exhaustive search of its own rules, and its
native kernels and reader against their Python specifications."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, _input, _limits, _native, brute
from bipartite_game.errors import BipartiteGameError, InputError
from bipartite_game.graphs import boards
from bipartite_game.problems import knights
from bipartite_game.theory import duel, duel_bits
from bipartite_game.theory.duel import alice_wins, leaper_duel_alice_wins
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.native import native_library, same_as_python
from tests.support.problems import KnightBoard, knight_boards, knights_brute
from tests.support.strategies import examples


@settings(max_examples=examples(400))
@given(knight_boards())
def test_rule_agrees_with_brute_force_for_every_leaper(board: KnightBoard) -> None:
    rows, r, c, alice, bob = board
    try:
        expected = knights_brute(rows, r, c, alice, bob)
    except brute.BruteForceTooLarge:
        assume(False)
        return
    open_cells = [[ch != "@" for ch in row] for row in rows]
    assert leaper_duel_alice_wins(open_cells, r, c, alice, bob) == expected


@settings(max_examples=examples(200))
@given(knight_boards())
def test_judge_format_agrees_with_brute_force(board: KnightBoard) -> None:
    rows, r, c, alice, bob = board
    try:
        expected = knights_brute(rows, r, c, alice, bob)
    except brute.BruteForceTooLarge:
        assume(False)
        return
    text = f"{len(rows)} {len(rows[0])} {r} {c}\n" + "\n".join(rows) + "\n"
    assert knights.answer(text) == (b"Alice\n" if expected else b"Bob\n")


@settings(max_examples=examples(150))
@given(knight_boards())
def test_graph_version_agrees_with_grid_version(board: KnightBoard) -> None:
    rows, r, c, alice, bob = board
    plain = [row.replace("A", ".").replace("B", ".") for row in rows]
    adjacency, cells = brute.grid_adjacency(plain, brute.leaper_steps(r, c))
    index = {cell: k for k, cell in enumerate(cells)}
    graph = Graph.from_adjacency(adjacency)
    open_cells = [[ch != "@" for ch in row] for row in rows]
    assert alice_wins(graph, index[alice], index[bob]) == leaper_duel_alice_wins(
        open_cells, r, c, alice, bob
    )


@pytest.mark.parametrize("case", golden_cases("knights"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("knights", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


@pytest.mark.parametrize("case", golden_cases("knights"), ids=lambda p: p.stem)
def test_golden_files_agree_with_brute_force(case: Path) -> None:
    duel = knights.parse(case.read_bytes())
    rows = ["".join("." if ok else "@" for ok in row) for row in duel.open]
    expected = knights_brute(rows, duel.r, duel.c, duel.alice, duel.bob)
    assert case.with_suffix(".out").read_bytes() == (b"Alice\n" if expected else b"Bob\n")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("empty",)),
        ("2 2 1\nA.\n.B\n", ("line 1", "'n m r c'")),
        ("0 2 0 0\n", ("line 1", "positive")),
        ("2 2 1 1\nA.\n.\n", ("line 3", "expected a row of 2 squares, found 1")),
        ("2 2 1 1\nA.\n", ("expected 2 rows of 2 squares, found 1",)),
        # the right number of squares in all, but not as rows of m
        ("2 3 1 2\nA..B\n..\n", ("line 2", "expected a row of 3 squares, found 4")),
        ("2 2 1 1\nA.\n.B\n..\n", ("line 4", "expected 2 rows of 2 squares, found 3")),
        ("\u00b2 2 1 1\nA.\n.B\n", ("line 1", "n m r c")),
        ("1%s 1 0 0\nA\n" % ("0" * 5000), ("line 1", "n is too large")),
        ("99999 99999 1 1\nA\n", ("line 1", "more than 2147483647 squares")),
        ("2 2 1 1\nA.\n.x\n", ("line 3", "'x'")),
        ("2 2 1 1\n..\n.B\n", ("exactly one 'A'", "none")),
        ("2 2 1 1\nAB\n.B\n", ("line 3", "exactly one 'B'", "2")),
    ],
)
def test_bad_input_is_one_line_and_status_2(text: str, fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("knights", stdin=text), *fragments)


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        # leaps longer than the board: Alice has no move, Bob wins
        ("2 2 2 2\nA.\n.B\n", b"Bob\n"),
        ("1 3 1 1\nA.B\n", b"Bob\n"),
        ("4 1 1 1\nA\n.\n.\nB\n", b"Bob\n"),
        ("1 2 1000 1000\nAB\n", b"Bob\n"),
        ("1 2 %s 0\nAB\n" % ("9" * 5000), b"Bob\n"),
        # (2, 0) fits as (0, 2) along the rows: Alice shuttles in her own component
        ("2 3 2 0\nA..\n..B\n", b"Alice\n"),
        # one square a line
        ("1 3 0 2\nA\n.\n.\n", None),
    ],
)
def test_leaps_longer_than_the_board(text: str, winner: bytes | None) -> None:
    if winner is None:
        with pytest.raises(ValueError, match="exactly one 'B'"):
            knights.answer(text)
        return
    assert knights.answer(text) == winner
    duel = knights.parse(text)
    rows = ["".join("." if ok else "@" for ok in row) for row in duel.open]
    expected = knights_brute(rows, min(duel.r, 10), min(duel.c, 10), duel.alice, duel.bob)
    assert winner == (b"Alice\n" if expected else b"Bob\n")


def test_tokens_on_one_vertex_are_refused() -> None:
    graph = Graph.from_edges([0], [1])
    with pytest.raises(ValueError, match="share"):
        alice_wins(graph, 0, 0)


# --------------------------------------------------------------------------
# The knights duel's native kernels and reader against their Python
# specifications, and the native command line's lean process.

def _leaper_case(
    height: int, width: int, seed: int, r: int, c: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int]:
    rng = np.random.default_rng(seed)
    mask = rng.random((height, width)) < rng.choice([0.3, 0.6, 0.8, 1.0])
    cells = height * width
    source, target = (int(x) for x in rng.integers(0, cells, 2))
    mask.reshape(-1)[source] = True
    if rng.random() < 0.8:
        mask.reshape(-1)[target] = True
    steps = boards.leaper_steps(r, c)
    dr = np.array([s[0] for s in steps], dtype=np.int64)
    dc = np.array([s[1] for s in steps], dtype=np.int64)
    return mask, np.packbits(mask.reshape(-1), bitorder="little"), dr, dc, source, target


@settings(max_examples=examples(300))
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(0, 2**32 - 1),
    st.integers(0, 14),
    st.integers(0, 14),
    st.sampled_from([1, 2, 3, 5, 1 << 18]),
)
def test_leaper_search_matches_python(
    height: int, width: int, seed: int, r: int, c: int, queue: int
) -> None:
    """Leaps longer than the board, 0 leaps, 1xN boards, walls; the queue
    from one cell (every further cell parked) to the default."""
    _mask, bits, dr, dc, source, target = _leaper_case(height, width, seed, r, c)
    previous, duel.QUEUE_CELLS = duel.QUEUE_CELLS, queue
    try:
        same_as_python(
            duel._leaper_reaches, bits, height, width, dr, dc, source, target
        )
    finally:
        duel.QUEUE_CELLS = previous


@settings(max_examples=examples(100))
@given(st.integers(1, 10), st.integers(1, 10), st.integers(0, 2**32 - 1), st.integers(0, 4))
def test_leaper_search_agrees_with_the_frontier_search(
    height: int, width: int, seed: int, c: int
) -> None:
    """The bitset search answers as numpy's frontier search, the fallback."""
    mask, bits, dr, dc, source, target = _leaper_case(height, width, seed, 1, c)
    assume(mask.reshape(-1)[target] and source != target)
    steps = boards.leaper_steps(1, c)
    spots = (divmod(source, width), divmod(target, width))
    assert duel._leaper_reaches(bits, height, width, dr, dc, source, target) == (
        duel._grid_reaches(mask, steps, *spots)
    )


def test_the_limits_agree() -> None:
    # the queue has one home (duel_bits), the leap cap two (_limits is numpy-free)
    assert duel.QUEUE_CELLS == duel_bits.QUEUE_CELLS
    assert _limits.LEAP_CAP == boards.LEAP_CAP


@settings(max_examples=examples(150))
@given(st.integers(1, 30), st.integers(0, 60), st.integers(0, 2**32 - 1))
def test_graph_search_matches_python(n: int, edges: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    pairs = rng.integers(0, n, (edges, 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    graph = Graph.from_edges(pairs[:, 0], pairs[:, 1], num_vertices=n)
    source, target = (int(x) for x in rng.integers(0, n, 2))
    same_as_python(
        duel._csr_reaches, graph.indptr, graph.indices, source, target
    )


def _outcome(text: bytes) -> tuple[object, ...]:
    try:
        return ("answer", knights.answer(text), knights.answer(text, format="json"))
    except InputError as error:
        return ("error", str(error), error.line)


def _without_library(text: bytes) -> tuple[object, ...]:
    previous = _native.set_native_mode("never")
    try:
        return _outcome(text)
    finally:
        _native.set_native_mode(previous)


@st.composite
def knight_texts(draw: st.DrawFn) -> bytes:
    """Boards as the judge writes them and as it never would: spaces, CR,
    blank lines, one square a line, rows too many or too few, unknown
    bytes, tokens missing or repeated."""
    n = draw(st.integers(1, 5))
    m = draw(st.integers(1, 5))
    r = draw(st.sampled_from(["0", "1", "2", "3", "7", "1000", "9" * 30]))
    c = draw(st.sampled_from(["0", "1", "2", "5"]))
    squares = draw(st.lists(st.sampled_from(".....@@AB"), min_size=n * m, max_size=n * m))
    if draw(st.booleans()):  # usually exactly one of each token
        squares = [s if s not in "AB" else "." for s in squares]
        places = draw(st.lists(st.integers(0, n * m - 1), max_size=2, unique=True))
        for place, token in zip(places, "AB", strict=False):
            squares[place] = token
    flaw = draw(st.sampled_from(["none", "none", "none", "short", "long", "unknown"]))
    if flaw == "short":
        squares = squares[: draw(st.integers(0, n * m - 1))]
    elif flaw == "long":
        squares += draw(st.lists(st.sampled_from(".@AB"), min_size=1, max_size=3))
    elif flaw == "unknown":
        squares[draw(st.integers(0, n * m - 1))] = draw(st.sampled_from(["x", "\u00e9", "#"]))
    one_a_line = draw(st.booleans())
    width = 1 if one_a_line else m
    rows = ["".join(squares[k : k + width]) for k in range(0, len(squares), width)]
    space = draw(st.sampled_from(["", " ", "\t", "\r", " \f\v"]))
    lines = [space.join(row) + draw(st.sampled_from(["", "\r", " "])) for row in rows]
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(["", "  ", "\r"])))
    lead = draw(st.sampled_from(["", "\n", " \n\n"]))
    end = draw(st.sampled_from(["\n", "", "\n\n"]))
    return (f"{lead}{n} {m} {r} {c}\n" + "\n".join(lines) + end).encode()


@settings(max_examples=examples(400))
@given(knight_texts())
def test_native_reader_answers_as_the_python_one(text: bytes) -> None:
    native_library()
    got = _outcome(text)
    assert got == _without_library(text), text
    if got[0] == "answer":  # the bitset itself, and the tokens
        lib = native_library()
        bits = knights._read_bits(lib, text)
        parsed = knights.parse(text)
        assert bytes(bits.bits) == np.packbits(parsed.open.reshape(-1), bitorder="little").tobytes()
        assert divmod(bits.alice, bits.m) == parsed.alice
        assert divmod(bits.bob, bits.m) == parsed.bob


@settings(max_examples=examples(150))
@given(knight_boards())
def test_answers_without_the_library_agree_with_brute_force(board: KnightBoard) -> None:
    """The fallback (no native library) against the rules; the native path
    is what tests/problems/test_knights.py runs."""
    rows, r, c, alice, bob = board
    try:
        expected = knights_brute(rows, r, c, alice, bob)
    except brute.BruteForceTooLarge:
        assume(False)
        return
    text = f"{len(rows)} {len(rows[0])} {r} {c}\n" + "\n".join(rows) + "\n"
    assert _without_library(text.encode())[1] == (b"Alice\n" if expected else b"Bob\n")


def test_a_short_text_under_a_large_header_allocates_no_board() -> None:
    """The message of the Python reader, without a bitset for 9 million
    squares that the text cannot hold."""
    import tracemalloc

    text = b"3000 3000 1 2\nA.\n.B\n"
    lib = native_library()
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as caught:
            knights._read_bits(lib, text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100_000
    assert ("error", str(caught.value), caught.value.line) == _without_library(text)


def test_a_long_search_parks_cells_and_leaves_the_board_as_it_was() -> None:
    """A 300x300 open board with a queue of 7 cells: almost every cell is
    parked at some point; the answer is the Python one, the bitset intact."""
    lib = native_library()
    mask = np.ones((300, 300), dtype=np.bool_)
    mask[150, :299] = False  # a wall with one gap at the right edge
    bits = np.packbits(mask.reshape(-1), bitorder="little")
    dr = np.array([-1, 0, 0, 1], dtype=np.int64)
    dc = np.array([0, -1, 1, 0], dtype=np.int64)
    native = duel._leaper_reaches.native
    assert native is not None
    previous, duel.QUEUE_CELLS = duel.QUEUE_CELLS, 7
    try:
        for target in (299 * 300 + 5, 150 * 300 + 10):  # beyond the wall; a wall square
            kept = bits.copy()
            got = native(lib, bits, 300, 300, dr, dc, 0, target)
            assert got == duel._leaper_reaches.py_func(bits, 300, 300, dr, dc, 0, target)
            assert np.array_equal(bits, kept)
    finally:
        duel.QUEUE_CELLS = previous


def test_buffers_without_numpy_are_checked_before_c() -> None:
    lib = native_library()
    reaches = lib.function("bg_leaper_reaches", "BqqllqqqBiq")
    steps = array("q", [0, 0]), array("q", [1, -1])
    good = (bytearray(b"\x1f"), 1, 5, *steps, 2, 0, 4, bytearray(1), array("i", [0]), 1)
    assert reaches(*good) == 1
    board = lib.function("bg_knights_board", "BqqqqqqBl")
    info = array("q", bytes(8 * 16))
    bits = bytearray(1)
    assert board(b"1 3 0 1\nA.B\n", 8, 12, 1, 1, 3, 3, bits, info) == 3  # bytes: read by address
    assert bits == bytearray(b"\x07") and info[9:11] == array("q", [1, 0])
    wrong_items = (good[0], 1, 5, array("i", [0, 0]), steps[1], *good[5:])
    with pytest.raises(TypeError, match="int64"):
        reaches(*wrong_items)
    with pytest.raises(TypeError, match="read-only buffer must be bytes"):
        reaches(memoryview(b"\x1f"), *good[1:])
    with pytest.raises(TypeError, match="contiguous"):
        reaches(memoryview(bytearray(4))[::2], *good[1:])
    with pytest.raises(TypeError, match="uint8"):
        reaches("not a buffer", *good[1:])


def test_a_leaper_search_refuses_arrays_out_of_step() -> None:
    lib = native_library()
    bits = np.zeros(1, dtype=np.uint8)
    steps = np.zeros(2, dtype=np.int64)
    native = duel._leaper_reaches.native
    assert native is not None
    with pytest.raises(BipartiteGameError, match="out of step"):
        native(lib, bits, 3, 3, steps, steps, 0, 1)  # 9 cells, 8 bits


def test_a_regular_file_is_read_once_with_the_same_checks(tmp_path: Path) -> None:
    """Past the first chunk: a NUL names its line, and a header's bound
    refuses a longer file before reading it."""
    body = b"1 2 0 1\nAB\n" + b"\n" * (1 << 20) + b"x\0"
    path = tmp_path / "nul.txt"
    path.write_bytes(body)
    with pytest.raises(InputError, match="NUL byte") as caught:
        _input.read_input(str(path), knights.size_limit)
    assert caught.value.line == body.count(b"\n") + 1
    path.write_bytes(b"1 2 0 1\nAB\n" + b" " * (2 << 20))
    with pytest.raises(BipartiteGameError, match="more input than its header allows"):
        _input.read_input(str(path), knights.size_limit)
    path.write_bytes(b"1 2 0 1\nAB\n")
    assert _input.read_input(str(path), knights.size_limit) == b"1 2 0 1\nAB\n"


def test_a_stream_is_read_in_chunks_with_the_same_checks() -> None:
    """A stream of unknown size (a pipe; here a BytesIO, which has no file
    descriptor): the text whole, a NUL past the first chunk on its line."""
    body = b"1000 1000 0 1\nAB\n" + b"\n" * (3 << 20)
    cap = 1 << 30
    assert _input._read_stream(io.BytesIO(body), "in", knights.size_limit, cap) == body
    with pytest.raises(InputError, match="NUL byte") as caught:
        _input._read_stream(io.BytesIO(body + b"x\0"), "in", knights.size_limit, cap)
    assert caught.value.line == body.count(b"\n") + 1


def test_a_large_board_does_not_need_numpy(tmp_path: Path) -> None:
    """A fresh ``knights`` on a 3000x3000 board with the native library:
    the answer, and numpy not imported (its import costs more than the
    whole answer)."""
    native_library()
    rng = np.random.default_rng(5)
    board = np.where(rng.random((3000, 3000)) < 0.3, ord("@"), ord(".")).astype(np.uint8)
    board[0, 0], board[2999, 2998] = ord("A"), ord("B")
    lines = np.hstack([board, np.full((3000, 1), ord("\n"), dtype=np.uint8)])
    path = tmp_path / "big.txt"
    path.write_bytes(b"3000 3000 1 2\n" + lines.tobytes())
    probe = (
        "import sys\n"
        "from bipartite_game import cli\n"
        f"status = cli.main(['knights', {str(path)!r}])\n"
        "sys.stdout.flush()\n"
        "print(status, 'numpy' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, timeout=120, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    winner, report = done.stdout.decode().splitlines()
    assert report == "0 False"
    expected = knights.answer(path.read_bytes()).decode().strip()
    assert winner == expected
