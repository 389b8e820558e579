"""Certificates name their vertices (issue 33): ``verify(H, certify(G))``
holds whenever ``H`` is ``G`` built in another vertex or edge order, by any
constructor, and a certificate whose names are not the graph's is refused
with a verdict that says which names differ (never ``claim failed``)."""

from __future__ import annotations

import dataclasses
import json
import pickle
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import Certificate, Graph, certify, solve, verify
from bipartite_game.errors import BipartiteGameError
from bipartite_game.proofs.verify import CertificateError
from tests.support.strategies import EdgeSet, blossomy, examples, graphs

#: A graph named by labels: its vertices (isolated ones too) and its edges.
Named = tuple[list[Hashable], list[tuple[Hashable, Hashable]]]

#: Label kinds a user's graph has: strings, integers that are not the ids
#: ``0 .. n-1`` (nor in their order), tuples (a networkx grid's nodes).
LABEL_KINDS: dict[str, Callable[[int], Hashable]] = {
    "str": lambda k: f"v{k}",
    "int": lambda k: 1000 - 7 * k,
    "tuple": lambda k: (k % 3, f"x{k}"),
}


def named(case: EdgeSet, kind: str) -> Named:
    n, edges = case
    name = LABEL_KINDS[kind]
    return [name(k) for k in range(n)], [(name(u), name(v)) for u, v in edges]


@st.composite
def orders(draw: st.DrawFn, graph: Named) -> Named:
    """The same graph listed in another order: vertices permuted, edges
    permuted and each maybe reversed."""
    vertices, edges = graph
    vertices = draw(st.permutations(vertices))
    edges = draw(st.permutations(edges))
    flips = draw(st.lists(st.booleans(), min_size=len(edges), max_size=len(edges)))
    return list(vertices), [
        (b, a) if flip else (a, b) for (a, b), flip in zip(edges, flips, strict=True)
    ]


def as_networkx(graph: Named) -> nx.Graph:
    vertices, edges = graph
    out = nx.Graph()
    out.add_nodes_from(vertices)
    out.add_edges_from(edges)
    return out


def builds(graph: Named) -> list[tuple[str, Any]]:
    """``graph`` as each constructor builds it from this order: a networkx
    graph, ``Graph.from_networkx``, ``Graph.from_edges`` with ids and
    labels, with labels as ends, ``Graph.from_edge_list`` of pairs and of
    text (where the constructor can say the graph)."""
    vertices, edges = graph
    number = {x: i for i, x in enumerate(vertices)}
    made: list[tuple[str, Any]] = [
        ("networkx", as_networkx(graph)),
        ("from_networkx", Graph.from_networkx(as_networkx(graph))),
        (
            "from_edges ids",
            Graph.from_edges(
                [number[a] for a, _ in edges],
                [number[b] for _, b in edges],
                len(vertices),
                labels=vertices,
            ),
        ),
    ]
    if not all(isinstance(x, int) for x in vertices):  # ints as ends are ids
        ends: tuple[Any, Any] = ([a for a, _ in edges], [b for _, b in edges])  # labels
        made.append(("from_edges labels", Graph.from_edges(*ends, labels=vertices)))
    touched = {x for edge in edges for x in edge}
    if touched == set(vertices):  # pairs cannot name an isolated vertex
        made.append(("from_edge_list pairs", Graph.from_edge_list(edges)))
    if vertices and all(" " not in str(x) for x in vertices):  # text: a label a token
        lone = [f"{x}\n" for x in vertices if x not in touched]
        text = "".join(lone + [f"{a} {b}\n" for a, b in edges])
        made.append(("from_edge_list text", Graph.from_edge_list(text)))
    return made


@settings(deadline=None, max_examples=examples(80))
@given(
    st.one_of(graphs(max_vertices=9), blossomy()),
    st.sampled_from(sorted(LABEL_KINDS)),
    st.data(),
)
def test_a_certificate_verifies_against_every_order_of_its_graph(
    case: EdgeSet, kind: str, data: st.DataObject
) -> None:
    graph = named(case, kind)
    made = [b for _ in range(2) for b in builds(data.draw(orders(graph)))]
    certificates = [(name, certify(g)) for name, g in made]
    for name, certificate in certificates:
        text = certificate.to_json()
        for other, g in made:
            for given_as in (certificate, text):
                verdict = verify(g, given_as)
                assert verdict.ok, (name, other, verdict)
                assert str(verdict) == (
                    f"verified: {len(graph[0])} vertices, matching of size "
                    f"{certificate.matching_size}"
                )


