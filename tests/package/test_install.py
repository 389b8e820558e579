"""The installed package where nothing can be written: it must still answer.

A read-only installation run by a user without a home (a service, a sandbox,
a container) can write no bytecode and no cache.  The package needs neither:
its kernels are the C library, loaded as it is, or their Python
specifications, interpreted.  These tests run the real command there.

Permissions cannot make a directory unwritable for root, and CI runs as root,
so every place a cache could go is made impossible to create instead, which
holds for any user: the package is imported from a copy in which each
``__pycache__`` is a regular file, and ``HOME``, ``XDG_CACHE_HOME`` and
``TMPDIR`` point below a regular file or at an empty directory checked after.
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
from bipartite_game.problems.maze import answer

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="uses POSIX users and a file named __pycache__"
)


class Unwritable:
    """A copy of the package and an environment with nowhere to write."""

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
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
        env.update(
            PYTHONPATH=str(site),
            PYTHONDONTWRITEBYTECODE="1",
            HOME=str(blocker / "home"),
            XDG_CACHE_HOME=str(blocker / "cache"),
            TMPDIR=str(self.tmp),
        )
        self.env = env

    def python(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        """Run Python here, from the temporary directory (a common place to run from)."""
        return subprocess.run(
            [sys.executable, *args], env=self.env, cwd=self.tmp, capture_output=True, timeout=300
        )


@pytest.fixture(scope="module")
def maze(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A maze file and its answer, solved here."""
    rng = np.random.default_rng(7)
    cells = np.where(rng.random((60, 60)) < 0.15, "#", ".")
    text = "60 60\n" + "\n".join("".join(row) for row in cells) + "\n"
    path = tmp_path_factory.mktemp("maze") / "maze.txt"
    path.write_text(text)
    return path, bytes(answer(text.encode()))


@pytest.mark.parametrize("mode", ["required", "never"])
def test_a_read_only_install_answers_and_writes_nothing(
    tmp_path: Path, maze: tuple[Path, bytes], mode: str
) -> None:
    """The read-only install with its C library (``required``) and without
    it (``never``: the specifications interpreted): the copy is what runs,
    the answer is right, nothing is said and nothing is written."""
    unwritable = Unwritable(tmp_path)
    if mode == "required" and not list(unwritable.package.glob("_ckernels*")):
        pytest.skip("the native kernel library is not built")
    unwritable.env["BIPARTITE_GAME_NATIVE"] = mode
    path, expected = maze
    result = unwritable.python(
        "-c",
        "import sys\n"
        "import bipartite_game\n"
        "from bipartite_game import _native\n"
        "from bipartite_game.cli import main\n"
        f"status = main(['maze', {str(path)!r}])\n"
        "sys.stdout.flush()\n"
        "print(bipartite_game.__file__, _native.library() is not None, file=sys.stderr)\n"
        "sys.exit(status)\n",
    )
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 0, stderr
    assert result.stdout == expected
    imported, in_c = stderr.splitlines()[-1].rsplit(" ", 1)
    assert Path(imported).resolve().parent == unwritable.package.resolve()
    assert in_c == ("True" if mode == "required" else "False")
    assert len(stderr.splitlines()) == 1, stderr
    assert list(unwritable.tmp.iterdir()) == []
