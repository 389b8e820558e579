"""The live games of the web server, in memory.

A game's :class:`~bipartite_game.play.match.Match` is never changed where it is
stored: an action plays on a copy (:func:`trial`) and the copy replaces the
stored match only when the action finished in time (:meth:`Game.commit`).  So
a reader always sees a whole state, before or after a move, and a move that
ran out of time leaves no trace, even though its thread may still be running.
"""

from __future__ import annotations

import asyncio
import copy
import secrets
from collections import OrderedDict
from typing import Any, Generic, TypeVar

from ..match import Match

__all__ = ["Game", "Games", "UnknownGameError", "trial"]

#: What a game holds: a :class:`Match`, or a sum's game (:mod:`.sums`).
M = TypeVar("M")


class UnknownGameError(LookupError):
    """No live game has this id (never made, or dropped as least recently used)."""


class Game(Generic[M]):
    """One live match and the lock that makes its actions take turns."""

    def __init__(self, match: M) -> None:
        self.match = match
        self.lock = asyncio.Lock()

    def commit(self, match: M) -> None:
        """Make ``match`` (a finished :func:`trial`) the game's state."""
        self.match = match


def trial(match: Match) -> Match:
    """A copy of ``match`` to play an action on, leaving ``match`` untouched.

    Everything an action can change is copied (the position, the engine's
    memory of its strategy); the board, its graph and the engine's solution
    are shared, because nothing changes them once made, and they are the
    large part.  Cost: O(V) for the copied arrays (the visited mask, a
    strategy's matching), no solve.
    """
    shared: dict[int, Any] = {
        id(match.grid): match.grid,
        id(match.graph): match.graph,
        id(match.engine.graph): match.engine.graph,
        id(match.engine.solution): match.engine.solution,
    }
    return copy.deepcopy(match, shared)


class Games(Generic[M]):
    """Live games by random id, dropping the least recently used beyond
    ``cap``.  The maze and graph games share one store, sums have their own
    (an id of one kind is unknown to the other's routes)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._games: OrderedDict[str, Game[M]] = OrderedDict()

    def add(self, match: M) -> str:
        """Store a new game; returns its id (72 random bits, URL-safe)."""
        game_id = secrets.token_urlsafe(9)
        self._games[game_id] = Game(match)
        while len(self._games) > self.cap:
            self._games.popitem(last=False)
        return game_id

    def get(self, game_id: str) -> Game[M]:
        """The game with this id, now the most recently used."""
        found = self._games.get(game_id)
        if found is None:
            raise UnknownGameError(game_id)
        self._games.move_to_end(game_id)
        return found

    def __len__(self) -> int:
        return len(self._games)