@settings(deadline=None, max_examples=40)
@given(st.one_of(graphs(max_vertices=8), blossomy(small=True)), st.data())
def test_the_claims_read_by_name_are_the_solvers(case: EdgeSet, data: st.DataObject) -> None:
    """What the certificate says of a vertex, read by its name in another
    order, is what the solver says of that vertex there."""
    graph = named(case, "str")
    g = Graph.from_networkx(as_networkx(data.draw(orders(graph))))
    h = as_networkx(data.draw(orders(graph)))
    document = json.loads(certify(g).to_json())
    claims = dict(zip(document["labels"], document["first_player_wins"], strict=True))
    assert claims == {v: w == "first" for v, w in solve(h).winners().items()}
    assert verify(h, certify(g)).ok


def test_the_issue_path_in_two_orders() -> None:
    """The report: a path certified as ``a b c`` and checked against the
    same path built from ``(b, a), (b, c)`` was accused of a false
    matching."""
    g = nx.path_graph(["a", "b", "c"])
    h = nx.Graph([("b", "a"), ("b", "c")])
    for certificate in (certify(g), certify(g).to_json()):
        assert str(verify(h, certificate)) == "verified: 3 vertices, matching of size 1"
    assert verify(Graph.from_edge_list("c b\nb a\n"), certify(g)).ok


def test_an_unlabelled_graphs_certificate_names_its_ids() -> None:
    """Without labels the names are the ids ``"0" .. "n-1"``: a labelled
    graph of those integers in another order reads them by name."""
    g = Graph.from_edges([0, 1], [1, 2])
    h = nx.Graph()
    h.add_nodes_from([2, 0, 1])
    h.add_edges_from([(1, 2), (1, 0)])
    assert json.loads(certify(g).to_json())["labels"] == ["0", "1", "2"]
    assert verify(h, certify(g)).ok
    assert verify(g, certify(h)).ok


def test_a_hand_built_certificate_speaks_of_the_graphs_ids() -> None:
    """No graph, no names: its ids are the ids of the graph it is checked
    against (as before names were read), and ``dataclasses.replace`` makes
    one too."""
    g = Graph.from_edge_list([("a", "b"), ("b", "c")])
    made = certify(g)
    arrays = {f.name: getattr(made, f.name) for f in dataclasses.fields(made)}
    for by_hand in (Certificate(**arrays), dataclasses.replace(made)):
        assert by_hand.graph is None and not by_hand.is_labelled
        assert json.loads(by_hand.to_json())["labels"] == ["0", "1", "2"]
        assert verify(g, by_hand).ok


# ----------------------------------------------------------------- mismatches


def path_abc() -> tuple[nx.Graph, Certificate]:
    g = nx.Graph([("a", "b"), ("b", "c")])
    return g, certify(g)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda h: nx.relabel_nodes(h, {"c": "z"}),
            "vertex names differ: the graph has 1 vertex ('z') the certificate does not name; "
            "the certificate names 1 vertex ('c') the graph does not have",
        ),
        (
            lambda h: h.subgraph(["a", "b"]),
            "vertex names differ: the certificate names 1 vertex ('c') the graph does not have",
        ),
        (
            lambda h: nx.compose(h, nx.Graph([("c", "d")])),
            "vertex names differ: the graph has 1 vertex ('d') the certificate does not name",
        ),
        (
            lambda h: nx.relabel_nodes(h, {"a": "A", "b": "B", "c": "C"}),
            "vertex names differ: the graph has 3 vertices ('A', 'B', 'C') the certificate "
            "does not name; the certificate names 3 vertices ('a', 'b', 'c') the graph does "
            "not have",
        ),
    ],
    ids=["renamed", "missing", "extra", "all renamed"],
)
def test_other_names_are_refused_naming_them(
    change: Callable[[nx.Graph], nx.Graph], message: str
) -> None:
    g, certificate = path_abc()
    h = change(g)
    for given_as in (certificate, certificate.to_json()):
        verdict = verify(h, given_as)
        assert not verdict.ok and str(verdict) == message


