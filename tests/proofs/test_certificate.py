"""Certificates: ``verify`` accepts every certificate ``certify`` writes,
its claims agree with the enumeration of every maximum matching, and every
mutation that makes a certificate wrong is caught; and the certificate
writer's and checker's native kernels against their Python specifications."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, solve
from bipartite_game.proofs import certificate
from bipartite_game.proofs import verify as verify_module
from bipartite_game.proofs.certificate import Certificate, certify
from bipartite_game.proofs.verify import CertificateError, verify
from tests.support.enumeration import maximum_matchings, missed_by_some
from tests.support.native import same_as_python
from tests.support.strategies import EdgeSet, blossomy, examples, graphs


def graph_of(n: int, edges: list[tuple[int, int]]) -> Graph:
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


def labels_of(n: int) -> list[str]:
    return [f"v{k}" for k in range(n)]


def written(n: int, edges: list[tuple[int, int]]) -> tuple[Graph, Certificate]:
    graph = graph_of(n, edges)
    return graph, certify(solve(graph))


def rejected(graph: Graph, cert: Certificate) -> bool:
    """The verifier refuses ``cert`` (a failed claim, or unreadable)."""
    n = graph.num_vertices
    try:
        return not verify(graph, labels_of(n), cert.to_json(labels_of(n))).ok
    except CertificateError:
        return True


def check_accepted(n: int, edges: list[tuple[int, int]]) -> None:
    graph, cert = written(n, edges)
    text = cert.to_json(labels_of(n))
    verdict = verify(graph, labels_of(n), text)
    assert verdict.ok, verdict
    size = int(np.count_nonzero(cert.mate >= 0)) // 2
    assert str(verdict) == f"verified: {n} vertices, matching of size {size}"
    data = json.loads(text)
    assert data["labels"] == labels_of(n)
    assert data["first_player_wins"] == cert.first_player_wins.tolist()
    if n:
        missed = missed_by_some(n, maximum_matchings(n, edges))
        assert data["first_player_wins"] == [not m for m in missed]
        assert 2 * size == 2 * len(next(iter(maximum_matchings(n, edges)), []))


@settings(deadline=None)
@given(graphs(max_vertices=10))
def test_every_written_certificate_verifies(case: EdgeSet) -> None:
    check_accepted(*case)


@settings(deadline=None)
@given(graphs(max_vertices=10, bipartite=True))
def test_bipartite_certificates_verify_with_no_blossoms(case: EdgeSet) -> None:
    check_accepted(*case)
    _, cert = written(*case)
    assert cert.blossom_sizes.size == 0


@settings(deadline=None)
@given(blossomy())
def test_blossom_certificates_verify(case: EdgeSet) -> None:
    n, edges = case
    graph, cert = written(n, edges)
    assert verify(graph, labels_of(n), cert.to_json(labels_of(n))).ok
    assert all(size % 2 == 1 and size >= 3 for size in cert.blossom_sizes.tolist())


@settings(deadline=None)
@given(st.one_of(graphs(max_vertices=10), blossomy()), st.data())
def test_one_flipped_answer_is_caught(case: EdgeSet, data: st.DataObject) -> None:
    graph, cert = written(*case)
    if graph.num_vertices == 0:
        return
    k = data.draw(st.integers(0, graph.num_vertices - 1))
    wins = cert.first_player_wins.copy()
    wins[k] = not wins[k]
    flipped = dataclasses.replace(cert, first_player_wins=wins)
    n = graph.num_vertices
    verdict = verify(graph, labels_of(n), flipped.to_json(labels_of(n)))
    assert not verdict.ok
    assert f"'v{k}'" in str(verdict) and "first_player_wins" in str(verdict)


@settings(deadline=None)
@given(st.one_of(graphs(max_vertices=10), blossomy()), st.data(), st.booleans())
def test_one_broken_mate_pair_is_caught(
    case: EdgeSet, data: st.DataObject, both_ends: bool
) -> None:
    graph, cert = written(*case)
    matched = np.flatnonzero(cert.mate >= 0)
    if matched.size == 0:
        return
    v = int(data.draw(st.sampled_from(matched.tolist())))
    mate = cert.mate.copy()
    if both_ends:  # a smaller matching: the barrier's bound is no longer met
        mate[mate[v]] = -1
    mate[v] = -1
    assert rejected(graph, dataclasses.replace(cert, mate=mate))


@settings(deadline=None)
@given(st.one_of(graphs(max_vertices=10), blossomy()), st.data())
def test_one_barrier_vertex_removed_is_caught(case: EdgeSet, data: st.DataObject) -> None:
    graph, cert = written(*case)
    if cert.barrier.size == 0:
        return
    k = data.draw(st.integers(0, cert.barrier.size - 1))
    keep = np.arange(cert.barrier.size) != k
    fewer = dataclasses.replace(
        cert,
        barrier=cert.barrier[keep],
        barrier_level=cert.barrier_level[keep],
        barrier_via=cert.barrier_via[keep],
    )
    assert rejected(graph, fewer)


@settings(deadline=None)
@given(st.one_of(graphs(max_vertices=10), blossomy()), st.data(), st.booleans())
def test_one_level_or_via_altered_is_caught(
    case: EdgeSet, data: st.DataObject, alter_level: bool
) -> None:
    graph, cert = written(*case)
    if cert.barrier.size == 0:
        return
    k = data.draw(st.integers(0, cert.barrier.size - 1))
    if alter_level:  # no component has a level below 0
        level = cert.barrier_level.copy()
        level[k] = 0
        altered = dataclasses.replace(cert, barrier_level=level)
    else:  # a barrier vertex is no neighbour of itself, nor outside the barrier
        via = cert.barrier_via.copy()
        via[k] = cert.barrier[k]
        altered = dataclasses.replace(cert, barrier_via=via)
    assert rejected(graph, altered)


@settings(deadline=None)
@given(blossomy(), st.data(), st.booleans())
def test_one_blossom_merge_removed_or_altered_is_caught(
    case: EdgeSet, data: st.DataObject, remove: bool
) -> None:
    graph, cert = written(*case)
    sizes = cert.blossom_sizes
    if sizes.size == 0:  # every blossom of this graph is perfectly matched
        return
    j = data.draw(st.integers(0, sizes.size - 1))
    start = 2 * int(sizes[:j].sum())
    edges = cert.blossom_edges.copy()
    if remove:  # the component ends in more than one piece
        stop = start + 2 * int(sizes[j])
        edges = np.concatenate([edges[:start], edges[stop:]])
        sizes = np.delete(sizes, j)
    else:  # the first edge reversed: the cycle no longer closes at its start
        edges[start], edges[start + 1] = edges[start + 1], edges[start]
    assert rejected(graph, dataclasses.replace(cert, blossom_edges=edges, blossom_sizes=sizes))


def test_a_bowtie_is_proven_factor_critical_by_two_merges() -> None:
    """Two triangles sharing vertex 0: every vertex is missed by some
    maximum matching, and the one component needs two merges of three."""
    graph, cert = written(5, [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)])
    assert cert.blossom_sizes.tolist() == [3, 3]
    assert not cert.first_player_wins.any()
    assert verify(graph, labels_of(5), cert.to_json(labels_of(5))).ok


def test_a_five_cycle_needs_one_merge() -> None:
    graph, cert = written(5, [(k, (k + 1) % 5) for k in range(5)])
    assert cert.blossom_sizes.tolist() == [5]
    assert cert.barrier.size == 0
    assert verify(graph, labels_of(5), cert.to_json(labels_of(5))).ok
    without = dataclasses.replace(
        cert, blossom_edges=cert.blossom_edges[:0], blossom_sizes=cert.blossom_sizes[:0]
    )
    verdict = verify(graph, labels_of(5), without.to_json(labels_of(5)))
    assert not verdict.ok and "factor-critical" in str(verdict)


def test_the_empty_graph_verifies() -> None:
    graph = Graph.from_edges([], [], 0)
    verdict = verify(graph, [], certify(solve(graph)).to_json([]))
    assert verdict.ok and str(verdict) == "verified: 0 vertices, matching of size 0"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.pop("mate"), "'mate' must be a JSON array"),
        (lambda d: d.update(mate=[1, 0, "x", -1]), "integers only"),
        (lambda d: d.update(mate=[1, 0, True, -1]), "integers only"),
        (lambda d: d.update(mate=[1, 0, 2.0, -1]), "integers only"),
        (lambda d: d.update(mate=[1, 0, 10**30, -1]), "too large"),
        (lambda d: d.update(mate=[1, 0, -2, -1]), "outside -1..3"),
        (lambda d: d.update(mate=[1, 0]), "has 2 entries"),
        (lambda d: d.update(barrier=[1, 1]), "ascending"),
        (lambda d: d.update(blossom_sizes=[3]), "two ids per edge"),
        (lambda d: d.update(first_player_wins=[1, 0, 1, 0]), "booleans only"),
        (lambda d: d.update(labels=[0, 1, 2, 3]), "strings only"),
        (lambda d: d.update(format="something else"), "'format'"),
    ],
)
def test_unreadable_certificates_raise(change: object, fragment: str) -> None:
    graph, cert = written(4, [(0, 1), (1, 2), (2, 3)])
    data = json.loads(cert.to_json(labels_of(4)))
    change(data)  # type: ignore[operator]
    with pytest.raises(CertificateError, match=fragment):
        verify(graph, labels_of(4), json.dumps(data))


@pytest.mark.parametrize(
    "text", [b"", b"{", b"[1, 2]", b"\xff\xfe\x00", b"[" * 100_000, b'{"format": 1e999}']
)
def test_text_that_is_no_certificate_raises(text: bytes) -> None:
    graph, _ = written(2, [(0, 1)])
    with pytest.raises(CertificateError):
        verify(graph, labels_of(2), text)


@settings(deadline=None, max_examples=examples(300))
@given(st.one_of(graphs(max_vertices=9), blossomy(small=True)), st.data())
def test_whatever_verify_accepts_is_true(case: EdgeSet, data: st.DataObject) -> None:
    """Soundness: change any entries of any arrays at random; if the
    verifier still accepts, every claim is true by enumeration."""
    n, edges = case
    graph, cert = written(n, edges)
    arrays = {f.name: getattr(cert, f.name).copy() for f in dataclasses.fields(cert)}
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(sorted(arrays)))
        array = arrays[key]
        if array.size == 0:
            continue
        k = data.draw(st.integers(0, array.size - 1))
        if array.dtype == np.bool_:
            array[k] = not array[k]
        else:
            array[k] = data.draw(st.integers(-1, max(n - 1, 0)))
    changed = Certificate(**arrays)
    try:
        verdict = verify(graph, labels_of(n), changed.to_json(labels_of(n)))
    except CertificateError:
        return
    if not verdict.ok:
        return
    matchings = maximum_matchings(n, edges)
    missed = missed_by_some(n, matchings) if n else []
    assert changed.first_player_wins.tolist() == [not m for m in missed]
    pairs = {(v, int(w)) for v, w in enumerate(changed.mate.tolist()) if w > v}
    assert len(pairs) == len(next(iter(matchings), frozenset()))
    assert pairs <= {(min(u, v), max(u, v)) for u, v in edges}


def test_library_misuse_raises_bipartite_game_error() -> None:
    import bipartite_game

    graph, cert = written(2, [(0, 1)])
    text = cert.to_json(labels_of(2))
    wrong: list[tuple[Any, Any, Any]] = [
        (graph, labels_of(2), 5),
        ("graph", labels_of(2), text),
        (graph, [0, 1], text),
        (graph, labels_of(3), text),
    ]
    for args in wrong:
        with pytest.raises(bipartite_game.BipartiteGameError):
            bipartite_game.verify(*args)
    assert bipartite_game.verify(graph, b"v0\nv1\n", text).ok


# --------------------------------------------------------------------------
# The certificate writer's and checker's native kernels against their
# Python specification.

Seed = st.integers(0, 2**32 - 1)


#: Graphs as certify meets them: random ones (bipartite or not) and
#: components built around odd cycles.
Drawn = st.one_of(
    graphs(max_vertices=14), graphs(max_vertices=14, bipartite=True), blossomy(nested=True)
)

IntArray = npt.NDArray[np.int64]
Offsets = npt.NDArray[np.int64] | npt.NDArray[np.int32]


def _graph(drawn: EdgeSet) -> Graph:
    n, edges = drawn
    return Graph.from_edges([u for u, _ in edges], [v for _, v in edges], n)


def _indptr(graph: Graph, seed: int) -> Offsets:
    """The offsets as a Graph has them (int64), or on a third of the
    examples as int32, as a board builder writes them."""
    return graph.indptr.astype(np.int32) if seed % 3 == 1 else graph.indptr


# -- certificate.py ----------------------------------------------------------


@given(Drawn, Seed, st.booleans())
def test_levels(drawn: EdgeSet, seed: int, damaged: bool) -> None:
    graph = _graph(drawn)
    solution = solve(graph)
    losing, barrier = solution.losing, solution.barrier
    if damaged:  # any sets: the search reads only ids in range
        rng = np.random.default_rng(seed)
        losing = rng.random(graph.num_vertices) < 0.5
        barrier = rng.random(graph.num_vertices) < 0.5
    same_as_python(
        certificate._levels, _indptr(graph, seed), graph.indices, solution.mate, losing, barrier,
    )  # fmt: skip


@given(Drawn, Seed)
def test_merges(drawn: EdgeSet, seed: int) -> None:
    graph = _graph(drawn)
    solution = solve(graph)
    edges, _, problem = same_as_python(
        certificate._merges, _indptr(graph, seed), graph.indices, solution.mate, solution.losing,
    )  # fmt: skip
    assert problem == 0
    assert edges.size <= 3 * graph.num_vertices


def test_merges_problem() -> None:
    """A component of D not matched near-perfectly (no matching at all):
    the search stops with 1 and nothing written."""
    graph = Graph.from_edges([0, 1, 2], [1, 2, 3], 5)
    mate = np.full(5, -1, dtype=np.int32)
    losing = np.ones(5, dtype=np.bool_)
    edges, sizes, problem = same_as_python(
        certificate._merges, graph.indptr, graph.indices, mate, losing
    )
    assert problem == 1 and edges.size == 0 and sizes.size == 0


INT64 = st.integers(-(2**63) + 1, 2**63 - 1)  # -2**63: Python's loop never ends


@given(
    st.lists(st.one_of(INT64, st.integers(-12, 12), st.sampled_from([0, 2**63 - 1]))),
    Seed,
)
def test_write_integers(values: list[int], seed: int) -> None:
    array = np.array(values, dtype=np.int64)
    out = np.zeros(array.size * 21 + 2, dtype=np.uint8)
    same_as_python(certificate._write_integers, array, out)
    assert json.loads(certificate._json_integers(array)) == values


@given(st.lists(st.booleans()), Seed)
def test_write_booleans(values: list[bool], seed: int) -> None:
    array = np.array(values, dtype=np.bool_)
    out = np.zeros(array.size * 6 + 2, dtype=np.uint8)
    same_as_python(certificate._write_booleans, array, out)
    assert json.loads(certificate._json_booleans(array)) == values


def test_writers_empty() -> None:
    empty = np.zeros(0, dtype=np.int64)
    out = np.zeros(2, dtype=np.uint8)
    assert same_as_python(certificate._write_integers, empty, out) == 0
    assert same_as_python(certificate._write_booleans, empty.astype(np.bool_), out) == 2


# -- verify.py -----------------------------------------------------------------


def _certified(drawn: EdgeSet) -> tuple[Graph, certificate.Certificate]:
    graph = _graph(drawn)
    return graph, certify(solve(graph))


def _wide(values: npt.NDArray[np.integer]) -> IntArray:
    """As verify reads a certificate's arrays: int64."""
    return np.asarray(values, dtype=np.int64)


