"""``Graph.from_successors``: the game graph of a start state and a successor function."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import product
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import BipartiteGameError, Graph, solve
from bipartite_game.brute import geography_losing_starts

Relation = dict[int, list[int]]


@st.composite
def relations(draw: st.DrawFn) -> tuple[int, Relation]:
    """A start and a successor relation on a few states, not necessarily
    symmetric, with self-loops and repeats allowed."""
    n = draw(st.integers(1, 9))
    succ = {v: draw(st.lists(st.integers(0, n - 1), max_size=4)) for v in range(n)}
    return draw(st.integers(0, n - 1)), succ


def _reachable(start: int, succ: Relation) -> list[int]:
    seen, queue = {start}, [start]
    for u in queue:
        for v in succ[u]:
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return queue


def _label_edges(graph: Graph) -> set[frozenset[Hashable]]:
    u, v = graph.edges()
    return {
        frozenset((graph.label(a), graph.label(b)))
        for a, b in zip(u.tolist(), v.tolist(), strict=True)
    }


@given(relations())
def test_the_graph_is_the_union_of_the_moves_from_reachable_states(
    case: tuple[int, Relation],
) -> None:
    start, succ = case
    graph = Graph.from_successors(start, lambda s: succ[s])
    reach = _reachable(start, succ)
    assert graph.labels == tuple(reach)  # breadth-first order, the start first
    direct = {frozenset((u, v)) for u in reach for v in succ[u] if u != v}
    assert _label_edges(graph) == direct


@given(relations())
def test_on_a_symmetric_relation_it_is_the_start_s_component(case: tuple[int, Relation]) -> None:
    start, succ = case
    sym: Relation = {v: [] for v in succ}
    for u, targets in succ.items():
        for v in targets:
            sym[u].append(v)
            sym[v].append(u)
    graph = Graph.from_successors(start, lambda s: sym[s])
    whole = Graph.from_edges(
        [u for u in sym for _ in sym[u]], [v for u in sym for v in sym[u]], len(sym)
    )
    component = whole.component(start)
    assert component is not None
    assert sorted(cast(list[int], graph.labels)) == component.nonzero()[0].tolist()
    losing = solve(whole).losing
    ours = solve(graph).losing
    for vertex, state in enumerate(graph.labels or []):
        assert bool(ours[vertex]) == bool(losing[cast(int, state)])


def digits(state: Hashable) -> Iterator[str]:
    """Strings over {0, 1, 2}: change one digit by one."""
    assert isinstance(state, str)
    for i, d in enumerate(state):
        for e in (int(d) - 1, int(d) + 1):
            if 0 <= e <= 2:
                yield state[:i] + str(e) + state[i + 1 :]


def test_states_keep_their_labels() -> None:
    graph = Graph.from_successors("00", digits)
    assert graph.num_vertices == 9 and graph.num_edges == 12
    assert graph.label(0) == "00" and graph.index("21") > 0
    # a path 0-1-2 squared: the corner loses for the mover, the middle side wins
    solution = solve(graph)
    assert not solution.first_player_wins("00")  # a labelled graph takes its labels
    assert solution.first_player_wins("01")


def test_past_the_limit_it_stops_and_says_how_to_go_on() -> None:
    with pytest.raises(BipartiteGameError, match=r"more than 50 states .* limit="):
        Graph.from_successors(0, lambda n: [cast(int, n) + 1], limit=50)
    assert Graph.from_successors("000", digits, limit=27).num_vertices == 27


@pytest.mark.parametrize("limit", [0, -3, 1.5, True])
def test_a_bad_limit_is_refused(limit: object) -> None:
    with pytest.raises(BipartiteGameError, match="limit"):
        Graph.from_successors(0, lambda n: [], limit=limit)  # type: ignore[arg-type]


def test_unhashable_states_are_refused() -> None:
    with pytest.raises(BipartiteGameError, match="hashable"):
        Graph.from_successors((0,), lambda s: [[1]])


def test_a_state_alone() -> None:
    graph = Graph.from_successors("end", lambda s: [s])
    assert graph.num_vertices == 1 and graph.num_edges == 0
    assert not solve(graph).first_player_wins("end")


@given(st.integers(1, 3), st.data())
def test_brute_force_agrees_on_digit_games(length: int, data: st.DataObject) -> None:
    """Strings over {0, 1, 2} without some forbidden ones, against an
    exhaustive search on the adjacency written from the rules."""
    every = ["".join(p) for p in product("012", repeat=length)]
    forbidden = set(data.draw(st.sets(st.sampled_from(every), max_size=len(every) - 1)))
    allowed = [s for s in every if s not in forbidden]
    if length == 3 and len(allowed) > 16:
        allowed = allowed[:16]  # keep the exhaustive search small
    start = data.draw(st.sampled_from(allowed))
    kept = set(allowed)
    graph = Graph.from_successors(start, lambda s: [t for t in digits(s) if t in kept])
    adjacency = [[allowed.index(t) for t in digits(s) if t in kept] for s in allowed]
    truth = geography_losing_starts(adjacency)
    losing = solve(graph).losing
    for vertex, state in enumerate(graph.labels or []):
        assert bool(losing[vertex]) == truth[allowed.index(state)]  # type: ignore[arg-type]
