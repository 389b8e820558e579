"""The bipartite core's native kernels against their Python specification,
and the maze's whole process with and without the library.

Every kernel of matching.py, game.py and the maze's writers that has a C
version is run both ways on the same random arguments by
:func:`tests.support.native.same_as_python` (results and in-place arguments equal).  The graphs
include the degenerate ones: no vertex, no edge, isolated vertices, stars,
paths, complete bipartite graphs, and general graphs where a kernel takes
any graph (Karp–Sipser, the mate check, the outside neighbours).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.graphs import board_csr, boards, matching, mates
from bipartite_game.graphs.graph import Graph
from bipartite_game.problems import _json
from bipartite_game.problems import maze as maze_front
from bipartite_game.theory import bipartite, game
from tests.support.native import native_library, plain_search, same_as_python

Seed = st.integers(0, 2**32 - 1)
SHAPES = ("random", "empty", "no edge", "isolated", "star", "path", "complete", "general")


def _graph(shape: str, n: int, rng: np.random.Generator) -> Graph:
    """A graph of ``n`` vertices (about) of the given shape; every shape
    but ``general`` is bipartite."""
    if shape == "empty":
        return Graph.from_edges([], [], num_vertices=0)
    if shape == "no edge":
        return Graph.from_edges([], [], num_vertices=n)
    if shape == "star":
        return Graph.from_edges([0] * (n - 1), list(range(1, n)), num_vertices=n)
    if shape == "path":
        return Graph.from_edges(list(range(n - 1)), list(range(1, n)), num_vertices=n)
    if shape == "complete":
        a = int(rng.integers(0, n + 1))
        src = [u for u in range(a) for _ in range(a, n)]
        dst = [v for _ in range(a) for v in range(a, n)]
        return Graph.from_edges(src, dst, num_vertices=n)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    if shape != "general":
        colour = rng.integers(0, 2, n)
        pairs = [(u, v) for u, v in pairs if colour[u] != colour[v]]
    if shape == "isolated":  # a random graph on half the vertices, the rest alone
        pairs = [(u, v) for u, v in pairs if u < n // 2 and v < n // 2]
    keep = rng.random(len(pairs)) < rng.random()
    src = [u for (u, _), k in zip(pairs, keep, strict=True) if k]
    dst = [v for (_, v), k in zip(pairs, keep, strict=True) if k]
    return Graph.from_edges(src, dst, num_vertices=n)


def _random_matching(graph: Graph, rng: np.random.Generator) -> npt.NDArray[np.int32]:
    """A valid (not maximum) matching: a greedy pass over shuffled edges."""
    n = graph.num_vertices
    mate = np.full(n, -1, dtype=np.int32)
    src, dst = graph.edges()
    for k in rng.permutation(src.size):
        u, v = int(src[k]), int(dst[k])
        if mate[u] < 0 and mate[v] < 0 and rng.random() < 0.5:
            mate[u], mate[v] = v, u
    return mate


@st.composite
def seeded_graphs(
    draw: st.DrawFn, bipartite: bool = True
) -> tuple[Graph, np.random.Generator, int]:
    """A graph, a generator for the rest of the example, and its seed."""
    shapes = SHAPES if not bipartite else SHAPES[:-1]
    shape = draw(st.sampled_from(shapes))
    n = draw(st.integers(1, 14))
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    return _graph(shape, n, rng), rng, seed


@st.composite
def leaper_boards(draw: st.DrawFn) -> tuple[Graph, np.random.Generator, int]:
    """A leaper maze's graph up to 30x30 (where push-relabel's pushes,
    relabels and long walks happen; :func:`seeded_graphs` stops at 14 vertices), a
    generator and its seed."""
    rows, cols = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    walls = draw(st.floats(0.0, 0.4))
    moves = draw(st.sampled_from(["knight", "5,7", "1,3", "rook"]))
    seed = draw(Seed)
    rng = np.random.default_rng(seed)
    return boards.grid_board(rng.random((rows, cols)) >= walls, moves).graph, rng, seed


def _indptr(graph: Graph, seed: int) -> npt.NDArray[np.int64] | npt.NDArray[np.int32]:
    """The offsets as a Graph has them (int64), or on a third of the
    examples as int32, as a board builder writes them."""
    return graph.indptr.astype(np.int32) if seed % 3 == 1 else graph.indptr


def _side(graph: Graph) -> npt.NDArray[np.int8]:
    side = graph.two_colouring().side
    assert side is not None
    return side


@given(seeded_graphs(bipartite=False), st.integers(0, 3))
def test_first_bad_mate(drawn: tuple[Graph, np.random.Generator, int], damage: int) -> None:
    graph, rng, seed = drawn
    mate = _random_matching(graph, rng)
    n = graph.num_vertices
    for _ in range(damage if n else 0):  # any integers: the first bad one is named
        mate[int(rng.integers(0, n))] = int(rng.integers(-3, n + 2))
    same_as_python(
        mates.first_bad_mate, _indptr(graph, seed), graph.indices, mate
    )


@given(seeded_graphs(bipartite=False))
def test_retire(drawn: tuple[Graph, np.random.Generator, int]) -> None:
    graph, rng, seed = drawn
    n = graph.num_vertices
    if n == 0:
        return  # no vertex to retire
    mate = _random_matching(graph, rng)
    free = [int(np.count_nonzero(mate[graph.neighbor_ids(v)] < 0)) for v in range(n)]
    free_degree = np.array(free, dtype=np.int32)
    top = int(rng.integers(0, 2))
    stack = rng.integers(-1, n, n + 2).astype(np.int32)
    x = int(rng.integers(0, n))
    same_as_python(
        matching._retire, _indptr(graph, seed), graph.indices, mate, free_degree, stack, top, x,
    )  # fmt: skip


@given(seeded_graphs(bipartite=False), st.booleans())
def test_karp_sipser(drawn: tuple[Graph, np.random.Generator, int], from_empty: bool) -> None:
    graph, rng, seed = drawn
    mate = np.full(graph.num_vertices, -1, np.int32) if from_empty else _random_matching(graph, rng)
    same_as_python(
        matching.karp_sipser, _indptr(graph, seed), graph.indices, mate
    )


@given(seeded_graphs(), st.booleans())
def test_augment_bipartite(drawn: tuple[Graph, np.random.Generator, int], greedy: bool) -> None:
    graph, rng, seed = drawn
    mate = _random_matching(graph, rng)
    if greedy:
        matching.karp_sipser(graph.indptr, graph.indices, mate)
    state = np.zeros(graph.num_vertices, dtype=np.int8)
    same_as_python(
        matching.augment_bipartite, _indptr(graph, seed), graph.indices, _side(graph), mate, state,
    )  # fmt: skip


#: RELABEL_EVERY for the push-relabel tests: after every push, often, as
#: shipped, rarely, never (the pushes' own relabelling alone).
RELABELLINGS = (0.0, 0.03, matching.RELABEL_EVERY, 1.0, 1e12)


@given(
    seeded_graphs() | leaper_boards(), st.booleans(), st.booleans(), st.sampled_from(RELABELLINGS)
)
def test_augment_push_relabel(
    drawn: tuple[Graph, np.random.Generator, int],
    greedy: bool,
    plain_first: bool,
    relabel_every: float,
) -> None:
    """Push-relabel (C and Python alike) from a random matching, or from
    where the plain search left it (maximum then, with its dead trees)."""
    graph, rng, seed = drawn
    mate = _random_matching(graph, rng)
    if greedy:
        matching.karp_sipser(graph.indptr, graph.indices, mate)
    state = np.zeros(graph.num_vertices, dtype=np.int8)
    if plain_first:
        with plain_search():
            matching.augment_bipartite(graph.indptr, graph.indices, _side(graph), mate, state)
    previous = matching.RELABEL_EVERY
    matching.RELABEL_EVERY = relabel_every
    try:
        same_as_python(
            matching._augment_push_relabel, _indptr(graph, seed), graph.indices, _side(graph),
            mate, state,
        )  # fmt: skip
    finally:
        matching.RELABEL_EVERY = previous


@given(seeded_graphs() | leaper_boards(), st.booleans(), st.sampled_from(RELABELLINGS))
def test_push_relabel_finds_what_the_plain_search_finds(
    drawn: tuple[Graph, np.random.Generator, int], greedy: bool, relabel_every: float
) -> None:
    """Plain search alone, or push-relabel alone, or the plain search handing
    over after its first success (any visit is more than no share of side
    0), with global relabellings from after every push to never: a maximum
    matching of the same size and the same dead set (the
    Dulmage–Mendelsohn D on side 0 does not depend on the matching)."""
    graph, rng, _ = drawn
    start = _random_matching(graph, rng)
    if greedy:
        matching.karp_sipser(graph.indptr, graph.indices, start)
    side = _side(graph)
    results = []
    previous = (matching.HAND_OVER_AFTER, matching.RELABEL_EVERY)
    try:
        matching.RELABEL_EVERY = relabel_every
        for way in ("plain", "push-relabel", "hand over"):
            mate, state = start.copy(), np.zeros(graph.num_vertices, dtype=np.int8)
            if way == "push-relabel":
                gained = matching._augment_push_relabel(
                    graph.indptr, graph.indices, side, mate, state
                )
            else:
                matching.HAND_OVER_AFTER = 1.0 if way == "plain" else 0.0
                gained = matching.augment_bipartite(graph.indptr, graph.indices, side, mate, state)
            mates.validate_matching(graph, mate)
            assert mates.matching_size(mate) == mates.matching_size(start) + gained
            results.append((mates.matching_size(mate), (state == matching.DEAD).tolist()))
    finally:
        matching.HAND_OVER_AFTER, matching.RELABEL_EVERY = previous
    assert results[0] == results[1] == results[2]


@given(seeded_graphs(), st.booleans())
def test_the_searched_side_changes_the_work_not_the_answer(
    drawn: tuple[Graph, np.random.Generator, int], greedy: bool
) -> None:
    """The bipartite core from either name of the sides: a maximum matching
    of the same size and the same losing set; searched_side picks the side
    with fewer free vertices."""
    graph, rng, _ = drawn
    start = _random_matching(graph, rng)
    if greedy:
        matching.karp_sipser(graph.indptr, graph.indices, start)
    side = _side(graph)
    picked = matching.searched_side(side, start)
    free = start < 0
    on_side = [int(np.count_nonzero(free & (picked == k))) for k in (0, 1)]
    assert on_side[0] <= on_side[1]
    assert picked.tolist() in (side.tolist(), (1 - side).tolist())
    results = []
    for named in (side, np.subtract(1, side, dtype=np.int8)):
        mate, state = start.copy(), np.zeros(graph.num_vertices, dtype=np.int8)
        matching.augment_bipartite(graph.indptr, graph.indices, named, mate, state)
        losing = state == matching.DEAD
        bipartite.even_closure(graph.indptr, graph.indices, mate, losing, (mate < 0) & (named == 1))
        mates.validate_matching(graph, mate)
        results.append((mates.matching_size(mate), losing.tolist()))
    assert results[0] == results[1]
    assert results[0][1] == game.solve(graph).losing.tolist()


def _bools(rng: np.random.Generator, n: int) -> npt.NDArray[np.bool_]:
    return rng.random(n) < rng.random()


@given(seeded_graphs(), st.booleans())
def test_even_closure(drawn: tuple[Graph, np.random.Generator, int], solved: bool) -> None:
    graph, rng, seed = drawn
    n = graph.num_vertices
    if solved:  # as solve() calls it: D on side 0 known, side 1's free vertices as seeds
        mate, losing = matching.bipartite_matching(graph, _side(graph))
        seeds = (mate < 0) & (_side(graph) == 1)
    else:
        mate, losing, seeds = _random_matching(graph, rng), _bools(rng, n), _bools(rng, n)
    same_as_python(
        bipartite.even_closure,
        _indptr(graph, seed),
        graph.indices,
        mate,
        losing,
        seeds,
    )


@given(seeded_graphs(bipartite=False))
def test_outside_neighbours(drawn: tuple[Graph, np.random.Generator, int]) -> None:
    graph, rng, seed = drawn
    inside = _bools(rng, graph.num_vertices)
    same_as_python(
        bipartite.outside_neighbours,
        _indptr(graph, seed),
        graph.indices,
        inside,
    )


@given(seeded_graphs())
def test_koenig_cover(drawn: tuple[Graph, np.random.Generator, int]) -> None:
    graph, rng, seed = drawn
    losing = _bools(rng, graph.num_vertices)
    same_as_python(
        bipartite.koenig_cover,
        _indptr(graph, seed),
        graph.indices,
        _side(graph),
        losing,
    )


@given(seeded_graphs(), st.sampled_from(["solved", "bad mate", "bad cover", "random"]))
def test_check_cover(drawn: tuple[Graph, np.random.Generator, int], how: str) -> None:
    """On a solved graph (code 0), and with the mate or the cover spoiled so
    that every problem code comes up."""
    graph, rng, seed = drawn
    n = graph.num_vertices
    side = _side(graph)
    mate, losing = matching.bipartite_matching(graph, side)
    cover = bipartite.koenig_cover(graph.indptr, graph.indices, side, losing)
    if how == "bad mate" and n:
        mate = _random_matching(graph, rng)
        mate[int(rng.integers(0, n))] = int(rng.integers(-2, n))
    elif how == "bad cover" and n:
        cover[int(rng.integers(0, n))] ^= True
    elif how == "random":
        mate, cover = rng.integers(-1, n, n).astype(np.int32), _bools(rng, n)
    found = same_as_python(
        bipartite.check_cover,
        _indptr(graph, seed),
        graph.indices,
        side,
        mate,
        cover,
    )
    if how == "solved":
        assert found == 0


@st.composite
def cells(draw: st.DrawFn) -> tuple[npt.NDArray[np.int32], int, int]:
    """Flat cell indices (any order, repeats allowed), a width, a seed."""
    width = draw(st.sampled_from([1, 2, 7, 10, 99, 100, 4096, 2**31 - 1]))
    top = draw(st.sampled_from([1, 10, 1000, 2**31 - 1]))
    seed = draw(Seed)
    count = draw(st.integers(0, 40))
    rng = np.random.default_rng(seed)
    return rng.integers(0, top, count).astype(np.int32), width, seed


@given(cells(), st.integers(0, 5))
def test_write_cells(drawn: tuple[npt.NDArray[np.int32], int, int], at: int) -> None:
    flat, width, _seed = drawn
    rows = int(flat.max()) // width + 1 if flat.size else 1
    out = np.zeros(at + flat.size * (len(str(rows)) + len(str(width)) + 2), dtype=np.uint8)
    end = same_as_python(maze_front._write_cells, flat, width, out, at)
    assert at + 4 * flat.size <= end <= out.size


@given(cells())
def test_write_pairs(drawn: tuple[npt.NDArray[np.int32], int, int]) -> None:
    flat, width, _seed = drawn
    rows = int(flat.max()) // width + 1 if flat.size else 1
    out = np.zeros(2 + flat.size * (len(str(rows)) + len(str(width)) + 4), dtype=np.uint8)
    same_as_python(_json._write_pairs, flat, width, out)


@given(
    st.integers(0, 9),
    st.integers(0, 9),
    Seed,
    st.sampled_from(["rook", "king", "knight", "2,3", "1,0", "1,1", "2,2", "0,0", "4,4"]),
)
def test_grid_builder_matches_python_and_the_maze_answer_the_board(
    height: int, width: int, seed: int, moves: str
) -> None:
    """The grid builder's two passes (int32 offsets, no cells) against their
    Python specification, and the maze's answer written from the mask
    against the one written from the board's cells."""
    rng = np.random.default_rng(seed)
    mask = rng.random((height, width)) < rng.random()
    grid = boards.grid_steps(height, width, moves)
    vertex_of, count = board_csr.number_kept(mask.reshape(-1))
    for offsets in (np.int32, np.int64):
        indptr = np.empty(count + 1, dtype=offsets)
        side = np.zeros(count if grid.colour_step > 0 else 0, dtype=np.int8)
        same_as_python(
            board_csr.grid_degrees,
            vertex_of,
            height,
            width,
            grid.dr,
            grid.dc,
            grid.colour_step,
            grid.rows_only,
            side,
            indptr,
        )
    indptr, indices, side = board_csr.grid_csr(mask.reshape(-1), height, width, grid)
    assert indptr.dtype == np.int32
    same_as_python(
        board_csr.grid_indices,
        vertex_of,
        height,
        width,
        grid.dr,
        grid.dc,
        np.empty(indices.size, dtype=np.int32),
    )
    board = boards.grid_board(mask, moves)
    solution = game.solve(board.graph)
    text = maze_front.format_losing(mask.reshape(-1), solution.losing, height, width)
    assert bytes(text) == bytes(maze_front.format_answer(board, solution))


