"""``graph/maze --certificate`` and ``bipartite-game verify`` as a user runs
them: golden certificates, exit statuses 0/1/2, hostile certificates, and
the checker's independence from the solver."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import assert_one_line_error, run
from tests.support.paths import GOLDEN, ROOT
from tests.support.strategies import tiered

CASES = GOLDEN / "certificate"


@pytest.mark.parametrize(
    ("name", "command"), tiered([("graph", "graph"), ("blossoms", "graph"), ("maze", "maze")])
)
def test_certificates_are_written_as_golden_and_verify(
    name: str, command: str, tmp_path: Path
) -> None:
    out = tmp_path / "cert.json"
    answer = run(command, str(CASES / f"{name}.in"), "--certificate", str(out))
    plain = run(command, str(CASES / f"{name}.in"))
    assert answer.status == 0 and answer.stdout == plain.stdout  # the answer is unchanged
    assert out.read_bytes() == (CASES / f"{name}.json").read_bytes()
    maze = ["--maze"] if command == "maze" else []
    verdict = run("verify", *maze, str(CASES / f"{name}.in"), str(out))
    size = sum(m >= 0 for m in json.loads(out.read_bytes())["mate"]) // 2
    n = len(json.loads(out.read_bytes())["labels"])
    assert verdict.status == 0, verdict
    assert verdict.stdout == f"verified: {n} vertices, matching of size {size}\n".encode()


def test_the_example_certificate_is_what_graph_writes() -> None:
    example = ROOT / "examples" / "graph-certificate.json"
    assert example.read_bytes() == (CASES / "graph.json").read_bytes()


def test_maze_certificates_for_other_move_sets(tmp_path: Path) -> None:
    maze = "4 4\n....\n.#..\n....\n..#.\n"
    out = tmp_path / "king.json"
    assert run("maze", "-", "--moves", "king", "--certificate", str(out), stdin=maze).status == 0
    source = tmp_path / "maze.txt"
    source.write_text(maze)
    assert run("verify", "--maze", "--moves", "king", str(source), str(out)).status == 0
    # the same certificate is not the rook's: it says which move set it was made for
    verdict = run("verify", "--maze", str(source), str(out))
    assert verdict.status == 1 and verdict.stdout == (
        b"move set differs: the certificate was made for the move set 'king', not 'rook'\n"
    )


def test_certificate_from_standard_input_and_with_explain(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    text = (CASES / "graph.in").read_bytes()
    result = run("graph", "--explain", "a", "--certificate", str(out), stdin=text)
    assert result.status == 0 and result.stdout.startswith(b"a: first")
    assert out.read_bytes() == (CASES / "graph.json").read_bytes()
    verdict = run("verify", str(CASES / "graph.in"), "-", stdin=out.read_bytes())
    assert verdict.status == 0


def edited(tmp_path: Path, name: str, change: object) -> Path:
    data = json.loads((CASES / f"{name}.json").read_bytes())
    change(data)  # type: ignore[operator]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    return path


def test_a_flipped_claim_fails_with_status_1(tmp_path: Path) -> None:
    def flip(data: dict[str, list[bool]]) -> None:
        data["first_player_wins"][1] = True

    result = run("verify", str(CASES / "graph.in"), str(edited(tmp_path, "graph", flip)))
    assert result.status == 1
    assert result.stdout == (
        b"claim failed: vertex 'b': first_player_wins is true, but some maximum matching "
        b"misses it (it lies in an odd component of G minus the barrier)\n"
    )
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["mate"].__setitem__(0, -1), b"claim failed: mate: vertex 'x1'"),
        (lambda d: d.update(mate=[-1] * 8), b"claim failed: maximum:"),
        (lambda d: d["barrier_via"].__setitem__(0, 0), b"claim failed: barrier vertex 'a'"),
        (
            lambda d: d["blossom_edges"].__setitem__(slice(0, 2), [2, 1]),
            b"claim failed: blossom merge 0",
        ),
        (lambda d: d.update(blossom_edges=[], blossom_sizes=[]), b"claim failed: vertex 'x2'"),
        (
            lambda d: d["labels"].__setitem__(7, "alone"),
            b"vertex names differ: the graph has 1 vertex ('lone') the certificate does not "
            b"name; the certificate names 1 vertex ('alone') the graph does not have\n",
        ),
    ],
)
def test_wrong_certificates_fail_with_status_1(
    change: object, fragment: bytes, tmp_path: Path
) -> None:
    result = run("verify", str(CASES / "blossoms.in"), str(edited(tmp_path, "blossoms", change)))
    assert result.status == 1, result
    assert result.stdout.startswith(fragment), result.stdout
    assert result.stdout.count(b"\n") == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"", "not JSON"),
        (b'{"format": "bipartite-game certificate 1", "labels": ["a"', "not JSON"),
        (b"\xff\xd8\xff\xe0 binary", "not JSON"),
        (b"\x00\x01\x02", "binary"),
        (b"[" * 200_000, "certificate"),
        (b"[]", "expected a JSON object"),
        (b"{}", "'format'"),
    ],
)
def test_unreadable_certificates_exit_2(text: bytes, fragment: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text)
    assert_one_line_error(run("verify", str(CASES / "graph.in"), str(path)), fragment)


@pytest.mark.parametrize(
    ("change", "fragment"),
    tiered([
        (lambda d: d["mate"].__setitem__(0, 10**40), "too large"),
        (lambda d: d["mate"].__setitem__(0, -7), "outside -1..4"),
        (lambda d: d["barrier_via"].__setitem__(0, 5), "outside 0..4"),
        (lambda d: d["mate"].pop(), "'mate' has 4 entries, 'labels' 5"),
        (lambda d: d["barrier_via"].pop(), "'barrier_via' has 1 entries, the barrier's 2"),
        (lambda d: d["labels"].__setitem__(4, "a"), "'labels' names 'a' twice"),
        (lambda d: d.update(first_player_wins="true"), "must be a JSON array"),
        (lambda d: d["mate"].__setitem__(0, 3.0), "integers only"),
        (lambda d: d["mate"].__setitem__(0, None), "integers only"),
        (lambda d: d.update(blossom_sizes=[3]), "two ids per edge"),
    ]),
)
def test_hostile_certificates_exit_2(change: object, fragment: str, tmp_path: Path) -> None:
    path = edited(tmp_path, "graph", change)
    assert_one_line_error(run("verify", str(CASES / "graph.in"), str(path)), fragment)


def test_a_huge_integer_literal_exits_2(tmp_path: Path) -> None:
    text = (CASES / "graph.json").read_bytes().replace(b'"mate": [3', b'"mate": [' + b"9" * 5000)
    path = tmp_path / "huge.json"
    path.write_bytes(text)
    assert_one_line_error(run("verify", str(CASES / "graph.in"), str(path)), "certificate")


def test_bad_command_lines_exit_2(tmp_path: Path) -> None:
    graph, cert = str(CASES / "graph.in"), str(CASES / "graph.json")
    assert_one_line_error(run("verify", "--moves", "king", graph, cert), "--moves needs --maze")
    assert_one_line_error(run("verify", "-", "-"), "cannot both be standard input")
    assert_one_line_error(run("verify", graph, str(tmp_path / "absent.json")), "absent.json")
    assert_one_line_error(run("verify", "--maze", graph, cert), "line 1")
    missing_dir = str(tmp_path / "no" / "such" / "dir.json")
    assert_one_line_error(run("graph", graph, "--certificate", missing_dir), "dir.json")


def test_the_checker_loads_no_solver_module() -> None:
    """The verifier must not trust the code whose answers it checks."""
    program = f"""
