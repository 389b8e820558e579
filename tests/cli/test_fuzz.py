"""Every command's options, fuzzed as a user's command line: never an
internal error.

The options are read from the argparse parsers themselves, so an option
added later is fuzzed without a change here; a command added later fails
:func:`test_every_command_has_a_bundled_example` until it is given a base
command line.  Each option (and each positional argument) in turn gets each
hostile value (negative, zero, huge, non-numeric, empty, infinite, NaN, a
terminal escape) on top of that base; the run must not end with status 70
(a bug of ours) nor show a traceback, and a refusal (status 2) is one line.
Every command is also run with standard output closed (``>&-``) and full
(``/dev/full``): one line naming the output (or the file), status 2.

The default run takes a fixed sample of the hostile runs; ``-m slow`` runs
them all.  ``play`` gets standard input from /dev/null and every run has a
timeout; ``serve`` listens only on 127.0.0.1, on a port the system picks.
"""

from __future__ import annotations

import os
import random
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from bipartite_game.cli.commands import COMMANDS as COMMAND_NAMES
from bipartite_game.cli.main import command_parser
from bipartite_game.cli.parser import Parser
from tests.support.paths import ROOT
from tests.support.strategies import tiered

EXAMPLES = ROOT / "examples"

#: Values that have broken option parsers: signs, bounds, overflow, text.
HOSTILE = [
    "-5",
    "0",
    "99999999999999999999999",
    "1e20",
    "-1e308",
    "abc",
    "",
    " ",
    "inf",
    "nan",
    "\x1b[31m",
]

#: A base command line per command (its positional arguments, then options)
#: that runs on a bundled example.  ``stress`` tests a program that fails
#: at once (so a huge --count still ends); ``serve`` picks a free port.
BASE: dict[tuple[str, ...], tuple[list[str], list[str]]] = {
    ("graph",): ([str(EXAMPLES / "graph.txt")], []),
    ("maze",): ([str(EXAMPLES / "maze.txt")], []),
    ("knights",): ([str(EXAMPLES / "knights.txt")], []),
    ("lock",): ([str(EXAMPLES / "lock.txt")], []),
    ("king",): ([str(EXAMPLES / "king.txt")], []),
    ("bunny",): ([str(EXAMPLES / "bunny.txt")], []),
    ("edges",): ([str(EXAMPLES / "graph.txt")], []),
    ("sum",): ([str(EXAMPLES / "sum.txt")], []),
    ("check",): (["maze", str(EXAMPLES / "maze.txt"), str(EXAMPLES / "maze.txt")], []),
    ("annotate", "maze"): (
        [str(EXAMPLES / "maze.txt"), str(EXAMPLES / "maze-record.txt")],
        [],
    ),
    ("annotate", "graph"): (
        [str(EXAMPLES / "graph.txt"), str(EXAMPLES / "graph-record.txt")],
        [],
    ),
    ("verify",): (
        [str(EXAMPLES / "graph.txt"), str(EXAMPLES / "graph-certificate.json")],
        [],
    ),
    ("play", "maze"): ([str(EXAMPLES / "maze.txt")], []),
    ("play", "sum"): ([str(EXAMPLES / "sum.txt")], []),
    ("serve",): ([], ["--port", "0"]),
    ("gen",): (["maze"], []),
    ("stress",): (["maze"], ["--solution", "exit 3"]),
    ("sweep",): (["er"], ["--n", "20", "--param", "c=1", "--samples", "2", "--jobs", "1"]),
}

#: Options not fuzzed, and why.
SKIPPED = {
    ("serve", "--host"): "another address would start a server listening on it",
}

#: Seconds a run may take; a server still running then is stopped (not a failure).
TIMEOUT: dict[tuple[str, ...], float] = {("serve",): 8.0}
DEFAULT_TIMEOUT = 60.0


def _leaves(parser: Parser, path: tuple[str, ...]) -> dict[tuple[str, ...], Parser]:
    if not parser.subcommands:
        return {path: parser}
    found = {}
    for name, sub in parser.subcommands.items():
        found.update(_leaves(sub, (*path, name)))
    return found


def _commands() -> dict[tuple[str, ...], Parser]:
    """Every leaf command's parser, each built as it is when it runs (a
    command's arguments are added only then)."""
    found = {}
    for name in COMMAND_NAMES:
        found.update(_leaves(command_parser([name]), (name,)))
    return found


COMMANDS = _commands()


