"""The degree-3 Grundy values keep the geography search's budget.

The lines of play of theory/cubic.py run at once when their bound fits
the budget; else a sample of 32 starts is walked first and the rest is
refused at once when the estimate passes the budget (checked by a spy on
the lines' kernel, not by a clock), and the work counted is refused as soon
as it passes.  Through the library (grundy_array, grundy_value, solve_sum,
component_value; the web page's sum boards, at most 200 vertices, cost
less than one state) and through the command line (``graph --nimbers``,
``sum``, ``play sum`` with ``--budget``), where a long run shows a
progress bar at a terminal and nothing when standard error is not one.
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np
import pytest

from bipartite_game.errors import GeographyTooLarge
from bipartite_game.graphs.csr import wide_offsets
from bipartite_game.graphs.graph import Graph
from bipartite_game.theory import cubic
from bipartite_game.theory.game import solve
from bipartite_game.theory.geography.search import Budget, SearchTooLarge
from bipartite_game.theory.nimbers import (
    forest_values,
    grundy_array,
    grundy_value,
    start_values,
)
from bipartite_game.theory.sums import component_value, solve_sum
from tests.support.cli import assert_one_line_error, run, run_on_terminal


def _hexagonal(rows: int, cols: int) -> Graph:
    """A brick-wall hexagonal lattice: a grid keeping every other rung
    (degree 3 inside; most starts worth 3, their options walked as lines)."""
    ids = np.arange(rows * cols).reshape(rows, cols)
    i, j = np.meshgrid(np.arange(rows - 1), np.arange(cols), indexing="ij")
    rungs = (i + j) % 2 == 0
    u = np.r_[ids[:, :-1].ravel(), ids[:-1, :][rungs]]
    v = np.r_[ids[:, 1:].ravel(), ids[1:, :][rungs]]
    return Graph.from_edges(u, v, rows * cols)


def _edge_text(g: Graph) -> str:
    u, v = g.edges()
    return "".join(f"v{a} v{b}\n" for a, b in zip(u.tolist(), v.tolist(), strict=True))


def _bounds(g: Graph) -> tuple[int, int]:
    """The probes' bound, and the lines' bound once every probe has run,
    in steps, as ``cubic_values`` finds them on ``g`` (every start)."""
    sol = solve(g)
    n = g.num_vertices
    indptr = wide_offsets(g.indptr)
    _, component = forest_values(indptr, g.indices)
    state = np.zeros(n, dtype=np.int8)
    state[sol.losing] = 1
    state[sol.barrier] = 2
    mate = sol.mate.astype(np.int64)
    todo = np.ones(n, dtype=np.bool_)
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr))
    sizes = np.bincount(component, weights=state == 0, minlength=n).astype(np.int64)
    caps = cubic._probe_caps(sizes[component])
    known = np.full(g.indices.size, -1, dtype=np.int8)
    decomposed = cubic._Decomposed(indptr, g.indices, mate, state, todo, known, owner, component)
    probe_bound = cubic._probe_bound(decomposed, caps)
    counters = np.zeros(7, dtype=np.int64)
    counters[2] = 1 << 60
    scratch = np.zeros(7 * n, dtype=np.int64)
    cubic._probe_kernel(indptr, g.indices, mate, state, todo, known, caps, scratch, counters)
    line_bound, _ = cubic._line_bound(decomposed)
    return probe_bound, line_bound


class _Spy:
    """Stands in for the lines' kernel: how many starts each call had."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.starts: list[int] = []

    def __call__(self, *args: Any) -> Any:
        self.starts.append(int(args[4].sum()))  # todo
        return self.kernel(*args)


