"""Hostile arrays and library misuse: no signal death, no hang, and a
:class:`BipartiteGameError` naming what is wrong.

The library's objects hand out their arrays read-only, and the compiled
kernels trust them; an array made writable again (``flags.writeable =
True``) makes its object refused by every entry (an O(1) check).  What
could crash runs in a fresh interpreter: a kernel reading out of bounds
kills the process, which only a parent can see.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

from bipartite_game import (
    BipartiteGameError,
    Certificate,
    Decomposition,
    Graph,
    GridBoard,
    Solution,
    certify,
    decompose,
    grid_board,
    lock_board,
    render_svg,
    solve,
)
from tests.support.paths import ROOT
from tests.support.strategies import tiered


def run_isolated(code: str, timeout: float = 300) -> str:
    """Run ``code`` in a fresh interpreter; fail on a signal death, a hang
    (the timeout, generous for a busy machine) or any non-zero exit; return
    its standard output."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired as error:
        shown = error.stdout if isinstance(error.stdout, str) else (error.stdout or b"").decode()
        pytest.fail(f"hung for {timeout} s; last output:\n{shown[-2000:]}")
    assert done.returncode >= 0, f"killed by signal {-done.returncode}:\n{done.stdout[-2000:]}"
    assert done.returncode == 0, f"exit {done.returncode}:\n{done.stdout[-2000:]}{done.stderr}"
    return done.stdout


#: The reports of issue 25: each wrote into a graph's array, and a kernel
#: then read out of bounds (exit 139) or went round for ever.
FINDINGS = {
    "indices far out, then solve": ("indices", 0, 10**6, "solve(g)"),
    "last offset far out, then solve": ("indptr", -1, 10**8, "solve(g)"),
    "first offset 7, then decompose": ("indptr", 0, 7, "decompose(g)"),
    "one past the end, then maximum_matching": ("indices", 0, 7, "maximum_matching(g)"),
    "first_player_wins_from": ("indices", 0, 10**6, "first_player_wins_from(g, 0)"),
    "component": ("indptr", -1, 10**8, "g.component(0)"),
    "subgraph": ("indices", 0, 10**6, "g.subgraph(np.ones(5, bool))"),
    "is_bipartite": ("indices", 0, 10**6, "g.is_bipartite()"),
    "Engine.move": ("indices", 0, 10**6, "Engine(g).move(Position(g, 0))"),
}


@pytest.mark.parametrize("name", tiered(sorted(FINDINGS)))
def test_a_graph_array_written_is_refused_not_a_crash(name: str) -> None:
    array, index, value, call = FINDINGS[name]
    out = run_isolated(
        f"""
        import numpy as np
        from bipartite_game import *
        g = Graph.from_edges([0, 1, 2, 2], [1, 2, 3, 4])
        try:
            g.{array}[{index}] = {value}
        except ValueError as error:
            print("write refused:", error)
        g.{array}.flags.writeable = True  # the worst case: the flag undone
        g.{array}[{index}] = {value}
        try:
            {call}
        except BipartiteGameError as error:
            print("refused:", error)
        """
    )
    assert "write refused: assignment destination is read-only" in out
    assert f"refused: Graph.{array} was made writable" in out


def test_a_board_array_written_is_refused_by_the_renderer() -> None:
    out = run_isolated(
        """
        import numpy as np
        from bipartite_game import *
        board = grid_board(np.ones((3, 3), bool))
        board.graph.indices.flags.writeable = True
        board.graph.indices[:] = 10**6
        for call in (lambda: render_svg(board, show_matching=True), lambda: board.cell(0)):
            try:
                call()
            except BipartiteGameError as error:
                print("refused:", error)
        """
    )
    assert out.count("refused: Graph.indices was made writable") == 2


#: The campaign, run in a child process with its number of examples.
CAMPAIGN = "from tests.support.hostile_campaign import campaign; campaign({})"


