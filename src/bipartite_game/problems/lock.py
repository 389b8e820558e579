"""``bipartite-game lock``: CCPC 2020 Changchun H "Combination Lock".

A lock of ``m`` rings; players alternately turn one ring one step either way
(with ten positions, 9 turns into 0 and back); trying a code already tried,
or a forbidden one, loses.  Alice moves first.  That is vertex geography on
the spin graph without the forbidden codes, started at ``t``.

Input: ``T``, then per case ``m n t`` and ``n`` forbidden codes of ``m``
digits (leading zeros kept).  Output: ``Alice`` or ``Bob`` per case.
Options beyond the judge: rings of ``size`` positions (2 to 10, digits
``0 .. size - 1``) and rings that do not wrap around.

Only the start's component is solved, and only for the start: the matching's
own searches decide it, with no pass for the whole losing set.  Tokens are split by
``bytes.split`` and codes converted as one array: no Python loop per code.
"""

from __future__ import annotations

import re

import numpy as np
import numpy.typing as npt

from .._limits import ensure_fits
from .._stats import phase
from .._text import as_bytes, is_decimal, quote, read_count
from ..errors import BipartiteGameError, InputError
from ..graphs.boards import lock_board
from ..theory.game import first_player_wins_from
from . import _json
from ._cases import explained, json_verdicts

__all__ = ["answer", "explain_case", "solve_case"]

#: The players' names in the answer: the first player (the mover), then the other.
_PLAYERS = ("Alice", "Bob")

#: Bytes of working memory per code of the lock (lattice, graph, matching).
BYTES_PER_CODE = 120
#: The most codes a lock may have: vertex ids and codes are int32.
MAX_CODES = 2**31 - 1
#: The most cases one input may announce.
MAX_CASES = 10**9


def solve_case(
    rings: int, size: int, forbidden: npt.NDArray[np.int64], start: int, *, wrap: bool = True
) -> bool:
    """Does Alice, moving first from ``start``, win?"""
    with phase("build"):
        board = lock_board(rings, size, forbidden, start, wrap=wrap)
    return first_player_wins_from(board.graph, board.start)


def explain_case(
    rings: int, size: int, forbidden: npt.NDArray[np.int64], start: int, *, wrap: bool = True
) -> tuple[bool, str]:
    """Does Alice win, and the proof of it from the start code (see
    :mod:`~bipartite_game.theory.explain`), codes named as the judge writes them:
    ``rings`` digits, leading zeros kept.  O(codes * rings)."""
    from ..theory.game import solve

    board = lock_board(rings, size, forbidden, start, wrap=wrap)
    solution = solve(board.graph)

    def name(v: int) -> str:
        code = int(board.code_of[v])
        digits = []
        for _ in range(rings):
            code, digit = divmod(code, size)
            digits.append(str(digit))
        return "".join(reversed(digits))

    proof = solution.explain(board.start)
    return proof.first_player_wins, proof.text(name)


def answer(
    data: bytes | str,
    *,
    size: int = 10,
    wrap: bool = True,
    explain: bool = False,
    format: str = "text",
) -> bytes:
    """``Alice`` or ``Bob`` per case; with ``explain``, each case as
    ``case K: Alice`` followed by the proof from its start code;
    ``format="json"``: as a JSON document (``docs/json.md``)."""
    data = as_bytes(data, "lock.answer()")
    as_json = _json.check_format(format)
    if explain and as_json:
        raise BipartiteGameError("--explain prints a proof as text: it has no JSON form")
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 10:
        raise InputError(f"--ring must be between 2 and 10, not {size!r}")
    tokens = data.split()
    reader = _Tokens(data, tokens)
    cases = reader.integer("the number of cases T", maximum=MAX_CASES)
    if cases < 1:
        raise InputError(f"T must be at least 1, found {cases}", line=reader.line(0))
    wins: list[bool] = []
    proofs: list[str] = []
    for _ in range(cases):
        rings = reader.integer("m (the number of rings)", maximum=MAX_CODES)
        if rings < 1:
            raise InputError(
                f"m must be at least 1, found {rings}", line=reader.line(reader.at - 1)
            )
        total = _code_count(rings, size)
        if total is None:
            raise InputError(
                f"a lock of {rings} rings of {size} positions has more than {MAX_CODES} codes",
                line=reader.line(reader.at - 1),
            )
        count = reader.integer("n (the number of forbidden codes)", maximum=MAX_CODES)
        ensure_fits(total * BYTES_PER_CODE, f"a lock of {rings} rings of {size}")
        start = reader.codes(1, rings, size, "the start code t")[0]
        if count >= total:
            raise InputError(
                f"n must be less than {size}**{rings} = {total}, found {count}",
                line=reader.line(reader.at - 2),
            )
        first_code = reader.at
        forbidden = reader.codes(count, rings, size, "a forbidden code")
        _check_distinct(reader, forbidden, start, first_code, total)
        if explain:
            alice, proof = explain_case(rings, size, forbidden, start, wrap=wrap)
            wins.append(alice)
            proofs.append(proof)
        else:
            wins.append(solve_case(rings, size, forbidden, start, wrap=wrap))
    if reader.at < len(tokens):
        raise InputError(
            f"expected end of input after {cases} cases, found {quote(tokens[reader.at])}",
            line=reader.line(reader.at),
        )
    if as_json:
        return json_verdicts("lock", [("ring", size), ("wrap", wrap)], wins, _PLAYERS)
    if explain:
        return explained(wins, proofs, _PLAYERS, "case {case}: {winner}")
    return b"".join(b"Alice\n" if w else b"Bob\n" for w in wins)


