"""``bipartite-game serve``: a web page to draw mazes or any graph, see their
analysis and play against the engine, on one board or on a sum of a few.

Starlette on uvicorn, one module per idea:

- :mod:`.limits` — :class:`Limits`, every bound the server keeps;
- :mod:`.reading` — the request boundary: body size and deadline, JSON, fields;
- :mod:`.views` — the analysis and game state sent to the page;
- :mod:`.graphs` — the graph mode: an edge list, its analysis, explanations;
- :mod:`.sums` — the sum mode: a sum of small boards played against the engine;
- :mod:`.store` — live games, changed only by whole, finished actions;
- :mod:`.workers` — the bounded pool computations run in, and the stop signal;
- :mod:`.guard` — Host, Origin and Content-Type checks, security headers;
- :mod:`.i18n` — the page's words: one catalog per language, the language
  chosen, the server's messages as keys and arguments;
- :mod:`.routes` — the JSON API grouped by mode (page, maze, graph, games,
  sums), over one shared state;
- :mod:`.app` — :func:`create_app`: the route groups joined, the middleware
  and the API's errors;
- :mod:`.connections` — HTTP connections with a header deadline and a cap;
- :mod:`.server` — :func:`serve`: uvicorn, started and stopped cleanly.
"""

from __future__ import annotations

from .app import create_app
from .limits import Limits
from .server import serve

__all__ = ["Limits", "create_app", "serve"]
