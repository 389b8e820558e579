"""Edge classes of general graphs where users meet them (issue #36, phase 2):
``decompose(g).edges()`` and its elementary components against deletion
tests, and through the real command line: ``edges`` (text and ``--format
json`` with ``component``), ``sweep``'s every/some/none columns, and
``--budget`` on both, refused and accepted at the counted work.

The deletion tests are the rules themselves, by the project's maximum
matching on smaller graphs: an edge ``uv`` is in some maximum matching iff
``ν(G - u - v) = ν(G) - 1``; in every one iff ``ν(G - uv) < ν(G)``.  The
elementary components are the components of the edges of ``C`` that pass
the first test (networkx's connected components).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, solve
from bipartite_game.experiments.families import generate
from bipartite_game.experiments.sweep import sample_seed
from bipartite_game.graphs.matching import maximum_matching
from bipartite_game.theory import edge_classes
from bipartite_game.theory.allowed import EdgeClassesTooLarge, EdgeClassWork, allowed_edges
from bipartite_game.theory.decompose import decompose
from bipartite_game.theory.game import Solution
from tests.support.cli import assert_one_line_error, run, run_on_terminal
from tests.support.native import same_as_python
from tests.support.solved import board_offsets, solved, vertex_classes
from tests.support.strategies import examples

NAMES = ("none", "some", "every")


def _nu(n: int, u: np.ndarray, v: np.ndarray) -> int:
    return int(np.count_nonzero(maximum_matching(Graph.from_edges(u, v, n)) >= 0)) // 2


def deletion_classes(n: int, u: np.ndarray, v: np.ndarray) -> list[str]:
    """Each edge's class by the deletion tests alone."""
    nu = _nu(n, u, v)
    found = []
    for k in range(u.size):
        a, b = int(u[k]), int(v[k])
        apart = (u != a) & (u != b) & (v != a) & (v != b)
        if _nu(n, u[apart], v[apart]) != nu - 1:
            found.append("none")
            continue
        others = np.arange(u.size) != k
        found.append("every" if _nu(n, u[others], v[others]) < nu else "some")
    return found


def deletion_components(n: int, u: np.ndarray, v: np.ndarray, classes: list[str]) -> list[int]:
    """Per vertex: its component of the allowed edges inside C (C by the
    deletion tests too: the vertices no maximum matching misses, with no
    neighbour that one misses), numbered by smallest vertex; -1 outside."""
    nu = _nu(n, u, v)
    missed = [
        _nu(n, u[(u != x) & (v != x)], v[(u != x) & (v != x)]) == nu for x in range(n)
    ]
    near_d = set()
    for a, b in zip(u.tolist(), v.tolist(), strict=True):
        if missed[a]:
            near_d.add(b)
        if missed[b]:
            near_d.add(a)
    in_c = [not missed[x] and x not in near_d for x in range(n)]
    h = nx.Graph()
    h.add_nodes_from(x for x in range(n) if in_c[x])
    h.add_edges_from(
        (a, b)
        for a, b, c in zip(u.tolist(), v.tolist(), classes, strict=True)
        if c != "none" and in_c[a] and in_c[b]
    )
    piece = [-1] * n
    for number, members in enumerate(sorted(nx.connected_components(h), key=min)):
        for x in members:
            piece[x] = number
    return piece


def random_graph(seed: int, n: int) -> Graph:
    """Small general graphs that often have a large C: a planted perfect
    matching (sometimes), random chords, an odd cycle now and then."""
    rng = np.random.default_rng(seed)
    pairs: list[tuple[int, int]] = []
    if rng.random() < 0.7:
        order = rng.permutation(n)
        pairs += [(int(order[i]), int(order[i + 1])) for i in range(0, n - 1, 2)]
    if rng.random() < 0.4 and n >= 3:
        length = int(rng.choice([3, 5])) if n >= 5 else 3
        cycle = rng.choice(n, length, replace=False).tolist()
        pairs += list(zip(cycle, cycle[1:] + cycle[:1], strict=True))
    for _ in range(int(rng.integers(0, 2 * n))):
        a, b = rng.integers(n, size=2).tolist()
        pairs.append((a, b))
    u = np.array([a for a, b in pairs if a != b], dtype=np.int64)
    v = np.array([b for a, b in pairs if a != b], dtype=np.int64)
    return Graph.from_edges(u, v, n)


# ---------------------------------------------------------------- the library


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 13))
def test_decompose_edges_agree_with_deletion_tests(seed: int, n: int) -> None:
    g = random_graph(seed, n)
    d = decompose(g)
    u, v, cls = d.edges()
    assert [NAMES[c] for c in cls.tolist()] == deletion_classes(n, u, v)


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 12))
def test_elementary_components_agree_with_deletion_tests(seed: int, n: int) -> None:
    g = random_graph(seed, n)
    d = decompose(g)
    u, v, _ = d.edges()
    expected = deletion_components(n, u, v, deletion_classes(n, u, v))
    assert d.elementary.tolist() == expected
    listed = d.elementary_components()
    assert listed == [
        [x for x in range(n) if expected[x] == k] for k in range(max(expected, default=-1) + 1)
    ]
    assert all(len(part) % 2 == 0 for part in listed)


