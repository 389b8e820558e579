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

from .._limits import memory_check
from .._stats import phase
from .._text import as_bytes, board_sides, is_decimal, quote, read_count
from ..errors import BipartiteGameError, InputError
from ..graphs.boards import grid_board
from ..theory.game import solve
from . import _json
from ._cases import explained, json_verdicts

__all__ = ["alice_wins", "answer"]

#: The players' names in the answer: the first player (the mover), then the other.
_PLAYERS = ("A", "B")

_SPACE = b" \t\r\v\f"
_KNOWN = np.zeros(256, dtype=np.bool_)
_KNOWN[list(b".#K")] = True
#: Bytes of working memory per square (see problems/maze.py).
BYTES_PER_CELL = 200
#: The most cases one input may announce.
MAX_CASES = 10**9


def alice_wins(cells: npt.NDArray[np.uint8]) -> bool:
    """Does Alice, moving the king first, win on this board of ``.#K`` bytes?"""
    with phase("build"):
        board = grid_board(cells != ord("#"), "king")
    (i, j) = np.argwhere(cells == ord("K"))[0]
    start = board.vertex_at(int(i), int(j))
    assert start is not None  # the king's square is open by construction
    return solve(board.graph).first_player_wins(start)


def explain_king(cells: npt.NDArray[np.uint8]) -> tuple[bool, str]:
    """Does Alice win, and the proof of it from the king's square (see
    :mod:`~bipartite_game.theory.explain`), squares named ``row col`` (1-based)."""
    board = grid_board(cells != ord("#"), "king")
    (i, j) = np.argwhere(cells == ord("K"))[0]
    start = board.vertex_at(int(i), int(j))
    assert start is not None  # the king's square is open by construction

    def name(v: int) -> str:
        row, col = board.cell(v)
        return f"{row + 1} {col + 1}"

    proof = solve(board.graph).explain(start)
    return proof.first_player_wins, proof.text(name)


def answer(data: bytes | str, *, explain: bool = False, format: str = "text") -> bytes:
    """``Case #X: A`` or ``B`` per case; with ``explain`` each followed by
    the proof from the king's square; ``format="json"``: as a JSON document
    (``docs/json.md``)."""
    data = as_bytes(data, "king.answer()")
    as_json = _json.check_format(format)
    if explain and as_json:
        raise BipartiteGameError("--explain prints a proof as text: it has no JSON form")
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

    number, _ = take("the number of cases T")
    fields = raw_lines[number - 1].split()
    if len(fields) != 1 or not is_decimal(fields[0]):
        shown = quote(b" ".join(fields))
        raise InputError(f"expected the number of cases T alone, found {shown}", line=number)
    cases = read_count(fields[0], "T", line=number, maximum=MAX_CASES)
    if cases < 1:
        raise InputError("T must be at least 1, found 0", line=number)
    wins: list[bool] = []
    proofs: list[str] = []
    ensure_fits = memory_check()
    for case in range(1, cases + 1):
        number, _ = take(f"'R C' of case {case}")
        fields = raw_lines[number - 1].split()
        if len(fields) != 2 or not all(is_decimal(f) for f in fields):
            shown = quote(b" ".join(fields))
            raise InputError(f"expected 'R C' of case {case}, found {shown}", line=number)
        rows, cols = board_sides(fields, ("R", "C"), line=number, board="board", cell="square")
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
                f"unknown square {quote(bytes(cells[i, j : j + 1]))} in column {j + 1} "
                "(expected '.', '#' or 'K')",
                line=grid[i][0],
            )
        kings = np.argwhere(cells == ord("K"))
        if len(kings) != 1:
            where = grid[int(kings[1][0])][0] if len(kings) > 1 else grid[-1][0]
            raise InputError(
                f"expected exactly one 'K' in case {case}, found {len(kings)}", line=where
            )
        if explain:
            alice, proof = explain_king(cells)
            wins.append(alice)
            proofs.append(proof)
        else:
            wins.append(alice_wins(cells))
    if at < len(content):
        raise InputError("expected end of input after the last case", line=content[at][0])
    if as_json:
        return json_verdicts("king", [], wins, _PLAYERS)
    if explain:
        return explained(wins, proofs, _PLAYERS, "Case #{case}: {winner}")
    return "".join(f"Case #{k}: {'A' if w else 'B'}\n" for k, w in enumerate(wins, 1)).encode()
