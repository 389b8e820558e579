"""The Starlette application: routes, the JSON API, and its errors.

The page only draws and sends clicks; every rule lives in the same
:class:`~bipartite_game.play.match.Match` the terminal game uses, and every picture
is :func:`~bipartite_game.play.render.render_svg`.

JSON API (cells are ``[row, col]``, 0-based; state-changing requests send
``Content-Type: application/json``; errors are ``{"error": ...}`` with a 4xx
status, or 503 when the server is busy, a computation runs out of time, or
the server is shutting down):

``POST /api/analyse``      ``{maze, moves?, show_losing?, show_matching?}``
                           → the picture, the normalised rows and the answer
``POST /api/games``        ``{maze, moves?, side?, start?}`` → a game's state
``GET  /api/games/{id}``   the state again
``POST /api/games/{id}/place``  ``{cell}``: place the token
``POST /api/games/{id}/move``   ``{cell}``: move; the engine answers at once
``POST /api/games/{id}/hint``   the state with your winning moves marked
``POST /api/games/{id}/undo``   take back your last move (or your start)
``POST /api/games/{id}/view``   the state again (to redraw with other overlays)
``GET  /api/limits``       ``{max_side, max_vertices, max_edges, max_sum_boards,
                           max_sum_size, max_body, too_large}``: the bounds, and
                           what a maze, graph or sum may be, in words

The graph mode (:mod:`.graphs`) sends ``edges``, an edge list in the
``graph`` command's format, and names vertices by label:

``POST /api/graph/analyse``  ``{edges}`` → labels, edges, losing starts,
                             barrier, a maximum matching, a summary
``POST /api/graph/explain``  ``{edges, vertex}`` → why that vertex wins or loses
``POST /api/graph/games``    ``{edges, side?, start?}`` → a game's state

The sum mode (:mod:`.sums`) sends ``sum``, a sum in the ``sum`` command's
format (``moves?`` for its mazes), and plays it against the engine:

``POST /api/sums``             ``{sum, moves?, side?}`` → a sum game's state
``GET  /api/sums/{id}``        the state again
``POST /api/sums/{id}/move``   ``{board, cell}`` (a maze) or ``{board, vertex}``
                               (a graph): move; the engine answers at once
``POST /api/sums/{id}/hint``   the state with a winning move marked
``POST /api/sums/{id}/undo``   take back your last move and the answer
``POST /api/sums/{id}/view``   the state again

each asking ``show_values`` for the boards' Grundy values and the nim-sum.

A game on a graph is played through the same ``/api/games/{id}/...`` routes,
with ``{vertex: label}`` instead of ``{cell}``; its state names vertices by
label and carries the overlays as lists (``losing``, ``matching``).

Every game request may ask for ``show_losing`` and ``show_matching`` (the
theorem at work in the game: :meth:`~bipartite_game.play.match.Match.overlay`) and
``plan`` (the engine's answer to each of your legal moves, as ``planned``:
``[[move, answer or null], ...]``); the state also carries ``account``, the
last exchange in one line.

A game action is all or nothing: it plays on a copy of the match in a worker
thread and the copy becomes the game only if it finished in time
(:mod:`.store`, :mod:`.workers`).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import numpy as np
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...errors import BipartiteGameError, IllegalMoveError
from ...graphs.boards import grid_board
from ...theory.game import solve
from ..match import Match
from .graphs import analysis as graph_analysis
from .graphs import explanation, graph_of, vertex_of
from .guard import SECURITY_HEADERS, Guard
from .limits import Limits
from .reading import api_error, board, cell, field, read_json
from .store import Game, Games, UnknownGameError, trial
from .sums import SumGame, read_sum, sum_move, sum_state
from .views import analysis, game_state
from .workers import OutOfTime, ServerBusy, Stopping, Workers

__all__ = ["create_app", "stop_requests"]

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")
Endpoint = Callable[[Request], Awaitable[Response]]


class _JSON(JSONResponse):
    """JSON in ASCII: any text, even a lone surrogate quoted in an error
    message, can be sent, and nothing depends on the client's decoding."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False).encode("ascii")


def _looks(body: dict[str, Any]) -> dict[str, Any]:
    """What a game's picture should show besides the game: the overlays
    (``show_losing``, ``show_matching``) and the engine's planned answers
    (``plan``), each a boolean field of the request, off by default; and
    ``at``, the number of moves to show of a finished game's record."""
    names = ("show_losing", "show_matching", "plan")
    looks: dict[str, Any] = {name: field(body, name, bool, False) for name in names}
    if body.get("at") is not None:
        looks["at"] = field(body, "at", int)
    return looks