def test_elementary_components_are_the_fine_blocks_on_bipartite_graphs() -> None:
    rng = np.random.default_rng(36)
    for _ in range(30):
        n = 60
        u, v = rng.integers(0, n // 2, 90), rng.integers(n // 2, n, 90)
        d = decompose(Graph.from_edges(u, v, n))
        assert d.block is not None
        same_piece = d.elementary[:, None] == d.elementary[None, :]
        same_block = d.block[:, None] == d.block[None, :]
        assert np.array_equal(same_piece, same_block)


def test_fine_blocks_are_numbered_sinks_first_without_gaps() -> None:
    """Decomposition.block's promise, kept by the C and the Python kernel:
    blocks 0 .. num_blocks - 1, a vertex and its partner in one, and every
    arc ``u -> mate(w)`` of the alternating digraph (``u`` on side 0, ``u w``
    an unmatched edge of ``G[C]``) going to a block numbered no higher."""
    rng = np.random.default_rng(34)
    for _ in range(30):
        n = 60
        order = rng.permutation(n // 2)  # a perfect matching planted on most
        u = np.concatenate([order[:25], rng.integers(0, n // 2, 60)])
        v = np.concatenate([n // 2 + order[5:30], rng.integers(n // 2, n, 60)])
        d = decompose(Graph.from_edges(u, v, n))
        g, mate, block = d.graph, d.solution.mate, d.block
        assert block is not None and d.side is not None
        in_c = d.in_c
        python = edge_classes.fine_blocks.py_func(g.indptr, g.indices, d.side, mate, in_c)
        assert python.tolist() == block.tolist()
        assert sorted(set(block[in_c].tolist())) == list(range(d.num_blocks))
        assert (block[~in_c] == -1).all() and (block[mate[in_c]] == block[in_c]).all()
        for x in np.flatnonzero(in_c & (d.side == 0)):
            for w in g.indices[g.indptr[x] : g.indptr[x + 1]]:
                if in_c[w] and w != mate[x]:
                    assert block[mate[w]] <= block[x]


def test_elementary_is_read_only_and_labelled() -> None:
    g = Graph.from_edges(["a", "b", "c", "d", "e"], ["b", "c", "d", "a", "f"])
    d = decompose(g)
    assert d.elementary_components() == [["a", "b", "c", "d"], ["e", "f"]]
    with pytest.raises(ValueError):
        d.elementary[0] = 5


def _counted(g: Graph) -> tuple[Graph, int]:
    """``g`` and the counted steps of its edge classes' exact residue."""
    s = solve(g)
    work = EdgeClassWork()
    allowed_edges(g.indptr, g.indices, s.mate, ~(s.losing | s.barrier), budget=None, work=work)
    assert work.residue_work > 0
    return g, work.residue_work


def _residue_graph() -> tuple[Graph, int]:
    """A sweep sample whose edge classes need a residue of exact search,
    and that residue's counted steps."""
    return _counted(generate("er", 200, (4.0,), sample_seed(0, (4.0,), 3)))


def test_decompose_budget_is_the_residue_s_counted_steps() -> None:
    g, spent = _residue_graph()
    free = decompose(g, budget=None).edge_class
    assert np.array_equal(decompose(g, budget=spent).edge_class, free)
    with pytest.raises(EdgeClassesTooLarge, match=f"budget of {spent - 1:,} steps"):
        decompose(g, budget=spent - 1)


# ---------------------------------------------------------------- the command line


def _edge_text(g: Graph) -> str:
    u, v, _ = decompose(g, budget=None).edges()
    return "".join(f"v{a} v{b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True))


def _residue_file(tmp_path: Path) -> tuple[Path, int]:
    """The residue graph as an edge list, and the counted steps of its
    residue as ``edges`` builds it (ids in order of first appearance)."""
    g, _ = _residue_graph()
    path = tmp_path / "residue.txt"
    path.write_text(_edge_text(g))
    _, spent = _counted(Graph.from_edge_list(path.read_bytes(), labelled=False))
    return path, spent


def test_edges_json_components_and_classes_agree_with_deletion_tests() -> None:
    for seed in range(12):
        g = random_graph(1000 + seed, 12)
        text = _edge_text(g)
        if not text:
            continue
        result = run("edges", "--format", "json", stdin=text)
        assert result.status == 0, result.stderr
        doc = json.loads(result.stdout)
        assert list(doc) == ["problem", "edges", "u", "v", "class", "component"]
        ids = {f"v{x}": x for x in range(12)}
        u = np.array([ids[a] for a in doc["u"]])
        v = np.array([ids[b] for b in doc["v"]])
        classes = deletion_classes(12, u, v)
        assert doc["class"] == classes
        piece = deletion_components(12, u, v, classes)
        # numbered in order of first appearance: the same partition, renumbered
        seen: dict[int, int] = {}
        for a in [x for pair in zip(u.tolist(), v.tolist(), strict=True) for x in pair]:
            if piece[a] >= 0:
                seen.setdefault(piece[a], len(seen))
        expected = [
            seen[piece[a]] if piece[a] >= 0 and piece[a] == piece[b] else None
            for a, b in zip(u.tolist(), v.tolist(), strict=True)
        ]
        assert doc["component"] == expected
        plain = run("edges", stdin=text).stdout.decode().split()
        assert plain[2::3] == classes


def test_edges_budget_accepts_the_counted_work_and_refuses_one_step_less(
    tmp_path: Path,
) -> None:
    path, spent = _residue_file(tmp_path)
    free = run("edges", str(path))
    assert free.status == 0 and free.stderr == ""
    accepted = run("edges", str(path), "--budget", str(spent))
    assert accepted.status == 0 and accepted.stdout == free.stdout
    refused = run("edges", str(path), "--budget", str(spent - 1))
    assert_one_line_error(refused, f"budget of {spent - 1:,} steps", "--budget")
    json_refused = run("edges", str(path), "--budget", "0", "--format", "json")
    assert_one_line_error(json_refused, "budget of 0 steps", "--budget")


@pytest.mark.parametrize("bad", ["-1", "x", "2.5"])
def test_edges_bad_budget_is_one_line(bad: str) -> None:
    result = run("edges", f"--budget={bad}", stdin="a b\n")
    assert_one_line_error(result, "--budget: expected a whole number from 0", repr(bad))


def _sweep(*args: str) -> list[dict[str, str]]:
    result = run("sweep", "er", "--n", "200", "--param", "c=4", "--samples", "4", *args)
    assert result.status == 0, result.stderr
    return list(csv.DictReader(io.StringIO(result.stdout.decode())))


def test_sweep_columns_agree_with_deletion_tests() -> None:
    rows = run("sweep", "er", "--n", "14", "--param", "c=3,4", "--samples", "6", "--jobs", "1")
    assert rows.status == 0, rows.stderr
    for row in csv.DictReader(io.StringIO(rows.stdout.decode())):
        g = generate("er", 14, (float(row["c"]),), int(row["seed"]))
        u, v, _ = decompose(g).edges()
        classes = deletion_classes(14, u, v)
        assert [int(row[name]) for name in NAMES] == [classes.count(name) for name in NAMES]


def test_sweep_budget_accepts_the_counted_work_and_refuses_one_step_less() -> None:
    _, spent = _residue_graph()  # sample 3 of this sweep; the others need less
    free = _sweep()
    assert _sweep("--budget", str(spent)) == free
    assert [row["every"] for row in free] == [
        str(decompose(generate("er", 200, (4.0,), int(row["seed"]))).count()["every"])
        for row in free
    ]
    refused = run(
        "sweep", "er", "--n", "200", "--param", "c=4", "--samples", "4",
        "--budget", str(spent - 1), "--jobs", "2",
    )  # fmt: skip
    assert refused.status == 2
    lines = refused.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in refused.stderr
    assert "sample 3 of er n=200 c=4" in lines[0] and f"budget of {spent - 1:,}" in lines[0]


def test_sweep_budget_without_edge_classes_is_refused() -> None:
    result = run("sweep", "er", "--n", "50", "--param", "c=2", "--no-edge-classes", "--budget", "9")
    assert_one_line_error(result, "--budget", "--no-edge-classes")


def test_edges_shows_its_phases_on_a_terminal_and_erases_them(tmp_path: Path) -> None:
    path, _ = _residue_file(tmp_path)
    shown, out, status = run_on_terminal("edges", str(path))
    assert status == 0 and out == run("edges", str(path)).stdout
    assert "edge classes: exact" in shown
    assert shown.endswith("\x1b[K") and "\n" not in shown


# The kernels against their Python specification, on the arguments decompose() passes.


@given(solved(bipartite=True))
def test_fine_blocks_and_same_block_kernels(drawn: tuple[Solution, int]) -> None:
    solution, seed = drawn
    g = solution.graph
    side = g.two_colouring().side
    assert side is not None
    in_c = vertex_classes(solution) == 2
    indptr = board_offsets(g, seed)
    block = same_as_python(
        edge_classes.fine_blocks, indptr, g.indices, side, solution.mate, in_c,
    )  # fmt: skip
    same_as_python(edge_classes.same_block, indptr, g.indices, block)


@given(solved(), st.booleans())
def test_classify_kernel(drawn: tuple[Solution, int], random_allowed: bool) -> None:
    solution, seed = drawn
    g = solution.graph
    vertex_class = vertex_classes(solution)
    indptr = board_offsets(g, seed)
    # the allowed edges' own kernels are compared in test_allowed.py
    allowed = allowed_edges(indptr, g.indices, solution.mate, vertex_class == 2)
    if random_allowed:  # any flags: the classes follow them all the same
        allowed = np.random.default_rng(seed).random(allowed.size) < 0.5
    same_as_python(
        edge_classes.classify, indptr, g.indices, solution.mate, vertex_class, allowed,
    )  # fmt: skip
