"""``sweep``'s options, every one checked before the work starts: ranges
with any step, grids too large to run, numbers of any size, written as
the CSV and JSON print them.

Through the real command line for the reported cases, and through
``main()`` in process for the Hypothesis campaign, with the samples' work
replaced by a stand-in (the options are what is under test; a valid
command line of a million samples of 10^9 vertices must not run here).
"""

from __future__ import annotations

import csv
import importlib
import io
import itertools
import json
import math
import subprocess
import sys
import warnings
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError
from bipartite_game.experiments import sweep as sweep_module
from bipartite_game.experiments.catalogue import FAMILIES as CATALOGUE
from bipartite_game.experiments.sweep import MAX_POINTS, iter_sweep, parse_values, sweep, to_json
from tests.support.strategies import examples, tiered

CLI = [sys.executable, "-m", "bipartite_game", "sweep"]
#: The command line's module (``bipartite_game.cli.main`` is also its function's name).
cli_main = importlib.import_module("bipartite_game.cli.main")


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], capture_output=True, timeout=120)


def _refused(done: subprocess.CompletedProcess[bytes], *fragments: str) -> str:
    assert done.returncode == 2, done
    assert done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), lines
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


# ------------------------------------------------------------ --param
@pytest.mark.parametrize(
    ("values", "fragment"),
    tiered([
        ("0:1:1e-300", "more than 1000000 values"),  # the issue's: exit 70 from decimal
        ("0:1e15:1e-15", "more than 1000000 values"),
        ("-1e15:1e15:1e-300", "more than 1000000 values"),
        ("0:1e15:1", "more than 1000000 values"),
        ("0:1:0", "positive step"),
        ("0:1:-0.5", "positive step"),
        ("1:0:0.5", "inverted"),
        ("0:1:nan", "expected a number"),
        ("0:inf:1", "expected a number"),
        ("0:1:1e-301", "too small"),
        ("1e-400", "too small"),
        ("1e400", "expected a number"),
        ("1e999999999999999999", "expected a number"),
        ("1,1", "given twice"),
        ("1:3:1,3", "given twice"),
        ("1:1.0000000000000000001:1e-19", "finer than a double"),
        ("١", "expected a number"),
        ("1:2", "START:STOP:STEP"),
        (",".join(["1"] * (MAX_POINTS + 1)), "more than 1000000 values"),
    ]),
)
def test_bad_values_are_one_line(values: str, fragment: str) -> None:
    with pytest.raises(BipartiteGameError, match=fragment):
        parse_values(values)
    if len(values) < 1000:  # the command line's own argument
        _refused(_cli("er", "--n", "5", "--param", f"c={values}"), "--param", fragment)


def test_values_are_exact_on_the_grid() -> None:
    assert parse_values("0:1:0.1") == tuple(k / 10 for k in range(11))
    assert parse_values("-0") == (0.0,) and math.copysign(1, parse_values("-0")[0]) == 1
    assert parse_values("-1:1:1") == (-1.0, 0.0, 1.0)
    assert parse_values("1e-300:1e-299:1e-300") == tuple(k * 1e-300 for k in range(1, 11))
    assert parse_values("0:1e15:1e10")[-1] == 1e15
    # a range of exactly the limit is made (the count is checked before any value)
    assert len(parse_values(f"0:{MAX_POINTS - 1}:1")) == MAX_POINTS
    with pytest.raises(BipartiteGameError):
        parse_values(f"0:{MAX_POINTS}:1")
    with pytest.raises(BipartiteGameError, match="more than"):  # room for one value fewer
        parse_values(f"-1,0:{MAX_POINTS - 1}:1")


@given(
    start=st.decimals(min_value=-100, max_value=100, places=3, allow_nan=False),
    count=st.integers(1, 60),
    step=st.decimals(min_value=Decimal("0.001"), max_value=10, places=3, allow_nan=False),
)
def test_a_range_holds_every_step_up_to_its_stop(start: Decimal, count: int, step: Decimal) -> None:
    """Against a count in exact integers (thousandths): STOP is included
    when it lands on the grid and no value passes it."""
    start, step = start + 0, step + 0  # -0 as 0
    stop = start + (count - 1) * step
    for extra in (Decimal(0), step / 2):
        values = parse_values(f"{start}:{stop + extra}:{step}")
        assert values == tuple(float(start + k * step) for k in range(count))