def test_the_campaign_finds_no_crash_and_no_hang() -> None:
    """The default tier's share of the campaign (``tests/support/hostile_campaign.py``)."""
    out = run_isolated(CAMPAIGN.format(60), timeout=600)
    assert "case:" in out


@pytest.mark.slow
def test_the_long_campaign_finds_no_crash_and_no_hang() -> None:
    out = run_isolated(CAMPAIGN.format(5000), timeout=3600)
    assert "case:" in out


def _small() -> Graph:
    return Graph.from_edges([0, 1, 2, 2], [1, 2, 3, 4])


def test_every_public_array_is_read_only() -> None:
    graph = _small()
    solution = solve(graph)
    parts = decompose(solution)
    board = grid_board(np.ones((2, 3), bool))
    certificate = certify(solution)
    arrays = [
        graph.indptr,
        graph.indices,
        graph.sides(),
        graph.neighbor_ids(2),
        solution.mate,
        solution.losing,
        solution.barrier,
        solution.strategy(0).mate,
        solution.strategy(1).mate,
        parts.vertex_class,
        parts.edge_class,
        parts.block,
        parts.mate,
        board.open,
        board.cell_of,
        board.graph.indptr,
        certificate.mate,
        certificate.first_player_wins,
    ]
    for array in arrays:
        assert isinstance(array, np.ndarray) and not array.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 0
    assert isinstance(graph.labels, (tuple, type(None)))
    with pytest.raises(AttributeError):
        graph.indices = np.zeros(8, np.int32)  # type: ignore[misc]


def test_a_base_array_made_writable_is_found_through_its_view() -> None:
    """A graph's array may be a view of a larger buffer (the lock builder's):
    writing through the base, once it is writable again, is caught too."""
    graph = lock_board(2, 3, [], 0).graph
    assert graph.indices.base is not None
    base = graph.indices.base
    while isinstance(base.base, np.ndarray):
        base = base.base
    base.flags.writeable = True
    with pytest.raises(BipartiteGameError, match="made writable"):
        graph.check_intact()


def test_memory_owned_by_a_writable_buffer_is_copied_when_frozen() -> None:
    # an array that is a view of a writable buffer (a bytearray here; the
    # arrays of a JIT compiler's fallback were views of its memory record)
    # is one no flag can close: a graph built from one used to refuse itself
    # as "made writable"
    from bipartite_game._frozen import freeze, is_frozen

    owner = bytearray(np.arange(4, dtype=np.int64).tobytes())
    foreign = np.frombuffer(owner, dtype=np.int64)
    assert not is_frozen(foreign)
    frozen = freeze(foreign)
    assert is_frozen(frozen) and frozen.tolist() == [0, 1, 2, 3]
    owner[0] = 9
    assert frozen[0] == 0
    graph = Graph.from_edges([0, 1], [1, 2])
    indptr = np.frombuffer(bytearray(graph.indptr.tobytes()), dtype=graph.indptr.dtype)
    built = Graph(indptr, np.array(graph.indices))
    assert solve(built).winners() == solve(graph).winners()


def test_the_constructor_keeps_its_own_copies() -> None:
    indptr = np.array([0, 1, 2])
    indices = np.array([1, 0])
    graph = Graph(indptr, indices)
    indices[:] = 10**6
    assert solve(graph).losing.tolist() == [False, False]


def test_a_board_keeps_a_copy_of_a_writable_mask() -> None:
    mask = np.ones((2, 2), bool)
    board = grid_board(mask)
    mask[0, 0] = False
    assert board.open.all() and board.graph.num_vertices == 4
    frozen = np.ones((2, 2), bool)
    frozen.flags.writeable = False
    assert grid_board(frozen).open is frozen  # read-only already: kept as it is