@given(Drawn, Seed, st.booleans())
def test_has_edges(drawn: EdgeSet, seed: int, random_pairs: bool) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    mate = _wide(cert.mate)
    matched = np.flatnonzero(mate >= 0)
    us, vs = matched, mate[matched]
    if random_pairs and n:  # what a damaged certificate names: any ids
        rng = np.random.default_rng(seed)
        us = rng.integers(0, n, int(rng.integers(0, 3 * n))).astype(np.int64)
        vs = rng.integers(0, n, us.size).astype(np.int64)
    found = same_as_python(
        verify_module._has_edges, _indptr(graph, seed), graph.indices, us, vs
    )
    if not random_pairs:
        assert bool(np.all(found))
    same_as_python(
        verify_module._has_edges, _indptr(graph, seed), graph.indices, _wide(cert.barrier),
        _wide(cert.barrier_via),
    )  # fmt: skip


@given(Drawn, Seed, st.booleans())
def test_components(drawn: EdgeSet, seed: int, random_removed: bool) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    removed = np.zeros(n, dtype=np.bool_)
    removed[cert.barrier] = True
    if random_removed:
        removed = np.random.default_rng(seed).random(n) < 0.3
    same_as_python(
        verify_module._components, _indptr(graph, seed), graph.indices, removed
    )


