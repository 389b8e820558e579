"""The Python code of docs/kit.md runs as written: its blocks, in order, in one namespace."""

from __future__ import annotations

import re

from tests.support.paths import ROOT

DOC = ROOT / "docs" / "kit.md"


def test_the_recipe_runs_as_written(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)
    assert len(blocks) >= 4  # the API example and the recipe's three steps
    namespace: dict[str, object] = {"__name__": "kit_recipe"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    report = namespace["report"]
    assert "wrong answer" in str(report)
