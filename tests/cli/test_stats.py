"""``--stats`` and the progress line: on standard error only, and right.

The sizes the table reports are checked against counts made here from the
input (open cells, adjacent pairs) and a maximum matching from networkx; the
progress line is read through a pseudo-terminal, with its delay set to 0 so
that a small input shows it (no test waits for a clock).
"""

from __future__ import annotations

import io
import os
import re

import networkx as nx
import pytest

from bipartite_game import _stats
from tests.support.cli import assert_one_line_error, run, run_on_terminal
from tests.support.paths import ROOT
from tests.support.strategies import tiered

EXAMPLES = ROOT / "examples"
PREFIX = "bipartite-game: stats: "
ERASE = "\r\x1b[K"

COMMANDS = [
    ("graph", "graph.txt"),
    ("edges", "graph.txt"),
    ("maze", "maze.txt"),
    ("knights", "knights.txt"),
    ("lock", "lock.txt"),
    ("king", "king.txt"),
    ("bunny", "bunny.txt"),
]


def table(stderr: str) -> tuple[dict[str, str], dict[str, str]]:
    """The phases (name, with its indentation, to seconds) and the facts
    (graph, matching, peak memory) of a ``--stats`` table."""
    lines = stderr.splitlines()
    assert lines and all(line.startswith(PREFIX) for line in lines), stderr
    body = [line[len(PREFIX) :] for line in lines]
    assert re.fullmatch(r"phase +seconds +calls", body[0])
    phases: dict[str, str] = {}
    facts: dict[str, str] = {}
    at = 1
    while not body[at - 1].startswith("total"):
        found = re.fullmatch(r"( *)(\S+) +([0-9]+\.[0-9]{3})(?: +([0-9]+))?", body[at])
        assert found, body[at]
        phases[found.group(1) + found.group(2)] = found.group(3)
        at += 1
    for line in body[at:]:
        key, _, value = line.partition("  ")
        facts[key.strip()] = value.strip()
    return phases, facts


@pytest.mark.parametrize(("command", "example"), tiered(COMMANDS))
@pytest.mark.parametrize("form", ["text", "json"])
def test_stats_leaves_standard_output_as_it_was(command: str, example: str, form: str) -> None:
    path = str(EXAMPLES / example)
    plain = run(command, path, "--format", form)
    with_stats = run(command, path, "--format", form, "--stats")
    assert plain.status == with_stats.status == 0
    assert plain.stderr == ""
    assert with_stats.stdout == plain.stdout
    phases, facts = table(with_stats.stderr)
    assert list(phases)[:2] == ["import", "read"]
    assert list(phases)[-3:] == ["write", "(other)", "total"]
    assert "peak memory" in facts and facts["peak memory"].endswith("MiB (the process's ru_maxrss)")
    total = float(phases["total"])
    assert all(float(s) <= total + 0.001 for name, s in phases.items() if not name.startswith(" "))


