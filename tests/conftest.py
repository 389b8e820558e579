"""Test settings: the compiled kernels are what get tested.

``BIPARTITE_GAME_JIT=always`` makes every kernel call, however small, go
through numba (subprocesses inherit it); ``test_jit.py`` checks the
interpreted path separately.
"""

from __future__ import annotations

import os

os.environ.setdefault("BIPARTITE_GAME_JIT", "always")

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", parent=settings.get_profile("default"), max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# the browser tests' server and tab (they skip without Chromium)
from .browser import base_url, page, tab_at  # noqa: E402, F401
