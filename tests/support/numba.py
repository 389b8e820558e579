"""numba is an optional extra: the tests of its compiled fallback need it.

They skip without it, unless ``BIPARTITE_GAME_NUMBA_TESTS=required``
(``.ci/run`` installs ``.[numba]`` and sets it), where its absence fails them.
They are in the slow tier too (``-m slow``): the default run is the user's
install, which has no numba.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

__all__ = ["NUMBA", "needs_numba"]

#: Whether numba is installed.
NUMBA = importlib.util.find_spec("numba") is not None

needs_numba = pytest.mark.skipif(
    not NUMBA and os.environ.get("BIPARTITE_GAME_NUMBA_TESTS") != "required",
    reason="numba is not installed (pip install '.[numba]')",
)
