"""``--format json`` says what the text says, on every judge command.

Each document is turned back into judge text by the converters below,
written from the schema in docs/json.md (not from the front-ends' code),
and compared with the text answer: through the real command line on every
example, in process on every golden input and on random small inputs.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError
from bipartite_game.problems import bunny, edges, graph, king, knights, lock, maze, sums
from tests.support.cli import assert_one_line_error, golden_cases, golden_game, run
from tests.support.paths import ROOT
from tests.support.strategies import graphs, mazes, tiered

EXAMPLES = ROOT / "examples"


def _label(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def graph_text(doc: dict[str, Any]) -> bytes:
    if "start" in doc:
        assert set(doc) == {"problem", "start", "first_player_wins"}
        return b"first\n" if doc["first_player_wins"] else b"second\n"
    assert doc["vertices"] == len(doc["labels"]) == len(doc["first_player_wins"])
    return b"".join(
        _label(label) + (b" first\n" if wins else b" second\n")
        for label, wins in zip(doc["labels"], doc["first_player_wins"], strict=True)
    )


def maze_text(doc: dict[str, Any]) -> bytes:
    starts = doc["winning_starts"]
    assert doc["placer_wins"] == bool(starts)
    assert all(1 <= r <= doc["rows"] and 1 <= c <= doc["cols"] for r, c in starts)
    if not starts:
        return b"LOSE\n"
    return b"WIN\n" + b"".join(f"{r} {c}\n".encode() for r, c in starts)


def edges_text(doc: dict[str, Any]) -> bytes:
    assert doc["edges"] == len(doc["u"]) == len(doc["v"]) == len(doc["class"])
    return b"".join(
        _label(u) + b" " + _label(v) + f" {kind}\n".encode()
        for u, v, kind in zip(doc["u"], doc["v"], doc["class"], strict=True)
    )


def knights_text(doc: dict[str, Any]) -> bytes:
    assert doc["first_player_wins"] == (doc["winner"] == "Alice")
    return f"{doc['winner']}\n".encode()


def lock_text(doc: dict[str, Any]) -> bytes:
    assert doc["cases"] == len(doc["winners"]) == len(doc["first_player_wins"])
    assert [w == "Alice" for w in doc["winners"]] == doc["first_player_wins"]
    return "".join(f"{w}\n" for w in doc["winners"]).encode()


def king_text(doc: dict[str, Any]) -> bytes:
    assert doc["cases"] == len(doc["winners"]) == len(doc["first_player_wins"])
    assert [w == "A" for w in doc["winners"]] == doc["first_player_wins"]
    return "".join(f"Case #{k}: {w}\n" for k, w in enumerate(doc["winners"], 1)).encode()


def bunny_text(doc: dict[str, Any]) -> bytes:
    found = doc["mistakes"]
    assert found == sorted(set(found)) and all(1 <= r <= doc["rounds"] for r in found)
    return "".join(f"{x}\n" for x in [len(found), *found]).encode()


def sum_text(doc: dict[str, Any]) -> bytes:
    values = doc["grundy_values"]
    assert doc["components"] == len(values)
    nim_sum = 0
    for value in values:
        nim_sum ^= value
    assert doc["nim_sum"] == nim_sum and doc["first_player_wins"] == (nim_sum != 0)
    if not doc["first_player_wins"]:
        assert "move" not in doc
        return b"second\n"
    move = doc["move"]
    to = move["to"]
    where = _label(to) if isinstance(to, str) else f"{to[0]} {to[1]}".encode()
    return b"first\n" + str(move["component"]).encode() + b" " + where + b"\n"


TO_TEXT: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "graph": graph_text,
    "maze": maze_text,
    "edges": edges_text,
    "knights": knights_text,
    "lock": lock_text,
    "king": king_text,
    "bunny": bunny_text,
    "sum": sum_text,
}
MODULES: dict[str, Any] = {
    "graph": graph,
    "maze": maze,
    "edges": edges,
    "knights": knights,
    "lock": lock,
    "king": king,
    "bunny": bunny,
    "sum": sums,
}


def parse_document(raw: bytes, problem: str) -> dict[str, Any]:
    """The document, checked for the shape every command shares: ASCII, one
    object, ``problem`` first, ending with a newline."""
    text = raw.decode("ascii")
    assert text.endswith("}\n")
    doc = json.loads(text)
    assert isinstance(doc, dict)
    assert next(iter(doc)) == "problem" and doc["problem"] == problem
    return doc


def agree(problem: str, data: bytes, **options: Any) -> None:
    module = MODULES[problem]
    text = bytes(module.answer(data, **options))
    doc = parse_document(bytes(module.answer(data, format="json", **options)), problem)
    assert TO_TEXT[problem](doc) == text


# --- the command line, on every example ---

EXAMPLE_RUNS = [
    ("graph", "graph.txt", []),
    ("graph", "graph.txt", ["--start", "c"]),
    ("edges", "graph.txt", []),
    ("maze", "maze.txt", []),
    ("maze", "maze.txt", ["--moves", "king"]),
    ("knights", "knights.txt", []),
    ("lock", "lock.txt", []),
    ("lock", "lock.txt", ["--no-wrap"]),
    ("king", "king.txt", []),
    ("bunny", "bunny.txt", []),
]


@pytest.mark.parametrize(("command", "example", "extra"), tiered(EXAMPLE_RUNS))
def test_json_says_what_the_text_says_on_the_examples(
    command: str, example: str, extra: list[str]
) -> None:
    path = str(EXAMPLES / example)
    text = run(command, path, *extra)
    as_json = run(command, path, *extra, "--format", "json")
    assert text.status == as_json.status == 0, (text, as_json)
    assert as_json.stderr == ""
    doc = parse_document(as_json.stdout, command)
    assert TO_TEXT[command](doc) == text.stdout
    assert run(command, path, *extra, "--format", "text").stdout == text.stdout


def test_maze_document_names_the_board_and_the_move_set() -> None:
    result = run("maze", str(EXAMPLES / "maze.txt"), "--moves", "king", "--format", "json")
    doc = parse_document(result.stdout, "maze")
    assert (doc["rows"], doc["cols"], doc["moves"]) == (3, 3, "king")


def test_json_from_standard_input_is_the_same_document() -> None:
    data = (EXAMPLES / "maze.txt").read_bytes()
    piped = run("maze", "--format", "json", stdin=data)
    assert piped.stdout == run("maze", str(EXAMPLES / "maze.txt"), "--format", "json").stdout


@pytest.mark.parametrize(
    ("command", "option", "value"),
    [("graph", "--explain", "a"), ("maze", "--explain", "1,1")],
)
def test_explain_with_json_is_refused_in_one_line(command: str, option: str, value: str) -> None:
    example = EXAMPLES / ("graph.txt" if command == "graph" else "maze.txt")
    result = run(command, str(example), option, value, "--format", "json")
    assert_one_line_error(result, "--explain", "--format json")


def test_unknown_format_is_refused_by_argparse() -> None:
    result = run("maze", str(EXAMPLES / "maze.txt"), "--format", "xml")
    assert result.status == 2 and result.stdout == b""
    assert "invalid choice: 'xml'" in result.stderr


def test_bad_input_with_json_is_one_error_line_and_no_document() -> None:
    assert_one_line_error(run("maze", "--format", "json", stdin=b"2 2\n..\n"), "line")


# --- in process: every golden input, every format option ---


@pytest.mark.parametrize(
    "case",
    [case for command in MODULES for case in golden_cases(command)],
    ids=lambda case: f"{case.parent.name}/{case.stem}",
)
def test_json_says_what_the_golden_output_says(case: Path) -> None:
    problem = case.parent.name
    options: dict[str, object] = {}
    if problem == "graph":
        options["rule"], options["directed"] = golden_game(case.stem)
    answer = MODULES[problem].answer(case.read_bytes(), format="json", **options)
    doc = parse_document(bytes(answer), problem)
    assert TO_TEXT[problem](doc) == case.with_suffix(".out").read_bytes()


@pytest.mark.parametrize("problem", sorted(MODULES))
def test_a_format_other_than_text_or_json_is_misuse(problem: str) -> None:
    data = (EXAMPLES / f"{'graph' if problem == 'edges' else problem}.txt").read_bytes()
    with pytest.raises(BipartiteGameError, match="format must be 'text' or 'json'"):
        MODULES[problem].answer(data, format="yaml")


# --- in process: random small inputs ---

# label pieces a JSON encoder must take care of: quotes, backslashes, control
# and non-ASCII characters, and bytes that are not UTF-8
_PIECES = [b"a", b"b", b"0", b'"', b"\\", b"/", b"\xc3\xa9", b"\xe4\xb8\x80", b"\xff", b"\x01"]


@st.composite
def edge_lists(draw: st.DrawFn) -> bytes:
    n, pairs = draw(graphs(max_vertices=9))
    n = max(n, 1)  # an edge list with no vertex is an error, tested elsewhere
    names = draw(
        st.lists(
            st.lists(st.sampled_from(_PIECES), min_size=1, max_size=3).map(b"".join),
            min_size=n,
            max_size=n,
            unique=True,
        )
    )
    lines = [names[u] + b" " + names[v] for u, v in pairs]
    lines += [names[v] for v in range(n) if draw(st.booleans()) or not pairs]  # lone labels
    order = draw(st.permutations(lines)) if lines else []
    return b"\n".join(order) + b"\n"


@given(edge_lists())
def test_graph_json_agrees_with_text_on_random_edge_lists(data: bytes) -> None:
    agree("graph", data)
    agree("edges", data)


@given(edge_lists(), st.data())
def test_graph_json_with_a_start_agrees_with_text(data: bytes, draw: st.DataObject) -> None:
    tokens = data.split()
    if not tokens:
        return
    start = draw.draw(st.sampled_from(tokens)).decode("utf-8", "surrogateescape")
    agree("graph", data, start=start)
    doc = json.loads(graph.answer(data, start=start, format="json"))
    assert doc["start"] == start


@given(mazes(max_rows=5, max_cols=6), st.sampled_from(["rook", "king", "knight", "1,3"]))
def test_maze_json_agrees_with_text_on_random_mazes(rows: list[str], moves: str) -> None:
    data = f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n"
    agree("maze", data.encode(), moves=moves)


@st.composite
def lock_inputs(draw: st.DrawFn) -> tuple[bytes, int, bool]:
    size = draw(st.integers(2, 10))
    wrap = draw(st.booleans())
    cases = draw(st.integers(1, 3))
    lines = [str(cases)]
    for _ in range(cases):
        rings = draw(st.integers(1, 3))
        codes = draw(
            st.lists(
                st.lists(st.integers(0, size - 1), min_size=rings, max_size=rings).map(
                    lambda d: "".join(map(str, d))
                ),
                min_size=1,
                max_size=min(size**rings, 8),
                unique=True,
            )
        )
        start, forbidden = codes[0], codes[1:]
        lines.append(f"{rings} {len(forbidden)} {start}")
        lines += forbidden
    return ("\n".join(lines) + "\n").encode(), size, wrap


@given(lock_inputs())
def test_lock_json_agrees_with_text_on_random_locks(case: tuple[bytes, int, bool]) -> None:
    data, size, wrap = case
    agree("lock", data, size=size, wrap=wrap)
    doc = json.loads(lock.answer(data, size=size, wrap=wrap, format="json"))
    assert (doc["ring"], doc["wrap"]) == (size, wrap)


@st.composite
def piece_boards(draw: st.DrawFn, pieces: str, blocked: str) -> tuple[int, int, str]:
    """A board of ``.`` and ``blocked`` with each of ``pieces`` on its own square."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    if rows * cols < len(pieces):
        cols = len(pieces)
    cells = rows * cols
    squares = draw(st.lists(st.sampled_from([".", ".", blocked]), min_size=cells, max_size=cells))
    places = draw(
        st.lists(st.integers(0, cells - 1), min_size=len(pieces), max_size=len(pieces), unique=True)
    )
    for piece, place in zip(pieces, places, strict=True):
        squares[place] = piece
    text = "\n".join("".join(squares[i * cols : (i + 1) * cols]) for i in range(rows))
    return rows, cols, text