def _cases() -> list[tuple[tuple[str, ...], list[str], str]]:
    """``(command, arguments, what is fuzzed)`` for every option and
    positional argument of every command and every hostile value."""
    cases = []
    for path, parser in sorted(COMMANDS.items()):
        positionals, options = BASE.get(path, ([], []))
        kept_positionals = [a for a in parser.arguments if not a.option_strings]
        for index, action in enumerate(kept_positionals):
            for value in HOSTILE:
                words = list(positionals)
                if index < len(words):
                    words[index] = value
                cases.append((path, [*words, *options], f"{action.dest}={value!r}"))
        for action in parser.arguments:
            if not action.option_strings or action.option_strings == ["-h", "--help"]:
                continue
            option = max(action.option_strings, key=len)
            if (path[0], option) in SKIPPED:
                continue
            rest = _without(options, option)
            if action.nargs == 0:  # a flag: given, on the base
                cases.append((path, [*positionals, *rest, option], option))
                continue
            for value in HOSTILE:
                # "--x=VALUE": a value starting with "-" stays a value
                args = [*positionals, *rest, f"{option}={value}"]
                cases.append((path, args, f"{option}={value!r}"))
    return cases


def _without(options: list[str], option: str) -> list[str]:
    if option not in options:
        return list(options)
    at = options.index(option)
    return options[:at] + options[at + 2 :]


CASES = _cases()


def _run(
    path: tuple[str, ...],
    args: list[str],
    cwd: Path,
    *,
    stdout: IO[bytes] | int = subprocess.DEVNULL,
    preexec_fn: Callable[[], object] | None = None,
) -> tuple[int | None, str]:
    """Status (``None``: still running at the timeout, then killed) and stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", *path, *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=cwd,
        start_new_session=True,
        preexec_fn=preexec_fn,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        _, err = process.communicate(timeout=TIMEOUT.get(path, DEFAULT_TIMEOUT))
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        _, err = process.communicate()
        status = None
    return status, err.decode("utf-8", "replace")


def _assert_clean(path: tuple[str, ...], args: list[str], status: int | None, err: str) -> None:
    shown = " ".join(shlex.quote(w) for w in [*path, *args])
    assert status != 70, f"{shown}: {err}"
    assert "Traceback" not in err, f"{shown}: {err}"
    if status == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), (shown, err)
    if status is None:  # only a server may still be running
        assert path == ("serve",), f"{shown}: no end in {DEFAULT_TIMEOUT} s"


def test_every_command_has_a_bundled_example() -> None:
    assert set(COMMANDS) == set(BASE)
    for positionals, _ in BASE.values():
        for word in positionals:
            assert not word.startswith("/") or Path(word).exists(), word


#: The default run's sample: the same every run, one in so many, spread
#: over the commands; the findings that led here are always in it.
SAMPLE = [
    *random.Random(25).sample(CASES, 10),
    *(c for c in CASES if c[0] == ("gen",) and c[2] == "--seed='-5'"),
    *(c for c in CASES if c[0] == ("stress",) and c[2] in ("--seed='-5'", "--time-limit='1e20'")),
]


@pytest.mark.parametrize(
    ("path", "args", "what"), tiered(SAMPLE), ids=[f"{c[0]}-{c[2]}" for c in SAMPLE]
)
def test_hostile_option_values_sample(
    path: tuple[str, ...], args: list[str], what: str, tmp_path: Path
) -> None:
    _assert_clean(path, args, *_run(path, args, tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize(("path", "args", "what"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_hostile_option_values(
    path: tuple[str, ...], args: list[str], what: str, tmp_path: Path
) -> None:
    _assert_clean(path, args, *_run(path, args, tmp_path))


@pytest.mark.parametrize("path", tiered(map(pytest.param, sorted(BASE))), ids=" ".join)
def test_closed_standard_output_is_an_output_error(path: tuple[str, ...], tmp_path: Path) -> None:
    positionals, options = BASE[path]
    status, err = _run(path, [*positionals, *options], tmp_path, preexec_fn=lambda: os.close(1))
    assert status == 2, err
    assert err.splitlines() == [
        "bipartite-game: error: cannot write the output: standard output is closed"
    ], err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("path", tiered(map(pytest.param, sorted(BASE))), ids=" ".join)
def test_full_standard_output_is_an_output_error(path: tuple[str, ...], tmp_path: Path) -> None:
    positionals, options = BASE[path]
    with open("/dev/full", "wb") as full:
        status, err = _run(path, [*positionals, *options], tmp_path, stdout=full)
    assert status == 2, err
    assert err.splitlines() == [
        "bipartite-game: error: cannot write the output: No space left on device"
    ], err


@pytest.mark.parametrize("command", ["graph", "maze"])
def test_a_certificate_to_a_device_names_its_file(command: str, tmp_path: Path) -> None:
    """/dev/full is a device, refused as every output file's path is (a
    full disk under a real file: tests/cli/test_outputs.py)."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    example = str(EXAMPLES / f"{command}.txt")
    status, err = _run((command,), [example, "--certificate", "/dev/full"], tmp_path)
    assert status == 2
    assert err.splitlines() == [
        "bipartite-game: error: cannot write /dev/full: a character device, not a regular file"
    ]
