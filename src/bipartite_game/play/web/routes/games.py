"""The routes of a game on one board, a maze or a graph: the same
:class:`~bipartite_game.play.match.Match` whichever mode made it
(``POST /api/games`` for a maze, :mod:`.maze`; ``POST /api/graph/games`` for
a graph, :mod:`.graph`).  A maze game names cells ``{cell: [row, col]}``
(0-based), a graph game vertices ``{vertex: label}``.

``GET  /api/games/{id}``        the state again
``POST /api/games/{id}/place``  ``{cell}`` or ``{vertex}``: place the token
``POST /api/games/{id}/move``   ``{cell}`` or ``{vertex}``: move; the engine
                                answers at once
``POST /api/games/{id}/hint``   the state with your winning moves marked
``POST /api/games/{id}/undo``   take back your last move (or your start)
``POST /api/games/{id}/view``   the state again (to redraw with other overlays)

Every game request may ask for what :func:`view_options` reads:
``show_losing`` and ``show_matching`` (the theorem at work in the game:
:meth:`~bipartite_game.play.match.Match.overlay`), ``plan`` (the engine's
answer to each of your legal moves, as ``planned``: ``[[move, answer or
null], ...]``) and ``at`` (a finished game after its first ``at`` moves); the
state also carries ``account``, the last exchange in one line.  An action is
all or nothing: it plays on a copy of the match (:func:`~..store.trial`) in a
worker thread, and the copy becomes the game only if it finished in time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ...._text import quote
from ...match import Match
from ..graphs import vertex_of
from ..i18n import Refusal
from ..reading import cell, field, read_json
from ..store import trial
from ..views import game_state
from .shared import AppState, AsciiJSONResponse, Handler

__all__ = ["new_match", "routes", "view_options"]

#: An action on a match: it changes the match (a copy) as the request
#: says, and returns the hints to mark, if any.
Action = Callable[[Match, dict[str, Any]], list[int] | None]


def view_options(body: dict[str, Any]) -> dict[str, Any]:
    """What a game's picture should show besides the game, as
    :func:`~..views.game_state`'s keywords: the overlays (``show_losing``,
    ``show_matching``) and the engine's planned answers (``plan``), each a
    boolean field of the request, off by default; and ``at``, the number of
    moves to show of a finished game's record."""
    names = ("show_losing", "show_matching", "plan")
    options: dict[str, Any] = {name: field(body, name, bool, False) for name in names}
    if body.get("at") is not None:
        options["at"] = field(body, "at", int)
    return options


async def new_match(state: AppState, body: dict[str, Any], make: Callable[[], Match]) -> Response:
    """A new game, of either mode: the match ``make`` builds (in a worker,
    where a bad start is refused), stored, and its first state with the
    ``body``'s :func:`view_options` (201)."""
    options = view_options(body)

    def work() -> tuple[Match, dict[str, Any]]:
        match = make()
        return match, game_state("", match, None, **options)

    match, shown = await state.compute(work)
    shown["id"] = state.games.add(match)
    return AsciiJSONResponse(shown, status_code=201)


async def show_game(state: AppState, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    # a stored match is never changed in place, so no lock is needed
    return AsciiJSONResponse(game_state(game_id, state.find_game(game_id).match))


def action(act: Action) -> Handler:
    """The handler of a game action: ``act`` on a copy of the match, under
    the game's lock (one action at a time per game), in a worker."""

    async def handler(state: AppState, request: Request) -> Response:
        body = await read_json(request, state.limits)
        game_id = request.path_params["game_id"]
        game = state.find_game(game_id)
        options = view_options(body)
        async with game.lock:  # one action at a time per game
            current = game.match

            def work() -> tuple[Match, dict[str, Any]]:
                attempt = trial(current)
                hints = act(attempt, body)
                return attempt, game_state(game_id, attempt, hints, **options)

            attempt, shown = await state.compute(work)
            game.commit(attempt)  # reached only when it finished in time
        return AsciiJSONResponse(shown)

    return handler


def place(match: Match, body: dict[str, Any]) -> None:
    # what a person can do by clicking is refused in the catalogs' words
    # (the same English as the match's own refusals); the rest by the match
    if match.position is not None:
        raise Refusal("error.already_placed")
    if match.grid is None:
        match.place_vertex(vertex_of(match.graph, field(body, "vertex", str), "start"))
        return
    row, col = cell(body, "cell")
    height, width = match.grid.shape
    if 0 <= row < height and 0 <= col < width and match.grid.vertex_at(row, col) is None:
        raise Refusal("error.not_open_start", row=row + 1, col=col + 1)
    match.place(row, col)


def move(match: Match, body: dict[str, Any]) -> None:
    position = match.position
    if position is None:
        raise Refusal("error.place_first")
    if position.is_over():
        raise Refusal("error.game_over")
    if match.grid is None:
        label = field(body, "vertex", str)
        vertex = vertex_of(match.graph, label)
        if not position.is_legal(vertex):
            raise Refusal("error.not_a_move.vertex", label=quote(label))
        match.play(vertex)
        return
    row, col = cell(body, "cell")
    height, width = match.grid.shape
    if 0 <= row < height and 0 <= col < width:
        target = match.grid.vertex_at(row, col)
        if target is None or not position.is_legal(target):
            raise Refusal("error.not_a_move.cell", row=row + 1, col=col + 1)
    match.play(match.move_at(row, col))


def hint(match: Match, body: dict[str, Any]) -> list[int]:
    return match.hints()


def view(match: Match, body: dict[str, Any]) -> None:
    """No change: the state again, drawn with the overlays asked for."""


def undo(match: Match, body: dict[str, Any]) -> None:
    if not match.undo():
        raise Refusal("error.nothing_to_undo")


def routes(state: AppState) -> list[BaseRoute]:
    """The routes of a game on one board, on ``state``."""
    path = "/api/games/{game_id:str}"
    return [
        Route(path, state.endpoint(show_game), methods=["GET"]),
        Route(path + "/place", state.endpoint(action(place)), methods=["POST"]),
        Route(path + "/move", state.endpoint(action(move)), methods=["POST"]),
        Route(path + "/hint", state.endpoint(action(hint)), methods=["POST"]),
        Route(path + "/undo", state.endpoint(action(undo)), methods=["POST"]),
        Route(path + "/view", state.endpoint(action(view)), methods=["POST"]),
    ]