# ------------------------------------------------------------- grid size
def test_a_grid_too_large_is_refused_before_it_is_made() -> None:
    """Points times samples above the limit: one line, and no list of the
    points was made (the library's check counts them first)."""
    line = _refused(
        _cli("er", "--n", "5", "--param", "c=0:0.5:0.000001", "--samples", "1000000"),
        "500001 values of c x 1000000 samples",
        f"at most {MAX_POINTS}",
    )
    assert "500001000000" in line
    with pytest.raises(BipartiteGameError, match="at most"):
        iter_sweep("er", 5, {"c": range(1000)}, samples=1001, seed=0)


@pytest.mark.parametrize(
    ("parameters", "fragment"),
    [
        ({"c": [math.nan]}, "finite"),
        ({"c": [math.inf]}, "finite"),
        ({"c": ["1"]}, "numbers"),
        ({"c": [True]}, "numbers"),
        ({"c": "12"}, "sequence"),
        ({"c": [10**400]}, "finite"),
        ({"c": [1.0, 1]}, "given twice"),
        ({"c": []}, "no values"),
    ],
)
def test_library_refuses_bad_values(parameters: dict[str, Any], fragment: str) -> None:
    with pytest.raises(BipartiteGameError, match=fragment):
        iter_sweep("er", 5, parameters, samples=1, seed=0)


@pytest.mark.parametrize(
    ("keyword", "value"),
    [
        ("samples", 1.5),
        ("samples", True),
        ("seed", -1),
        ("seed", 2**64),
        ("jobs", 0),
        ("jobs", "2"),
        ("samples", MAX_POINTS + 1),
        ("budget", -1),
        ("budget", 2.5),
        ("budget", "10"),
    ],
)
def test_library_refuses_bad_counts(keyword: str, value: Any) -> None:
    arguments: dict[str, Any] = {"samples": 1, "seed": 0, keyword: value}
    with pytest.raises(BipartiteGameError, match=keyword):
        iter_sweep("er", 5, {"c": [1.0]}, **arguments)


# --------------------------------------------------- the option parser fuzzed
#: Values that have broken number parsers, and the grid's own forms.
HOSTILE = [
    "0", "1", "-1", "-0", "2", "1.5", "1e-300", "1e-301", "1e300", "1e15", "1e16", "nan", "inf",
    "-inf", "", " ", "abc", "0x10", "1_0", "١", "²", "\x1b[31m", "99999999999999999999999",
    "2147483647", "2147483648", "1000000", "1000001", "1024", "1025", "18446744073709551616",
]  # fmt: skip
FAMILIES = {"er": "c", "bipartite-er": "c", "regular": "d", "maze": "p", "king": "p"}


def _ranges() -> st.SearchStrategy[str]:
    number = st.one_of(st.sampled_from(HOSTILE), st.decimals(allow_nan=True).map(str))
    item = st.one_of(number, st.tuples(number, number, number).map(":".join))
    return st.lists(item, min_size=1, max_size=4).map(",".join)


def _fake_row(task: tuple[Any, ...]) -> dict[str, Any]:
    """A row shaped as a sample's, without generating or solving anything."""
    family, n, values, sample, seed = task[:5]
    row: dict[str, Any] = {"family": family, "n": n}
    row.update(zip(CATALOGUE[family], values, strict=True))
    row.update(sample=sample, seed=seed, vertices=1)
    return row


def _run_main(args: list[str]) -> int:
    """``main()`` in this process, the samples replaced by :func:`_fake_row`
    (at most 3 a run), standard output and error caught, and the
    process-wide settings it makes undone; its status, checked: 0 with
    nothing on standard error, or 2 with one line."""
    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            sweep_module,
            "_run_pool",
            lambda tasks, workers: map(_fake_row, itertools.islice(tasks, 3)),
        )
        patch.setattr(warnings, "showwarning", warnings.showwarning)
        patch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO()))
        patch.setattr(sys, "stderr", err)
        try:
            status = cli_main.main(["sweep", *args])
        except SystemExit as exit:  # argparse's refusal ends with sys.exit(2)
            status = exit.code
    assert status in (0, 2), (args, status, err.getvalue())
    lines = err.getvalue().splitlines()
    if status == 2:
        assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), (args, lines)
    else:
        assert lines == [], (args, lines)
    return int(status)


