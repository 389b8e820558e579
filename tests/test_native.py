"""The native kernel library: loading, modes, argument checks, and the board
builders against their Python specification.

Each module with native kernels has its comparisons in its own tests (by
:func:`native_util.same_as_python`); these are the mechanism's own.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import _native
from bipartite_game.graphs import boards

from .cli_util import run
from .native_util import native_library, same_as_python


def test_modes_switch_the_library_off_and_refuse_unknown_names() -> None:
    native_library()
    previous = _native.set_native_mode("never")
    try:
        assert _native.library() is None
    finally:
        _native.set_native_mode(previous)
    assert _native.library() is not None
    with pytest.raises(ValueError, match="native mode"):
        _native.set_native_mode("sometimes")


def test_required_without_the_library_is_one_clear_error(tmp_path: object) -> None:
    """A copy of the package without its shared library, run with
    ``required``: one line on stderr naming the cause, exit status 2."""
    import shutil

    import bipartite_game

    source = os.path.dirname(bipartite_game.__file__)
    copy = os.path.join(str(tmp_path), "bipartite_game")
    shutil.copytree(
        source, copy, ignore=shutil.ignore_patterns("_ckernels*", "__pycache__", "*.nb*")
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path), BIPARTITE_GAME_NATIVE="required")
    done = run("maze", stdin=b"1 3\n...\n", env=env)
    assert done.status == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "native kernel library is not built or not usable" in lines[0]
    # the same copy in the default mode falls back and answers
    env["BIPARTITE_GAME_NATIVE"] = "auto"
    done = run("maze", stdin=b"1 3\n...\n", env=env)
    assert done.status == 0, done.stderr
    assert done.stdout.startswith(b"WIN\n")


def test_the_library_is_a_plain_shared_library_for_every_python() -> None:
    """The library uses no Python API, so setup.py builds it without a Python
    ABI tag in its name (``_ckernels.cpython-311-x86_64-linux-gnu.so`` would
    be found by one Python version only): one wheel per platform, tagged
    py3-none, serves every Python."""
    import sys

    lib = native_library()
    expected = "_ckernels.dll" if sys.platform == "win32" else "_ckernels.so"
    assert os.path.basename(lib.path) == expected, lib.path


def test_an_adapter_passing_a_wrong_array_is_stopped_before_c() -> None:
    lib = native_library()
    number = lib.function("bg_number_kept", "?qi")
    keep = np.ones(4, dtype=np.bool_)
    with pytest.raises(TypeError, match="int32"):
        number(keep, 4, np.empty(4, dtype=np.int64))
    with pytest.raises(TypeError, match="contiguous"):
        number(keep, 4, np.empty(8, dtype=np.int32)[::2])
    with pytest.raises(TypeError, match="3 arguments"):
        number(keep, 4)


@given(st.integers(0, 100), st.floats(0, 1), st.integers(0, 2**32 - 1))
def test_numbering_matches_python(size: int, density: float, seed: int) -> None:
    """The board builders' numbering of kept cells; the builders' own passes
    are checked in ``test_native_bipartite.py``."""
    mask = np.random.default_rng(seed).random(size) < density
    same_as_python(boards.number_kept, mask)


def test_stats_say_where_the_kernels_ran() -> None:
    """``--stats`` counts kernel calls by how they ran: the C library, numba,
    or interpreted; the grid builder of a maze runs in C."""
    import re

    native_library()
    done = run("maze", "--stats", stdin=b"2 3\n...\n.#.\n")
    assert done.status == 0, done.stderr
    found = re.search(
        r"^bipartite-game: stats: kernel calls +(\d+) in C, (\d+) by numba, (\d+) interpreted$",
        done.stderr,
        re.MULTILINE,
    )
    assert found, done.stderr
    assert int(found[1]) >= 1


def test_a_library_older_than_its_sources_is_not_used(tmp_path: object) -> None:
    """In a source tree, a C file edited after the build: the stale library
    is left alone (one note says how to rebuild) and the answer still comes."""
    import shutil
    import time

    import bipartite_game

    native_library()
    source = os.path.dirname(bipartite_game.__file__)
    tree = os.path.join(str(tmp_path), "src")
    copy = os.path.join(tree, "bipartite_game")
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.nb*"))
    with open(os.path.join(str(tmp_path), "setup.py"), "w") as handle:
        handle.write("# a source tree\n")
    os.makedirs(os.path.join(copy, "native"), exist_ok=True)
    edited = os.path.join(copy, "native", "edited.c")
    with open(edited, "w") as handle:
        handle.write("/* edited after the build */\n")
    later = time.time() + 60
    os.utime(edited, (later, later))
    env = dict(os.environ, PYTHONPATH=tree, BIPARTITE_GAME_NATIVE="auto")
    done = run("maze", stdin=b"1 3\n...\n", env=env)
    assert done.status == 0, done.stderr
    assert done.stdout.startswith(b"WIN\n")
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "older than its sources" in lines[0], lines
    # an installed package (no setup.py above it) never compares: it has no
    # sources to be older than, whatever files happen to lie beside it
    os.remove(os.path.join(str(tmp_path), "setup.py"))
    done = run("maze", stdin=b"1 3\n...\n", env=dict(env, BIPARTITE_GAME_NATIVE="required"))
    assert done.status == 0 and done.stderr == "", done.stderr
