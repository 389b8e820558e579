"""The graph mode's routes: ``edges``, an edge list in the ``graph``
command's format (:mod:`..graphs`), vertices named by label.

``POST /api/graph/analyse``  ``{edges}`` → labels, edges, losing starts,
                             barrier, a maximum matching, a summary
``POST /api/graph/explain``  ``{edges, vertex}`` → why that vertex wins or loses
``POST /api/graph/games``    ``{edges, side?, start?, ...}`` → a new game's
                             state (201), then played through :mod:`.games`
                             with ``{vertex: label}``; its state names
                             vertices by label and carries the overlays as
                             lists (``losing``, ``matching``)
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ....theory.game import solve
from ...match import Match
from ..graphs import analysis, explanation, graph_of, vertex_of
from ..reading import field, read_json
from .games import new_match
from .shared import AppState, AsciiJSONResponse

__all__ = ["routes"]


async def analyse(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="graph")
    graph, warning = graph_of(body, state.limits)
    return AsciiJSONResponse(await state.compute(lambda: analysis(graph, solve(graph), warning)))


async def explain(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="graph")
    graph, _ = graph_of(body, state.limits)
    label = field(body, "vertex", str)
    return AsciiJSONResponse(
        await state.compute(
            lambda: explanation(graph, solve(graph), vertex_of(graph, label, "vertex"))
        )
    )


async def new_game(state: AppState, request: Request) -> Response:
    body = await read_json(request, state.limits, carrying="graph")
    graph, _ = graph_of(body, state.limits)
    side = field(body, "side", str, "auto")
    start = field(body, "start", str) if body.get("start") is not None else None

    def make() -> Match:
        first = None if start is None else vertex_of(graph, start, "start")
        return Match(graph, side=side, start=first)

    return await new_match(state, body, make)


def routes(state: AppState) -> list[BaseRoute]:
    """The graph mode's routes, on ``state``."""
    return [
        Route("/api/graph/analyse", state.endpoint(analyse), methods=["POST"]),
        Route("/api/graph/explain", state.endpoint(explain), methods=["POST"]),
        Route("/api/graph/games", state.endpoint(new_game), methods=["POST"]),
    ]
