"""Test settings: the compiled kernels are what get tested.

``BIPARTITE_GAME_JIT=always`` makes every kernel call, however small, go
through numba (subprocesses inherit it); ``tests/package/test_jit.py`` checks the
interpreted path separately.
"""

from __future__ import annotations

import os
import signal

os.environ.setdefault("BIPARTITE_GAME_JIT", "always")

# A shell starts a background job with Ctrl-C ignored, and an ignored signal
# stays ignored through exec: the tests that send SIGINT to a command would
# find it deaf.  Restore Python's handler here (every xdist worker loads this
# file), so that the commands the tests start hear Ctrl-C as a user's would.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", parent=settings.get_profile("default"), max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

