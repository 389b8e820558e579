"""The layers of docs/architecture.md hold in the tree: each package imports
only the packages below it, no import circle, no private name taken from
another module (the private helper modules at the root aside).

Every import counts, at module level or inside a function; an import under
``if TYPE_CHECKING:`` does not (it never runs).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bipartite_game

PACKAGE = Path(bipartite_game.__file__).parent

#: The layers, lowest first: a module may import its own layer and those
#: before it.  "" is the root: errors, the oracle and the private helpers.
#: ``drawing`` sits beside the array layer and under it: pure SVG, it needs
#: no graph object at run time, and the graphs' pictures call it.
LAYERS = [
    "",
    "drawing",
    "graphs",
    "theory",
    "proofs",
    "problems",
    "play",
    "experiments",
    "kit",
    "cli",
]
#: ``python -m bipartite_game`` runs the command line: above every layer.
ENTRY_POINTS = {"bipartite_game.__main__"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> list[tuple[str, str]]:
    """``(module imported, name taken)`` for every import of ours that runs."""
    tree = ast.parse(MODULES[name].read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if _is_package(name) else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "bipartite_game":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub if sub in MODULES else target, alias.name))
        elif isinstance(node, ast.Import):
            found.extend(
                (alias.name, "") for alias in node.names if alias.name.startswith("bipartite_game")
            )
    return found


def _layer(module: str) -> int:
    if module in ENTRY_POINTS:
        return len(LAYERS)
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 and parts[1] in LAYERS else ""
    return LAYERS.index(top)


def test_the_layers_are_the_packages_of_the_tree() -> None:
    public = {
        path.name.removesuffix(".py")
        for path in PACKAGE.iterdir()
        if not path.name.startswith("_")
        and (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert set(LAYERS[1:]) <= public
    assert public - set(LAYERS) == {"errors", "brute"}
    assert len(public) <= 12


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_layer_and_those_below(module: str) -> None:
    upward = [
        target for target, _ in _imports(module) if _layer(target) > _layer(module)
    ]
    assert not upward, f"{module} imports the layers above it: {upward}"


def test_no_private_name_crosses_a_module_boundary() -> None:
    taken = []
    for module in MODULES:
        for target, name in _imports(module):
            private = name.startswith("_") and not name.startswith("__")
            helper = target.split(".")[-1].startswith("_")
            if private and target != module and not helper and f"{target}.{name}" not in MODULES:
                taken.append(f"{module} takes {target}.{name}")
    assert not taken


def test_there_is_no_import_circle() -> None:
    edges = {m: {t for t, _ in _imports(m) if t in MODULES and t != m} for m in MODULES}
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(start: str) -> list[str] | None:
        stack = [(start, iter(sorted(edges[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                return [*path[path.index(child) :], child]
            elif child not in state:
                state[child] = 1
                stack.append((child, iter(sorted(edges[child]))))
                path.append(child)
        return None

    for module in sorted(MODULES):
        if module not in state:
            circle = visit(module)
            assert circle is None, " -> ".join(circle)


def test_no_two_public_classes_share_a_name() -> None:
    """Every ``class X`` in the package whose name has no leading
    underscore is the only class of that name: ``from ... import X`` and
    the documentation never have to say which one is meant."""
    defined: dict[str, list[str]] = {}
    for module, path in sorted(MODULES.items()):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                defined.setdefault(node.name, []).append(module)
    shared = {name: modules for name, modules in defined.items() if len(modules) > 1}
    assert not shared