@pytest.mark.parametrize(
    ("labels", "match"),
    [
        (["a", "a", "b"], "labels must be distinct: 'a'"),
        (["a", ["b"], "c"], "labels must be hashable"),
        ([1, 1.0, 2], "labels must be distinct"),
    ],
)
def test_labels_must_be_distinct_and_hashable(labels: list[Any], match: str) -> None:
    with pytest.raises(BipartiteGameError, match=match):
        Graph.from_edges([0, 1], [1, 2], labels=labels)
    with pytest.raises(BipartiteGameError, match=match):
        Graph([0, 1, 3, 4], [1, 0, 2, 1], labels)
    if not any(isinstance(x, list) for x in labels):
        with pytest.raises(BipartiteGameError, match=match):
            Graph.from_edges(["a"], ["b"], labels=labels)


def test_certify_takes_a_solution_or_a_graph_only() -> None:
    graph = _small()
    for wrong in (None, "solution", decompose(graph)):
        with pytest.raises(BipartiteGameError, match="certify\\(\\) takes a Solution"):
            certify(wrong)
    # a graph is solved first (issue 26: certify takes what solve takes)
    assert certify(graph).to_json() == certify(solve(graph)).to_json()


@pytest.mark.parametrize(
    ("labels", "match"),
    [
        (b"a", "labels hold 0 lines for 5 vertices"),
        (b"a\nb\nc\nd\ne", "labels hold 4 lines"),
        (["a"], "1 labels for 5 vertices"),
        ("abcde", "labels must be a sequence of strings"),
        ([1, 2, 3, 4, 5], "labels must be strings, not 1"),
        ({"a": 1}, "labels must be"),
        (5, "not int"),
    ],
)
def test_certificate_json_needs_one_string_label_per_vertex(labels: Any, match: str) -> None:
    certificate = certify(solve(_small()))
    with pytest.raises(BipartiteGameError, match=match):
        certificate.to_json(labels)


def test_certificate_json_labels_default_to_the_graphs() -> None:
    # issue 26: labels=None (once refused) means the graph's own names
    graph = _small()
    named = Graph.from_edges(*graph.edges(), graph.num_vertices, labels=[f"v{k}" for k in range(5)])
    assert certify(solve(graph)).to_json() == certify(solve(graph)).to_json(list("01234"))
    assert certify(named).to_json() == certify(named).to_json([f"v{k}" for k in range(5)])


def test_certificate_json_from_label_lines_is_the_same_document() -> None:
    import json

    certificate = certify(solve(_small()))
    names = ["a", 'q"uote', "back\\slash", "tab\there", "\udcff"]
    from_list = certificate.to_json(names)
    from_lines = certificate.to_json("\n".join([*names, ""]).encode("utf-8", "surrogateescape"))
    assert from_list == from_lines
    assert json.loads(from_list)["labels"] == names
    plain = certificate.to_json(b"1 1\n1 2\n2 1\n2 2\n3 1\n")
    assert json.loads(plain)["labels"] == ["1 1", "1 2", "2 1", "2 2", "3 1"]


def test_a_hand_made_solution_is_checked_against_the_solver() -> None:
    graph = _small()
    solved = solve(graph)
    mate = solved.mate.copy()
    made = Solution(graph, mate, solved.losing.copy())
    mate[:] = -1  # the caller's array: the solution kept a copy
    assert made.mate.tolist() == solved.mate.tolist() and not made.mate.flags.writeable
    empty = np.full(5, -1, np.int32)
    with pytest.raises(BipartiteGameError, match="maximum matching"):
        Solution(graph, empty, solved.losing)
    with pytest.raises(BipartiteGameError, match="losing is wrong at vertex 0"):
        Solution(graph, solved.mate, ~solved.losing)
    not_matching = solved.mate.copy()
    not_matching[0] = 3
    with pytest.raises(BipartiteGameError, match="not a matching"):
        Solution(graph, not_matching, solved.losing)
    with pytest.raises(BipartiteGameError, match="known_barrier"):
        Solution(graph, solved.mate, solved.losing, solved.losing.copy())


