"""``bipartite-game king``: Google Code Jam "King".

A king stands on an ``R x C`` board with burned squares; Alice and Bob
alternately move it to one of its 8 neighbours that is neither burned nor
visited before; who cannot move loses; Alice moves first.  That is vertex
geography on the king graph of the unburned squares, which has triangles: the
general-graph solver (Edmonds, Gallai–Edmonds) decides it.

Input: ``T``, then per case ``R C`` and ``R`` rows of ``.`` (free), ``#``
(burned) and one ``K`` (the king).  Output: ``Case #X: A`` when Alice wins,
``Case #X: B`` when Bob wins.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._limits import ensure_fits
from ..boards import grid_board
from ..errors import InputError
from ..game import solve

__all__ = ["alice_wins", "answer"]

_SPACE = b" \t\r\v\f"
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[list(b".#K")] = True
#: Bytes of working memory per square (see problems/maze.py).
BYTES_PER_CELL = 200


def alice_wins(cells: npt.NDArray[np.uint8]) -> bool:
    """Does Alice, moving the king first, win on this board of ``.#K`` bytes?"""
    board = grid_board(cells != ord("#"), "king")
    (i, j) = np.argwhere(cells == ord("K"))[0]
    start = board.vertex_at(int(i), int(j))
    assert start is not None  # the king's square is open by construction
    return solve(board.graph).first_player_wins(start)


def answer(data: bytes | str) -> bytes:
    if isinstance(data, str):
        data = data.encode()
    raw_lines = data.split(b"\n")
    numbered = ((k + 1, line.translate(None, _SPACE)) for k, line in enumerate(raw_lines))
    content = [(k, line) for k, line in numbered if line]
    at = 0

    def take(what: str) -> tuple[int, bytes]:
        nonlocal at
        if at >= len(content):
            last = content[-1][0] if content else 1
            raise InputError(f"unexpected end of input: expected {what}", line=last)
        at += 1
        return content[at - 1]

    number, text = take("the number of cases T")
    if not text.isdigit() or int(text) < 1:
        raise InputError(f"expected the number of cases T, found {text[:20]!r}", line=number)
    out = []
    for case in range(1, int(text) + 1):
        number, _ = take(f"'R C' of case {case}")
        fields = raw_lines[number - 1].split()
        if len(fields) != 2 or not all(f.isdigit() for f in fields):
            shown = b" ".join(fields).decode("utf-8", "replace")
            raise InputError(f"expected 'R C' of case {case}, found {shown!r}", line=number)
        rows, cols = int(fields[0]), int(fields[1])
        if rows < 1 or cols < 1:
            raise InputError(f"R and C must be positive, found {rows} {cols}", line=number)
        ensure_fits(rows * cols * BYTES_PER_CELL, f"a {rows}x{cols} board")
        grid = []
        for _ in range(rows):
            k, row = take(f"a row of case {case}")
            if len(row) != cols:
                raise InputError(f"expected {cols} squares, found {len(row)}", line=k)
            grid.append((k, row))
        cells = np.frombuffer(b"".join(row for _, row in grid), dtype=np.uint8).reshape(rows, cols)
        known = _KNOWN[cells]
        if not known.all():
            i, j = np.argwhere(~known)[0]
            raise InputError(
                f"unknown square {chr(cells[i, j])!r} in column {j + 1} (expected '.', '#' or 'K')",
                line=grid[i][0],
            )
        kings = np.argwhere(cells == ord("K"))
        if len(kings) != 1:
            where = grid[int(kings[1][0])][0] if len(kings) > 1 else grid[-1][0]
            raise InputError(
                f"expected exactly one 'K' in case {case}, found {len(kings)}", line=where
            )
        winner = "A" if alice_wins(cells) else "B"
        out.append(f"Case #{case}: {winner}\n")
    if at < len(content):
        raise InputError("expected end of input after the last case", line=content[at][0])
    return "".join(out).encode()