@given(Drawn, Seed, st.sampled_from(["none", "ends", "sizes", "random"]))
def test_verify_merges(drawn: EdgeSet, seed: int, damage: str) -> None:
    graph, cert = _certified(drawn)
    n = graph.num_vertices
    rng = np.random.default_rng(seed)
    removed = np.zeros(n, dtype=np.bool_)
    removed[cert.barrier] = True
    edges, sizes = _wide(cert.blossom_edges), _wide(cert.blossom_sizes)
    # damaged as verify's reader lets through: ids in 0..n-1, sizes in
    # 1..n, two ids per edge of the sizes
    if damage == "ends" and edges.size:
        for _ in range(int(rng.integers(1, 4))):
            edges[int(rng.integers(0, edges.size))] = int(rng.integers(0, n))
    elif damage == "sizes" and sizes.size:
        sizes = rng.permutation(sizes)
        cut = int(rng.integers(0, sizes.size))
        if sizes[cut] > 2:  # split one merge in two, keeping the total
            part = int(rng.integers(1, sizes[cut]))
            sizes = np.concatenate([sizes[:cut], [part, sizes[cut] - part], sizes[cut + 1 :]])
    elif damage == "random" and n:
        sizes = rng.integers(1, min(n, 7) + 1, int(rng.integers(0, 5))).astype(np.int64)
        edges = rng.integers(0, n, 2 * int(sizes.sum())).astype(np.int64)
        if rng.random() < 0.5:
            removed = rng.random(n) < 0.2
    problem, _, piece = same_as_python(
        verify_module._merges, _indptr(graph, seed), graph.indices, removed, edges, sizes,
    )  # fmt: skip
    if damage == "none":
        assert problem == 0 and piece.size == n


