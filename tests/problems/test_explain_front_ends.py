"""``lock --explain`` and ``king --explain``: the verdict agrees with the
exhaustive search of the rules, and every path printed is a walk of legal
moves, named as the judge names codes and squares."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import numpy as np
from hypothesis import given, settings

from bipartite_game.problems import king, lock
from tests.support.cli import run
from tests.support.problems import (
    LockCase,
    king_boards,
    king_brute,
    king_text,
    lock_brute,
    lock_cases,
    lock_code,
)
from tests.support.strategies import examples

_PATH = re.compile(r"even alternating path: (.*)$", re.MULTILINE)


def path_of(proof: str, name: str) -> list[str]:
    """The vertices of the printed path (names may hold a space: ``row col``)."""
    found = _PATH.search(proof)
    if found is None:
        return [name]
    return [step.strip() for step in re.split(r" [-=] ", found.group(1))]


def spin_apart(a: str, b: str, size: int, wrap: bool) -> bool:
    turned = [(int(x), int(y)) for x, y in zip(a, b, strict=True) if x != y]
    if len(turned) != 1:
        return False
    x, y = turned[0]
    return abs(x - y) == 1 or (wrap and {x, y} == {0, size - 1})


def check_walk(path: list[str], adjacent: Callable[[str, str], bool]) -> None:
    assert len(path) % 2 == 1 and len(set(path)) == len(path)
    for a, b in pairwise(path):
        assert adjacent(a, b), (a, b)


@settings(max_examples=examples(150), deadline=None)
@given(lock_cases())
def test_lock_explanations_agree_with_brute_force(case: LockCase) -> None:
    rings, size, wrap, forbidden, start = case
    alice, proof = lock.explain_case(
        rings, size, np.array(forbidden, dtype=np.int64), start, wrap=wrap
    )
    assert alice == lock_brute(rings, size, wrap, forbidden, start)
    name = lock_code(start, size, rings)
    assert proof.startswith(f"{name}: {'first' if alice else 'second'}")
    if not alice:
        path = path_of(proof, name)
        assert path[-1] == name
        assert all(len(code) == rings for code in path)
        assert not {int(code, size) for code in path} & set(forbidden)
        check_walk(path, lambda a, b: spin_apart(a, b, size, wrap))


@settings(max_examples=examples(150), deadline=None)
@given(king_boards(max_side=6))
def test_king_explanations_agree_with_brute_force(rows: list[str]) -> None:
    cells = np.frombuffer("".join(rows).encode(), dtype=np.uint8).reshape(len(rows), -1)
    alice, proof = king.explain_king(cells)
    assert alice == king_brute(rows)
    i = next(i for i, row in enumerate(rows) if "K" in row)
    name = f"{i + 1} {rows[i].index('K') + 1}"
    assert proof.startswith(f"{name}: {'first' if alice else 'second'}")

    def adjacent(a: str, b: str) -> bool:
        (r1, c1), (r2, c2) = (map(int, a.split()), map(int, b.split()))
        return max(abs(r1 - r2), abs(c1 - c2)) == 1 and rows[r2 - 1][c2 - 1] != "#"

    if not alice:
        path = path_of(proof, name)
        assert path[-1] == name
        check_walk(path, adjacent)


def test_lock_explain_on_the_command_line() -> None:
    text = "2\n1 0 5\n2 2 00\n01\n10\n"
    result = run("lock", "--explain", stdin=text)
    assert result.status == 0, result.stderr
    out = result.stdout.decode()
    assert out.startswith("case 1: Alice\n5: first (the player to move wins)\n")
    assert "case 2: Bob\n00: second (the player to move loses)\n" in out
    assert run("lock", stdin=text).stdout == b"Alice\nBob\n"


def test_king_explain_on_the_command_line() -> None:
    text = king_text([["K.", "#."], ["K."]])
    result = run("king", "--explain", stdin=text)
    assert result.status == 0, result.stderr
    out = result.stdout.decode()
    plain = run("king", stdin=text).stdout.decode().splitlines()
    assert [line for line in out.splitlines() if line.startswith("Case #")] == plain
    assert "\n1 1: " in out
