"""Certificates: ``verify`` accepts every certificate ``certify`` writes,
its claims agree with the enumeration of every maximum matching, and every
mutation that makes a certificate wrong is caught."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Graph, solve
from bipartite_game.proofs.certificate import Certificate, certify
from bipartite_game.proofs.verify import CertificateError, verify

from .enumeration import maximum_matchings, missed_by_some
from .strategies import EdgeSet, blossomy, examples, graphs


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
