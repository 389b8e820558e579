"""Random valid inputs for every judge problem (``bipartite-game gen``).

Each generator draws one input in the judge's format from a numpy
:class:`~numpy.random.Generator`, so one seed gives the same bytes on every
machine.  The knobs (:class:`Knobs`) bound the size (rows and columns, rings,
vertices and edges, cases) and the density of walls, burned or broken
squares, forbidden codes or black pieces.  With probability
``Knobs.edge_cases`` a case is drawn from one of the problem's edge-case
families instead (:data:`FAMILIES`: one cell, no edge, all walls, perfect
matchings, leaps longer than the board, tiny and huge locks, ...), because
that is where contestants' programs break; a family that the size knobs rule
out (a single cell when at least two rows are asked for) is never drawn.

Boards are drawn and written as whole arrays (``gen maze --rows 2000 --cols
2000`` takes a fraction of a second); only ``bunny`` plays its random game
move by move, as the game itself is sequential.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .._checks import MAX_VERTICES
from .._limits import ensure_fits
from .._text import quote
from ..errors import BipartiteGameError
from ..graphs.boards import parse_moves

__all__ = [
    "FAMILIES",
    "GENERATORS",
    "KNOBS_READ",
    "Generated",
    "Knobs",
    "Span",
    "answer_options",
    "check_knobs",
    "generate",
    "parse_span",
    "stream",
]

BoolGrid = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Span:
    """A closed range of whole numbers ``lo..hi`` a size is drawn from.

    Parameters
    ----------
    lo, hi : int
        The ends, both included.

    Examples
    --------
    >>> import numpy as np
    >>> 2 <= Span(2, 5).draw(np.random.default_rng(0)) <= 5
    True
    """

    lo: int
    hi: int

    def draw(self, rng: np.random.Generator) -> int:
        """One number of the span, drawn from ``rng``.

        Parameters
        ----------
        rng : numpy.random.Generator
            The generator to draw from.

        Returns
        -------
        int
            A number in ``lo..hi``.

        Examples
        --------
        >>> import numpy as np
        >>> Span(4, 4).draw(np.random.default_rng(0))
        4
        """
        return int(rng.integers(self.lo, self.hi + 1))

    def __str__(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo}..{self.hi}"


def parse_span(text: str, *, least: int = 1, most: int = MAX_VERTICES) -> Span:
    """``N`` or ``LO..HI`` as a :class:`Span`, each bound in ``least..most``."""
    parts = text.strip().split("..")
    if len(parts) > 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise BipartiteGameError(f"expected N or LO..HI, found {quote(text)}")
    values = [int(p) for p in parts] if all(len(p.strip()) < 12 for p in parts) else [most + 1]
    lo, hi = values[0], values[-1]
    if not least <= lo <= hi <= most:
        raise BipartiteGameError(
            f"expected N or LO..HI with {least} <= LO <= HI <= {most}, found {quote(text)}"
        )
    return Span(lo, hi)


@dataclass(frozen=True)
class Knobs:
    """What a generator may draw.  ``density`` is the fraction of walls
    (maze), burned squares (king), broken squares (knights), forbidden codes
    (lock) or black pieces (bunny); ``None`` draws it afresh for every case.
    ``moves``, ``ring`` and ``wrap`` are the problem's own options (the
    input's digits depend on ``ring``; the others only steer the families).

    Parameters
    ----------
    rows, cols : Span, optional
        The board's size (maze, king, knights, bunny).
    cases : Span, optional
        The cases of one input, where the format has several.
    rings : Span, optional
        The lock's rings.
    vertices : Span, optional
        The graph's vertices (graph, edges).
    edges : Span or None, optional
        The graph's edges; ``None`` draws a number that fits the vertices.
    leap : Span or None, optional
        Each part of the knights duel's leap; ``None`` draws up to the
        board's longer side.
    density : float or None, optional
        The fraction of walls, burned, broken or forbidden squares.
    edge_cases : float, optional
        The fraction of cases drawn from the edge-case families.
    moves : str, optional
        The maze's move set.
    ring : int, optional
        The lock's positions per ring.
    wrap : bool, optional
        Whether the lock's rings wrap.

    See Also
    --------
    generate : takes them.

    Examples
    --------
    >>> knobs = Knobs(rows=Span(2, 2), cols=Span(3, 3), cases=Span(1, 1))
    >>> generate("maze", seed=1, knobs=knobs).text
    '2 3\\n#.#\\n#.#\\n'
    """

    rows: Span = Span(1, 8)
    cols: Span = Span(1, 8)
    cases: Span = Span(1, 3)
    rings: Span = Span(1, 4)
    vertices: Span = Span(1, 10)
    edges: Span | None = None
    leap: Span | None = None
    density: float | None = None
    edge_cases: float = 0.25
    moves: str = "rook"
    ring: int = 10
    wrap: bool = True

    def __post_init__(self) -> None:
        for name in ("density", "edge_cases"):
            value = getattr(self, name)
            if value is not None and not 0.0 <= value <= 1.0:
                raise BipartiteGameError(f"--{name.replace('_', '-')} must be in 0..1, not {value}")
        if not 2 <= self.ring <= 10:
            raise BipartiteGameError(f"--ring must be between 2 and 10, not {self.ring}")
        if self.rows.hi * self.cols.hi > MAX_VERTICES:
            raise BipartiteGameError(
                f"at most {MAX_VERTICES} cells, not {self.rows.hi}x{self.cols.hi}"
            )


@dataclass(frozen=True)
class Generated:
    """One input and the families its cases were drawn from (``random`` for
    a plain case).

    Parameters
    ----------
    text : str
        The input.
    families : frozenset of str, optional
        The families its cases were drawn from.

    See Also
    --------
    generate : the usual way to get one.

    Examples
    --------
    >>> generate("maze", seed=1).families
    frozenset({'random'})
    """

    text: str
    families: frozenset[str] = field(default_factory=frozenset)


def _family(rng: np.random.Generator, knobs: Knobs, available: list[str]) -> str:
    if available and rng.random() < knobs.edge_cases:
        return available[int(rng.integers(len(available)))]
    return "random"


def _case_pieces(
    rng: np.random.Generator,
    knobs: Knobs,
    families: set[str],
    available: list[str],
    case: Callable[[str], str],
) -> Iterator[str]:
    """The text of a list of cases as it is drawn: the count ``T`` first,
    then each case's text, written by ``case`` for a family drawn from
    ``available`` (and added to ``families``)."""
    cases = knobs.cases.draw(rng)
    yield f"{cases}\n"
    for _ in range(cases):
        family = _family(rng, knobs, available)
        families.add(family)
        yield case(family)


def _density(rng: np.random.Generator, knobs: Knobs, low: float = 0.0, high: float = 0.6) -> float:
    return knobs.density if knobs.density is not None else float(rng.uniform(low, high))


def _grid_text(cells: npt.NDArray[np.uint8]) -> str:
    """Rows of bytes, one a line, written as one array."""
    n, m = cells.shape
    out = np.full((n, m + 1), ord("\n"), dtype=np.uint8)
    out[:, :m] = cells
    return out.tobytes().decode("ascii")


# ------------------------------------------------------------------- maze
def _dominoes(rng: np.random.Generator, n: int, m: int, keep: float) -> BoolGrid:
    """Open cells that dominoes tile exactly: each kept domino opens its two
    cells, so the open cells have a perfect matching of rook (and king) moves.
    2x2 blocks each hold two parallel dominoes of a random direction."""
    open_cells = np.zeros((n, m), dtype=np.bool_)
    if n < 2 or m < 2:  # a line: dominoes along it
        length = max(n, m) // 2
        pairs = np.repeat(rng.random(length) < keep, 2)
        open_cells.reshape(-1)[: 2 * length] = pairs
        return open_cells
    a, b = n // 2, m // 2
    kept = rng.random((a, b, 2)) < keep
    across = rng.random((a, b)) < 0.5  # two horizontal dominoes, else two vertical
    di = np.arange(2)[None, :, None, None]
    dj = np.arange(2)[None, None, None, :]
    which = np.where(across[:, None, :, None], di, dj)  # (a, 2, b, 2): the domino of each cell
    block = np.take_along_axis(
        np.broadcast_to(kept[:, None, :, None, :], (a, 2, b, 2, 2)), which[..., None], axis=4
    )[..., 0]
    open_cells[: 2 * a, : 2 * b] = block.reshape(2 * a, 2 * b)
    return open_cells


def _independent(rng: np.random.Generator, n: int, m: int, moves: str) -> BoolGrid:
    """Open cells no move joins: random cells, then for each step the later
    cell of every joined pair is closed (closing never joins a pair again)."""
    open_cells = rng.random((n, m)) < 0.5
    steps, _ = parse_moves(moves)
    for di, dj in steps:
        if (di, dj) <= (0, 0) or di >= n or abs(dj) >= m:
            continue
        src = open_cells[: n - di, max(0, -dj) : m - max(0, dj)]
        dst = open_cells[di:, max(0, dj) : m - max(0, -dj)]
        dst &= ~src
    return open_cells


def maze(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """A maze: ``N M`` and rows of ``.`` and ``#``."""
    rows, cols = knobs.rows, knobs.cols
    available = ["all-walls", "all-open", "no-edge", "perfect-matching"]
    if rows.lo == 1 and cols.lo == 1:
        available.append("one-cell")
    if rows.lo == 1 or cols.lo == 1:
        available.append("line")
    family = _family(rng, knobs, available)
    n, m = rows.draw(rng), cols.draw(rng)
    if family == "one-cell":
        n = m = 1
    elif family == "line":
        n, m = (1, m) if rows.lo == 1 and (cols.lo > 1 or rng.random() < 0.5) else (n, 1)
    density = _density(rng, knobs)
    if family in ("random", "line"):
        open_cells = rng.random((n, m)) >= density
    elif family == "one-cell":
        open_cells = np.array([[rng.random() < 0.75]])
    elif family == "all-walls":
        open_cells = np.zeros((n, m), dtype=np.bool_)
    elif family == "all-open":
        open_cells = np.ones((n, m), dtype=np.bool_)
    elif family == "no-edge":
        open_cells = _independent(rng, n, m, knobs.moves)
    else:
        open_cells = _dominoes(rng, n, m, 1.0 - density)
    cells = np.where(open_cells, np.uint8(ord(".")), np.uint8(ord("#")))
    return Generated(f"{n} {m}\n" + _grid_text(cells), frozenset({family}))


