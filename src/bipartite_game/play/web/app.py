"""The Starlette application: the route groups joined, the middleware and
the API's errors.

The page only draws and sends clicks; every rule lives in the same
:class:`~bipartite_game.play.match.Match` (one board) or
:class:`~bipartite_game.play.sum_match.SumMatch` (a sum) the terminal game
uses, and every picture of a maze is
:func:`~bipartite_game.play.render.render_svg`.

The JSON API is grouped by mode in :mod:`.routes`, each module with its own
routes documented (:mod:`.routes.page`, :mod:`.routes.maze`,
:mod:`.routes.graph`, :mod:`.routes.games`, :mod:`.routes.sums`), all over one
:class:`~.routes.shared.AppState`.  Around them: :class:`~.guard.Guard`
(Host, Origin and Content-Type checks, security headers) and gzip; every
error is a JSON 4xx or 503, never a traceback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import anyio.to_thread
import numpy as np
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response

from ...graphs.boards import grid_board
from ..match import Match
from .guard import SECURITY_HEADERS, Guard
from .i18n import message
from .limits import Limits
from .reading import ApiError
from .routes import games, graph, maze, page, sums
from .routes.shared import AppState, error_response
from .workers import Stopping

__all__ = ["create_app", "stop_requests"]


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    # Starlette's own (an unknown path, a method not allowed) say their detail
    said = (
        error.said
        if isinstance(error, ApiError)
        else message("error.refused", detail=str(error.detail))
    )
    return error_response(error.status_code, said, error.headers)


async def _server_error(request: Request, error: Exception) -> Response:
    # a bug: the answer says nothing of it, the log (uvicorn's) says all
    return error_response(
        500, message("error.internal"), {"Connection": "close", **SECURITY_HEADERS}
    )


def create_app(
    limits: Limits | None = None, *, warm_up: bool = True, host: str = "127.0.0.1"
) -> Starlette:
    """The ASGI application.

    ``host`` is the address the server listens on: requests whose ``Host``
    header names another server are refused (:mod:`.guard`).  ``warm_up``
    solves a board of the largest allowed size once at start-up, so that
    compiling the kernels does not fall on the first visitor's clock.
    """
    limits = limits or Limits()
    state = AppState.new(limits)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm_up:
            side = min(limits.max_side, 64)
            warm = grid_board(np.ones((side, side), dtype=bool))
            await anyio.to_thread.run_sync(lambda: Match(warm).hints())
        yield

    app = Starlette(
        routes=[
            *page.routes(state),
            *maze.routes(state),
            *games.routes(state),
            *graph.routes(state),
            *sums.routes(state),
        ],
        middleware=[
            Middleware(Guard, host=host),
            Middleware(GZipMiddleware, minimum_size=2048),
        ],
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
        lifespan=lifespan,
    )
    app.state.stopping = state.stopping
    app.state.workers = state.workers
    return app


def stop_requests(app: Starlette) -> None:
    """Tell every request in progress, and every new one, that the server is
    shutting down (they answer 503 at once).  Call from the event loop."""
    stopping: Stopping = app.state.stopping
    stopping.stop()
