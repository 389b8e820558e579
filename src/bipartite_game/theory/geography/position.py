"""A geography game in progress, for any rule: legal moves, best moves, push/pop.

The vertex rule's undirected game has its own :class:`~bipartite_game.Position`
with an engine that follows a matching; this one serves every member of the
family alike.  A move names where the token goes and, under the edge rule,
which edge it uses (parallel edges are distinct moves).  :meth:`best_moves`
re-solves what is left of the game after each legal move with
:func:`~bipartite_game.theory.geography.geography_mover_wins`, so it is right from
any position however it was reached, and it costs what that rule costs
(polynomial where a theorem allows it, a bounded search elsewhere).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..._checks import vertex_id
from ...errors import GeographyTooLarge, IllegalMoveError
from . import Geography, checked_budget, geography_mover_wins
from .search import DEFAULT_BUDGET, DEFAULT_SECONDS

__all__ = ["GeographyMove", "GeographyPosition"]


class GeographyMove(NamedTuple):
    """The token goes to ``to``; under the edge rule along edge number
    ``edge`` (its index in the edge arrays), else ``edge`` is -1."""

    to: int
    edge: int = -1


class GeographyPosition:
    """The token's vertex, what is used up, and the moves that led here.

    >>> p = GeographyPosition([0, 1, 1], [1, 2, 2], start=2, rule="edge")
    >>> p.legal_moves
    [GeographyMove(to=1, edge=1), GeographyMove(to=1, edge=2)]
    >>> p.best_moves()
    []
    """

    def __init__(
        self,
        u: npt.ArrayLike,
        v: npt.ArrayLike,
        num_vertices: int | None = None,
        *,
        start: int,
        rule: str = "vertex",
        directed: bool = False,
        labels: Sequence[Hashable] | None = None,
        budget: int = DEFAULT_BUDGET,
        seconds: float = DEFAULT_SECONDS,
    ) -> None:
        self.game = Geography.build(u, v, num_vertices, rule=rule, directed=directed, labels=labels)
        self.start = vertex_id(start, self.game.num_vertices)
        self.budget, self.seconds = checked_budget(budget, seconds)
        self.stack: list[GeographyMove] = []
        self._visited = np.zeros(self.game.num_vertices, dtype=np.bool_)
        self._visited[self.start] = True
        self._used = np.zeros(self.game.u.size, dtype=np.bool_)

    @property
    def token(self) -> int:
        return self.stack[-1].to if self.stack else self.start

    @property
    def legal_moves(self) -> list[GeographyMove]:
        g, at = self.game, self.token
        forward = g.u == at
        backward = np.zeros_like(forward) if g.directed else g.v == at
        if g.rule == "vertex":
            targets = np.concatenate((g.v[forward], g.u[backward]))
            targets = np.unique(targets[~self._visited[targets]])
            return [GeographyMove(int(t)) for t in targets]
        usable = (forward | backward) & ~self._used
        edges = np.flatnonzero(usable)
        ends = np.where(g.u[edges] == at, g.v[edges], g.u[edges])
        return [GeographyMove(int(t), int(e)) for t, e in zip(ends, edges, strict=True)]

    def push(self, move: GeographyMove) -> None:
        if not isinstance(move, tuple) or move not in self.legal_moves:
            raise IllegalMoveError(f"illegal move: {move!r}")
        self.stack.append(move)
        if move.edge >= 0:
            self._used[move.edge] = True
        else:
            self._visited[move.to] = True

    def pop(self) -> GeographyMove:
        move = self.stack.pop()
        if move.edge >= 0:
            self._used[move.edge] = False
        else:
            self._visited[move.to] = False
        return move

    def is_over(self) -> bool:
        return not self.legal_moves

    @property
    def winner(self) -> str | None:
        """When the game is over: ``first`` (the mover from the start) or
        ``second``; the player to move has lost."""
        if not self.is_over():
            return None
        return "second" if len(self.stack) % 2 == 0 else "first"

    def mover_wins(self) -> bool:
        """Whether the player to move now wins with best play (one solve,
        within ``budget`` states and ``seconds``)."""
        return self._mover_wins(self.seconds)

    def best_moves(self) -> list[GeographyMove]:
        """The legal moves after which the player to move loses (none when
        the player to move now loses).  One solve a legal move, all of them
        within one clock of ``seconds`` (each within ``budget`` states)."""
        deadline = time.monotonic() + self.seconds
        best, moves = [], self.legal_moves
        for move in moves:
            self.push(move)
            try:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise GeographyTooLarge(
                        f"best moves: more than {self.seconds:g} s of search for "
                        f"{len(moves)} legal moves; {self.game.name} is "
                        "PSPACE-complete in general"
                    )
                if not self._mover_wins(left):
                    best.append(move)
            finally:
                self.pop()
        return best

    def _mover_wins(self, seconds: float) -> bool:
        g = self.game
        if g.rule == "vertex":
            left = ~self._visited
            left[self.token] = True
            keep = left[g.u] & left[g.v]
        else:
            keep = ~self._used
        return geography_mover_wins(
            g.u[keep], g.v[keep], g.num_vertices, self.token,
            rule=g.rule, directed=g.directed, budget=self.budget, seconds=seconds,
        )  # fmt: skip
