"""``gen``: random inputs every front-end accepts, covering the edge cases claimed."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from bipartite_game import Graph
from bipartite_game.errors import BipartiteGameError
from bipartite_game.kit import FAMILIES, Knobs, Span, generate
from bipartite_game.kit.check import front_end
from bipartite_game.kit.gen import GENERATORS, answer_options, parse_span, stream
from tests.support.cli import assert_one_line_error, run
from tests.support.strategies import tiered

SEEDS = 300

#: Knobs beyond the defaults, with the front-end options they go with.
VARIANTS = [
    ("maze", Knobs()),
    ("maze", Knobs(moves="king")),
    ("maze", Knobs(moves="knight", rows=Span(1, 5))),
    ("maze", Knobs(moves="3,5")),
    ("lock", Knobs()),
    ("lock", Knobs(ring=3, wrap=False, rings=Span(1, 5))),
    ("lock", Knobs(ring=2, rings=Span(1, 12))),
    ("knights", Knobs()),
    ("knights", Knobs(leap=Span(0, 2000))),
    ("king", Knobs()),
    ("graph", Knobs()),
    ("graph", Knobs(vertices=Span(1, 40), edges=Span(0, 100))),
    ("bunny", Knobs()),
    ("edges", Knobs(vertices=Span(1, 14))),
    ("bunny", Knobs(rows=Span(1, 3), cols=Span(1, 3))),
]


@pytest.mark.parametrize(("problem", "knobs"), tiered(VARIANTS))
def test_every_input_is_accepted_by_its_front_end(problem: str, knobs: Knobs) -> None:
    module = front_end(problem)
    options = answer_options(problem, knobs)
    for seed in range(SEEDS):
        text = generate(problem, seed, knobs).text
        answer = bytes(module.answer(text.encode(), **options))
        no_edge = problem == "edges" and Graph.from_edge_list(text).num_edges == 0
        assert bool(answer) != no_edge, (seed, text)


@pytest.mark.parametrize("problem", list(GENERATORS))
def test_every_edge_case_family_appears(problem: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(SEEDS):
        seen.update(generate(problem, seed).families)
    assert set(FAMILIES[problem]) | {"random"} == set(seen), seen
    assert seen["random"] > SEEDS // 2  # the bias is a bias, not the rule


def _cases_of(problem: str, family: str, knobs: Knobs | None = None, count: int = 12) -> list[str]:
    found = []
    biased = replace(knobs or Knobs(), edge_cases=0.9)
    for seed in range(2000):
        generated = generate(problem, seed, biased)
        if generated.families == {family}:
            found.append(generated.text)
            if len(found) == count:
                return found
    raise AssertionError(f"no {family} case")  # pragma: no cover


def _answer(problem: str, text: str) -> list[str]:
    return bytes(front_end(problem).answer(text.encode())).decode().split("\n")


def _open_cells(text: str) -> list[str]:
    rows = text.split()[2:]
    return [
        f"{i + 1} {j + 1}" for i, row in enumerate(rows) for j, ch in enumerate(row) if ch == "."
    ]


def test_perfect_matching_mazes_are_lost_for_the_placer() -> None:
    for text in _cases_of("maze", "perfect-matching"):
        assert len(_open_cells(text)) % 2 == 0
        assert _answer("maze", text)[0] == "LOSE", text


def test_mazes_without_an_edge_are_won_from_every_open_cell() -> None:
    for text in _cases_of("maze", "no-edge"):
        cells = _open_cells(text)
        assert _answer("maze", text)[:-1] == (["WIN", *cells] if cells else ["LOSE"]), text


def test_knight_mazes_without_an_edge_have_no_knight_move() -> None:
    knobs = Knobs(moves="knight")
    for text in _cases_of("maze", "no-edge", knobs):
        cells = _open_cells(text)
        answer = bytes(front_end("maze").answer(text.encode(), moves="knight")).decode()
        assert answer.split("\n")[:-1] == (["WIN", *cells] if cells else ["LOSE"]), text


def test_single_cells_walls_and_lines_are_what_they_say() -> None:
    for text in _cases_of("maze", "one-cell"):
        assert text.startswith("1 1\n")
    for text in _cases_of("maze", "all-walls"):
        assert "." not in text and _answer("maze", text)[0] == "LOSE"
    for text in _cases_of("maze", "line"):
        assert "1" in text.split()[:2]


def test_locks_with_every_other_code_forbidden_are_lost_for_alice() -> None:
    for text in _cases_of("lock", "all-forbidden", Knobs(cases=Span(1, 1))):
        m, n, _ = text.split()[1:4]
        assert int(n) == 10 ** int(m) - 1
        assert _answer("lock", text)[0] == "Bob"


def test_tiny_and_huge_locks() -> None:
    for text in _cases_of("lock", "tiny", Knobs(cases=Span(1, 1))):
        assert text.split()[1] == "1"
    for text in _cases_of("lock", "huge", Knobs(cases=Span(1, 1), rings=Span(1, 5)), 3):
        assert text.split()[1] == "5"


def test_leaps_longer_than_the_board() -> None:
    for text in _cases_of("knights", "leap-longer"):
        n, m, r, _ = (int(x) for x in text.split()[:4])
        assert r >= max(n, m)
    for text in _cases_of("knights", "zero-leap"):
        assert text.split()[2:4] == ["0", "0"]
        assert _answer("knights", text)[0] == "Bob"  # Alice has no move


def test_graph_families() -> None:
    for text in _cases_of("graph", "perfect-matching"):
        verdicts = [line.split()[1] for line in _answer("graph", text) if line]
        assert set(verdicts) == {"first"}, text  # every maximum matching covers every vertex
    for text in _cases_of("graph", "no-edge"):
        assert all(len(line.split()) == 1 for line in text.splitlines())
        assert {line.split()[1] for line in _answer("graph", text) if line} == {"second"}
    for text in _cases_of("graph", "one-vertex"):
        assert len(text.split()) == 1


def test_king_alone_and_bunny_smallest() -> None:
    for text in _cases_of("king", "alone", Knobs(cases=Span(1, 1))):
        assert text == "1\n1 1\nK\n"
        assert _answer("king", text)[0] == "Case #1: B"
    for text in _cases_of("bunny", "smallest", count=3):
        assert _answer("bunny", text)[:1] == ["0"]


def test_the_same_seed_gives_the_same_bytes() -> None:
    first = run("gen", "lock", "--seed", "7", "--rings", "2..3")
    again = run("gen", "lock", "--seed", "7", "--rings", "2..3")
    other = run("gen", "lock", "--seed", "8", "--rings", "2..3")
    assert first.status == 0 and first.stdout == again.stdout != other.stdout
    assert first.stdout.decode() == generate("lock", 7, Knobs(rings=Span(2, 3))).text


def test_a_big_maze_is_drawn_whole() -> None:
    result = run("gen", "maze", "--rows", "2000", "--cols", "1500", "--seed", "3")
    assert result.status == 0, result.stderr
    lines = result.stdout.split(b"\n")
    assert lines[0] == b"2000 1500" and len(lines) == 2002
    assert {len(line) for line in lines[1:-1]} == {1500}
    assert set(b"".join(lines[1:])) <= set(b".#")


def test_sizes_are_respected() -> None:
    knobs = Knobs(rows=Span(3, 4), cols=Span(5, 5), density=0.0, edge_cases=0.0)
    for seed in range(50):
        text = generate("maze", seed, knobs).text
        n, m = (int(x) for x in text.split()[:2])
        assert 3 <= n <= 4 and m == 5 and "#" not in text


@pytest.mark.parametrize(
    ("args", "fragment"),
    tiered([
        (["maze", "--rings", "3"], "--rings does not apply to maze"),
        (["lock", "--moves", "king"], "--moves does not apply to lock"),
        (["maze", "--rows", "0"], "--rows"),
        (["maze", "--rows", "5..2"], "--rows"),
        (["maze", "--cols", "x"], "--cols"),
        (["maze", "--density", "1.5"], "--density: expected a number from 0 to 1, found '1.5'"),
        (["maze", "--density", "inf"], "--density"),
        (["maze", "--seed", "-5"], "--seed: expected a whole number from 0 to"),
        (["lock", "--seed", "9" * 40], "--seed"),
        (["graph", "--seed", ""], "--seed"),
        (["maze", "--density", "nan"], "--density"),
        (["maze", "--edge-cases", "-1"], "--edge-cases"),
        (["maze", "--moves", "queen"], "unknown move set"),
        (["maze", "--seed", "x"], "--seed"),
        (["lock", "--ring", "11"], "--ring: expected a whole number from 2 to 10"),
        (["lock", "--rings", "9..9"], "too many codes"),
        (["knights", "--rows", "1", "--cols", "1"], "two squares"),
        (["chess"], "no generator for 'chess'"),
    ]),
)
def test_bad_options_are_one_line_errors(args: list[str], fragment: str) -> None:
    assert_one_line_error(run("gen", *args), fragment)


def test_parse_span() -> None:
    assert parse_span("4") == Span(4, 4)
    assert parse_span(" 2..9 ") == Span(2, 9)
    assert str(Span(2, 9)) == "2..9"
    for bad in ("", "1..2..3", "-1", "a", "3..1", "9" * 40):
        with pytest.raises(BipartiteGameError):
            parse_span(bad)


def test_generators_draw_from_their_own_stream() -> None:
    rng_cases = [generate("maze", 5, index=k).text for k in range(5)]
    assert generate("maze", 5, index=3).text == rng_cases[3]
    assert len(set(rng_cases)) > 1
    assert np.random.default_rng([5, 3]).random() == np.random.default_rng([5, 3]).random()


def test_a_size_past_the_memory_is_refused_before_drawing() -> None:
    assert_one_line_error(
        run("gen", "graph", "--vertices", "100000000", "--edges", "0"), "needs about"
    )
    assert_one_line_error(run("gen", "maze", "--rows", "46000", "--cols", "46000"), "needs about")


def test_a_complete_graph_has_at_most_a_thousand_vertices() -> None:
    knobs = Knobs(vertices=Span(1000, 3000), edge_cases=1.0)
    for seed in range(40):
        made = generate("graph", seed, knobs)
        if made.families == {"complete"}:
            assert len(made.text.splitlines()) == 1000 * 999 // 2
            break
    else:
        pytest.fail("no complete graph in 40 seeds")


# ------------------------------------------------------------ streaming
#: Knobs with many cases, for the formats that have cases.
MANY = Knobs(cases=Span(1, 60), rings=Span(1, 3), rows=Span(1, 6), cols=Span(1, 6))


@pytest.mark.parametrize(("problem", "knobs"), [*VARIANTS, ("lock", MANY), ("king", MANY)])
def test_the_stream_is_the_input_byte_for_byte(problem: str, knobs: Knobs) -> None:
    for seed in range(25):
        pieces = list(stream(problem, seed, knobs))
        assert "".join(pieces) == generate(problem, seed, knobs).text, seed
        if problem in ("lock", "king"):  # the case count, then one piece a case
            assert int(pieces[0]) == len(pieces) - 1


def test_gen_writes_what_generate_draws() -> None:
    for problem, words, knobs in [
        ("lock", ["--cases", "300", "--rings", "1..2"], Knobs(cases=Span(300, 300),
                                                               rings=Span(1, 2))),
        ("king", ["--cases", "2000", "--rows", "2..9"], Knobs(cases=Span(2000, 2000),
                                                               rows=Span(2, 9))),
    ]:  # fmt: skip
        result = run("gen", problem, "--seed", "11", *words)
        assert result.status == 0, result.stderr
        assert result.stdout.decode() == generate(problem, 11, knobs).text


def _peak_memory(*words: str) -> int:
    """The most memory (KiB) ``gen`` held, its output thrown away."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "gen", *words],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    error = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, error
    return usage.ru_maxrss


def test_gen_holds_one_case_at_a_time() -> None:
    """400 boards of 500x500 are 100 MB of text: it used to hold them all
    before writing a byte."""
    words = ["king", "--rows", "500", "--cols", "500", "--density", "0.5"]
    one = _peak_memory(*words, "--cases", "1")
    many = _peak_memory(*words, "--cases", "400")
    assert many - one < 40 << 10, (one, many)


def test_gen_writes_the_case_count_first_and_stops_when_the_reader_goes() -> None:
    """`gen lock --cases 10000000` held 1.4 GB before it wrote a byte."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "gen", "lock", "--cases", "10000000",
         "--rings", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    try:
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "nothing written in a minute"
        head = process.stdout.read(1000)
        process.stdout.close()  # the reader goes away: `| head -c 1000`
        error = process.stderr.read()
        process.wait(timeout=60)
    finally:
        process.kill()
    assert head.startswith(b"10000000\n1 ")
    assert process.returncode == 141 and error == b""


def test_a_reader_gone_before_the_first_byte_stops_gen() -> None:
    """`gen ... | head -c0`: no traceback, no work past the first write."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "gen", "king", "--cases", "10000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    try:
        _, error = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 141 and error == b""