def test_many_other_names_are_counted_and_a_few_quoted() -> None:
    g = nx.path_graph([f"v{k}" for k in range(10)])
    h = nx.path_graph([f"w{k}" for k in range(10)])
    verdict = str(verify(h, certify(g)))
    assert verdict == (
        "vertex names differ: the graph has 10 vertices ('w0', 'w1', 'w2', and 7 more) the "
        "certificate does not name; the certificate names 10 vertices ('v0', 'v1', 'v2', "
        "and 7 more) the graph does not have"
    )


@settings(deadline=None, max_examples=60)
@given(st.one_of(graphs(max_vertices=8), blossomy(small=True)), st.data())
def test_another_edge_set_fails_only_where_a_claim_fails(
    case: EdgeSet, data: st.DataObject
) -> None:
    """One edge added or removed, the graph listed in another order: the
    names agree, so the verdict is never about names; it is ``claim
    failed`` or verified, and verified only when every claim is true of
    the changed graph (by the solver, read by name)."""
    n, edges = case
    if n < 2:
        return
    graph = named(case, "str")
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    u, v = data.draw(st.sampled_from(pairs))
    present = {(min(a, b), max(a, b)) for a, b in edges}
    changed = [e for e in edges if (min(e), max(e)) != (u, v)]
    if (u, v) not in present:
        changed.append((u, v))
    other = data.draw(orders(named((n, changed), "str")))
    h = as_networkx(other)
    certificate = certify(as_networkx(data.draw(orders(graph))))
    verdict = verify(h, certificate)
    if not verdict.ok:
        assert str(verdict).startswith("claim failed: "), verdict
        return
    claims = dict(zip(certificate.names(), certificate.first_player_wins.tolist(), strict=True))
    assert claims == {x: w == "first" for x, w in solve(h).winners().items()}


def test_an_edge_that_changes_no_claim_still_verifies() -> None:
    """Two paths ``a b c`` and ``d e f``: ``b`` and ``e`` win, the ends
    lose.  An edge ``b e`` joins two barrier vertices: the claims and their
    proof still hold, and the certificate verifies.  Removing a matched
    edge breaks the matching it claims: that claim fails, by name."""
    g = nx.Graph([("a", "b"), ("b", "c"), ("d", "e"), ("e", "f")])
    certificate = certify(g)
    assert certificate.names() == ["a", "b", "c", "d", "e", "f"]
    joined = nx.Graph([("e", "b"), *g.edges])
    assert verify(joined, certificate).ok
    claims = dict(zip("abcdef", certificate.first_player_wins.tolist(), strict=True))
    assert claims == {x: w == "first" for x, w in solve(joined).winners().items()}
    mate = certificate.mate.tolist()
    partner = certificate.names()[mate[1]]  # b's
    cut = nx.Graph(g)
    cut.remove_edge("b", partner)
    first, second = sorted(["b", partner])  # the graph's order: a b c d e f
    assert str(verify(cut, certificate)) == (
        f"claim failed: mate: vertex {first!r} is matched to vertex {second!r}, but they are "
        "not adjacent"
    )


def test_names_the_graph_repeats_are_matched_only_in_order() -> None:
    """``1`` and ``"1"`` are two nodes but one name: in the graph's own
    order the certificate checks; in another it cannot be matched, and the
    verdict says why."""
    g = nx.Graph([(1, "1"), ("1", "x")])
    certificate = certify(g)
    assert verify(g, certificate).ok
    h = nx.Graph()
    h.add_nodes_from(["x", "1", 1])
    h.add_edges_from(g.edges)
    verdict = verify(h, certificate)
    assert not verdict.ok
    assert str(verdict).startswith("vertex names differ in order, and the graph names two")


