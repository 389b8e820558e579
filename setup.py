"""The one thing pyproject.toml cannot say: the native kernel library.

``src/bipartite_game/native/*.c`` is plain C99 (no ``Python.h``, so a stock
Debian or Ubuntu Python without its development headers builds it too),
compiled into one plain shared library, ``bipartite_game/_ckernels.so``
(``_ckernels.dll`` on Windows), that ``bipartite_game._native`` loads with
ctypes.  It uses no Python API, so its name carries no Python ABI tag and a
wheel holding it is tagged ``py3-none-<platform>``: one wheel per platform
serves every Python the package supports.

It is optional: where no C compiler is found the install still succeeds, and
every kernel runs its Python specification, interpreted, instead (the same
answers, slowly on large inputs; one line on standard error says so).
``BIPARTITE_GAME_NATIVE=required`` at build time makes a failed compile fail
the build instead (release wheels and CI).
"""

import os
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext

#: The library's file name beside ``_native.py`` (which looks for it first).
LIBRARY_SUFFIX = ".dll" if sys.platform == "win32" else ".so"

#: Compiler flags by setuptools' compiler type: gcc's serve clang and MinGW;
#: MSVC's defaults (/O2, /MD) are right as they are, and its exports are the
#: functions marked BG_EXPORT (``__declspec(dllexport)``, kernels.h).
FLAGS = {
    "msvc": [],
    "unix": ["-O2", "-std=c99", "-fvisibility=hidden"],
}


class build_plain_library(build_ext):
    """build_ext for a shared library that Python never imports."""

    command_name = "build_ext"  # what its messages are signed with

    def get_ext_filename(self, fullname: str) -> str:
        # not _ckernels.cpython-311-x86_64-linux-gnu.so: no ABI to name
        return os.path.join(*fullname.split(".")) + LIBRARY_SUFFIX

    def get_export_symbols(self, ext: Extension) -> list[str]:
        # build_ext adds PyInit__ckernels, which MSVC's linker would demand;
        # the library exports its BG_EXPORT functions only
        return list(ext.export_symbols or [])

    def build_extensions(self) -> None:
        flags = FLAGS.get(self.compiler.compiler_type, FLAGS["unix"])
        for ext in self.extensions:
            ext.extra_compile_args = list(flags)
        super().build_extensions()


class bdist_wheel_any_python(bdist_wheel):
    """Tag the wheel ``py3-none-<platform>``: the library has no Python ABI.

    The package is still platform-specific (``Root-Is-Purelib: false``, set
    by bdist_wheel because the distribution has an extension)."""

    command_name = "bdist_wheel"

    def get_tag(self) -> tuple[str, str, str]:
        _python, _abi, platform = super().get_tag()
        return "py3", "none", platform


required = os.environ.get("BIPARTITE_GAME_NATIVE", "").strip().lower() == "required"

setup(
    ext_modules=[
        Extension(
            "bipartite_game._ckernels",
            sources=sorted(glob("src/bipartite_game/native/*.c")),
            depends=sorted(glob("src/bipartite_game/native/*.h")),
            optional=not required,
        )
    ],
    cmdclass={"build_ext": build_plain_library, "bdist_wheel": bdist_wheel_any_python},
)
