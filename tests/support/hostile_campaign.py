"""The hostile-array campaign, run in a child process by ``tests/graphs/test_hostile_arrays.py``.

Every public array of the library's objects (a graph's CSR and colouring, a
solution's matching, losing set and barrier, a decomposition's classes and
blocks, a strategy's matching, a certificate's arrays, a grid board's mask
and cells, a lock board's codes) is changed, and every public function and
method is then called on what holds it.  Two ways to change one:

* ``normal``: write to it as it is handed out; the write must raise
  (the arrays are read-only), and every answer must stay what it was;
* ``forced``: set ``flags.writeable`` back to true first (on it and on any
  array it is a view of), then write: the worst a user can do short of
  undoing the flag again; every answer must be what it was or a
  :class:`BipartiteGameError`.

No other exception is allowed; in ``normal`` mode every array must still
hold what it held (the compiled kernels write through addresses, which
numpy's flag cannot stop: a kernel writing into a read-only array would
show here).  A signal death (a kernel reading out of
bounds) or a hang is what the parent process watches for: the child prints
each case before trying it, so the last line names the culprit.

``python -m tests.support.hostile_campaign EXAMPLES`` runs ``EXAMPLES`` Hypothesis
examples and exits 0 when all passed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bipartite_game import (
    BipartiteGameError,
    Engine,
    Graph,
    Position,
    certify,
    decompose,
    first_player_wins_from,
    grid_board,
    lock_board,
    matching_size,
    maximum_matching,
    render_svg,
    render_text,
    solve,
    verify,
)
from bipartite_game.theory.annotate import annotate
from tests.support.strategies import graphs

Call = Callable[[], object]


def force_writable(array: np.ndarray) -> None:
    """Make ``array`` writable, and every array it is a view of (numpy
    refuses a view's flag while its base is read-only)."""
    chain = []
    view: object = array
    while isinstance(view, np.ndarray):
        chain.append(view)
        view = view.base
    for item in reversed(chain):
        item.flags.writeable = True


def plain(value: object) -> object:
    """``value`` as plain Python, comparable with ``==``."""
    if isinstance(value, np.ndarray):
        return (str(value.dtype), value.tolist())
    if isinstance(value, (list, tuple)):
        return [plain(x) for x in value]
    if isinstance(value, dict):
        return sorted((repr(k), plain(v)) for k, v in value.items())
    if isinstance(value, (bool, int, float, str, bytes, type(None), np.generic)):
        return value.item() if isinstance(value, np.generic) else value
    return repr(value)


def outcome(call: Call) -> tuple[str, object]:
    """What ``call`` answers, or that it raised a BipartiteGameError; any
    other exception escapes (the campaign fails on it)."""
    try:
        return ("answer", plain(call()))
    except BipartiteGameError as error:
        return ("refused", type(error).__name__)


class Objects:
    """A graph, a grid board and a lock board, and every object made of them."""

    def __init__(self, n: int, edges: list[tuple[int, int]], mask: np.ndarray, moves: str):
        u = [a for a, _ in edges]
        v = [b for _, b in edges]
        self.graph = Graph.from_edges(u, v, n, labels=[f"v{k}" for k in range(n)])
        self.solution = solve(self.graph)
        self.decomposition = decompose(self.solution)
        self.strategy = self.solution.strategy("v0") if n else None
        self.certificate = certify(self.solution)
        self.board = grid_board(mask, moves)
        self.board_solution = solve(self.board.graph)
        self.lock = lock_board(2, 3, [4], 0)
        self.graph.two_colouring()
        self.solution.barrier  # noqa: B018 - cached: one more array to change
        self.board.cell_of  # noqa: B018 - made when first asked for
        self.mate_before = self.solution.mate.copy()

    def arrays(self) -> list[tuple[str, np.ndarray]]:
        """Every public array, by the path a user reaches it by."""
        found: list[tuple[str, np.ndarray]] = []

        def add(path: str, value: object) -> None:
            if isinstance(value, np.ndarray):
                found.append((path, value))

        for prefix, graph in (
            ("graph", self.graph),
            ("board.graph", self.board.graph),
            ("lock.graph", self.lock.graph),
        ):
            add(f"{prefix}.indptr", graph.indptr)
            add(f"{prefix}.indices", graph.indices)
            colouring = graph.colouring
            if colouring is not None:
                add(f"{prefix}.colouring.side", colouring.side)
                add(f"{prefix}.colouring.odd_cycle", colouring.odd_cycle)
        solutions = (("solution", self.solution), ("board_solution", self.board_solution))
        for prefix, solution in solutions:
            for name in ("mate", "losing", "known_barrier", "barrier"):
                add(f"{prefix}.{name}", getattr(solution, name))
        for name in ("vertex_class", "side", "block", "edge_class"):
            add(f"decomposition.{name}", getattr(self.decomposition, name))
        if self.strategy is not None:
            add("strategy.mate", self.strategy.mate)
        for name in (
            "first_player_wins",
            "mate",
            "barrier",
            "barrier_level",
            "barrier_via",
            "blossom_edges",
            "blossom_sizes",
        ):
            add(f"certificate.{name}", getattr(self.certificate, name))
        add("board.open", self.board.open)
        add("board.cell_of", self.board.cell_of)
        add("lock.code_of", self.lock.code_of)
        return found

    def calls(self) -> dict[str, Call]:
        """Every public function and method, on these objects."""
        g, s, d, b = self.graph, self.solution, self.decomposition, self.board
        n = g.num_vertices
        labels = [f"v{k}" for k in range(n)]
        every = labels  # a labelled graph takes its labels (issue 26)
        u, v = g.edge_pairs()[0] if g.num_edges else ("v0", "v0")
        calls: dict[str, Call] = {
            "degree": g.degree,
            "neighbors": lambda: [g.neighbors(x) for x in every],
            "has_edge": lambda: g.has_edge("v0", "v1"),
            "edges": g.edges,
            "label/index": lambda: [(g.label(k), g.index(f"v{k}")) for k in range(n)],
            "two_colouring": lambda: (g.two_colouring().side, g.two_colouring().odd_cycle),
            "is_bipartite": g.is_bipartite,
            "sides": g.sides,
            "without": lambda: g.without(["v0"]).edge_pairs(),
            "without_ids": lambda: g.without_ids([0]).edges(),
            "component": lambda: g.component("v0", limit=3),
            "subgraph": lambda: g.subgraph(np.arange(n) % 2 == 0).edges(),
            "solve": lambda: (solve(g).mate, solve(g).losing),
            "first_player_wins_from": lambda: [first_player_wins_from(g, x) for x in every],
            "maximum_matching": lambda: maximum_matching(g),
            # the function takes any mate array, the raw one too: its answer is right
            # for what it is given, so the copy made before any change is passed
            "matching_size": lambda: matching_size(self.mate_before),
            "barrier": lambda: s.barrier,
            "solution": lambda: (s.matching_size, repr(s), s.winners(), s.matching()),
            "starts": lambda: (s.losing_starts(), s.winning_starts()),
            "per start": lambda: [
                (s.first_player_wins(x), s.winner(x), s.reply(x)) for x in every
            ],
            "explain": lambda: [s.explain(x).text() for x in every],
            "strategy": lambda: [
                (s.strategy(x).mate, [s.strategy(x).reply(y) for y in every]) for x in every
            ],
            "held strategy": lambda: (
                [self.strategy.reply(y) for y in every] if self.strategy is not None else None
            ),
            "decompose": lambda: (
                decompose(g).vertex_class,
                decompose(s).edge_class,
                decompose(g).block,
            ),
            "decomposition": lambda: (
                (d.in_d, d.in_a, d.in_c, d.num_blocks, d.edges(), d.count(), repr(d)),
                [d.class_of(x) for x in every],
                d.edge_class_of(u, v) if g.num_edges else None,
            ),
            "certify": lambda: certify(s).to_json(labels),
            "certificate": lambda: self.certificate.to_json(labels),
            "verify": lambda: (
                verify(g, labels, self.certificate.to_json(labels)).ok,
                verify(g, self.certificate).ok,
            ),
            "position": lambda: _play(g),
            "engine": lambda: _engine(g),
            "annotate": lambda: annotate(g, ["v0"]),
            "board": lambda: (
                b.cell_of,
                [b.cell(x) for x in range(b.graph.num_vertices)],
                b.vertex_at(0, 0),
                repr(b),
            ),
            "render_svg": lambda: render_svg(b, show_losing=True, show_matching=True),
            "render_svg solution": lambda: render_svg(
                b, solution=self.board_solution, show_losing=True, show_matching=True
            ),
            "render_text": lambda: render_text(b, _board_position(b)),
            "board solve": lambda: solve(b.graph).losing,
            "board engine": lambda: _engine(b.graph),
            "lock": self._lock,
        }
        return calls

    def _lock(self) -> object:
        self.lock.check_intact()  # what a reader of code_of calls first
        return self.lock.code_of, solve(self.lock.graph).losing


def _play(graph: Graph) -> object:
    position = Position(graph, graph.label(0))
    seen = [list(position.legal_moves), position.best_moves(), position.mover_wins()]
    while not position.is_over():
        position.push(next(iter(position.legal_moves)))
    return [*seen, position.winner, position.move_stack]


def _engine(graph: Graph) -> object:
    engine = Engine(graph)
    position = Position(graph, engine.place())
    moves = []
    while not position.is_over():
        move = engine.move(position)
        assert move is not None
        moves.append(move)
        position.push(move)
    first = graph.label(0)
    resisting = engine.resist(Position(graph, first))
    return [moves, engine.choose_side(first), resisting, repr(engine)]


def _board_position(board: Any) -> Position | None:
    if board.graph.num_vertices == 0:
        return None
    position = Position.from_board(board, *board.cell(0))
    legal = list(position.legal_moves)
    if legal:
        position.push(legal[0])
    return position


#: Values written: ids just out of range either way, far out, and the ends
#: of each dtype (written modulo the dtype where they do not fit).
VALUES = [-(2**31), -(10**8), -2, -1, 0, 1, 2, 3, 7, 8, 9, 10**6, 10**8, 2**31 - 1]


@st.composite
def grids(draw: st.DrawFn) -> tuple[np.ndarray, str]:
    height = draw(st.integers(1, 4))
    width = draw(st.integers(1, 4))
    cells = draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    moves = draw(st.sampled_from(["rook", "king", "knight"]))
    return np.array(cells, dtype=bool).reshape(height, width), moves


def mutate(array: np.ndarray, data: st.DataObject) -> str:
    """Change ``array`` in one of a few ways; returns what was done."""
    kind = data.draw(st.sampled_from(["set", "fill", "reverse", "swap"]), label="kind")
    array = array.reshape(-1)  # a view: the board's mask is 2-D
    if array.size == 0:
        return "nothing (empty)"
    if kind == "reverse":
        array[:] = array[::-1].copy()
        return "reversed"
    if kind == "swap":
        i = data.draw(st.integers(0, array.size - 1), label="i")
        j = data.draw(st.integers(0, array.size - 1), label="j")
        array[i], array[j] = array[j].copy(), array[i].copy()
        return f"swapped {i} and {j}"
    value = data.draw(st.sampled_from(VALUES), label="value")
    cast = np.array(value).astype(array.dtype) if array.dtype != np.bool_ else bool(value % 2)
    if kind == "fill":
        array[:] = cast
        return f"filled with {cast!r}"
    k = data.draw(st.integers(-1, array.size - 1), label="index")
    array[k] = cast
    return f"[{k}] = {cast!r}"


def campaign(examples: int) -> None:
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(graphs(max_vertices=7), grids(), st.booleans(), st.data())
    def one_case(
        case: tuple[int, list[tuple[int, int]]],
        grid: tuple[np.ndarray, str],
        forced: bool,
        data: st.DataObject,
    ) -> None:
        objects = Objects(*case, *grid)
        calls = objects.calls()
        before = {name: outcome(call) for name, call in calls.items()}
        arrays = objects.arrays()
        kept = [array.copy() for _, array in arrays]
        index = data.draw(st.integers(0, len(arrays) - 1), label="array")
        path, array = arrays[index]
        mode = "forced" if forced else "normal"
        print(f"case: graph {case}, grid {grid[0].tolist()} {grid[1]}: {mode} {path}", flush=True)
        if forced:
            force_writable(array)
            done = mutate(array, data)
        else:
            try:
                done = mutate(array, data)
            except ValueError as error:  # numpy: assignment destination is read-only
                assert "read-only" in str(error), error
            else:
                assert array.size == 0, f"{path} was written to: {done}"
        for name, call in calls.items():
            print(f"  {name}", flush=True)
            after = outcome(call)
            assert after == before[name] or after[0] == "refused", (name, before[name], after)
        if not forced:  # nothing wrote into a read-only array, compiled code included
            for (path, array), copy in zip(arrays, kept, strict=True):
                assert np.array_equal(array, copy), f"{path} changed"

    one_case()


if __name__ == "__main__":
    campaign(int(sys.argv[1]))
    print("campaign passed", flush=True)
