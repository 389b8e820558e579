"""Shrinking a failing input: greedy delta debugging, and candidates per problem.

:func:`shrink` is problem-agnostic: from a failing input it tries smaller
candidates in the order the candidate function gives them, moves to the
first one that still fails, and starts over from there, until no candidate
fails.  The result is *1-minimal* for the candidates: no single candidate
step from it still fails.  Cost: at most (number of steps taken) x
(candidates per step) runs of the test, and every input is tried once.

The candidate functions below know each judge format.  They try the big cuts
first (half of the rows, of the cases, of the codes), then single rows,
columns, cases and codes, then single cells (a wall instead of an open cell,
and two neighbouring open cells at once, which keeps a perfect matching
perfect).  They need not keep an input valid: :mod:`.stress` asks the
front-end, and a candidate it refuses is simply not a failure.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from concurrent.futures import Executor
from itertools import islice
from typing import TypeVar

__all__ = ["CANDIDATES", "lines", "shrink"]

T = TypeVar("T", bound=Hashable)


def shrink(
    failing: T,
    still_fails: Callable[[T], bool],
    candidates: Callable[[T], Iterable[T]],
    *,
    executor: Executor | None = None,
    batch: int = 1,
) -> T:
    """The smallest input reached from ``failing`` by taking, again and
    again, the first candidate that ``still_fails``.

    ``candidates(x)`` lists inputs smaller than ``x`` (each step must make
    the input smaller, or at least new: an input seen before is skipped, so
    the search always ends).  With an ``executor``, ``batch`` candidates are
    tested at once and the first failing one *in the candidates' order* is
    taken, so the result is the same as one at a time.

    Parameters
    ----------
    failing : T
        The failing input (hashable).
    still_fails : callable
        ``still_fails(x)`` is true when ``x`` fails too.
    candidates : callable
        ``candidates(x)`` lists smaller inputs to try.
    executor : concurrent.futures.Executor, optional
        Runs ``batch`` tests at once.
    batch : int, optional
        How many candidates to test at once.

    Returns
    -------
    T
        The smallest failing input reached.

    Examples
    --------
    >>> def without_one(xs):
    ...     return [xs[:i] + xs[i + 1:] for i in range(len(xs))]
    >>> shrink(tuple(range(10)), lambda xs: 7 in xs, without_one)
    (7,)
    """
    current = failing
    seen = {failing}  # the inputs a one-at-a-time search has looked at
    known: dict[T, bool] = {}  # every verdict, also those a batch got ahead of time
    while True:
        fresh = (c for c in candidates(current) if c not in seen)
        step = None
        while step is None:
            group = list(islice(fresh, max(1, batch)))
            if not group:
                return current
            asked = [c for c in dict.fromkeys(group) if c not in known]
            mapped = executor.map(still_fails, asked) if executor else map(still_fails, asked)
            known.update(zip(asked, mapped, strict=True))
            for candidate in group:  # as one at a time would: up to the first failure
                seen.add(candidate)
                if known[candidate]:
                    step = candidate
                    break
        current = step


def _chunks(count: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of every block of ``count`` items, halves first,
    then quarters, ..., then single items (delta debugging's granularity)."""
    size = max(1, count // 2) if count else 0
    while size >= 1:
        for start in range(0, count, size):
            yield start, min(count, start + size)
        size //= 2


def _without(items: list[str], start: int, stop: int) -> list[str]:
    return items[:start] + items[stop:]


def lines(text: str) -> Iterator[str]:
    """Any text without blocks of its lines: a default for any line-based
    format (``graph``'s edge lists, a custom problem's lists)."""
    rows = text.splitlines()
    for start, stop in _chunks(len(rows)):
        yield "".join(f"{row}\n" for row in _without(rows, start, stop))


# ------------------------------------------------------------------ grids
def _grid_cuts(rows: list[str], keep: str) -> Iterator[list[str]]:
    """The board without blocks of rows, then of columns (never the last
    one, never one holding a character of ``keep``), then with single
    cells and pairs of neighbouring cells closed (``.`` to ``#``)."""
    n = len(rows)
    for start, stop in _chunks(n):
        if stop - start < n and not any(ch in keep for row in rows[start:stop] for ch in row):
            yield _without(rows, start, stop)
    m = len(rows[0]) if rows else 0
    for start, stop in _chunks(m):
        if stop - start < m and not any(ch in keep for row in rows for ch in row[start:stop]):
            yield [row[:start] + row[stop:] for row in rows]
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch != ".":
                continue
            if j + 1 < m and row[j + 1] == ".":
                yield _set(rows, [(i, j), (i, j + 1)])
            if i + 1 < n and rows[i + 1][j] == ".":
                yield _set(rows, [(i, j), (i + 1, j)])
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch == ".":
                yield _set(rows, [(i, j)])


def _set(rows: list[str], cells: list[tuple[int, int]], to: str = "#") -> list[str]:
    out = list(rows)
    for i, j in cells:
        out[i] = out[i][:j] + to + out[i][j + 1 :]
    return out


def _board(header: str, rows: list[str]) -> str:
    return header + "".join(f"{row}\n" for row in rows)


def maze(text: str) -> Iterator[str]:
    """Fewer rows, fewer columns, fewer open cells."""
    words = text.split()
    rows = words[2 : 2 + int(words[0])]
    for cut in _grid_cuts(rows, ""):
        yield _board(f"{len(cut)} {len(cut[0])}\n", cut)


def knights(text: str) -> Iterator[str]:
    """Shorter leaps, fewer rows and columns, more broken squares."""
    words = text.split()
    n, m, r, c = (int(x) for x in words[:4])
    rows = words[4 : 4 + n]
    for smaller in sorted({0, r // 2, r - 1} - {r}):
        if smaller >= 0:
            yield _board(f"{n} {m} {smaller} {c}\n", rows)
    for smaller in sorted({0, c // 2, c - 1} - {c}):
        if smaller >= 0:
            yield _board(f"{n} {m} {r} {smaller}\n", rows)
    for cut in _grid_cuts(rows, "AB"):
        board = [row.replace("#", "@") for row in cut]
        yield _board(f"{len(board)} {len(board[0])} {r} {c}\n", board)


def _cases(parts: list[str]) -> Iterator[list[str]]:
    """Each case alone, then without blocks of cases."""
    if len(parts) > 1:
        for part in parts:
            yield [part]
        for start, stop in _chunks(len(parts)):
            if stop - start < len(parts):
                yield _without(parts, start, stop)


def _split_king(text: str) -> list[str]:
    words = text.split()
    parts, at = [], 1
    for _ in range(int(words[0])):
        n = int(words[at])
        parts.append(
            " ".join(words[at : at + 2])
            + "\n"
            + "".join(f"{w}\n" for w in words[at + 2 : at + 2 + n])
        )
        at += 2 + n
    return parts


def king(text: str) -> Iterator[str]:
    """Fewer cases; then, case by case, fewer rows, columns and free squares."""
    parts = _split_king(text)
    for kept in _cases(parts):
        yield f"{len(kept)}\n" + "".join(kept)
    for k, part in enumerate(parts):
        _, *rows = part.splitlines()
        for cut in _grid_cuts(rows, "K"):
            shrunk = _board(f"{len(cut)} {len(cut[0])}\n", cut)
            yield f"{len(parts)}\n" + "".join([*parts[:k], shrunk, *parts[k + 1 :]])


def _split_lock(text: str) -> list[tuple[str, list[str]]]:
    words = text.split()
    parts, at = [], 1
    for _ in range(int(words[0])):
        count = int(words[at + 1])
        parts.append((words[at + 2], words[at + 3 : at + 3 + count]))
        at += 3 + count
    return parts


def _lock_text(parts: list[tuple[str, list[str]]]) -> str:
    body = "".join(
        f"{len(start)} {len(codes)} {start}\n" + "".join(f"{c}\n" for c in codes)
        for start, codes in parts
    )
    return f"{len(parts)}\n{body}"


def lock(text: str) -> Iterator[str]:
    """Fewer cases; then, case by case, fewer forbidden codes and fewer rings
    (a ring dropped from every code; codes that become equal count once)."""
    parts = _split_lock(text)
    for kept in _cases([str(k) for k in range(len(parts))]):
        yield _lock_text([parts[int(k)] for k in kept])
    for k, (start, codes) in enumerate(parts):
        for begin, end in _chunks(len(codes)):
            yield _lock_text([*parts[:k], (start, _without(codes, begin, end)), *parts[k + 1 :]])
        for ring in range(len(start) if len(start) > 1 else 0):
            drop = start[:ring] + start[ring + 1 :]
            fewer = dict.fromkeys(c[:ring] + c[ring + 1 :] for c in codes)
            fewer.pop(drop, None)
            yield _lock_text([*parts[:k], (drop, list(fewer)), *parts[k + 1 :]])


def bunny(text: str) -> Iterator[str]:
    """A smaller board around the same game (outer rows and columns the
    empty cell never visits), then other pieces on the cells it never
    visits."""
    words = text.split()
    n, m = int(words[0]), int(words[1])
    rows = words[2 : 2 + n]
    moves = [(int(words[k]) - 1, int(words[k + 1]) - 1) for k in range(3 + n, len(words), 2)]
    empty = next((i, row.index(".")) for i, row in enumerate(rows) if "." in row)
    walk = [empty, *moves]
    used_rows = {i for i, _ in walk}
    used_cols = {j for _, j in walk}
    for drop_row in (0, n - 1):
        if n > 1 and drop_row not in used_rows:
            shift = 1 if drop_row == 0 else 0
            kept = _without(rows, drop_row, drop_row + 1)
            yield _bunny_text(kept, [(i - shift, j) for i, j in moves])
    for drop_col in (0, m - 1):
        if m > 1 and drop_col not in used_cols:
            shift = 1 if drop_col == 0 else 0
            kept = [row[:drop_col] + row[drop_col + 1 :] for row in rows]
            yield _bunny_text(kept, [(i, j - shift) for i, j in moves])
    visited = set(walk)
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if (i, j) not in visited:
                yield _bunny_text(_set(rows, [(i, j)], "X" if ch == "O" else "O"), moves)


def _bunny_text(rows: list[str], moves: list[tuple[int, int]]) -> str:
    record = "".join(f"{i + 1} {j + 1}\n" for i, j in moves)
    return (
        f"{len(rows)} {len(rows[0])}\n"
        + "".join(f"{r}\n" for r in rows)
        + f"{len(moves) // 2}\n{record}"
    )


#: The candidate function of each judge problem.
CANDIDATES: dict[str, Callable[[str], Iterator[str]]] = {
    "maze": maze,
    "lock": lock,
    "knights": knights,
    "king": king,
    "graph": lines,
    "bunny": bunny,
    "edges": lines,
}
