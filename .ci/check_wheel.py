"""Check an installed wheel: the package comes from the environment, not a
source tree, its kernel library is the plain one (no Python ABI in its name),
and the example maze is solved with its kernels in C.

Run by .ci/wheel and by cibuildwheel's test command, from a directory holding
this file's ``.ci/`` and ``examples/`` (a copy of the checkout without
``src/``).  Exit status 0 and one summary line, or 1 and what was wrong.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LIBRARY = "_ckernels.dll" if sys.platform == "win32" else "_ckernels.so"


def main() -> int:
    import bipartite_game
    from bipartite_game import _native

    package = Path(bipartite_game.__file__).resolve().parent
    installed = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    problems = []
    if package.parent not in installed:
        problems.append(f"bipartite_game was imported from {package}, not from {installed}")
    lib = _native.library()
    if lib is None or Path(lib.path).name != LIBRARY:
        problems.append(f"the kernel library is {lib and lib.path}, not {package / LIBRARY}")
    env = dict(os.environ, BIPARTITE_GAME_NATIVE="required")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bipartite_game",
            "maze",
            "--stats",
            str(HERE / "examples" / "maze.txt"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    calls = re.search(r"kernel calls +(\d+) in C, (\d+) interpreted", done.stderr)
    if done.returncode != 0 or not done.stdout.startswith("WIN\n"):
        problems.append(f"maze answered {done.returncode}: {done.stdout!r} {done.stderr!r}")
    elif not calls or int(calls[1]) == 0 or calls[2] != "0":
        problems.append(f"the kernels did not all run in C: {done.stderr!r}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    assert calls is not None
    print(
        f"wheel ok: Python {sys.version.split()[0]}, {package}, "
        f"{Path(lib.path).name if lib else '-'}, kernel calls: {calls[1]} in C"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
