"""The installed package where numba can write no cache: it must still answer.

A read-only installation run by a user without a home (a service, a sandbox, a
container) leaves numba no cache directory, and numba then refuses to compile
with caching at all (``cannot cache function ...: no locator available``).
``_jit.py`` falls back to a private directory under the temporary directory,
and failing that to compiling without a cache; these tests run the real
command in that situation.

Permissions cannot make a directory unwritable for root, and CI runs as root,
so every place numba looks is made impossible to create instead, which holds
for any user: the package is imported from a copy in which each
``__pycache__`` is a regular file, and ``NUMBA_CACHE_DIR``, ``HOME`` and
``XDG_CACHE_HOME`` point below a regular file.  A first subprocess checks
that numba indeed finds no cache directory there, so that the tests cannot
pass by accident if that stops being so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bipartite_game
from bipartite_game import _jit
from bipartite_game.problems.maze import answer
from tests.support.numba import needs_numba

pytestmark = [
    pytest.mark.skipif(
        sys.platform == "win32", reason="uses POSIX users and a file named __pycache__"
    ),
    pytest.mark.slow,
    needs_numba,
]

#: What ``_probe`` prints when numba has no cache directory for the copy.
_NO_LOCATOR = "no locator available"

_PROBE = """
import numba
import bipartite_game
from bipartite_game.graphs import board_csr
print(bipartite_game.__file__)
try:
    numba.njit(cache=True)(board_csr.number_kept.py_func)
except RuntimeError as error:
    print(error)
"""


class Unwritable:
    """A copy of the package and an environment that leave numba no cache."""

    def __init__(self, root: Path) -> None:
        package = Path(bipartite_game.__file__).parent
        site = root / "site"
        self.package = site / package.name
        shutil.copytree(package, self.package, ignore=shutil.ignore_patterns("__pycache__"))
        for directory in [self.package, *self.package.rglob("*")]:
            if directory.is_dir() and any(directory.glob("*.py")):
                (directory / "__pycache__").write_bytes(b"")
        blocker = root / "a-file"
        blocker.write_bytes(b"")
        self.tmp = root / "tmp"
        self.tmp.mkdir()
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("NUMBA_", "PYTHON"))
        }
        env.update(
            PYTHONPATH=str(site),
            PYTHONDONTWRITEBYTECODE="1",
            NUMBA_CACHE_DIR=str(blocker / "numba"),
            HOME=str(blocker / "home"),
            XDG_CACHE_HOME=str(blocker / "cache"),
            TMPDIR=str(self.tmp),
            BIPARTITE_GAME_JIT="always",
            # numba's caching is what is tested here: the native library
            # (which needs no cache) is switched off but for the last test
            BIPARTITE_GAME_NATIVE="never",
        )
        self.env = env
        #: Where ``_jit`` keeps the cache when numba has none.
        self.fallback = self.tmp / f"bipartite-game-numba-{os.getuid()}"

    def python(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        """Run Python here, from the temporary directory (a common place to run from)."""
        return subprocess.run(
            [sys.executable, *args], env=self.env, cwd=self.tmp, capture_output=True, timeout=300
        )

    def check_numba_has_no_cache(self) -> None:
        probe = self.python("-c", _PROBE)
        assert probe.returncode == 0, probe.stderr.decode()
        imported, outcome = probe.stdout.decode().splitlines()
        assert Path(imported).resolve().parent == self.package.resolve(), (
            f"the package imported was {imported}, not the copy"
        )
        assert _NO_LOCATOR in outcome, f"numba found a cache directory after all: {outcome}"


@pytest.fixture
def unwritable(tmp_path: Path) -> Unwritable:
    situation = Unwritable(tmp_path)
    situation.check_numba_has_no_cache()
    return situation


@pytest.fixture(scope="module")
def maze(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A maze file and its answer, solved here where numba caches normally."""
    rng = np.random.default_rng(7)
    cells = np.where(rng.random((60, 60)) < 0.15, "#", ".")
    text = "60 60\n" + "\n".join("".join(row) for row in cells) + "\n"
    path = tmp_path_factory.mktemp("maze") / "maze.txt"
    path.write_text(text)
    return path, bytes(answer(text.encode()))


