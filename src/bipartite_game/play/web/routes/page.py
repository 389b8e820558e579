"""The routes every mode shares: the page itself and the server's bounds.

``GET /``              the page (``static/index.html``)
``GET /favicon.ico``   no content: browsers ask for one, and a 204 keeps
                       their consoles free of a 404
``GET /static/...``    the page's scripts and style sheet
``GET /api/limits``    ``{max_side, max_vertices, max_edges, max_sum_boards,
                       max_sum_size, max_body, too_large}``: the bounds, and
                       what a maze, graph or sum may be, in words (the page
                       refuses a board too large to send in the server's words)

None of them waits for a worker, so none is cut short when the server stops.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from .shared import AppState, AsciiJSONResponse

__all__ = ["STATIC", "routes"]

#: The page's files: HTML, CSS and scripts, served as they are.
STATIC = Path(__file__).parent.parent / "static"


async def index(state: AppState, request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html")


async def no_icon(state: AppState, request: Request) -> Response:
    return Response(status_code=204)


async def show_limits(state: AppState, request: Request) -> Response:
    limits = state.limits
    return AsciiJSONResponse(
        {
            "max_side": limits.max_side,
            "max_vertices": limits.max_vertices,
            "max_edges": limits.max_edges,
            "max_sum_boards": limits.max_sum_boards,
            "max_sum_size": limits.max_sum_size,
            "max_body": limits.max_body,
            "too_large": {kind: limits.board_limit(kind) for kind in ("maze", "graph", "sum")},
        }
    )


def routes(state: AppState) -> list[BaseRoute]:
    """The page's routes, on ``state``."""
    return [
        Route("/", state.endpoint(index, stoppable=False)),
        Route("/favicon.ico", state.endpoint(no_icon, stoppable=False)),
        Route("/api/limits", state.endpoint(show_limits, stoppable=False), methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