def _check_distinct(
    reader: _Tokens, forbidden: npt.NDArray[np.int64], start: int, first: int, total: int
) -> None:
    if forbidden.size and np.any(forbidden == start):
        k = int(np.flatnonzero(forbidden == start)[0])
        raise InputError("a forbidden code equals the start code", line=reader.line(first + k))
    # one count per code of the lock: linear, where sorting 10**6 codes is not
    counts = np.bincount(forbidden, minlength=total)
    if forbidden.size and int(counts.max()) > 1:
        twice = np.flatnonzero(counts[forbidden] > 1)
        # the second listing of the first code, in input order, listed twice
        code = forbidden[twice[0]]
        k = int(twice[np.flatnonzero(forbidden[twice] == code)[1]])
        shown = reader.tokens[first + k].decode("ascii", "replace")
        raise InputError(f"forbidden code {shown} is listed twice", line=reader.line(first + k))


def _code_count(rings: int, size: int) -> int | None:
    """``size ** rings``, or ``None`` past :data:`MAX_CODES` (found without
    computing a power of a billion digits)."""
    total = 1
    for _ in range(rings):
        total *= size
        if total > MAX_CODES:
            return None
    return total


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


class _Tokens:
    """Sequential reader over whitespace-separated tokens; finds line numbers
    only when an error needs one."""

    def __init__(self, data: bytes, tokens: list[bytes]) -> None:
        self.data = data
        self.tokens = tokens
        self.at = 0

    def line(self, index: int) -> int:
        """1-based line of token ``index`` (or of the end of input)."""
        for k, match in enumerate(re.finditer(rb"\S+", self.data)):
            if k == index:
                return self.data.count(b"\n", 0, match.start()) + 1
        return self.data.count(b"\n", 0, len(self.data.rstrip())) + 1

    def _take(self, what: str) -> bytes:
        if self.at >= len(self.tokens):
            raise InputError(f"unexpected end of input: expected {what}", line=self.line(self.at))
        token = self.tokens[self.at]
        self.at += 1
        return token

    def integer(self, what: str, *, maximum: int) -> int:
        token = self._take(what)
        if not is_decimal(token):
            raise InputError(f"expected {what}, found {quote(token)}", line=self.line(self.at - 1))
        return read_count(token, what, line=self.line(self.at - 1), maximum=maximum)

    def codes(self, count: int, rings: int, size: int, what: str) -> npt.NDArray[np.int64]:
        """``count`` codes of ``rings`` digits below ``size``, as numbers."""
        if self.at + count > len(self.tokens):
            raise InputError(
                f"unexpected end of input: expected {_plural(count, 'code')}, found "
                f"{len(self.tokens) - self.at}",
                line=self.line(len(self.tokens)),
            )
        chunk = self.tokens[self.at : self.at + count]
        lengths = np.fromiter(map(len, chunk), dtype=np.int64, count=count)
        wrong = np.flatnonzero(lengths != rings)
        if wrong.size:
            k = int(wrong[0])
            raise InputError(
                f"expected {what} of {_plural(rings, 'digit')}, found {quote(chunk[k])}",
                line=self.line(self.at + k),
            )
        digits = np.frombuffer(b"".join(chunk), dtype=np.uint8).reshape(count, rings) - 48
        bad = np.flatnonzero((digits >= size).any(axis=1))
        if bad.size:
            k = int(bad[0])
            limit = "digits" if size == 10 else f"digits 0 to {size - 1}"
            raise InputError(
                f"expected {what} of {limit}, found {quote(chunk[k])}", line=self.line(self.at + k)
            )
        self.at += count
        values = np.zeros(count, dtype=np.int64)
        for ring in range(rings):  # Horner's rule, one column at a time
            values *= size
            values += digits[:, ring]
        return values
