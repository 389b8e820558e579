"""The choice between interpreting and compiling a kernel, and start-up.

The rest of the suite runs every kernel compiled (``conftest.py``); here the
``auto`` mode's choice is checked, the interpreted path is compared with the
compiled one, and fresh processes show what a command imports: nothing of
numba on a small input, nothing of the package that its path does not use.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bipartite_game
from bipartite_game import _jit
from bipartite_game.problems import king, maze
from tests.support.numba import needs_numba
from tests.support.paths import ROOT

EXAMPLES = ROOT / "examples"


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``auto`` mode in a process where no kernel has run compiled yet."""
    monkeypatch.setattr(_jit, "_warm", False)
    previous = _jit.set_jit_mode("auto")
    yield
    _jit.set_jit_mode(previous)


def test_auto_interprets_up_to_small_work_then_compiles(cold: None) -> None:
    assert _jit._is_small((np.zeros(_jit.SMALL_WORK),))
    assert not _jit._is_small((np.zeros(_jit.SMALL_WORK + 1),))
    # every array argument counts, other arguments do not
    half = np.zeros(_jit.SMALL_WORK // 2 + 1)
    assert not _jit._is_small((half, 3, half))
    assert _jit._is_small((half, 3))


def test_a_weight_multiplies_the_work(cold: None) -> None:
    cells = np.zeros(_jit.SMALL_WORK // 8)
    assert _jit._is_small((cells,), 8)
    assert not _jit._is_small((np.zeros(cells.size + 1),), 8)


def test_once_a_kernel_ran_compiled_the_threshold_falls(
    cold: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    middle = (np.zeros(_jit.WARM_WORK + 1),)
    assert _jit._is_small(middle)
    monkeypatch.setattr(_jit, "_warm", True)
    assert not _jit._is_small(middle)
    assert _jit._is_small((np.zeros(_jit.WARM_WORK),))


def test_the_builders_are_weighted() -> None:
    from bipartite_game.graphs import board_csr

    assert board_csr.grid_degrees.weight > 1 and board_csr.lattice_csr.weight > 1


def test_kernel_takes_a_weight_or_none() -> None:
    def twice(values: np.ndarray) -> np.ndarray:
        return values * 2

    plain, heavy = _jit.kernel(twice), _jit.kernel(weight=5)(twice)
    assert (plain.weight, heavy.weight) == (1, 5)
    assert heavy.__name__ == "twice" and heavy.py_func is twice


@settings(max_examples=25)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.floats(0.0, 0.6),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["rook", "king", "knight"]),
)
@pytest.mark.slow
@needs_numba
def test_interpreted_and_compiled_answers_are_the_same(
    rows: int, cols: int, walls: float, seed: int, moves: str
) -> None:
    cells = np.random.default_rng(seed).random((rows, cols)) < walls
    text = f"{rows} {cols}\n" + "\n".join(
        "".join("#" if wall else "." for wall in row) for row in cells
    )
    answers = []
    for mode in ("never", "always"):
        previous = _jit.set_jit_mode(mode)
        try:
            answers.append(bytes(maze.answer(text, moves=moves)))
        finally:
            _jit.set_jit_mode(previous)
    assert answers[0] == answers[1]


def _modules_after(code: str) -> set[str]:
    """The modules a fresh ``auto`` process has imported after ``code``."""
    env = {**os.environ, "BIPARTITE_GAME_JIT": "auto"}
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, check=True, text=True
    )
    return set(out.stdout.split())


def test_importing_the_package_imports_neither_numpy_nor_its_modules() -> None:
    modules = _modules_after("import bipartite_game")
    assert "numpy" not in modules and "numba" not in modules
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
def test_a_judge_command_on_a_small_input_never_imports_numba(command: str) -> None:
    example = EXAMPLES / f"{command}.txt"
    modules = _modules_after(
        "import contextlib, io, sys\nfrom bipartite_game import cli\n"
        "with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO())):\n"
        f"    status = cli.main([{command!r}, {str(example)!r}])\n"
        "assert status == 0, status"
    )
    assert "numba" not in modules
    # the command line imports only the modules its path uses
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


def test_a_judge_sized_king_set_stays_interpreted(cold: None) -> None:
    boards = [f"{15} {15}\n" + "\n".join(["K" + "." * 14] + ["." * 15] * 14)] * 100
    text = "100\n" + "\n".join(boards)
    assert bytes(king.answer(text)).count(b"Case #") == 100
    assert not _jit._warm


def test_a_judge_sized_maze_stays_interpreted(cold: None) -> None:
    """100x100, the JSOI limit, without a wall: the most work of that size."""
    text = "100 100\n" + "\n".join(["." * 100] * 100)
    assert bytes(maze.answer(text)) == b"LOSE\n"  # a perfect matching
    assert not _jit._warm


def test_the_kit_names_resolve_lazily_and_stay_functions() -> None:
    modules = _modules_after(
        "import bipartite_game.kit.stress, bipartite_game.kit.shrink\n"
        "from bipartite_game import kit\n"
        "assert callable(kit.stress) and callable(kit.shrink) and callable(kit.check)\n"
        "assert kit.stress.__module__ == 'bipartite_game.kit.stress'"
    )
    assert "bipartite_game.kit.gen" not in modules  # nothing asked for the generators