@given(st.lists(piece_boards("K", "#"), min_size=1, max_size=3))
def test_king_json_agrees_with_text_on_random_boards(cases: list[tuple[int, int, str]]) -> None:
    data = f"{len(cases)}\n" + "".join(f"{r} {c}\n{text}\n" for r, c, text in cases)
    agree("king", data.encode())


@given(piece_boards("AB", "@"), st.integers(0, 5), st.integers(0, 5))
def test_knights_json_agrees_with_text_on_random_boards(
    board: tuple[int, int, str], r: int, c: int
) -> None:
    rows, cols, text = board
    data = f"{rows} {cols} {r} {c}\n{text}\n".encode()
    agree("knights", data)
    doc = json.loads(knights.answer(data, format="json"))
    assert (doc["rows"], doc["cols"]) == (rows, cols)


def test_json_is_ascii_and_reads_back_a_label_that_is_not_utf8() -> None:
    data = b'\xff"x caf\xc3\xa9\n'
    raw = graph.answer(data, format="json")
    doc = json.loads(raw.decode("ascii"))
    assert [_label(label) for label in doc["labels"]] == [b'\xff"x', b"caf\xc3\xa9"]


def test_one_lone_label_is_a_document_of_one_vertex() -> None:
    doc = json.loads(graph.answer(b"# one vertex\nx\n", format="json"))
    assert doc == {"problem": "graph", "vertices": 1, "labels": ["x"], "first_player_wins": [False]}


