"""Kernels: C where the library is, the Python specification else, the note
a large interpreted call gives, and start-up.

Fresh processes show what a command imports: nothing of the package that
its path does not use.  (The C-against-Python comparisons of every kernel
are the ``test_native*`` files'.)
"""

from __future__ import annotations

import io
import re
import subprocess
import sys

import numpy as np
import pytest

import bipartite_game
from bipartite_game import _jit, _stats
from tests.support.paths import ROOT

EXAMPLES = ROOT / "examples"


def test_a_call_is_small_up_to_small_work() -> None:
    assert _jit._is_small((np.zeros(_jit.SMALL_WORK),))
    assert not _jit._is_small((np.zeros(_jit.SMALL_WORK + 1),))
    # every array argument counts, other arguments do not
    half = np.zeros(_jit.SMALL_WORK // 2 + 1)
    assert not _jit._is_small((half, 3, half))
    assert _jit._is_small((half, 3))


def test_a_weight_multiplies_the_work() -> None:
    cells = np.zeros(_jit.SMALL_WORK // 8)
    assert _jit._is_small((cells,), 8)
    assert not _jit._is_small((np.zeros(cells.size + 1),), 8)


def _doubling() -> _jit.Kernel[[np.ndarray], np.ndarray]:
    """A kernel with a C version stood in for by an adapter that says so."""

    def twice(values: np.ndarray) -> np.ndarray:
        return values * 2

    def adapter(lib: object, values: np.ndarray) -> np.ndarray:
        return -values * 2  # not what the specification says: tells them apart

    return _jit.kernel(native=adapter)(twice)


def test_a_kernel_runs_in_c_where_the_library_is_and_its_specification_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doubling = _doubling()
    values = np.arange(3)
    table = io.StringIO()
    with _stats.session(stats=table):
        monkeypatch.setattr(_jit, "library", lambda: object())
        assert doubling(values).tolist() == [0, -2, -4]
        monkeypatch.setattr(_jit, "library", lambda: None)
        assert doubling(values).tolist() == [0, 2, 4]
        assert _jit.kernel(lambda v: v + 1)(values).tolist() == [1, 2, 3]
    assert re.search(r"kernel calls +1 in C, 2 interpreted", table.getvalue()), table.getvalue()


@pytest.mark.parametrize("mode", ["auto", "never"])
def test_a_large_call_without_the_library_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, mode: str
) -> None:
    """One note for the first large interpreted call, none for small ones,
    and none where ``BIPARTITE_GAME_NATIVE=never`` asked for the
    specifications."""
    doubling = _doubling()
    monkeypatch.setattr(_jit, "library", lambda: None)
    monkeypatch.setattr(_jit, "_noted", set())
    monkeypatch.setattr(_jit, "native_mode", lambda: mode)
    with caplog.at_level("WARNING", logger=_jit.__name__):
        doubling(np.zeros(10))
        assert caplog.records == []
        for _ in range(3):
            doubling(np.zeros(_jit.SMALL_WORK + 1))
    notes = [record.getMessage() for record in caplog.records]
    if mode == "never":
        assert notes == []
    else:
        assert len(notes) == 1 and "native kernel library was not built" in notes[0], notes


def test_the_builders_are_weighted() -> None:
    from bipartite_game.graphs import board_csr

    assert board_csr.grid_degrees.weight > 1 and board_csr.lattice_csr.weight > 1


def test_kernel_takes_a_weight_or_none() -> None:
    def twice(values: np.ndarray) -> np.ndarray:
        return values * 2

    plain, heavy = _jit.kernel(twice), _jit.kernel(weight=5)(twice)
    assert (plain.weight, heavy.weight) == (1, 5)
    assert heavy.__name__ == "twice" and heavy.py_func is twice


def _modules_after(code: str) -> set[str]:
    """The modules a fresh process has imported after ``code``."""
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, text=True)
    return set(out.stdout.split())


def test_importing_the_package_imports_neither_numpy_nor_its_modules() -> None:
    modules = _modules_after("import bipartite_game")
    assert "numpy" not in modules
    loaded = {m for m in modules if m.startswith("bipartite_game.")}
    assert loaded == {"bipartite_game.errors", "bipartite_game._lazy"}


def test_every_public_name_resolves_lazily_to_its_module() -> None:
    for name in bipartite_game.__all__:
        value = getattr(bipartite_game, name)
        if name != "__version__":
            assert value.__module__.startswith("bipartite_game."), name
    assert set(bipartite_game.__all__) <= set(dir(bipartite_game))
    with pytest.raises(AttributeError, match="no_such_name"):
        bipartite_game.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_a_submodule_named_like_a_function_leaves_the_function() -> None:
    modules = _modules_after(
        "import bipartite_game.kit.check\nimport bipartite_game.kit as k\n"
        "assert callable(k.check) and k.check.__module__ == 'bipartite_game.kit.check'"
    )
    assert "bipartite_game.kit.check" in modules


@pytest.mark.parametrize("command", ["maze", "king", "knights", "lock", "graph", "bunny"])
def test_a_judge_command_imports_only_the_modules_its_path_uses(command: str) -> None:
    example = EXAMPLES / f"{command}.txt"
    modules = _modules_after(
        "import contextlib, io, sys\nfrom bipartite_game import cli\n"
        "with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO())):\n"
        f"    status = cli.main([{command!r}, {str(example)!r}])\n"
        "assert status == 0, status"
    )
    assert not modules & {
        "bipartite_game.theory.decompose",
        "bipartite_game.play.position",
        "bipartite_game.play.render",
        "bipartite_game.theory.explain",
        "bipartite_game.play.match",
        "bipartite_game.play.web",
        "bipartite_game.kit.gen",
        "bipartite_game.kit.stress",
        "bipartite_game.kit.shrink",
        "bipartite_game.proofs.certificate",
        "bipartite_game.theory.geography",
    }


def test_the_kit_names_resolve_lazily_and_stay_functions() -> None:
    modules = _modules_after(
        "import bipartite_game.kit.stress, bipartite_game.kit.shrink\n"
        "from bipartite_game import kit\n"
        "assert callable(kit.stress) and callable(kit.shrink) and callable(kit.check)\n"
        "assert kit.stress.__module__ == 'bipartite_game.kit.stress'"
    )
    assert "bipartite_game.kit.gen" not in modules  # nothing asked for the generators
