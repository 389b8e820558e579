"""The routes every mode shares: the page itself and the server's bounds.

``GET /``              the page (``static/index.html``) in the language of
                       the ``lang`` cookie or of ``Accept-Language``
                       (:func:`~..i18n.choose_language`): ``<html lang>`` set,
                       and every catalog in it for the page's words
``GET /favicon.ico``   no content: browsers ask for one, and a 204 keeps
                       their consoles free of a 404
``GET /static/...``    the page's scripts and style sheet
``GET /api/limits``    ``{max_side, max_vertices, max_edges, max_sum_boards,
                       max_sum_size, max_body, too_large}``: the bounds, and
                       what a maze, graph or sum may be, in words (the page
                       refuses a board too large to send in the server's words,
                       which ``too_large`` gives in English)

None of them waits for a worker, so none is cut short when the server stops.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..i18n import LANGUAGES, catalog, choose_language, render
from .shared import AppState, AsciiJSONResponse

__all__ = ["STATIC", "routes"]

#: The page's files: HTML, CSS and scripts, served as they are.
STATIC = Path(__file__).parent.parent / "static"


@cache
def page_in(lang: str) -> str:
    """The page in ``lang``: ``<html lang>`` and its title set, and the
    catalogs of every language in its ``<script id="catalogs">`` (JSON, which
    the page reads without running it), so that the switch needs no request."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    words = {"lang": lang, "catalogs": {name: catalog(name) for name in LANGUAGES}}
    # "</" inside a script element would end it: JSON may say it "<\/"
    data = json.dumps(words, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    empty = '<script type="application/json" id="catalogs"></script>'
    assert text.count(empty) == 1 and text.count('<html lang="en">') == 1
    text = text.replace(empty, empty.replace("></", f">{data}</"))
    title = '<title data-i18n="page.title"></title>'
    assert text.count(title) == 1
    named = html.escape(catalog(lang)["page.title"])
    text = text.replace(title, title.replace("></", f">{named}</"))
    return text.replace('<html lang="en">', f'<html lang="{lang}">')


async def index(state: AppState, request: Request) -> Response:
    lang = choose_language(request.cookies.get("lang"), request.headers.get("accept-language"))
    # caches keep one copy per language the header or the cookie asks for
    headers = {"Vary": "Accept-Language, Cookie", "Content-Language": lang}
    return HTMLResponse(page_in(lang), headers=headers)


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
            "too_large": {
                kind: render(limits.board_limit(kind)) for kind in ("maze", "graph", "sum")
            },
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