import sys
from argparse import Namespace
from bipartite_game.cli.commands import load_command
run = load_command("verify").run
for maze, name in ((False, "blossoms"), (True, "maze")):
    args = Namespace(maze=maze, moves=None, file={str(CASES)!r} + "/" + name + ".in",
                     certificate={str(CASES)!r} + "/" + name + ".json")
    assert run(args) == 0
loaded = sorted(m for m in sys.modules if m.startswith("bipartite_game"))
for name in ("graphs.matching", "graphs.blossom", "theory.game", "theory.bipartite",
             "theory.decompose", "theory.explain", "proofs.certificate"):
    assert "bipartite_game." + name not in loaded, (name, loaded)
print("independent")
"""
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("independent\n")


@pytest.mark.parametrize(
    ("labels", "differ"),
    [
        # the same text once joined by lines
        (["1 1\n2 1", "2 2", "2 3", "3 2", ""], "2 vertices ('1 1', '2 1') the certificate"),
        # a lone surrogate, from a JSON escape
        (["\ud800", "2 1", "2 2", "2 3", "3 2"], "1 vertex ('1 1') the certificate"),
    ],
)
def test_maze_labels_must_be_the_cells(labels: list[str], differ: str, tmp_path: Path) -> None:
    path = edited(tmp_path, "maze", lambda d: d.update(labels=labels))
    result = run("verify", "--maze", str(CASES / "maze.in"), str(path))
    assert result.status == 1, result
    assert result.stdout.startswith(b"vertex names differ: the graph has " + differ.encode())


def test_maze_cells_are_found_by_name(tmp_path: Path) -> None:
    """Two cells' names swapped and nothing else: the certificate now
    speaks of other cells, whose claims are checked as they stand (here
    they hold: '2 2' is next to both, so either can be its partner)."""
    swapped = ["1 1", "2 1", "2 2", "3 2", "2 3"]
    path = edited(tmp_path, "maze", lambda d: d.update(labels=swapped))
    result = run("verify", "--maze", str(CASES / "maze.in"), str(path))
    assert result.status == 0 and result.stdout == b"verified: 5 vertices, matching of size 2\n"


def test_lazy_names_are_not_shadowed_by_their_submodules() -> None:
    """``bipartite_game.verify`` and ``.decompose`` stay the functions even
    when their submodules are imported first (in a fresh interpreter)."""
    program = """