def test_grid_offsets_are_int32_and_cells_made_only_when_asked() -> None:
    mask = np.ones((3, 3), dtype=np.bool_)
    board = boards.grid_board(mask, "king")
    assert board.graph.indptr.dtype == np.int32
    assert board._cell_of is None
    assert board.cell_of.tolist() == list(range(9))
    assert game.solve(board.graph).losing.sum() == 9  # 9 cells, a king's graph: all lose


@given(st.integers(0, 9), st.sampled_from([1, 2, 7, 10, 99, 100, 4096]), Seed, st.integers(0, 5))
def test_write_losing(height: int, width: int, seed: int, at: int) -> None:
    rng = np.random.default_rng(seed)
    open_flat = rng.random(height * width) < rng.random()
    losing = _bools(rng, int(np.count_nonzero(open_flat)))
    per_line = len(str(max(height, 1))) + len(str(width)) + 2
    out = np.zeros(at + int(np.count_nonzero(losing)) * per_line, dtype=np.uint8)
    same_as_python(maze_front._write_losing, open_flat, losing, width, out, at)


# ------------------------------------------------------- the whole process
_PROBE = """
import sys
from bipartite_game import cli
status = cli.main(sys.argv[1:])
sys.stdout.flush()
sys.exit(status)
"""


def _maze_text(height: int, width: int, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    walls = rng.random((height, width)) < 0.2
    rows = np.where(walls, ord("#"), ord(".")).astype(np.uint8)
    body = np.concatenate([rows, np.full((height, 1), ord("\n"), np.uint8)], axis=1)
    return f"{height} {width}\n".encode() + body.tobytes()


def _run_maze(path: Path, mode: str, *options: str) -> tuple[bytes, str]:
    env = dict(os.environ, BIPARTITE_GAME_NATIVE=mode)
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, "maze", str(path), *options],
        capture_output=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr.decode()


@pytest.mark.parametrize(
    "side", [100, pytest.param(400, marks=pytest.mark.slow)]  # 400: past SMALL_WORK
)
def test_the_maze_process_answers_as_without_the_library(tmp_path: Path, side: int) -> None:
    """100x100 and 400x400 mazes (the second large enough for the note that
    the fallback is slow): the bytes are those of
    ``BIPARTITE_GAME_NATIVE=never``, text and JSON, and the library's run
    says nothing on standard error."""
    native_library()
    for height, width in ((side, side),):
        path = tmp_path / f"maze{height}.txt"
        path.write_bytes(_maze_text(height, width, height))
        for options in ((), ("--format", "json")):
            native, native_err = _run_maze(path, "auto", *options)
            fallback, _ = _run_maze(path, "never", *options)
            assert native_err == ""
            assert native == fallback
            assert native.startswith(b"WIN\n" if not options else b"{")
