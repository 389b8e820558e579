"""``bipartite-game lock`` against the exhaustive search of the rules."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.graphs.boards import lock_board
from bipartite_game.problems import lock
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.problems import LockCase, lock_brute, lock_cases, lock_code
from tests.support.strategies import examples, tiered


@settings(max_examples=examples(300))
@given(lock_cases())
def test_lock_agrees_with_brute_force(case: LockCase) -> None:
    rings, size, wrap, forbidden, start = case
    got = lock.solve_case(rings, size, np.array(forbidden, dtype=np.int64), start, wrap=wrap)
    assert got == lock_brute(rings, size, wrap, forbidden, start)


@settings(max_examples=examples(40))
@given(st.lists(lock_cases(), min_size=1, max_size=3))
def test_command_agrees_with_brute_force(cases: list[LockCase]) -> None:
    # one run of the command per option set, several cases each
    for size, wrap in {(c[1], c[2]) for c in cases}:
        chosen = [c for c in cases if (c[1], c[2]) == (size, wrap)]
        lines = [str(len(chosen))]
        for rings, _, _, forbidden, start in chosen:
            lines.append(f"{rings} {len(forbidden)} {lock_code(start, size, rings)}")
            lines.extend(lock_code(c, size, rings) for c in forbidden)
        args = ["lock", "--ring", str(size)] + ([] if wrap else ["--no-wrap"])
        expected = b"".join(
            b"Alice\n" if lock_brute(r, size, wrap, f, s) else b"Bob\n" for r, _, _, f, s in chosen
        )
        assert run(*args, stdin="\n".join(lines) + "\n").stdout == expected


@settings(max_examples=examples(100))
@given(
    st.integers(4, 6),
    st.booleans(),
    st.integers(0, 2**32 - 1),
    st.integers(1, 8),
    st.floats(0, 0.3),
)
def test_a_start_walled_into_a_small_pocket(
    size: int, wrap: bool, seed: int, pocket_size: int, density: float
) -> None:
    """The start's component is small, so it is cut out and solved alone;
    the brute force, which only explores what the start reaches, agrees."""
    rings = 3
    total = size**rings
    rng = np.random.default_rng(seed)
    adjacency = brute.lock_adjacency(rings, size, wrap=wrap)
    start = int(rng.integers(total))
    pocket = {start}
    while len(pocket) < pocket_size:
        frontier = sorted({w for v in pocket for w in adjacency[v]} - pocket)
        if not frontier:
            break
        pocket.add(int(rng.choice(frontier)))
    wall = {w for v in pocket for w in adjacency[v]} - pocket
    extra = {int(c) for c in np.flatnonzero(rng.random(total) < density)} - pocket
    forbidden = sorted(wall | extra)
    board = lock_board(rings, size, np.array(forbidden, dtype=np.int64), start, wrap=wrap)
    if len(pocket) <= (total - len(forbidden)) // 16:
        assert board.graph.num_vertices == len(pocket)  # cut out, and nothing else
    got = lock.solve_case(rings, size, np.array(forbidden, dtype=np.int64), start, wrap=wrap)
    assert got == lock_brute(rings, size, wrap, forbidden, start)


def test_odd_rings_that_wrap_are_solved_as_general_graphs() -> None:
    # one ring of 3 is a triangle: every start loses for the mover
    assert not lock.solve_case(1, 3, np.array([], dtype=np.int64), 0, wrap=True)
    assert lock.solve_case(1, 3, np.array([2], dtype=np.int64), 0, wrap=True)


@pytest.mark.parametrize("rings", range(1, 7))
def test_three_position_rings_without_wrap_are_second_player_wins(rings: int) -> None:
    # strings over {0, 1, 2}, one digit changes by one, start 0...0
    assert not lock.solve_case(rings, 3, np.array([], dtype=np.int64), 0, wrap=False)
    if rings <= 2:
        assert not lock_brute(rings, 3, False, [], 0)


@pytest.mark.parametrize("case", golden_cases("lock"), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("lock", str(case))
    assert result.status == 0, result.stderr
    assert result.stdout == case.with_suffix(".out").read_bytes()


@pytest.mark.parametrize(
    ("text", "args", "fragments"),
    tiered(
        [
            ("", (), ("end of input", "T")),
            ("x\n", (), ("line 1", "number of cases")),
            ("1\n2 1 00\n0a\n", (), ("line 3", "'0a'")),
            ("1\n2 1 00\n012\n", (), ("line 3", "2 digits")),
            ("1\n2 2 00\n01\n", (), ("end of input", "2 codes")),
            ("1\n2 2 00\n01\n01\n", (), ("line 4", "listed twice")),
            ("1\n2 1 00\n00\n", (), ("line 3", "start code")),
            ("1\n0 0 0\n", (), ("line 2", "m must be at least 1")),
            ("1\n1 10 0\n", (), ("line 2", "less than")),
            ("1\n1 0 5\n", ("--ring", "4"), ("line 2", "0 to 3")),
            ("1\n1 0 0\n7\n", (), ("line 3", "end of input")),
            ("1\n1 0 0\n", ("--ring", "11"), ("--ring",)),
        ]
    ),
)
def test_bad_input_is_one_line_and_status_2(
    text: str, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    assert_one_line_error(run("lock", *args, stdin=text), *fragments)