@settings(deadline=None, max_examples=examples(300))
@given(
    family=st.sampled_from(sorted(FAMILIES)),
    values=_ranges(),
    options=st.lists(
        st.tuples(
            st.sampled_from(["--n", "--samples", "--seed", "--jobs", "--budget"]),
            st.one_of(st.sampled_from(HOSTILE), st.integers(-(2**70), 2**70).map(str)),
        ),
        max_size=4,
    ),
    json_format=st.booleans(),
)
@example(family="er", values="0:1:1e-300", options=[("--n", "5")], json_format=False)
@example(family="er", values="0:1e15:1e-15", options=[("--n", "5")], json_format=False)
@example(family="er", values="0", options=[("--n", "5"), ("--jobs", "1025")], json_format=True)
def test_the_option_parser_fuzzed(
    family: str,
    values: str,
    options: list[tuple[str, str]],
    json_format: bool,
) -> None:
    """Any --param, --n, --samples, --seed, --jobs and --budget: exit 0 or
    2 (one line), never 70, never a traceback."""
    args = [family, "--param", f"{FAMILIES[family]}={values}"]
    if not any(name == "--n" for name, _ in options):
        args += ["--n", "5"]
    for name, value in options:
        args += [f"{name}={value}"]  # a value that starts with '-' stays the option's
    if json_format:
        args += ["--format", "json"]
    _run_main(args)


@pytest.mark.parametrize(
    "args",
    [
        ["er", "--param", "c=0:1:1e-300", "--n", "5"],
        ["er", "--param", "c=1", "--n", "2147483647"],
        ["er", "--param", "c=1", "--n", "2147483648"],
        ["maze", "--param", "p=0", "--n", "46341"],
        ["regular", "--param", "d=0:5:1", "--n", "5"],
        ["er", "--param", "c=0:0.5:0.000001", "--n", "5", "--samples", "1000000"],
        ["er", "--param", "c=1", "--n", "5", "--seed", "1000000000000000000"],
        ["er", "--param", "c=1", "--n", "5", "--jobs", "1025"],
        ["er", "--param", "c=1", "--n", "5", "--samples", "1000001"],
    ],
)
def test_limits_in_process(args: list[str]) -> None:
    assert _run_main(args) == 2


# -------------------------------------------------------------- the numbers
def test_json_writes_the_parameters_as_the_csv_does() -> None:
    """``1`` stays 1 (not 1.0) in JSON, as in CSV; other values as Python
    writes the double, the same in both."""
    args = ("er", "--n", "6", "--param", "c=1,2.5,3,1e-300", "--samples", "2", "--seed", "3")
    text, data = _cli(*args), _cli(*args, "--format", "json")
    assert text.returncode == data.returncode == 0, (text.stderr, data.stderr)
    rows = list(csv.DictReader(io.StringIO(text.stdout.decode())))
    objects = json.loads(data.stdout)
    assert len(rows) == len(objects) == 8
    assert [row["c"] for row in rows] == [json.dumps(o["c"]) for o in objects]
    assert [o["c"] for o in objects][::2] == [1, 2.5, 3, 1e-300]
    assert isinstance(objects[0]["c"], int) and isinstance(objects[2]["c"], float)
    assert b'"c":1,' in data.stdout and b'"c":1.0' not in data.stdout
    for row, stored in zip(rows, objects, strict=True):  # every cell, as the CSV's text
        assert {k: v if isinstance(v, str) else json.dumps(v) for k, v in stored.items()} == row
    # the library's to_json too; the seeds are those of the doubles
    library = json.loads(to_json(sweep("regular", 6, {"d": [2.0]}, samples=1, seed=0)))
    assert library[0]["d"] == 2 and isinstance(library[0]["d"], int)
