"""What every route group shares: the server's state, the worker pool's
errors in the API's words, and how the routes answer.

:class:`AppState` holds the bounds (:class:`~..limits.Limits`), the two
stores of live games (:mod:`..store`: maze and graph games in one, sums in
their own), the worker pool and the stop signal (:mod:`..workers`).  A route
group's handlers take it as their first argument; :meth:`AppState.endpoint`
binds it and ends the request with a 503 as soon as the server stops.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ....errors import BipartiteGameError
from ...match import Match
from ..i18n import Message, Refusal, message, render
from ..limits import Limits
from ..reading import api_error
from ..store import Game, Games, UnknownGameError
from ..sums import SumGame
from ..workers import OutOfTime, ServerBusy, Stopping, Workers

__all__ = ["AppState", "AsciiJSONResponse", "Endpoint", "Handler", "error_response"]

T = TypeVar("T")
#: A Starlette endpoint: a request in, a response out.
Endpoint = Callable[[Request], Awaitable[Response]]
#: A route group's handler: the shared state and the request in, a response out.
Handler = Callable[["AppState", Request], Awaitable[Response]]


class AsciiJSONResponse(JSONResponse):
    """JSON in ASCII: any text, even a lone surrogate quoted in an error
    message, can be sent, and nothing depends on the client's decoding."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False).encode("ascii")


def error_response(
    status: int, said: Message, headers: Mapping[str, str] | None = None
) -> Response:
    """The API's error answer, with ``status``: ``{"error": text, "code":
    key, "args": {...}}``, the message ``said`` (:mod:`..i18n`) in English
    and as its key and arguments, for the page to say in its language."""
    return AsciiJSONResponse(
        {"error": render(said), "code": said["key"], "args": said.get("args", {})},
        status_code=status,
        headers=headers,
    )


@dataclass
class AppState:
    """The state every route shares: ``limits``; ``games``, the live maze
    and graph games (:class:`~bipartite_game.play.match.Match`); ``sums``,
    the live sum games; ``workers``, the pool computations run in; and
    ``stopping``, the signal that the server is shutting down.  Made by
    :meth:`new` from the limits alone."""

    limits: Limits
    games: Games[Match]
    sums: Games[SumGame]
    workers: Workers
    stopping: Stopping = field(default_factory=Stopping)

    @classmethod
    def new(cls, limits: Limits) -> AppState:
        """Empty stores of ``limits.max_games`` each, and a pool of
        ``limits.workers`` with the limits' queue and computation seconds."""
        workers = Workers(
            limits.workers, queue_seconds=limits.queue_seconds, run_seconds=limits.solve_seconds
        )
        return cls(limits, Games(limits.max_games), Games(limits.max_games), workers)

    @property
    def sum_seconds(self) -> float:
        """The seconds a sum's Grundy values may take: the library refuses a
        sum past them, in its own words, before the worker gives up."""
        return 0.8 * self.limits.solve_seconds

    async def compute(self, work: Callable[[], T]) -> T:
        """``work()`` run in the worker pool; a 503 when no worker frees up
        in time or the work takes too long, a 400 for a
        :class:`BipartiteGameError` (illegal moves included)."""
        limits = self.limits
        try:
            return await self.workers.run(work)
        except ServerBusy:
            raise api_error(
                503, "error.busy", workers=limits.workers, seconds=f"{limits.queue_seconds:g}"
            ) from None
        except OutOfTime:
            raise api_error(503, "error.too_long", seconds=f"{limits.solve_seconds:g}") from None
        except Refusal as refusal:  # the page's own refusals, in the catalogs' words
            raise api_error(400, refusal.said["key"], **refusal.said["args"]) from None
        except BipartiteGameError as error:  # illegal moves included
            raise api_error(400, "error.refused", detail=str(error)) from None

    def find_game(self, game_id: str) -> Game[Match]:
        """The live maze or graph game ``game_id``; a 404 if there is none."""
        return _find(self.games, game_id)

    def find_sum(self, game_id: str) -> Game[SumGame]:
        """The live sum game ``game_id``; a 404 if there is none."""
        return _find(self.sums, game_id)

    def endpoint(self, handler: Handler, *, stoppable: bool = True) -> Endpoint:
        """``handler`` as a Starlette endpoint, given this state.  A
        ``stoppable`` one ends with a 503 as soon as the server starts
        shutting down, whatever it waits for (its body, a worker, a
        result), and is answered so at once after."""

        async def bound(request: Request) -> Response:
            return await handler(self, request)

        if not stoppable:
            return bound
        stopping = self.stopping

        async def guarded(request: Request) -> Response:
            if not stopping.stopped:
                with anyio.CancelScope() as scope:
                    stopping.on_stop(scope.cancel)
                    try:
                        return await handler(self, request)
                    finally:
                        stopping.forget(scope.cancel)
            return error_response(503, message("error.shutting_down"), {"Connection": "close"})

        return guarded


def _find(store: Games[T], game_id: str) -> Game[T]:
    try:
        return store.get(game_id)
    except UnknownGameError:
        raise api_error(404, "error.no_game", id=repr(game_id[:100])) from None
