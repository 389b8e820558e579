"""``bipartite-game knights``: the Petrozavodsk 2018 knights duel (qoj 2213).

Input: ``n m r c`` (``0 <= r < n``, ``0 <= c < m``), then the ``n x m`` board:
``@`` broken, ``.`` free, ``A`` Alice's leaper, ``B`` Bob's.  The board may come
as ``n`` rows or as characters separated by white space.  Output: ``Alice`` or
``Bob``, the winner with Alice moving first.  The rules and the argument are
in :mod:`bipartite_game.duel`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._limits import ensure_fits
from ..duel import leaper_duel_alice_wins
from ..errors import InputError

__all__ = ["Duel", "answer", "parse"]

_SPACE = b" \t\r\v\f"
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[list(b"@.AB")] = True
#: Bytes of working memory per cell (board, mask, search stack).
BYTES_PER_CELL = 16


@dataclass(frozen=True, eq=False)
class Duel:
    open: npt.NDArray[np.bool_]
    r: int
    c: int
    alice: tuple[int, int]
    bob: tuple[int, int]


def parse(data: bytes | str) -> Duel:
    """Parse the judge format; raise :class:`InputError` naming the line."""
    if isinstance(data, str):
        data = data.encode()
    lines = data.split(b"\n")
    content = [(k + 1, line) for k, line in enumerate(lines) if line.strip()]
    if not content:
        raise InputError("empty input: expected 'n m r c' and the board")
    header_line, header_text = content[0]
    header = header_text.split()
    if len(header) != 4 or not all(t.isdigit() for t in header):
        shown = b" ".join(header).decode("utf-8", "replace")
        raise InputError(
            f"expected 'n m r c' (four non-negative integers), found {shown!r}", line=header_line
        )
    n, m, r, c = (int(t) for t in header)
    if n <= 0 or m <= 0:
        raise InputError(f"n and m must be positive, found {n} {m}", line=header_line)
    if not (0 <= r < n and 0 <= c < m):
        raise InputError(f"need 0 <= r < n and 0 <= c < m, found r={r} c={c}", line=header_line)
    ensure_fits(n * m * BYTES_PER_CELL, f"a {n}x{m} board")
    rows = [(k, line.translate(None, _SPACE)) for k, line in content[1:]]
    total = sum(len(row) for _, row in rows)
    if len(rows) == n and total != n * m:
        for k, row in rows:
            if len(row) != m:
                raise InputError(f"expected {m} cells, found {len(row)}", line=k)
    if total != n * m:
        where = rows[-1][0] if rows else header_line
        raise InputError(f"expected {n * m} cells ({n} rows of {m}), found {total}", line=where)
    flat = np.frombuffer(b"".join(row for _, row in rows), dtype=np.uint8)
    known = _KNOWN[flat]
    if not known.all():
        at = int(np.argmin(known))
        line = _line_of(rows, at)
        raise InputError(
            f"unknown cell {chr(flat[at])!r} (expected '@', '.', 'A' or 'B')", line=line
        )
    board = flat.reshape(n, m)
    alice = _token(board, ord("A"), "A", rows)
    bob = _token(board, ord("B"), "B", rows)
    return Duel(board != ord("@"), r, c, alice, bob)


def _line_of(rows: list[tuple[int, bytes]], at: int) -> int:
    for k, row in rows:
        if at < len(row):
            return k
        at -= len(row)
    return rows[-1][0]


def _token(
    board: npt.NDArray[np.uint8], code: int, name: str, rows: list[tuple[int, bytes]]
) -> tuple[int, int]:
    where = np.argwhere(board == code)
    if len(where) != 1:
        found = "none" if len(where) == 0 else f"{len(where)}"
        line = (
            rows[-1][0]
            if len(where) == 0
            else _line_of(rows, int(where[1][0]) * board.shape[1] + int(where[1][1]))
        )
        raise InputError(f"expected exactly one '{name}' on the board, found {found}", line=line)
    return int(where[0][0]), int(where[0][1])


def answer(data: bytes | str) -> bytes:
    duel = parse(data)
    wins = leaper_duel_alice_wins(duel.open, duel.r, duel.c, duel.alice, duel.bob)
    return b"Alice\n" if wins else b"Bob\n"
