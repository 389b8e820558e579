"""Test settings: Hypothesis's profiles (``HYPOTHESIS_PROFILE=ci`` for
.ci/run's full counts) and Ctrl-C heard; the browser fixtures are in
``play/browser/conftest.py``.

The kernels run as a user's install runs them: in C where the native
library is built; each module's test file checks its Python specifications
against C (``same_as_python``), and ``BIPARTITE_GAME_NATIVE=never`` runs
everything interpreted.
"""

from __future__ import annotations

import os
import signal

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