def _error(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    return _JSON({"error": message}, status_code=status, headers=headers)


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
    games: Games[Match] = Games(limits.max_games)
    sums: Games[SumGame] = Games(limits.max_games)
    # the library refuses a sum past its seconds before the worker gives up
    sum_seconds = 0.8 * limits.solve_seconds
    workers = Workers(
        limits.workers, queue_seconds=limits.queue_seconds, run_seconds=limits.solve_seconds
    )
    stopping = Stopping()

    async def compute(work: Callable[[], T]) -> T:
        try:
            return await workers.run(work)
        except ServerBusy:
            raise api_error(
                503,
                f"server busy: all {limits.workers} workers stayed taken for "
                f"{limits.queue_seconds:g} s; try again in a moment",
            ) from None
        except OutOfTime:
            raise api_error(
                503,
                f"the computation took too long (over {limits.solve_seconds:g} s); "
                "try a smaller maze",
            ) from None
        except BipartiteGameError as error:  # illegal moves included
            raise api_error(400, str(error)) from None

    def stoppable(endpoint: Endpoint) -> Endpoint:
        """End the request with a 503 as soon as the server starts shutting
        down, whatever it waits for (its body, a worker, a result)."""

        async def guarded(request: Request) -> Response:
            if not stopping.stopped:
                with anyio.CancelScope() as scope:
                    stopping.on_stop(scope.cancel)
                    try:
                        return await endpoint(request)
                    finally:
                        stopping.forget(scope.cancel)
            return _error(503, "the server is shutting down", {"Connection": "close"})

        return guarded

    def find(game_id: str, store: Games[Any] = games) -> Game[Any]:
        try:
            return store.get(game_id)
        except UnknownGameError:
            raise api_error(
                404, f"no game {game_id[:100]!r} (it may have ended long ago)"
            ) from None

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def limits_view(request: Request) -> Response:
        return _JSON(
            {
                "max_side": limits.max_side,
                "max_vertices": limits.max_vertices,
                "max_edges": limits.max_edges,
                "max_sum_boards": limits.max_sum_boards,
                "max_sum_size": limits.max_sum_size,
                "max_body": limits.max_body,
                # the page refuses a board too large to send in the server's words
                "too_large": {kind: limits.board_limit(kind) for kind in ("maze", "graph", "sum")},
            }
        )

    async def analyse(request: Request) -> Response:
        body = await read_json(request, limits, carrying="maze")
        maze = board(body, limits)
        show_losing = field(body, "show_losing", bool, False)
        show_matching = field(body, "show_matching", bool, False)
        result = await compute(
            lambda: analysis(
                maze, solve(maze.graph), show_losing=show_losing, show_matching=show_matching
            )
        )
        return _JSON(result)

    async def new_game(request: Request) -> Response:
        body = await read_json(request, limits, carrying="maze")
        maze = board(body, limits)
        side = field(body, "side", str, "auto")
        start = cell(body, "start") if body.get("start") is not None else None

        looks = _looks(body)

        def work() -> tuple[Match, dict[str, Any]]:
            match = Match(maze, side=side, start=start)
            return match, game_state("", match, None, **looks)

        match, state = await compute(work)
        state["id"] = games.add(match)
        return _JSON(state, status_code=201)

    async def analyse_graph(request: Request) -> Response:
        body = await read_json(request, limits, carrying="graph")
        graph, warning = graph_of(body, limits)
        return _JSON(await compute(lambda: graph_analysis(graph, solve(graph), warning)))

    async def explain_vertex(request: Request) -> Response:
        body = await read_json(request, limits, carrying="graph")
        graph, _ = graph_of(body, limits)
        label = field(body, "vertex", str)
        return _JSON(
            await compute(
                lambda: explanation(graph, solve(graph), vertex_of(graph, label, "vertex"))
            )
        )

    async def new_graph_game(request: Request) -> Response:
        body = await read_json(request, limits, carrying="graph")
        graph, _ = graph_of(body, limits)
        side = field(body, "side", str, "auto")
        start = field(body, "start", str) if body.get("start") is not None else None
        looks = _looks(body)

        def work() -> tuple[Match, dict[str, Any]]:
            first = None if start is None else vertex_of(graph, start, "start")
            match = Match(graph, side=side, start=first)
            return match, game_state("", match, None, **looks)

        match, state = await compute(work)
        state["id"] = games.add(match)
        return _JSON(state, status_code=201)

    async def show_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        # a stored match is never changed in place, so no lock is needed
        return _JSON(game_state(game_id, find(game_id).match))

    def action(act: Callable[[Match, dict[str, Any]], list[int] | None]) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            body = await read_json(request, limits)
            game_id = request.path_params["game_id"]
            game = find(game_id)
            looks = _looks(body)
            async with game.lock:  # one action at a time per game
                current = game.match

                def work() -> tuple[Match, dict[str, Any]]:
                    attempt = trial(current)
                    hints = act(attempt, body)
                    return attempt, game_state(game_id, attempt, hints, **looks)

                attempt, state = await compute(work)
                game.commit(attempt)  # reached only when it finished in time
            return _JSON(state)

        return endpoint

    def place(match: Match, body: dict[str, Any]) -> None:
        if match.grid is None:
            match.place_vertex(vertex_of(match.graph, field(body, "vertex", str), "start"))
        else:
            match.place(*cell(body, "cell"))

    def move(match: Match, body: dict[str, Any]) -> None:
        if match.grid is None:
            match.play(vertex_of(match.graph, field(body, "vertex", str)))
        else:
            match.play(match.move_at(*cell(body, "cell")))

    def hint(match: Match, body: dict[str, Any]) -> list[int]:
        return match.hints()

    def view(match: Match, body: dict[str, Any]) -> None:
        """No change: the state again, drawn with the overlays asked for."""

    def undo(match: Match, body: dict[str, Any]) -> None:
        if not match.undo():
            raise IllegalMoveError(
                "nothing to take back: you have neither placed the token nor moved"
            )

    async def new_sum(request: Request) -> Response:
        body = await read_json(request, limits, carrying="sum")
        side = field(body, "side", str, "winning")
        show_values = field(body, "show_values", bool, False)

        def work() -> tuple[SumGame, dict[str, Any]]:
            game = SumGame.start(
                read_sum(body, limits), side=side, budget=limits.sum_budget, seconds=sum_seconds
            )
            return game, sum_state("", game, show_values=show_values)

        game, state = await compute(work)
        state["id"] = sums.add(game)
        return _JSON(state, status_code=201)

    async def show_sum(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        game: SumGame = find(game_id, sums).match
        return _JSON(await compute(lambda: sum_state(game_id, game)))

    def sum_action(act: Callable[[SumGame, dict[str, Any]], bool]) -> Endpoint:
        """A sum game's action; ``act`` says whether to mark a hint."""

        async def endpoint(request: Request) -> Response:
            body = await read_json(request, limits)
            game_id = request.path_params["game_id"]
            stored = find(game_id, sums)
            show_values = field(body, "show_values", bool, False)
            async with stored.lock:
                current: SumGame = stored.match

                def work() -> tuple[SumGame, dict[str, Any]]:
                    attempt = current.copy()
                    hinted = act(attempt, body)
                    state = sum_state(game_id, attempt, hint=hinted, show_values=show_values)
                    return attempt, state

                attempt, state = await compute(work)
                stored.commit(attempt)
            return _JSON(state)

        return endpoint

    def sum_play(game: SumGame, body: dict[str, Any]) -> bool:
        game.match.play(*sum_move(game.match, body))
        return False

    def sum_undo(game: SumGame, body: dict[str, Any]) -> bool:
        if not game.match.undo():
            raise IllegalMoveError("nothing to take back: you have not moved yet")
        return False

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return _error(error.status_code, error.detail, error.headers)

    async def server_error(request: Request, error: Exception) -> Response:
        # a bug: the answer says nothing of it, the log (uvicorn's) says all
        return _error(500, "internal server error", {"Connection": "close", **SECURITY_HEADERS})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm_up:
            side = min(limits.max_side, 64)
            warm = grid_board(np.ones((side, side), dtype=bool))
            await anyio.to_thread.run_sync(lambda: Match(warm).hints())
        yield

    game_path = "/api/games/{game_id:str}"
    sum_path = "/api/sums/{game_id:str}"
    routes = [
        Route("/", index),
        # browsers ask for one; "no content" keeps their consoles free of a 404
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/analyse", stoppable(analyse), methods=["POST"]),
        Route("/api/games", stoppable(new_game), methods=["POST"]),
        Route(game_path, stoppable(show_game), methods=["GET"]),
        Route(game_path + "/place", stoppable(action(place)), methods=["POST"]),
        Route(game_path + "/move", stoppable(action(move)), methods=["POST"]),
        Route(game_path + "/hint", stoppable(action(hint)), methods=["POST"]),
        Route(game_path + "/undo", stoppable(action(undo)), methods=["POST"]),
        Route(game_path + "/view", stoppable(action(view)), methods=["POST"]),
        Route("/api/graph/analyse", stoppable(analyse_graph), methods=["POST"]),
        Route("/api/graph/explain", stoppable(explain_vertex), methods=["POST"]),
        Route("/api/graph/games", stoppable(new_graph_game), methods=["POST"]),
        Route("/api/sums", stoppable(new_sum), methods=["POST"]),
        Route(sum_path, stoppable(show_sum), methods=["GET"]),
        Route(sum_path + "/move", stoppable(sum_action(sum_play)), methods=["POST"]),
        Route(sum_path + "/hint", stoppable(sum_action(lambda g, b: True)), methods=["POST"]),
        Route(sum_path + "/undo", stoppable(sum_action(sum_undo)), methods=["POST"]),
        Route(sum_path + "/view", stoppable(sum_action(lambda g, b: False)), methods=["POST"]),
        Route("/api/limits", limits_view, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(Guard, host=host),
            Middleware(GZipMiddleware, minimum_size=2048),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
        lifespan=lifespan,
    )
    app.state.stopping = stopping
    app.state.workers = workers
    return app


def stop_requests(app: Starlette) -> None:
    """Tell every request in progress, and every new one, that the server is
    shutting down (they answer 503 at once).  Call from the event loop."""
    stopping: Stopping = app.state.stopping
    stopping.stop()