def test_maze_stats_name_every_phase_and_the_right_sizes() -> None:
    result = run("maze", str(EXAMPLES / "maze.txt"), "--stats")
    phases, facts = table(result.stderr)
    # no "colour": the maze's builder writes the closed-form colouring
    assert list(phases) == [
        "import", "read", "parse", "build", "match", "analyse", "format", "write",
        "(other)", "total",
    ]  # fmt: skip
    # sizes from the maze itself
    rows = (EXAMPLES / "maze.txt").read_text().split()[2:]
    cells = {(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch == "."}
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from(((i, j), (i + di, j + dj)) for i, j in cells for di, dj in ((0, 1), (1, 0))
                     if (i + di, j + dj) in cells)  # fmt: skip
    pairs = len(nx.max_weight_matching(g, maxcardinality=True))
    assert facts["graph"] == f"{g.number_of_nodes()} vertices, {g.number_of_edges()} edges"
    assert facts["matching"] == f"{pairs} pairs"


def test_graph_stats_count_the_edge_list() -> None:
    text = (EXAMPLES / "graph.txt").read_text()
    g = nx.Graph()
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if len(words) == 1:
            g.add_node(words[0])
        elif len(words) == 2 and words[0] != words[1]:
            g.add_edge(*words)
    _, facts = table(run("graph", str(EXAMPLES / "graph.txt"), "--stats").stderr)
    assert facts["graph"] == f"{g.number_of_nodes()} vertices, {g.number_of_edges()} edges"
    assert facts["matching"] == f"{len(nx.max_weight_matching(g, maxcardinality=True))} pairs"


def test_lock_stats_add_up_the_cases_and_count_the_calls() -> None:
    result = run("lock", str(EXAMPLES / "lock.txt"), "--stats")
    cases = int((EXAMPLES / "lock.txt").read_text().split()[0])
    lines = [line[len(PREFIX) :] for line in result.stderr.splitlines()]
    build = next(line for line in lines if line.startswith("build"))
    assert build.split()[-1] == str(cases)
    _, facts = table(result.stderr)
    assert facts["graph"].endswith(f" in {cases} graphs")


def _leaper_graph(rows: list[str], r: int, c: int) -> tuple[int, int]:
    """Squares not broken, and leaper moves between two of them, counted
    straight from the rules: every square, every step."""
    squares = {(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch != "@"}
    steps = {(a * x, b * y) for x, y in ((r, c), (c, r)) for a in (1, -1) for b in (1, -1)}
    moves = {
        frozenset({(i, j), (i + di, j + dj)})
        for i, j in squares
        for di, dj in steps - {(0, 0)}
        if (i + di, j + dj) in squares
    }
    return len(squares), len(moves)


KNIGHT_BOARDS = [
    (1, 2, ["A...", ".@..", "...B"]),
    (0, 1, ["A.@.", "....", ".@.B"]),
    (1, 1, ["A.@", "...", "@.B"]),
    (2, 2, ["A....", ".....", "....B"]),
    (5, 1, ["A.........", ".@@.......", ".........B"]),  # down 5 never fits; across 5 does
    (0, 0, ["AB"]),  # a leap of 0: no move at all
]


@pytest.mark.parametrize("native", tiered(["auto", "never"]))
@pytest.mark.parametrize(("r", "c", "rows"), KNIGHT_BOARDS)
def test_knights_stats_count_the_leaper_graph(r: int, c: int, rows: list[str], native: str) -> None:
    text = f"{len(rows)} {len(rows[0])} {r} {c}\n" + "\n".join(rows) + "\n"
    env = {**os.environ, "BIPARTITE_GAME_NATIVE": native}
    result = run("knights", "--stats", stdin=text, env=env)
    assert result.status == 0, result.stderr
    phases, facts = table(result.stderr)
    assert "duel" in phases and "count" in phases
    squares, moves = _leaper_graph(rows, r, c)
    assert facts["graph"] == f"{squares} vertices, {moves} edges"
    assert facts["matching"] == "none (the duel is decided by components and colours)"


def test_knights_counts_a_block_of_rows_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of a few rows: the moves that cross from one block to the next
    are counted once, as on one block."""
    import random

    from bipartite_game.problems import knights

    rng = random.Random(5)
    for trial in range(30):
        n, m = rng.randint(1, 9), rng.randint(2, 9)
        r, c = rng.randint(0, 4), rng.randint(0, 4)
        cells = [["@" if rng.random() < 0.3 else "." for _ in range(m)] for _ in range(n)]
        cells[0][0], cells[-1][-1] = "A", "B"
        if n == 1:
            cells[0][1] = "B" if m == 2 else cells[0][1]
        rows = ["".join(row) for row in cells]
        text = f"{n} {m} {r} {c}\n" + "\n".join(rows) + "\n"
        monkeypatch.setattr(knights, "_COUNT_BLOCK", rng.randint(1, 3 * m))
        if trial % 2:
            monkeypatch.setattr(knights, "library", lambda: None)  # the numpy path
        out = io.StringIO()
        with _stats.session(stats=out):
            knights.answer(text)
        monkeypatch.undo()
        _, facts = table(out.getvalue())
        squares, moves = _leaper_graph(rows, r, c)
        assert facts["graph"] == f"{squares} vertices, {moves} edges", (rows, r, c)


EDGE_RULE_CASES = [
    # a bipartite multigraph: GF(2) elimination
    ("a b\na b\nb c\nc d\nd a\n", [], ["  colour", "  eliminate"], "elimination over GF(2)"),
    # an odd cycle: the search
    ("a b\nb c\nc a\n", [], ["  colour", "  search"], "exhaustive search"),
    # arcs without a cycle: the directed solver, retrograde alone
    ("a b\nb c\na c\n", ["--directed"], ["  directed"], "retrograde analysis"),
    # arcs around a cycle: the directed solver searches inside it
    ("a b\nb c\nc a\n", ["--directed"], ["  directed"], "exhaustive search"),
]


@pytest.mark.parametrize(("text", "extra", "inside", "method"), EDGE_RULE_CASES)
def test_edge_rule_stats_name_its_phases_and_give_the_sizes(
    text: str, extra: list[str], inside: list[str], method: str
) -> None:
    result = run("graph", "--rule", "edge", *extra, "--stats", stdin=text)
    assert result.status == 0, result.stderr
    phases, facts = table(result.stderr)
    assert list(phases) == [
        "import", "read", "parse", "solve", *inside, "format", "write", "(other)", "total",
    ]  # fmt: skip
    lines = [line.split() for line in text.splitlines()]
    vertices = len({word for line in lines for word in line})
    assert facts["graph"] == f"{vertices} vertices, {len(lines)} edges"
    assert facts["matching"] == f"none (solved by {method})"


def test_edge_rule_stats_for_one_start() -> None:
    result = run("graph", "--rule", "edge", "--start", "a", "--stats", stdin="a b\nb c\n")
    phases, facts = table(result.stderr)
    assert "solve" in phases
    assert facts["graph"] == "3 vertices, 2 edges"
    assert facts["matching"] == "none (this game is not decided by a matching)"


def test_nested_phases_are_indented_under_the_phase_that_ran_them() -> None:
    phases, _ = table(run("edges", str(EXAMPLES / "graph.txt"), "--stats").stderr)
    names = list(phases)
    at = names.index("decompose")
    assert names[at + 1 : at + 3] == ["  colour", "  match"]


def test_an_error_with_stats_is_still_one_line() -> None:
    assert_one_line_error(run("maze", "--stats", stdin=b"2 2\n.x\n..\n"), "line 2")


# --- the recorder in process ---


def test_without_a_session_phases_and_counts_do_nothing() -> None:
    assert not _stats.active()
    first, second = _stats.phase("a"), _stats.phase("b")
    assert first is second  # one shared do-nothing context: no allocation
    with first:
        _stats.count("vertices", 5)
    assert not _stats.active()


def test_a_session_records_nested_phases_in_order_of_entry_and_adds_repeats() -> None:
    out = io.StringIO()
    with _stats.session(stats=out):
        assert _stats.active()
        for _ in range(3):
            with _stats.phase("case"), _stats.phase("match"):
                _stats.count("graphs", 1)
                _stats.count("vertices", 4)
                _stats.count("edges", 3)
    assert not _stats.active()
    lines = [line[len(PREFIX) :] for line in out.getvalue().splitlines()]
    assert re.fullmatch(r"case +[0-9.]+ +3", lines[1])
    assert re.fullmatch(r"  match +[0-9.]+ +3", lines[2])
    assert "graph        12 vertices, 9 edges in 3 graphs" in lines
    widths = {len(line) for line in lines[:5]}
    assert len(widths) <= 2  # aligned columns (the calls column is blank in two rows)


def test_a_session_that_fails_writes_no_table() -> None:
    out = io.StringIO()
    with pytest.raises(ValueError), _stats.session(stats=out), _stats.phase("parse"):
        raise ValueError("bad input")
    assert out.getvalue() == "" and not _stats.active()


def test_progress_after_the_delay_is_one_line_erased_at_the_end() -> None:
    screen = io.StringIO()
    recorder = _stats.Recorder(progress=screen, delay=0.0)
    recorder.enter("match")
    recorder.leave()
    recorder.close()
    shown = screen.getvalue()
    assert shown.startswith(ERASE + "bipartite-game: match ... ")
    assert shown.endswith(ERASE) and "\n" not in shown


def test_no_progress_before_the_delay() -> None:
    screen = io.StringIO()
    recorder = _stats.Recorder(progress=screen, delay=3600.0)
    recorder.enter("match")
    recorder.leave()
    recorder.close()
    assert screen.getvalue() == ""


# --- the progress line through the real command ---


def test_progress_at_a_terminal_names_the_phases_and_is_erased() -> None:
    path = str(EXAMPLES / "maze.txt")
    shown, out, status = run_on_terminal("maze", path)
    assert status == 0
    assert out == run("maze", path).stdout  # nothing of it in the output
    assert ERASE + "bipartite-game: parse ... " in shown
    assert ERASE + "bipartite-game: match ... " in shown
    assert shown.endswith(ERASE)
    assert "\n" not in shown  # one line, rewritten, then gone


def test_stats_at_a_terminal_come_after_the_erased_progress_line() -> None:
    shown, _, status = run_on_terminal("graph", str(EXAMPLES / "graph.txt"), "--stats")
    assert status == 0
    progress, _, rest = shown.rpartition(ERASE)
    assert "bipartite-game: build ... " in progress
    assert rest.startswith(PREFIX + "phase")


def test_no_progress_when_standard_error_is_a_pipe() -> None:
    env = dict(os.environ, BIPARTITE_GAME_PROGRESS_AFTER="0")
    result = run("maze", str(EXAMPLES / "maze.txt"), env=env)
    assert result.status == 0 and result.stderr == ""