def test_a_certificate_naming_a_vertex_twice_is_unreadable() -> None:
    _, certificate = path_abc()
    document = json.loads(certificate.to_json())
    document["labels"] = ["a", "b", "a"]
    with pytest.raises(CertificateError, match="'labels' names 'a' twice"):
        verify(nx.Graph([("b", "a"), ("b", "c")]), json.dumps(document))


# ------------------------------------------------------ to_json, repr, picture


def test_to_json_is_json_text() -> None:
    _, certificate = path_abc()
    text = certificate.to_json()
    assert isinstance(text, str) and text.isascii() and not text.endswith("\n")
    assert json.loads(text)["labels"] == ["a", "b", "c"]
    for labels in (["a", "b", "c"], b"a\nb\nc\n"):
        assert json.loads(certificate.to_json(labels)) == json.loads(text)
    unicode = certify(nx.Graph([("é", "\udcff")])).to_json()
    assert unicode.isascii() and json.loads(unicode)["labels"] == ["é", "\udcff"]


@pytest.mark.parametrize(
    ("moves", "written"),
    [("rook", "rook"), (" King ", "king"), ("KNIGHT", "knight"), (" 2 , 1", "2,1"), ("0,1", "0,1")],
)
def test_to_json_records_a_move_set(moves: str, written: str) -> None:
    _, certificate = path_abc()
    assert json.loads(certificate.to_json(moves=moves))["moves"] == written
    assert "moves" not in json.loads(certificate.to_json())


@pytest.mark.parametrize(
    ("moves", "match"), [("queen", "unknown move set 'queen'"), (3, "not int")]
)
def test_to_json_refuses_what_is_no_move_set(moves: Any, match: str) -> None:
    _, certificate = path_abc()
    with pytest.raises(BipartiteGameError, match=match):
        certificate.to_json(moves=moves)


def test_the_repr_says_what_the_certificate_holds() -> None:
    _, certificate = path_abc()
    assert repr(certificate) == (
        "Certificate(num_vertices=3, matching_size=1, losing_starts=2, barrier_size=1, "
        "blossom_merges=0, labelled=True)"
    )
    bowtie = certify(Graph.from_edges([0, 1, 2, 0, 3, 4], [1, 2, 0, 3, 4, 0]))
    assert repr(bowtie) == (
        "Certificate(num_vertices=5, matching_size=2, losing_starts=5, barrier_size=0, "
        "blossom_merges=2, labelled=False)"
    )
    again = pickle.loads(pickle.dumps(certificate))
    assert repr(again) == repr(certificate) and again.names() == ["a", "b", "c"]


def _svg(certificate: Certificate) -> ET.Element:
    root = ET.fromstring(certificate._repr_svg_())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_the_picture_draws_the_claims_and_witnesses() -> None:
    """``h`` with two leaves and a triangle hung from it: ``h`` is the
    barrier, every other vertex loses; one ``via`` edge, one merge of three."""
    svg = "{http://www.w3.org/2000/svg}"
    g = nx.Graph([("h", "t1"), ("h", "t2"), ("h", "x"), ("x", "y"), ("y", "z"), ("z", "x")])
    root = _svg(certify(g))
    vertices = {
        c.findtext(f"{svg}title"): c.get("class", "")
        for c in root.iter(f"{svg}circle")
        if "vertex" in c.get("class", "")
    }
    assert vertices == {
        "h": "vertex barrier",
        **{x: "vertex losing" for x in ("t1", "t2", "x", "y", "z")},
    }
    classes = [line.get("class", "") for line in root.iter(f"{svg}line")]
    assert classes.count("matching") == 2
    assert classes.count("edge via") == 1 and classes.count("edge blossom") == 3
    assert "the barrier A: claimed true" in "".join(root.itertext())  # the legend


def test_without_a_graph_or_too_large_the_picture_is_a_summary() -> None:
    _, certificate = path_abc()
    arrays = {f.name: getattr(certificate, f.name) for f in dataclasses.fields(certificate)}
    text = "".join(_svg(Certificate(**arrays)).itertext())
    assert "labelled=False" in text and "no graph to draw" in text
    large = certify(nx.path_graph(300))
    assert "too large to draw" in "".join(_svg(large).itertext())
