"""The sum mode's routes: ``sum``, a sum in the ``sum`` command's format
(``moves?`` for its mazes), played against the engine (:mod:`..sums`).

``POST /api/sums``             ``{sum, moves?, side?}`` → a sum game's state (201)
``GET  /api/sums/{id}``        the state again
``POST /api/sums/{id}/move``   ``{board, cell}`` (a maze) or ``{board, vertex}``
                               (a graph): move; the engine answers at once
``POST /api/sums/{id}/hint``   the state with a winning move marked
``POST /api/sums/{id}/undo``   take back your last move and the answer
``POST /api/sums/{id}/view``   the state again

each asking ``show_values`` for the boards' Grundy values and the nim-sum.
Sums live in a store of their own: a maze or graph game's id is unknown
here.  An action is all or nothing, as a game's (:mod:`.games`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..i18n import Refusal
from ..reading import field, read_json
from ..sums import SumGame, read_sum, sum_move, sum_state
from .shared import AppState, AsciiJSONResponse, Handler

__all__ = ["routes"]

#: An action on a sum game: it changes the game (a copy) as the request
#: says, and returns whether to mark a winning move.
SumAction = Callable[[SumGame, dict[str, Any]], bool]


async def new_sum(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="sum")
    side = field(body, "side", str, "winning")
    show_values = field(body, "show_values", bool, False)

    def work() -> tuple[SumGame, dict[str, Any]]:
        game = SumGame.start(
            read_sum(body, state.limits),
            side=side,
            budget=state.limits.sum_budget,
            seconds=state.sum_seconds,
        )
        return game, sum_state("", game, show_values=show_values)

    game, shown = await state.compute(work)
    shown["id"] = state.sums.add(game)
    return AsciiJSONResponse(shown, status_code=201)


async def show_sum(state: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    game = state.find_sum(game_id).match
    return AsciiJSONResponse(await state.compute(lambda: sum_state(game_id, game)))


def sum_action(act: SumAction) -> Handler:
    """The handler of a sum game's action: ``act`` on a copy of the game,
    under its lock, in a worker."""

    async def handler(state: AppState, request: Request) -> Response:
        body = await read_json(request, state.limits)
        game_id = request.path_params["game_id"]
        stored = state.find_sum(game_id)
        show_values = field(body, "show_values", bool, False)
        async with stored.lock:
            current = stored.match

            def work() -> tuple[SumGame, dict[str, Any]]:
                attempt = current.copy()
                hinted = act(attempt, body)
                shown = sum_state(game_id, attempt, hint=hinted, show_values=show_values)
                return attempt, shown

            attempt, shown = await state.compute(work)
            stored.commit(attempt)
        return AsciiJSONResponse(shown)

    return handler


def sum_move_action(game: SumGame, body: dict[str, Any]) -> bool:
    game.match.play(*sum_move(game.match, body))
    return False


def sum_hint(game: SumGame, body: dict[str, Any]) -> bool:
    return True


def sum_undo(game: SumGame, body: dict[str, Any]) -> bool:
    if not game.match.undo():
        raise Refusal("error.sum_nothing_to_undo")
    return False


def sum_view(game: SumGame, body: dict[str, Any]) -> bool:
    return False


def routes(state: AppState) -> list[BaseRoute]:
    """The sum mode's routes, on ``state``."""
    path = "/api/sums/{game_id:str}"
    return [
        Route("/api/sums", state.endpoint(new_sum), methods=["POST"]),
        Route(path, state.endpoint(show_sum), methods=["GET"]),
        Route(path + "/move", state.endpoint(sum_action(sum_move_action)), methods=["POST"]),
        Route(path + "/hint", state.endpoint(sum_action(sum_hint)), methods=["POST"]),
        Route(path + "/undo", state.endpoint(sum_action(sum_undo)), methods=["POST"]),
        Route(path + "/view", state.endpoint(sum_action(sum_view)), methods=["POST"]),
    ]
