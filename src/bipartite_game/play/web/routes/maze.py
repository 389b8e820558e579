"""The maze mode's routes: a maze in the ``maze`` command's format
(``maze``, with ``moves?`` for the move set), analysed or played.

``POST /api/analyse``  ``{maze, moves?, show_losing?, show_matching?}``
                       → the picture, the normalised rows and the answer
``POST /api/games``    ``{maze, moves?, side?, start?, ...}`` → a new game's
                       state (201), then played through :mod:`.games`

Analysis is stateless; a maze past ``max_side`` is refused by its header
alone (:func:`~..reading.board`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ....theory.game import solve
from ...match import Match
from ..reading import board, cell, field, read_json
from ..views import analysis
from .games import new_match
from .shared import AppState, AsciiJSONResponse

__all__ = ["routes"]


async def analyse(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="maze")
    maze = board(body, state.limits)
    show_losing = field(body, "show_losing", bool, False)
    show_matching = field(body, "show_matching", bool, False)
    result = await state.compute(
        lambda: analysis(
            maze, solve(maze.graph), show_losing=show_losing, show_matching=show_matching
        )
    )
    return AsciiJSONResponse(result)


async def new_game(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="maze")
    maze = board(body, state.limits)
    side = field(body, "side", str, "auto")
    start = cell(body, "start") if body.get("start") is not None else None
    return await new_match(state, body, lambda: Match(maze, side=side, start=start))


def routes(state: AppState) -> list[BaseRoute]:
    """The maze mode's routes, on ``state``."""
    return [
        Route("/api/analyse", state.endpoint(analyse), methods=["POST"]),
        Route("/api/games", state.endpoint(new_game), methods=["POST"]),
    ]