def _solve(situation: Unwritable, maze: tuple[Path, bytes]) -> str:
    """Run ``maze`` in the situation; check the answer and return the note."""
    path, expected = maze
    result = situation.python("-m", "bipartite_game", "maze", str(path))
    stderr = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
    assert result.returncode == 0, stderr
    assert result.stdout == expected
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("bipartite-game: note: "), lines[0]
    return lines[0]


def _cache_files(directory: Path) -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for path in directory.rglob("*") if path.is_file()}


def test_without_a_cache_directory_kernels_cache_in_a_private_temp_dir(
    unwritable: Unwritable, maze: tuple[Path, bytes]
) -> None:
    """The first run compiles into the fallback; the next only loads from it.

    The maze is solved with every kernel compiled, ``karp_sipser`` calling
    ``_retire`` among them, so a kernel calling a kernel is covered.
    """
    note = _solve(unwritable, maze)
    assert str(unwritable.fallback) in note
    assert (unwritable.fallback.stat().st_mode & 0o777) == 0o700
    saved = _cache_files(unwritable.fallback)
    assert any(path.suffix == ".nbi" for path in saved), saved

    _solve(unwritable, maze)
    assert _cache_files(unwritable.fallback) == saved, "the second run compiled again"


def test_without_any_writable_place_kernels_compile_uncached(
    unwritable: Unwritable, maze: tuple[Path, bytes]
) -> None:
    """A file where the fallback directory would be: no cache at all, same answer."""
    unwritable.fallback.write_bytes(b"")
    note = _solve(unwritable, maze)
    assert "without a cache" in note
    assert unwritable.fallback.is_file()


def test_with_the_native_library_nothing_is_compiled_noted_or_cached(
    unwritable: Unwritable, maze: tuple[Path, bytes]
) -> None:
    """The same read-only install with its C library: the maze path runs
    there entirely, so even ``BIPARTITE_GAME_JIT=always`` never reaches numba,
    and there is no note and no cache anywhere."""
    if not list(unwritable.package.glob("_ckernels*")):
        pytest.skip("the native kernel library is not built")
    unwritable.env["BIPARTITE_GAME_NATIVE"] = "required"
    path, expected = maze
    result = unwritable.python(
        "-c",
        "import sys\n"
        "from bipartite_game.cli import main\n"
        f"status = main(['maze', {str(path)!r}])\n"
        "assert 'numba' not in sys.modules, 'numba was imported'\n"
        "sys.exit(status)\n",
    )
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == expected
    assert result.stderr == b""
    assert not unwritable.fallback.exists()


@pytest.mark.parametrize("kind", ["symlink", "group-writable", "someone else's"])
def test_a_fallback_dir_that_others_could_write_is_refused(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba's cache files are pickles: a planted directory must never be used."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    name = tmp_path / f"bipartite-game-numba-{os.getuid()}"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    if kind == "symlink":
        name.symlink_to(elsewhere)
    elif kind == "group-writable":
        name.mkdir()
        name.chmod(0o770)
    else:
        if os.getuid() != 0:
            pytest.skip("only root can make a directory owned by someone else")
        name.mkdir(mode=0o700)
        os.chown(name, 65534, 65534)
    _jit._fallback_cache_dir.cache_clear()
    try:
        assert _jit._fallback_cache_dir() is None
        if name.is_symlink():
            name.unlink()
        else:
            name.rmdir()
        _jit._fallback_cache_dir.cache_clear()
        assert _jit._fallback_cache_dir() == str(name)
        assert (name.stat().st_mode & 0o777) == 0o700
    finally:
        _jit._fallback_cache_dir.cache_clear()