def test_a_budget_with_room_for_the_bounds_answers_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _hexagonal(20, 20)
    probe_bound, line_bound = _bounds(g)
    per = cubic.STEPS_PER_STATE
    room = -(-2 * probe_bound // per) + -(-line_bound // per) + 1
    spy = _Spy(cubic._lines_kernel)
    monkeypatch.setattr(cubic, "_lines_kernel", spy)
    values = grundy_array(g, budget=room)
    assert spy.starts and set(spy.starts) == {400}  # no sample: every start at once
    assert values.tolist() == grundy_array(g, budget=10**9).tolist()


def test_past_the_budget_is_refused_after_a_sample_of_the_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lines' bound passes the budget and so does the estimate from a
    sample of 32 starts: refused before the other starts' lines."""
    g = _hexagonal(30, 30)
    probe_bound, line_bound = _bounds(g)
    per = cubic.STEPS_PER_STATE
    budget = -(-2 * probe_bound // per) + 10
    assert line_bound > 10 * per
    spy = _Spy(cubic._lines_kernel)
    monkeypatch.setattr(cubic, "_lines_kernel", spy)
    with pytest.raises(GeographyTooLarge, match=r"estimated from 32 of the \d+ starts"):
        grundy_array(g, budget=budget)
    assert spy.starts and max(spy.starts) <= cubic._SAMPLE


def test_the_work_counted_is_refused_as_soon_as_it_passes_the_budget() -> None:
    budget = Budget(5)
    assert cubic._charge(budget, 5 * cubic.STEPS_PER_STATE + 7, 0) == 5
    with pytest.raises(SearchTooLarge, match="more than 5 search states"):
        cubic._charge(budget, 6 * cubic.STEPS_PER_STATE, 5)


def test_a_random_subcubic_graph_runs_past_its_loose_bound() -> None:
    """Its bound is far above its work (the searches stop early, the lines
    are short): the sample's estimate lets it run within the budget."""
    rng = np.random.default_rng(3)
    n = 4000
    stubs = rng.permutation(np.repeat(np.arange(n), rng.integers(1, 4, n)))
    stubs = stubs[: stubs.size // 2 * 2]
    u, v = stubs[0::2], stubs[1::2]
    keep = u != v
    g = Graph.from_edges(u[keep], v[keep], n)
    _, line_bound = _bounds(g)
    budget = 200
    assert line_bound > budget * cubic.STEPS_PER_STATE
    assert grundy_array(g, budget=budget).tolist() == grundy_array(g, budget=10**9).tolist()


def test_the_refusal_names_the_budget_and_the_size() -> None:
    g = _hexagonal(20, 20)
    with pytest.raises(GeographyTooLarge) as caught:
        grundy_array(g, budget=3)
    message = str(caught.value)
    assert "(400 vertices, " in message and "--budget" in message and "budget=" in message
    assert "\n" not in message


def test_the_degree_three_method_reads_no_clock() -> None:
    """Its work is bounded by the budget, so its answer never depends on the
    machine's load: no refusal for time."""
    g = _hexagonal(40, 40)
    assert grundy_array(g, seconds=1e-9).tolist() == grundy_array(g).tolist()


def test_cycles_and_positions_on_paths_cost_nothing() -> None:
    """A cycle's closed form and a path's forest rule take no budget at all,
    at any size, mid-game too."""
    n = 100_000
    ring = np.arange(n)
    g = Graph.from_edges(ring, (ring + 1) % n, n)
    assert set(grundy_array(g, budget=1, seconds=1e-6).tolist()) == {1}
    assert grundy_value(g, 5, [4], budget=1, seconds=1e-6) == (n - 2) % 2


def test_a_position_keeps_the_budget() -> None:
    """One start worth 3 walks two lines, each through much of the lattice:
    some 5000 steps on 60x60, more than one state."""
    g = _hexagonal(60, 60)
    values = grundy_array(g)
    start = int(np.flatnonzero(values == 3)[0])
    with pytest.raises(GeographyTooLarge, match="--budget"):
        grundy_value(g, start, budget=1)
    assert grundy_value(g, start) == 3


def _worth_three(g: Graph) -> int:
    """A start worth 3: its two options off its partner walk lines."""
    return int(np.flatnonzero(grundy_array(g) == 3)[0])


def test_sums_keep_the_budget() -> None:
    g = _hexagonal(60, 60)
    start = _worth_three(g)
    with pytest.raises(GeographyTooLarge, match="--budget"):
        solve_sum([(g, start), (g, 5)], budget=1)
    with pytest.raises(GeographyTooLarge, match="--budget"):
        component_value(g, start, budget=1)
    assert component_value(g, start) == 3 == solve_sum([(g, start)]).values[0]


def test_a_sum_values_its_tokens_starts_alone() -> None:
    """A lattice whose every start is past the default budget: a sum on it
    values the token's start alone, within the budget, and as the whole
    array would (checked on a smaller lattice)."""
    big = _hexagonal(200, 200)
    with pytest.raises(GeographyTooLarge, match="--budget"):
        grundy_array(big)
    assert solve_sum([(big, 20_100)]).values[0] == grundy_value(big, 20_100)
    small = _hexagonal(12, 12)
    values = grundy_array(small)
    picked = [5, 77, 0, 143, 77]
    assert start_values(small, picked).tolist() == values[picked].tolist()


# --- the command line ---


def test_graph_nimbers_past_the_budget_is_one_line() -> None:
    text = _edge_text(_hexagonal(20, 20))
    done = run("graph", "-", "--nimbers", "--budget", "5", stdin=text)
    assert_one_line_error(done, "--budget", "400 vertices", "more than 5 search states")
    done = run("graph", "-", "--nimbers", stdin=text)
    assert done.status == 0 and done.stdout.count(b"\n") == 400


@pytest.mark.parametrize("bad", ["0", "-3", "x", "1e3"])
def test_a_bad_budget_is_one_line(bad: str) -> None:
    done = run("graph", "-", "--nimbers", "--budget", bad, stdin="a b\n")
    assert_one_line_error(done, "--budget", "expected a whole number", bad)


def test_sum_and_play_sum_keep_the_budget() -> None:
    g = _hexagonal(60, 60)
    text = f"@graph v{_worth_three(g)}\n" + _edge_text(g)
    refused = ("--budget", "more than 1 search states", "3600 vertices")
    assert_one_line_error(run("sum", "-", "--budget", "1", stdin=text), *refused)
    assert run("sum", "-", stdin=text).status == 0
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"cubic-sum-{os.getpid()}.txt")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:
        assert_one_line_error(run("play", "sum", path, "--budget", "1"), *refused)
    finally:
        os.remove(path)


def test_a_long_run_shows_a_progress_bar_at_a_terminal_only(tmp_path: Any) -> None:
    path = tmp_path / "hexagonal.txt"
    path.write_text(_edge_text(_hexagonal(60, 60)))
    shown, out, status = run_on_terminal("graph", str(path), "--nimbers", "--budget", "10000000")
    assert status == 0 and out.count(b"\n") == 3600
    assert "bipartite-game: solve > degree 3: lines [" in shown
    assert "%] ... " in shown or "%" in shown
    assert shown.endswith("\x1b[K") and "\n" not in shown  # erased, nothing left
    env = dict(os.environ, BIPARTITE_GAME_PROGRESS_AFTER="0")
    piped = run("graph", str(path), "--nimbers", "--budget", "10000000", env=env)
    assert piped.status == 0 and piped.stderr == ""
    assert piped.stdout == out


def _random_cubic(n: int, seed: int) -> str:
    rng = np.random.default_rng(seed)
    stubs = rng.permutation(np.repeat(np.arange(n), 3))
    u, v = np.minimum(stubs[0::2], stubs[1::2]), np.maximum(stubs[0::2], stubs[1::2])
    keep = u != v
    pairs = np.unique(np.stack([u[keep], v[keep]], axis=1), axis=0)
    lines = np.char.add(np.char.add(pairs[:, 0].astype(str), " "), pairs[:, 1].astype(str))
    return "\n".join(lines.tolist()) + "\n"


@pytest.mark.slow
def test_a_random_cubic_graph_of_two_hundred_thousand_vertices_answers(tmp_path: Any) -> None:
    """The issue's case: answered (or refused in one line) within the default
    budget; the budget bounds its time, about 10 s at most here."""
    path = tmp_path / "cubic.txt"
    path.write_text(_random_cubic(200_000, 7))
    began = time.monotonic()
    done = run("graph", str(path), "--nimbers", "--seconds", "600")
    assert time.monotonic() - began < 120  # generous: a loaded machine
    assert done.status == 0, done.stderr
    assert done.stdout.count(b"\n") == 200_000