import bipartite_game.proofs.verify, bipartite_game.theory.decompose
import bipartite_game
from bipartite_game import verify
assert verify is bipartite_game.verify and verify.__module__ == "bipartite_game.proofs.verify"
assert bipartite_game.decompose.__module__ == "bipartite_game.theory.decompose"
assert callable(bipartite_game.decompose)
print("functions")
"""
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "functions\n"


def test_a_maze_without_maze_says_to_give_it(tmp_path: Path) -> None:
    maze = ROOT / "examples" / "maze.txt"
    cert = tmp_path / "cert.json"
    assert run("maze", str(maze), "--certificate", str(cert)).status == 0
    result = run("verify", str(maze), str(cert))
    assert result.status == 1
    assert result.stdout.startswith(b"vertex names differ: ")
    assert "FILE reads as a maze: give --maze" in result.stderr
    assert run("verify", "--maze", str(maze), str(cert)).status == 0


def test_the_verdict_is_never_lost_to_a_closed_output() -> None:
    graph, cert = str(CASES / "graph.in"), str(CASES / "graph.json")
    done = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "verify", graph, cert],
        capture_output=False,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: __import__("os").close(1),
        timeout=120,
    )
    assert done.returncode == 2
    assert b"cannot write the output: standard output is closed" in done.stderr


# -------------------------------------------- certificates name their vertices


def edge_list(seed: int) -> list[str]:
    """A random edge list's lines: labels of every kind a file holds (words,
    integers that are not 0..n-1, cells), blossoms, lone vertices."""
    rng = random.Random(seed)
    n = rng.randint(4, 14)
    names = rng.sample(
        [f"v{k}" for k in range(20)] + [str(900 - 13 * k) for k in range(20)] + ["1,2", "x_y"],
        n,
    )
    lines = [f"{names[0]} {names[1]}"]  # one edge at least
    lines += [f"{a} {b}" for a, b in itertools.combinations(names, 2) if rng.random() < 2.5 / n]
    lines += [name for name in names if rng.random() < 0.15]  # lone labels, repeated or not
    return lines


def shuffled(lines: list[str], seed: int) -> str:
    """The same graph: the lines in another order, each edge maybe turned
    round, with a comment and blank lines."""
    rng = random.Random(seed)
    order = rng.sample(lines, len(lines))
    turned = [" ".join(line.split()[::-1]) if rng.random() < 0.5 else line for line in order]
    return "# the same graph, another order\n\n" + "\n".join(turned) + "\n"


@pytest.mark.parametrize("seed", tiered(range(6)))
def test_a_graph_certificate_verifies_with_the_lines_shuffled(seed: int, tmp_path: Path) -> None:
    lines = edge_list(seed)
    source, cert = tmp_path / "graph.txt", tmp_path / "cert.json"
    source.write_text("\n".join(lines) + "\n")
    assert run("graph", str(source), "--certificate", str(cert)).status == 0
    for k in range(3):
        other = tmp_path / f"shuffled{k}.txt"
        other.write_text(shuffled(lines, 100 * seed + k))
        verdict = run("verify", str(other), str(cert))
        assert verdict.status == 0, (verdict, other.read_text())
        assert verdict.stdout.startswith(b"verified: ") and verdict.stderr == ""
        # and the other way round: its certificate checks against the first order
        again = tmp_path / f"cert{k}.json"
        assert run("graph", str(other), "--certificate", str(again)).status == 0
        assert run("verify", str(source), str(again)).status == 0


@pytest.mark.parametrize(
    ("edges", "message"),
    [
        (
            "a b\nb c\nc d\nd a\nc z\n",  # e renamed z
            b"vertex names differ: the graph has 1 vertex ('z') the certificate does not name; "
            b"the certificate names 1 vertex ('e') the graph does not have\n",
        ),
        (
            "a b\nb c\nc d\nd a\n",  # e missing
            b"vertex names differ: the certificate names 1 vertex ('e') the graph does not have\n",
        ),
        (
            "a b\nb c\nc d\nd a\nc e\nf\n",  # f more
            b"vertex names differ: the graph has 1 vertex ('f') the certificate does not name\n",
        ),
        (
            "e c\nd a\nc d\nb c\na b\na c\n",  # another order, and an edge more: a c
            b"verified: 5 vertices, matching of size 2\n",
        ),
        (
            "e c\nc d\nd a\nb c\na b\nb d\n",  # another order, and an edge more: b d
            b"claim failed: maximum: removing the barrier (2 vertices) leaves 1 odd components"
            b", which proves no matching larger than (5 + 2 - 1) / 2 = 3, not the matching "
            b"of size 2\n",
        ),
        (
            "c e\nb c\nd c\nb a\n",  # another order, and an edge less: a d, a matched pair
            b"claim failed: mate: vertex 'd' is matched to vertex 'a', but they are not adjacent\n",
        ),
    ],
    ids=["renamed", "missing", "extra", "edge more, claims hold", "edge more", "edge less"],
)
def test_another_graph_is_refused_saying_how(edges: str, message: bytes, tmp_path: Path) -> None:
    """The golden certificate of the square a b c d with the tail c e,
    checked against other graphs: other names say which names differ;
    other edges fail a claim only where one fails (with ``a c`` the
    barrier {a, c} still proves every claim; with ``b d``, ``a`` is missed
    by the maximum matching {b d, c e}, and the barrier's count says so)."""
    source = tmp_path / "other.txt"
    source.write_text(edges)
    result = run("verify", str(source), str(CASES / "graph.json"))
    assert result.stdout == message and result.stderr == ""
    assert result.status == (0 if message.startswith(b"verified") else 1)


def test_the_certificate_written_is_to_json_and_a_line_break(tmp_path: Path) -> None:
    from bipartite_game import Graph, certify

    out = tmp_path / "c.json"
    assert run("graph", str(CASES / "blossoms.in"), "--certificate", str(out)).status == 0
    graph = Graph.from_edge_list((CASES / "blossoms.in").read_bytes())
    assert out.read_bytes() == certify(graph).to_json().encode("ascii") + b"\n"


@pytest.mark.parametrize(
    ("written", "checked", "verdict"),
    tiered([
        ("knight", ["--moves", "2,1"], b"verified: "),
        ("1,2", ["--moves", "Knight"], b"verified: "),
        (
            "knight",
            [],
            b"move set differs: the certificate was made for the move set 'knight', not 'rook'\n",
        ),
        ("king", ["--moves", "king"], b"verified: "),
        ("rook", ["--moves", "0,1"], b"verified: "),
        (
            "rook",
            ["--moves", "king"],
            b"move set differs: the certificate was made for the move set 'rook', not 'king'\n",
        ),
    ]),
)
def test_a_maze_certificate_names_its_move_set(
    written: str, checked: list[str], verdict: bytes, tmp_path: Path
) -> None:
    maze = tmp_path / "maze.txt"
    maze.write_text("3 4\n....\n.#..\n...#\n")
    out = tmp_path / "cert.json"
    assert run("maze", str(maze), "--moves", written, "--certificate", str(out)).status == 0
    result = run("verify", "--maze", *checked, str(maze), str(out))
    assert result.stdout.startswith(verdict), result
    assert result.status == (0 if verdict == b"verified: " else 1)


def test_an_old_maze_certificate_without_moves_is_checked_as_before(tmp_path: Path) -> None:
    """Certificates written before the key are read against the move set
    given (rook by default): the claims decide, as they always did."""
    old = edited(tmp_path, "maze", lambda d: d.pop("moves"))
    assert run("verify", "--maze", str(CASES / "maze.in"), str(old)).status == 0
    king = run("verify", "--maze", "--moves", "king", str(CASES / "maze.in"), str(old))
    assert king.status == 1 and king.stdout.startswith(b"claim failed: ")


@pytest.mark.parametrize(
    ("moves", "fragment"),
    [(3, "'moves' must be a string"), ("queen", "'moves' is 'queen', not a move set")],
)
def test_a_move_set_that_is_none_is_unreadable(
    moves: object, fragment: str, tmp_path: Path
) -> None:
    path = edited(tmp_path, "maze", lambda d: d.update(moves=moves))
    assert_one_line_error(run("verify", "--maze", str(CASES / "maze.in"), str(path)), fragment)
