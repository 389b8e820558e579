"""Mutated judge inputs: every front-end answers or refuses cleanly.

Each golden input is mutated (bytes replaced, inserted, deleted, lines
repeated, the text cut short) with pieces that have broken parsers before:
huge numbers, non-ASCII digits, byte-order marks, NUL and invalid UTF-8,
stray separators.  In process, a front-end must return an answer or raise a
:class:`BipartiteGameError` with a one-line message of bounded length; through
the real command line, a sample of the same mutations must give exit status
0 or 2 and at most one line on standard error.

The memory the front-ends believe they have is cut to 64 MB for these tests,
so that a mutation which happens to make a large valid input (a lock of
eight rings, say) is refused at once instead of solved for minutes.
"""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError, BipartiteGameWarning
from bipartite_game.problems import bunny, edges, graph, king, knights, lock, maze
from tests.support.paths import GOLDEN
from tests.support.strategies import examples

FRONT_ENDS: dict[str, Callable[[bytes], object]] = {
    "maze": maze.answer,
    "lock": lock.answer,
    "knights": knights.answer,
    "king": king.answer,
    "graph": graph.answer,
    "bunny": bunny.answer,
    "edges": edges.answer,
}
SEEDS = {name: sorted((GOLDEN / name).glob("*.in")) for name in FRONT_ENDS}
assert all(SEEDS.values()), "every front-end needs golden inputs to mutate"
PIECES = [
    b"0",
    b"9",
    b"-1",
    b" ",
    b"\t",
    b"\n",
    b"\r\n",
    b"\n\n",
    b"#",
    b".",
    b"@",
    b"A",
    b"B",
    b"K",
    b"x",
    b"\x00",
    b"\xff",
    b"\xef\xbb\xbf",
    "²".encode(),
    "١".encode(),
    "１".encode(),
    b"9" * 40,
    b"1" + b"0" * 5000,
    b"18446744073709551616",
    b"1 0",
    b"3 3",
    b"000",
    b"O",
    b"X",
    b"1 1",
]
#: What the front-ends may believe they have while fuzzed.
FUZZ_MEMORY = 64 * 10**6

Mutation = tuple[str, float, float, int]
mutations = st.lists(
    st.tuples(
        st.sampled_from(["replace", "insert", "delete", "repeat_line", "truncate"]),
        st.floats(0, 1),
        st.floats(0, 1),
        st.integers(0, len(PIECES) - 1),
    ),
    min_size=1,
    max_size=4,
)


def mutate(data: bytes, steps: list[Mutation]) -> bytes:
    for kind, where, extent, piece in steps:
        at = int(where * len(data))
        if kind == "replace":
            data = data[:at] + PIECES[piece] + data[at + 1 :]
        elif kind == "insert":
            data = data[:at] + PIECES[piece] + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + 1 + int(extent * 8) :]
        elif kind == "repeat_line":
            lines = data.split(b"\n")
            k = min(int(where * len(lines)), len(lines) - 1)
            lines[k:k] = [lines[k]] * (1 + int(extent * 3))
            data = b"\n".join(lines)
        else:
            data = data[:at]
    return data


def _answers_or_refuses(name: str, data: bytes) -> None:
    try:
        with warnings.catch_warnings():  # 'a,b' lines: a warning is a fine answer
            warnings.simplefilter("ignore", BipartiteGameWarning)
            FRONT_ENDS[name](data)
    except BipartiteGameError as error:
        message = str(error)
        assert message and "\n" not in message, message
        assert len(message) < 300, message
        # a bytes repr where a quotation belongs ("found b'012'")
        assert not re.search(r"(found|not|\() b['\"]", message), message


@pytest.mark.parametrize("name", sorted(FRONT_ENDS))
@settings(max_examples=60)
@given(seed=st.data(), steps=mutations)
def test_mutated_input_is_answered_or_refused(
    name: str, seed: st.DataObject, steps: list[Mutation]
) -> None:
    path = seed.draw(st.sampled_from(SEEDS[name]), label="seed file")
    with mock.patch("bipartite_game._limits.available_memory", return_value=FUZZ_MEMORY):
        _answers_or_refuses(name, mutate(path.read_bytes(), steps))


@pytest.mark.parametrize("name", sorted(FRONT_ENDS))
@settings(max_examples=60)
@given(data=st.binary(max_size=300))
def test_random_bytes_are_answered_or_refused(name: str, data: bytes) -> None:
    with mock.patch("bipartite_game._limits.available_memory", return_value=FUZZ_MEMORY):
        _answers_or_refuses(name, data)


def _small_address_space() -> None:
    # the same cut for a subprocess: its memory check reads RLIMIT_AS
    resource.setrlimit(resource.RLIMIT_AS, (1_200_000_000, 1_200_000_000))


#: Mutated inputs per front-end run through the real command line.
CLI_SAMPLES = examples(12)


@pytest.mark.parametrize("name", sorted(FRONT_ENDS))
def test_mutated_input_through_the_command_line(name: str, tmp_path: Path) -> None:
    chooser = random.Random(f"fuzz-{name}")
    env = dict(os.environ)
    for sample in range(CLI_SAMPLES):
        seed = chooser.choice(SEEDS[name])
        steps = [
            (
                chooser.choice(["replace", "insert", "delete", "repeat_line", "truncate"]),
                chooser.random(),
                chooser.random(),
                chooser.randrange(len(PIECES)),
            )
            for _ in range(chooser.randint(1, 4))
        ]
        data = mutate(seed.read_bytes(), steps)
        done = subprocess.run(
            [sys.executable, "-m", "bipartite_game", name],
            input=data,
            capture_output=True,
            env=env,
            timeout=120,
            preexec_fn=_small_address_space,
        )
        stderr = done.stderr.decode("utf-8", "replace")
        context = (name, sample, data[:200], stderr)
        assert done.returncode in (0, 2), context
        assert "Traceback" not in stderr, context
        lines = stderr.splitlines()
        if done.returncode == 0:  # an answer, with at most one warning about it
            assert len(lines) <= 1 and all(" warning: " in line for line in lines), context
        else:
            assert len(lines) == 1, context