def test_a_maze_with_no_open_cell_has_no_winning_start() -> None:
    doc = json.loads(bytes(maze.answer(b"1 2\n##\n", format="json")))
    assert doc["placer_wins"] is False and doc["winning_starts"] == []


def test_maze_cells_are_written_in_row_major_order_past_one_digit() -> None:
    rows = ["." * 11] * 11
    data = ("11 11\n" + "\n".join(rows) + "\n").encode()
    agree("maze", data)
    doc = json.loads(bytes(maze.answer(b"1 3\n...\n", format="json")))
    assert doc["winning_starts"] == [[1, 1], [1, 3]]


DOC_EXAMPLES = re.findall(
    r"```console\n\$ bipartite-game ([^\n]*--format json)\n(.*?)```",
    (ROOT / "docs" / "json.md").read_text(),
    re.DOTALL,
)


def test_docs_show_an_example_for_every_command() -> None:
    assert {shlex.split(line)[0] for line, _ in DOC_EXAMPLES} == set(MODULES)


@pytest.mark.parametrize(
    ("line", "shown"), tiered(DOC_EXAMPLES), ids=[line for line, _ in DOC_EXAMPLES]
)
def test_docs_examples_are_what_the_command_prints(line: str, shown: str) -> None:
    words = [str(ROOT / w) if w.startswith("examples/") else w for w in shlex.split(line)]
    assert run(*words).stdout.decode() == shown
