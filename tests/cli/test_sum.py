"""``bipartite-game sum`` run as a user runs it: golden files, hostile and
degenerate inputs (one line, exit 2), and random sums against the
exhaustive search of the multi-token game."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game import brute
from tests.support.cli import assert_one_line_error, golden_cases, run
from tests.support.paths import GOLDEN
from tests.support.strategies import adjacency, examples, graphs, mazes, tiered


@pytest.mark.parametrize("case", tiered(golden_cases("sum")), ids=lambda p: p.stem)
def test_golden(case: Path) -> None:
    result = run("sum", str(case))
    assert result.status == 0, result
    assert result.stdout == case.with_suffix(".out").read_bytes()


def test_json_shape() -> None:
    case = GOLDEN / "sum" / "two-mazes.in"
    document = json.loads(run("sum", "--format", "json", str(case)).stdout)
    assert document == {
        "problem": "sum",
        "components": 2,
        "grundy_values": [1, 2],
        "nim_sum": 3,
        "first_player_wins": True,
        "move": {"component": 2, "to": [2, 3]},
    }
    lost = json.loads(run("sum", "--format", "json", stdin="@graph a\na b\nb c\n").stdout)
    assert lost["first_player_wins"] is False and "move" not in lost


def test_moves_option_reaches_the_mazes() -> None:
    text = "@maze 1 1\n2 3\n...\n...\n"
    # rook: a 2x3 grid has a perfect matching, the mover wins; a knight
    # on (1,1) of a 2x3 board reaches (2,3) only, then nothing: value 1
    assert run("sum", stdin=text).stdout.startswith(b"first\n")
    assert run("sum", "--moves", "knight", stdin=text).stdout == b"first\n1 2 3\n"


@pytest.mark.parametrize(
    ("text", "fragments"),
    tiered([
        ("", ["no component"]),
        ("\n# only a comment\n\n", ["no component"]),
        ("a b\n", ["line 1", "expected a header"]),
        ("@graph\na b\n", ["line 1", "needs the token's start"]),
        ("@graph z\na b\n", ["line 1", "'z' is not a vertex"]),
        ("@graph a\n", ["line 1", "no vertices"]),
        ("@graph a\na b\na b c\n", ["line 3", "3 tokens"]),
        ("@graph a c\na b\nb c\n", ["line 1", "is not a move"]),
        ("@graph a b a\na b\n", ["line 1", "twice"]),
        ("@tree a\na b\n", ["line 1", "unknown block '@tree'"]),
        ("@\na b\n", ["line 1", "unknown block"]),
        ("@maze 1\n1 1\n.\n", ["line 1", "'@maze' needs"]),
        ("@maze 1 1\n", ["line 1", "maze"]),
        ("@maze 2 1\n1 1\n.\n", ["line 1", "no cell '2 1'"]),
        ("@maze 99999999999999999999 1\n1 1\n.\n", ["line 1", "no cell"]),
        ("@maze -1 1\n1 1\n.\n", ["line 1", "no cell"]),
        ("@maze 1 1\n1 2\n.#\n@maze 1 2\n1 2\n.#\n", ["line 4", "wall"]),
        ("@graph a\na b\n@maze 1 1\n2 2\n..\n.x\n", ["line 6", "unknown cell"]),
        ("@maze 1 1\n2 2\n..\n", ["line 3", "expected 2 rows"]),
        ("@graph a\na b\n@a b\n", ["line 3", "unknown block"]),
        ("@graph a\na\x00b\n", ["line 2", "NUL"]),
        ("@maze 1 1 1 2 1 1\n1 2\n..\n", ["line 1", "visits '1 1' twice"]),
        ("@maze 1 1 2 2\n2 2\n..\n..\n", ["line 1", "step '1 1' -> '2 2' is not a move"]),
    ]),
)
def test_bad_input_is_one_line(text: str, fragments: list[str]) -> None:
    assert_one_line_error(run("sum", stdin=text), *fragments)


def test_a_long_path_in_a_header() -> None:
    n = 20_000  # the token walked the whole path but its last edge: one move left
    labels = [f"v{k}" for k in range(n)]
    text = (
        "@graph "
        + " ".join(labels[:-1])
        + "\n"
        + "".join(f"{a} {b}\n" for a, b in itertools.pairwise(labels))
    )
    assert run("sum", stdin=text).stdout == f"first\n1 v{n - 1}\n".encode()


def test_a_byte_order_mark_is_ignored() -> None:
    assert run("sum", stdin=b"\xef\xbb\xbf@graph a\na b\n").stdout == b"first\n1 b\n"


def test_bad_moves_is_one_line() -> None:
    assert_one_line_error(run("sum", "--moves", "queen", stdin="@maze 1 1\n1 1\n.\n"), "queen")


@pytest.mark.slow  # it waits out the 10 s clock
def test_past_the_budget_is_refused_in_one_line() -> None:
    side = 30
    text = f"@maze 1 1\n{side} {side}\n" + ("." * side + "\n") * side
    assert_one_line_error(run("sum", stdin=text), "PSPACE-complete", "2106.02114")


Oracle = list[tuple[list[list[int]], int, list[int]]]


@st.composite
def sum_texts(draw: st.DrawFn) -> tuple[str, Oracle, list[list[str]]]:
    """A sum file of 1 to 3 small graphs and mazes, the oracle's view of
    it, and each component's vertices as the output names them."""
    blocks: list[str] = []
    oracle: Oracle = []
    names: list[list[str]] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            n, edges = draw(graphs(max_vertices=5).filter(lambda g: g[0] > 0))
            neighbours = adjacency(n, edges)
            path = [draw(st.integers(0, n - 1))]
            for _ in range(draw(st.integers(0, 2))):  # a game in progress: legal steps
                steps = [w for w in neighbours[path[-1]] if w not in path]
                if steps:
                    path.append(draw(st.sampled_from(steps)))
            lines = [f"v{a} v{b}\n" for a, b in edges] + [f"v{x}\n" for x in range(n)]
            header = " ".join(f"v{x}" for x in path)
            blocks.append(f"@graph {header}\n" + "".join(lines))
            oracle.append((neighbours, path[-1], path[:-1]))
            names.append([f"v{x}" for x in range(n)])
            continue
        rows = draw(mazes(max_rows=2, max_cols=3))
        rook, cells = brute.grid_adjacency(rows, brute.leaper_steps(1, 0))
        if not cells:
            continue
        i, j = draw(st.sampled_from(cells))
        body = "".join(row + "\n" for row in rows)
        blocks.append(f"@maze {i + 1} {j + 1}\n{len(rows)} {len(rows[0])}\n{body}")
        oracle.append((rook, cells.index((i, j)), []))
        names.append([f"{r + 1} {c + 1}" for r, c in cells])
    if not blocks:
        blocks.append("@graph a\na\n")
        oracle.append(([[]], 0, []))
        names.append(["a"])
    return "".join(blocks), oracle, names


@settings(max_examples=examples(40), deadline=None)
@given(sum_texts())
def test_random_sums_against_the_multi_token_search(
    case: tuple[str, Oracle, list[list[str]]],
) -> None:
    text, oracle, names = case
    result = run("sum", stdin=text)
    assert result.status == 0, result
    wins = brute.sum_first_player_wins(oracle)
    lines = result.stdout.decode().splitlines()
    assert lines[0] == ("first" if wins else "second")
    assert len(lines) == (2 if wins else 1)
    if wins:
        component, where = lines[1].split(" ", 1)
        k = int(component) - 1
        assert (k, names[k].index(where)) in brute.sum_winning_moves(oracle)
