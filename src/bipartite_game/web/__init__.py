"""``bipartite-game serve``: a web page to draw mazes, see their analysis and
play against the engine.

Starlette on uvicorn.  The page only draws and sends clicks; every rule lives
here, in the same :class:`~bipartite_game.play.Match` the terminal game uses,
and every picture is :func:`~bipartite_game.render.render_svg`.

JSON API (cells are ``[row, col]``, 0-based; errors are ``{"error": ...}``
with a 4xx status, or 503 when a computation runs out of time):

``POST /api/analyse``      ``{maze, moves?, show_losing?, show_matching?}``
                           → the picture, the normalised rows and the answer
``POST /api/games``        ``{maze, moves?, side?, start?}`` → a game's state
``GET  /api/games/{id}``   the state again
``POST /api/games/{id}/place``  ``{cell}``: place the token
``POST /api/games/{id}/move``   ``{cell}``: move; the engine answers at once
``POST /api/games/{id}/hint``   the state with your winning moves marked
``POST /api/games/{id}/undo``   take back your last move

Bounds (:class:`Limits`): request bodies, maze sides, live games (the least
recently used game is dropped first) and the time one computation may take.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
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

from ..boards import GridBoard, grid_board
from ..errors import BipartiteGameError, IllegalMoveError
from ..game import Solution, solve
from ..play import Match
from ..problems.maze import parse
from ..render import render_svg

__all__ = ["Limits", "create_app", "serve"]

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """What one request may ask of the server."""

    max_side: int = 64
    max_body: int = 64 * 1024
    max_games: int = 200
    solve_seconds: float = 10.0
    workers: int = 2


class _Games:
    """Live matches by id, dropping the least recently used beyond the cap."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._games: OrderedDict[str, tuple[Match, asyncio.Lock]] = OrderedDict()

    def add(self, match: Match) -> str:
        game_id = secrets.token_urlsafe(9)
        self._games[game_id] = (match, asyncio.Lock())
        while len(self._games) > self.cap:
            self._games.popitem(last=False)
        return game_id

    def get(self, game_id: str) -> tuple[Match, asyncio.Lock]:
        found = self._games.get(game_id)
        if found is None:
            raise HTTPException(404, f"no game {game_id!r} (it may have ended long ago)")
        self._games.move_to_end(game_id)
        return found


def _error(status: int, message: str) -> HTTPException:
    return HTTPException(status, message)


