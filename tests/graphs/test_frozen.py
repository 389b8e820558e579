"""The frozen-array objects: one declaration of what each keeps read-only.

Every object whose arrays the kernels trust inherits ``check_intact``,
``__getstate__`` and ``__setstate__`` from ``_frozen.FrozenArrays`` and
lists its arrays; these tests hold each list to the arrays the object
really holds, so that an array added to a class without being declared (and
so never checked) fails here.
"""

from __future__ import annotations

import ast
import copy
import pickle
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import bipartite_game
from bipartite_game import (
    BipartiteGameError,
    Graph,
    certify,
    decompose,
    grid_board,
    lock_board,
    solve,
)
from bipartite_game._frozen import FrozenArrays
from bipartite_game.graphs.graph import Colouring
from bipartite_game.theory.game import Strategy

PACKAGE = Path(bipartite_game.__file__).parent


def _triangle_and_tail() -> Graph:
    return Graph.from_edges([0, 1, 2, 2], [1, 2, 0, 3])


def _examples() -> dict[str, Callable[[], FrozenArrays]]:
    """One object of each frozen class, with every optional array made."""

    def graph() -> Graph:
        g = Graph.from_edges([0, 1], [1, 2])
        g.two_colouring()
        return g

    def colouring() -> Colouring:
        return _triangle_and_tail().two_colouring()

    def grid() -> FrozenArrays:
        board = grid_board(np.array([[True, True], [True, False]]))
        board.cell_of  # noqa: B018 (made on first use)
        return board

    def solution() -> FrozenArrays:
        found = solve(Graph.from_edges([0, 1], [1, 2]))
        found.barrier  # noqa: B018 (cached on first use)
        return found

    def strategy() -> Strategy:
        return solve(Graph.from_edges([0, 1], [1, 2])).strategy(1)

    return {
        "Graph": graph,
        "Colouring": colouring,
        "GridBoard": grid,
        "LockBoard": lambda: lock_board(2, 10, [], 0),
        "Solution": solution,
        "Strategy": strategy,
        "Decomposition": lambda: decompose(Graph.from_edges([0, 1, 2], [1, 2, 3])),
        "Certificate": lambda: certify(_triangle_and_tail()),
    }


EXAMPLES = _examples()


#: Frozen objects held by reference that are neither parts (checked
#: first) nor declared arrays: each checks itself in its own methods.
REFERENCES = {"Certificate": {"_graph"}, "Strategy": {"graph"}}


def _attributes(obj: object) -> dict[str, object]:
    names = set(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        names.update(vars(cls).get("__slots__", ()))
    return {name: getattr(obj, name) for name in sorted(names) if hasattr(obj, name)}


def _arrays_held(obj: FrozenArrays) -> dict[str, np.ndarray]:
    """Every numpy array an object holds, by attribute, and inside each
    frozen object it holds that is not a part or a reference (a graph's
    colouring), by dotted name."""
    found = {}
    skipped = set(type(obj)._frozen_parts) | REFERENCES.get(type(obj).__name__, set())
    for name, value in _attributes(obj).items():
        if isinstance(value, np.ndarray):
            found[name] = value
        elif isinstance(value, FrozenArrays) and name not in skipped:
            for inner, array in _attributes(value).items():
                if isinstance(array, np.ndarray):
                    found[f"{name}.{inner}"] = array
    return found


def _parts_arrays(obj: FrozenArrays) -> list[np.ndarray]:
    found = []
    for name in type(obj)._frozen_parts:
        part = getattr(obj, name)
        found += [*_arrays_held(part).values(), *_parts_arrays(part)]
    return found


def test_the_frozen_array_code_is_declared_once() -> None:
    """``check_intact``, ``__getstate__`` and ``__setstate__`` are defined
    in ``_frozen.py`` alone: every class inherits them."""
    defined: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name in (
                "check_intact",
                "__getstate__",
                "__setstate__",
            ):
                defined.setdefault(node.name, []).append(str(path.relative_to(PACKAGE)))
    assert defined == {name: ["_frozen.py"] for name in defined}
    assert set(defined) == {"check_intact", "__getstate__", "__setstate__"}


def test_every_frozen_class_has_an_example() -> None:
    for module in ("boards", "graph"):
        __import__(f"bipartite_game.graphs.{module}")
    for module in ("game", "decompose"):
        __import__(f"bipartite_game.theory.{module}")
    __import__("bipartite_game.proofs.certificate")
    classes = {cls.__name__ for cls in FrozenArrays.__subclasses__()}
    assert classes == set(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_array_held_is_declared_and_checked(name: str) -> None:
    obj = EXAMPLES[name]()
    assert type(obj).__name__ == name
    held = _arrays_held(obj)
    declared = set(type(obj)._frozen_arrays)
    assert held, name
    reached = set(type(obj)._frozen_parts) | REFERENCES.get(name, set())
    reached |= {path.partition(".")[0] for path in declared}
    objects = {k for k, v in _attributes(obj).items() if isinstance(v, FrozenArrays)}
    assert objects <= reached, f"{name} holds frozen objects it never checks: {objects - reached}"
    assert set(held) <= declared, f"{name} holds undeclared arrays: {set(held) - declared}"
    shared = _parts_arrays(obj)
    for attribute, array in held.items():
        assert not array.flags.writeable, attribute
        array.flags.writeable = True
        shown = ".".join(step.lstrip("_") for step in attribute.split("."))
        if any(np.shares_memory(array, other) for other in shared):
            expected = r"^\w+\.[\w.]+"  # a part's array: the part names it
        else:
            expected = rf"^{name}\.{shown}"
        with pytest.raises(BipartiteGameError, match=expected + " was made writable"):
            obj.check_intact()
        array.flags.writeable = False
    obj.check_intact()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copy_has_its_arrays_frozen_again(name: str, how: str) -> None:
    obj = EXAMPLES[name]()
    twin = pickle.loads(pickle.dumps(obj)) if how == "pickle" else copy.deepcopy(obj)
    held, copied = _arrays_held(obj), _arrays_held(twin)
    assert held
    assert set(copied) == set(held)
    for attribute, array in copied.items():
        assert not array.flags.writeable, attribute
        assert np.array_equal(array, held[attribute]), attribute
    twin.check_intact()


def test_the_parts_are_checked_first() -> None:
    """A solution whose graph was made writable names the graph's array."""
    solution = solve(Graph.from_edges([0, 1], [1, 2]))
    solution.graph.indices.flags.writeable = True
    with pytest.raises(BipartiteGameError, match=r"^Graph\.indices was made writable"):
        solution.check_intact()
    with pytest.raises(BipartiteGameError, match=r"^Graph\.indices was made writable"):
        decompose(solution)
