"""The knights duel on a board held as a bitset, without numpy.

The ``knights`` command's path with the native library: its reader puts the
board into a bitset in C and the rule of :mod:`.duel` is decided here, on
that bitset, so the process never imports numpy (its import alone costs
more time and memory than the rest of a 3000x3000 answer: docs/benchmarks.md,
"``knights`` on a 3000x3000 board").  :mod:`.duel`
holds the argument and the numpy path; both decide by the same rule, and
the tests hold them to the same answers.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from math import gcd

from .._native import Library
from ..errors import BipartiteGameError

__all__ = ["QUEUE_CELLS", "BitBoard"]

#: The native leaper search's queue, in cells (4 bytes each).  Far fewer
#: than a large board's cells: a breadth-first frontier on a board is
#: about a perimeter, and the C search parks what does not fit (see
#: ``native/duel.c``), so 256 Ki cells (1 MiB) bound its memory.
QUEUE_CELLS = 1 << 18


@dataclass(frozen=True, eq=False)
class BitBoard:
    """A board as the native path holds it: squares as a bitset (square
    ``k = i * m + j`` is bit ``k & 7`` of byte ``k >> 3``, set when open),
    the leaper ``(r, c)``, and the tokens as such indices."""

    bits: bytearray
    n: int
    m: int
    r: int
    c: int
    alice: int
    bob: int

    def is_open(self, i: int, j: int) -> bool:
        k = i * self.m + j
        return 0 <= i < self.n and 0 <= j < self.m and bool(self.bits[k >> 3] >> (k & 7) & 1)

    def alice_wins(self, lib: Library) -> bool:
        """The rule of :mod:`bipartite_game.theory.duel`: Alice wins when she can
        move and Bob is out of her component or on her colour.  The search
        runs in C on the bitset (``bg_leaper_reaches``, the native kernel of
        ``duel._leaper_reaches``): O(squares) time, about 2 bits a square."""
        r, c, m = self.r, self.c, self.m
        steps = sorted(
            {(sr * a, sc * b) for a, b in ((r, c), (c, r)) for sr in (1, -1) for sc in (1, -1)}
            - {(0, 0)}
        )
        (ai, aj), (bi, bj) = divmod(self.alice, m), divmod(self.bob, m)
        has_move = any(
            self.is_open(ai + di, aj + dj) and (ai + di) * m + aj + dj != self.bob
            for di, dj in steps
        )
        if not has_move:
            return False
        # the closed-form colouring of boards.leaper_colouring
        d = gcd(r, c) or 1
        rows_only = (r + c) // d % 2 == 0
        colour_a = (ai // d + (0 if rows_only else aj // d)) & 1
        colour_b = (bi // d + (0 if rows_only else bj // d)) & 1
        if colour_a == colour_b:
            return True  # whatever the components
        cells = self.n * m
        seen = bytearray(len(self.bits))
        queue = array("i", bytes(4 * max(1, min(cells, QUEUE_CELLS))))
        dr = array("q", [s[0] for s in steps])
        dc = array("q", [s[1] for s in steps])
        reaches = lib.function("bg_leaper_reaches", "BqqllqqqBiq")
        connected = reaches(
            self.bits, self.n, m, dr, dc, len(steps), self.alice, self.bob, seen, queue, len(queue)
        )
        if connected < 0:  # more steps than a leaper has
            raise BipartiteGameError("the leaper search got more than 8 steps (a bug)")
        return not connected
