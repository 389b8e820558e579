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

from ...errors import GeographyTooLarge, IllegalMoveError
from ...graphs.graph import GraphLike, Vertex
from . import checked_budget, game_of, geography_mover_wins
from .search import DEFAULT_BUDGET, DEFAULT_SECONDS

__all__ = ["GeographyMove", "GeographyPosition"]


class GeographyMove(NamedTuple):
    """The token goes to ``to`` (a label when the game has labels); under
    the edge rule along edge number ``edge`` (its index in the edge
    arrays), else ``edge`` is -1."""

    to: Vertex
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
        u: npt.ArrayLike | GraphLike,
        v: npt.ArrayLike | None = None,
        num_vertices: int | None = None,
        *,
        start: Hashable,
        rule: str = "vertex",
        directed: bool | None = None,
        labels: Sequence[Hashable] | None = None,
        budget: int = DEFAULT_BUDGET,
        seconds: float = DEFAULT_SECONDS,
    ) -> None:
        self.game = game_of(u, v, num_vertices, rule=rule, directed=directed, labels=labels)
        self._start = self.game.vertex_id(start)
        self.budget, self.seconds = checked_budget(budget, seconds)
        self._stack: list[GeographyMove] = []  # in ids
        self._visited = np.zeros(self.game.num_vertices, dtype=np.bool_)
        self._visited[self._start] = True
        self._used = np.zeros(self.game.u.size, dtype=np.bool_)

    @property
    def start(self) -> Vertex:
        """The vertex the token started on."""
        return self.game.names([self._start])[0]

    @property
    def _token(self) -> int:
        return int(self._stack[-1].to) if self._stack else self._start

    @property
    def token(self) -> Vertex:
        """The token's vertex."""
        return self.game.names([self._token])[0]

    @property
    def stack(self) -> list[GeographyMove]:
        """The moves played, oldest first (a new list)."""
        return [self._named(move) for move in self._stack]

    def _named(self, move: GeographyMove) -> GeographyMove:
        if self.game.labels is None:
            return move
        return GeographyMove(self.game.labels[int(move.to)], move.edge)

    def _legal_ids(self) -> list[GeographyMove]:
        g, at = self.game, self._token
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

    @property
    def legal_moves(self) -> list[GeographyMove]:
        return [self._named(move) for move in self._legal_ids()]

    def push(self, move: GeographyMove) -> None:
        if not isinstance(move, tuple) or move not in self.legal_moves:
            raise IllegalMoveError(f"illegal move: {move!r}")
        mine = GeographyMove(self.game.vertex_id(move[0]), *move[1:])
        self._stack.append(mine)
        if mine.edge >= 0:
            self._used[mine.edge] = True
        else:
            self._visited[mine.to] = True

    def pop(self) -> GeographyMove:
        move = self._stack.pop()
        if move.edge >= 0:
            self._used[move.edge] = False
        else:
            self._visited[move.to] = False
        return self._named(move)

    def is_over(self) -> bool:
        return not self.legal_moves

    @property
    def winner(self) -> str | None:
        """When the game is over: ``first`` (the mover from the start) or
        ``second``; the player to move has lost."""
        if not self.is_over():
            return None
        return "second" if len(self._stack) % 2 == 0 else "first"

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
            left[self._token] = True
            keep = left[g.u] & left[g.v]
        else:
            keep = ~self._used
        return geography_mover_wins(
            g.u[keep], g.v[keep], g.num_vertices, self._token,
            rule=g.rule, directed=g.directed, budget=self.budget, seconds=seconds,
        )  # fmt: skip
