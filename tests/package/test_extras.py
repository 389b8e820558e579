"""What a core install holds (numpy and tqdm), and what ``serve`` says
without the ``web`` extra (issue #35).

The web extra's absence is simulated, not uninstalled: a directory first on
``PYTHONPATH`` holds a package of the missing module's name whose import
raises ``ModuleNotFoundError``, as Python's own import does for a module that
is not installed.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

WEB = ("starlette", "uvicorn", "h11", "anyio")


def _requirement_names(extra: str | None) -> set[str]:
    """The project names the installed distribution requires: the core's
    (``extra`` None) or one extra's only."""
    names = set()
    for line in importlib.metadata.requires("bipartite-game") or []:
        spec, _, marker = line.partition(";")
        extras = set(re.findall(r'extra\s*==\s*"([^"]+)"', marker))
        if (extra is None and not extras) or extra in extras:
            names.add(re.split(r"[\s<>=!~\[;]", spec.strip(), maxsplit=1)[0].lower())
    return names


def test_the_core_install_requires_numpy_and_tqdm_alone() -> None:
    assert _requirement_names(None) == {"numpy", "tqdm"}


def test_the_web_extra_holds_the_web_pages_server() -> None:
    assert _requirement_names("web") == set(WEB)
    # the README's test command installs the test extra alone: the web
    # page's tests need its server too
    assert set(WEB) <= _requirement_names("test")


@pytest.mark.parametrize("missing", WEB)
def test_serve_without_the_web_extra_says_how_to_get_it(tmp_path: Path, missing: str) -> None:
    package = tmp_path / missing
    package.mkdir()
    (package / "__init__.py").write_text(
        f"raise ModuleNotFoundError({f'No module named {missing!r}'!r}, name={missing!r})\n"
    )
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert 'pip install "bipartite-game[web]"' in lines[0]
    assert missing in lines[0]