async def _body(request: Request, limits: Limits) -> dict[str, Any]:
    """The request's JSON object, read no further than ``max_body`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limits.max_body:
        raise _error(413, f"request body too large: at most {limits.max_body} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limits.max_body:
            raise _error(413, f"request body too large: at most {limits.max_body} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise _error(400, f"request body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise _error(400, "request body must be a JSON object")
    return body


def _field(body: dict[str, Any], name: str, kind: type[T], default: T | None = None) -> T:
    value = body.get(name, default)
    if value is None:
        raise _error(400, f"missing field {name!r}")
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _error(400, f"field {name!r} must be a {kind.__name__}, found {value!r}"[:200])
    return value


def _cell(body: dict[str, Any], name: str) -> tuple[int, int]:
    value = body.get(name)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise _error(400, f"field {name!r} must be a cell [row, col], found {value!r}"[:200])
    return int(value[0]), int(value[1])


def _board(body: dict[str, Any], limits: Limits) -> GridBoard:
    """Parse and bound the maze of a request, and build its move graph."""
    text = _field(body, "maze", str)
    moves = _field(body, "moves", str, "rook")
    try:
        maze = parse(text)
    except BipartiteGameError as error:
        raise _error(400, f"maze: {error}") from None
    height, width = maze.shape
    if max(height, width) > limits.max_side:
        raise _error(413, f"maze too large: {height}x{width}, at most {limits.max_side} on a side")
    try:
        return grid_board(maze.open, moves)
    except BipartiteGameError as error:
        raise _error(400, f"moves: {error}") from None


def _cells(board: GridBoard, vertices: Any) -> list[list[int]]:
    return [list(board.cell(int(v))) for v in vertices]


def _rows(board: GridBoard) -> list[str]:
    return ["".join(row) for row in np.where(board.open, ".", "#").tolist()]


def _analysis(board: GridBoard, solution: Solution, body: dict[str, Any]) -> dict[str, Any]:
    show_losing = _field(body, "show_losing", bool, False)
    show_matching = _field(body, "show_matching", bool, False)
    losing = np.flatnonzero(solution.losing)
    height, width = board.shape
    cells = board.graph.num_vertices
    matched = int(np.count_nonzero(solution.mate >= 0)) // 2
    if cells == 0:
        summary = "No open cell: there is nowhere to put the token."
    elif losing.size:
        summary = (
            f"WIN: from {losing.size} of {cells} open cells the player to move loses, "
            f"so the player who places the token wins there. Maximum matching: {matched} pairs."
        )
    else:
        summary = (
            f"LOSE: a maximum matching ({matched} pairs) covers every one of the {cells} open "
            "cells in every way, so the player to move wins from any start."
        )
    return {
        "rows": _rows(board),
        "height": height,
        "width": width,
        "answer": "WIN" if losing.size else "LOSE",
        "losing_starts": _cells(board, losing),
        "matching_size": matched,
        "summary": summary,
        "svg": render_svg(
            board, show_losing=show_losing, show_matching=show_matching, solution=solution
        ),
    }


def _spoken(board: GridBoard, vertex: int) -> str:
    row, col = board.cell(vertex)
    return f"row {row + 1}, column {col + 1}"


def _state(game_id: str, match: Match, hints: list[int] | None = None) -> dict[str, Any]:
    """What the page needs to draw a game."""
    board = match.board
    position = match.position
    if position is None:
        phase = "place"
        message = "Place the token: click an open cell. You play second, so the engine moves first."
    elif position.is_over():
        phase = "over"
        message = (
            "The engine cannot move: you win."
            if match.winner == "you"
            else "You cannot move: the engine wins."
        )
    else:
        phase = "play"
        message = f"Your move (you play {match.you}): click a marked cell."
    path = [] if position is None else [position.start, *position.move_stack]
    engine_moves = match.engine_moves
    news = []
    if position is not None and match.start_placed_by == "engine" and len(path) <= 2:
        news.append(f"The engine placed the token on {_spoken(board, path[0])}.")
    if position is not None and position.move_stack[-1:] == engine_moves[-1:] != []:
        news.append(f"The engine moved to {_spoken(board, engine_moves[-1])}.")
    message = " ".join([*news, message])
    if hints is not None and phase != "over":
        if not hints:
            message += (
                " Hint: no winning start for the placer."
                if phase == "place"
                else " Hint: no winning move; every move loses against perfect play."
            )
        else:
            message += " Hint: the marked cells win."
    return {
        "id": game_id,
        "phase": phase,
        "you": match.you,
        "winner": match.winner,
        "placed_by": match.start_placed_by,
        "path": _cells(board, path),
        "engine_moves": _cells(board, engine_moves),
        "legal": [] if position is None else _cells(board, position.legal_moves),
        "hints": None if hints is None else _cells(board, hints),
        "message": message,
        "svg": render_svg(board, position, hints=hints or ()),
    }


def create_app(limits: Limits | None = None, *, warm_up: bool = True) -> Starlette:
    """The ASGI application.  ``warm_up`` solves a board of the largest
    allowed size once at start-up, so that compiling the kernels does not
    fall on the first visitor's clock."""
    limits = limits or Limits()
    games = _Games(limits.max_games)
    workers = anyio.CapacityLimiter(limits.workers)

    async def compute(work: Callable[[], T]) -> T:
        try:
            with anyio.fail_after(limits.solve_seconds):
                return await anyio.to_thread.run_sync(work, abandon_on_cancel=True, limiter=workers)
        except TimeoutError:
            raise _error(503, "the computation took too long; try a smaller maze") from None
        except BipartiteGameError as error:  # illegal moves included
            raise _error(400, str(error)) from None

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def analyse(request: Request) -> Response:
        body = await _body(request, limits)
        board = _board(body, limits)
        result = await compute(lambda: _analysis(board, solve(board.graph), body))
        return JSONResponse(result)

    async def new_game(request: Request) -> Response:
        body = await _body(request, limits)
        board = _board(body, limits)
        side = _field(body, "side", str, "auto")
        start = _cell(body, "start") if body.get("start") is not None else None
        match = await compute(lambda: Match(board, side=side, start=start))
        game_id = games.add(match)
        return JSONResponse(_state(game_id, match), status_code=201)

    async def show_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        match, lock = games.get(game_id)
        async with lock:
            return JSONResponse(_state(game_id, match))

    def action(
        act: Callable[[Match, dict[str, Any]], list[int] | None],
    ) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            body = await _body(request, limits)
            game_id = request.path_params["game_id"]
            match, lock = games.get(game_id)

            def work() -> dict[str, Any]:
                return _state(game_id, match, act(match, body))

            async with lock:
                return JSONResponse(await compute(work))

        return endpoint

    def place(match: Match, body: dict[str, Any]) -> None:
        match.place(*_cell(body, "cell"))

    def move(match: Match, body: dict[str, Any]) -> None:
        match.play(match.move_at(*_cell(body, "cell")))

    def hint(match: Match, body: dict[str, Any]) -> list[int]:
        return match.hints()

    def undo(match: Match, body: dict[str, Any]) -> None:
        if not match.undo():
            raise IllegalMoveError("nothing to take back: you have not moved yet")

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": error.detail}, status_code=error.status_code)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm_up:
            side = min(limits.max_side, 64)
            board = grid_board(np.ones((side, side), dtype=bool))
            await anyio.to_thread.run_sync(lambda: Match(board).hints())
        yield

    game_path = "/api/games/{game_id:str}"
    routes = [
        Route("/", index),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route(game_path, show_game, methods=["GET"]),
        Route(game_path + "/place", action(place), methods=["POST"]),
        Route(game_path + "/move", action(move), methods=["POST"]),
        Route(game_path + "/hint", action(hint), methods=["POST"]),
        Route(game_path + "/undo", action(undo), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(GZipMiddleware, minimum_size=2048)],
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )


def serve(*, host: str = "127.0.0.1", port: int = 8000, limits: Limits | None = None) -> int:
    """Listen on ``host:port`` and serve until interrupted."""
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise BipartiteGameError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"bipartite-game: serving on http://{shown}:{bound_port}/ (Ctrl-C stops)", flush=True)
    config = uvicorn.Config(create_app(limits), log_level="warning")
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0
