"""Where the checkout's files are: the tests read examples, docs and benchmarks beside them."""

from __future__ import annotations

from pathlib import Path

#: The root of the checkout (the folder holding tests/, src/, examples/ and docs/).
ROOT = Path(__file__).resolve().parents[2]
#: The bundled example inputs of every command.
EXAMPLES = ROOT / "examples"
#: The golden files, one folder a command: ``<case>.in`` with its ``<case>.out``.
GOLDEN = ROOT / "tests" / "problems" / "golden"
#: The documentation site's sources.
DOCS = ROOT / "docs"
#: The benchmark drivers.
BENCHMARKS = ROOT / "benchmarks"