# ------------------------------------------------------------------- lock
#: The most codes a generated lock has (a "huge" lock stays below it too).
LOCK_CODES = 10**6


def _most_rings(knobs: Knobs) -> int:
    """The most rings a generated lock has: as many as the knobs allow
    below :data:`LOCK_CODES` codes."""
    most = 1
    while most < knobs.rings.hi and knobs.ring ** (most + 1) <= LOCK_CODES:
        most += 1
    return most


def lock(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """Locks: ``T``, then per case ``m n t`` and ``n`` distinct forbidden codes
    other than ``t``, in random order (digits below ``knobs.ring``)."""
    families: set[str] = set()
    return Generated("".join(_lock_pieces(rng, knobs, families)), frozenset(families))


def _lock_pieces(rng: np.random.Generator, knobs: Knobs, families: set[str]) -> Iterator[str]:
    """:func:`lock`'s text, the case count first, then case by case (each
    case's families added to ``families``)."""
    size = knobs.ring
    most = _most_rings(knobs)
    available = ["no-forbidden", "all-forbidden", "huge"]
    if knobs.rings.lo == 1:
        available.append("tiny")

    def case(family: str) -> str:
        rings = int(rng.integers(knobs.rings.lo, most + 1))
        if family == "tiny":
            rings = 1
        elif family == "huge":
            rings = most
        total = size**rings
        start = int(rng.integers(total))
        if family == "no-forbidden":
            mask = np.zeros(total, dtype=np.bool_)
        elif family == "all-forbidden":
            mask = np.ones(total, dtype=np.bool_)
        else:
            mask = rng.random(total) < _density(rng, knobs, 0.0, 0.5)
        mask[start] = False
        codes = np.concatenate([[start], rng.permutation(np.flatnonzero(mask))])
        powers = size ** np.arange(rings - 1, -1, -1, dtype=np.int64)
        digits = ((codes[:, None] // powers) % size + ord("0")).astype(np.uint8)
        text = _grid_text(digits)
        first = text.index("\n")
        return f"{rings} {len(codes) - 1} {text[:first]}\n{text[first + 1 :]}"

    return _case_pieces(rng, knobs, families, available, case)


# ---------------------------------------------------------------- knights
def knights(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """A duel: ``n m r c`` and a board of ``@`` and ``.`` with one ``A`` and
    one ``B`` on two different squares."""
    rows, cols = knobs.rows, knobs.cols
    available = ["zero-leap", "leap-longer", "no-broken", "all-broken"]
    if (rows.lo == 1 and cols.lo <= 2 <= cols.hi) or (cols.lo == 1 and rows.lo <= 2 <= rows.hi):
        available.append("two-squares")
    family = _family(rng, knobs, available)
    n, m = rows.draw(rng), cols.draw(rng)
    while n * m < 2:
        n, m = rows.draw(rng), cols.draw(rng)
    if family == "two-squares":
        n, m = (1, 2) if rows.lo == 1 and cols.lo <= 2 <= cols.hi else (2, 1)
    leap = knobs.leap or Span(0, max(n, m))
    r, c = leap.draw(rng), leap.draw(rng)
    if family == "zero-leap":
        r = c = 0
    elif family == "leap-longer":
        r = int(rng.integers(max(n, m), max(n, m) + 1001))
    density = {"no-broken": 0.0, "all-broken": 1.0}.get(family, _density(rng, knobs))
    cells = np.where(rng.random((n, m)) < density, np.uint8(ord("@")), np.uint8(ord(".")))
    alice, bob = rng.choice(n * m, size=2, replace=False)
    cells.reshape(-1)[alice], cells.reshape(-1)[bob] = ord("A"), ord("B")
    return Generated(f"{n} {m} {r} {c}\n" + _grid_text(cells), frozenset({family}))


# ------------------------------------------------------------------- king
def king(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """Boards: ``T``, then per case ``R C`` and rows of ``.``, ``#`` and one ``K``."""
    families: set[str] = set()
    return Generated("".join(_king_pieces(rng, knobs, families)), frozenset(families))


def _king_pieces(rng: np.random.Generator, knobs: Knobs, families: set[str]) -> Iterator[str]:
    """:func:`king`'s text, the case count first, then case by case."""
    rows, cols = knobs.rows, knobs.cols
    available = ["all-burned", "no-burned"]
    if rows.lo == 1 and cols.lo == 1:
        available.append("alone")
    if rows.lo == 1 or cols.lo == 1:
        available.append("line")

    def case(family: str) -> str:
        n, m = rows.draw(rng), cols.draw(rng)
        if family == "alone":
            n = m = 1
        elif family == "line":
            n, m = (1, m) if rows.lo == 1 and (cols.lo > 1 or rng.random() < 0.5) else (n, 1)
        density = {"no-burned": 0.0, "all-burned": 1.0}.get(family, _density(rng, knobs))
        cells = np.where(rng.random((n, m)) < density, np.uint8(ord("#")), np.uint8(ord(".")))
        cells.reshape(-1)[int(rng.integers(n * m))] = ord("K")
        return f"{n} {m}\n" + _grid_text(cells)

    return _case_pieces(rng, knobs, families, available, case)


# ------------------------------------------------------------------ graph
#: The most vertices of a ``complete`` graph (half a million edges).
COMPLETE_MAX = 1000


def graph(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """An edge list: labels ``1..n`` shuffled, lines in random order, each
    vertex in no edge as a lone label."""
    vertices = knobs.vertices
    available = ["no-edge", "loops-and-repeats"]
    if vertices.lo <= COMPLETE_MAX:
        available.insert(1, "complete")
    if vertices.lo == 1:
        available.append("one-vertex")
    if vertices.hi >= 2:
        available.append("perfect-matching")
    family = _family(rng, knobs, available)
    n = 1 if family == "one-vertex" else vertices.draw(rng)
    if family == "complete":
        n = min(n, COMPLETE_MAX)
    if family == "perfect-matching":
        n = max(2, n - n % 2)
    most = n * (n - 1) // 2
    count = (knobs.edges or Span(0, min(most, 3 * n))).draw(rng)
    u = rng.integers(n, size=count)
    v = rng.integers(n, size=count)
    if family == "no-edge":
        u = v = np.zeros(0, dtype=np.int64)
    elif family == "complete":
        u, v = np.triu_indices(n, 1)
    elif family == "perfect-matching":
        pairs = rng.permutation(n).reshape(-1, 2)
        u, v = np.concatenate([pairs[:, 0], u]), np.concatenate([pairs[:, 1], v])
    elif family == "loops-and-repeats":
        loops = rng.integers(n, size=2)
        u, v = np.concatenate([u, v, loops]), np.concatenate([v, u, loops])  # each edge twice
    if family not in ("loops-and-repeats",):
        keep = u != v
        u, v = u[keep], v[keep]
    labels = (rng.permutation(n) + 1).astype(str)
    joined = np.char.add(np.char.add(labels[u], " "), labels[v])  # numpy's loops, not ours
    alone = np.setdiff1d(np.arange(n), np.concatenate([u, v]))
    lines = np.concatenate([joined.astype(object), labels[alone].astype(object)])
    order = rng.permutation(lines.size)
    text = "\n".join(lines[order].tolist()) + "\n" if lines.size else ""
    return Generated(text, frozenset({family}))


# ------------------------------------------------------------------ bunny
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
#: The smallest complete game: Bunny moves in from the middle, Egg from the end.
_SMALLEST = ("1 3\n.OX\n1\n1 2\n1 3\n", "3 1\n.\nO\nX\n1\n2 1\n3 1\n")


def bunny(rng: np.random.Generator, knobs: Knobs) -> Generated:
    """A board and a random game played on it to its end, which must be
    Bunny's turn with no move (the judge's records end so); boards whose
    random game ends otherwise are drawn again, and after many failures the
    smallest complete game is given instead."""
    rows, cols = knobs.rows, knobs.cols
    available = ["white-heavy", "black-heavy"]
    if rows.lo == 1 and cols.lo <= 3 <= cols.hi:
        available.append("smallest")
    if rows.lo == 1 or cols.lo == 1:
        available.append("line")
    family = _family(rng, knobs, available)
    for _ in range(200 if family != "smallest" else 0):
        n, m = rows.draw(rng), cols.draw(rng)
        if family == "line":
            n = 1 if rows.lo == 1 else n
            m = 1 if n != 1 else m
        density = {"white-heavy": 0.25, "black-heavy": 0.75}.get(
            family, _density(rng, knobs, 0.3, 0.7)
        )
        cells = np.where(rng.random((n, m)) < density, np.uint8(ord("X")), np.uint8(ord("O")))
        empty = divmod(int(rng.integers(n * m)), m)
        cells[empty] = ord(".")
        moves = _random_game(rng, cells.copy(), empty)
        if moves:
            record = "".join(f"{i + 1} {j + 1}\n" for i, j in moves)
            text = f"{n} {m}\n{_grid_text(cells)}{len(moves) // 2}\n{record}"
            return Generated(text, frozenset({family}))
    return Generated(_SMALLEST[int(rng.integers(2))], frozenset({"smallest"}))


def _random_game(
    rng: np.random.Generator, cells: npt.NDArray[np.uint8], empty: tuple[int, int]
) -> list[tuple[int, int]]:
    """The moves of one random game, or ``[]`` if it does not end on Bunny's
    turn after at least one round."""
    n, m = cells.shape
    i, j = empty
    moves: list[tuple[int, int]] = []
    for t in range(n * m + 1):
        piece = ord("O") if t % 2 == 0 else ord("X")
        legal = [
            (i + a, j + b)
            for a, b in _STEPS
            if 0 <= i + a < n and 0 <= j + b < m and cells[i + a, j + b] == piece
        ]
        if not legal:
            return moves if t % 2 == 0 and t > 0 else []
        cell = legal[int(rng.integers(len(legal)))]
        cells[i, j], cells[cell] = piece, ord(".")
        i, j = cell
        moves.append(cell)
    return []  # pragma: no cover - a cell is never entered twice (see problems/bunny.py)


Generator = Callable[[np.random.Generator, Knobs], Generated]

#: One generator per problem.
GENERATORS: dict[str, Generator] = {
    "maze": maze,
    "lock": lock,
    "knights": knights,
    "king": king,
    "graph": graph,
    "bunny": bunny,
    "edges": graph,  # the same edge lists, asked another question
}

#: The edge-case families each generator may draw (besides ``random``), for
#: the documentation and the tests.
FAMILIES: dict[str, tuple[str, ...]] = {
    "maze": ("one-cell", "line", "all-walls", "all-open", "no-edge", "perfect-matching"),
    "lock": ("tiny", "huge", "no-forbidden", "all-forbidden"),
    "knights": ("two-squares", "zero-leap", "leap-longer", "no-broken", "all-broken"),
    "king": ("alone", "line", "all-burned", "no-burned"),
    "graph": ("one-vertex", "no-edge", "perfect-matching", "complete", "loops-and-repeats"),
    "bunny": ("smallest", "line", "white-heavy", "black-heavy"),
}
FAMILIES["edges"] = FAMILIES["graph"]


def case_rng(seed: int, index: int) -> np.random.Generator:
    """The generator of case ``index`` of a run seeded ``seed``: each case
    has its own stream, so case 17 is the same whatever ran before it."""
    return np.random.default_rng([seed, index])


def generate(
    problem: str, seed: int = 0, knobs: Knobs | None = None, *, index: int = 0
) -> Generated:
    """Input ``index`` of the run seeded ``seed`` for ``problem``.

    Parameters
    ----------
    problem : str
        A judge problem, one of :data:`FAMILIES`.
    seed : int, optional
        The run's seed.
    knobs : Knobs, optional
        What the generator may draw; the defaults when ``None``.
    index : int, optional
        Which input of the run.

    Returns
    -------
    Generated
        The input and the families it was drawn from.

    Raises
    ------
    BipartiteGameError
        When the problem is unknown or the knobs do not fit it.

    Examples
    --------
    >>> knobs = Knobs(rows=Span(2, 2), cols=Span(3, 3), cases=Span(1, 1))
    >>> print(generate("maze", seed=1, knobs=knobs).text, end="")
    2 3
    #.#
    #.#
    """
    knobs = knobs or Knobs()
    _check_call(problem, seed, index)
    check_knobs(problem, knobs)
    return GENERATORS[problem](case_rng(seed, index), knobs)


def stream(problem: str, seed: int = 0, knobs: Knobs | None = None) -> Iterator[str]:
    """The text of :func:`generate`'s input ``0``, in pieces as it is drawn:
    the same bytes, held one case at a time (the case count, which the
    formats with cases put first, is drawn first).  The knobs are checked
    before the first piece is drawn."""
    knobs = knobs or Knobs()
    _check_call(problem, seed, 0)
    check_knobs(problem, knobs)
    pieces = _PIECES.get(problem)
    if pieces is None:
        return iter([GENERATORS[problem](case_rng(seed, 0), knobs).text])
    return pieces(case_rng(seed, 0), knobs, set())


def _check_call(problem: str, seed: int, index: int) -> None:
    for name, value in (("seed", seed), ("index", index)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise BipartiteGameError(
                f"generate(): {name} must be a whole number >= 0, not {value!r}"
            )
    if problem not in GENERATORS:
        raise BipartiteGameError(
            f"no generator for {quote(problem)}: one of {', '.join(GENERATORS)}"
        )


#: The generators that draw case by case, the case count first.
_PIECES: dict[str, Callable[[np.random.Generator, Knobs, set[str]], Iterator[str]]] = {
    "lock": _lock_pieces,
    "king": _king_pieces,
}


def check_knobs(problem: str, knobs: Knobs) -> None:
    """Refuse knobs no input of ``problem`` can be drawn with, and a case
    too large for the memory left, before anything is drawn."""
    if problem == "knights" and knobs.rows.hi * knobs.cols.hi < 2:
        raise BipartiteGameError("a knights duel needs at least two squares")
    if problem == "lock" and knobs.rings.lo > _most_rings(knobs):
        raise BipartiteGameError(
            f"a lock of {knobs.rings.lo} rings of {knobs.ring} has too many codes"
        )
    needed = _working_memory(problem, knobs)
    if needed > _CHECK_MEMORY_FROM:  # reading the free memory costs 0.4 ms: big cases only
        ensure_fits(needed, f"a generated {problem} input this large")


#: Past this many bytes of working memory, :func:`generate` asks if it fits.
_CHECK_MEMORY_FROM = 64 << 20


def _working_memory(problem: str, knobs: Knobs) -> int:
    """An upper estimate of a case's working memory, measured: about 10
    bytes a cell for a board (random floats, masks, the text) and 200 a
    vertex or edge for an edge list (numpy's string operations); with a
    margin."""
    if problem in ("graph", "edges"):
        n = knobs.vertices.hi
        edges = knobs.edges.hi if knobs.edges is not None else 3 * n
        if knobs.vertices.lo <= COMPLETE_MAX:
            complete = min(n, COMPLETE_MAX)
            edges = max(edges, complete * (complete - 1) // 2)
        return 300 * (n + edges)
    if problem == "lock":  # at most LOCK_CODES codes a case
        return 0
    return 24 * knobs.rows.hi * knobs.cols.hi


#: The knobs each problem's generator reads; the others leave its input as
#: it is (the command line refuses them: ``gen maze --vertices 3`` is a
#: mistake).
KNOBS_READ: dict[str, frozenset[str]] = {
    "maze": frozenset({"rows", "cols", "density", "moves"}),
    "lock": frozenset({"cases", "rings", "density", "ring", "wrap"}),
    "knights": frozenset({"rows", "cols", "density", "leap"}),
    "king": frozenset({"cases", "rows", "cols", "density"}),
    "graph": frozenset({"vertices", "edges"}),
    "bunny": frozenset({"rows", "cols", "density"}),
    "edges": frozenset({"vertices", "edges"}),
}


def answer_options(problem: str, knobs: Knobs) -> dict[str, object]:
    """The front-end's own options that go with these knobs."""
    if problem == "maze":
        return {"moves": knobs.moves}
    if problem == "lock":
        return {"size": knobs.ring, "wrap": knobs.wrap}
    return {}