def test_a_hand_made_decomposition_is_checked() -> None:
    parts = decompose(_small())
    again = Decomposition(
        parts.solution, parts.vertex_class, parts.side, parts.block, parts.edge_class
    )
    assert again.count() == parts.count()
    wrong = parts.vertex_class.copy()
    wrong[0] = 5
    with pytest.raises(BipartiteGameError, match="vertex_class"):
        Decomposition(parts.solution, wrong, parts.side, parts.block, parts.edge_class)
    with pytest.raises(BipartiteGameError, match="needs a Solution"):
        Decomposition(parts.graph, *[parts.vertex_class, None, None, parts.edge_class])  # type: ignore[arg-type]


def test_a_hand_made_board_or_certificate_is_checked() -> None:
    board = grid_board(np.array([[True, False], [True, True]]))
    shuffled = board.cell_of[::-1].copy()
    with pytest.raises(BipartiteGameError, match="increasing order"):
        GridBoard(board.open, board.steps, shuffled, board.graph)
    with pytest.raises(BipartiteGameError, match="booleans"):
        GridBoard(board.open.astype(int), board.steps, None, board.graph)
    with pytest.raises(BipartiteGameError, match="mate must be a 1-D array of integers"):
        Certificate(
            np.zeros(2, bool), np.zeros(2), *[np.zeros(0, np.int32)] * 5  # type: ignore[arg-type]
        )
    with pytest.raises(BipartiteGameError, match="board must be a GridBoard"):
        render_svg(board.graph)  # type: ignore[arg-type]


def test_copies_and_pickles_stay_read_only_and_usable() -> None:
    """A deep copy (the web page copies a game per action) or an unpickled
    object has fresh arrays, which numpy makes writable: frozen again."""
    import copy
    import pickle

    board = grid_board(np.ones((3, 3), bool))
    solution = solve(board.graph)
    objects: list[Any] = [
        board,
        board.graph,
        solution,
        decompose(solution),
        certify(solution),
        solution.strategy(1),
        lock_board(2, 3, [], 0),
    ]
    def out_of_band(original: object) -> Any:
        buffers: list[pickle.PickleBuffer] = []
        data = pickle.dumps(original, protocol=5, buffer_callback=buffers.append)
        return pickle.loads(data, buffers=buffers)  # arrays over those buffers

    for original in objects:
        copies = [copy.deepcopy(original), pickle.loads(pickle.dumps(original))]
        for again in [*copies, out_of_band(original)]:
            for value in vars(again).values() if hasattr(again, "__dict__") else ():
                assert not (isinstance(value, np.ndarray) and value.flags.writeable)
            check = getattr(again, "check_intact", None)
            if check is not None:
                check()
    assert copy.deepcopy(solution).strategy(1).reply(1) == solution.strategy(1).reply(1)
    assert pickle.loads(pickle.dumps(board)).cell(3) == (1, 0)


def test_wrong_types_found_by_scanning_the_public_api_are_refused() -> None:
    """What a scan of every name in ``__all__`` with junk in each argument
    found raising AttributeError, TypeError or numpy's ValueError."""
    from bipartite_game import Position, render_text

    board = grid_board(np.ones((2, 2), bool))
    array: Any = np.zeros(2)
    wrong: list[tuple[Any, str]] = [
        (lambda: render_svg(board, show_losing=array), "show_losing must be True or False"),
        (lambda: render_svg(board, show_matching=array), "show_matching must be True or False"),
        (lambda: render_svg(board, coordinates=array), "coordinates must be True or False"),
        (lambda: render_text(board, colour=array), "colour must be True or False"),
        (lambda: Graph.from_successors(0, None), "successors must be a function"),
        (lambda: Graph.from_successors(0, lambda s: 5), r"successors\(0\) must give an iterable"),
        (lambda: Position.from_board(None, 0, 0), "board must be a GridBoard"),  # type: ignore[arg-type]
    ]
    for call, match in wrong:
        with pytest.raises(BipartiteGameError, match=match):
            call()
