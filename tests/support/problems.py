"""The judge problems' rules, written straight from the statements: a brute
force of each front-end's game and the Hypothesis strategy of its inputs.

The tests of a front-end (``tests/problems``), of its explanations and of its
native reader all compare with these, so each is written once here.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from bipartite_game import brute
from bipartite_game.graphs.boards import parse_moves


# King (Google Code Jam): a king on a board, squares burnt behind it
def king_component(rows: list[str], start: tuple[int, int]) -> list[str]:
    """The board with everything outside the king's component burned."""
    seen = {start}
    stack = [start]
    while stack:
        i, j = stack.pop()
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                inside = 0 <= a < len(rows) and 0 <= b < len(rows[0])
                if inside and rows[a][b] != "#" and (a, b) not in seen:
                    seen.add((a, b))
                    stack.append((a, b))
    return [
        "".join("." if (i, j) in seen else "#" for j in range(len(rows[0])))
        for i in range(len(rows))
    ]


def king_brute(rows: list[str]) -> bool:
    """The king's player to move wins?  Exhaustive search of the rules."""
    start = next((i, row.index("K")) for i, row in enumerate(rows) if "K" in row)
    plain = king_component(rows, start)
    steps, _ = parse_moves("king")
    adjacency, cells = brute.grid_adjacency(plain, steps)
    return brute.geography_first_player_wins(adjacency, cells.index(start))


@st.composite
def king_boards(draw: st.DrawFn, max_side: int = 15) -> list[str]:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    burn = draw(st.sampled_from([0.0, 0.3, 0.5, 0.65, 0.8]))
    cells = ["#" if draw(st.floats(0, 1)) < burn else "." for _ in range(rows * cols)]
    k = draw(st.integers(0, rows * cols - 1))
    cells[k] = "K"
    return ["".join(cells[i * cols : (i + 1) * cols]) for i in range(rows)]


def king_text(boards: list[list[str]]) -> str:
    parts = [str(len(boards))]
    for rows in boards:
        parts.append(f"{len(rows)} {len(rows[0])}")
        parts.extend(rows)
    return "\n".join(parts) + "\n"


# The knights duel (Petrozavodsk 2018): two leapers, each burning its squares
KnightBoard = tuple[list[str], int, int, tuple[int, int], tuple[int, int]]


def knights_brute(
    rows: list[str], r: int, c: int, alice: tuple[int, int], bob: tuple[int, int]
) -> bool:
    """Alice wins?  Adjacency straight from the rules, then exhaustive search."""
    plain = [row.replace("A", ".").replace("B", ".") for row in rows]
    adjacency, cells = brute.grid_adjacency(plain, brute.leaper_steps(r, c))
    index = {cell: k for k, cell in enumerate(cells)}
    return brute.duel_first_player_wins(adjacency, index[alice], index[bob], budget=400_000)


@st.composite
def knight_boards(draw: st.DrawFn) -> KnightBoard:
    n = draw(st.integers(1, 4))
    m = draw(st.integers(1, 4))
    assume(n * m >= 2)
    # leaps up to 6 on knight_boards up to 4x4: the judge allows leaps longer than
    # the board (they have no move there)
    r = draw(st.integers(0, 6))
    c = draw(st.integers(0, 6))
    wall = draw(st.sampled_from([0.0, 0.15, 0.3, 0.5]))
    cells = ["@" if draw(st.floats(0, 1)) < wall else "." for _ in range(n * m)]
    a, b = draw(st.lists(st.integers(0, n * m - 1), min_size=2, max_size=2, unique=True))
    cells[a], cells[b] = "A", "B"
    rows = ["".join(cells[i * m : (i + 1) * m]) for i in range(n)]
    return rows, r, c, divmod(a, m), divmod(b, m)


# The combination lock (CCPC 2020): codes one step apart, forbidden codes
LockCase = tuple[int, int, bool, list[int], int]


def lock_code(value: int, size: int, rings: int) -> str:
    digits = []
    for _ in range(rings):
        digits.append(str(value % size))
        value //= size
    return "".join(reversed(digits))


def lock_brute(rings: int, size: int, wrap: bool, forbidden: list[int], start: int) -> bool:
    """The first player wins?  Exhaustive search of the lock's rules."""
    adjacency = brute.lock_adjacency(rings, size, wrap=wrap)
    return brute.geography_first_player_wins(adjacency, start, visited=forbidden)


@st.composite
def lock_cases(draw: st.DrawFn) -> LockCase:
    rings = draw(st.integers(1, 2))
    size = draw(st.integers(2, 10 if rings == 1 else 4))
    wrap = draw(st.booleans())
    total = size**rings
    start = draw(st.integers(0, total - 1))
    density = draw(st.sampled_from([0.0, 0.2, 0.4, 0.7]))
    forbidden = [c for c in range(total) if c != start and draw(st.floats(0, 1)) < density]
    return rings, size, wrap, forbidden, start
