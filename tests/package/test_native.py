"""The native kernel library: loading, modes, argument checks, every
adapter's declared letters against its C prototype, and the board builders
against their Python specification.

Each module with native kernels has its comparisons in its own tests (by
:func:`tests.support.native.same_as_python`); these are the mechanism's own.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game import _native
from bipartite_game.graphs import board_csr
from tests.support.cli import run
from tests.support.native import native_library, same_as_python
from tests.support.paths import ROOT


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
    are checked in ``tests/theory/test_bipartite.py``."""
    mask = np.random.default_rng(seed).random(size) < density
    same_as_python(board_csr.number_kept, mask)


def test_stats_say_where_the_kernels_ran() -> None:
    """``--stats`` counts kernel calls by how they ran: in the C library, or
    interpreted; the grid builder of a maze runs in C."""
    import re

    native_library()
    done = run("maze", "--stats", stdin=b"2 3\n...\n.#.\n")
    assert done.status == 0, done.stderr
    found = re.search(
        r"^bipartite-game: stats: kernel calls +(\d+) in C, (\d+) interpreted$",
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


# ------------------------------------------------------------ the adapters' letters

#: The C parameter types (``const`` dropped) and the letters that may stand
#: for them in an adapter's signature (see ``_native._ARRAY_TYPES``): bool
#: arrays reach C as ``uint8_t``, as do bytes.
_LETTERS_OF_C_TYPE = {
    "int64_t": "q",
    "int64_t *": "l",
    "int32_t *": "i",
    "int8_t *": "b",
    "uint8_t *": "?B",
    "uint64_t *": "Q",
}
#: The sources beside the tests (an installed package carries no C sources).
_SOURCES = ROOT / "src" / "bipartite_game"
_NATIVE = _SOURCES / "native"
_EXPORTED = re.compile(
    r'__attribute__\s*\(\(\s*visibility\s*\(\s*"default"\s*\)\s*\)\)\s*'
    r"(?P<result>[\w\s]+?)\s+(?P<name>bg_\w+)\s*\((?P<params>[^)]*)\)\s*\{"
)


def _c_prototypes() -> dict[str, list[str]]:
    """Every function the library exports (``BG_EXPORT``), by name, with its
    parameter types: from the preprocessed sources, so that the functions a
    macro writes once per offset type (``_i32``) are there as compiled."""
    if not _NATIVE.is_dir():
        pytest.skip(f"no C sources at {_NATIVE}")
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler to preprocess native/*.c")
    prototypes: dict[str, list[str]] = {}
    for source in sorted(_NATIVE.glob("*.c")):
        text = subprocess.run(
            [compiler, "-E", "-P", "-std=c99", source.name],
            cwd=_NATIVE,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for found in _EXPORTED.finditer(text):
            assert found["result"].split() == ["int64_t"], found[0]
            types = []
            for param in found["params"].split(","):
                words = param.replace("*", " * ").split()
                types.append(" ".join(w for w in words[:-1] if w != "const"))
            assert found["name"] not in prototypes, f"{found['name']} defined twice"
            prototypes[found["name"]] = types
    return prototypes


def _adapter_declarations() -> list[tuple[str, str, str]]:
    """Every ``lib.function(name, letters)`` in the package, as (where, name,
    letters); ``lib.csr_function(name, letters, indptr)`` declares both
    offset types (``name`` with ``l`` first, ``name_i32`` with ``i``).  Both
    strings must be literals, so that this list is the whole truth."""
    package = _SOURCES
    declared = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "_native.py":
            continue  # the mechanism itself
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("function", "csr_function")
                and len(node.args) >= 2
            ):
                continue
            where = f"{path.relative_to(package)}:{node.lineno}"
            name, letters = node.args[0], node.args[1]
            assert isinstance(name, ast.Constant) and isinstance(name.value, str), where
            assert isinstance(letters, ast.Constant) and isinstance(letters.value, str), where
            if node.func.attr == "function":
                declared.append((where, name.value, letters.value))
            else:
                declared.append((where, name.value, "l" + letters.value))
                declared.append((where, name.value + "_i32", "i" + letters.value))
    return declared


def test_every_adapter_declares_its_c_function_as_its_prototype_reads() -> None:
    """The letters of every ctypes declaration against the C prototype they
    call: as many arguments, and each of a type C reads at that place (an
    ``l`` where C has ``int64_t *``, a ``q`` where it has an ``int64_t``...).
    A wrong letter would have C read an array of the wrong width, or an
    integer as an address: nothing at run time can see that."""
    prototypes = _c_prototypes()
    declared = _adapter_declarations()
    assert len(prototypes) > 50 and len(declared) > 50  # the parsers found them
    wrong = []
    for where, name, letters in declared:
        if name not in prototypes:
            wrong.append(f"{where}: {name} is not exported by native/*.c")
            continue
        types = prototypes[name]
        if len(letters) != len(types):
            wrong.append(f"{where}: {name} takes {len(types)} arguments, declared {letters!r}")
            continue
        for position, (letter, c_type) in enumerate(zip(letters, types, strict=True)):
            if letter not in _LETTERS_OF_C_TYPE.get(c_type, ""):
                wrong.append(f"{where}: {name} argument {position} is {c_type}, not {letter!r}")
    assert not wrong, "\n".join(wrong)


def test_every_exported_c_function_has_an_adapter() -> None:
    """No C function is exported that no adapter calls: it would be code
    that no test compares with its Python specification."""
    declared = {name for _, name, _ in _adapter_declarations()}
    unused = sorted(set(_c_prototypes()) - declared)
    assert not unused, unused
