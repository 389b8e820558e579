"""The JSON API of ``serve``, grouped by mode, over one shared state.

- :mod:`.shared` — :class:`~.shared.AppState`: the limits, the stores of
  live games, the worker pool and the stop signal every route shares; the
  API's JSON answers and errors;
- :mod:`.page` — the page, its files and ``/api/limits``;
- :mod:`.maze` — the maze mode: analyse a maze, start a game on it;
- :mod:`.graph` — the graph mode: analyse an edge list, explain a vertex,
  start a game on it;
- :mod:`.games` — a game on one board, whichever mode started it: place,
  move, hint, undo, view;
- :mod:`.sums` — the sum mode: a sum of boards played against the engine.

Each module documents its routes and has ``routes(state)``, the list of its
Starlette routes; :func:`~..app.create_app` joins them.  Throughout, cells
are ``[row, col]`` (0-based), state-changing requests send ``Content-Type:
application/json``, and errors are ``{"error": ...}`` with a 4xx status, or
503 when the server is busy, a computation runs out of time, or the server
is shutting down.
"""

from __future__ import annotations

__all__: list[str] = []