def test_verify_merges_fixed() -> None:
    """Each problem code, after a good merge has changed the pieces: two
    triangles 0 1 2 and 3 4 5 joined by the edge 2 3."""
    src, dst = [0, 1, 2, 2, 3, 4, 5], [1, 2, 0, 3, 4, 5, 3]
    graph = Graph.from_edges(src, dst, 6)
    good = [0, 1, 1, 2, 2, 0]
    cases = {
        0: ([3, 3], [*good, 3, 4, 4, 5, 5, 3]),
        1: ([3, 4], [*good, 3, 4, 4, 5, 5, 3, 3, 4]),
        2: ([3, 3], [*good, 3, 4, 4, 0, 0, 3]),
        3: ([3, 3], [*good, 3, 4, 4, 5, 5, 3]),
        4: ([3, 3], [*good, 3, 4, 5, 3, 4, 5]),
        5: ([3, 5], [*good, 3, 4, 4, 5, 5, 3, 3, 4, 4, 3]),
    }
    for code, (sizes, edges) in cases.items():
        removed = np.zeros(6, dtype=np.bool_)
        if code == 3:
            removed[5] = True
        problem, at, _ = same_as_python(
            verify_module._merges, graph.indptr, graph.indices, removed,
            np.array(edges, dtype=np.int64), np.array(sizes, dtype=np.int64),
        )  # fmt: skip
        assert (problem, at) == (code, 1 if code else 0)
