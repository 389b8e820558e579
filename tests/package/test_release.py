"""The files a release carries, and its one version (issue #35).

The version is written once, in pyproject.toml; the installed metadata, the
package's ``__version__``, ``--version`` and the changelog's newest release
must all say the same.  These read the checkout (the tests' parent), which
CI's run against the installed wheel keeps beside the tests.
"""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys

import bipartite_game
from tests.support.paths import ROOT


def test_the_command_line_shows_the_installed_version() -> None:
    installed = importlib.metadata.version("bipartite-game")
    shown = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0 and shown.stderr == ""
    assert shown.stdout == f"bipartite-game {installed}\n"
    assert bipartite_game.__version__ == installed


def test_the_changelog_s_newest_release_is_the_installed_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert headings[0] == "Unreleased", headings
    newest = re.search(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", text, re.MULTILINE)
    assert newest is not None, headings
    assert newest[1] == importlib.metadata.version("bipartite-game")


def test_the_license_is_mit_in_the_authors_name() -> None:
    metadata = importlib.metadata.metadata("bipartite-game")
    assert metadata["License-Expression"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    author = metadata["Author"]
    assert author and re.search(rf"^Copyright \(c\) \d{{4}} {re.escape(author)}$", text, re.M)
    # the wheel and the sdist carry it (License-File in the metadata)
    assert "LICENSE" in (metadata.get_all("License-File") or [])
