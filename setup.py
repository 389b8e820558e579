"""The one thing pyproject.toml cannot say: the native kernel library.

``src/bipartite_game/native/*.c`` is plain C99 (no ``Python.h``, so a stock
Debian or Ubuntu Python without its development headers builds it too),
compiled into one shared library that ``bipartite_game._native`` loads with
ctypes.  It is optional: where no C compiler is found the install still
succeeds, and every kernel runs through numba or interpreted instead (the same
answers; only start-up and speed differ).
"""

from glob import glob

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "bipartite_game._ckernels",
            sources=sorted(glob("src/bipartite_game/native/*.c")),
            depends=sorted(glob("src/bipartite_game/native/*.h")),
            extra_compile_args=["-O2", "-std=c99", "-fvisibility=hidden"],
            optional=True,
        )
    ]
)
